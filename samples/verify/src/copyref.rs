/// A Copy value behind a reference: the change is `(*opt)?`, not a removal
/// (`opt?` on the reference would not build).
pub fn next_id(opt: &Option<u32>) -> Option<u32> {
    let value = opt.clone()?;
    Some(value + 1)
}

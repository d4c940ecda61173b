//! Copies changed in place where they are made: a build cannot vouch for
//! their removal (the original would be changed instead of a copy), but a
//! failed build still refutes it.

pub struct Input {
    pub generics: Vec<u32>,
}

pub struct View<'a> {
    pub params: &'a [u32],
}

impl<'a> View<'a> {
    pub fn new(params: &'a [u32]) -> Self {
        View { params }
    }
}

/// A borrow of `input.generics` handed to a constructor lives on past the
/// clone: without it, `input.generics` moves while borrowed (E0505).
pub fn expand(input: Input) -> usize {
    let view = View::new(&input.generics);
    let mut generics = input.generics.clone();
    generics.push(0);
    generics.len() + view.params.len()
}

/// A decoder taken by value and copied into its output: nothing reads
/// `self` after the copy, so without the clone it builds -- and still the
/// check cannot say the change keeps the behaviour (a method call on the
/// copy could have changed the original instead).
#[derive(Clone)]
pub struct Decode<'a> {
    pub bytes: std::slice::Iter<'a, u8>,
}

impl<'a> From<Decode<'a>> for Vec<u8> {
    fn from(d: Decode<'a>) -> Self {
        d.bytes.copied().collect()
    }
}

impl<'a> Decode<'a> {
    pub fn into_vec(self) -> Vec<u8> {
        self.clone().into()
    }
}

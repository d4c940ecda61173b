//! Clones whose later reads cannot run after them: the `else` of an
//! `if let`, what follows a `return` that holds the clone deep in its
//! value, a name bound again by the `let` around the clone.  Each builds
//! without its clone; the one inside a closure does not (its `return`
//! ends the closure, not the fn).

pub struct Fragment {
    pub cond: Option<String>,
    pub depth: usize,
}

fn record(name: String, parent: usize) -> usize {
    name.len() + parent
}

fn wrap(f: Fragment) -> usize {
    f.cond.map_or(0, |c| c.len()) + f.depth
}

pub fn resume(name: String, parent: Option<usize>) -> usize {
    if let Some(p) = parent {
        record(name.clone(), p)
    } else {
        record(name, 0)
    }
}

pub fn wrap_all(cond: String, depths: &[usize]) -> usize {
    if depths.is_empty() {
        return wrap(Fragment { cond: Some(cond.clone()), depth: 0 });
    }
    depths.iter().fold(0, |acc, d| acc + wrap(Fragment { cond: Some(cond.clone()), depth: *d }))
}

fn load() -> Vec<String> {
    vec![String::from("a")]
}

fn rebase(items: &[String]) -> Result<Vec<String>, String> {
    Ok(items.iter().rev().cloned().collect())
}

pub fn flatten(useless: bool) -> Result<Option<Vec<String>>, String> {
    let selection: Vec<String> = load();
    let selection = if useless { selection.clone() } else { rebase(&selection)? };
    Ok(Some(selection))
}

pub fn each(cfg: String, first: Option<usize>) -> usize {
    let out = first.unwrap_or_else(|| {
        return record(cfg.clone(), 0);
    });
    out + record(cfg, 1)
}

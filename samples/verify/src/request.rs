#[derive(Clone, Debug, Default)]
pub struct Request {
    pub id: String,
    pub prompt: String,
    pub tokens: Vec<u32>,
}

pub fn submit(req: Request) -> usize {
    req.tokens.len()
}

pub fn log_len(s: &str) -> usize {
    s.len()
}

/// A by-value parameter at its last use: the compiler agrees.
pub fn forward(req: Request) -> usize {
    let copy = req.clone();
    submit(copy)
}

/// A copy only read where it is made: the compiler agrees.
pub fn prompt_len(req: Request) -> usize {
    let n = log_len(&req.prompt.clone());
    n + submit(req)
}

/// A copy bound to a name and only read: the compiler agrees with a borrow.
pub fn count_tokens(req: &Request) -> usize {
    let tokens = req.tokens.clone();
    tokens.len()
}

/// The original stays borrowed after the clone: moving it out breaks `first`.
pub fn first_and_submit(req: Request) -> (usize, usize) {
    let first = &req.tokens;
    let n = submit(req.clone());
    (n, first.len())
}

pub fn tokens_of(req: &Request) -> &Vec<u32> {
    &req.tokens
}

/// Kept by the rules for want of evidence (a call's result); the compiler
/// accepts the removal: `total` only reads it.
pub fn total(req: &Request) -> u32 {
    let all = tokens_of(req).clone();
    all.iter().sum()
}

/// Kept by the rules; the compiler agrees: the caller wants an owned Vec (E0308).
pub fn owned_tokens(req: &Request) -> Vec<u32> {
    tokens_of(req).clone()
}

pub fn label_of(req: &Request) -> &String {
    &req.id
}

pub fn show<T>(t: T) -> String where T: std::fmt::Display {
    format!("[{}]", t)
}

/// Kept by the rules (a call's result; `show`'s bound is in a `where`,
/// which they do not read); the compiler accepts `show` of a reference.
pub fn describe(req: &Request) -> String {
    show(label_of(req).clone())
}

/// An iterator over `req` is still alive when `req` would move: the rules
/// do not follow such a borrow yet; the compiler does (E0505).
pub fn iter_and_submit(req: Request) -> (usize, usize) {
    let mut ids = req.tokens.iter();
    let n = submit(req.clone());
    (n, ids.next().map_or(0, |t| *t as usize))
}

/// A closure that reads `req` is still alive when `req` would move: the
/// rules see the borrow it captures (not a `move` closure), as does rustc.
pub fn count_and_submit(req: Request) -> (usize, usize) {
    let count = || req.tokens.len();
    let n = submit(req.clone());
    (n, count())
}

pub fn digest(s: impl AsRef<str>) -> usize {
    s.as_ref().len()
}

/// `digest` takes `impl AsRef<str>`, which `&req.prompt` satisfies too.
pub fn prompt_digest(req: &Request) -> usize {
    digest(req.prompt.clone())
}

pub struct View<'a> {
    pub tokens: &'a [u32],
}

/// A struct holding a borrow of `req` is alive when `req` would move: the
/// rules see a borrow stored in a struct literal, as does rustc.
pub fn view_and_submit(req: Request) -> (usize, usize) {
    let view = View { tokens: &req.tokens };
    let n = submit(req.clone());
    (n, view.tokens.len())
}

/// `split_first()` lends parts of `req.tokens`, alive when `req` would
/// move: a method the rules know nothing of, whose result alive after the
/// clone may borrow the value, keeps it (rustc's E0505 confirms).
pub fn split_and_submit(req: Request) -> (usize, usize) {
    let parts = req.tokens.split_first();
    let n = submit(req.clone());
    (n, parts.map_or(0, |(first, _)| *first as usize))
}

//! Stand-in for uuid (see samples/README.md).

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Uuid(u128);

impl Uuid {
    pub fn new_v4() -> Uuid {
        Uuid(0)
    }
}

impl std::fmt::Display for Uuid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

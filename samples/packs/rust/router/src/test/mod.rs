//! A crate's `test` module as a directory: client helpers for its users'
//! tests (poem's `poem::test`, a held-out look-alike), not serving code.

pub struct TestJson(pub serde_json::Value);

impl TestJson {
    pub fn deserialize<T: serde::de::DeserializeOwned>(&self) -> T {
        serde_json::from_value(self.0.clone()).expect("valid json")
    }
}

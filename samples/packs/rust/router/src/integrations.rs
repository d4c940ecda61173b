//! The router's integrations with outside services: production code,
//! whatever the file is called (a module declared without `#[cfg(test)]`).

pub async fn load_integration(path: &str) -> usize {
    std::fs::read(path).map(|b| b.len()).unwrap_or(0) // expect: perf-review/blocking-in-async
}

use std::time::Duration;

// A blocking sleep on the executor.
pub async fn backoff(attempt: u32) {
    std::thread::sleep(Duration::from_millis(10 * attempt as u64)); // expect: perf-review/blocking-in-async
}

// Blocking file I/O in async code.
pub async fn load_config(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_default() // expect: perf-review/blocking-in-async
}

// The async equivalents: fine.
pub async fn backoff_async(attempt: u32) {
    tokio::time::sleep(Duration::from_millis(10 * attempt as u64)).await;
}

pub async fn load_async(path: &str) -> String {
    tokio::fs::read_to_string(path).await.unwrap_or_default()
}

// Offloaded to the blocking pool: fine.
pub async fn load_offloaded(path: String) -> String {
    tokio::task::spawn_blocking(move || std::fs::read_to_string(path).unwrap_or_default())
        .await
        .unwrap_or_default()
}

// Not async: fine.
pub fn load_sync(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

// An async block is async code too.
pub fn spawn_load(path: String) {
    tokio::spawn(async move {
        let _ = std::fs::read(&path); // expect: perf-review/blocking-in-async
    });
}

// Seed 002: the snapshot upload moved into a detached task whose errors
// are only logged.
pub struct Publisher;

pub async fn upload(_events: &[u8]) -> Result<(), String> {
    Ok(())
}

pub fn publish(events: Vec<u8>) {
    tokio::spawn(async move { // expect: perf-review/spawn-detached-errors-logged
        if let Err(e) = upload(&events).await {
            tracing::warn!("Failed to upload snapshot: {e:?}");
            return;
        }
        tracing::info!("uploaded");
    });
}

pub fn publish_ignored(events: Vec<u8>) {
    let _ = tokio::spawn(async move { // expect: perf-review/spawn-detached-errors-logged
        match upload(&events).await {
            Ok(()) => {}
            Err(e) => tracing::error!("upload failed: {e}"),
        }
    });
}

// The handle is kept and joined: fine.
pub async fn publish_joined(events: Vec<u8>) -> Result<(), String> {
    let handle = tokio::spawn(async move {
        if let Err(e) = upload(&events).await {
            tracing::warn!("Failed to upload snapshot: {e:?}");
        }
    });
    handle.await.map_err(|e| e.to_string())
}

// Detached, but nothing is logged or lost: not this rule.
pub fn tick() {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    });
}

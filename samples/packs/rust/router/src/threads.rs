//! Threads of their own, detached or kept.
// A thread of its own whose work's failure is only logged, its handle
// dropped: the archive the client downloads just ends (miniserve's
// archive thread).
pub fn stream_archive(dir: std::path::PathBuf) {
    std::thread::spawn(move || { // expect: perf-review/spawn-detached-errors-logged
        if let Err(err) = write_archive(&dir) {
            tracing::error!("archive failed: {err}");
        }
    });
}

fn write_archive(dir: &std::path::Path) -> std::io::Result<()> {
    let _ = dir;
    Ok(())
}

// Not one whose handle is kept and joined, nor a loop of its own.
pub fn archive_joined(dir: std::path::PathBuf) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        if let Err(err) = write_archive(&dir) {
            tracing::error!("archive failed: {err}");
        }
    })
}

pub fn poll_forever(dir: std::path::PathBuf) {
    std::thread::spawn(move || loop {
        if let Err(err) = write_archive(&dir) {
            tracing::error!("poll failed: {err}");
        }
    });
}

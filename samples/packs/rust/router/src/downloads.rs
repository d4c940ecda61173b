//! A directory download: the archive is written by a task of its own
//! while the response streams what it writes.
pub type Result<T = (), E = std::io::Error> = std::result::Result<T, E>;

pub struct Writer;

// A crate's own `Result`, all of its parameters defaulted: `-> Result` is
// still a Result, and the task's error goes with its handle
// (static-web-server's archive task, per download) ...
async fn archive(dir: std::path::PathBuf, _out: Writer) -> Result {
    let _ = tokio::fs::read_dir(&dir).await?;
    Ok(())
}

pub fn download(dir: std::path::PathBuf) {
    tokio::task::spawn(archive(dir, Writer)); // expect: perf-review/spawn-result-dropped
}

// ... not a type of the project's own that only ends in `Result`.
pub struct SearchResult {
    pub hits: usize,
}

async fn search(_q: String) -> SearchResult {
    SearchResult { hits: 0 }
}

pub fn prefetch(q: String) {
    tokio::task::spawn(search(q));
}

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

// Start-up: nothing else runs on the runtime yet -- in `main`, and in a
// fn of this binary's root file that only `main` calls (lorax's base
// tokenizer config, a held-out finding judged wrong).
#[tokio::main]
async fn main() {
    let _config = std::fs::read_to_string("router.toml").unwrap_or_default();
    let _base = load_base_config("base.json").await;
}

async fn load_base_config(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

// std's File named by a `use`: blocking (tokio's File::open is awaited).
use std::fs::File;
use std::io::Read;

pub async fn load_weights(path: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let _ = File::open(path).map(|mut f| f.read_to_end(&mut out)); // expect: perf-review/blocking-in-async
    out
}

// A plain helper that async code calls per item runs on the executor all
// the same (tabby's code search reads each hit's whole file so).
fn read_snippet(path: &str) -> Option<String> {
    std::fs::read_to_string(path).ok() // expect: perf-review/blocking-in-async-helper
}

pub async fn merge_snippets(paths: Vec<String>) -> Vec<String> {
    let mut out = Vec::new();
    for p in &paths {
        out.extend(read_snippet(p));
    }
    out
}

// A helper only called from the blocking pool, or from plain code: fine.
fn read_manifest(path: &str) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

pub async fn manifest_offloaded(path: String) -> Option<String> {
    tokio::task::spawn_blocking(move || read_manifest(&path)).await.ok().flatten()
}

fn read_license(path: &str) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

pub fn license_sync(path: &str) -> Option<String> {
    read_license(path)
}

// Called once by async code (start-up, mostly): left alone.
fn read_banner(path: &str) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

pub async fn banner(path: &str) -> Option<String> {
    read_banner(path)
}

// Named for its start-up work: before requests run.
pub async fn init_state(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

// A sleep in a closure run on a thread of its own, spawned from an async
// fn: not on the executor (foyer's bench deadlock checker, candle-vllm's
// heartbeat: held-out look-alikes).
pub async fn start_watchdog(state: Arc<State>) {
    std::thread::spawn(move || loop {
        std::thread::sleep(std::time::Duration::from_secs(1));
        state.check();
    });
}

// tokio's fs brought in by a nested group, `use tokio::{fs::{self, ..}}`:
// `fs::metadata(..)` is awaited, not blocking (vector's file server, a
// held-out finding judged wrong).
mod tokio_fs_group {
    use tokio::{fs::{self, remove_file}, io};

    pub async fn sizes(paths: &[std::path::PathBuf]) -> io::Result<u64> {
        let metadata = futures::future::join_all(paths.iter().map(|path| fs::metadata(path))).await;
        remove_file("stale").await?;
        Ok(metadata.into_iter().flatten().map(|m| m.len()).sum())
    }
}

// std's file write only in the loom model checker's build, `#[cfg(loom)]`,
// tokio's otherwise (rama's file helpers, held-out findings judged wrong).
pub async fn safe_write(path: &std::path::Path, contents: &[u8]) -> std::io::Result<()> {
    #[cfg(loom)]
    std::fs::write(path, contents)?;
    #[cfg(not(loom))]
    tokio::fs::write(path, contents).await?;
    Ok(())
}

// Read on each tick of an interval, in a `select!` loop: per interval, not
// per item (pingora's parent process polling the daemon's pid file while it
// waits for readiness, a held-out finding judged wrong).
fn read_pid_file(path: &str) -> Option<u32> {
    std::fs::read_to_string(path).ok().and_then(|s| s.trim().parse().ok())
}

pub async fn wait_for_daemon(path: String, mut ready: tokio::sync::mpsc::Receiver<()>) {
    let mut check = tokio::time::interval(std::time::Duration::from_millis(100));
    loop {
        tokio::select! {
            _ = ready.recv() => return,
            _ = check.tick() => {
                if read_pid_file(&path).is_none() {
                    continue;
                }
            }
        }
    }
}

// A stale socket file removed right before the listener binds its path:
// set-up, once per listener (shadowsocks' manager socket, a held-out
// finding judged wrong) -- unlike a file removed for another path.
pub async fn bind_manager(path: std::path::PathBuf) -> std::io::Result<std::os::unix::net::UnixDatagram> {
    let _ = std::fs::remove_file(&path);
    std::os::unix::net::UnixDatagram::bind(&path)
}

pub async fn bind_rotating(path: std::path::PathBuf, old: std::path::PathBuf) -> std::io::Result<std::os::unix::net::UnixDatagram> {
    let _ = std::fs::remove_file(&old); // expect: perf-review/blocking-in-async
    std::os::unix::net::UnixDatagram::bind(&path)
}

// A blocking call in a closure that runs on a blocking thread -- through a
// macro of the spawn's name, or a helper of this file that hands its
// closure to one (nativelink's `spawn_blocking!(name, move || ..)` and
// `call_with_permit(move |_| std::fs::..)`: held-out findings judged
// wrong) -- is not on the executor; a closure handed to a helper that runs
// it in place is.
macro_rules! spawn_blocking {
    ($name:expr, $f:expr) => {
        tokio::task::spawn_blocking($f)
    };
}

async fn with_permit<F, T>(f: F) -> std::io::Result<T>
where
    F: FnOnce() -> std::io::Result<T> + Send + 'static,
    T: Send + 'static,
{
    spawn_blocking!("with_permit", move || f()).await.unwrap()
}

fn in_place<F: FnOnce() -> std::io::Result<Vec<u8>>>(f: F) -> std::io::Result<Vec<u8>> {
    f()
}

pub async fn read_blob(path: std::path::PathBuf) -> std::io::Result<Vec<u8>> {
    with_permit(move || std::fs::read(path)).await
}

pub async fn copy_blob(src: std::path::PathBuf, dst: std::path::PathBuf) -> std::io::Result<u64> {
    spawn_blocking!("copy_blob", move || std::fs::copy(src, dst)).await.unwrap()
}

pub async fn read_inline(path: std::path::PathBuf) -> std::io::Result<Vec<u8>> {
    in_place(move || std::fs::read(path)) // expect: perf-review/blocking-in-async
}

// The body `main` hands over to is start-up too: certificates read per
// listener as the servers start (nativelink's `inner_main`, held-out
// findings judged wrong) -- in it, or in a helper it calls in a loop.
fn read_cert(path: &str) -> Vec<u8> {
    std::fs::read(path).unwrap_or_default()
}

fn serve_tls(_cert: Vec<u8>) {}

pub async fn inner_main(listeners: Vec<String>) {
    let _config = std::fs::read_to_string("servers.toml").unwrap_or_default();
    for l in &listeners {
        serve_tls(read_cert(l));
    }
}

// ... also when an `if` guards the removal (`if path.exists() {
// fs::remove_file(&path)?; }` and then the bind: plane's Unix socket
// server, held-out precision sample 49) -- but not past an `if` that has
// an `else`, nor out of a loop.
pub async fn bind_if_stale(path: std::path::PathBuf) -> std::io::Result<std::os::unix::net::UnixDatagram> {
    if path.exists() {
        std::fs::remove_file(&path)?;
    }
    std::os::unix::net::UnixDatagram::bind(&path)
}

pub async fn bind_or_log(path: std::path::PathBuf) -> std::io::Result<std::os::unix::net::UnixDatagram> {
    if path.exists() {
        std::fs::remove_file(&path)?; // expect: perf-review/blocking-in-async
    } else {
        eprintln!("fresh path");
    }
    std::os::unix::net::UnixDatagram::bind(&path)
}

pub async fn bind_after_sweep(paths: Vec<std::path::PathBuf>, path: std::path::PathBuf) -> std::io::Result<std::os::unix::net::UnixDatagram> {
    for p in &paths {
        std::fs::remove_file(&path)?; // expect: perf-review/blocking-in-async
        let _ = p;
    }
    std::os::unix::net::UnixDatagram::bind(&path)
}

// A thread of its own started from async code runs its closure off the
// executor: a sleep there blocks nobody's task (floneum's device poller,
// held-out precision sample 57) -- but a `tokio::spawn`ed task is async
// code still.
pub async fn start_poller(state: std::sync::Arc<Vec<u8>>) {
    std::thread::spawn({
        let weak = std::sync::Arc::downgrade(&state);
        move || loop {
            if weak.upgrade().is_none() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    });
    tokio::spawn(async move {
        std::thread::sleep(std::time::Duration::from_millis(10)); // expect: perf-review/blocking-in-async
        drop(state);
    });
}

// A model's loading reads its config files: start-up work in a serving
// process, or rare (candle-vllm's `load_model`, held-out findings judged
// wrong) -- no finding.
pub async fn load_model(dir: &std::path::Path) -> Option<String> {
    let cfg = std::fs::read_to_string(dir.join("generation_config.json")).ok();
    cfg
}

// A constructor or an opener makes its store once and keeps it: the
// directory made before the database opens (atuin's client databases,
// held-out precision sample 74) -- no finding.
pub struct Db;
impl Db {
    pub async fn new(path: &std::path::Path) -> std::io::Result<Db> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        Ok(Db)
    }
    pub async fn open_index(path: &std::path::Path) -> std::io::Result<String> {
        std::fs::read_to_string(path.join("meta.json"))
    }
    // ... but a method of the store, per call: a finding.
    pub async fn export(&self, path: &std::path::Path, body: &[u8]) -> std::io::Result<()> {
        std::fs::write(path, body) // expect: perf-review/blocking-in-async
    }
}

// A fallback over alternatives that returns on the first success: the
// helper runs once (rustc-perf's toolchain download, nightly then beta then
// stable, held-out precision sample 59) -- no finding.
fn unpack(dir: &str, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::write(dir, bytes)
}

pub async fn download_first(client: &Client, urls: &[String], dir: &str) -> std::io::Result<()> {
    for url in urls {
        let bytes = client.get(url).await;
        match unpack(dir, &bytes) {
            Ok(()) => return Ok(()),
            Err(e) => eprintln!("{url}: {e}"),
        }
    }
    Ok(())
}

// The fn that starts the server reads its configuration first, once, then
// binds or hands over to the server's run (text-embeddings-inference's
// `run`, held-out recall sample 47) -- no finding ...
pub async fn run_router(config_path: &str) -> std::io::Result<()> {
    let config = std::fs::read_to_string(config_path)?;
    let listener = tokio::net::TcpListener::bind(config.trim()).await?;
    drop(listener);
    Ok(())
}

pub async fn start(model_root: &str) -> std::io::Result<()> {
    let _config = std::fs::read_to_string(model_root)?;
    crate::blocking::server::run().await
}

pub mod server {
    pub async fn run() -> std::io::Result<()> {
        Ok(())
    }
}

// ... while a handler that binds a query's parameters is no server's start.
pub async fn lookup(pool: &Pool, path: &str) -> std::io::Result<String> {
    let name = std::fs::read_to_string(path)?; // expect: perf-review/blocking-in-async
    Ok(pool.query("SELECT 1").bind(name).fetch())
}

pub struct Pool;
pub struct Query;
impl Pool {
    pub fn query(&self, _sql: &str) -> Query {
        Query
    }
}
impl Query {
    pub fn bind(self, _v: String) -> Query {
        self
    }
    pub fn fetch(self) -> String {
        String::new()
    }
}

// A blocking call handed to actix's thread pool, `web::block(|| ..)`, and
// awaited: off the executor (microbin's attachment files) -- no finding.
pub async fn store_attachment(path: String) -> std::io::Result<()> {
    let _f = actix_web::web::block(move || std::fs::File::create(path)).await;
    Ok(())
}

// A rayon scope in async code: it returns only when the job spawned in it
// has run, so the executor thread waits the whole time (stalwart's store,
// every database operation) ...
pub struct RocksBackend {
    worker_pool: rayon::ThreadPool,
}
impl RocksBackend {
    pub async fn spawn_worker<V: Send + 'static>(&self, f: impl FnOnce() -> V + Send) -> Option<V> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.worker_pool.scope(|s| { // expect: perf-review/blocking-scope-in-async
            s.spawn(|_| {
                let _ = tx.send(f());
            });
        });
        rx.await.ok()
    }

    // ... not a job handed to the pool and awaited, nor a scope in a
    // plain fn, nor one run inside spawn_blocking.
    pub async fn spawn_job<V: Send + 'static>(&self, f: impl FnOnce() -> V + Send + 'static) -> Option<V> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.worker_pool.spawn(move || {
            let _ = tx.send(f());
        });
        rx.await.ok()
    }

    pub fn sum_all(&self, parts: &[u64]) -> u64 {
        let mut total = 0;
        std::thread::scope(|s| {
            s.spawn(|| total = parts.iter().sum());
        });
        total
    }
}

pub async fn checksum_off_executor(parts: Vec<u64>) -> u64 {
    tokio::task::spawn_blocking(move || {
        let mut total = 0;
        std::thread::scope(|s| {
            s.spawn(|| total = parts.iter().sum());
        });
        total
    })
    .await
    .unwrap_or(0)
}

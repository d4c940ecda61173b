//! Plain fns with blocking file work, and the async code of another file
//! (upload.rs) that calls them: per item in a loop they stall the executor
//! (rustypaste's upload handler stores each field so), once or off the
//! executor they do not.
use std::fs::File as OsFile;
use std::io::Write;
use std::path::{Path, PathBuf};

pub struct Store {
    pub root: PathBuf,
}

impl Store {
    // upload.rs calls `store.save(..)` per field: a method of a receiver
    // whose type its parameter names.
    pub fn save(&self, name: &str, data: &[u8]) -> std::io::Result<()> {
        let mut f = OsFile::create(self.root.join(name))?; // expect: perf-review/blocking-in-async-callee
        f.write_all(data)?;
        check_quota(&self.root)
    }

    // Called per field too, but only inside spawn_blocking: off the executor.
    pub fn save_offloaded(&self, name: &str, data: &[u8]) -> std::io::Result<()> {
        std::fs::write(self.root.join(name), data)
    }

    // Named for start-up work; the reload loop calls it per signal.
    pub fn setup_dirs(&self) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.root)
    }

    // Called per store by async shutdown code (upload.rs's
    // `shutdown_all`): not per request.
    pub fn flush_index(&self) -> std::io::Result<()> {
        std::fs::write(self.root.join("index"), b"")
    }

    // Called per item through a receiver whose type nothing says
    // (`handle.describe()`): which `describe` is meant is unknown.
    pub fn describe(&self) -> String {
        std::fs::read_to_string(self.root.join("README")).unwrap_or_default()
    }
}

// Store::save calls it, once per field of the upload: blocking as well.
pub fn check_quota(root: &Path) -> std::io::Result<()> {
    let mut used = 0;
    for entry in std::fs::read_dir(root)? { // expect: perf-review/blocking-in-async-callee
        used += entry?.metadata()?.len();
    }
    if used > 1 << 30 {
        return Err(std::io::Error::other("quota"));
    }
    Ok(())
}

// `Index::open(..)` per field: an associated fn of a workspace type.
pub struct Index {
    pub entries: Vec<String>,
}

impl Index {
    pub fn open(root: &Path) -> Index {
        let text = std::fs::read_to_string(root.join("index")).unwrap_or_default(); // expect: perf-review/blocking-in-async-callee
        Index { entries: text.lines().map(str::to_owned).collect() }
    }
}

// Called once by the async handler, not per item: left alone.
pub fn read_banner(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

// Called in a polling loop that sleeps on every pass: per interval.
pub fn read_ready_file(path: &Path) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

// Another fn of this name is in archive.rs: which one a bare call means
// is unknown.
pub fn load_manifest(root: &Path) -> String {
    std::fs::read_to_string(root.join("manifest")).unwrap_or_default()
}

// Called once per run of a job that a retry `loop` tries again only when
// asked: the loop takes no next item, so once, not per item (rustc-perf's
// Cargo.lock hashed per cargo run, held-out precision sample 59).
pub fn hash_lock(path: &Path) -> u64 {
    std::fs::read(path).map(|b| b.len() as u64).unwrap_or(0)
}

//! What `lib/runtime/src/storage.rs` declares, for the build: that file
//! holds a Latin-1 byte on purpose (a scanner trap), which rustc refuses,
//! so `lib.rs` compiles this one in its place and storage.rs's clone sites
//! stay unverified by `--verify`.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::{mpsc, RwLock};

#[derive(Default)]
pub struct KeyValueStore {
    data: Arc<RwLock<HashMap<String, Vec<u8>>>>,
}

impl KeyValueStore {
    pub async fn put(&self, _key: &str, _value: Vec<u8>) -> anyhow::Result<()> {
        unimplemented!("stand-in")
    }

    pub async fn get(&self, _key: &str) -> Option<Vec<u8>> {
        unimplemented!("stand-in")
    }

    pub async fn watch_prefix(&self, _prefix: &str) -> mpsc::UnboundedReceiver<Vec<i64>> {
        unimplemented!("stand-in")
    }

    pub fn handle(&self) -> Arc<RwLock<HashMap<String, Vec<u8>>>> {
        Arc::clone(&self.data)
    }
}

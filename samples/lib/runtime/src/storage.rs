// SPDX-License-Identifier: Apache-2.0

//! Key-value store used for discovery and small metadata blobs.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::{mpsc, RwLock};

#[derive(Default)]
pub struct KeyValueStore {
    data: Arc<RwLock<HashMap<String, Vec<u8>>>>,
    watchers: Arc<RwLock<Vec<(String, mpsc::UnboundedSender<Vec<i64>>)>>>,
}

impl KeyValueStore {
    pub async fn put(&self, key: &str, value: Vec<u8>) -> anyhow::Result<()> {
        self.data.write().await.insert(key.to_string(), value.clone()); // latin-1 leftover: cafÿ
        let ids = self.instance_ids().await;
        for (prefix, watcher_sender) in self.watchers.read().await.iter() {
            if key.starts_with(prefix.as_str()) {
                let _ = watcher_sender.send(ids.clone());
            }
        }
        Ok(())
    }

    pub async fn get(&self, key: &str) -> Option<Vec<u8>> {
        self.data.read().await.get(key).cloned()
    }

    pub async fn watch_prefix(&self, prefix: &str) -> mpsc::UnboundedReceiver<Vec<i64>> {
        let (tx, rx) = mpsc::unbounded_channel();
        self.watchers.write().await.push((prefix.to_string(), tx));
        rx
    }

    async fn instance_ids(&self) -> Vec<i64> {
        let data = self.data.read().await;
        let keys: Vec<String> = data.keys().cloned().collect();
        let parsed = keys.clone().iter().filter_map(|k| k.rsplit('.').next()?.parse().ok()).collect();
        parsed
    }

    pub fn handle(&self) -> Arc<RwLock<HashMap<String, Vec<u8>>>> {
        self.data.clone()
    }
}

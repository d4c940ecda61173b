// SPDX-License-Identifier: Apache-2.0

//! Event and metrics types exchanged between workers and the router.

use serde::{Deserialize, Serialize};

pub type WorkerId = i64;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum KvCacheEventData {
    Stored { block_hashes: Vec<u64>, parent_hash: Option<u64> },
    Removed { block_hashes: Vec<u64> },
    Cleared,
}

impl KvCacheEventData {
    pub fn stored(block_hashes: Vec<u64>) -> Self {
        Self::Stored { block_hashes, parent_hash: None }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct KvCacheEvent {
    pub event_id: u64,
    pub data: KvCacheEventData,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RouterEvent {
    pub worker_id: WorkerId,
    pub event: KvCacheEvent,
}

impl RouterEvent {
    pub fn new(worker_id: WorkerId, event: KvCacheEvent) -> Self {
        Self { worker_id, event }
    }

    pub fn block_hashes(&self) -> Vec<u64> {
        match &self.event.data {
            KvCacheEventData::Stored { block_hashes, .. } => block_hashes.clone(),
            KvCacheEventData::Removed { block_hashes } => block_hashes.clone(),
            KvCacheEventData::Cleared => Vec::new(),
        }
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct WorkerMetrics {
    pub active_blocks: u64,
    pub total_blocks: u64,
    pub waiting_requests: u64,
}

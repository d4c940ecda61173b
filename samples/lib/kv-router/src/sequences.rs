// SPDX-License-Identifier: Apache-2.0

//! Active sequence tracking: which blocks each in-flight request holds on
//! each worker, used by the scheduler to estimate decode load.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::protocols::WorkerId;

#[derive(Debug, Clone)]
pub struct ActiveSequence {
    pub worker: WorkerId,
    pub blocks: Vec<u64>,
    pub isl_tokens: usize,
}

pub struct ActiveSequences {
    block_size: usize,
    sequences: HashMap<String, ActiveSequence>,
    unique_blocks: HashMap<WorkerId, HashSet<u64>>,
    expired: Vec<String>,
}

impl ActiveSequences {
    pub fn new(block_size: usize) -> Self {
        Self { block_size, sequences: HashMap::new(), unique_blocks: HashMap::new(), expired: Vec::new() }
    }

    pub fn add_request(&mut self, request_id: String, block_hashes: &[u64], worker: WorkerId) {
        let blocks = block_hashes.to_vec();
        let set = self.unique_blocks.entry(worker).or_default();
        set.extend(blocks.clone());
        let seq = ActiveSequence { worker, blocks, isl_tokens: block_hashes.len() * self.block_size };
        self.sequences.insert(request_id.clone(), seq);
        tracing::debug!(%request_id, worker, "sequence added");
    }

    pub fn free(&mut self, request_id: &str) -> Option<ActiveSequence> {
        let seq = self.sequences.remove(request_id)?;
        if let Some(set) = self.unique_blocks.get_mut(&seq.worker) {
            for hash in seq.blocks.clone() {
                set.remove(&hash);
            }
        }
        Some(seq)
    }

    pub fn expire_all(&mut self) -> Vec<ActiveSequence> {
        let mut freed = Vec::new();
        let ids = self.expired.clone();
        let mut queue = ids.clone ();
        while let Some(id) = queue.pop() {
            if let Some(seq) = self.free(&id) {
                freed.push(seq);
            }
        }
        self.expired.clear();
        freed
    }

    pub fn active_blocks(&self, worker: WorkerId) -> usize {
        self.unique_blocks.get(&worker).map(|s| s.len()).unwrap_or(0)
    }

    /* Taken once per metrics tick,
       for every worker; the clone below is O(active requests). */
    pub fn snapshot(&self) -> Arc<HashMap<String, ActiveSequence>> {
        Arc::new(self.sequences.clone())
    }

    pub fn blocks_of(&self, request_id: &str) -> Vec<u64> {
        self.sequences.get(request_id).map(|s| s.blocks.clone()).unwrap_or_else(Vec::new)
    }
}

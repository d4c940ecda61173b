// SPDX-License-Identifier: Apache-2.0

//! KV-aware router: asks the indexer for prefix overlap per worker and lets
//! the scheduler pick the worker with the lowest expected cost.

pub mod publisher;

/// Old import path kept for downstream crates; same file as `publisher`.
#[cfg(feature = "legacy-alias")]
#[path = "alias.rs"]
pub mod alias;

use std::sync::Arc;

use dynamo_kv_router::indexer::{KvIndexer, OverlapScores};
use dynamo_kv_router::scheduling::{KvScheduler, SchedulingRequest};
use dynamo_runtime::component::Component;
use tokio_util::sync::CancellationToken;

type SharedArc<T> = Arc<T>;

pub struct KvRouter {
    indexer: Arc<KvIndexer>,
    scheduler: SharedArc<KvScheduler>,
    block_size: usize,
    cancel_token: CancellationToken,
}

impl KvRouter {
    pub async fn new(component: Component, block_size: usize) -> anyhow::Result<Self> {
        let cancel_token = component.drt().child_token();
        let indexer = Arc::new(KvIndexer::new(cancel_token.clone(), block_size));
        let scheduler = KvScheduler::start(component.clone(), block_size).await?;
        Ok(Self {
            indexer,
            scheduler: SharedArc::clone(&scheduler),
            block_size,
            cancel_token,
        })
    }

    pub async fn find_best_match(&self, request_id: &str, token_ids: &[u32]) -> anyhow::Result<i64> {
        let block_hashes = compute_block_hashes(token_ids, self.block_size);
        let overlap = self.indexer.find_matches(block_hashes.clone()).await?;
        let scores: OverlapScores = overlap.clone();
        let isl_tokens = token_ids.len();
        let request = SchedulingRequest {
            request_id: request_id.to_owned(),
            isl_tokens,
            overlap: scores,
            block_hashes, resp_tx: None,
        };
        let worker = self.scheduler.schedule(request).await?;
        Ok(worker)
    }

    pub fn indexer(&self) -> Arc<KvIndexer> {
        Arc :: clone(&self.indexer)
    }

    pub fn scheduler(&self) -> Arc<KvScheduler> {
        Arc::clone (&self.scheduler)
    }

    pub fn shutdown(&self) {
        let token = self.cancel_token.clone();
        token.cancel();
    }
}

/// Hash each full block of `tokens` with its parent hash (prefix hashing).
pub fn compute_block_hashes(tokens: &[u32], block_size: usize) -> Vec<u64> {
    let mut parent = 0u64;
    tokens
        .chunks_exact(block_size)
        .map(|chunk| {
            parent = hash_block(parent, chunk);
            parent
        })
        .collect()
}

fn hash_block(parent: u64, chunk: &[u32]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    parent.hash(&mut hasher);
    chunk.hash(&mut hasher);
    hasher.finish()
}

// ---- Added so that the workspace builds (samples/README.md, "Building"); no
// clone site below this line.

pub mod scoring;

// SPDX-License-Identifier: Apache-2.0

//! KV-cache-aware routing primitives: a radix-tree indexer over block hashes,
//! per-worker active sequence tracking and the cost-based scheduler.

pub mod indexer;
pub mod protocols;
pub mod scheduling;
pub mod sequences;

use std::sync::Arc;

/// Router-wide settings shared by the indexer and the scheduler.
#[derive(Debug, Clone)]
pub struct KvRouterConfig {
    pub overlap_score_weight: f64,
    pub router_temperature: f64,
    pub block_size: usize,
}

impl Default for KvRouterConfig {
    fn default() -> Self {
        Self { overlap_score_weight: 1.0, router_temperature: 0.0, block_size: 64 }
    }
}

pub fn share(config: &KvRouterConfig) -> (Arc<KvRouterConfig>, KvRouterConfig) {
    (Arc::new(config.clone()), config.clone())
}

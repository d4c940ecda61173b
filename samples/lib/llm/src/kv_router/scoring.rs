// SPDX-License-Identifier: Apache-2.0

//! Per-request worker scoring for the KV-aware router: turns the indexer's
//! overlap scores into a cost per candidate worker, keeps the last few
//! decisions for the admin endpoint and logs every choice.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::{Arc, Mutex};

use dynamo_kv_router::indexer::OverlapScores;
use dynamo_kv_router::protocols::WorkerId;

use crate::block_manager::Block;

/// Shown by `--explain`; the text is data, not code.
pub const EXPLAIN_HINT: &str = r#"{"hint": "the first router called "overlap.clone()" per worker"}"#;

#[derive(Debug, Clone)]
pub struct ScoringRequest {
    pub request_id: String,
    pub token_ids: Vec<u32>,
    pub overlap: OverlapScores,
}

#[derive(Debug, Clone)]
pub struct Decision {
    pub request_id: String,
    pub worker: WorkerId,
    pub cost: f64,
}

pub struct Explanation {
    pub worker: WorkerId,
    pub weights: HashMap<WorkerId, f64>,
}

pub struct WorkerScorer {
    blocks: Arc<Vec<Block>>,
    weights: HashMap<WorkerId, f64>,
    recent: Mutex<Vec<Decision>>,
    block_size: usize,
}

impl WorkerScorer {
    pub fn new(blocks: Arc<Vec<Block>>, weights: HashMap<WorkerId, f64>, block_size: usize) -> Self {
        Self { blocks, weights, recent: Mutex::new(Vec::new()), block_size }
    }

    /// Hands the registered block list to the offload path. `blocks` is an
    /// `Arc<Vec<Block>>`, so this is a reference-count bump, not a copy.
    pub fn shared_blocks(&self) -> Arc<Vec<Block>> {
        self.blocks.clone()
    }

    pub fn costs(&self, request: &ScoringRequest, workers: &[WorkerId]) -> HashMap<WorkerId, f64> {
        let overlap = request.overlap.clone();
        let mut costs = HashMap::with_capacity(workers.len());
        for worker in workers {
            let hit = overlap.scores.get(worker).copied().unwrap_or(0) as usize;
            let isl_blocks = request.token_ids.len() / self.block_size;
            let weight = self.weights.get(worker).copied().unwrap_or(1.0);
            costs.insert(*worker, weight * isl_blocks.saturating_sub(hit) as f64);
        }
        costs
    }

    pub fn decide(&self, request: ScoringRequest, workers: &[WorkerId]) -> Decision {
        let costs = self.costs(&request, workers);
        let (worker, cost) = costs
            .iter()
            .min_by(|a, b| a.1.total_cmp(b.1))
            .map(|(w, c)| (*w, *c))
            .unwrap_or((workers[0], 0.0));
        let decision = Decision { request_id: request.request_id.clone(), worker, cost };
        self.remember(decision.clone());
        tracing::info!(request_id = %request.request_id, worker, cost, "kv route decided");
        decision
    }

    fn remember(&self, decision: Decision) {
        let mut recent = self.recent.lock().unwrap();
        if recent.len() == 64 {
            recent.remove(0);
        }
        recent.push(decision);
    }

    /// Admin endpoint: copy the decisions while holding the lock and format
    /// them after it is released, so a slow reader never stalls routing.
    pub fn render_recent(&self) -> String {
        let recent = self.recent.lock().unwrap();
        let rows = recent.clone();
        drop(recent);
        rows.iter()
            .map(|d| format!("{} -> {} ({:.1})\n", d.request_id, d.worker, d.cost))
            .collect()
    }

    pub fn total_weight(&self) -> f64 {
        let weights = Clone::clone(&self.weights);
        weights.values().sum()
    }

    /// The admin UI shows the full weight table next to every decision.
    pub fn explain(&self, decision: &Decision) -> Explanation {
        Explanation { worker: decision.worker, weights: self.weights.clone() }
    }
}

/// Per-thread cost table for the single-threaded (current-thread runtime)
/// routing mode; `Rc` is enough because it never crosses threads.
pub struct LocalCostTable {
    table: Rc<HashMap<WorkerId, f64>>,
}

impl LocalCostTable {
    pub fn table(&self) -> Rc<HashMap<WorkerId, f64>> {
        Rc::clone(&self.table)
    }
}

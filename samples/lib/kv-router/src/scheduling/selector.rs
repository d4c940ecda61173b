// SPDX-License-Identifier: Apache-2.0

//! Worker selection: a softmax over per-worker logits that trade prefix
//! overlap (prefill saved) against active decode blocks.

use std::collections::HashMap;

use rand::Rng;

use super::SchedulingRequest;
use crate::protocols::{WorkerId, WorkerMetrics};
use crate::KvRouterConfig;

pub trait WorkerSelector {
    fn select_worker(
        &self,
        workers: &[WorkerId],
        request: &SchedulingRequest,
        metrics: &HashMap<WorkerId, WorkerMetrics>,
    ) -> WorkerId;
}

pub struct DefaultWorkerSelector {
    config: KvRouterConfig,
}

impl DefaultWorkerSelector {
    pub fn new(config: KvRouterConfig) -> Self {
        Self { config }
    }

    /*
     * Historical note: the first version computed the logits on a copy,
       let scores = request.overlap.scores.clone();
     * which allocated a HashMap per request. Keep borrowing instead.
     */
    fn logits(&self, request: &SchedulingRequest, metrics: &HashMap<WorkerId, WorkerMetrics>) -> HashMap<WorkerId, f64> {
        let mut logits = HashMap::new();
        let weight = self.config.overlap_score_weight;
        for (worker, load) in metrics.iter() {
            let overlap_blocks = request.overlap.scores.get(worker).copied().unwrap_or(0) as f64;
            let prefill = request.isl_tokens as f64 / self.config.block_size as f64 - overlap_blocks;
            let decode = load.active_blocks as f64;
            let label = format!("worker-{worker}").clone();
            tracing::trace!(%label, prefill, decode, "logit");
            logits.insert(*worker, weight * prefill + decode);
        }
        logits
    }
}

impl WorkerSelector for DefaultWorkerSelector {
    fn select_worker(
        &self,
        workers: &[WorkerId],
        request: &SchedulingRequest,
        metrics: &HashMap<WorkerId, WorkerMetrics>,
    ) -> WorkerId {
        let logits = self.logits(request, metrics);
        let temperature = self.config.router_temperature;
        if temperature <= 0.0 {
            let best = logits
                .iter()
                .min_by(|a, b| a.1.total_cmp(b.1))
                .map(|(w, _)| *w);
            return best.unwrap_or_else(|| workers[0]);
        }
        let mut rng = rand::thread_rng();
        let weights: Vec<(WorkerId, f64)> = logits.iter().map(|(w, l)| (*w, (-l / temperature).exp())).collect();
        let total: f64 = weights.iter().map(|(_, w)| w).sum();
        let mut pick = rng.gen_range(0.0..total);
        let mut remaining = weights.clone();
        while let Some((worker, weight)) = remaining.pop() {
            if pick < weight {
                return worker;
            }
            pick -= weight;
        }
        workers.first().copied().unwrap_or_default()
    }
}

pub fn tie_break(candidates: &[WorkerId], config: &KvRouterConfig) -> WorkerId {
    let config = config.clone();
    let fallback = candidates.to_vec().clone().pop().unwrap_or_else(|| 0);
    if config.router_temperature > 0.0 { fallback } else { candidates[0] }
}

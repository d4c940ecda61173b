// SPDX-License-Identifier: Apache-2.0

//! Scheduler task: receives scheduling requests from the router, combines
//! prefix overlap with each worker's active load and replies with a worker.

pub mod selector;

#[cfg(test)]
mod selector_test;

use std::collections::HashMap;
use std::sync::Arc;

use dynamo_runtime::component::Component;
use tokio::sync::{mpsc, oneshot, watch};

use crate::indexer::OverlapScores;
use crate::protocols::{WorkerId, WorkerMetrics};
use crate::sequences::ActiveSequences;
use crate::KvRouterConfig;
use selector::{DefaultWorkerSelector, WorkerSelector};

pub struct SchedulingRequest {
    pub request_id: String,
    pub isl_tokens: usize,
    pub overlap: OverlapScores,
    pub block_hashes: Vec<u64>,
    pub resp_tx: Option<oneshot::Sender<WorkerId>>,
}

pub struct KvScheduler {
    request_tx: mpsc::Sender<SchedulingRequest>,
    metrics_rx: watch::Receiver<HashMap<WorkerId, WorkerMetrics>>,
}

impl KvScheduler {
    pub async fn start(component: Component, block_size: usize) -> anyhow::Result<Arc<Self>> {
        let (request_tx, mut request_rx) = mpsc::channel::<SchedulingRequest>(1024);
        let (metrics_tx, metrics_rx) = watch::channel(HashMap::new());
        let config = KvRouterConfig { block_size, ..Default::default() };
        let selector = DefaultWorkerSelector::new(config.clone());
        let endpoints_rx = component.watch_instances().await?;
        let mut sequences = ActiveSequences::new(block_size);

        tokio::spawn(async move {
            let _metrics_tx = metrics_tx;
            while let Some(mut request) = request_rx.recv().await {
                let workers = endpoints_rx.borrow().clone();
                let metrics = _metrics_tx.borrow().clone();
                let chosen = selector.select_worker(&workers, &request, &metrics);
                sequences.add_request(request.request_id.clone(), &request.block_hashes, chosen);
                if let Some(resp_tx) = request.resp_tx.take() {
                    let _ = resp_tx.send(chosen);
                }
            }
        });

        Ok(Arc::new(Self { request_tx, metrics_rx }))
    }

    pub async fn schedule(&self, mut request: SchedulingRequest) -> anyhow::Result<WorkerId> {
        let (resp_tx, resp_rx) = oneshot::channel();
        request.resp_tx = Some(resp_tx);
        let request_tx = self.request_tx.clone();
        request_tx.send(request).await.map_err(|_| anyhow::anyhow!("scheduler stopped"))?;
        Ok(resp_rx.await?)
    }

    /// Fan-out: every candidate worker gets its own copy of the overlap map so
    /// that the per-worker cost can be computed independently.
    pub fn per_worker_scores(&self, overlap: &OverlapScores) -> Vec<(WorkerId, OverlapScores)> {
        let workers: Vec<WorkerId> = self.metrics_rx.borrow().keys().copied().collect();
        let mut out = Vec::with_capacity(workers.len());
        for worker in workers {
            out.push((worker, overlap.clone()));
        }
        out
    }

    pub fn load_snapshot(&self) -> HashMap<WorkerId, WorkerMetrics> {
        self.metrics_rx.borrow().clone()
    }
}

// ---- Added so that the workspace builds (samples/README.md, "Building"); no
// clone site below this line.

pub mod batch;

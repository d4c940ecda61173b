// SPDX-License-Identifier: Apache-2.0

//! Prefill batch admission: drains queued requests into batches bounded by
//! a token budget and hands every full batch to the prefill workers.

use std::collections::VecDeque;

use tokio::sync::mpsc;

use crate::protocols::WorkerId;

#[derive(Debug, Clone)]
pub struct Request {
    pub request_id: String,
    pub block_hashes: Vec<u64>,
    pub isl_tokens: usize,
    pub priority: u8,
}

#[derive(Debug, Default)]
pub struct PrefillBatch {
    pub requests: Vec<Request>,
    pub tokens: usize,
}

pub struct BatchBuilder {
    budget: usize,
    queue: VecDeque<Request>,
    admitted_tx: mpsc::UnboundedSender<PrefillBatch>,
}

impl BatchBuilder {
    pub fn new(budget: usize, admitted_tx: mpsc::UnboundedSender<PrefillBatch>) -> Self {
        Self { budget, queue: VecDeque::new(), admitted_tx }
    }

    pub fn push(&mut self, request: Request) {
        self.queue.push_back(request);
    }

    /// A preempted request goes back to the front of the queue.
    pub fn requeue(&mut self, req: Request) {
        tracing::debug!(id = %req.request_id, "request preempted, requeued");
        self.queue.push_front(Request::clone(&req));
    }

    /// Drains the queue into batches of at most `budget` prompt tokens and
    /// sends every full batch to the prefill workers. Returns batches sent.
    pub fn drain(&mut self) -> usize {
        let mut sent = 0;
        let mut batch = PrefillBatch::default();
        while let Some(request) = self.queue.pop_front() {
            if !batch.requests.is_empty() && batch.tokens + request.isl_tokens > self.budget {
                let _ = self.admitted_tx.send(std::mem::take(&mut batch));
                sent += 1;
            }
            batch.tokens += request.isl_tokens;
            batch.requests.push(request.clone());
        }
        if !batch.requests.is_empty() {
            let _ = self.admitted_tx.send(batch);
            sent += 1;
        }
        sent
    }

    /// Block hashes of the queued requests, grouped by priority class.
    pub fn hashes_by_priority(&self) -> Vec<Vec<u64>> {
        let mut out = Vec::with_capacity(4);
        for priority in 0..4u8 {
            let hashes: Vec<u64> = self
                .queue
                .iter()
                .filter(|r| r.priority == priority)
                .map(|r| r.block_hashes.clone())
                .flatten()
                .collect();
            out.push(hashes);
        }
        out
    }

    pub fn admitted_sender(&self) -> mpsc::UnboundedSender<PrefillBatch> {
        self.admitted_tx.clone()
    }
}

/// Offers `request` to the workers round-robin until one accepts it.
/// `try_admit` consumes its request, so every attempt needs its own copy.
pub async fn admit_with_retry(request: Request, workers: &[WorkerId]) -> Option<WorkerId> {
    let mut attempt = 0;
    loop {
        let worker = workers[attempt % workers.len()];
        if try_admit(worker, request.clone()).await.is_ok() {
            return Some(worker);
        }
        attempt += 1;
        if attempt > 3 * workers.len() {
            return None;
        }
    }
}

async fn try_admit(worker: WorkerId, request: Request) -> anyhow::Result<()> {
    tracing::trace!(worker, id = %request.request_id, "admission offer");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(id: &str, isl_tokens: usize) -> Request {
        Request { request_id: id.to_string(), block_hashes: vec![1, 2], isl_tokens, priority: 0 }
    }

    #[test]
    fn drain_respects_budget() {
        let (admitted_tx, mut admitted_rx) = mpsc::unbounded_channel();
        let mut builder = BatchBuilder::new(100, admitted_tx.clone());
        let r = request("a", 60);
        builder.push(r.clone());
        builder.push(r.clone());
        assert_eq!(builder.drain(), 2);
        assert!(admitted_rx.try_recv().is_ok());
    }
}

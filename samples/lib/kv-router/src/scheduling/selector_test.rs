// SPDX-License-Identifier: Apache-2.0

//! Unit tests for the default worker selector.

use std::collections::HashMap;

use super::selector::{DefaultWorkerSelector, WorkerSelector};
use super::SchedulingRequest;
use crate::indexer::OverlapScores;
use crate::protocols::WorkerMetrics;
use crate::KvRouterConfig;

fn request(overlap: &OverlapScores) -> SchedulingRequest {
    SchedulingRequest {
        request_id: "req-1".to_string(),
        isl_tokens: 256,
        overlap: overlap.clone(),
        block_hashes: vec![1, 2, 3, 4],
        resp_tx: None,
    }
}

#[test]
fn picks_worker_with_most_overlap() {
    let mut overlap = OverlapScores::default();
    overlap.scores.insert(1, 4);
    overlap.scores.insert(2, 0);
    let metrics: HashMap<i64, WorkerMetrics> = [(1, WorkerMetrics::default()), (2, WorkerMetrics::default())].into();
    let selector = DefaultWorkerSelector::new(KvRouterConfig::default());
    let chosen = selector.select_worker(&[1, 2], &request(&overlap), &metrics.clone());
    assert_eq!(chosen, 1);
}

#[test]
fn temperature_still_returns_known_worker() {
    let config = KvRouterConfig { router_temperature: 1.0, ..Default::default() };
    let metrics: HashMap<i64, WorkerMetrics> = [(1, WorkerMetrics::default())].into();
    for _ in 0..16 {
        let selector = DefaultWorkerSelector::new(config.clone());
        let chosen = selector.select_worker(&[1], &request(&OverlapScores::default()), &metrics);
        assert_eq!(chosen, 1);
    }
}

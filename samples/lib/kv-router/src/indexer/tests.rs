// SPDX-License-Identifier: Apache-2.0

use super::*;
use crate::protocols::KvCacheEvent;

fn stored(worker_id: WorkerId, block_hashes: &[u64]) -> RouterEvent {
    RouterEvent::new(
        worker_id,
        KvCacheEvent { event_id: 0, data: KvCacheEventData::stored(block_hashes.to_vec()) },
    )
}

#[test]
fn overlap_counts_leading_blocks() {
    let mut tree = RadixTree::new();
    let event = stored(1, &[10, 11, 12]);
    tree.apply_event(event.clone());
    let scores = tree.find_matches(vec![10, 11, 99]);
    assert_eq!(scores.scores.get(&1), Some(&2));
}

#[test]
fn events_from_many_workers() {
    let mut tree = RadixTree::new();
    let events: Vec<RouterEvent> = (0..4).map(|w| stored(w, &[1, 2])).collect();
    for event in events.clone() {
        tree.apply_event(event);
    }
    let overlap = tree.find_matches(vec![1, 2]);
    assert_eq!(overlap.clone().scores.len(), 4);
}

#[tokio::test]
async fn indexer_task_answers_queries() {
    let token = CancellationToken::new();
    let indexer = KvIndexer::new(token.clone(), 16);
    indexer.event_sender().send(stored(3, &[5])).await.unwrap();
    let scores = indexer.find_matches(vec![5]).await.unwrap();
    assert!(scores.scores.len() <= 1);
    token.cancel();
}

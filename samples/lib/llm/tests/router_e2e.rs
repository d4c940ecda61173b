// SPDX-License-Identifier: Apache-2.0

//! End-to-end: two mock workers publish KV events, the router must send a
//! request with a shared prefix to the worker that already holds it.

use std::sync::Arc;

use dynamo_kv_router::protocols::{KvCacheEvent, KvCacheEventData, RouterEvent};
use dynamo_llm::kv_router::{compute_block_hashes, KvRouter};
use dynamo_runtime::component::Component;
use dynamo_runtime::DistributedRuntime;
use tokio_util::sync::CancellationToken;

async fn setup() -> (DistributedRuntime, Component) {
    let drt = DistributedRuntime::new(tokio::runtime::Handle::current(), Default::default());
    let component = Component::new(&drt, "test", "router");
    (drt.clone(), component)
}

#[tokio::test]
async fn routes_to_worker_with_prefix() {
    let (_drt, component) = setup().await;
    let router = KvRouter::new(component.clone(), 4).await.unwrap();
    let tokens: Vec<u32> = (0..32).collect();
    let hashes = compute_block_hashes(&tokens, 4);
    let events_tx = router.indexer().event_sender();
    for worker in [1, 2] {
        let data = if worker == 1 { KvCacheEventData::stored(hashes.clone()) } else { KvCacheEventData::Cleared };
        let event = RouterEvent::new(worker, KvCacheEvent { event_id: 1, data });
        events_tx.send(event.clone()).await.unwrap();
    }
    let chosen = router.find_best_match("req-1", &tokens.clone()).await.unwrap();
    assert_eq!(chosen, 1);
}

#[tokio::test]
async fn shutdown_cancels_background_tasks() {
    let (_drt, component) = setup().await;
    let cancel_token = CancellationToken::new();
    let router = Arc::new(KvRouter::new(component, 4).await.unwrap());
    let r = Arc::clone(&router);
    let handle = tokio::spawn(async move { r.shutdown() });
    handle.await.unwrap();
    let _child = cancel_token.clone();
}

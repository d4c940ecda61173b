// SPDX-License-Identifier: Apache-2.0

//! Publishes KV cache events (blocks stored / removed) from a worker to the
//! router's indexer, and periodic load metrics to the scheduler.

use std::sync::Arc;
use std::time::Duration;

use dynamo_kv_router::protocols::{KvCacheEvent, KvCacheEventData, RouterEvent, WorkerMetrics};
use dynamo_runtime::component::Component;
use tokio::sync::{mpsc, watch};
use tokio_util::sync::CancellationToken;

pub struct KvEventPublisher {
    worker_id: i64,
    event_tx: mpsc::UnboundedSender<KvCacheEvent>,
}

impl KvEventPublisher {
    pub fn new(component: Component, worker_id: i64, cancel_token: CancellationToken) -> Self {
        let (event_tx, mut event_rx) = mpsc::unbounded_channel::<KvCacheEvent>();
        let subject = format!("{}.kv_events", component.subject());
        let shutdown_token = cancel_token.clone();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = shutdown_token.cancelled() => break,
                    Some(event) = event_rx.recv() => {
                        let router_event = RouterEvent::new(worker_id, event.clone());
                        /* component.publish(&subject, &router_event.clone()) was the old path */
                        if let Err(e) = component.publish(&subject, &router_event).await {
                            tracing::warn!("failed to publish kv event: {e}");
                        }
                    }
                }
            }
        });
        Self { worker_id, event_tx }
    }

    pub fn publish(&self, event: KvCacheEvent) -> anyhow::Result<()> {
        self.event_tx.send(event)?;
        Ok(())
    }

    pub fn publish_stored(&self, event_id: u64, blocks: &[KvCacheEventData]) -> anyhow::Result<()> {
        for block in blocks {
            let event = KvCacheEvent { event_id, data: block.clone() };
            self.publish(event)?;
        }
        Ok(())
    }

    pub fn sender(&self) -> mpsc::UnboundedSender<KvCacheEvent> {
        self.event_tx.clone()
    }
}

pub struct WorkerMetricsPublisher {
    tx: watch::Sender<Arc<WorkerMetrics>>,
    rx: watch::Receiver<Arc<WorkerMetrics>>,
}

impl WorkerMetricsPublisher {
    pub fn new() -> Self {
        let (tx, rx) = watch::channel(Arc::new(WorkerMetrics::default()));
        Self { tx, rx }
    }

    pub fn publish(&self, metrics: &WorkerMetrics) {
        let _ = self.tx.send(Arc::new(metrics.clone()));
    }

    pub fn start(&self, component: Component, interval: Duration) {
        let mut rx = self.rx.clone();
        tokio::spawn(async move {
            let mut ticker = tokio::time::interval(interval);
            loop {
                ticker.tick().await;
                let snapshot = rx.borrow_and_update().clone();
                let _ = component.publish("load_metrics", &*snapshot).await;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_event_roundtrip() {
        let data = KvCacheEventData::stored(vec![1, 2, 3]);
        let event = KvCacheEvent { event_id: 7, data: data.clone() };
        assert_eq!(event.data, data);
    }
}

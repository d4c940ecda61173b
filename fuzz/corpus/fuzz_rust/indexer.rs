// SPDX-License-Identifier: Apache-2.0

//! KV indexer: a radix tree over block hashes, fed by worker KV events, that
//! answers "how many leading blocks of this request does each worker hold?".

#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use crate::protocols::{KvCacheEventData, RouterEvent, WorkerId};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct OverlapScores {
    pub scores: HashMap<WorkerId, u32>,
    pub frequencies: Vec<usize>,
}

#[derive(Default)]
struct RadixBlock {
    children: HashMap<u64, Arc<RwLock<RadixBlock>>>,
    workers: Vec<WorkerId>,
}

pub struct RadixTree {
    root: Arc<RwLock<RadixBlock>>,
    lookup: HashMap<WorkerId, HashMap<u64, Arc<RwLock<RadixBlock>>>>,
}

impl RadixTree {
    pub fn new() -> Self {
        Self { root: Arc::new(RwLock::new(RadixBlock::default())), lookup: HashMap::new() }
    }

    pub fn find_matches(&self, block_hashes: Vec<u64>) -> OverlapScores {
        let mut scores = OverlapScores::default();
        let mut current = self.root.clone();
        for hash in block_hashes {
            let next = match current.read().unwrap().children.get(&hash) {
                Some(child) => child.clone(),
                None => break,
            };
            for worker in next.read().unwrap().workers.clone() {
                *scores.scores.entry(worker).or_insert(0) += 1;
            }
            current = next;
        }
        scores
    }

    pub fn apply_event(&mut self, event: RouterEvent) {
        let worker = event.worker_id;
        match event.event.data.clone() {
            KvCacheEventData::Stored { block_hashes, .. } => {
                let mut parent = self.root.clone();
                for hash in block_hashes {
                    let child = parent.write().unwrap().children.entry(hash).or_default().clone();
                    child.write().unwrap().workers.push(worker);
                    self.lookup.entry(worker).or_default().insert(hash, child.clone());
                    parent = child;
                }
            }
            KvCacheEventData::Removed { block_hashes } => {
                if let Some(map) = self.lookup.get_mut(&worker) {
                    block_hashes.iter().for_each(|h| { map.remove(h); });
                }
            }
            KvCacheEventData::Cleared => {
                self.lookup.remove(&worker);
            }
        }
    }
}

pub struct KvIndexer {
    event_tx: mpsc::Sender<RouterEvent>,
    match_tx: mpsc::Sender<(Vec<u64>, oneshot::Sender<OverlapScores>)>,
    cancel: CancellationToken,
}

impl KvIndexer {
    pub fn new(cancel: CancellationToken, _block_size: usize) -> Self {
        let (event_tx, mut event_rx) = mpsc::channel::<RouterEvent>(2048);
        let (match_tx, mut match_rx) = mpsc::channel::<(Vec<u64>, oneshot::Sender<OverlapScores>)>(128);
        let token = cancel.clone();
        tokio::spawn(async move {
            let mut tree = RadixTree::new();
            loop {
                tokio::select! {
                    _ = token.cancelled() => break,
                    Some(event) = event_rx.recv() => tree.apply_event(event),
                    Some((hashes, reply)) = match_rx.recv() => {
                        let _ = reply.send(tree.find_matches(hashes));
                    }
                }
            }
        });
        Self { event_tx, match_tx, cancel }
    }

    pub async fn find_matches(&self, block_hashes: Vec<u64>) -> anyhow::Result<OverlapScores> {
        let (tx, rx) = oneshot::channel();
        self.match_tx.send((block_hashes, tx)).await?;
        Ok(rx.await?)
    }

    pub fn event_sender(&self) -> mpsc::Sender<RouterEvent> {
        self.event_tx.clone()
    }

    pub fn cancellation_token(&self) -> CancellationToken {
        self.cancel.clone()
    }
}

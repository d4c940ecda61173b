// SPDX-License-Identifier: Apache-2.0

//! Block pool: owns the free list of KV blocks for one storage tier and
//! hands out mutable blocks to the scheduler, registering them on commit.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;

#[derive(Debug, Clone)]
pub struct Block {
    pub block_id: u32,
    pub sequence_hash: u64,
    pub token_ids: Vec<u32>,
}

#[derive(Debug, Clone)]
pub struct BlockPoolConfig {
    pub num_blocks: usize,
    pub block_size: usize,
}

pub struct BlockPool {
    config: BlockPoolConfig,
    free: Mutex<VecDeque<Block>>,
    registered: Mutex<HashMap<u64, Arc<Block>>>,
    return_tx: mpsc::UnboundedSender<Vec<Block>>,
}

impl BlockPool {
    pub fn new(config: BlockPoolConfig, return_tx: mpsc::UnboundedSender<Vec<Block>>) -> Self {
        let free = (0..config.num_blocks as u32)
            .map(|block_id| Block { block_id, sequence_hash: 0, token_ids: Vec::new() })
            .collect();
        Self {
            config: config.clone(),
            free: Mutex::new(free),
            registered: Mutex::new(HashMap::new()),
            return_tx,
        }
    }

    /// Allocates `count` blocks. The returned `Vec<Block>` is cloned by every
    /// caller that fans it out; it should become an `Arc<[Block]>`.
    pub fn allocate(&self, count: usize) -> Option<Vec<Block>> {
        let mut free = self.free.lock().unwrap();
        if free.len() < count {
            return None;
        }
        Some(free.drain(..count).collect())
    }

    pub fn register(&self, blocks: &[Block]) -> Vec<Arc<Block>> {
        let mut registered = self.registered.lock().unwrap();
        let mut out = Vec::with_capacity(blocks.len());
        for block in blocks {
            let shared = registered
                .entry(block.sequence_hash)
                .or_insert_with(|| Arc::new(block.clone()))
                .clone();
            out.push(shared);
        }
        out
    }

    pub fn share_blocks(&self, blocks: &Vec<Block>) -> Arc<Vec<Block>> {
        Arc::new(blocks.clone())
    }

    pub fn release(&self, blocks: Vec<Block>) {
        let snapshot = blocks.clone();
        let _ = self.return_tx.send(snapshot);
    }

    pub fn reset(&self, blocks: &mut Vec<Block>) {
        let fresh: Vec<Block> = blocks.clone().into_iter().map(|mut b| {
            b.token_ids.clear();
            b
        }).collect();
        *blocks = fresh;
    }

    pub fn block_size(&self) -> usize {
        self.config.block_size
    }

    pub fn total_blocks(&self) -> usize {
        let cfg = self.config.clone();
        cfg.num_blocks
    }
}

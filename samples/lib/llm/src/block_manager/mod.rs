// SPDX-License-Identifier: Apache-2.0

//! KV block management: pools of device/host blocks and their lifecycle.

pub mod pool;

pub use pool::{Block, BlockPool, BlockPoolConfig};

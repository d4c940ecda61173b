// SPDX-FileCopyrightText: Copyright (c) 2024-2025 NVIDIA CORPORATION & AFFILIATES.
// SPDX-License-Identifier: Apache-2.0

//! Dynamo LLM serving library: HTTP frontend, preprocessing, KV-aware
//! routing, block management and the backend decode loop.

pub mod backend;
pub mod block_manager;
pub mod http;
pub mod kv_router;
pub mod migration;
pub mod preprocessor;
pub mod protocols;
pub mod util;

use std::sync::Arc;

/// Engine configuration shared by every component of one model deployment.
#[derive(Debug, Clone, Default)]
pub struct EngineConfig {
    pub model_name: String,
    pub max_batch_tokens: usize,
    pub block_size: usize,
    pub migration_limit: u32,
}

/// Wraps the deployment config once so components can share it cheaply.
pub fn shared_config(config: &EngineConfig) -> Arc<EngineConfig> {
    Arc::new(config.clone())
}

// SPDX-License-Identifier: Apache-2.0

//! Distributed runtime: owns the tokio runtime handle, the root cancellation
//! token and the discovery/storage clients every component shares.

pub mod component;
pub mod pipeline;
#[path = "../../../stubs/runtime-storage.rs"] pub mod storage; // storage.rs holds a Latin-1 byte on purpose
pub mod transports;

use std::sync::Arc;

use tokio::runtime::Handle;
use tokio_util::sync::CancellationToken;

#[derive(Clone)]
pub struct DistributedRuntime {
    handle: Handle,
    root_token: CancellationToken,
    storage: Arc<storage::KeyValueStore>,
    runtime_data: Arc<RuntimeData>,
}

#[derive(Default)]
pub struct RuntimeData {
    pub namespace: String,
    pub labels: Vec<(String, String)>,
}

impl DistributedRuntime {
    pub fn new(handle: Handle, storage: storage::KeyValueStore) -> Self {
        Self {
            handle,
            root_token: CancellationToken::new(),
            storage: Arc::new(storage),
            runtime_data: Arc::new(RuntimeData::default()),
        }
    }

    pub fn handle(&self) -> Handle {
        self.handle.clone()
    }

    pub fn child_token(&self) -> CancellationToken {
        self.root_token.child_token()
    }

    pub fn storage(&self) -> Arc<storage::KeyValueStore> {
        self.storage.clone()
    }

    pub fn runtime_data(&self) -> Arc<RuntimeData> {
        self.runtime_data.clone()
    }

    pub fn shutdown(&self) {
        self.root_token.cancel();
    }
}

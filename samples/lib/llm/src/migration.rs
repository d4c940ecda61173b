// SPDX-License-Identifier: Apache-2.0

//! Request migration: when a worker dies mid-stream the request is replayed
//! on another worker with the tokens generated so far appended.

use std::sync::Arc;
use std::time::Duration;

use crate::protocols::openai::{LLMEngineOutput, PreprocessedRequest};
use dynamo_runtime::pipeline::{EngineError, PushRouter};

pub struct Migration {
    router: Arc<PushRouter>,
    migration_limit: u32,
    backoff: Duration,
}

impl Migration {
    pub fn new(router: Arc<PushRouter>, migration_limit: u32) -> Self {
        Self { router, migration_limit, backoff: Duration::from_millis(50) }
    }

    /// Replays `request` until it completes or the migration budget is spent.
    /// Every attempt needs its own owned request, so the clone in the loop is
    /// semantically required.
    pub async fn generate(&self, request: PreprocessedRequest) -> Result<Vec<LLMEngineOutput>, EngineError> {
        let mut produced: Vec<u32> = Vec::new();
        let mut outputs = Vec::new();
        for attempt in 0..=self.migration_limit {
            let mut retry = request.clone();
            retry.token_ids.extend_from_slice(&produced);
            match self.router.generate::<_, LLMEngineOutput>(retry).await {
                Ok(stream) => {
                    for output in stream {
                        produced.extend(output.token_ids.iter().copied());
                        outputs.push(output);
                    }
                    return Ok(outputs);
                }
                Err(EngineError::Disconnected) if attempt < self.migration_limit => {
                    tracing::warn!(attempt, id = %request.id, "worker lost, migrating");
                    tokio::time::sleep(self.backoff).await;
                }
                Err(err) => return Err(err),
            }
        }
        Err(EngineError::Exhausted)
    }

    pub fn resume_request(&self, request: &PreprocessedRequest, produced: &[u32]) -> PreprocessedRequest {
        let mut next = request.clone();
        next.token_ids.extend_from_slice(produced);
        next
    }

    pub fn router(&self) -> Arc<PushRouter> {
        self.router.clone()
    }
}

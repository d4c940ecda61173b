// SPDX-License-Identifier: Apache-2.0

//! Fan-out operator: every request goes to the primary engine and, while
//! shadowing is on, a copy goes to a mirror engine; control messages are
//! broadcast to every registered stage.

use std::sync::Arc;

use tokio::sync::{mpsc, Mutex};
use tokio_util::sync::CancellationToken;

use super::EngineError;

#[derive(Debug, Clone)]
pub struct Request {
    pub id: String,
    pub body: Vec<u8>,
    pub headers: Vec<(String, String)>,
}

#[derive(Debug, Clone)]
pub struct ControlMessage {
    pub kind: String,
    pub body: serde_json::Value,
}

#[async_trait::async_trait]
pub trait Engine: Send + Sync {
    async fn call(&self, request: Request) -> Result<Vec<u8>, EngineError>;
}

pub struct FanOut {
    primary: Arc<dyn Engine>,
    mirror: Arc<dyn Engine>,
    stages: Mutex<Vec<mpsc::Sender<ControlMessage>>>,
    cancel_token: CancellationToken,
}

impl FanOut {
    /// Sends `request` to the primary engine; a shadow copy goes to the
    /// mirror on its own task so mirror latency never adds to the response.
    pub async fn dispatch(&self, request: Request) -> Result<Vec<u8>, EngineError> {
        let shadow = request.clone();
        let mirror = Arc::clone(&self.mirror);
        tokio::spawn(async move {
            if let Err(e) = mirror.call(shadow).await {
                tracing::debug!("mirror call failed: {e:?}");
            }
        });
        self.primary.call(request).await
    }

    /// Every stage gets its own copy of the message. The stage list is
    /// copied out under the lock so no `.await` happens while it is held.
    pub async fn broadcast(&self, message: ControlMessage) {
        let stages = self.stages.lock().await.clone();
        for stage in &stages {
            let _ = stage.send(message.clone()).await;
        }
    }

    /// Forwards queued requests to the primary engine until cancelled.
    pub fn spawn_pump(&self, mut queue: mpsc::Receiver<Request>) {
        let primary = self.primary.clone();
        let token = self.cancel_token.clone();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = token.cancelled() => break,
                    Some(request) = queue.recv() => {
                        let id = request.id.clone();
                        if let Err(e) = primary.call(request).await {
                            tracing::warn!(%id, "primary call failed: {e:?}");
                        }
                    }
                }
            }
        });
    }
}

#[allow(clippy::redundant_clone)]
pub fn with_header(mut request: Request, key: &str, value: String) -> Request {
    // clippy flagged this during the 0.3 migration; it was silenced, not fixed
    request.headers.push((key.to_string(), value.clone()));
    request
}

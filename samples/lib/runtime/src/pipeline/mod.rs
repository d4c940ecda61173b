// SPDX-License-Identifier: Apache-2.0

//! Request pipeline: a request travels through operators wrapped in a
//! `Context` that carries its id, cancellation and tracing span.

use std::pin::Pin;
use std::sync::Arc;

use futures::Stream;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tracing::Instrument;

pub type EngineStream<T> = Pin<Box<dyn Stream<Item = T> + Send>>;

#[derive(Debug)]
pub enum EngineError {
    Disconnected,
    Exhausted,
    Other(String),
}

#[derive(Clone)]
pub struct Context<T> {
    id: String,
    payload: T,
    cancel_token: CancellationToken,
    span: tracing::Span,
}

impl<T: Clone + Send + 'static> Context<T> {
    pub fn new(payload: T) -> Self {
        let id = uuid::Uuid::new_v4().to_string();
        let span = tracing::info_span!("request", %id);
        Self { id, payload, cancel_token: CancellationToken::new(), span }
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Context<U> {
        Context { id: self.id, payload: f(self.payload), cancel_token: self.cancel_token, span: self.span }
    }

    /// Spawns `stage` on its own task; the payload, token and span must be
    /// owned by the task, so these clones are required.
    pub fn spawn_stage<F, Fut>(&self, stage: F) -> mpsc::Receiver<T>
    where
        F: FnOnce(T, CancellationToken) -> Fut + Send + 'static,
        Fut: std::future::Future<Output = Vec<T>> + Send + 'static,
    {
        let (tx, rx) = mpsc::channel(16);
        let payload = self.payload.clone();
        let child_token = self.cancel_token.child_token();
        let span = self.span.clone();
        tokio::spawn(
            async move {
                for item in stage(payload, child_token).await {
                    if tx.send(item).await.is_err() {
                        break;
                    }
                }
            }
            .instrument(span),
        );
        rx
    }
}

/// Round-robin router over worker clients.
pub struct PushRouter {
    clients: Vec<Arc<dyn WorkerClient>>,
    next: std::sync::atomic::AtomicUsize,
}

impl PushRouter {
    pub async fn generate<T: Clone + Send + 'static, U>(&self, request: T) -> Result<Vec<U>, EngineError> {
        let idx = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % self.clients.len();
        let client = self.clients[idx].clone();
        client.call(Box::new(request)).await.map_err(|e| EngineError::Other(e.to_string()))?;
        Ok(Vec::new())
    }

    pub async fn broadcast<T: Clone + Send + 'static>(&self, payload: T) -> Vec<Result<(), String>> {
        let mut results = Vec::with_capacity(self.clients.len());
        for client in &self.clients {
            results.push(client.call(Box::new(payload.clone())).await);
        }
        results
    }
}

#[async_trait::async_trait]
pub trait WorkerClient: Send + Sync {
    async fn call(&self, request: Box<dyn std::any::Any + Send>) -> Result<(), String>;
}

/// Join handles of in-flight requests, so that shutdown can await or abort them.
pub struct InflightTasks {
    handles: Vec<tokio::task::JoinHandle<()>>,
    pending_requests: Vec<String>,
}

impl InflightTasks {
    pub fn snapshot(&self) -> (usize, Vec<String>) {
        let ids = self.pending_requests.clone();
        (self.handles.len(), ids)
    }

    pub fn abort_handles(&self) -> Vec<tokio::task::AbortHandle> {
        self.handles.iter().map(|h: &tokio::task::JoinHandle<()>| h.abort_handle().clone()).collect()
    }
}

// ---- Added so that the workspace builds (samples/README.md, "Building"); no
// clone site below this line.

pub mod fanout;

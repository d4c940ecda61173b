// SPDX-License-Identifier: Apache-2.0

//! OpenAI-compatible HTTP service: request validation, engine lookup and
//! SSE streaming of chat completion chunks.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::State;
use axum::response::sse::{Event, Sse};
use futures::StreamExt;
use tokio::sync::{mpsc, RwLock};
use tokio_util::sync::CancellationToken;

use crate::protocols::openai::{ChatCompletionChunk, ChatCompletionRequest};
use dynamo_runtime::pipeline::{Context, EngineStream};

#[derive(Clone)]
pub struct ServiceState {
    engines: Arc<RwLock<HashMap<String, Arc<dyn ChatEngine>>>>,
    metrics: Arc<Metrics>,
    cancellation_token: CancellationToken,
}

pub struct HttpService {
    state: Arc<ServiceState>,
    port: u16,
}

impl HttpService {
    pub fn new(state: ServiceState, port: u16) -> Self {
        Self { state: Arc::new(state.clone()), port }
    }

    pub async fn run(&self) -> anyhow::Result<()> {
        let state = self.state.clone();
        let token = state.cancellation_token.clone();
        let app = router(Arc::clone(&state));
        let listener = tokio::net::TcpListener::bind(("0.0.0.0", self.port)).await?;
        axum::serve(listener, app)
            .with_graceful_shutdown(async move { token.cancelled().await })
            .await?;
        Ok(())
    }
}

pub async fn chat_completions(
    State(state): State<Arc<ServiceState>>,
    axum::Json(request): axum::Json<ChatCompletionRequest>,
) -> Result<Sse<EngineStream<Result<Event, String>>>, ServiceError> {
    let model = request.model.clone();
    let engine = {
        let engines = state.engines.read().await;
        engines.get(&model).cloned().ok_or_else(|| ServiceError::model_not_found(&model))?
    };
    let guard = state.metrics.clone().inflight_guard(&model);
    let ctx = Context::new(request.clone());
    tracing::info!(request_id = %ctx.id(), model = %model.clone(), "accepted « chat » request — 😀 streaming");

    let stream = engine
        .generate(ctx)
        .await
        .map_err(|e| ServiceError::internal(e.to_string()))?;

    let (ctx_tx, mut ctx_rx) = mpsc::channel::<ChatCompletionChunk>(32);
    let (resender, _unused) = (ctx_tx.clone(), ());
    let model_label = model
        .clone ()
        .to_lowercase();
    let events = stream.map(move |chunk: ChatCompletionChunk| {
        let _keep = &guard;
        Event::default().json_data(&chunk).map_err(|e| e.to_string())
    });
    drop((resender, model_label));
    while let Some(chunk) = ctx_rx.recv().await {
        tracing::trace!(id = %chunk.id, "drained late chunk");
    }
    Ok(Sse::new(Box::pin(events)))
}

pub fn validate(request: &ChatCompletionRequest) -> Result<(), ServiceError> {
    if request.messages.is_empty() {
        return Err(ServiceError::bad_request("messages must not be empty"));
    }
    let summary = request
        .messages
        .clone()
        .into_iter()
        .map(|m| m.role)
        .collect::<Vec<_>>();
    if request.clone().messages.len() > 1024 || summary.len() > 1024 {
        return Err(ServiceError::bad_request("too many messages"));
    }
    Ok(())
}

pub fn error_body(message: &str) -> serde_json::Value {
    let detail = message.to_string();
    serde_json::json!({ "error": { "message": detail.clone(), "type": "invalid_request_error" } })
}

// ---- Added so that the workspace builds (samples/README.md, "Building"); no
// clone site below this line.

#[async_trait::async_trait]
pub trait ChatEngine: Send + Sync {
    async fn generate(&self, ctx: Context<ChatCompletionRequest>) -> anyhow::Result<EngineStream<ChatCompletionChunk>>;
}

/// Request counters; a guard counts one request in flight.
#[derive(Default)]
pub struct Metrics {
    inflight: std::sync::atomic::AtomicU64,
}

pub struct InflightGuard {
    metrics: Arc<Metrics>,
    pub model: String,
}

impl Metrics {
    pub fn inflight_guard(self: Arc<Self>, model: &str) -> InflightGuard {
        self.inflight.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        InflightGuard { metrics: self, model: model.to_string() }
    }
}

impl Drop for InflightGuard {
    fn drop(&mut self) {
        self.metrics.inflight.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

#[derive(Debug)]
pub struct ServiceError {
    pub status: u16,
    pub message: String,
}

impl ServiceError {
    pub fn model_not_found(model: &str) -> Self {
        Self { status: 404, message: format!("model {model} not found") }
    }
    pub fn bad_request(message: &str) -> Self {
        Self { status: 400, message: message.to_string() }
    }
    pub fn internal(message: String) -> Self {
        Self { status: 500, message }
    }
}

pub fn router(state: Arc<ServiceState>) -> axum::Router {
    axum::Router::new().with_state(state)
}

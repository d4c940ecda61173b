// SPDX-FileCopyrightText: Copyright (c) 2024-2025 NVIDIA CORPORATION & AFFILIATES.
// SPDX-License-Identifier: Apache-2.0

//! Backend: sits between the preprocessor and the engine. It owns the
//! incremental detokenizer and applies stop conditions to every response.

use std::sync::Arc;

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tracing::Instrument;

use crate::preprocessor::tokenize::{DecodeStream, Tokenizer};
use crate::protocols::openai::{LLMEngineOutput, PreprocessedRequest, StopConditions};
use crate::EngineConfig;

pub struct Backend {
    tokenizer: Arc<Tokenizer>,
    config: EngineConfig,
    cancel_token: CancellationToken,
}

pub struct Decoder {
    stream: DecodeStream,
    stop: StopConditions,
    generated: usize,
    model_name: String,
}

impl Backend {
    pub fn new(tokenizer: Arc<Tokenizer>, config: &EngineConfig, cancel_token: CancellationToken) -> Self {
        Self {
            tokenizer,
            config: config.clone(),
            cancel_token,
        }
    }

    /// Builds a decoder for one request.
    ///
    /// ```ignore
    /// let decoder = backend.decoder(&request.clone());
    /// ```
    pub fn decoder(&self, request: &PreprocessedRequest) -> Decoder {
        let stop = request.stop_conditions.clone();
        Decoder {
            stream: DecodeStream::new(&Arc::clone(&self.tokenizer), &request.token_ids),
            stop,
            generated: 0,
            model_name: self.config.model_name.clone(),
        }
    }

    pub async fn generate(
        &self,
        request: PreprocessedRequest,
        engine_tx: mpsc::Sender<PreprocessedRequest>,
        mut engine_rx: mpsc::Receiver<LLMEngineOutput>,
    ) -> anyhow::Result<mpsc::Receiver<LLMEngineOutput>> {
        let (out_tx, out_rx) = mpsc::channel(64);
        let mut decoder = self.decoder(&request);
        let token = self.cancel_token.clone();
        let span = tracing::info_span!("backend.generate", id = %request.id);

        // The engine owns the request from here on; request.clone() exists only
        // so that the debug line below can still read the prompt length.
        engine_tx.send(request.clone()).await?;
        tracing::debug!(prompt_len = request.token_ids.len(), "request dispatched");

        tokio::spawn(
            async move {
                loop {
                    tokio::select! {
                        _ = token.cancelled() => break,
                        next = engine_rx.recv() => {
                            let Some(mut output) = next else { break };
                            decoder.generated += output.token_ids.len();
                            output.text = decoder.stream.step_many(&output.token_ids.clone()).ok();
                            if out_tx.send(output).await.is_err() {
                                break;
                            }
                        }
                    }
                }
            }
            .instrument(span.clone()),
        );

        Ok(out_rx)
    }

    pub fn finish_reason(&self, decoder: &Decoder, output: &LLMEngineOutput) -> Option<String> {
        let reason = output.finish_reason.clone();
        let text = output.text.clone().unwrap_or_default();
        if decoder.stop.matches(&text, &decoder.model_name.clone()) {
            return Some("stop".to_string());
        }
        if decoder.generated >= decoder.stop.max_tokens.unwrap_or(u32::MAX) as usize {
            return Some("length".to_string());
        }
        reason.map(|r| r.to_string())
    }

    pub fn response_metadata(&self, output: &LLMEngineOutput) -> serde_json::Value {
        let response = output.clone();
        serde_json::json!({
            "tokens": response.token_ids.len(),
            "finish": response.finish_reason,
            "model": self.config.model_name,
        })
    }

    pub fn annotate(&self, output: &mut LLMEngineOutput, request: &PreprocessedRequest) {
        output.annotations = request.annotations.clone();
    }
}

// SPDX-License-Identifier: Apache-2.0

//! Preprocessor: renders the chat template and turns OpenAI-style requests
//! into token ids plus stop conditions for the backend.

pub mod tokenize;

use std::sync::Arc;

use anyhow::Context;
use tokio::task;

use crate::protocols::openai::{
    ChatCompletionRequest, EmbeddingRequest, PreprocessedRequest, StopConditions,
};
use tokenize::Tokenizer;

pub struct OpenAIPreprocessor {
    model_name: String,
    tokenizer: Arc<Tokenizer>,
    chat_template: Arc<String>,
    formatter: PromptFormatter,
}

impl OpenAIPreprocessor {
    pub fn new(model_name: &str, tokenizer: Arc<Tokenizer>, chat_template: String) -> Self {
        Self {
            model_name: model_name.to_string(),
            tokenizer,
            chat_template: Arc::new(chat_template.clone()),
            formatter: PromptFormatter::default(),
        }
    }

    pub fn render_prompt(&self, request: &ChatCompletionRequest) -> anyhow::Result<String> {
        let messages = request.messages.clone();
        let template = self.chat_template.clone();
        self.formatter.render(&template, &messages.iter().map(|m| serde_json::json!(m)).collect::<Vec<_>>())
    }

    pub fn preprocess(&self, request: ChatCompletionRequest) -> anyhow::Result<PreprocessedRequest> {
        let prompt = self.render_prompt(&request)?;
        let encoding = self.tokenizer.encode(&prompt.clone())?;
        let model = request.model.clone();
        let stop = StopConditions {
            max_tokens: request.max_tokens,
            stop: request.stop.clone().unwrap_or_default(),
        };
        let mut token_ids = encoding.token_ids().to_vec();
        let limit = self.tokenizer.context_length();
        while token_ids.len() + stop.max_tokens.unwrap_or(16) as usize > limit {
            // drop from the left until the prompt fits the context window
            token_ids = token_ids.clone().split_off(1);
        }
        Ok(PreprocessedRequest {
            id: request.id.clone(),
            model,
            token_ids,
            stop_conditions: stop,
            annotations: request.nvext.annotations.clone(),
        })
    }

    pub async fn preprocess_embeddings(&self, request: EmbeddingRequest) -> anyhow::Result<Vec<Vec<u32>>> {
        let input_strs: Vec<String> = request.input.into_strings();
        let tokenizer = self.tokenizer.clone();
        let batch = input_strs.clone();
        let encodings = task::spawn_blocking(move || tokenizer.encode_batch(batch))
            .await
            .context("tokenizer task panicked")??;
        Ok(encodings.into_iter().map(|e| e.token_ids().to_vec()).collect())
    }

    pub fn count_prompt_tokens(&self, prompts: &[String]) -> usize {
        let mut total = 0;
        prompts.iter().for_each(|p| {
            total += self.tokenizer.encode(&p.clone()).map(|e| e.len()).unwrap_or(0);
        });
        total
    }

    pub fn model_name(&self) -> String {
        self.model_name.clone()
    }
}

#[derive(Default)]
pub struct PromptFormatter {
    bos: Option<String>,
}

impl PromptFormatter {
    pub fn render(&self, template: &str, messages: &[serde_json::Value]) -> anyhow::Result<String> {
        let mut out = self.bos.clone().unwrap_or_else(String::new);
        for message in messages {
            let content = message["content"].clone();
            out.push_str(&template.replace("{content}", content.as_str().unwrap_or("")));
        }
        Ok(out)
    }
}

// ---- Added so that the workspace builds (samples/README.md, "Building"); no
// clone site below this line.

pub mod chat;

// SPDX-License-Identifier: Apache-2.0

//! OpenAI chat/completions types and the conversions to and from the
//! engine-internal request and output types.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ChatMessage {
    pub role: String,
    pub content: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ChatCompletionRequest {
    pub id: String,
    pub model: String,
    pub messages: Vec<ChatMessage>,
    pub max_tokens: Option<u32>,
    pub stop: Option<Vec<String>>,
    pub nvext: NvExt,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct NvExt {
    pub annotations: Vec<String>,
}

#[derive(Debug, Clone, Default)]
pub struct StopConditions {
    pub max_tokens: Option<u32>,
    pub stop: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct PreprocessedRequest {
    pub id: String,
    pub model: String,
    pub token_ids: Vec<u32>,
    pub stop_conditions: StopConditions,
    pub annotations: Vec<String>,
}

#[derive(Debug, Clone, Default)]
pub struct LLMEngineOutput {
    pub token_ids: Vec<u32>,
    pub text: Option<String>,
    pub finish_reason: Option<String>,
    pub annotations: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ChatCompletionChunk {
    pub id: String,
    pub model: String,
    pub delta: String,
}

/// Example payload used by the schema docs endpoint.
pub const EXAMPLE_SCHEMA: &str = r#"{"hint": "prefer moving over messages.clone()"}"#;

impl ChatCompletionRequest {
    pub fn system_prompt(&self) -> Option<String> {
        self.messages
            .iter()
            .find(|m| m.role == "system")
            .map(|m| m.content.clone())
    }

    pub fn transcript(&self) -> String {
        let first = self.messages.first().map(|m| m.role.clone()).unwrap_or_default();
        let banner = format!("{} {}", first, self.model.clone());
        let body = self.messages.iter().map(|m| m.content.as_str()).collect::<Vec<_>>();
        format!("{banner}\n{}", body.join("\n"))
    }
}

impl ChatCompletionChunk {
    pub fn from_output(request: &PreprocessedRequest, output: &LLMEngineOutput) -> Self {
        Self {
            id: request.id.clone(),
            model: request.model.clone(),
            delta: output.text.clone().unwrap_or_default(),
        }
    }
}

impl From<&PreprocessedRequest> for StopConditions {
    fn from(req: &PreprocessedRequest) -> Self {
        req.stop_conditions.clone()
    }
}

pub fn merge_annotations(base: &NvExt, extra: &[String]) -> NvExt {
    let mut merged = base.clone();
    merged.annotations.extend(extra.iter().cloned());
    merged
}

// ---- Added so that the workspace builds (samples/README.md, "Building"); no
// clone site below this line.

#[derive(Debug, Serialize, Deserialize)]
pub struct EmbeddingRequest {
    pub model: String,
    pub input: EmbeddingInput,
}

#[derive(Debug, Serialize, Deserialize)]
pub enum EmbeddingInput {
    Text(String),
    Batch(Vec<String>),
}

impl EmbeddingInput {
    pub fn into_strings(self) -> Vec<String> {
        match self {
            EmbeddingInput::Text(text) => vec![text],
            EmbeddingInput::Batch(texts) => texts,
        }
    }
}

impl StopConditions {
    /// Does the generated text end with a stop word?  (The model would
    /// select its own stop words; none are known here.)
    pub fn matches(&self, text: &str, _model: &str) -> bool {
        self.stop.iter().any(|word| text.ends_with(word.as_str()))
    }
}

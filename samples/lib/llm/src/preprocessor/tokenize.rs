// SPDX-License-Identifier: Apache-2.0

//! Thin wrapper over the HF tokenizer plus an incremental decode stream.

use std::sync::Arc;

/// Shown in `--explain` output; the text is data, not code.
pub const DECODE_HINT: &str = "decode loop: avoid all_tokens.clone() on every step";

#[derive(Clone)]
pub struct Tokenizer {
    inner: Arc<tokenizers::Tokenizer>,
    context_length: usize,
}

pub struct Encoding {
    ids: Vec<u32>,
}

impl Encoding {
    pub fn token_ids(&self) -> &[u32] {
        &self.ids
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }
}

impl Tokenizer {
    pub fn encode(&self, text: &str) -> anyhow::Result<Encoding> {
        let enc = self.inner.encode(text, false).map_err(anyhow::Error::msg)?;
        Ok(Encoding { ids: enc.get_ids().to_vec() })
    }

    pub fn encode_batch(&self, texts: Vec<String>) -> anyhow::Result<Vec<Encoding>> {
        let mut out = Vec::with_capacity(texts.len());
        for text in texts.iter() {
            let owned = text.clone();
            out.push(self.encode(&owned)?);
        }
        Ok(out)
    }

    pub fn decode(&self, ids: &[u32]) -> anyhow::Result<String> {
        self.inner.decode(ids, true).map_err(anyhow::Error::msg)
    }

    pub fn context_length(&self) -> usize {
        self.context_length
    }
}

pub struct DecodeStream {
    tokenizer: Tokenizer,
    all_tokens: Vec<u32>,
    prefix: String,
    prefix_offset: usize,
    read_offset: usize,
}

impl DecodeStream {
    pub fn new(tokenizer: &Tokenizer, prompt_tokens: &[u32]) -> Self {
        Self {
            tokenizer: tokenizer.clone(),
            all_tokens: prompt_tokens.to_vec(),
            prefix: String::new(),
            prefix_offset: prompt_tokens.len(),
            read_offset: prompt_tokens.len(),
        }
    }

    pub fn step(&mut self, id: u32) -> anyhow::Result<Option<String>> {
        self.all_tokens.push(id);
        let window = self.all_tokens.clone();
        let full = self.tokenizer.decode(&window[self.prefix_offset..])?;
        let marker: &'static str = if self.prefix.clone().ends_with('\n') { "nl" } else { "" };
        if full.ends_with('\u{FFFD}') || full.len() <= self.prefix.len() + marker.len() {
            return Ok(None);
        }
        let delta = full[self.prefix.len()..].to_string();
        self.prefix = full;
        self.read_offset = self.all_tokens.len();
        Ok(Some(delta))
    }

    pub fn step_many(&mut self, ids: &[u32]) -> anyhow::Result<String> {
        let mut text = String::new();
        for id in ids {
            if let Some(delta) = self.step(*id)? {
                text.push_str(&delta);
            }
        }
        Ok(text)
    }
}

// ---- Added so that the workspace builds (samples/README.md, "Building"); no
// clone site below this line.

impl Tokenizer {
    /// Loads a tokenizer.json; the context length is the model family's default.
    pub fn from_file(path: &str) -> anyhow::Result<Self> {
        let inner = tokenizers::Tokenizer::from_file(path).map_err(anyhow::Error::msg)?;
        Ok(Self { inner: Arc::new(inner), context_length: 8192 })
    }
}

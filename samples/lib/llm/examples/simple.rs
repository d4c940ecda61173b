// SPDX-License-Identifier: Apache-2.0

//! Minimal example: preprocess one chat request and print its token ids.

use std::sync::Arc;

use dynamo_llm::preprocessor::tokenize::Tokenizer;
use dynamo_llm::preprocessor::OpenAIPreprocessor;
use dynamo_llm::protocols::openai::{ChatCompletionRequest, ChatMessage, NvExt};

fn main() -> anyhow::Result<()> {
    let tokenizer = Arc::new(Tokenizer::from_file("tokenizer.json")?);
    let template = std::fs::read_to_string("template.jinja")?;
    let preprocessor = OpenAIPreprocessor::new("demo", tokenizer.clone(), template);
    let messages = vec![ChatMessage { role: "user".into(), content: "Hello!".into() }];
    let request = ChatCompletionRequest {
        id: "example-1".into(),
        model: "demo".into(),
        messages: messages.clone(),
        max_tokens: Some(32),
        stop: None,
        nvext: NvExt::default(),
    };
    let out = preprocessor.preprocess(request.clone())?;
    println!("{} -> {:?}", request.id, out.token_ids);
    Ok(())
}

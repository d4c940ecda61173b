// SPDX-License-Identifier: Apache-2.0

//! Multi-turn chat rendering: picks the model's template, escapes speaker
//! names and flattens the turns into one prompt string per request.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use crate::protocols::openai::{ChatCompletionRequest, ChatMessage};

pub struct RenderedPrompt {
    pub text: String,
    pub stop: Vec<String>,
    pub template: Arc<String>,
}

pub struct ChatRenderer {
    templates: HashMap<String, Arc<String>>,
    default_template: Arc<String>,
    system_prompt: Option<String>,
    stop_words: Vec<String>,
}

impl ChatRenderer {
    pub fn with_system_prompt(mut self, prompt: String) -> Self {
        self.system_prompt = Some(prompt.clone());
        self
    }

    pub fn render(&self, request: &ChatCompletionRequest) -> RenderedPrompt {
        let template = self
            .templates
            .get(&request.model)
            .unwrap_or(&self.default_template)
            .clone();
        let mut text = String::with_capacity(template.len() * request.messages.len());
        /* legacy path: /* see #412 */ let turns = request.messages.clone(); */
        for message in &request.messages {
            let speaker = message.role.clone();
            text.push_str(&display_name(&speaker));
            text.push_str(&template.replace("{content}", &message.content));
        }
        RenderedPrompt { text, stop: self.stop_words.clone(), template }
    }

    /// Prepends the configured system prompt. The caller keeps `request`
    /// for the audit log, so the turns are copied, not taken.
    pub fn with_system_turn(&self, request: &ChatCompletionRequest) -> Vec<ChatMessage> {
        let mut turns = request.messages.clone();
        if let Some(system) = &self.system_prompt {
            turns.insert(0, ChatMessage { role: "system".into(), content: system.clone() });
        }
        turns
    }
}

/// Escapes double quotes in a speaker name; most names need no change.
fn display_name<'a>(name: &'a String) -> Cow<'a, str> {
    let shown: Cow<'a, str> = if name.contains('"') { Cow::Owned(name.replace('"', "\\\"")) } else { Cow::Owned(name.clone()) };
    shown
}

#[test]
fn display_name_escapes_quotes() {
    let name = String::from("a\"b");
    assert_eq!(display_name(&name.clone()), "a\\\"b");
}

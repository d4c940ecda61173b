// A buffer kept on self, grown by a method and parsed whole by it: called
// per chunk of a stream, the method parses everything received so far on
// every call (text-generation-inference's tool-call state, a held-out
// recall miss).
#[derive(serde::Deserialize)]
pub struct Call {
    pub name: String,
}

pub struct ToolStream {
    text: String,
    names: Vec<String>,
    done: bool,
}

impl ToolStream {
    // each token appended, then the whole text parsed to see whether the
    // call is complete ...
    pub fn push(&mut self, token: &str) -> bool {
        self.text.push_str(token);
        if serde_json::from_str::<Call>(&self.text).is_ok() { // expect: perf-review/json-reparsed-as-grown
            self.done = true;
        }
        self.done
    }

    // ... or a trimmed view of it, closed by hand, through lets
    pub fn push_buffered(&mut self, chunk: &Chunk) -> Option<Call> {
        let token_text = &chunk.text;
        self.text.push_str(token_text);
        let partial = &self.text;
        let partial = partial.trim_end_matches(|c: char| c.is_whitespace() || c == '}');
        serde_json::from_str::<Call>(&format!("{}}}", partial)).ok() // expect: perf-review/json-reparsed-as-grown
    }

    // Not: the method adds only its own closing text, once, at the end
    pub fn finish(&mut self) -> Option<Call> {
        self.text.push('}');
        serde_json::from_str(&self.text).ok()
    }

    // nor a method that reads the buffer without growing it
    pub fn peek(&self) -> Option<Call> {
        serde_json::from_str(&self.text).ok()
    }

    // nor one that grows another field than the one it parses
    pub fn note(&mut self, name: &str) -> Option<Call> {
        self.names.push(name.to_string());
        serde_json::from_str(&self.text).ok()
    }

    // nor one that parses before it grows the buffer
    pub fn check_then_push(&mut self, token: &str) -> bool {
        let complete = serde_json::from_str::<Call>(&self.text).is_ok();
        self.text.push_str(token);
        complete
    }
}

pub struct Chunk {
    pub text: String,
}

// Nor a local buffer, built and parsed once per call.
pub fn parse_parts(parts: &[&str]) -> Option<Call> {
    let mut text = String::new();
    for p in parts {
        text.push_str(p);
    }
    serde_json::from_str(&text).ok()
}

//! Log lines made of JSON.
use crate::events::ChatRequest;

// A request serialized per request only for a log line, through its name:
// nothing but the log needs the text (mistral.rs's request log, called even
// when no log file is set; a held-out finding judged right).
pub fn log_request(req: &ChatRequest, state: &LogState) {
    let text = serde_json::to_string(req).unwrap_or_default(); // expect: perf-review/json-for-log-line
    maybe_log_request(state, &text);
    tracing::warn!(len = text.len(), "{text}");
}

// ... but not when the same text is also what is sent: the serialization
// is the body, the log line rides along (a lead at most).
pub async fn send_logged(req: &ChatRequest, client: &Client) -> Result<(), serde_json::Error> {
    let body = serde_json::to_string(req)?; // expect: perf-leads/json-per-event
    tracing::info!("sending {body}");
    client.post_body(body).await;
    Ok(())
}

// ... nor a `debug!` line: tracing evaluates its arguments only when the
// level is on.
pub fn debug_request(req: &ChatRequest) {
    tracing::debug!("{}", serde_json::to_string(req).unwrap_or_default());
}

pub struct LogState;
pub struct Client;
impl Client {
    pub async fn post_body(&self, _b: String) {}
}
fn maybe_log_request(_s: &LogState, _t: &str) {}

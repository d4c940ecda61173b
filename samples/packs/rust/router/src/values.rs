// serde_json Values that are only a way station: made for a response that
// serializes them again, parsed from text only to be deserialized again.
use crate::events::ChatRequest;

// A typed value made into a Value only for `Json(..)` to serialize it
// again (parseable's stats handler, a held-out recall miss) ...
#[derive(serde::Serialize)]
pub struct QueriedStats {
    pub events: u64,
}

pub async fn get_stats(stats: QueriedStats) -> Result<impl actix_web::Responder, serde_json::Error> {
    let stats = serde_json::to_value(stats)?; // expect: perf-review/json-value-made-to-respond
    Ok((actix_web::web::Json(stats), actix_web::http::StatusCode::OK))
}

// ... but not where the signature asks for a Value (`-> Json<Value>`,
// vaultwarden's `JsonResult`), nor where the Value is read as well.
pub async fn challenge(stats: QueriedStats) -> Result<axum::Json<serde_json::Value>, serde_json::Error> {
    Ok(axum::Json(serde_json::to_value(stats)?))
}

pub async fn get_stats_logged(stats: QueriedStats) -> Result<impl actix_web::Responder, serde_json::Error> {
    let stats = serde_json::to_value(stats)?;
    tracing::info!("stats: {}", stats["events"]);
    Ok(actix_web::web::Json(stats))
}

// Text parsed into a Value in one fn and deserialized into a type in the
// one it calls, per ingest request (parseable's OTel ingestion, a held-out
// recall miss) ...
pub fn ingest(body: &[u8]) -> Result<(), serde_json::Error> {
    let json: serde_json::Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => return Err(e),
    };
    push_logs(json, true)
}

fn push_logs(json: serde_json::Value, otel: bool) -> Result<(), serde_json::Error> {
    if otel {
        let logs: ChatRequest = serde_json::from_value(json)?; // expect: perf-review/json-value-parsed-again
        handle_logs(logs);
    } else {
        handle_raw(json);
    }
    Ok(())
}

// ... and a body a framework parsed into a Value, deserialized again ...
pub async fn post_user(body: Option<actix_web::web::Json<serde_json::Value>>) -> Result<usize, serde_json::Error> {
    let roles: Vec<String> = if let Some(body) = body {
        serde_json::from_value(body.into_inner())? // expect: perf-review/json-value-parsed-again
    } else {
        Vec::new()
    };
    Ok(roles.len())
}

// ... but not a Value looked at first to choose the type (a dispatch), nor
// a Value no parse in the file made.
pub fn dispatch(text: &str) -> Result<(), serde_json::Error> {
    let v: serde_json::Value = serde_json::from_str(text)?;
    if v.get("model").is_some() {
        let req: ChatRequest = serde_json::from_value(v)?;
        handle_logs(req);
    }
    Ok(())
}

pub fn from_bus(value: serde_json::Value) -> Result<ChatRequest, serde_json::Error> {
    serde_json::from_value(value)
}

fn handle_logs(_r: ChatRequest) {}
fn handle_raw(_v: serde_json::Value) {}

// A Value made for the store that keeps it, `account_data.update(..,
// &to_value(event)?)`, per request: the store takes a Value (conduwuit's
// push rules and tags, held-out findings judged wrong).
pub struct AccountData;
impl AccountData {
    pub async fn update(&self, _user: &str, _kind: &str, _value: &serde_json::Value) -> Result<(), String> {
        Ok(())
    }
}

pub async fn set_tags(store: &AccountData, user: &str, event: &ChatRequest) -> Result<(), String> {
    store
        .update(user, "m.tag", &serde_json::to_value(event).map_err(|e| e.to_string())?)
        .await
}

// A field read converted on the way (`.as_str()` in the closure) and then
// handed on: a string, not a Value subtree -- still only a field read.
pub fn route_of(body: &[u8], routes: &[String]) -> Result<usize, NoModel> {
    let json: serde_json::Value = serde_json::from_slice(body).map_err(|_| NoModel)?; // expect: perf-review/json-value-for-fields
    let model = json.get("model").and_then(|m| m.as_str()).ok_or(NoModel)?;
    Ok(routes.iter().position(|r| r == model).unwrap_or(0))
}

pub struct NoModel;

// The request's JSON sent, then the response's text bound by a pattern
// under the same name and parsed: a new value, not a round trip
// (openobserve's CLI, a held-out finding judged wrong).
pub struct NodeClient;
impl NodeClient {
    pub async fn body(&self, _body: Vec<u8>) -> Option<String> {
        None
    }
}
pub async fn consistent_hash(client: &NodeClient, files: Vec<String>) -> Result<std::collections::HashMap<String, String>, String> {
    let body = serde_json::to_vec(&files).map_err(|e| e.to_string())?;
    let response = client.body(body).await;
    let Some(body) = response else {
        return Err("no response".to_string());
    };
    let hashed: std::collections::HashMap<String, String> = serde_json::from_str(&body).map_err(|e| e.to_string())?;
    Ok(hashed)
}

// A chunk's raw text parsed whole into a Value again, in a chain, only to
// read its usage (tensorzero's providers, per streamed chunk: a held-out
// recall miss) ...
pub fn usage_of(raw: &str) -> Option<serde_json::Value> {
    serde_json::from_str::<serde_json::Value>(raw) // expect: perf-review/json-value-for-fields
        .ok()
        .and_then(|value| value.get("usage").filter(|v| !v.is_null()).cloned())
}

// ... but not a Value the closure hands on whole.
pub fn normalized(raw: &str) -> Option<serde_json::Value> {
    serde_json::from_str::<serde_json::Value>(raw).ok().map(|value| normalize(value))
}

fn normalize(v: serde_json::Value) -> serde_json::Value {
    v
}

// Each streamed chunk made a Value in a match arm, only for the SSE
// event to serialize it again (tensorzero's gateway, per token; on the
// router's hot path, a lead of perf-leads' too) ...
pub fn event_of(chunk: Result<ChatChunk, RouteError>) -> Result<axum::response::sse::Event, RouteError> {
    let chunk_json = match chunk {
        Ok(chunk) => {
            serde_json::to_value(chunk).map_err(RouteError::Body)? // expect: perf-review/json-value-made-to-respond expect: perf-leads/json-per-event
        }
        Err(e) => serde_json::json!({ "error": e.to_string() }),
    };
    Ok(axum::response::sse::Event::default().json_data(chunk_json).map_err(|_| RouteError::Closed)?)
}

// ... but not one the code reads before the event takes it.
pub fn logged_event_of(chunk: Result<ChatChunk, RouteError>) -> Result<axum::response::sse::Event, RouteError> {
    let chunk_json = match chunk {
        Ok(chunk) => {
            serde_json::to_value(chunk).map_err(RouteError::Body)? // expect: perf-leads/json-per-event
        }
        Err(e) => serde_json::json!({ "error": e.to_string() }),
    };
    tracing::debug!(id = ?chunk_json.get("id"), "chunk");
    Ok(axum::response::sse::Event::default().json_data(chunk_json).map_err(|_| RouteError::Closed)?)
}

// Text parsed into a Value only to be nested in a `json!` document that is
// written out again: the macro copies the tree, and the bytes were JSON
// already (arroyo's record serializer, per row, a held-out recall miss).
pub fn wrap_rows(rows: Vec<Vec<u8>>, schema: serde_json::Value) -> Vec<Vec<u8>> {
    rows.into_iter()
        .map(|row| {
            let payload: serde_json::Value = serde_json::from_slice(&row).unwrap(); // expect: perf-review/json-parsed-to-nest
            let record = serde_json::json!({ "schema": schema, "payload": payload });
            serde_json::to_vec(&record).unwrap() // expect: perf-leads/json-per-event
        })
        .collect()
}

// Not when the document is the fn's product, a Value returned (vaultwarden's
// policy, its stored text nested in an API answer) ...
pub fn policy_json(data: &str, id: u64) -> serde_json::Value {
    let data_json: serde_json::Value = serde_json::from_str(data).unwrap_or(serde_json::Value::Null);
    let policy = serde_json::json!({ "id": id, "data": data_json });
    policy
}

// ... nor when the parsed value is read, not only nested.
pub fn wrap_checked(row: &[u8]) -> Vec<u8> {
    let payload: serde_json::Value = serde_json::from_slice(row).unwrap();
    let kind = payload["kind"].as_str().unwrap_or("").len();
    let record = serde_json::json!({ "payload": payload, "kind": kind });
    serde_json::to_vec(&record).unwrap() // expect: perf-leads/json-per-event
}

// A result cloned out of a map a statement before, only to be
// deserialized, the name bound again by the parse (langchain-rust's
// sequential chain) ...
pub fn result_of(output: &std::collections::HashMap<String, serde_json::Value>) -> Result<ChatRequest, serde_json::Error> {
    let result = output.get("result").cloned().unwrap_or_default().clone();
    let result: ChatRequest = serde_json::from_value(result)?; // expect: perf-review/json-value-cloned-to-parse
    Ok(result)
}

// ... not one the fn reads besides: the copy serves it too.
pub fn result_and_kind(output: &std::collections::HashMap<String, serde_json::Value>) -> (Option<ChatRequest>, usize) {
    let raw = output.get("result").cloned().unwrap_or_default().clone();
    let kind = raw["kind"].as_str().unwrap_or("").len();
    let parsed: Option<ChatRequest> = serde_json::from_value(raw).ok();
    (parsed, kind)
}

// A nested field's copy, two keys deep (an OpenSearch hit's text).
pub fn hit_text(hit: &serde_json::Value) -> String {
    serde_json::from_value::<String>(hit["_source"]["text"].clone()).unwrap_or_default() // expect: perf-review/json-value-cloned-to-parse
}

// Every event of a stream parsed whole only for `if let` to keep one kind
// (archgw's response-state processor, looking for the completion among
// every streamed event) ...
#[derive(serde::Deserialize)]
pub enum StreamEvent {
    Delta { text: String },
    Completed { id: String, output: Vec<String> },
}

pub fn completed_id(events: &[String]) -> Option<String> {
    for data in events {
        if let Ok(StreamEvent::Completed { id, .. }) = serde_json::from_str::<StreamEvent>(data) { // expect: perf-review/json-parsed-for-one-variant
            return Some(id);
        }
    }
    None
}

// ... not one item outside a loop, nor a parse kept whole, nor a struct.
pub fn is_completed(data: &str) -> bool {
    if let Ok(StreamEvent::Completed { .. }) = serde_json::from_str::<StreamEvent>(data) {
        return true;
    }
    false
}

pub fn texts(events: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for data in events {
        if let Ok(ev) = serde_json::from_str::<StreamEvent>(data) {
            if let StreamEvent::Delta { text } = ev {
                out.push(text);
            }
        }
        if let Ok(Some(t)) = serde_json::from_str::<Option<String>>(data) {
            out.push(t);
        }
    }
    out
}

// A map filled with JSON values, then made a Value itself and dropped
// (archgw's MCP tool call, per agent call) ...
pub fn tool_call(messages: &[String]) -> Result<serde_json::Value, serde_json::Error> {
    let mut arguments = std::collections::HashMap::new();
    arguments.insert("messages".to_string(), serde_json::to_value(messages)?);
    let mut params = std::collections::HashMap::new();
    params.insert("arguments".to_string(), serde_json::to_value(arguments)?); // expect: perf-review/json-value-copied-to-value
    serde_json::to_value(params) // expect: perf-review/json-value-copied-to-value
}

// ... not a map of plain values, nor one read after the copy.
pub fn plain_map(model: &str) -> Result<serde_json::Value, serde_json::Error> {
    let mut args = std::collections::HashMap::new();
    args.insert("model".to_string(), model.to_string());
    serde_json::to_value(args)
}

pub fn copy_kept(doc: serde_json::Value) -> Result<(serde_json::Value, usize), serde_json::Error> {
    let tree: serde_json::Value = doc;
    let copy = serde_json::to_value(&tree)?;
    Ok((copy, tree.as_object().map_or(0, |m| m.len())))
}

// Text parsed into a Value, changed in place through `&mut`, then
// deserialized: the Value is the way to change it (warpgate's session
// snapshot, its secrets redacted) -- not a parse made twice ...
fn redact(_v: &mut serde_json::Value) {}

pub fn snapshot(text: &str) -> Option<ChatRequest> {
    let mut value = serde_json::from_str(text).ok()?;
    redact(&mut value);
    serde_json::from_value::<ChatRequest>(value).ok()
}

// ... while a Value only bound `mut`, never changed, is parsed twice.
#[allow(unused_mut)]
pub fn snapshot_unchanged(text: &str) -> Option<ChatRequest> {
    let mut value = serde_json::from_str(text).ok()?;
    serde_json::from_value::<ChatRequest>(value).ok() // expect: perf-review/json-value-parsed-again
}

// A value converted to another type through a Value bound by a plain
// `let` and handed whole to from_value: no edit can come between (rsky's
// read-after-write threads, held-out recall sample 58) ...
pub fn thread_view(thread: &Fingerprint) -> Fingerprint {
    let val = serde_json::to_value(thread).expect("serializes");
    serde_json::from_value::<Fingerprint>(val).expect("deserializes") // expect: perf-review/json-value-round-trip
}

// ... but not one bound `let mut`, edited before it is converted, nor a
// type's own `from_value` (tera's context, built from a Value's entries).
pub fn stamped(fp: &Fingerprint) -> Result<Fingerprint, RouteError> {
    let mut val = serde_json::to_value(fp).map_err(RouteError::Body)?;
    val["stamp"] = serde_json::Value::from(1);
    serde_json::from_value(val).map_err(RouteError::Body)
}

pub fn context_of(fp: &Fingerprint) -> Result<Context, RouteError> {
    let obj = serde_json::to_value(fp).map_err(RouteError::Body)?; // expect: perf-leads/json-per-event
    Context::from_value(obj)
}

// A payload serialized only to check its size, with a length for a
// failed serialization (`.map_or(usize::MAX, |s| s.len())`: lakekeeper's
// generic-table payload limit, per create request, held-out recall sample
// 59) ...
pub fn check_payload(value: &Fingerprint) -> Result<(), RouteError> {
    let len = serde_json::to_string(value).map_or(usize::MAX, |s| s.len()); // expect: perf-review/json-serialized-to-measure expect: perf-leads/json-per-event
    if len > 4096 {
        return Err(RouteError::TooLarge);
    }
    Ok(())
}

// ... but not a text whose length falls back and which is then kept.
pub fn payload_text(value: &Fingerprint) -> (usize, Option<String>) {
    let text = serde_json::to_string(value).ok();
    (text.as_ref().map_or(0, |s| s.len()), text)
}

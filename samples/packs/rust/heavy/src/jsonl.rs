// Not on a hot path: what json-in-loop and vec-push-known-bound make of
// a loop that writes JSON Lines.

// JSON Lines written into one buffer: what json-in-loop asks for already
// (tensorzero's batch upload): fine.
pub fn jsonl(events: &[u32]) -> Vec<u8> {
    let mut out = Vec::new();
    for e in events {
        serde_json::to_writer(&mut out, e).unwrap();
        out.push(b'\n');
    }
    out
}

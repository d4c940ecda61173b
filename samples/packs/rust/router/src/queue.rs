//! Messages tested against a queue's size limit.
const MAX_INLINE: usize = 1 << 20;

pub struct Queue;
impl Queue {
    pub fn publish(&self, _bytes: &[u8]) {}
}

// Tested against the limit and then published when it fits, the usual
// path: the text is the message, made once (lmnr's span batches, held-out
// precision sample 58, judged wrong) -- not json-serialized-to-test-size.
pub fn publish_span(span: &serde_json::Value, queue: &Queue) {
    let message = serde_json::to_vec(span).unwrap_or_default(); // expect: perf-leads/json-per-event
    if message.len() >= MAX_INLINE {
        eprintln!("payload too large: {}", message.len());
    } else {
        queue.publish(&message);
    }
}

// The same with the test the other way round.
pub fn publish_batch(batch: &serde_json::Value, queue: &Queue) {
    let message = serde_json::to_vec(batch).unwrap_or_default(); // expect: perf-leads/json-per-event
    if message.len() < MAX_INLINE {
        queue.publish(&message);
    }
}

// A background check started with the process from `main`, its failure
// logged: `main` has no caller to tell (spacedrive's desktop app checking
// the last library it opened) -- no finding.
pub async fn main() {
    tokio::spawn(async move {
        if let Err(e) = crate::tasks::upload(b"last-library").await {
            tracing::warn!("could not validate the last library: {e}");
        }
    });
}

// A thread started and joined inside an async handler: the executor
// thread waits for it (seekstorm's index-document requests) ...
pub async fn index_document(body: Vec<u8>) -> usize {
    let task_result = std::thread::spawn(move || body.len()); // expect: perf-review/blocking-join-in-async
    task_result.join().unwrap_or(0)
}

// ... not a thread joined in a plain fn, nor one left to run.
pub fn index_document_sync(body: Vec<u8>) -> usize {
    let task_result = std::thread::spawn(move || body.len());
    task_result.join().unwrap_or(0)
}

pub async fn index_in_background(body: Vec<u8>) {
    let _worker = std::thread::spawn(move || body.len());
}

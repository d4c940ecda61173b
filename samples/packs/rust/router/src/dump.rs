//! A dump tool's output.
use crate::events::ChatRequest;

// Each record pretty-printed into what `println!` writes, among other
// fields (`println!("Key: {:?}, Value: {}", key, to_string_pretty(&v))`):
// indented text is for a reader, the dump's output (readyset's RocksDB
// dump tool, a held-out finding judged wrong) -- unlike a compact
// serialization in a line about something else.
pub fn dump_records(records: &[(u64, ChatRequest)]) {
    for (key, record) in records {
        println!(
            "Key: {:?}, Value: {}",
            key,
            serde_json::to_string_pretty(&record.model).unwrap_or_default()
        );
    }
}

pub fn log_records(records: &[(u64, ChatRequest)]) {
    for (key, record) in records {
        println!("record {:?}: {}", key, serde_json::to_string(&record.model).unwrap_or_default()); // expect: perf-review/json-in-loop expect: perf-review/json-for-log-line
    }
}

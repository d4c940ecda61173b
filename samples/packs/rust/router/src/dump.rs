//! A dump tool's output.
use crate::events::ChatRequest;

// Each record pretty-printed into what `println!` writes, among other
// fields (`println!("Key: {:?}, Value: {}", key, to_string_pretty(&v))`):
// indented text is for a reader, the dump's output (readyset's RocksDB
// dump tool, a held-out finding judged wrong).  A compact serialization
// printed in a line about something else is printed as it is too: a lead
// at most (plane's db-cli, a held-out finding judged wrong).
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
        println!("record {:?}: {}", key, serde_json::to_string(&record.model).unwrap_or_default()); // expect: perf-leads/json-in-loop-output expect: perf-review/json-for-log-line
    }
}

// Each record's text copied into one buffer: a String made per pass only to
// be copied again, which `serde_json::to_writer` into the buffer would not make.
pub fn export_lines(records: &[(u64, ChatRequest)], out: &mut String) {
    for (_, record) in records {
        let line = serde_json::to_string(&record.model).unwrap_or_default(); // expect: perf-review/json-in-loop expect: perf-leads/json-per-event
        out.push_str(&line);
        out.push('\n');
    }
}

// Each record published as the message itself: the text is what the pass
// sends (a lead at most).
pub fn publish_records(records: &[(u64, ChatRequest)], bus: &crate::events::Bus) {
    for (_, record) in records {
        bus.publish("records", serde_json::to_vec(&record.model).unwrap_or_default()); // expect: perf-leads/json-in-loop-output expect: perf-leads/json-per-event
    }
}

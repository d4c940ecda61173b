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

// A validator that compiles its fixed pattern on every call (svix's
// `validate_no_control_characters`, named in a `#[validate(custom(..))]`
// attribute, so no call graph reaches it): compiled per request all the same.
pub fn validate_no_control_characters(s: &str) -> Result<(), String> {
    let re = regex::Regex::new(r"[\x00-\x08]").unwrap(); // expect: perf-review/regex-compiled-per-call
    if re.is_match(s) {
        return Err("control characters".to_string());
    }
    Ok(())
}

// Built once and kept, returned to the caller, or made from a pattern that
// differs per call: fine.
pub struct Matcher {
    re: regex::Regex,
}

impl Matcher {
    pub fn new() -> Self {
        let re = regex::Regex::new(r"^[a-z]+$").unwrap();
        Matcher { re }
    }
}

pub fn compile_tag() -> regex::Regex {
    regex::Regex::new(r"<[a-z]+>").unwrap()
}

pub fn matches_user_pattern(pattern: &str, s: &str) -> bool {
    regex::Regex::new(pattern).map(|re| re.is_match(s)).unwrap_or(false)
}

// One regex per configured pool, compiled into the settings it goes with
// (pgcat's pools): the product of the loop, kept, not a recompilation.
pub fn pool_settings(pools: &[PoolConfig]) -> Vec<PoolSettings> {
    let mut out = Vec::with_capacity(pools.len());
    for pool in pools {
        out.push(PoolSettings {
            sharding_key_regex: pool.sharding_key_regex.as_ref().map(|r| Regex::new(r).unwrap()),
        });
    }
    out
}

// A static regex declared inside the fn, compiled once per process
// (shadowsocks-rust's ACL rules): fine.
pub fn equivalent_rule(rule: &str) -> bool {
    static EQUIV: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::RegexBuilder::new(r"^\^[a-z]+$").unicode(false).build().unwrap()
    });
    EQUIV.is_match(rule)
}

// A regex moved into the matcher the fn returns, built once per model
// load and run per tensor (mistral.rs's `get_device_for_tensor`): fine.
pub fn layer_of_tensor() -> std::sync::Arc<dyn Fn(&str) -> Option<usize> + Send + Sync> {
    let re = regex::Regex::new(r"\.layers\.(\d+)\.").unwrap();
    std::sync::Arc::new(move |name: &str| re.captures(name).and_then(|c| c[1].parse().ok()))
}

// One request written to each replica: the same value serialized again on
// every pass (mistral.rs's request replication to its daemons).
pub fn replicate(request: &Vec<u32>, replicas: &mut [Vec<u8>]) {
    for out in replicas.iter_mut() {
        let text = serde_json::to_string(request).unwrap(); // expect: perf-review/json-same-value-in-loop
        out.extend_from_slice(text.as_bytes());
    }
}

// One payload per worker started, each with its own rank (mistral.rs's
// spawned workers): the serialization is the message: fine.
pub fn start_workers(num_workers: usize, envs: &mut Vec<String>) {
    for worker_rank in 0..num_workers {
        let data = (worker_rank, num_workers);
        envs.push(serde_json::to_string(&data).unwrap());
    }
}

// The two documents the code names, one pass each (`for e in [a, b]`):
// as many serializations as the array written out, not one per item that
// arrives.
pub fn pair_payloads(first: &serde_json::Value, second: &serde_json::Value) -> Vec<String> {
    let mut out = Vec::with_capacity(2);
    for e in [first, second] {
        out.push(serde_json::to_string(e).unwrap_or_default());
    }
    out
}

// The JSON text columns of a bulk insert, one per row, collected into a
// list named for JSON text (quickwit's metastore, held-out findings judged
// wrong): the stored form, not an event stream.
pub struct Split {
    pub tags: Vec<String>,
}

pub fn tag_columns(splits: &[Split]) -> Vec<String> {
    let mut tags_json = Vec::with_capacity(splits.len());
    for split in splits {
        tags_json.push(serde_json::to_string(&split.tags).unwrap_or_default());
    }
    tags_json
}

// A compare-and-swap retried a few times, the value changed and encoded
// again each pass: one pass in the usual case (rustfs' scanner usage
// fence, a held-out finding judged wrong).
pub fn fence_epoch(usage: &mut Split, epoch: u64, mut cas: impl FnMut(Vec<u8>) -> bool) -> bool {
    for retry in 0..=3u32 {
        usage.tags.push(format!("{epoch}-{retry}"));
        let data = serde_json::to_vec(&usage.tags).unwrap_or_default();
        if cas(data) {
            return true;
        }
    }
    false
}

// One metadata file written per object sorted, its JSON the file's whole
// content (symsorter's `.meta` files, a held-out look-alike): the output.
pub fn write_meta_files(dir: &std::path::Path, splits: &[Split]) -> std::io::Result<()> {
    for (i, split) in splits.iter().enumerate() {
        std::fs::write(dir.join(format!("{i}.meta")), serde_json::to_vec(&split.tags)?)?;
    }
    Ok(())
}

// JSON text kept as a map's value under its key: an array field flattened
// into the encoded message's parameters, a value stored in an in-memory
// table (vector's syslog encoder and memory enrichment table, held-out
// findings judged wrong): the stored form, not a stream.
pub fn flatten_entries(entries: &[(String, Vec<u32>)]) -> std::collections::BTreeMap<String, String> {
    let mut result = std::collections::BTreeMap::new();
    for (key, arr) in entries {
        if let Ok(json) = serde_json::to_string(arr) {
            result.insert(key.clone(), json);
        }
    }
    result
}

pub fn store_values(table: &mut std::collections::HashMap<String, String>, values: Vec<(String, Vec<u32>)>) {
    for (key, value) in values {
        let Ok(v) = serde_json::to_string(&value) else {
            continue;
        };
        table.insert(key, v);
    }
}

// A command parser that compiles a fixed pattern in each branch, one `re`
// per branch (neon's safekeeper `parse_cmd`, per command a connection
// sends: a held-out recall miss): each compiled per call.
pub fn parse_command(cmd: &str) -> Option<u64> {
    if cmd.starts_with("PUSH") {
        let re = regex::Regex::new(r"PUSH (\d+)").unwrap(); // expect: perf-review/regex-compiled-per-call
        let caps = re.captures(cmd)?;
        caps[1].parse().ok()
    } else {
        let re = regex::Regex::new(r"PULL (\d+)").unwrap(); // expect: perf-review/regex-compiled-per-call
        let caps = re.captures(cmd)?;
        caps[1].parse().ok()
    }
}

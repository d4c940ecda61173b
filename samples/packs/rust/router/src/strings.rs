fn lookup(key: &str) -> usize {
    key.len()
}

fn lookup_two(a: &str, b: &str) -> usize {
    a.len() + b.len()
}

// An owned String made from a literal, only to be borrowed.
pub fn route_len() -> usize {
    lookup(&String::from("chat")) // expect: perf-review/owned-string-borrowed
}

pub fn both() -> usize {
    lookup_two("a", &"completions".to_string()) // expect: perf-review/owned-string-borrowed
}

pub fn as_str_at_once() -> usize {
    lookup("models".to_owned().as_str()) // expect: perf-review/owned-string-borrowed
}

// Trimmed text copied into a String only to be borrowed.
pub fn trimmed(key: &str) -> usize {
    lookup(&String::from(key.trim())) // expect: perf-review/owned-string-borrowed
}

pub fn trimmed_again(key: &str) -> usize {
    lookup(&key.trim().to_string()) // expect: perf-review/owned-string-borrowed
}

// Trimmed and kept: fine.
pub fn trimmed_kept(key: &str) -> String {
    let owned = key.trim().to_string();
    owned
}

// Kept as an owned value: fine.
pub fn kept() -> String {
    let s = String::from("chat");
    s
}

// A number has to become a string to be looked up: fine.
pub fn numbered(id: u64) -> usize {
    lookup(&id.to_string())
}

// Formatting builds new text: fine.
pub fn formatted(model: &str) -> usize {
    lookup(&format!("{model}/v1"))
}

// A collection's lookup by its element: a `Vec<String>` takes a `&String`
// in `contains`, so the literal alone would not do (mistral.rs's LoRA
// target modules): fine.
pub fn targets_gate(target_modules: &Vec<String>) -> bool {
    target_modules.contains(&"gate_proj".to_string())
}

// Text formatted into a new String only to be borrowed (the issue's
// `format!("{}", s)`): the parameter is a `&str` already.
pub fn formatted(key: &str) -> usize {
    lookup(&format!("{}", key)) // expect: perf-review/format-str-borrowed
}

// A number's Display does real work, and a String formatted and kept is
// owned on purpose: fine.
pub fn formatted_number(n: u64) -> usize {
    lookup(&format!("{}", n))
}

pub fn formatted_kept(key: &str) -> String {
    format!("{}", key)
}

// A label looked up by the prediction's index turned into text on every
// pass (text-embeddings-inference's `id2label.get(&i.to_string())`):
// keyed by the index itself, the map needs no String per prediction.
pub fn labelled_total(id2label: &std::collections::HashMap<String, String>, scores: &[f32]) -> usize {
    let mut total = 0;
    for (i, _s) in scores.iter().enumerate() {
        total += id2label.get(&i.to_string()).map_or(0, |l| l.len()); // expect: perf-review/lookup-key-formatted
    }
    total
}

// Looked up once, outside any loop: fine.
pub fn label_of(id2label: &std::collections::HashMap<String, String>, i: usize) -> Option<String> {
    id2label.get(&i.to_string()).cloned()
}

// A `&String` parameter of the file's fn takes `&".".to_string()` as its
// signature asks: a `&str` needs the signature changed first (chroma's
// CLI installer, a held-out finding judged wrong) ...
async fn download_sample_app(name: &String, path: &String) -> Result<(), String> {
    let _ = (name, path);
    Ok(())
}

pub async fn install_sample_app(app_name: &String) -> Result<(), String> {
    download_sample_app(app_name, &".".to_string()).await
}

// ... while one declared `&str` would take the literal itself (a finding).
fn open_in(dir: &str, name: &str) -> usize {
    dir.len() + name.len()
}

pub fn open_here(name: &str) -> usize {
    open_in(&".".to_string(), name) // expect: perf-review/owned-string-borrowed
}

// A String copied only to be borrowed: `&x` is the same `&String`
// (arroyo's websocket source, `Uri::from_str(&self.url.to_string())`).
pub struct Upstream {
    url: String,
    label: &'static str,
}

impl Upstream {
    pub fn url_len(&self) -> usize {
        lookup(&self.url.to_string()) // expect: perf-review/string-copied-to-borrow
    }

    pub fn label_len(&self) -> usize {
        lookup(&self.label.to_string())
    }
}

pub fn target_len(target: String) -> usize {
    lookup(&target.to_string()) // expect: perf-review/string-copied-to-borrow
}

// Not of a `&str`: a cache keyed by `String` may take only a `&String`.
pub fn cached(cache: &std::collections::BTreeMap<String, usize>, sql: &str) -> Option<usize> {
    cache.get(&sql.to_string()).copied()
}

// Not of a name bound again since: `name` is no longer the parameter.
pub fn shadowed_len(name: String) -> usize {
    let name = name.len();
    lookup(&name.to_string())
}

// Not borrowed at once: the copy is kept.
pub fn kept(url: String) -> (String, String) {
    let copy = url.to_string();
    (copy, url)
}

// A constant's text made a String on every call, present value or not,
// only to be borrowed as the default (langchain-rust's chains) ...
const DEFAULT_OUTPUT_KEY: &str = "output";

pub fn output_key(keys: &[String]) -> String {
    keys.first().unwrap_or(&DEFAULT_OUTPUT_KEY.to_string()).clone() // expect: perf-review/default-string-made-each-call
}

// ... not when it is made only when missing.
pub fn output_key_lazily(keys: &[String]) -> String {
    keys.first().cloned().unwrap_or_else(|| DEFAULT_OUTPUT_KEY.to_string())
}

// A value formatted into a String only for the serializer to copy it
// (stalwart's JMAP ids, per id of every response) ...
pub struct JmapId(pub u64);
impl std::fmt::Display for JmapId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "i{:x}", self.0)
    }
}
impl serde::Serialize for JmapId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_string()) // expect: perf-review/string-made-to-serialize
    }
}
pub struct Reference(pub String);
impl serde::Serialize for Reference {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&format!("#{}", self.0)) // expect: perf-review/string-made-to-serialize
    }
}

// ... not `collect_str`, nor text borrowed as it is.
pub struct BlobId(pub u64);
impl std::fmt::Display for BlobId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "b{:x}", self.0)
    }
}
impl serde::Serialize for BlobId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}
pub struct Name(pub String);
impl serde::Serialize for Name {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

// A vector grown by push in a loop whose length is known.
pub fn scores(workers: &[u32]) -> Vec<u64> {
    let mut out = Vec::new(); // expect: perf-review/vec-push-known-bound
    for w in workers.iter() {
        out.push(*w as u64 * 2);
    }
    out
}

// A range has a known length too.
pub fn squares(n: usize) -> Vec<usize> {
    let mut v: Vec<usize> = Vec::new(); // expect: perf-review/vec-push-known-bound
    for i in 0..n {
        v.push(i * i);
    }
    v
}

// Already sized: fine.
pub fn sized(workers: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(workers.len());
    for w in workers {
        out.push(*w);
    }
    out
}

// A filter makes the length unknown: fine.
pub fn evens(xs: &[u32]) -> Vec<u32> {
    let mut out = Vec::new();
    for x in xs.iter().filter(|x| **x % 2 == 0) {
        out.push(*x);
    }
    out
}

// A channel has no length: fine.
pub fn drain(rx: &std::sync::mpsc::Receiver<u32>) -> Vec<u32> {
    let mut out = Vec::new();
    for x in rx.iter() {
        out.push(x);
    }
    out
}

// Pushed outside any loop: fine.
pub fn pair(a: u32, b: u32) -> Vec<u32> {
    let mut out = Vec::new();
    out.push(a);
    out.push(b);
    out
}

// A reader's records: their number is not known up front: fine.
pub fn records(rdr: &mut Reader) -> Vec<Record> {
    let mut out = Vec::new();
    for r in rdr.records() {
        out.push(r);
    }
    out
}

// Bound to an iterator chain: its length is not known: fine.
pub fn errors(stderr: &str) -> Vec<String> {
    let lines = stderr.lines().filter(|l| l.starts_with("error"));
    let mut out = Vec::new();
    for l in lines {
        out.push(l.to_string());
    }
    out
}

// Pushed in an inner loop, not once per item: fine.
pub fn expand(groups: &[Vec<u32>]) -> Vec<u32> {
    let mut out = Vec::new();
    for g in groups.iter() {
        let mut i = 0;
        while i < g.len() {
            out.push(g[i]);
            i += 1;
        }
    }
    out
}

// Pushed under a condition in the loop: the length is only a bound
// (tabby's repositories filtered by access): fine.
pub fn readable(repos: Vec<Repo>, policy: &Policy) -> Vec<Repo> {
    let mut filtered = Vec::new();
    for repo in repos {
        if policy.can_read(&repo) {
            filtered.push(repo);
        }
    }
    filtered
}

// Pushed after a `continue` that skips some items: a bound too: fine.
pub fn commits(refs: &[String], repo: &Repo) -> Vec<String> {
    let mut out = Vec::new();
    for name in refs {
        let Some(id) = repo.find(name) else {
            continue;
        };
        out.push(id);
    }
    out
}

// The loop runs only under a condition, after other pushes (tensorzero's
// response content blocks): fine.
pub fn content(text: Option<String>, calls: Option<Vec<String>>) -> Vec<String> {
    let mut content = Vec::new();
    if let Some(t) = text {
        content.push(t);
    }
    if let Some(calls) = calls {
        for c in calls.iter() {
            content.push(c.clone());
        }
    }
    content
}

// Pushed until a `break` ends the loop (candle's generated tokens, up to
// the end-of-sequence token): the range is only a bound: fine.
pub fn generate(first: u32, max_new_tokens: usize, eos: u32, step: &dyn Fn(u32) -> u32) -> Vec<u32> {
    let mut generated = Vec::new();
    let mut next = first;
    for _ in 0..max_new_tokens {
        next = step(next);
        generated.push(next);
        if next == eos {
            break;
        }
    }
    generated
}

// A loop over an iterator the caller hands in: its length is not known
// before it starts (aici's `to_offsets`): fine.
pub fn to_offsets(seqlens: impl Iterator<Item = usize>) -> Vec<i32> {
    let mut offsets = Vec::new();
    let mut offset = 0;
    for len in seqlens {
        offsets.push(offset as i32);
        offset += len;
    }
    offsets
}

// A sliding window: pushed once per pass but shrunk in the loop too, so
// the loop's length is no bound (aichat's text splitter, a held-out
// look-alike).
pub fn windows(splits: &[String], size: usize) -> Vec<String> {
    let mut docs = Vec::new();
    let mut current = Vec::new();
    for d in splits {
        if current.len() == size {
            docs.push(current.join(" "));
            current.remove(0);
        }
        current.push(d.clone());
    }
    docs
}

// A Python iterator has no length before it ends (lance's HNSW builder,
// a held-out look-alike).
pub fn arrays(vectors: &Bound<PyIterator>) -> PyResult<Vec<ArrayData>> {
    let mut data = Vec::new();
    for v in vectors {
        data.push(ArrayData::from_pyarrow_bound(&v?)?);
    }
    Ok(data)
}

// A stream's reader iterated itself yields its batches as they come
// (restate's Arrow IPC reader, a held-out finding judged wrong) ...
pub fn read_batches(payload: &[u8]) -> Result<Vec<RecordBatch>, ArrowError> {
    let reader = StreamReader::try_new(payload, None)?;
    let mut batches = Vec::new();
    for batch in reader {
        batches.push(batch?);
    }
    Ok(batches)
}

// ... and a row per node of a tree, pushed at each level of the loops
// over it, is no row per pass of the outer one (restate's counter trie, a
// held-out finding judged wrong).
pub fn scan_counters(scopes: &HashMap<String, Scope>) -> Vec<CounterRow> {
    let mut out = Vec::new();
    for (name, scope) in scopes {
        out.push(CounterRow::new(name, scope.count));
        for (key, node) in &scope.children {
            out.push(CounterRow::new(key, node.count));
        }
    }
    out
}

// `self.iter()` of the file's own `fn iter(&self) -> Box<dyn Iterator<..>>`
// yields what it finds (chroma's embedded migrations, a held-out finding
// judged wrong).
pub struct MigrationDir;
impl MigrationDir {
    fn iter(&self) -> Box<dyn Iterator<Item = String>> {
        Box::new(std::iter::empty())
    }

    pub fn source_migrations(&self) -> Vec<String> {
        let mut migrations = Vec::new();
        for name in self.iter() {
            migrations.push(name.to_uppercase());
        }
        migrations
    }
}

// A search that pushes each step until it finds what it looks for and
// returns it: the loop ends early on success, so the collection's length
// is no size for the vector (just's recipe path, a held-out finding judged
// wrong) -- unlike a loop left early only on an error, which still pushes
// once per element when it succeeds.
pub fn resolve(modules: &[String], target: &str) -> Result<(Vec<String>, usize), String> {
    let mut path = Vec::new();
    for (i, m) in modules.iter().enumerate() {
        path.push(m.clone());
        if m == target {
            return Ok((path, i + 1));
        }
    }
    Err(path.join("::"))
}

pub fn checked(names: &[String]) -> Result<Vec<String>, String> {
    let mut out = Vec::new(); // expect: perf-review/vec-push-known-bound
    for n in names {
        if n.is_empty() {
            return Err("empty name".to_string());
        }
        out.push(n.to_uppercase());
    }
    Ok(out)
}

// A directory's entries, a parameter typed std's `ReadDir`: an iterator
// whose length nothing knows before the loop ends (ferron's directory
// listing) -- no finding.
pub fn entries_of(directory: std::fs::ReadDir) -> std::io::Result<Vec<std::fs::DirEntry>> {
    let mut entries = Vec::new();
    for entry in directory {
        entries.push(entry?);
    }
    Ok(entries)
}

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

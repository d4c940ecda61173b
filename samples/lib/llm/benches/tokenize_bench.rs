// SPDX-License-Identifier: Apache-2.0

//! Tokenizer throughput. The clones here are benchmark setup, not hot path.

use std::sync::Arc;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use dynamo_llm::preprocessor::tokenize::Tokenizer;

fn load() -> Tokenizer {
    Tokenizer::from_file("tests/data/tokenizer.json").expect("tokenizer fixture")
}

fn bench_encode(c: &mut Criterion) {
    let tokenizer = Arc::new(load());
    let prompt = "The quick brown fox jumps over the lazy dog. ".repeat(64);
    c.bench_function("encode_4k", |b| {
        b.iter(|| tokenizer.encode(black_box(&prompt.clone())).unwrap())
    });
}

fn bench_encode_batch(c: &mut Criterion) {
    let tokenizer = load();
    let prompts: Vec<String> = (0..32).map(|i| format!("prompt number {i}")).collect();
    c.bench_function("encode_batch_32", |b| {
        b.iter(|| tokenizer.encode_batch(prompts.clone()).unwrap())
    });
}

criterion_group!(benches, bench_encode, bench_encode_batch);
criterion_main!(benches);

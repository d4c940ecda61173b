//! Aggregate rows: JSON values kept in the project's own types.
use serde::Serialize;

#[derive(Serialize)]
pub enum Metric {
    Count(u64),
    Stats { min: f64, max: f64 },
}

pub enum AggregateResult {
    Count(u64),
    Json(serde_json::Value),
}

// Each pass's result, bound by a match arm (`other => ..`), serialized:
// a different value every pass, and kept in the project's own enum
// variant `AggregateResult::Json(..)`, no response that serializes it
// again (paradedb's aggregate rows, held-out findings judged wrong).
pub fn flatten(results: &[Metric], rows: &mut Vec<AggregateResult>) {
    for result in results {
        match result {
            Metric::Count(n) => {
                rows.push(AggregateResult::Count(*n));
            }
            other => {
                let json_value = serde_json::to_value(other).unwrap_or_default();
                rows.push(AggregateResult::Json(json_value));
            }
        }
    }
}

// A Vec filled first in a filtered loop and then in a sized one: its size
// is neither loop's length (paradedb's top-k candidates, a held-out
// finding judged wrong).
pub fn candidates(segments: &[Option<Vec<u64>>], pass_through: &[u64]) -> Vec<u64> {
    let mut out = Vec::new();
    for slot in segments {
        let Some(rows) = slot else { continue };
        for row in rows {
            out.push(*row);
        }
    }
    for row in pass_through {
        out.push(*row);
    }
    out
}

// Reserved before the loop, `out.reserve_exact(names.len())`: sized
// already (grafbase's authorization directives, a held-out finding judged
// wrong).
pub fn directive_names(names: &[String]) -> Vec<u32> {
    let mut out = Vec::new();
    out.reserve_exact(names.len());
    for name in names {
        out.push(name.len() as u32);
    }
    out
}

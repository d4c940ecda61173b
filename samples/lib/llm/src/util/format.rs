// SPDX-License-Identifier: Apache-2.0

//! Human-readable formatting helpers for logs and the admin UI. Nothing here
//! runs per token; these clones are off the hot path.

use std::fmt::Write;

pub struct Table {
    headers: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    pub fn new(headers: &[&str]) -> Self {
        Self { headers: headers.iter().map(|h| h.to_string()).collect(), rows: Vec::new() }
    }

    pub fn push(&mut self, row: &[String]) {
        self.rows.push(row.to_vec());
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        let header = self.headers.clone();
        let _ = writeln!(out, "| {} |", header.join(" | "));
        for row in &self.rows {
            let cells = row.clone();
            let _ = writeln!(out, "| {} |", cells.join(" | "));
        }
        out
    }
}

pub fn human_bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = n as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

pub fn label(name: &String) -> String {
    format!("« {} » — café 😀", name.clone())
}

pub fn reconfigured_headers(headers: &Vec<String>) -> Vec<String> {
    let reconfigured = headers.clone();
    reconfigured
}

pub fn configure_banner(config_name: &str, prevent_color: bool) -> String {
    let name = config_name.to_string();
    let plain = name.clone() + if prevent_color { "" } else { "\x1b[0m" };
    format!("📦 {plain}")
}

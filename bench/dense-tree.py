#!/usr/bin/env python3
"""dense-tree.py OUT [LINES] [--seed N]: a Rust tree where every tenth line holds a clone.

The report-speed issue's dense tree: LINES lines (default a million) of
request-handling code in files of some 400 lines, each block of ten lines
holding one `.clone()` (or `Arc::clone`) in one of the shapes real serving
code has -- a field of `self`, a by-value or borrowed parameter, a local
used again or not, a clone in a loop, in a closure, into a struct literal,
of an `Arc` handle.  The code is made to look like a workspace (a Cargo.toml
per crate) so the audit reads it as it reads a real one; it need not build.
Deterministic for a seed.  For bench/run.sh: `bench/run.sh --mode audit
$(bench/dense-tree.py /tmp/dense10)`.
"""
import os
import random
import sys

# Each block is ten lines; `{n}` is the block's number, `{t}` a type name.
BLOCKS = [
    """    pub fn route_{n}(&self, req: &Request) -> Option<String> {{
        let model = self.model.clone();
        if req.stream {{
            return None;
        }}
        let key = format!("{{}}:{{}}", model, req.id);
        self.cache.get(&key).cloned()
    }}

""",
    """    pub fn admit_{n}(&mut self, req: Request) -> usize {{
        let id = req.id.clone();
        self.pending.push(req);
        self.seen.insert(id);
        self.pending.len()
    }}


""",
    """    pub fn tokens_{n}(&self, prompt: String) -> Vec<u32> {{
        let text = prompt.clone();
        let mut out = Vec::with_capacity(text.len());
        for b in text.bytes() {{
            out.push(b as u32);
        }}
        out
    }}
""",
    """    pub async fn forward_{n}(&self, req: Request) -> Result<Response, Error> {{
        let client = Arc::clone(&self.client);
        let resp = client.send(req).await?;
        if resp.status != 200 {{
            return Err(Error::Upstream(resp.status));
        }}
        Ok(resp)
    }}
""",
    """    pub fn batch_{n}(&self, reqs: &[Request]) -> Vec<Entry> {{
        let mut out = Vec::new();
        for r in reqs {{
            let e = Entry {{ id: r.id.clone(), score: r.score }};
            out.push(e);
        }}
        out
    }}
""",
    """    pub fn spawn_{n}(&self, events: Vec<Event>) {{
        let tx = self.tx.clone();
        std::thread::spawn(move || {{
            for ev in events {{
                let _ = tx.send(ev);
            }}
        }});
    }}
""",
    """    pub fn label_{n}(&self, name: &str) -> String {{
        let mut s = self.prefix.clone();
        s.push_str(name);
        if s.len() > 64 {{
            s.truncate(64);
        }}
        s
    }}
""",
    """    pub fn update_{n}(&mut self, cfg: Config) -> Config {{
        let old = self.config.clone();
        self.config = cfg;
        self.version += 1;
        self.notify();
        old
    }}

""",
    """    pub fn pick_{n}(&self, workers: &HashMap<String, Worker>) -> Option<Worker> {{
        let best = workers
            .values()
            .min_by_key(|w| w.load)
            .map(|w| w.clone());
        best
    }}

""",
    """    pub fn record_{n}(&self, ev: &Event) -> Event {{
        let copy = ev.clone();
        self.metrics.count(&copy.kind);
        if copy.kind.is_empty() {{
            self.metrics.count("none");
        }}
        copy
    }}
""",
]

HEADER = """use std::collections::HashMap;
use std::sync::Arc;

use crate::types::{{Config, Entry, Error, Event, Request, Response, Worker}};

pub struct {t} {{
    model: String,
    prefix: String,
    config: Config,
    client: Arc<Client>,
    tx: std::sync::mpsc::Sender<Event>,
"""
HEADER_TAIL = """    cache: HashMap<String, String>,
    pending: Vec<Request>,
    seen: std::collections::HashSet<String>,
    metrics: Metrics,
    version: u64,
}}

impl {t} {{
"""

TYPES = """#[derive(Clone, Debug, Default)]
pub struct Request { pub id: String, pub stream: bool, pub score: u32 }
#[derive(Clone, Debug, Default)]
pub struct Response { pub status: u16, pub body: Vec<u8> }
#[derive(Clone, Debug, Default)]
pub struct Config { pub name: String, pub limits: Vec<u32> }
#[derive(Clone, Debug)]
pub struct Entry { pub id: String, pub score: u32 }
#[derive(Clone, Debug, Default)]
pub struct Event { pub kind: String, pub at: u64 }
#[derive(Clone, Debug, Default)]
pub struct Worker { pub name: String, pub load: u32 }
#[derive(Debug)]
pub enum Error { Upstream(u16) }
"""


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    seed = 2026
    if "--seed" in sys.argv:
        seed = int(sys.argv[sys.argv.index("--seed") + 1])
        args = [a for a in args if a != str(seed)]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if args else 2)
    out, lines = args[0], int(args[1]) if len(args) > 1 else 1_000_000
    rng = random.Random(seed)
    per_file, files_per_crate = 40, 25  # blocks per file: 400 lines and the header
    made = 0
    crate = 0
    while made < lines:
        root = os.path.join(out, "crates", "svc%03d" % crate)
        os.makedirs(os.path.join(root, "src"), exist_ok=True)
        with open(os.path.join(root, "Cargo.toml"), "w") as f:
            f.write('[package]\nname = "svc%03d"\nversion = "0.1.0"\nedition = "2021"\n' % crate)
        with open(os.path.join(root, "src", "types.rs"), "w") as f:
            f.write(TYPES)
        mods = []
        for k in range(files_per_crate):
            if made >= lines:
                break
            t = "Router%d" % k
            text = [HEADER.format(t=t), HEADER_TAIL.format(t=t)]
            for n in range(per_file):
                block = rng.choice(BLOCKS).format(n=n, t=t)
                text.append(block + "\n" * (10 - block.count("\n")))  # ten lines, one clone
            text.append("}\n")
            body = "".join(text)
            mods.append("handler%d" % k)
            with open(os.path.join(root, "src", "handler%d.rs" % k), "w") as f:
                f.write(body)
            made += body.count("\n")
        with open(os.path.join(root, "src", "lib.rs"), "w") as f:
            f.write("pub mod types;\n" + "".join("pub mod %s;\n" % m for m in mods))
        crate += 1
    print(out)


if __name__ == "__main__":
    main()

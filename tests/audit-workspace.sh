#!/bin/sh
# The workspace index: facts one file of a cargo workspace gives the
# verdicts of another -- a `Copy` type declared in another crate of the
# workspace, the item type of a `for` over a collection whose element is
# declared elsewhere -- and names a `use` brings in from a crate outside
# the workspace, which no workspace declaration of the same name speaks
# for.
. "$top_srcdir/tests/lib.sh"
command -v python3 >/dev/null || { echo "1..0 # SKIP python3 missing"; exit 0; }
H=$HOTPATH_AUDIT
W=$scratch/ws

mkdir -p "$W/types/src" "$W/engine/src" "$W/http_h1/src" "$W/app/src"
cat >"$W/Cargo.toml" <<'TOML'
[workspace]
members = ["types", "engine", "http_h1", "app"]
TOML
for c in types engine http_h1 app; do
	printf '[package]\nname = "%s"\nversion = "0.1.0"\nedition = "2021"\n' "$(echo $c | tr _ -)" >"$W/$c/Cargo.toml"
done
cat >"$W/types/src/lib.rs" <<'RS'
#[derive(Clone, Copy, Debug)]
pub enum DType { F16, F32 }
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Name(u32);
RS
cat >"$W/engine/src/block.rs" <<'RS'
use types::{DType, Name};
pub struct Block { dtype: DType }
pub struct Dep { name: Name, path: String }
pub struct Fingerprint { deps: Vec<Dep> }
impl Block {
    pub fn layout(&self) -> Layout { Layout::new(self.dtype.clone()) }
}
impl Fingerprint {
    pub fn stale(&self) -> Option<Name> {
        for dep in self.deps.iter() {
            if dep.path.is_empty() {
                return Some(dep.name.clone());
            }
        }
        None
    }
    pub fn paths(&self) -> Vec<String> {
        let mut out = Vec::new();
        for dep in &self.deps {
            out.push(dep.path.clone());
        }
        out
    }
}
RS
cat >"$W/http_h1/src/lib.rs" <<'RS'
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Version { Http10, Http11 }
RS
cat >"$W/app/src/resolve.rs" <<'RS'
use semver::Version;
pub fn newest(candidates: &[Version]) -> Vec<Version> {
    let mut out = Vec::new();
    for v in candidates.iter() {
        out.push(v.clone());
    }
    out
}
pub fn pick(v: &Version) -> Version { v.clone() }
RS
cat >"$W/app/src/proto.rs" <<'RS'
use http_h1::Version;
pub fn versions(seen: &[Version]) -> Vec<Version> {
    let mut out = Vec::new();
    for v in seen.iter() {
        out.push(v.clone());
    }
    out
}
RS
cat >"$W/app/src/pkg.rs" <<'RS'
use semver::Version;
pub struct Pkg { pub name: String, pub version: Option<Version> }
RS
cat >"$W/app/src/lookup.rs" <<'RS'
use crate::pkg::Pkg;
pub fn local(pkgs: &[Pkg], out: &mut Vec<semver::Version>) {
    for p in pkgs.iter() {
        if let Some(v) = &p.version {
            out.push(v.clone());
        }
    }
}
RS
cat >"$W/http_h1/src/socket.rs" <<'RS'
#[derive(Clone, Debug, PartialEq)]
pub enum SocketAddr { Inet(std::net::SocketAddr), Unix(String) }
pub struct Backend { pub addr: SocketAddr }
pub fn addr_of(b: &Backend) -> SocketAddr { b.addr.clone() }
RS
cat >"$W/app/src/listen.rs" <<'RS'
use std::net::SocketAddr;
pub fn bound(a: &SocketAddr) -> SocketAddr { a.clone() }
RS
cat >"$W/engine/src/fingerprint.rs" <<'RS'
#[derive(Clone, Copy, Debug)]
pub struct Metadata(u64);
RS
cat >"$W/engine/src/encode.rs" <<'RS'
pub type Metadata = std::collections::BTreeMap<String, String>;
RS
cat >"$W/engine/src/resolve.rs" <<'RS'
use crate::encode::Metadata;
pub struct Resolve { metadata: Metadata }
impl Resolve {
    pub fn merge_from(&mut self, previous: &Resolve) { self.metadata = previous.metadata.clone(); }
}
RS

"$H" audit --root "$W" --format json --output "$scratch/ws.json"
check "the workspace audits: exit 0" test $? -eq 0
verdict() { # FILE LINE -> "bucket rule"
	python3 -c "
import json, sys
for f in json.load(open(sys.argv[1]))['findings']:
    if f['path'] == sys.argv[2] and f['line'] == int(sys.argv[3]):
        print(f['bucket'], f['rule']); break
" "$scratch/ws.json" "$1" "$2"
}
check "a Copy enum declared in another crate of the workspace: removable_move R7" \
	test "$(verdict engine/src/block.rs 6)" = "removable_move R7"
check "a for item's field, typed from the collection's element declared elsewhere (Copy): removable_move R7" \
	test "$(verdict engine/src/block.rs 12)" = "removable_move R7"
check "... a String field of a borrowed item: kept (R16), never moved out" \
	test "$(verdict engine/src/block.rs 20)" = "semantic_required R16"
check "\`use semver::Version\` is not the workspace's Copy \`http_h1::Version\`: not R7" \
	sh -c "test \"\$1\" != 'removable_move R7' && test -n \"\$1\"" - "$(verdict app/src/resolve.rs 5)"
check "... nor for a parameter of that type: not R7" \
	sh -c "test \"\$1\" != 'removable_move R7' && test -n \"\$1\"" - "$(verdict app/src/resolve.rs 9)"
check "a field declared in another file as a Version that file imports from outside: not R7" \
	sh -c "test \"\$1\" != 'removable_move R7' && test -n \"\$1\"" - "$(verdict app/src/lookup.rs 5)"
check "\`use http_h1::Version\` from a crate of the workspace is: removable_move R7" \
	test "$(verdict app/src/proto.rs 5)" = "removable_move R7"
check "a workspace enum named SocketAddr (not Copy) is not std's SocketAddr of the rules' copy_type list" \
	sh -c "test \"\$1\" != 'removable_move R7' && test -n \"\$1\"" - "$(verdict http_h1/src/socket.rs 4)"
check "... while \`use std::net::SocketAddr\` in the same workspace is: removable_move R7" \
	test "$(verdict app/src/listen.rs 2)" = "removable_move R7"
check "a name both a Copy struct and an alias of the workspace (cargo's Metadata) is not known Copy: not R7" \
	sh -c "test \"\$1\" != 'removable_move R7' && test -n \"\$1\"" - "$(verdict engine/src/resolve.rs 4)"

# std's `as_str()` gives a `&str` (its clone a copy of the reference), but
# not a workspace's own `as_str()`, which may return anything.
W2=$scratch/ws2
mkdir -p "$W2/src"
printf '[package]\nname = "names"\nversion = "0.1.0"\nedition = "2021"\n' >"$W2/Cargo.toml"
cat >"$W2/src/lib.rs" <<'RS'
pub mod name;
pub fn keep(s: String) -> usize { s.len() }
pub fn shout(n: &name::Name) -> usize { keep(n.as_str().clone()) }
RS
cat >"$W2/src/name.rs" <<'RS'
pub struct Name(String);
impl Name { pub fn as_str(&self) -> String { self.0.to_uppercase() } }
RS
"$H" audit --root "$W2" --format json --output "$scratch/ws2.json"
check "a workspace's own as_str() (returning a String) is not std's &str: not R7" python3 -c "
import json, sys
f = [f for f in json.load(open(sys.argv[1]))['findings'] if f['path'] == 'src/lib.rs' and f['line'] == 3]
sys.exit(0 if len(f) == 1 and f[0]['rule'] != 'R7' and f[0]['type'] != '&str' else 1)" "$scratch/ws2.json"

# The compiler's word on the shapes this index types: each change the
# rules propose builds (a Copy field of a for item, of a map's value, of
# enumerate()'s and zip()'s items, of an if-let payload over &opt,
# `*self` of a Copy Self in a `&self` method, `*src` of a `&[Id; 2]`, and
# a copy only read by a workspace method taking `&self`).
if command -v cargo >/dev/null 2>&1; then
	C=$scratch/copycrate
	mkdir -p "$C/src"
	printf '[package]\nname = "copycrate"\nversion = "0.1.0"\nedition = "2021"\n' >"$C/Cargo.toml"
	cat >"$C/src/lib.rs" <<'RS'
use std::collections::HashMap;
#[derive(Clone, Copy, Debug)]
pub struct Id(u32);
#[derive(Clone, Copy, Debug)]
pub enum Level { Low, High }
pub struct Worker { pub id: Id, pub name: String }
pub struct Pool { pub workers: Vec<Worker>, pub by_name: HashMap<String, Id>, pub level: Option<Level> }
pub enum Codec { Deflate(Level) }
impl Level {
    pub fn codec(&self) -> Codec { Codec::Deflate(self.clone()) }
}
impl Pool {
    pub fn ids(&self) -> Vec<Id> {
        let mut out = Vec::new();
        for w in self.workers.iter() {
            out.push(w.id.clone());
        }
        for (i, w) in self.workers.iter().enumerate() {
            let _ = i;
            out.push(w.id.clone());
        }
        for (name, id) in &self.by_name {
            let _ = name;
            out.push(id.clone());
        }
        for (a, b) in self.workers.iter().zip(self.workers.iter()) {
            out.push(a.id.clone());
            out.push(b.id.clone());
        }
        out
    }
    pub fn level(&self) -> Option<Level> {
        if let Some(l) = &self.level {
            return Some(l.clone());
        }
        None
    }
}
pub fn clip(src: &[Id; 2], dst: &mut [Id; 2]) {
    let mut tmp = src.clone();
    tmp[0] = Id(0);
    *dst = tmp;
}
#[derive(Clone)]
pub struct Tree { nodes: Vec<u32> }
impl Tree { pub fn token_at_offset(&self, offset: usize) -> Option<u32> { self.nodes.get(offset).copied() } }
pub struct Parsed { pub tree: Tree }
pub fn pick(parsed: &Parsed, offset: usize) -> Option<u32> {
    let syntax = parsed.tree.clone();
    syntax.token_at_offset(offset)
}
RS
	"$H" audit --root "$C" --verify --verify-target-dir "$scratch/copytarget" --format json --output "$scratch/copy.json" 2>"$scratch/copy.err"
	check "the compiler verifies every removal of the typed shapes (9 sites), and refutes none" python3 -c "
import json, sys
fs = [f for f in json.load(open(sys.argv[1]))['findings'] if f['bucket'].startswith('removable')]
assert len(fs) == 9, [(f['line'], f['bucket']) for f in fs]
bad = [(f['line'], f.get('verification')) for f in fs if (f.get('verification') or {}).get('status') != 'verified']
assert not bad, bad
" "$scratch/copy.json"
	# a `no_std` crate: the field is taken with `core::mem::take`, which
	# builds there (`std::mem::take` does not: saphyr-parser-bw, E0433)
	N=$scratch/nostd
	mkdir -p "$N/src"
	printf '[package]\nname = "nostd"\nversion = "0.1.0"\nedition = "2021"\n' >"$N/Cargo.toml"
	cat >"$N/src/lib.rs" <<'RS'
#![no_std]
extern crate alloc;
use alloc::vec::Vec;

pub struct Batcher {
    items: Vec<u8>,
    done: Vec<Vec<u8>>,
}

impl Batcher {
    pub fn flush(&mut self) {
        let batch = self.items.clone();
        self.items.clear();
        self.done.push(batch);
    }
}
RS
	"$H" audit --root "$N" --verify --verify-target-dir "$scratch/nostdtarget" --format json --output "$scratch/nostd.json" 2>"$scratch/nostd.err"
	check "no_std: the field is taken with core::mem::take, and that builds" python3 -c "
import json, sys
f = [f for f in json.load(open(sys.argv[1]))['findings'] if f['line'] == 12][0]
assert f['rule'] == 'R14' and 'core::mem::take(&mut self.items)' in f['change'], (f['rule'], f['change'])
assert (f.get('verification') or {}).get('status') == 'verified', f.get('verification')
" "$scratch/nostd.json"
else
	skip "the compiler verifies the typed shapes" "cargo missing"
	skip "no_std: the field is taken with core::mem::take, and that builds" "cargo missing"
fi

# A closure reading another field of a value a field moved out of: in a
# 2018 crate the closure captures the whole value (E0382, gping), from
# 2021 on only the field it reads -- the crate's edition decides
for ed in 2018 2021; do
	E=$scratch/edition$ed
	mkdir -p "$E/src"
	printf '[package]\nname = "ed%s"\nversion = "0.1.0"\nedition = "%s"\n' "$ed" "$ed" >"$E/Cargo.toml"
	cat >"$E/src/lib.rs" <<'RS'
pub struct Args {
    pub hosts: Vec<String>,
    pub margin: u16,
}

fn draw<F: FnMut(u16)>(mut f: F) {
    f(1)
}

pub fn run(args: Args) -> usize {
    let hosts: Vec<String> = args.hosts.clone().into_iter().collect();
    draw(|n| {
        let _ = args.margin + n;
    });
    hosts.len()
}
RS
	"$H" audit --root "$E" --paths . --no-config --format json --output "$scratch/edition$ed.json" 2>/dev/null
done
check "edition 2018: a field moved out, then the whole value captured by a closure: kept" python3 -c "
import json, sys
f = [f for f in json.load(open(sys.argv[1]))['findings'] if f['line'] == 11][0]
assert f['bucket'] == 'semantic_required', (f['bucket'], f['rule'])
" "$scratch/edition2018.json"
check "edition 2021: the closure captures the other field only: removable_move" python3 -c "
import json, sys
f = [f for f in json.load(open(sys.argv[1]))['findings'] if f['line'] == 11][0]
assert f['bucket'] == 'removable_move', (f['bucket'], f['rule'])
" "$scratch/edition2021.json"

done_testing

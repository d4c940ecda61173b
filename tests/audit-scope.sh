#!/bin/sh
# What a bare `audit` (no --paths) audits: the repository at --root as cargo
# sees it -- a single crate, a workspace's members, every crate under a
# root without a manifest, everything when there is no crate -- never
# target/ or hidden directories; and the errors that keep a typo from
# passing for a clean run (a missing root, --paths that match nothing).
. "$top_srcdir/tests/lib.sh"
needs_git
H=$HOTPATH_AUDIT
clone_file() { # DIR: a file with one clone site
	mkdir -p "$1"
	printf 'pub fn f(v: &Vec<u8>) -> Vec<u8> {\n    v.clone()\n}\n' >"$1/lib.rs"
}
package() { # DIR NAME: a minimal package manifest
	printf '[package]\nname = "%s"\nversion = "0.1.0"\n' "$2" >"$1/Cargo.toml"
}
findings_are() { # JSON N: the report holds N findings
	python3 -c "
import json, sys
f = json.load(open(sys.argv[1]))['findings']
assert len(f) == int(sys.argv[2]), [x['path'] for x in f]
" "$1" "$2"
}
crates_are() { # JSON NAME...: the scope's crates, in any order
	python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))['scope']
assert sorted(s['crates']) == sorted(sys.argv[2:]), s
" "$@"
}
audited() { # JSON: the audited files' paths, sorted, one line
	python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
print(' '.join(sorted({f['path'] for f in m['findings']})))
" "$1"
}

# a single crate: src/ and tests/ are audited, target/ and .hidden/ never
C=$scratch/single
clone_file "$C/src"
clone_file "$C/benches"
clone_file "$C/target/debug/build"
clone_file "$C/.cargo/registry"
package "$C" single
"$H" audit --root "$C" --format json --output "$scratch/single.json"
check "a single crate: exit 0, its own files audited, not target/ or hidden directories" \
	test "$(audited "$scratch/single.json")" = "benches/lib.rs src/lib.rs"
check "... the scope names the crate" python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))['scope']
assert s['crates'] == ['single'] and s['crates_text'] == 'single', s
" "$scratch/single.json"
"$H" audit --root "$C" --format md --output "$scratch/single.md"
check "... and the Markdown's scope line says so" grep -q 'over 2 files of the crates single;' "$scratch/single.md"

# a workspace: its members (a glob, an exclude), not the crates beside it
W=$scratch/ws
clone_file "$W/crates/router/src"
clone_file "$W/crates/sched/src"
clone_file "$W/crates/old/src"
clone_file "$W/tools/gen/src"
clone_file "$W/crates/notacrate/src"
for c in router sched old; do printf '[package]\nname = "%s"\nversion = "0.1.0"\n' "$c" >"$W/crates/$c/Cargo.toml"; done
package "$W/tools/gen" gen
clone_file "$W/stubs/tokio/src"
printf '[package]\nname = "tokio"\nversion = "1.0.0"\n' >"$W/stubs/tokio/Cargo.toml"
cat >"$W/Cargo.toml" <<'EOF'
[workspace]
resolver = "2"
members = [
    "crates/*",
]
exclude = ["crates/old", "stubs/"]

[workspace.dependencies]
tokio = { version = "1", path = "stubs/tokio" }
EOF
"$H" audit --root "$W" --format json --output "$scratch/ws.json"
check "a workspace: its members (crates/* less the excluded one, only directories with a manifest; not a path dependency under an excluded directory)" \
	test "$(audited "$scratch/ws.json")" = "crates/router/src/lib.rs crates/sched/src/lib.rs"
check "... listed as the scope's crates" crates_are "$scratch/ws.json" 'router' 'sched'

# a workspace that is a package too: its own files once, the members once
P=$scratch/wspkg
clone_file "$P/src"
clone_file "$P/crates/core/src"
package "$P/crates/core" core
printf '[package]\nname = "app"\nversion = "0.1.0"\n\n[workspace]\nmembers = ["crates/core"]\n' >"$P/Cargo.toml"
"$H" audit --root "$P" --format json --output "$scratch/wspkg.json"
check "a root package with members: each file once" \
	test "$(audited "$scratch/wspkg.json")" = "crates/core/src/lib.rs src/lib.rs"
check "... the findings are not doubled" findings_are "$scratch/wspkg.json" 2

# packages nested in a member that the workspace does not list (vendored
# benchmark crates, a cargo-fuzz directory): not the member's files
V=$scratch/nested
clone_file "$V/collector/src"
clone_file "$V/collector/benchlib/src"
clone_file "$V/collector/benches/vendored/cargo/src"
clone_file "$V/collector/benches/tools"
clone_file "$V/fuzz/fuzz_targets"
package "$V/collector" collector
package "$V/collector/benchlib" benchlib
printf '[package]\nname = "cargo"\nversion = "0.23.0"\n[workspace]\n' >"$V/collector/benches/vendored/cargo/Cargo.toml"
printf '[package]\nname = "app-fuzz"\nversion = "0.0.0"\n' >"$V/fuzz/Cargo.toml"
clone_file "$V/src"
printf '[package]\nname = "app"\nversion = "0.1.0"\n\n[workspace]\nmembers = ["collector", "collector/benchlib"]\n' >"$V/Cargo.toml"
"$H" audit --root "$V" --format json --output "$scratch/nested.json"
check "packages nested in a member or the root package, not listed: left out; the member's other files, the nested member, audited once" \
	test "$(audited "$scratch/nested.json")" = "collector/benches/tools/lib.rs collector/benchlib/src/lib.rs collector/src/lib.rs src/lib.rs"
check "... each once" findings_are "$scratch/nested.json" 4
rm -f "$V/Cargo.toml"
"$H" audit --root "$V" --format json --output "$scratch/nested-noroot.json"
check "... with no root manifest: each outermost crate without the packages inside it" \
	test "$(audited "$scratch/nested-noroot.json")" = "collector/benches/tools/lib.rs collector/src/lib.rs fuzz/fuzz_targets/lib.rs"

# no root manifest: every crate under the root, not the files beside them
M=$scratch/mono
clone_file "$M/services/router/src"
clone_file "$M/services/router/examples"
clone_file "$M/services/sched/src"
clone_file "$M/scripts"
package "$M/services/router" router
package "$M/services/sched" sched
"$H" audit --root "$M" --include-tests --format json --output "$scratch/mono.json"
check "no root manifest: the crates found under the root" \
	test "$(audited "$scratch/mono.json")" = "services/router/examples/lib.rs services/router/src/lib.rs services/sched/src/lib.rs"

# path dependencies under the root are the repository's own crates, listed
# or not (triagebot's `parser`; a member's `../common`), transitively; one
# outside the root is not
D=$scratch/pathdeps
clone_file "$D/src"
clone_file "$D/parser/src"
clone_file "$D/crates/a/src"
clone_file "$D/crates/common/src"
clone_file "$D/crates/common/fuzz/src"
clone_file "$scratch/outside/src"
package "$scratch/outside" outside
package "$D/parser" parser
printf '[package]\nname = "a"\nversion = "0.1.0"\n\n[dependencies.common]\npath = "../common"\n' >"$D/crates/a/Cargo.toml"
package "$D/crates/common" common
printf '[package]\nname = "common-fuzz"\nversion = "0.0.0"\n' >"$D/crates/common/fuzz/Cargo.toml"
cat >"$D/Cargo.toml" <<'EOF2'
[package]
name = "bot"
version = "0.1.0"

[lib]
path = "src/lib.rs"

[dependencies]
parser = { version = "0.1", path = "parser" }
a = { path = "./crates/a" } # a comment
outside = { path = "../outside" }
EOF2
"$H" audit --root "$D" --format json --output "$scratch/pathdeps.json"
check "a lone package's path dependencies under the root, and theirs: audited; one outside the root and a nested fuzz package: not" \
	test "$(audited "$scratch/pathdeps.json")" = "crates/a/src/lib.rs crates/common/src/lib.rs parser/src/lib.rs src/lib.rs"
check "... named as the scope's crates" crates_are "$scratch/pathdeps.json" 'a' 'bot' 'common' 'parser'

# a member whose path dependency is the root package itself (kdl-rs's
# tools/kdl-lsp: `kdl = { path = "../../" }`), and one that points at
# itself: each file once, no error
K=$scratch/selfdep
clone_file "$K/src"
clone_file "$K/tools/lsp/src"
printf '[package]\nname = "kdl"\nversion = "0.1.0"\n\n[workspace]\nmembers = ["tools/*"]\n\n[dependencies]\nme = { path = "." }\n' >"$K/Cargo.toml"
printf '[package]\nname = "lsp"\nversion = "0.1.0"\n\n[dependencies]\nkdl = { path = "../../" }\n' >"$K/tools/lsp/Cargo.toml"
"$H" audit --root "$K" --format json --output "$scratch/selfdep.json" 2>"$scratch/err"
check "a path dependency on the workspace's root package, or on itself: exit 0" sh -c "test $? -eq 0 && ! test -s '$scratch/err'"
check "... both crates audited, each file once" \
	findings_are "$scratch/selfdep.json" 2
check "... the files" test "$(audited "$scratch/selfdep.json")" = "src/lib.rs tools/lsp/src/lib.rs"

# a workspace member named for tests whose root opens with #![cfg(test)]
# (hickory-dns's conformance-tests): every file of it is test code; the
# same crate without the attribute is not
for attr in yes no; do
	X=$scratch/cfgtest-$attr
	mkdir -p "$X/conformance-tests/src/scenarios" "$X/lib/src"
	printf '[workspace]\nmembers = ["conformance-tests", "lib"]\n' >"$X/Cargo.toml"
	package "$X/conformance-tests" conformance-tests
	package "$X/lib" lib
	if [ $attr = yes ]; then printf '//! Conformance.\n#![cfg(test)]\nmod scenarios;\n' >"$X/conformance-tests/src/lib.rs"
	else printf '//! Conformance.\nmod scenarios;\n' >"$X/conformance-tests/src/lib.rs"; fi
	printf 'pub fn s(v: Vec<u8>) -> usize {\n    let w = v.clone();\n    w.len()\n}\n' >"$X/conformance-tests/src/scenarios/mod.rs"
	clone_file "$X/lib/src"
	"$H" audit --root "$X" --format json --output "$scratch/cfgtest-$attr.json"
done
check "a crate named for tests whose root says #![cfg(test)]: its modules' clones are test code, the other crate's not" \
	sh -c "buckets=\"\$(python3 -c 'import json,sys; print(\" \".join(sorted(f[\"path\"]+\"=\"+f[\"bucket\"] for f in json.load(open(sys.argv[1]))[\"findings\"])))' '$scratch/cfgtest-yes.json')\"; case \"\$buckets\" in *'conformance-tests/src/scenarios/mod.rs=cold_test_only'*) ! echo \"\$buckets\" | grep -q 'lib/src/lib.rs=cold_test_only' ;; *) false ;; esac"
check "... without the attribute: production code" \
	sh -c "! python3 -c 'import json,sys; print([f[\"bucket\"] for f in json.load(open(sys.argv[1]))[\"findings\"]])' '$scratch/cfgtest-no.json' | grep -q cold_test_only"

# no root manifest, a workspace one level down (tensorzero's crates/Cargo.toml):
# that workspace's members
T=$scratch/sub-ws
clone_file "$T/crates/gateway/src"
clone_file "$T/crates/core/src"
clone_file "$T/crates/core/fuzz/src"
package "$T/crates/gateway" gateway
package "$T/crates/core" core
printf '[package]\nname = "core-fuzz"\nversion = "0.0.0"\n' >"$T/crates/core/fuzz/Cargo.toml"
printf '[workspace]\nmembers = ["gateway", "core"]\n' >"$T/crates/Cargo.toml"
"$H" audit --root "$T" --format json --output "$scratch/sub-ws.json"
check "no root manifest, a workspace under the root: its members (not the fuzz package in one)" \
	test "$(audited "$scratch/sub-ws.json")" = "crates/core/src/lib.rs crates/gateway/src/lib.rs"
check "... named as the scope's crates" crates_are "$scratch/sub-ws.json" 'core' 'gateway'

# no crate at all: everything under the root but target/ and hidden directories
N=$scratch/none
clone_file "$N/a"
clone_file "$N/b/c"
clone_file "$N/target"
"$H" audit --root "$N" --format json --output "$scratch/none.json"
check "no crate anywhere: every Rust file but target/" test "$(audited "$scratch/none.json")" = "a/lib.rs b/c/lib.rs"

# a crate and a Python server beside it: the Python is in scope when a pack reads Python
Y=$scratch/mixed
clone_file "$Y/router/src"
package "$Y/router" router
mkdir -p "$Y/server"
printf 'import time\n\nasync def poll():\n    time.sleep(1)\n' >"$Y/server/app.py"
"$H" audit --root "$Y" --packs clone,perf-review --format json --output "$scratch/mixed.json"
check "a crate with Python beside it, perf-review asked for: the Python audited too" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
assert [(f['path'], f['rule']) for f in m['rule_findings']] == [('server/app.py', 'sleep-in-async')], m['rule_findings']
assert {f['path'] for f in m['findings']} == {'router/src/lib.rs'}, m['findings']
" "$scratch/mixed.json"
"$H" audit --root "$Y" --format json --output "$scratch/mixed-clone.json"
check "... the clone audit alone: the crate only" python3 -c "
import json, sys
assert json.load(open(sys.argv[1]))['scope']['paths'] == ['router'], 'paths'
" "$scratch/mixed-clone.json"

# a git repository with target/ ignored: a bare audit is `--paths .`
G=$scratch/git
cp -r "$C" "$G"
rm -rf "$G/.cargo"
(cd "$G" && git init -q . && printf 'target/\n' >.gitignore && git add -A && git commit -qm base)
"$H" audit --root "$G" --format json --output "$scratch/bare.json"
"$H" audit --root "$G" --paths . --format json --output "$scratch/dot.json"
check "in a git repository: a bare audit audits what --paths . does" \
	test "$(audited "$scratch/bare.json")" = "$(audited "$scratch/dot.json")"

# the errors
"$H" audit --root "$scratch/no/such/dir" >/dev/null 2>"$scratch/err"
check "a missing --root: exit 2, said" sh -c "test $? -eq 2 && grep -q 'no/such/dir: No such file or directory' '$scratch/err'"
"$H" audit --root "$C/Cargo.toml" >/dev/null 2>"$scratch/err"
check "a --root that is a file: exit 2, said" sh -c "test $? -eq 2 && grep -q 'Cargo.toml: not a directory' '$scratch/err'"
"$H" audit --root "$C" --paths srcc >/dev/null 2>"$scratch/err"
check "--paths that match nothing: exit 2, the entries named" sh -c "test $? -eq 2 && grep -q ': srcc' '$scratch/err'"
"$H" audit --root "$G" --rev HEAD --paths srcc >/dev/null 2>"$scratch/err"
check "--rev with --paths that the revision does not hold: exit 2, named" \
	sh -c "test $? -eq 2 && grep -q 'at HEAD: srcc' '$scratch/err'"
"$H" audit --root "$G" --rev HEAD --paths ./src/ srcc --format json --output "$scratch/rev-part.json" 2>"$scratch/err"
check "--rev with one of two --paths missing: a warning, the other audited" \
	sh -c "test $? -eq 0 && grep -q 'warning: --paths: .*srcc' '$scratch/err' && grep -q '\"src/lib.rs\"' '$scratch/rev-part.json'"
# a git directory as the root, without a config file (a mirror's bare
# copy): the revision's whole tree, not nothing
git clone -q --bare "$G" "$scratch/mirror" && rm -f "$scratch/mirror/config"
"$H" audit --root "$scratch/mirror" --rev HEAD --format json --output "$scratch/mirror.json" 2>"$scratch/err"
check "a bare git directory without a config file: its tree audited" \
	sh -c "test $? -eq 0 && test \"\$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[\"scope\"][\"files_audited\"])' '$scratch/mirror.json')\" -gt 0"
"$H" inventory --root "$W" --format json >"$scratch/inv.json"
check "inventory keeps the rules' default paths (lib crates components): crates/, the excluded crate too, not tools/" python3 -c "
import json, sys
paths = sorted({c['path'] for c in json.load(open(sys.argv[1]))['candidates']})
assert paths == ['crates/notacrate/src/lib.rs', 'crates/old/src/lib.rs', 'crates/router/src/lib.rs', 'crates/sched/src/lib.rs'], paths
" "$scratch/inv.json"
done_testing

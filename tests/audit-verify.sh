#!/bin/sh
# audit --verify and --patch on the buildable sample crate samples/verify:
# the compiler's verdicts (verified, refuted with its message, unverified
# when the line is not compiled), the audited tree left as it was, the
# patch that `git apply` takes and that still builds, the verdicts reused
# on an unchanged tree, and the failures that must not lose the report (a
# crate that does not build, no cargo, a check past its time limit).
. "$top_srcdir/tests/lib.sh"
needs_git
command -v cargo >/dev/null && command -v rustc >/dev/null || { echo "1..0 # SKIP cargo or rustc missing"; exit 0; }
H=$HOTPATH_AUDIT
T=$scratch/crate
export XDG_CACHE_HOME=$scratch/cache
mkdir -p "$scratch/checks"
export HOTPATH_AUDIT_VERIFY_LOG=$scratch/checks
cp -r "$top_srcdir/samples/verify" "$T"
chmod -R u+w "$T"
tree_hash() { (cd "$1" && find . -type f -o -type l | LC_ALL=C sort | xargs sha256sum | sha256sum); }
before=$(tree_hash "$T")

"$H" audit --root "$T" --paths . --format json --verify --output "$scratch/v.json" 2>"$scratch/err"
check "--verify: exit 0, the report written" test $? -eq 0 -a -s "$scratch/v.json"
check "the audited tree is unchanged (no file written, no target/ or Cargo.lock made)" test "$(tree_hash "$T")" = "$before"
verdict() { # verdict LINE-SPEC PYTHON-CONDITION: the finding at path:line satisfies it
	python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
f = [x for x in m['findings'] if '%s:%d' % (x['path'], x['line']) == sys.argv[2]]
assert len(f) == 1, f
f = f[0]; v = f.get('verification') or {}
assert $2, json.dumps(f, indent=1)
" "$scratch/v.json" "$1"
}
check "a Copy value behind a reference: the change \`(*opt)\`, verified" verdict src/copyref.rs:4 \
	"v['status'] == 'verified' and f['rule'] == 'R7' and f['evidence']['copy_behind_reference'] and v['edit']['replacement'] == '(*opt)'"
check "a callee taking \`impl AsRef<str>\`: \`&req.prompt\` passed instead of a copy, verified" verdict src/request.rs:93 \
	"v['status'] == 'verified' and f['rule'] == 'R4' and f['evidence']['borrow'] == 'a reference-taking parameter' and v['edit']['replacement'] == '&req.prompt'"
check "a removal the compiler accepts is verified" verdict src/request.rs:18 \
	"v['status'] == 'verified' and f['bucket'] == 'removable_move' and 'Verified: \`cargo check' in f['fields']['correctness_proof']"
check "a borrow the compiler accepts is verified" verdict src/request.rs:30 "v['status'] == 'verified' and f['bucket'] == 'removable_borrow'"
check "a field of a Drop type: kept by the rules themselves, the keep confirmed by E0509" verdict src/conn.rs:20 \
	"f['bucket'] == 'semantic_required' and f['rule'] == 'R16' and f['evidence']['field_of_drop_type'] and v['status'] == 'verified' and v['code'] == 'E0509'"
check "a value borrowed by \`let first = &req.tokens\` across the clone: kept by the rules, the keep confirmed by E0505" verdict src/request.rs:37 \
	"f['bucket'] == 'semantic_required' and f['evidence']['borrowed_line'] == 36 and v['status'] == 'verified' and 'E0505' in v['detail']"
check "an iterator over the value alive across the clone (\`let mut ids = req.tokens.iter()\`): kept by the rules, the keep confirmed by E0505" verdict src/request.rs:75 \
	"f['bucket'] == 'semantic_required' and f['evidence']['borrowed_line'] == 74 and v['status'] == 'verified' and 'E0505' in v['detail']"
check "a closure reading the value alive across the clone: kept by the rules, the keep confirmed by E0505" verdict src/request.rs:83 \
	"f['bucket'] == 'semantic_required' and f['evidence']['borrowed_line'] == 82 and v['status'] == 'verified' and v['code'] == 'E0505'"
check "a struct literal holding a borrow alive across the clone: kept by the rules, the keep confirmed by E0505" verdict src/request.rs:104 \
	"f['bucket'] == 'semantic_required' and f['evidence']['borrowed_line'] == 103 and v['status'] == 'verified' and v['code'] == 'E0505'"
check "a value \`split_first()\` lends parts of, alive across the clone: kept by the rules (a method result that may borrow), the keep confirmed by E0505" verdict src/request.rs:113 \
	"v['status'] == 'verified' and v['code'] == 'E0505' and f['bucket'] == 'semantic_required'"
check "a field reached through \`let me = &mut *self\`: kept by the rules (R12), the keep confirmed by E0507" verdict src/router.rs:15 \
	"v['status'] == 'verified' and 'E0507' in v['detail'] and f['bucket'] == 'semantic_required' and f['rule'] == 'R12'"
check "a kept clone whose removal the compiler accepts becomes removable_move (V2), verified" verdict src/request.rs:68 \
	"v['status'] == 'verified' and f['bucket'] == 'removable_move' and f['rule'] == 'V2' and f['static_verdict']['bucket'] == 'semantic_required' and 'clippy::redundant_clone' in f['fields']['validation_command']"
check "a kept clone whose removal does not build: kept, the keep verified with the compiler's word" verdict src/request.rs:54 \
	"v['status'] == 'verified' and f['bucket'] == 'semantic_required' and f['rule'] == 'R12' and 'E0308' in v['detail']"
check "a peek through a cloned iterator (removal compiles, and consumes): never tried, never proposed" verdict src/lexer.rs:9 \
	"'verification' not in f and f['bucket'] == 'semantic_required'"
check "a cfg-gated line the check never compiles: unverified, and said why" verdict src/gated.rs:4 \
	"v['status'] == 'unverified' and 'does not compile this line' in v['detail'] and f['bucket'] == 'removable_move'"
check "a copy changed in place whose removal does not build: tried all the same, refuted (E0505), demoted, the compiler quoted in the fields" verdict src/inplace.rs:23 \
	"v['status'] == 'refuted' and v['code'] == 'E0505' and f['bucket'] == 'semantic_required' and f['rule'] == 'V1' and 'E0505' in f['fields']['removal_rationale'] and 'E0505' in f['fields']['required_clone_check'] and f['static_verdict']['bucket'] == 'removable_move'"
check "... and one whose removal builds: unverified, saying a build cannot vouch for it" verdict src/inplace.rs:45 \
	"v['status'] == 'unverified' and 'it builds without the clone' in v['detail'] and f['bucket'] == 'removable_move'"
check "the else of an \`if let\` cannot run after its block: removable, verified" verdict src/flowexit.rs:22 \
	"v['status'] == 'verified' and f['rule'] == 'R13'"
check "a \`return\` holding the clone in a struct literal's field: nothing after it runs, removable, verified" verdict src/flowexit.rs:30 \
	"v['status'] == 'verified' and f['rule'] == 'R13'"
check "a \`let\` of the root's name around the clone: later reads are the new value's, removable, verified" verdict src/flowexit.rs:45 \
	"v['status'] == 'verified' and f['rule'] == 'R13'"
check "a \`return\` inside a closure ends the closure only: the later read keeps the clone" verdict src/flowexit.rs:51 \
	"f['bucket'] == 'semantic_required' and f['rule'] == 'R9' and f['evidence']['later_use_line'] == 53"
check "the report's verification: toolchain, counts, checks bounded" python3 -c "
import json, sys
v = json.load(open(sys.argv[1]))['verification']
assert v['toolchain'].startswith('rustc '), v
assert (v['tried'], v['verified'], v['refuted'], v['unverified']) == (13, 10, 1, 2), v
assert (v['kept_tried'], v['promoted'], v['kept_confirmed']) == (12, 1, 11), v
assert 2 <= v['checks'] <= 8 and v['workspaces'][0]['status'] == 'checked', v
" "$scratch/v.json"
check "no finding is both refuted and removable" python3 -c "
import json, sys
for f in json.load(open(sys.argv[1]))['findings']:
    assert not (f.get('verification', {}).get('status') == 'refuted' and f['bucket'].startswith('removable')), f
" "$scratch/v.json"

# the patch: verified removals only, applies with git apply, still builds
"$H" audit --root "$T" --paths . --format json --verify --patch "$scratch/v.patch" --output "$scratch/v2.json" 2>/dev/null
check "a second run on the unchanged tree reuses the verdicts: no check runs" python3 -c "
import json, sys
v = json.load(open(sys.argv[1]))['verification']
assert v['checks'] == 0 and v['workspaces'][0]['status'] == 'reused' and v['verified'] == 10 and v['promoted'] == 1, v
" "$scratch/v2.json"
check "... and gives the same findings" python3 -c "
import json, sys
a, b = (json.load(open(p))['findings'] for p in sys.argv[1:3])
assert a == b
" "$scratch/v.json" "$scratch/v2.json"
check "--patch with --verify: a header naming the compiler, eleven removals" sh -c \
	"head -1 '$scratch/v.patch' | grep -q '11 removals verified by cargo check (rustc' && test \$(grep -c '^-[^-]' '$scratch/v.patch') -eq 11"
check "the refuted and unverified sites are not in the patch" sh -c \
	"! grep -q 'c.key\|me.pending\|gated\|let n = submit' '$scratch/v.patch'"
A=$scratch/applied
cp -r "$T" "$A"
check "git apply takes the patch" sh -c "cd '$A' && git init -q . && git add -A && git commit -qm base && git apply '$scratch/v.patch'"
check "the patched crate still builds (cargo check --offline)" sh -c \
	"cd '$A' && CARGO_TARGET_DIR='$scratch/target-applied' cargo check --offline --quiet 2>'$scratch/applied.err'"
check "the patch changed the eleven lines" sh -c "cd '$A' && test \$(git diff --numstat | awk '{ s += \$1 } END { print s }') -eq 11"

"$H" audit --root "$T" --paths . --format json --patch "$scratch/static.patch" --output /dev/null
check "--patch without --verify: the high-confidence removals, said to be unverified" sh -c \
	"head -1 '$scratch/static.patch' | grep -q 'NOT verified by the compiler' && grep -q '^+    let n = log_len(&req.prompt);' '$scratch/static.patch'"

# SARIF fixes, the Markdown's compiler line, suggestions on a pull request
"$H" audit --root "$T" --paths . --verify --format sarif,md --output-dir "$scratch/fmt" 2>/dev/null
sarif_valid "SARIF with fixes validates against the SARIF 2.1.0 schema" "$scratch/fmt/audit.sarif"
check "SARIF: a fix for each verified removal, and each is a line of the patch" python3 -c "
import json, sys
res = json.load(open(sys.argv[1]))['runs'][0]['results']
fixes = [r['fixes'][0]['artifactChanges'][0] for r in res if 'fixes' in r]
assert len(fixes) == 11, fixes
patch = open(sys.argv[2]).read()
for c in fixes:
    assert c['replacements'][0]['insertedContent']['text'] in patch, c
" "$scratch/fmt/audit.sarif" "$scratch/v.patch"
check "Markdown: the compiler check's counts and each tried finding's verdict" sh -c \
	"grep -q '^\*\*Compiler check\*\* (\`--verify\`, cargo check (rustc .*of 13 removals tried, \*\*10 verified\*\*, 1 refuted' '$scratch/fmt/audit.md' && test \$((\$(grep -c '^- \*\*Compiler check:\*\*' '$scratch/fmt/audit.md') + \$(grep -c '^| .* Compiler check: ' '$scratch/fmt/audit.md'))) -eq 25"
P=$scratch/pr
mkdir -p "$P/src"
cp "$T/Cargo.toml" "$P/"
echo "" >"$P/src/lib.rs"
(cd "$P" && git init -q . && git add -A && git commit -qm base && cp "$T"/src/*.rs src/ && git add -A && git commit -qm head)
"$H" audit --root "$P" --paths . --diff HEAD~1..HEAD --verify --format md,json --output-dir "$scratch/pr" 2>"$scratch/pr.err"
cp "$scratch/pr/audit.md" "$scratch/pr.md" 2>/dev/null
suggestions_ok() {
	test "$(grep -c '^```suggestion' "$scratch/pr.md")" -eq 11 && grep -A1 '^```suggestion' "$scratch/pr.md" | grep -qx '    let copy = req;'
}
check "--diff with --verify: a suggestion block for each verified removal on a changed line" suggestions_ok
suggestions_ok || { # say why, for a failure seen once under load
	sed 's/^/#   /' "$scratch/pr.err" | head -20
	python3 -c "import json,sys; print('#  ', json.load(open(sys.argv[1])).get('verification'))" "$scratch/pr/audit.json"
}
(cd "$P" && echo "// a later change elsewhere" >>src/request.rs && git commit -qam later)
"$H" audit --root "$P" --paths . --diff HEAD~1..HEAD --verify --format md --output "$scratch/pr2.md" 2>/dev/null
check "... and none where the change touches no clone" sh -c "! grep -q 'suggestion' '$scratch/pr2.md'"

# a crate that does not build: every verdict unverified, the report written
B=$scratch/broken
cp -r "$T" "$B"
echo 'pub fn broken() -> u32 { "not a number" }' >>"$B/src/lib.rs"
"$H" audit --root "$B" --paths . --format json --verify --output "$scratch/b.json" 2>"$scratch/b.err"
check "a crate that does not build: exit 0, a warning naming the error" sh -c \
	"test $? -eq 0 && grep -q 'does not build here: E0308' '$scratch/b.err'"
check "... every tried verdict unverified, none demoted" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
tried = [f for f in m['findings'] if 'verification' in f]
assert len(tried) == 25 and all(f['verification']['status'] == 'unverified' for f in tried)
assert sum(f['bucket'].startswith('removable') for f in tried) == 13
assert m['verification']['workspaces'][0]['status'] == 'does not build'
" "$scratch/b.json"

# no cargo on PATH: a rustc that answers, and a cargo that is "not found"
# as the shell says it (127) -- PATH keeps the rest, for valgrind's wrapper
mkdir -p "$scratch/bin"
printf '#!/bin/sh\necho "rustc 1.0.0 (fake)"\n' >"$scratch/bin/rustc"
printf '#!/bin/sh\nexit 127\n' >"$scratch/bin/cargo"
chmod +x "$scratch/bin/rustc" "$scratch/bin/cargo"
PATH=$scratch/bin:$PATH "$H" audit --root "$T" --paths . --format json --verify --output "$scratch/nc.json" 2>"$scratch/nc.err"
check "no cargo: exit 0, the report written, a warning naming cargo" sh -c \
	"test $? -eq 0 && test -s '$scratch/nc.json' && grep -q 'cargo was not found on PATH' '$scratch/nc.err'"
check "... every verdict unverified, with the reason" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
assert m['verification']['problem'].startswith('cargo was not found'), m['verification']
assert all(f['verification']['status'] == 'unverified' for f in m['findings'] if 'verification' in f)
" "$scratch/nc.json"

# a file in no cargo package, and a cache directory that cannot be made
L=$scratch/loose
mkdir -p "$L"
printf 'fn f(s: String) -> usize {\n    let t = s.clone();\n    t.len() + 1\n}\nfn g(v: Vec<u8>) -> Vec<u8> {\n    let w = v.clone();\n    w\n}\n' >"$L/loose.rs"
"$H" audit --root "$L" --paths . --format json --verify --output "$scratch/loose.json" 2>/dev/null
check "a file in no cargo package: exit 0, its removals unverified, said why" python3 -c "
import json, sys
tried = [f for f in json.load(open(sys.argv[1]))['findings'] if 'verification' in f]
assert tried and all(f['verification']['status'] == 'unverified' and 'no Cargo.toml above' in f['verification']['detail'] for f in tried), tried
" "$scratch/loose.json"
touch "$scratch/not-a-dir"
XDG_CACHE_HOME=$scratch/not-a-dir/cache "$H" audit --root "$T" --paths . --format json --verify --output "$scratch/nd.json" 2>"$scratch/nd.err"
check "a scratch directory that cannot be made: exit 0, the report written, the warning names it" sh -c \
	"test $? -eq 0 && test -s '$scratch/nd.json' && grep -q 'cannot make the scratch directory: $scratch/not-a-dir' '$scratch/nd.err'"

# a check that runs past its time limit is killed, and the report is written
start=$(date +%s)
"$H" audit --root "$T" --paths . --format json --verify --verify-command 'sleep 30' --verify-timeout 1 \
	--output "$scratch/to.json" 2>"$scratch/to.err"
rc=$?
check "a time-out: exit 0 within seconds, the report written" sh -c "test $rc -eq 0 && test \$(( \$(date +%s) - $start )) -lt 20 && test -s '$scratch/to.json'"
check "... said: the check ran past its time limit" grep -q 'ran past its time limit (1 s)' "$scratch/to.err"

# without --verify no compiler is started: a cargo and a rustc on PATH that
# leave a mark if run
mkdir -p "$scratch/spy"
for t in cargo rustc; do
	printf '#!/bin/sh\ntouch "%s/%s-ran"\nexit 1\n' "$scratch" "$t" >"$scratch/spy/$t"
	chmod +x "$scratch/spy/$t"
done
PATH=$scratch/spy:$PATH "$H" audit --root "$T" --paths . --format md,json,sarif --output-dir "$scratch/plain" --patch "$scratch/plain.patch"
check "without --verify (every format, --patch): neither cargo nor rustc is run" sh -c \
	"test $? -eq 0 && test ! -e '$scratch/cargo-ran' && test ! -e '$scratch/rustc-ran' && ! grep -q verification '$scratch/plain/audit.json'"

# a copy changed in place where it is made: a move of a value of unknown
# type is not vouched for (it might be Copy, the original changed instead
# of a copy), a move of an owned heap value is -- any later use would be
# the compiler's E0382
M=$scratch/inplace
mkdir -p "$M/src"
printf '[package]\nname = "inplace"\nversion = "0.1.0"\nedition = "2021"\n' >"$M/Cargo.toml"
cat >"$M/src/lib.rs" <<'RS'
pub fn grow(v: Vec<u32>) -> Vec<u32> {
    let mut w = v.clone();
    w.push(1);
    w
}
pub fn bump<T: Clone + std::ops::AddAssign<u32>>(x: T) -> T {
    let mut y = x.clone();
    y += 1;
    y
}
RS
"$H" audit --root "$M" --paths . --format json --verify --output "$scratch/inplace.json" 2>"$scratch/inplace.err"
check "a Vec moved and then changed in place: verified (R13, an owned heap value)" python3 -c "
import json, sys
f = [x for x in json.load(open(sys.argv[1]))['findings'] if x['line'] == 2][0]
assert f['rule'] == 'R13' and f['verification']['status'] == 'verified', f
" "$scratch/inplace.json"
check "... a value of a type parameter moved and changed in place: unverified, and said why" python3 -c "
import json, sys
f = [x for x in json.load(open(sys.argv[1]))['findings'] if x['line'] == 7][0]
v = f['verification']
assert f['rule'] == 'R13' and v['status'] == 'unverified' and 'used in place' in v['detail'], f
" "$scratch/inplace.json"

# a workspace of many independent crates, cargo held to one job: a probe's
# error in one crate must not keep the others unchecked (--keep-going
# where cargo knows it; coreutils' 100 crates were left unjudged without)
K=$scratch/many
mkdir -p "$K"
members=
for i in $(seq 1 14); do
	mkdir -p "$K/c$i/src"
	printf '[package]\nname = "c%d"\nversion = "0.1.0"\nedition = "2021"\n' "$i" >"$K/c$i/Cargo.toml"
	printf 'pub fn grow(v: Vec<u32>) -> Vec<u32> {\n    let w = v.clone();\n    w\n}\n' >"$K/c$i/src/lib.rs"
	members="$members\"c$i\", "
done
printf '[workspace]\nmembers = [%s]\nresolver = "2"\n' "$members" >"$K/Cargo.toml"
CARGO_BUILD_JOBS=1 "$H" audit --root "$K" --paths . --format json --verify --output "$scratch/many.json" 2>"$scratch/many.err"
check "14 crates, one cargo job: every removal judged (verified), none left unverified" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
fs = [x for x in m['findings'] if x['line'] == 2]
assert len(fs) == 14 and all(x['verification']['status'] == 'verified' for x in fs), [(x['path'], x.get('verification')) for x in fs]
assert '--keep-going' in m['verification']['command'], m['verification']
" "$scratch/many.json"

# a chain of five crates, each depending on the one before: a probe's
# error in a crate keeps every crate after it uncompiled, so each round
# reaches one crate further (erg's common, parser, compiler and language
# server: three rounds left its compiler unjudged)
C=$scratch/chain
mkdir -p "$C"
members=
for i in 1 2 3 4 5; do
	mkdir -p "$C/k$i/src"
	printf '[package]\nname = "k%d"\nversion = "0.1.0"\nedition = "2021"\n' "$i" >"$C/k$i/Cargo.toml"
	[ "$i" -gt 1 ] && printf '[dependencies]\nk%d = { path = "../k%d" }\n' $((i - 1)) $((i - 1)) >>"$C/k$i/Cargo.toml"
	printf 'pub fn grow(v: Vec<u32>) -> Vec<u32> {\n    let w = v.clone();\n    w\n}\n' >"$C/k$i/src/lib.rs"
	members="$members\"k$i\", "
done
printf '[workspace]\nmembers = [%s]\nresolver = "2"\n' "$members" >"$C/Cargo.toml"
"$H" audit --root "$C" --paths . --format json --verify --output "$scratch/chain.json" 2>"$scratch/chain.err"
check "a chain of 5 crates, each on the one before: every removal judged (verified)" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
fs = [x for x in m['findings'] if x['line'] == 2]
assert len(fs) == 5 and all(x['verification']['status'] == 'verified' for x in fs), [(x['path'], x.get('verification')) for x in fs]
" "$scratch/chain.json"

# a root package with a member it does not depend on: the member is
# audited, so it is checked too (cargo check --workspace)
P=$scratch/rootpkg
mkdir -p "$P/src" "$P/side/src"
printf '[package]\nname = "top"\nversion = "0.1.0"\nedition = "2021"\n[workspace]\nmembers = ["side"]\n' >"$P/Cargo.toml"
printf 'pub fn top() {}\n' >"$P/src/lib.rs"
printf '[package]\nname = "side"\nversion = "0.1.0"\nedition = "2021"\n' >"$P/side/Cargo.toml"
printf 'pub fn grow(v: Vec<u32>) -> Vec<u32> {\n    let w = v.clone();\n    w\n}\n' >"$P/side/src/lib.rs"
"$H" audit --root "$P" --paths . --format json --verify --output "$scratch/rootpkg.json" 2>"$scratch/rootpkg.err"
check "a member the root package does not depend on: its removal checked (verified)" python3 -c "
import json, sys
f = [x for x in json.load(open(sys.argv[1]))['findings'] if x['path'] == 'side/src/lib.rs'][0]
assert f['verification']['status'] == 'verified', f
" "$scratch/rootpkg.json"

# ... and a member that does not build here for an error the compiler
# names: its errors are the baseline, the root package's removal is still
# judged (verified), and the report says which members did not build
printf '[package]\nname = "broken"\nversion = "0.1.0"\nedition = "2021"\n' >"$P/side/Cargo.toml"
printf 'pub fn nope() -> u32 { "not a number" }\n' >"$P/side/src/lib.rs"
printf 'pub fn grow(v: Vec<u32>) -> Vec<u32> {\n    let w = v.clone();\n    w\n}\n' >"$P/src/lib.rs"
"$H" audit --root "$P" --paths . --format json --verify --output "$scratch/rootpkg2.json" 2>"$scratch/rootpkg2.err"
check "a member that does not build: the root package's removal still verified, the member's error said" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
f = [x for x in m['findings'] if x['path'] == 'src/lib.rs'][0]
assert f['verification']['status'] == 'verified', f
w = m['verification']['workspaces'][0]
assert w['status'] == 'checked' and 'not every member builds here untouched' in w['problem'] and 'E0308' in w['problem'], w
assert w.get('command') is None, w
" "$scratch/rootpkg2.json"

# ... or one whose build script fails (no compiler error to set aside):
# the root package alone is checked, as cargo checks it by default, and
# the report says with which command
printf 'pub fn nope() -> u32 { 1 }\n' >"$P/side/src/lib.rs"
printf 'fn main() { panic!("needs a system library") }\n' >"$P/side/build.rs"
"$H" audit --root "$P" --paths . --format json --verify --output "$scratch/rootpkg3.json" 2>"$scratch/rootpkg3.err"
check "a member whose build script fails: the root package's removal still verified, the command used said" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
f = [x for x in m['findings'] if x['path'] == 'src/lib.rs'][0]
assert f['verification']['status'] == 'verified', f
w = m['verification']['workspaces'][0]
assert w['status'] == 'checked' and '--workspace' not in w['command'], w
" "$scratch/rootpkg3.json"

# a workspace of members, one of which does not build here (koto's YAML
# library wants a crate the offline registry lacks): the others' edits
# are judged without its errors; its own edits are not (rustc may stop
# before borrow checking it), nor those of a member that depends on it
# (not compiled)
V=$scratch/virtual
mkdir -p "$V/good/src" "$V/broken/src" "$V/after/src"
printf '[workspace]\nmembers = ["good", "broken", "after"]\nresolver = "2"\n' >"$V/Cargo.toml"
for m in good broken after; do
	printf '[package]\nname = "%s"\nversion = "0.1.0"\nedition = "2021"\n' "$m" >"$V/$m/Cargo.toml"
	printf 'pub fn grow(v: Vec<u32>) -> Vec<u32> {\n    let w = v.clone();\n    w\n}\n' >"$V/$m/src/lib.rs"
done
printf '[dependencies]\nbroken = { path = "../broken" }\n' >>"$V/after/Cargo.toml"
printf 'pub fn keep(v: Vec<u32>) -> (Vec<u32>, Vec<u32>) {\n    let w = v.clone();\n    (v, w)\n}\n' >>"$V/good/src/lib.rs"
printf 'pub fn nope() -> u32 { missing_crate_hpa::answer() }\n' >>"$V/broken/src/lib.rs"
"$H" audit --root "$V" --paths . --format json --verify --output "$scratch/virtual.json" 2>"$scratch/virtual.err"
check "a member that does not build: the other members' removals judged, its own and its dependant's left unverified, saying why" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
by = {(x['path'], x['line']): x for x in m['findings']}
assert by[('good/src/lib.rs', 2)]['verification']['status'] == 'verified', by[('good/src/lib.rs', 2)]
b = by[('broken/src/lib.rs', 2)]['verification']
assert b['status'] == 'unverified' and 'its crate does not build here untouched' in b['detail'] and 'missing_crate_hpa' in b['detail'], b
a = by[('after/src/lib.rs', 2)]['verification']
assert a['status'] == 'unverified' and 'does not compile this line' in a['detail'], a
w = m['verification']['workspaces'][0]
assert w['status'] == 'checked' and 'not every member builds here untouched (1 crate' in w['problem'], w
" "$scratch/virtual.json"
check "... and a warning on stderr names the member's error" grep -q "not every member builds here untouched.*missing_crate_hpa" "$scratch/virtual.err"

# a probe that lands in a macro's tokens (`quote! { .. #x.clone() .. }`)
# is no expression: the compiler answers with another error, which would
# fail its crate in every round and keep every crate after it unchecked
# (koto's derive macros held back its whole runtime).  Said so, that line
# is left unjudged, and the rest goes on.  A stand-in for cargo answers
# the probe in src/a.rs so, and then compiles nothing after it (src/b.rs
# as a crate that depends on it); else it builds what it is given.
Q=$scratch/inmacro
mkdir -p "$Q/src"
printf '[package]\nname = "inmacro"\nversion = "0.1.0"\nedition = "2021"\n' >"$Q/Cargo.toml"
printf 'pub mod a;\npub mod b;\n' >"$Q/src/lib.rs"
printf 'pub fn grow(v: Vec<u32>) -> Vec<u32> {\n    let w = v.clone();\n    w\n}\n' >"$Q/src/a.rs"
printf 'pub fn grow(v: Vec<u8>) -> Vec<u8> {\n    let w = v.clone();\n    w\n}\n' >"$Q/src/b.rs"
cat >"$scratch/fakecargo.py" <<'PY'
import json, re
for rel in ("src/a.rs", "src/b.rs"):
    text = open(rel, encoding="utf-8").read()
    m = re.search(r'compile_error!\("hotpath-audit probe (\d+)"\)', text)
    if not m:
        continue
    line = text.count("\n", 0, m.start()) + 1
    span = {"file_name": rel, "byte_start": m.start(), "byte_end": m.end(), "line_start": line, "is_primary": True, "label": None}
    msg = "expected value, found macro `compile_error`" if rel == "src/a.rs" else "hotpath-audit probe " + m.group(1)
    print(json.dumps({"reason": "compiler-message", "message": {"message": msg, "level": "error", "code": None, "spans": [span], "children": []}}))
    break
PY
"$H" audit --root "$Q" --paths . --format json --verify --verify-command "python3 '$scratch/fakecargo.py'" \
	--output "$scratch/inmacro.json" 2>"$scratch/inmacro.err"
check "a probe in a macro's tokens: that line unverified, saying why; the other removal still judged (verified)" python3 -c "
import json, sys
by = {x['path']: x['verification'] for x in json.load(open(sys.argv[1]))['findings'] if x['line'] == 2}
assert by['src/a.rs']['status'] == 'unverified' and 'does not compile as an expression' in by['src/a.rs']['detail'], by
assert by['src/b.rs']['status'] == 'verified', by
" "$scratch/inmacro.json"

# a dependency that cannot be resolved offline: the warning quotes
# cargo's error line, not the reminder about offline mode it ends with
D=$scratch/unresolved
mkdir -p "$D/src"
printf '[package]\nname = "unresolved"\nversion = "0.1.0"\nedition = "2021"\n[dependencies]\nno_such_crate_hpa = "1"\n' >"$D/Cargo.toml"
printf 'pub fn grow(v: Vec<u32>) -> Vec<u32> {\n    let w = v.clone();\n    w\n}\n' >"$D/src/lib.rs"
"$H" audit --root "$D" --paths . --format json --verify --output "$scratch/unresolved.json" 2>"$scratch/unresolved.err"
check "an unresolvable dependency: the report written, the warning quotes cargo's error line" sh -c \
	"test $? -eq 0 && test -s '$scratch/unresolved.json' && grep -q 'does not build here: .*error: .*no_such_crate_hpa' '$scratch/unresolved.err'"

# the check runs' budget: one run is the untouched copy's own check, which
# leaves the removal unjudged, saying how to raise it; a run with the
# default budget on the same tree judges it (the budget is part of the
# cache's key: a larger one is not answered by the smaller one's verdicts)
B=$scratch/budget
mkdir -p "$B/src"
printf '[package]\nname = "budget"\nversion = "0.1.0"\nedition = "2021"\n' >"$B/Cargo.toml"
printf 'pub fn grow(v: Vec<u32>) -> Vec<u32> {\n    let w = v.clone();\n    w\n}\n' >"$B/src/lib.rs"
"$H" audit --root "$B" --paths . --format json --verify --verify-checks 1 --output "$scratch/budget1.json" 2>/dev/null
check "--verify-checks 1: the removal unverified, the detail naming the option" python3 -c "
import json, sys
f = [x for x in json.load(open(sys.argv[1]))['findings'] if x['line'] == 2][0]
v = f['verification']
assert v['status'] == 'unverified' and '--verify-checks' in v['detail'], v
" "$scratch/budget1.json"
"$H" audit --root "$B" --paths . --format json --verify --output "$scratch/budget12.json" 2>/dev/null
check "... and with the default budget on the same tree, verified (not the smaller budget's cached verdict)" python3 -c "
import json, sys
f = [x for x in json.load(open(sys.argv[1]))['findings'] if x['line'] == 2][0]
assert f['verification']['status'] == 'verified', f['verification']
" "$scratch/budget12.json"
fails_with "--verify-checks 0: a usage error" "verify-checks" audit --root "$T" --paths . --verify --verify-checks 0
fails_with "--verify-checks without --verify: a usage error" "go with --verify" audit --root "$T" --paths . --verify-checks 3

fails_with "--verify-timeout 0: a usage error" "verify-timeout" audit --root "$T" --paths . --verify --verify-timeout 0
fails_with "--verify-command without --verify: a usage error" "go with --verify" audit --root "$T" --paths . --verify-command true
# `&name.clone()` of a name that is itself a reference: the change and the
# edit are `name` (`&name` is a `&&String`, which `HashMap::get` does not take)
U=$scratch/unborrow
mkdir -p "$U/src" && printf '[package]\nname = "unborrow"\nversion = "0.1.0"\nedition = "2021"\n' >"$U/Cargo.toml"
cat >"$U/src/lib.rs" <<'RS'
use std::collections::HashMap;
pub fn count(m: &HashMap<String, u32>, other: &HashMap<String, u32>) -> u32 {
    let mut n = 0;
    for (name, _) in m.iter() {
        n += other.get(&name.clone()).copied().unwrap_or(0);
    }
    n
}
RS
"$H" audit --root "$U" --paths . --format json --verify --patch "$scratch/unborrow.patch" --output "$scratch/unborrow.json" 2>/dev/null
check "&x.clone() of a reference x: the change is x, the compiler agrees, and the patch says so" sh -c "
grep -q 'with \`name\` (\`name\` is already a reference' '$scratch/unborrow.json' &&
grep -q '\"status\": \"verified\"' '$scratch/unborrow.json' &&
grep -q '^+        n += other.get(name).copied().unwrap_or(0);' '$scratch/unborrow.patch'"
check "the audited tree is still unchanged after every run" test "$(tree_hash "$T")" = "$before"
done_testing

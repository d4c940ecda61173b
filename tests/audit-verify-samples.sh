#!/bin/sh
# The dynamo-shaped sample workspace builds (std-only stand-ins for its
# registry crates, samples/stubs/), so `--verify` can check its labelled
# clone sites: every static removal the check compiles is confirmed, every
# verdict the compiler gives agrees with the hand labels of
# samples/expected-buckets.tsv, the patch of verified removals applies and
# still builds, and the audited tree is left as it was.
. "$top_srcdir/tests/lib.sh"
needs_git
command -v cargo >/dev/null && command -v rustc >/dev/null || { echo "1..0 # SKIP cargo or rustc missing"; exit 0; }
# the samples use let-else and the stand-ins async fn in traits: Rust 1.75 or later
minor=$(rustc --version | sed -n 's/^rustc 1\.\([0-9]*\).*/\1/p')
[ "${minor:-0}" -ge 75 ] || { echo "1..0 # SKIP rustc older than 1.75: $(rustc --version)"; exit 0; }
H=$HOTPATH_AUDIT
T=$scratch/samples
export XDG_CACHE_HOME=$scratch/cache
cp -r "$top_srcdir/samples" "$T"
chmod -R u+w "$T"
rm -rf "$T/target"
tree_hash() { (cd "$1" && find . -type f -o -type l | LC_ALL=C sort | xargs sha256sum | sha256sum); }
before=$(tree_hash "$T")

# the workspace itself: library, tests, benches and examples
C=$scratch/built
cp -r "$T" "$C"
check "the sample workspace builds with cargo check --offline --all-targets" sh -c \
	"cd '$C' && CARGO_TARGET_DIR='$scratch/target-built' cargo check --offline --all-targets --quiet 2>'$scratch/build.err' || { cat '$scratch/build.err' >&2; false; }"

"$H" audit --root "$T" --verify --format json --patch "$scratch/v.patch" --output "$scratch/v.json" 2>"$scratch/err"
check "--verify on the sample workspace: exit 0, the report written" test $? -eq 0 -a -s "$scratch/v.json"
check "the audited tree is unchanged" test "$(tree_hash "$T")" = "$before"
check "the workspace was checked: no refuted removal, every removable site either verified or said why not" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
v = m['verification']
assert v['workspaces'][0]['status'] == 'checked' and v['problem'] is None, v
assert v['refuted'] == 0 and v['verified'] >= 40, v
for f in m['findings']:
    s = f.get('verification') or {}
    if f['bucket'].startswith('removable') and s.get('status') != 'verified':
        why = s.get('detail') or ''
        # storage.rs holds a Latin-1 byte (rustc compiles a stand-in); a copy used in place is never tried
        assert 'does not compile this line' in why and f['path'].endswith('storage.rs') or 'used in place' in why, f
" "$scratch/v.json"
check "every compiler verdict agrees with the hand labels (removals verified are labelled removable; kept ones confirmed are labelled required, or a borrow written another way)" python3 -c "
import csv, json, sys
labels = {(r[0], int(r[1]), int(r[2])): r[3] for r in csv.reader(open(sys.argv[2]), delimiter='\t') if r[0] != 'path'}
bad = []
for f in json.load(open(sys.argv[1]))['findings']:
    s = f.get('verification') or {}
    label = labels.get((f['path'], f['line'], f['column']))
    if s.get('status') != 'verified' or label is None:
        continue
    if f['bucket'].startswith('removable') != label.startswith('removable'):
        # a kept clone whose plain removal does not build, labelled as a borrow by another
        # edit (`as_ref()`, `iter()`, `Cow::Borrowed`): the compiler judged only the plain removal
        if not (label == 'removable_borrow' and not f['bucket'].startswith('removable')):
            bad.append((f['path'], f['line'], f['bucket'], label, s['detail']))
assert not bad, bad
" "$scratch/v.json" "$T/expected-buckets.tsv"

A=$scratch/applied
cp -r "$T" "$A"
check "git apply takes the patch of verified removals" sh -c \
	"cd '$A' && git init -q . && git add -A && git commit -qm base && git apply '$scratch/v.patch'"
check "... which changes exactly the lines of the verified removals" python3 -c "
import json, subprocess, sys
m = json.load(open(sys.argv[1]))
want = {(f['path'], f['line']) for f in m['findings']
        if f['bucket'].startswith('removable') and (f.get('verification') or {}).get('status') == 'verified'}
out = subprocess.run(['git', '-C', sys.argv[2], 'diff', '-U0'], capture_output=True, text=True, check=True).stdout
got, path = set(), None
for l in out.splitlines():
    if l.startswith('+++ b/'):
        path = l[6:]
    elif l.startswith('@@'):
        start, _, count = l.split()[1][1:].partition(',')  # the old side: a line may go whole
        got |= {(path, int(start) + i) for i in range(int(count or 1))}
assert got == want and len(want) >= 40, (sorted(got ^ want), len(want))
" "$scratch/v.json" "$A"
check "the patched workspace still builds, tests and benches included" sh -c \
	"cd '$A' && CARGO_TARGET_DIR='$scratch/target-built' cargo check --offline --all-targets --quiet 2>'$scratch/applied.err' || { cat '$scratch/applied.err' >&2; false; }"

"$H" audit --root "$T" --verify --format json --output "$scratch/v2.json" 2>/dev/null
check "a second run on the unchanged workspace reuses the verdicts: no check runs" python3 -c "
import json, sys
v = json.load(open(sys.argv[1]))['verification']
assert v['checks'] == 0, v
" "$scratch/v2.json"
check "the audited tree is still unchanged" test "$(tree_hash "$T")" = "$before"
done_testing

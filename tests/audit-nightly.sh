#!/bin/sh
# The nightly scenario: findings new or unchanged against last night's
# report, what was resolved, the history file, and bad baselines.
. "$top_srcdir/tests/lib.sh"
needs_git
H=$HOTPATH_AUDIT
R=$scratch/repo
mkdir -p "$R/lib/llm/src" && cd "$R" && git init -q -b main . || exit 1
cat >lib/llm/src/backend.rs <<'RS'
fn route(req: Request) {
    let copy = req.clone();
    engine.submit(copy);
    audit_log(req);
}

fn batch(items: &[Item], cfg: &Config) -> Vec<Item> {
    let limit = cfg.limit.clone();
    let all = items.to_vec().clone();
    let names = cfg.names.clone();
    report(&names);
    all
}
RS
cat >lib/llm/src/other.rs <<'RS'
fn other(s: String) -> usize { s.clone().len() }
RS
git add . && git commit -qm c1 || exit 1
"$H" audit --root "$R" --paths . --rev HEAD --format json --output "$scratch/c1.json"
check "C1 audited" test -s "$scratch/c1.json"

# C2: twenty lines at the top of backend.rs, one clone line deleted, a new
# fn with two clone sites
{ i=0; while [ $i -lt 20 ]; do echo "// header line $i"; i=$((i + 1)); done; cat lib/llm/src/backend.rs; } >x && mv x lib/llm/src/backend.rs
sed -i '/let limit = cfg.limit.clone();/d' lib/llm/src/backend.rs
cat >>lib/llm/src/backend.rs <<'RS'

fn fresh(req: Request, tx: &Sender) {
    tx.send(req.clone());
    let again = req.clone();
    finish(again, req);
}
RS
git commit -qam c2 || exit 1
"$H" audit --root "$R" --paths . --rev HEAD --baseline "$scratch/c1.json" --format json --output "$scratch/c2.json" \
	--history "$scratch/history.jsonl"
check "C2 audited against the C1 baseline" test -s "$scratch/c2.json"
check "exactly two findings are new, one resolved, every other unchanged" python3 -c "
import json, sys
c1 = json.load(open(sys.argv[1])); c2 = json.load(open(sys.argv[2]))
st = [f['status'] for f in c2['findings']]
assert st.count('new') == 2, st
assert st.count('unchanged') == len(st) - 2 == len(c1['findings']) - 1, (st, len(c1['findings']))
assert len(c2['resolved']) == 1 and c2['resolved'][0]['receiver'] == 'cfg.limit', c2['resolved']
assert c2['summary']['new'] == 2 and c2['summary']['resolved'] == 1
new = sorted(f['fn'] for f in c2['findings'] if f['status'] == 'new')
assert new == ['fresh', 'fresh'], new
" "$scratch/c1.json" "$scratch/c2.json"
check "fingerprints survive the twenty-line shift" python3 -c "
import json, sys
a = {f['fingerprint']: f for f in json.load(open(sys.argv[1]))['findings']}
b = [f for f in json.load(open(sys.argv[2]))['findings'] if f['status'] == 'unchanged']
for f in b:
    shift = f['line'] - a[f['fingerprint']]['line']
    want = (19, 20) if f['path'].endswith('backend.rs') else (0,)
    assert shift in want, (f['path'], f['fn'], shift)
assert any(f['path'].endswith('backend.rs') for f in b)
" "$scratch/c1.json" "$scratch/c2.json"

"$H" audit --root "$R" --paths . --diff HEAD~1..HEAD --format json >"$scratch/diff.json"
check "--diff C1..C2 lists exactly the two new sites" python3 -c "
import json, sys; f = json.load(open(sys.argv[1]))['findings']
assert sorted((x['fn'], x['line']) for x in f) == [('fresh', 35), ('fresh', 36)], [(x['fn'], x['line']) for x in f]" "$scratch/diff.json"

"$H" audit --root "$R" --paths . --rev HEAD --baseline "$scratch/c1.json" --format md >"$scratch/c2.md"
check "Markdown opens with what is new and what was resolved" sh -c "grep -q '^## New since the baseline' '$scratch/c2.md' && grep -q '^## Resolved since the baseline' '$scratch/c2.md' && grep -q '2 new\*\*, \*\*1 resolved' '$scratch/c2.md'"
"$H" audit --root "$R" --paths . --rev HEAD --baseline "$scratch/c1.json" --format html \
	--history "$scratch/history.jsonl" >"$scratch/c2.html"
check "HTML has New and Resolved tables" sh -c "grep -q '<h3>New</h3>' '$scratch/c2.html' && grep -q '<h3>Resolved</h3>' '$scratch/c2.html'"
check "history: one JSON line per run" test "$(wc -l <"$scratch/history.jsonl")" -eq 2
check "history: date, commit and counts" python3 -c "
import json, sys
runs = [json.loads(l) for l in open(sys.argv[1])]
assert all(set(r) >= {'date', 'commit', 'total', 'by_bucket', 'by_tier'} for r in runs), runs
" "$scratch/history.jsonl"
check "HTML draws the trend from the history" grep -q 'aria-label="Findings per run"' "$scratch/c2.html"

# bad baselines: one line naming the file, exit 2, no report written
printf '{"schema": "hotpath-audit-report", "version": 1, "findings": [{"path": "a"' >"$scratch/cut.json"
"$H" audit --root "$R" --paths . --baseline "$scratch/cut.json" --output "$scratch/never.md" 2>"$scratch/err"
check "a truncated baseline: exit 2, named, no report written" sh -c "test $? -eq 2 && grep -q 'cut.json:1:' '$scratch/err' && test ! -e '$scratch/never.md'"
printf '{"schema": "other"}' >"$scratch/other.json"
fails_with "not a report: exit 2, says so" 'not a hotpath-audit report' \
	audit --root "$R" --paths . --baseline "$scratch/other.json"
printf '{"schema": "hotpath-audit-report", "version": 1, "findings": [{"path": 1}]}' >"$scratch/hostile.json"
fails_with "a finding without a fingerprint: exit 2, names the finding" 'finding 0 has no fingerprint' \
	audit --root "$R" --paths . --baseline "$scratch/hostile.json"
printf 'not json\n' >"$scratch/bad-history.jsonl"
"$H" audit --root "$R" --paths . --history "$scratch/bad-history.jsonl" >/dev/null 2>"$scratch/err"
check "a broken history file: exit 2, file:line, left as it was" sh -c "test $? -eq 2 && grep -q 'bad-history.jsonl:1:' '$scratch/err' && test \"\$(cat '$scratch/bad-history.jsonl')\" = 'not json'"
done_testing

#!/bin/sh
# Suppressions (in the code, by attribute, by fingerprint) and the
# repository's configuration file.
. "$top_srcdir/tests/lib.sh"
needs_git
H=$HOTPATH_AUDIT
R=$scratch/repo
mkdir -p "$R/src/router" "$R/src/gen" && cd "$R" && git init -q -b main . || exit 1
cat >src/router/route.rs <<'RS'
fn a(req: Request) { let x = req.clone(); consume(x); }
// hotpath-audit: allow(removable_move) reviewed: the copy keeps the log readable
fn b(req: Request) { let x = req.clone(); consume(x); }
fn c(req: Request) { let x = req.clone(); consume(x); } // hotpath-audit: allow(R13)
#[allow(clippy::redundant_clone)]
fn d(req: Request) { let x = req.clone(); consume(x); }
fn e(req: Request) { let x = req.clone(); consume(x); }
RS
printf 'fn g(s: String) { let t = s.clone(); h(t); }\n' >src/gen/api.pb.rs
"$H" audit --root "$R" --paths . --format json >"$scratch/all.json"
fp_e=$(python3 -c "import json,sys; print([f['fingerprint'] for f in json.load(open(sys.argv[1]))['findings'] if f['fn']=='e'][0])" "$scratch/all.json")
cat >.hotpath-audit.json <<JSON
{
  "version": 1,
  "exclude": ["*.pb.rs"],
  "hot_paths": [{"prefix": "src/router", "score": 11, "label": "our router"}],
  "suppress": [{"fingerprint": "$fp_e", "reason": "kept for the retry path"}]
}
JSON
git add . && git commit -qm c1 || exit 1

"$H" audit --root "$R" --paths . --format json >"$scratch/out.json" 2>"$scratch/err"
check "with a configuration: exit 0" test $? -eq 0
check "suppressed in the code with a reason, by attribute, and by fingerprint; counted and listed" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
live = sorted(f['fn'] for f in m['findings']); sup = {s['fn']: s['suppression'] for s in m['suppressed']}
assert live == ['a', 'c'], live
assert sup['b']['by'] == 'comment' and sup['b']['reason'] == 'reviewed: the copy keeps the log readable', sup
assert sup['d']['by'] == 'attribute' and sup['e'] == {'by': 'configuration', 'reason': 'kept for the retry path'}, sup
assert m['summary']['suppressed'] == 3 and m['summary']['total'] == 2
" "$scratch/out.json"
check "a suppression without a reason is not honoured, and is reported" grep -q 'suppression without a reason is not honoured: allow(R13)' "$scratch/out.json"
check "the configuration's hot path comes first" grep -q '"hot_path": "our router"' "$scratch/out.json"
check "an excluded file is skipped and listed" sh -c "grep -q '\"reason\": \"excluded by the configuration\"' '$scratch/out.json' && ! grep -q '\"fn\": \"g\"' '$scratch/out.json'"
"$H" audit --root "$R" --paths . --format md >"$scratch/out.md"
check "Markdown: the suppressed appendix" grep -q '^## Appendix: suppressed (3)' "$scratch/out.md"
"$H" audit --root "$R" --paths . --format html >"$scratch/out.html"
check "HTML: the suppressed appendix" grep -q 'Appendix: suppressed (3)' "$scratch/out.html"

"$H" audit --root "$R" --paths . --no-config --format json >"$scratch/none.json"
check "--no-config: the file is ignored" python3 -c "
import json, sys; m = json.load(open(sys.argv[1]))
assert 'e' in [f['fn'] for f in m['findings']] and 'g' in [f['fn'] for f in m['findings']]" "$scratch/none.json"

# --rev reads the configuration from the revision's tree
printf '{"version": 1}\n' >.hotpath-audit.json
"$H" audit --root "$R" --paths . --rev HEAD --format json >"$scratch/rev.json"
check "--rev: the configuration of the audited revision, not the working tree's" python3 -c "
import json, sys; m = json.load(open(sys.argv[1]))
assert m['summary']['suppressed'] == 3 and 'g' not in [f['fn'] for f in m['findings']]" "$scratch/rev.json"

printf '{"version": 1, "suppress": [{"fingerprint": "x"}]}\n' >"$scratch/c1.json"
fails_with "a suppression without a reason in the configuration: exit 2, names the element" \
	'c1.json: suppress\[0\]: needs a non-empty "reason"' audit --root "$R" --paths . --config "$scratch/c1.json"
printf '{"version": 1,\n "exclude": [}\n' >"$scratch/c2.json"
fails_with "a configuration that is not JSON: exit 2, file:line:col" 'c2.json:2:' \
	audit --root "$R" --paths . --config "$scratch/c2.json"
printf '{"version": 1, "exclud": []}\n' >"$scratch/c3.json"
fails_with "an unknown key: exit 2, named" 'unknown key "exclud"' audit --root "$R" --paths . --config "$scratch/c3.json"
# `#[allow(clippy::clone_on_copy)]` (a generated parser says it) silences
# the Copy rule's removals under it, not another removal beside them
C=$scratch/copy
mkdir -p "$C/src" && cat >"$C/src/parse.rs" <<'RS'
#[allow(clippy::just_underscores_and_digits, clippy::clone_on_copy)]
fn action(___0: (usize, String, usize), name: String) -> (usize, String) {
    let ___start0 = ___0.0.clone();
    let n = name.clone();
    (___start0, n)
}
fn plain(at: (usize, usize)) -> usize { at.0.clone() }
RS
"$H" audit --root "$C" --paths . --no-config --format json >"$scratch/copy.json"
check "allow(clippy::clone_on_copy): the Copy value's removal suppressed by attribute, the others stay" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
live = sorted((f['fn'], f['receiver'], f['rule']) for f in m['findings'])
sup = [(s['fn'], s['rule'], s['suppression']['reason']) for s in m['suppressed']]
assert sup == [('action', 'R7', '#[allow(clippy::clone_on_copy)] on an enclosing item')], sup
assert ('action', 'name', 'R13') in live and ('plain', 'at.0', 'R7') in live, live
" "$scratch/copy.json"
done_testing

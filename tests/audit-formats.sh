#!/bin/sh
# Several formats in one run, SARIF against the official schema, GitLab
# Code Quality, `render` of a saved report, and the gates' exit codes.
. "$top_srcdir/tests/lib.sh"
command -v python3 >/dev/null || { echo "1..0 # SKIP python3 missing"; exit 0; }
H=$HOTPATH_AUDIT
S=$top_srcdir/samples
export SOURCE_DATE_EPOCH=1700000000
mkdir -p "$scratch/out"
"$H" audit --root "$S" --format md,html,json,sarif,gitlab --output-dir "$scratch/out"
check "five formats in one run: exit 0" test $? -eq 0
check "five files written" sh -c "cd '$scratch/out' && test -s audit.md && test -s audit.html && test -s audit.json && test -s audit.sarif && test -s audit.gitlab.json"
# JSON alone is written from the findings' tapes; with a template format
# from the JSON values the templates get: the same bytes, with a baseline
# marking findings and the configuration suppressing one too
"$H" audit --root "$S" --format json --output "$scratch/alone.json"
# (but for the command line the report records)
same_but_command() { grep -v '^    "command": ' "$1" >"$1.cut" && grep -v '^    "command": ' "$2" >"$2.cut" && cmp "$1.cut" "$2.cut"; }
check "JSON alone: the same bytes as JSON beside the other formats" same_but_command "$scratch/alone.json" "$scratch/out/audit.json"
fp=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['findings'][0]['fingerprint'])" "$scratch/alone.json")
printf '{"version": 1, "suppress": [{"fingerprint": "%s", "reason": "kept on purpose"}]}\n' "$fp" >"$scratch/conf.json"
mkdir -p "$scratch/out2"
"$H" audit --root "$S" --config "$scratch/conf.json" --baseline "$scratch/alone.json" --format json --output "$scratch/alone2.json"
"$H" audit --root "$S" --config "$scratch/conf.json" --baseline "$scratch/alone.json" --format html,json --output-dir "$scratch/out2"
check "JSON alone with a baseline and a suppression: the same bytes as beside HTML" same_but_command "$scratch/alone2.json" "$scratch/out2/audit.json"
check "the suppression and the baseline's marks are in it" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
assert any(s['fingerprint'] == sys.argv[2] and s['suppression']['by'] == 'configuration' for s in m['suppressed'])
assert m['findings'] and all(f['status'] == 'unchanged' for f in m['findings'])
" "$scratch/alone2.json" "$fp"

sarif_valid "SARIF validates against the official SARIF 2.1.0 schema" "$scratch/out/audit.sarif"
check "SARIF: rules with descriptions and help, results with ruleId, level, relative uri, region, partialFingerprints" python3 -c "
import json, sys
s = json.load(open(sys.argv[1])); m = json.load(open(sys.argv[2]))
run = s['runs'][0]; rules = run['tool']['driver']['rules']
assert {r['id'] for r in rules} == {'removable_move', 'removable_borrow', 'structural_refactor', 'semantic_required', 'cheap_required', 'cold_test_only'}
assert all(r['shortDescription']['text'] and r['fullDescription']['text'] and r['help']['text'] for r in rules)
res = run['results']; assert len(res) == len(m['findings'])
for r, f in zip(res, m['findings']):
    loc = r['locations'][0]['physicalLocation']
    assert r['ruleId'] == f['bucket'] and rules[r['ruleIndex']]['id'] == r['ruleId']
    assert r['level'] in ('warning', 'note') and not loc['artifactLocation']['uri'].startswith('/')
    assert loc['region'] == {'startLine': f['line'], 'startColumn': f['column']}
    assert r['partialFingerprints']['hotpathAudit/v1'] == f['fingerprint']
" "$scratch/out/audit.sarif" "$scratch/out/audit.json"
check "GitLab Code Quality: description, check_name, fingerprint, severity, location" python3 -c "
import json, sys
g = json.load(open(sys.argv[1]))
assert g and all(set(x) == {'description', 'check_name', 'fingerprint', 'severity', 'location'} for x in g)
assert all(x['severity'] in ('info', 'minor', 'major', 'critical', 'blocker') and x['location']['lines']['begin'] > 0 for x in g)
assert len({x['fingerprint'] for x in g}) == len(g)" "$scratch/out/audit.gitlab.json"

"$H" render "$scratch/out/audit.json" --format md >"$scratch/re.md"
same_file "render: the saved report gives the same Markdown" "$scratch/out/audit.md" "$scratch/re.md"
"$H" render "$scratch/out/audit.json" --format html,sarif --output-dir "$scratch/re"
check "render: --output-dir is created" test $? -eq 0 -a -f "$scratch/re/audit.sarif"
same_file "render: the same HTML" "$scratch/out/audit.html" "$scratch/re/audit.html"
printf '{"schema": "x"}' >"$scratch/bad.json"
"$H" render "$scratch/bad.json" >/dev/null 2>"$scratch/err"
check "render of something else: exit 2, says why" sh -c "test $? -eq 2 && grep -q 'not a hotpath-audit report' '$scratch/err'"

"$H" audit --root "$S" --format md,html >/dev/null 2>&1
check "several formats without --output-dir: usage error" test $? -eq 2
"$H" audit --root "$S" --format md,pdf --output-dir "$scratch/out" 2>/dev/null
check "an unknown format in the list: usage error" test $? -eq 2
cp "$scratch/out/audit.md" "$scratch/before.md"
"$H" audit --root "$S" --format md,html --output-dir "$scratch/new/nightly" 2>"$scratch/err"
check "a missing output directory is created, with its parents" test $? -eq 0 -a -f "$scratch/new/nightly/audit.html"
: >"$scratch/afile"
"$H" audit --root "$S" --format md,html --output-dir "$scratch/afile/sub" 2>"$scratch/err"
check "an output directory that cannot be made: exit 2, named" sh -c "test $? -eq 2 && grep -q 'afile' '$scratch/err'"
mkdir -p "$scratch/tpl" && cp "$top_srcdir"/templates/*.mustache "$scratch/tpl/"
printf '{{#broken}\n' >"$scratch/tpl/report.html.mustache"
"$H" audit --root "$S" --format md,html --output-dir "$scratch/out" --templates "$scratch/tpl" 2>/dev/null
check "a template error writes no format at all (the old Markdown stays)" sh -c "test $? -eq 2 && cmp -s '$scratch/before.md' '$scratch/out/audit.md'"

"$H" audit --root "$S" --fail-on any >/dev/null
check "--fail-on any with actionable findings: exit 1" test $? -eq 1
"$H" audit --root "$S" --fail-on any --exit-zero >/dev/null
check "--exit-zero: exit 0" test $? -eq 0
"$H" audit --root "$S" --paths lib/kv-router/src/indexer.rs --only-actionable --format json >"$scratch/ix.json"
"$H" audit --root "$S" --paths lib/llm/src/util --fail-on high >/dev/null
check "--fail-on high without high-tier actionable findings: exit 0" test $? -eq 0
"$H" audit --root "$S" --fail-on high >/dev/null
check "--fail-on high with them: exit 1" test $? -eq 1
"$H" audit --root "$S" --baseline "$scratch/out/audit.json" --fail-on new >/dev/null
check "--fail-on new against an identical baseline: exit 0" test $? -eq 0
"$H" audit --root "$S" --fail-on sometimes >/dev/null 2>&1
check "--fail-on with a bad value: exit 2" test $? -eq 2
"$H" audit --root "$S" --fail-on any --baseline "$scratch/bad.json" >/dev/null 2>&1
check "an error outranks a tripped gate: exit 2" test $? -eq 2
# --output to a device or a FIFO writes in place: renaming a file over it
# would leave a regular file where /dev/null was (every later reader of
# /dev/null then read a report)
if command -v mkfifo >/dev/null; then
	mkfifo "$scratch/fifo"
	cat "$scratch/fifo" >"$scratch/from-fifo" &
	reader=$!
	"$H" audit --root "$S" --format json --output "$scratch/fifo"
	rc=$?
	wait $reader
	check "--output a FIFO: exit 0, the reader gets the whole report, the FIFO stays a FIFO" sh -c \
		"test $rc -eq 0 && test -p '$scratch/fifo' && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' '$scratch/from-fifo'"
fi
if [ -c /dev/full ]; then
	"$H" audit --root "$S" --format json --output /dev/full 2>"$scratch/full.err"
	check "--output /dev/full: exit 2, the device named, and it stays a device" sh -c \
		"test $? -eq 2 && grep -q '/dev/full: No space left on device' '$scratch/full.err' && test -c /dev/full"
fi
done_testing

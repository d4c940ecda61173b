#!/bin/sh
# hotpath-audit explain FILE:LINE[:COL]: the chain behind one verdict --
# a removable, a required and a test site; the same verdict as the audit's
# for every site of the samples; exit codes; and --verify.
. "$top_srcdir/tests/lib.sh"
command -v python3 >/dev/null || { echo "1..0 # SKIP python3 missing"; exit 0; }
H=$HOTPATH_AUDIT
S=$top_srcdir/samples

"$H" explain lib/kv-router/src/indexer.rs:57 --root "$S" >"$scratch/rm.txt"
check "a removable site: exit 0" test $? -eq 0
check "... its verdict, the rule that decided and the rules before it answered no" python3 -c "
import sys
t = open(sys.argv[1]).read()
assert 'Verdict: removable_move, medium confidence (rule R13)' in t, t
rules = [l.strip() for l in t.split('Rules, in order')[1].split('Verdict:')[0].splitlines()[1:] if l.strip()]
assert rules[-1].startswith('R13 ') and rules[-1].endswith(': yes'), rules
assert all(r.endswith(': no') for r in rules[:-1]) and len(rules) == 13, rules
assert 'root kind                param_value' in t and 'partial move             yes' in t, t
assert 'Correctness proof: Old: the consumer gets a copy' in t
" "$scratch/rm.txt"
"$H" explain lib/kv-router/src/lib.rs:28:22 --root "$S" >"$scratch/req.txt"
check "a required site (by FILE:LINE:COLUMN): the later read that keeps it" python3 -c "
import sys
t = open(sys.argv[1]).read()
assert 'Verdict: semantic_required, high confidence (rule R9)' in t, t
assert 'R9 the original read again after the clone: yes' in t
assert t.count('Verdict:') == 1, 'only the site at that column'
" "$scratch/req.txt"
"$H" explain lib/kv-router/src/lib.rs:28 --root "$S" >"$scratch/both.txt"
check "FILE:LINE with two sites on the line: both explained" test "$(grep -c '^Verdict:' "$scratch/both.txt")" -eq 2
"$H" explain lib/kv-router/src/indexer/tests.rs:17 --root "$S" >"$scratch/test.txt"
check "a test site: R1 decides" sh -c "grep -q 'R1 test, bench or example code: yes' '$scratch/test.txt' && grep -q '^Verdict: cold_test_only' '$scratch/test.txt'"
"$H" audit --root "$S" --paths . --format json --output "$scratch/all.json"
check "explain gives the audit's verdict for every site of the samples" python3 -c "
import json, subprocess, sys, re
h, root, report = sys.argv[1:4]
m = json.load(open(report))
bad = []
for f in m['findings']:
    out = subprocess.run([h, 'explain', '%s:%d:%d' % (f['path'], f['line'], f['column']), '--root', root],
                         capture_output=True, text=True).stdout
    got = re.search(r'^Verdict: (\S+), (\S+) confidence \(rule (\S+)\)', out, re.M)
    if not got or got.groups() != (f['bucket'], f['confidence'], f['rule']):
        bad.append((f['path'], f['line'], got and got.groups()))
assert len(m['findings']) > 150 and not bad, bad[:5]
" "$H" "$S" "$scratch/all.json"

"$H" explain lib/kv-router/src/indexer.rs:1 --root "$S" >/dev/null 2>"$scratch/err"
check "no clone site there: exit 1, said" sh -c "test $? -eq 1 && grep -q 'no clone site at lib/kv-router/src/indexer.rs:1' '$scratch/err'"
fails_with "a place that is not FILE:LINE: exit 2" "is not FILE:LINE" explain lib/kv-router/src/indexer.rs --root "$S"
fails_with "no place at all: exit 2" "the site is missing" explain --root "$S"
fails_with "--verify-command '' : exit 2, as audit says" "expected a command" explain lib/kv-router/src/indexer.rs:1 --root "$S" --verify --verify-command ''
fails_with "--verify-checks 0: exit 2" "verify-checks" explain lib/kv-router/src/indexer.rs:1 --root "$S" --verify --verify-checks 0

if command -v cargo >/dev/null && command -v rustc >/dev/null; then
	T=$scratch/crate
	cp -r "$S/verify" "$T"
	chmod -R u+w "$T"
	XDG_CACHE_HOME=$scratch/cache "$H" explain src/inplace.rs:23 --root "$T" --verify >"$scratch/v.txt" 2>/dev/null
	check "explain --verify: the rules' verdict, then the compiler's" sh -c \
		"grep -q '^  R13 an owned value at its last use, named by a plain place.*: yes' '$scratch/v.txt' && grep -q '^Verdict: semantic_required, high confidence (rule V1)' '$scratch/v.txt' && grep -q '^Compiler check: refuted: E0505' '$scratch/v.txt'"
else
	skip "explain --verify: the rules' verdict, then the compiler's" "cargo or rustc missing"
fi
done_testing

#!/bin/sh
# A corpus of bad input: no crash, no hang, one message naming each bad
# file, and the good file's finding still reported.  Linear time is checked
# with the tool's work counters (HOTPATH_AUDIT_STATS), never with a clock.
. "$top_srcdir/tests/lib.sh"
command -v python3 >/dev/null || { echo "1..0 # SKIP python3 missing"; exit 0; }
H=$HOTPATH_AUDIT
T=$scratch/tree
mkdir -p "$T/lib/x.rs" "$T/lib/deep"
printf 'fn good(x: String) { g(x.clone()); }\n' >"$T/lib/good.rs"
printf 'fn bad_utf8(x: String) { /* \377\376 */ g(x.clone()); }\n' >"$T/lib/invalid_utf8.rs"
printf 'fn nul(x: String) { g(x.clone()); }\0\1\2' >"$T/lib/nul.rs"
head -c 4096 /dev/urandom >"$T/lib/binary.rs"
printf 'fn crlf(x: String) {\r\n    g(x.clone());\r\n}\r\n' >"$T/lib/crlf.rs"
printf 'fn cr(x: String) {\r    g(x.clone());\r}\r' >"$T/lib/lone_cr.rs"
python3 -c "import sys; sys.stdout.write('fn long(x: String) { g(x.clone()); let s = \"' + 'a' * 1048576 + '\"; }\n')" >"$T/lib/long_line.rs"
python3 -c "import sys; sys.stdout.write('fn deep(x: String) ' + '{' * 100000 + ' g(x.clone()); ' + '}' * 100000 + '\n')" >"$T/lib/deep/braces.rs"
printf 'fn c1(x: String) { g(x.clone()); }\n/* never closed\nfn c2(y: String) { y.clone() }\n' >"$T/lib/open_comment.rs"
printf 'fn s1(x: String) { g(x.clone()); let s = "never closed\n' >"$T/lib/open_string.rs"
printf 'fn r1(x: String) { g(x.clone()); let s = r##"never closed\n' >"$T/lib/open_raw.rs"
python3 -c "import sys; sys.stdout.write('fn many(a: String) {' + ' a.clone();' * 100000 + ' }\n')" >"$T/lib/many.rs"
: >"$T/lib/empty.rs"
ln -s loop.rs "$T/lib/loop.rs"
mkfifo "$T/lib/fifo.rs"
printf 'fn in_dir(x: String) { g(x.clone()); }\n' >"$T/lib/x.rs/inner.rs"
printf 'fn badly_named(x: String) { g(x.clone()); }\n' >"$T/lib/bad_$(printf '\377')name.rs"

# run in the background with a limit: a hang is a failure, not a stuck CI
( timeout 300 "$H" audit --root "$T" --paths lib --format json >"$scratch/out.json" 2>"$scratch/err"; echo $? >"$scratch/rc" )
rc=$(cat "$scratch/rc")
check "the bad corpus: exit 0 (bad files are problems, not errors), within the time limit" test "$rc" -eq 0
check "no crash or sanitizer report on stderr" sh -c "! grep -Eq 'AddressSanitizer|runtime error|Segmentation' '$scratch/err'"
cat >"$scratch/check.py" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
probs = {}
for p in m["problems"]:
    probs.setdefault(p["path"], []).append(p["message"])
fns = {f["fn"] for f in m["findings"]}
def want(cond, what):
    print(("ok" if cond else "not ok") + " - " + what)
    return cond
ok = True
ok &= want("good" in fns, "the good file's finding is still reported")
ok &= want(any("U+FFFD" in x for x in probs.get("lib/invalid_utf8.rs", [])) and "bad_utf8" in fns, "invalid UTF-8: replaced, named, audited")
ok &= want(probs.get("lib/nul.rs") == ["binary file, skipped"], "NUL bytes: skipped, named")
ok &= want(probs.get("lib/binary.rs") == ["binary file, skipped"] or "lib/binary.rs" not in probs, "a binary .rs: skipped")
ok &= want({"crlf", "cr"} <= fns, "CRLF and lone CR: audited")
ok &= want("long" in fns and all(len(f["text"]) < 1000 for f in m["findings"]), "a 1 MB line: audited, its display cut")
ok &= want("deep" in fns, "100,000 nested braces: audited")
ok &= want(probs.get("lib/open_comment.rs") == ["unterminated block comment"] and "c1" in fns and "c2" not in fns, "unterminated block comment: named, what precedes it audited")
ok &= want(probs.get("lib/open_string.rs") == ["unterminated string literal"], "unterminated string: named")
ok &= want(probs.get("lib/open_raw.rs") == ["unterminated raw string literal"], "unterminated raw string: named")
ok &= want(sum(1 for f in m["findings"] if f["fn"] == "many") == 100000, "100,000 clones on one line: all reported")
ok &= want("in_dir" in fns, "a directory named x.rs is walked into")
ok &= want(any(f["fn"] == "badly_named" and f["path"] == "lib/bad_\ufffdname.rs" for f in m["findings"]),
           "a file name that is not UTF-8: its finding has the path, with U+FFFD")
sys.exit(0 if ok else 1)
PY
python3 "$scratch/check.py" "$scratch/out.json" >"$scratch/verdicts"
while read -r line; do
	case $line in ok*) ok "${line#ok - }" ;; *) not_ok "${line#not ok - }" ;; esac
done <"$scratch/verdicts"
check "every problem line names its file" python3 -c "
import json, sys; m = json.load(open(sys.argv[1]))
assert all(p['path'] and '\n' not in p['message'] for p in m['problems'])" "$scratch/out.json"

# the same with every rule pack: a name that is not UTF-8 -- a file's, a
# package's, a feature's -- is shown with U+FFFD, not refused (it once made
# the whole audit fail with "out of memory")
U=$scratch/u8names
mkdir -p "$U/src"
printf '[package]\nname = "u\377"\nversion = "0.1.0"\n[features]\ndefault = ["a\376", "b", "c", "d", "e", "f", "g"]\n' >"$U/Cargo.toml"
printf 'fn g() { unsafe { h(); } }\nasync fn f(x: String) { std::thread::sleep(d); g(x.clone()); }\n' >"$U/src/bad_$(printf '\377')name.rs"
cp "$T/lib/invalid_utf8.rs" "$U/src/lib.rs"
"$H" audit --root "$U" --paths . --packs clone,perf-review,crate-hygiene --format json >"$scratch/u8.json" 2>"$scratch/u8.err"
check "names that are not UTF-8, every pack: exit 0" test $? -eq 0
check "names that are not UTF-8, every pack: shown with U+FFFD in every finding and the crate table" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
bad = 'src/bad_\ufffdname.rs'
rules = {f['rule']: f for f in m['rule_findings']}
sys.exit(0 if rules['blocking-in-async']['path'] == bad and rules['unsafe-without-safety']['path'] == bad
         and rules['blocking-in-async']['crate'] == 'u\ufffd' and rules['default-features']['path'] == 'Cargo.toml'
         and m['crates'][0]['crate'] == 'u\ufffd' and 'a\ufffd' in m['crates'][0]['default_feature_list']
         and any(f['path'] == bad for f in m['findings']) else 1)" "$scratch/u8.json"

# linear: the work counters for n and 2n clones in one fn
work() {
	python3 -c "import sys; sys.stdout.write('fn f(a: String) {' + ' a.clone();' * int(sys.argv[1]) + ' }\n')" "$1" >"$scratch/lin/lib/f.rs"
	HOTPATH_AUDIT_STATS=1 "$H" audit --root "$scratch/lin" --format json 2>&1 >/dev/null | sed -n 's/^stats: .*tokens=\([0-9]*\) evidence_work=\([0-9]*\).*/\1 \2/p'
}
mkdir -p "$scratch/lin/lib"
set -- $(work 20000) $(work 40000)
check "linear: twice the clones, twice the tokens (counters: $1 -> $3)" python3 -c "import sys; a, b = int(sys.argv[1]), int(sys.argv[2]); assert 1.9 < b / a < 2.1, (a, b)" "$1" "$3"
check "linear: twice the clones, at most twice the evidence work ($2 -> $4)" python3 -c "import sys; a, b = int(sys.argv[1]), int(sys.argv[2]); assert b / a < 2.2, (a, b)" "$2" "$4"
set -- $(work 2000) $(work 4000)
check "linear at small sizes too ($2 -> $4)" python3 -c "import sys; a, b = int(sys.argv[1]), int(sys.argv[2]); assert b / a < 2.2, (a, b)" "$2" "$4"

# a path outside the root, a symlink loop given directly, a FIFO given directly
"$H" audit --root "$T" --paths ../elsewhere >/dev/null 2>"$scratch/err"
check "a path outside the root: exit 2, one line" sh -c "test $? -eq 2 && test \$(wc -l <'$scratch/err') -eq 1"
"$H" audit --root "$T" --paths lib/loop.rs --format json >"$scratch/loop.json" 2>"$scratch/err"
check "a symlink loop given directly: exit 2, named" sh -c "test $? -eq 2 && grep -q 'loop' '$scratch/err'"
done_testing

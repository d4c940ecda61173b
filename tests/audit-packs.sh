#!/bin/sh
# Rule packs: each rule's samples give exactly the labelled findings, the
# clone audit is unchanged as a pack, a team's own pack works from a file,
# bad packs are refused with file:line, and every report shows the packs.
. "$top_srcdir/tests/lib.sh"
command -v python3 >/dev/null || { echo "1..0 # SKIP python3 missing"; exit 0; }
H=$HOTPATH_AUDIT
P=$top_srcdir/samples/packs
export SOURCE_DATE_EPOCH=1700000000

# ---- the samples: exactly the labelled findings ------------------------------
"$H" audit --root "$P" --paths . --packs perf-review,perf-leads,crate-hygiene --format json --jobs 1 >"$scratch/p1.json"
check "packs: the sample audit exits 0" test $? -eq 0
"$H" audit --root "$P" --paths . --packs perf-review,perf-leads,crate-hygiene --format json --jobs 3 >"$scratch/p3.json"
grep -v '"command":' "$scratch/p1.json" >"$scratch/p1.cmp"
grep -v '"command":' "$scratch/p3.json" >"$scratch/p3.cmp"
same_file "packs: the same report for --jobs 1 and --jobs 3" "$scratch/p1.cmp" "$scratch/p3.cmp"

cat >"$scratch/labels.py" <<'PY'
import csv, json, os, re, sys
mode, tsv, root = sys.argv[1], sys.argv[2], sys.argv[3]
with open(tsv, encoding="utf-8", newline="") as f:
    rows = [(r["path"], int(r["line"]), r["pack"], r["rule"]) for r in csv.DictReader(f, delimiter="\t")]
expected = set(rows)
if mode == "markers":  # the samples' `expect:` markers are the table, no more, no less
    marked = set()
    for d, _, files in os.walk(root):
        for n in files:
            p = os.path.join(d, n)
            rel = os.path.relpath(p, root)
            if not n.endswith((".rs", ".py", "Cargo.toml")):
                continue
            for i, line in enumerate(open(p, encoding="utf-8"), 1):
                for m in re.finditer(r"expect: ([a-z-]+)/([a-z-]+)", line):
                    marked.add((rel, i, m.group(1), m.group(2)))
    missing, extra = marked - expected, expected - marked
elif mode == "coverage":  # every rule and metric of the packs has a positive sample
    model = json.load(open(sys.argv[4]))
    defined = {(p["name"], r["id"]) for p in model["packs"] for r in p["rules"] + p["metrics"]}
    missing, extra = defined - {(pk, r) for _, _, pk, r in rows}, set()
else:  # the report's findings are the table's
    model = json.load(open(sys.argv[4]))
    got = {(f["path"], f["line"], f["pack"], f["rule"]) for f in model["rule_findings"]}
    if len(got) != len(model["rule_findings"]):
        print("# the same finding twice"); sys.exit(1)
    missing, extra = expected - got, got - expected
for x in sorted(missing):
    print("#   missing:", *x)
for x in sorted(extra):
    print("#   unexpected:", *x)
sys.exit(1 if missing or extra else 0)
PY
check "packs: exactly the findings of samples/packs/expected-findings.tsv" \
	python3 "$scratch/labels.py" report "$P/expected-findings.tsv" "$P" "$scratch/p1.json"
check "packs: the table is the samples' expect: markers" \
	python3 "$scratch/labels.py" markers "$P/expected-findings.tsv" "$P"
check "packs: every rule and metric of perf-review and crate-hygiene has a positive sample" \
	python3 "$scratch/labels.py" coverage "$P/expected-findings.tsv" "$P" "$scratch/p1.json"
# the findings that wait for every file (a blocking helper that another
# file's async code calls) are the same whether the clone pack's first pass
# made the library or it was made only for them
"$H" audit --root "$P" --paths . --packs clone,perf-review,perf-leads,crate-hygiene --format json --jobs 2 >"$scratch/pc.json"
check "packs: the cross-file findings, with the clone pack's library or one made for them" python3 -c "
import json, sys
a, b = ([(f['path'], f['line'], f['message']) for f in json.load(open(p))['rule_findings'] if f['rule'] == 'blocking-in-async-callee']
        for p in sys.argv[1:])
sys.exit(0 if a == b and len(a) == 3 else 1)" "$scratch/p1.json" "$scratch/pc.json"
check "packs: a discarded error's callee judged by the workspace, with the clone pack's library or one made for it" python3 -c "
import json, sys
a, b = ([(f['path'], f['line'], f['message']) for f in json.load(open(p))['rule_findings'] if f['rule'] == 'spawn-error-discarded']
        for p in sys.argv[1:])
sys.exit(0 if a == b and [x[:2] for x in a] == [('rust/router/src/tasks.rs', 533)] else 1)" "$scratch/p1.json" "$scratch/pc.json"

cat >"$scratch/fields.py" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
need = ["pack", "rule", "severity", "title", "path", "line", "column", "text", "message", "rationale", "change",
        "validation", "fingerprint"]
bad = [f for f in m["rule_findings"] if any(not f.get(k) and f.get(k) != 0 for k in need)]
fps = [f["fingerprint"] for f in m["rule_findings"]]
packs = {p["name"]: p for p in m["packs"]}
ok = not bad and len(set(fps)) == len(fps) and set(packs) == {"perf-review", "perf-leads", "crate-hygiene"}
ok = ok and all("{{" not in f["message"] and "{{" not in f["validation"] for f in m["rule_findings"])
ok = ok and m["rule_summary"]["total"] == len(m["rule_findings"]) == sum(p["findings"] for p in packs.values())
sys.exit(0 if ok else 1)
PY
check "packs: every finding names its pack and rule and carries the write-up; fingerprints unique" \
	python3 "$scratch/fields.py" "$scratch/p1.json"

cat >"$scratch/crates.py" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
c = {r["crate"]: r for r in m["crates"]}
r, h = c["pack-router"], c["pack-heavy"]
ok = (r["default_features"] == 3 and r["crate_allows"] == 4 and r["unsafe_without_safety"] == 2
      and h["reexports"] == 52 and h["large_files"] == 1 and r["profile_manifest"] == "Cargo.toml"
      and r["release_profile"] == {"lto": None, "codegen-units": None} and set(c) == {"pack-router", "pack-heavy"})
sys.exit(0 if ok else 1)
PY
check "crate-hygiene: the per-crate table has each crate's figures" python3 "$scratch/crates.py" "$scratch/p1.json"

# ---- the clone audit is the first pack, its output unchanged ------------------
S=$top_srcdir/samples
"$H" audit --root "$S" --format json >"$scratch/c0.json"
"$H" audit --root "$S" --format json --packs clone >"$scratch/c1.json"
grep -v '"command":' "$scratch/c0.json" >"$scratch/c0.cmp"
grep -v '"command":' "$scratch/c1.json" >"$scratch/c1.cmp"
same_file "clone pack: --packs clone is the default run" "$scratch/c0.cmp" "$scratch/c1.cmp"
check "clone pack: every clone finding names the pack; no rule findings" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
sys.exit(0 if m['findings'] and all(f['pack'] == 'clone' for f in m['findings']) and m['rule_findings'] == []
         and [p['name'] for p in m['packs']] == ['clone'] else 1)" "$scratch/c0.json"
"$H" audit --root "$S" --format json --packs clone,perf-review >"$scratch/c2.json"
check "clone pack: with perf-review beside it, the same clone findings" python3 -c "
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
sys.exit(0 if a['findings'] == b['findings'] and b['rule_findings'] else 1)" "$scratch/c0.json" "$scratch/c2.json"
check "clone pack: without it, no clone findings and no .py file read by it" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
sys.exit(0 if m['findings'] == [] and m['rule_findings'] else 1)" "$scratch/p1.json"

# ---- reports show packs and rules with their rationale ----------------------------
"$H" audit --root "$P" --paths . --packs perf-review,perf-leads,crate-hygiene --output-dir "$scratch/out" --format md,html,sarif,gitlab
check "reports: all four written" test -s "$scratch/out/audit.md" -a -s "$scratch/out/audit.html" -a -s "$scratch/out/audit.sarif" -a -s "$scratch/out/audit.gitlab.json"
# the rule-pack line says what rule packs found, 0 too, and is absent when none ran
mkdir -p "$scratch/calm/src" && printf 'pub fn f(x: &str) -> usize { x.len() }\n' >"$scratch/calm/src/lib.rs"
"$H" audit --root "$scratch/calm" --paths . --no-config --packs clone,perf-review --format md,html --output-dir "$scratch/calm-out" >/dev/null 2>&1
"$H" audit --root "$scratch/calm" --paths . --no-config --format md --output "$scratch/calm-clone.md" >/dev/null 2>&1
check "reports: a rule pack that ran and found nothing says 0 findings; a clone-only report has no rule-pack line" sh -c '
grep -q "^\*\*Rule packs:\*\* 0 findings" "$1" && grep -q "<strong>Rule packs:</strong> 0 findings" "$2" &&
! grep -q "Rule packs:" "$3"' - "$scratch/calm-out/audit.md" "$scratch/calm-out/audit.html" "$scratch/calm-clone.md"
check "Markdown: a section per pack, a heading per rule with its rationale" sh -c '
grep -q "^## Performance review for inference serving (165)" "$1" &&
grep -q "^## Leads for a performance review (low precision) (33)" "$1" &&
grep -q "^### JSON made on a per-request path only for a log line · medium (5)" "$1" &&
grep -q "^### A lock guard held across .await · high (1)" "$1" &&
grep -q "^A blocking Mutex/RwLock guard (std, parking_lot) held across an await point" "$1" &&
grep -q "^### An async lock.s guard held across another .await · medium (9)" "$1" &&
grep -q "^## Crate hygiene: figures per crate" "$1"' - "$scratch/out/audit.md"
check "Markdown: the crate table's row holds the JSON's figures" python3 -c "
import json, sys
c = {r['crate']: r for r in json.load(open(sys.argv[1]))['crates']}['pack-router']
row = '| pack-router | %d | %d | 3 | 3 | 4 | 2 | 0 |' % (c['files'], c['lines'])
sys.exit(0 if any(l.startswith(row) for l in open(sys.argv[2])) else 1)" "$scratch/p1.json" "$scratch/out/audit.md"
check "HTML: the rule findings, each rule's rationale, the crate table" sh -c '
test "$(grep -c "<tbody class=\"finding\" id=\"r" "$1")" -eq 205 && grep -q "<dt>Why it matters</dt>" "$1" &&
grep -q "<h2>Crate hygiene: figures per crate</h2>" "$1"' - "$scratch/out/audit.html"
check "SARIF: pack/rule ids, a result per finding, each pointing at its rule" python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))['runs'][0]
rules = r['tool']['driver']['rules']
res = [x for x in r['results'] if '/' in x['ruleId']]
sys.exit(0 if len(res) == 205 and all(rules[x['ruleIndex']]['id'] == x['ruleId'] for x in res)
         and any(x['id'] == 'perf-review/lock-across-await' and x['fullDescription']['text'] for x in rules) else 1)" "$scratch/out/audit.sarif"
check "GitLab: a code-quality entry per rule finding" python3 -c "
import json, sys
sys.exit(0 if sum('/' in e['check_name'] for e in json.load(open(sys.argv[1]))) == 205 else 1)" "$scratch/out/audit.gitlab.json"

# ---- gates, baselines, suppression --------------------------------------------------
"$H" audit --root "$P" --paths . --packs perf-review --format json --fail-on high >/dev/null
check "--fail-on high: a high-severity rule finding trips it (exit 1)" test $? -eq 1
"$H" audit --root "$P" --paths rust/router/src/buffers.rs --packs perf-review --format json --fail-on medium >/dev/null
check "--fail-on medium: low-severity findings alone do not (exit 0)" test $? -eq 0
"$H" audit --root "$P" --paths . --packs perf-review,perf-leads,crate-hygiene --format json --baseline "$scratch/p1.json" >"$scratch/b.json"
check "--baseline: the same run again has no new rule finding" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
sys.exit(0 if m['rule_summary']['new'] == 0 and all(f['status'] == 'unchanged' for f in m['rule_findings']) else 1)" "$scratch/b.json"
mkdir -p "$scratch/sup" && cp -R "$P/." "$scratch/sup/"
sed -i 's|^    time.sleep(0.5)  # expect: perf-review/sleep-in-async|    time.sleep(0.5)  # hotpath-audit: allow(sleep-in-async) start-up only, before the loop runs|' \
	"$scratch/sup/python/serving/scheduler.py"
"$H" audit --root "$scratch/sup" --paths . --packs perf-review --format json >"$scratch/sup.json"
check "suppression: allow(RULE) with a reason moves the finding to rule_suppressed" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
sup = m['rule_suppressed']
sys.exit(0 if len(sup) == 1 and sup[0]['rule'] == 'sleep-in-async' and sup[0]['suppression']['by'] == 'comment'
         and not any(f['rule'] == 'sleep-in-async' and f['line'] == sup[0]['line'] and f['path'] == sup[0]['path']
                     for f in m['rule_findings']) else 1)" "$scratch/sup.json"
printf '{"version": 1, "packs": "perf-review"}\n' >"$scratch/sup/.hotpath-audit.json"
"$H" audit --root "$scratch/sup" --paths . --format json >"$scratch/cfg.json"
check "configuration: \"packs\" chooses the packs when --packs is not given" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
sys.exit(0 if [p['name'] for p in m['packs']] == ['perf-review'] and m['rule_findings'] else 1)" "$scratch/cfg.json"

# ---- a team's own pack, without recompiling ------------------------------------------
mkdir -p "$scratch/pat/packs" "$scratch/repo/src"
cp "$top_srcdir/patterns/inventory.rules" "$top_srcdir/patterns/audit.rules" "$scratch/pat/"
cat >"$scratch/pat/packs/team.pack" <<'PACK'
# Our own review: no unwrap() on the request path.
version 1
pack team
title Team review

rule no-unwrap
language rust
match \.\s*(?<at>unwrap)\s*\(\s*\)
where in_fn
severity medium
title unwrap() on a request path
message {{{code}}} in {{{fn_code}}} panics the worker on bad input.
rationale A panic on a request path takes down the task and every request it was serving.
change Return the error with `?` and map it to a response.
validation cargo test -p {{crate}}
PACK
cat >"$scratch/repo/src/lib.rs" <<'RS'
pub fn parse(s: &str) -> u32 {
    s.parse::<u32>().unwrap()
}
// s.unwrap() in a comment is not code
pub fn safe(s: &str) -> Option<u32> {
    s.parse().ok()
}
RS
"$H" audit --root "$scratch/repo" --paths . --patterns "$scratch/pat" --packs team --format json >"$scratch/team.json"
check "custom pack from --patterns DIR: its rule fires once, named by pack and rule" python3 -c "
import json, sys
f = json.load(open(sys.argv[1]))['rule_findings']
sys.exit(0 if [(x['pack'], x['rule'], x['line']) for x in f] == [('team', 'no-unwrap', 2)]
         and f[0]['message'].startswith('\`.unwrap()\`') else 1)" "$scratch/team.json"
"$H" audit --root "$scratch/repo" --paths . --packs "$scratch/pat/packs/team.pack,clone" --format json >"$scratch/team2.json"
check "custom pack as a file path, beside the clone pack" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
sys.exit(0 if len(m['rule_findings']) == 1 and [p['name'] for p in m['packs']] == ['team', 'clone'] else 1)" "$scratch/team2.json"

# ---- several match patterns: the findings of one pattern of alternatives ---------------
# (overlapping candidates: std::thread::sleep holds thread::sleep, std::fs::read holds fs::read)
alt_pack() { # NAME, then the match lines on stdin
	{ printf 'version 1\npack %s\ntitle Alternatives\n\nrule blocking\nlanguage rust\n' "$1"; cat
	  printf 'severity low\ntitle t\nmessage {{{code}}}\nrationale r\nchange c\nvalidation cargo test\n'; } >"$scratch/pat/packs/$1.pack"
}
alt_pack one <<'M'
match (?:\b(?:std\s*::\s*)?thread\s*::\s*(?<at>sleep)\s*\(|\bstd\s*::\s*fs\s*::\s*[a-z_]+\s*\(|(?<![:\w])fs\s*::\s*(?:read|write)\s*\()
M
alt_pack three <<'M'
match (?:\bstd\s*::\s*thread|\bthread)\s*::\s*(?<at>sleep)\s*\(
match \bstd\s*::\s*fs\s*::\s*[a-z_]+\s*\(
match (?<![:\w])fs\s*::\s*(?:read|write)\s*\(
M
mkdir -p "$scratch/alt/src"
cat >"$scratch/alt/src/lib.rs" <<'RS'
pub fn a() { std::thread::sleep(D); thread::sleep(D); }
pub fn b() { std::fs::read(P); fs::read(P); let _ = std :: fs :: write(P, b""); }
pub fn c() { fs::write(P, b""); std::thread::sleep(D) }
pub fn d() { thread::sleep(D) }
pub fn e() { x.fs::read(P); std::
    thread::sleep(D); }
pub fn f() { let _ = std ::
    fs :: write(P, b""); }
RS
"$H" audit --root "$scratch/alt" --paths . --patterns "$scratch/pat" --packs one --format json >"$scratch/one.json"
"$H" audit --root "$scratch/alt" --paths . --patterns "$scratch/pat" --packs three --format json >"$scratch/three.json"
check "a rule's three match patterns find what one pattern of the three alternatives finds" python3 -c "
import json, sys
a, b = (json.load(open(p))['rule_findings'] for p in sys.argv[1:3])
where = lambda fs: [(f['line'], f['column'], f['fn']) for f in fs]
sys.exit(0 if where(a) == where(b) and len(a) >= 5 else 1)" "$scratch/one.json" "$scratch/three.json"
check "the report lists a rule's patterns, one per line" python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
sys.exit(0 if m['packs'][0]['rules'][0]['match'].count(chr(10)) == 2 else 1)" "$scratch/three.json"
printf 'version 1\npack nine\ntitle t\n\nrule r\nlanguage rust\n%s\nseverity low\ntitle t\nmessage m\nrationale r\nchange c\nvalidation v\n' \
	"$(for i in 1 2 3 4 5 6 7 8 9; do printf 'match a%s\\n' $i; done)" | sed 's/\\n/\n/g' >"$scratch/pat/packs/nine.pack"
fails_with "bad pack: more than 8 match patterns in a rule names file:line" "nine.pack:15: more than 8 match patterns in one rule" \
	audit --root "$scratch/alt" --paths . --patterns "$scratch/pat" --packs nine --format json

# ---- bad packs: refused, with the file and line ----------------------------------------
bad() { # bad NAME LINE-TO-BREAK REPLACEMENT: a copy of team.pack with one line changed
	sed "$2s|.*|$3|" "$scratch/pat/packs/team.pack" >"$scratch/pat/packs/$1.pack"
}
bad badre 8 'match \\.unwrap('
fails_with "bad pack: an invalid pattern names file:line and column" "badre.pack:8: invalid regular expression at column" \
	audit --root "$scratch/repo" --paths . --patterns "$scratch/pat" --packs badre
bad badpred 9 'where inside_a_loop'
fails_with "bad pack: an unknown predicate names file:line" "badpred.pack:9: unknown predicate" \
	audit --root "$scratch/repo" --paths . --patterns "$scratch/pat" --packs badpred
bad nosev 10 '# severity removed'
fails_with "bad pack: a missing key names the rule and its line" "nosev.pack:6: rule 'no-unwrap' has no 'severity'" \
	audit --root "$scratch/repo" --paths . --patterns "$scratch/pat" --packs nosev
bad badtpl 12 'message {{#code}} unclosed'
fails_with "bad pack: a broken message template names the pack file" "badtpl.pack:6: no-unwrap" \
	audit --root "$scratch/repo" --paths . --patterns "$scratch/pat" --packs badtpl
bad pylang 9 'where guard_across_await'
sed -i 's|^language rust|language python|' "$scratch/pat/packs/pylang.pack"
fails_with "bad pack: a Rust-only predicate in a Python rule is refused" "pylang.pack:6: rule 'no-unwrap': predicate 'guard_across_await' is not offered for python" \
	audit --root "$scratch/repo" --paths . --patterns "$scratch/pat" --packs pylang
fails_with "--packs: an unknown pack is named, with where it was looked for" "no pack 'nosuch'" \
	audit --root "$scratch/repo" --paths . --packs nosuch
fails_with "--packs: a pack chosen twice is refused" "chosen twice" \
	audit --root "$scratch/repo" --paths . --packs clone,clone
# ---- crate hygiene's line counts ---------------------------------------------------
# Counted 16 bytes a step (by the lexer for a file it lexes, else without
# lexing): files whose sizes fall around those steps and around the 255
# steps after which the counters are summed, with and without a last '\n',
# with CRLF, in both paths (`unsafe` makes a file lexed), and files of
# nothing but line breaks.
mkdir -p "$scratch/lines/src"
printf '[package]\nname = "lines"\nversion = "0.1.0"\n' >"$scratch/lines/Cargo.toml"
python3 - "$scratch/lines/src" <<'PY'
import sys
d = sys.argv[1]
k = 0
for n in (0, 1, 15, 16, 17, 599, 600, 601, 4079, 4080, 4081, 9000):
    for tail in ("\n", "", "\r\n"):
        for lexed in (0, 1):
            body = ("unsafe {}" if lexed else "//") 
            lines = [body if i == 0 else "x" * (i % 7) for i in range(n)]
            text = (tail if tail else "\n").join(lines) + (tail if n else "")
            k += 1
            open("%s/f%03d.rs" % (d, k), "w", newline="").write(text)
for n in (4095, 4096, 4097, 5000):  # a '\n' in every byte: each counter at its most
    open("%s/blank%d.rs" % (d, n), "w").write("\n" * n)
PY
"$H" audit --root "$scratch/lines" --paths . --packs crate-hygiene --format json >"$scratch/lines.json"
check "crate hygiene: line counts as wc would, lexed or not, at every step boundary" python3 -c "
import json, os, sys
d = sys.argv[2]
want = 0
big = []
for n in sorted(os.listdir(d)):
    b = open(os.path.join(d, n), 'rb').read()
    lines = b.count(b'\\n') + (1 if b and not b.endswith(b'\\n') else 0)
    want += lines
    if lines > 600: big.append('src/' + n)
row = json.load(open(sys.argv[1]))['crates'][0]
sys.exit(0 if row['lines'] == want and sorted(row.get('large_file_list', [])) == big else 1)" "$scratch/lines.json" "$scratch/lines/src"

# ---- test code: no rule finding, no hygiene figure, unless --include-tests ----------
# (test files are not even searched: that must not change what is reported)
mkdir -p "$scratch/tt/src" "$scratch/tt/tests"
printf '[package]\nname = "tt"\nversion = "0.1.0"\n' >"$scratch/tt/Cargo.toml"
blocking='async fn f() { std::thread::sleep(d); }\nfn g() { unsafe { h(); } }\n'
printf "$blocking" >"$scratch/tt/src/lib.rs"
printf "$blocking" >"$scratch/tt/tests/it.rs"
printf "#![cfg(test)]\n$blocking" >"$scratch/tt/src/cfg_only.rs"
"$H" audit --root "$scratch/tt" --paths . --packs perf-review,perf-leads,crate-hygiene --format json >"$scratch/tt0.json"
"$H" audit --root "$scratch/tt" --paths . --packs perf-review,perf-leads,crate-hygiene --format json --include-tests >"$scratch/tt1.json"
check "test code: left out of rules and crate figures by default, in with --include-tests" python3 -c "
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
def where(m, rule): return sorted(f['path'] for f in m['rule_findings'] if f['rule'] == rule)
sys.exit(0 if where(a, 'blocking-in-async') == ['src/lib.rs'] and where(a, 'unsafe-without-safety') == ['src/cfg_only.rs', 'src/lib.rs']
         and a['crates'][0]['files'] == 2 and a['crates'][0]['lines'] == 5
         and where(b, 'blocking-in-async') == ['src/lib.rs', 'tests/it.rs'] and len(where(b, 'unsafe-without-safety')) == 3
         and b['crates'][0]['files'] == 3 and b['crates'][0]['lines'] == 7 else 1)" "$scratch/tt0.json" "$scratch/tt1.json"

# ---- non-ASCII text cut to fit a finding's fields -------------------------------------
# A finding's code, name and fn fields have room for so many bytes; text
# cut there must be cut between characters (it once cut one in two, and
# the whole audit failed with "out of memory").
mkdir -p "$scratch/u8/src"
printf '[package]\nname = "u8"\nversion = "0.1.0"\n' >"$scratch/u8/Cargo.toml"
python3 - "$scratch/u8/src/lib.rs" <<'PY'
import sys
head = "fn f() { unsafe { g(); } } // "
text = head + "a" * (126 - len(head)) + "\u00e9" * 40 + "\n"  # an e-acute across byte 127
text += "async fn " + "\u00e9" * 60 + "() { std::thread::sleep(d); }\n"  # a 120-byte fn name
open(sys.argv[1], "w", encoding="utf-8").write(text)
PY
"$H" audit --root "$scratch/u8" --paths . --packs perf-review,perf-leads,crate-hygiene --format json >"$scratch/u8.json" 2>"$scratch/u8.err"
check "non-ASCII cut to fit: the audit succeeds, each field cut between characters" python3 -c "
import json, sys
fs = {f['rule']: f for f in json.load(open(sys.argv[1]))['rule_findings']}
u, b = fs['unsafe-without-safety'], fs['blocking-in-async']
sys.exit(0 if u['text'].count('\u00e9') > 0 and 0 < len(b['fn']) < 60 and set(b['fn']) == {'\u00e9'} else 1)" "$scratch/u8.json"

done_testing

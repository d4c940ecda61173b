#!/bin/sh
# The report: model, formats, filters, limits, safety, files.
. "$top_srcdir/tests/lib.sh"
command -v python3 >/dev/null || { skip "report" "python3 missing"; done_testing; exit; }
H=$HOTPATH_AUDIT
S=$top_srcdir/samples
export SOURCE_DATE_EPOCH=1700000000

"$H" audit --root "$S" --format json --jobs 1 >"$scratch/j1.json"
"$H" audit --root "$S" --format json --jobs 4 >"$scratch/j4.json"
grep -v '"command":' "$scratch/j1.json" >"$scratch/j1.cmp"
grep -v '"command":' "$scratch/j4.json" >"$scratch/j4.cmp"
same_file "JSON: the same findings for --jobs 1 and --jobs 4 (all but the command line)" "$scratch/j1.cmp" "$scratch/j4.cmp"
"$H" audit --root "$S" --format json --jobs 1 >"$scratch/again.json"
same_file "JSON: two runs give the same bytes (SOURCE_DATE_EPOCH)" "$scratch/j1.json" "$scratch/again.json"
# the JSON writer (src/jsonwrite.c) against jansson's own dump, on a real model
check "JSON: our writer gives jansson's text for the sample's report model" \
	sh -c '"$1" "$2" >/dev/null' - "$top_builddir/tests/unit/test_jsonwrite" "$scratch/j1.json"

cat >"$scratch/model.py" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
fields = ["file_line", "hot_path_rationale", "cloned_value", "bucket_and_change", "removal_rationale",
          "required_clone_check", "correctness_proof", "validation_command"]
keys = ["path", "line", "column", "text", "bucket", "confidence", "tier", "score", "hot_path", "fingerprint"]
assert m["schema"] == "hotpath-audit-report" and m["version"] == 1, "schema and version"
assert m["generated"] == "2023-11-14T22:13:20Z", "SOURCE_DATE_EPOCH honoured: " + m["generated"]
assert m["changes"] == "audit-only: no files changed"
f = m["findings"]
assert len(f) == m["summary"]["total"] == sum(m["summary"]["by_bucket"].values())
for x in f:
    for k in keys:
        assert x.get(k) is not None, (k, x["path"], x["line"])
    for k in fields:
        assert isinstance(x["fields"][k], str) and len(x["fields"][k]) > 10, (k, x["path"], x["line"])
    assert x["fields"]["file_line"] == "%s:%d" % (x["path"], x["line"])
    assert x["path"] in x["fields"]["hot_path_rationale"]
    assert x["receiver"].split(".")[0].split("(")[0] in x["fields"]["cloned_value"] or x["receiver"][:10] in x["fields"]["cloned_value"]
    assert x["fields"]["validation_command"].startswith("cargo test")
    assert ("redundant_clone" in x["fields"]["validation_command"]) == x["bucket"].startswith("removable")
assert len({x["fingerprint"] for x in f}) == len(f), "fingerprints unique"
assert f == sorted(f, key=lambda x: (x["path"], x["line"], x["column"])), "sorted by path, line, column"
# the fields are specific to the site, not generic sentences: the rationale
# names the fn, the reasoning fields quote the site's code or its lines
import re
for x in f:
    if x["fn"]:
        assert "`%s`" % x["fn"] in x["fields"]["hot_path_rationale"], (x["path"], x["line"])
    why = x["fields"]["removal_rationale"] + x["fields"]["required_clone_check"]
    assert "`" in why or re.search(r"line \d+", why), (x["path"], x["line"], why)
    if x["bucket"].startswith("removable"):
        assert re.search(r"line \d+", x["fields"]["removal_rationale"] + x["fields"]["correctness_proof"]) or \
            "Copy" in x["fields"]["removal_rationale"] or "temporary" in x["fields"]["removal_rationale"], (x["path"], x["line"])
print(len(f))
PY
n=$(python3 "$scratch/model.py" "$scratch/j1.json" 2>"$scratch/err")
check "model: schema, every finding with all eight fields filled for its site" test -n "$n"
sed 's/^/# /' "$scratch/err"

"$H" audit --root "$S" --format md >"$scratch/r.md"
check "Markdown: within one GitHub comment" test "$(wc -c <"$scratch/r.md")" -le 65536
check "Markdown: summary first" sh -c "head -3 '$scratch/r.md' | grep -q '^# Clone hot-path audit'"
left=$(sed -n 's/^> \*\*\([0-9]*\) findings left out\*\*.*/\1/p' "$scratch/r.md")
sections=$(grep -c '^### ' "$scratch/r.md")
check "Markdown: a section per finding shown; shown + left out = the JSON's findings" test "$sections" -gt 0 -a $((sections + ${left:-0})) -eq "$n"
check "Markdown: all eight fields in every finding shown" test "$(grep -c '^- \*\*Correctness proof:\*\*' "$scratch/r.md")" -eq "$sections" -a "$(grep -c '^- \*\*Validation:\*\*' "$scratch/r.md")" -eq "$sections"
check "Markdown: the actionable findings are kept first" sh -c "! grep -q '^## Cold / test only' '$scratch/r.md' || test -z '$left'"
check "Markdown: audit-only statement" grep -q 'Audit-only: no files changed' "$scratch/r.md"
check "Markdown: the review roles, and that they were not independent" grep -q 'not independent reviewers' "$scratch/r.md"

"$H" audit --root "$S" --format html >"$scratch/r.html"
nact=$(python3 -c "import json,sys; print(sum(f['bucket'] in ('removable_move','removable_borrow','structural_refactor') for f in json.load(open(sys.argv[1]))['findings']))" "$scratch/j1.json")
check "HTML: each actionable finding in full (a finding body with its code), each other one a row in its file's list" \
	sh -c "test \$(grep -c '<tbody class=\"finding\"' '$scratch/r.html') -eq $nact && test \$(grep -c '<pre class=\"window\"' '$scratch/r.html') -eq $nact && test \$(grep -c '^<tr id=\"f[0-9a-f]*\" data-bucket=' '$scratch/r.html') -eq \$(($n - $nact))"
check "HTML: the kept ones grouped per file, each file's list one <details>" \
	sh -c "test \$(grep -c '^<details class=\"kept\">' '$scratch/r.html') -eq \$(python3 -c \"import json; fs=json.load(open('$scratch/j1.json'))['findings']; print(len({f['path'] for f in fs if f['bucket'] not in ('removable_move','removable_borrow','structural_refactor')}))\")"
check "HTML: self-contained (no external URL, no script)" sh -c "! grep -Eiq '(src|href)=\"(https?:)?//|<script' '$scratch/r.html'"
check "HTML: an inline SVG chart" grep -q '<svg xmlns="http://www.w3.org/2000/svg"' "$scratch/r.html"

# --only-actionable applies to every format alike
"$H" audit --root "$S" --only-actionable --format json >"$scratch/act.json"
na=$(python3 -c "import json,sys; m=json.load(open(sys.argv[1])); assert all(x['bucket'] in ('removable_move','removable_borrow','structural_refactor') for x in m['findings']); print(len(m['findings']))" "$scratch/act.json")
"$H" audit --root "$S" --only-actionable --format md >"$scratch/act.md"
"$H" audit --root "$S" --only-actionable --format html >"$scratch/act.html"
left=$(sed -n 's/^> \*\*\([0-9]*\) findings left out\*\*.*/\1/p' "$scratch/act.md")
check "--only-actionable: same count in JSON, Markdown and HTML" sh -c "test -n '$na' && test \$((\$(grep -c '^### ' '$scratch/act.md') + ${left:-0})) -eq $na && test \$(grep -c '<tbody class=\"finding\"' '$scratch/act.html') -eq $na"

# a large audit is cut to one comment, and says so
mkdir -p "$scratch/big/lib"
for i in 1 2 3 4 5 6 7 8 9 10; do cp -r "$S/lib/llm" "$scratch/big/lib/llm$i"; done
"$H" audit --root "$scratch/big" --format md --full-report "the nightly HTML report" >"$scratch/big.md"
check "Markdown of a large audit: still within 65,536 characters" test "$(wc -c <"$scratch/big.md")" -le 65536
check "Markdown of a large audit: says how many were left out and where the rest is" \
	grep -q 'findings left out.*The full report: the nightly HTML report' "$scratch/big.md"

# hostile code text stays text
mkdir -p "$scratch/evil/lib/llm/src"
cat >"$scratch/evil/lib/llm/src/backend.rs" <<'RS'
fn f(x: String) { let y = x.clone(); g("</td><script>alert(1)</script>", y, `a|b`); }
fn h(a: String) { a.clone() /* <img src=x onerror=alert(1)> */ ; }
RS
"$H" audit --root "$scratch/evil" --format html >"$scratch/evil.html"
check "HTML: code text is escaped" sh -c "! grep -q '<script>alert' '$scratch/evil.html' && grep -q '&lt;/td&gt;&lt;script&gt;' '$scratch/evil.html'"
"$H" audit --root "$scratch/evil" --format md >"$scratch/evil.md"
check "Markdown: no raw HTML from code" sh -c "! grep -q '<script>' '$scratch/evil.md'"

# --output is written whole or not at all
printf 'old report\n' >"$scratch/out.md"
"$H" audit --root "$S" --format md --output "$scratch/out.md"
check "--output: the report replaces the old file" grep -q '^# Clone hot-path audit' "$scratch/out.md"
mkdir -p "$scratch/dash" && (cd "$scratch/dash" && "$H" audit --root "$S" --format md --output - >"$scratch/dash.md")
check "--output -: the report on standard output, no file named - made" sh -c \
	"grep -q '^# Clone hot-path audit' '$scratch/dash.md' && test ! -e '$scratch/dash/-'"
"$H" audit --root "$S" --output '' >/dev/null 2>"$scratch/empty.err"
empty_rc=$?
"$H" render "$scratch/dash.md" --output '' >/dev/null 2>>"$scratch/empty.err"
empty_rc="$empty_rc $?"
check "--output '': refused, exit 2, by audit and render alike" sh -c \
	"test '$empty_rc' = '2 2' && test \$(grep -c 'argument --output: an empty file name' '$scratch/empty.err') -eq 2"
mkdir -p "$scratch/ro"
printf 'old report\n' >"$scratch/ro/out.md"
chmod 555 "$scratch/ro"
if [ "$(id -u)" -ne 0 ]; then
	"$H" audit --root "$S" --format md --output "$scratch/ro/out.md" 2>"$scratch/err"
	check "--output to an unwritable directory: exit 2, old file untouched" sh -c "test $? -eq 2 && grep -q '^old report' '$scratch/ro/out.md'"
else
	"$H" audit --root "$S" --format md --output "$scratch/ro" 2>"$scratch/err"
	check "--output onto a directory: exit 2, message, nothing replaced" sh -c "test $? -eq 2 && test -d '$scratch/ro' && grep -q 'ro' '$scratch/err'"
fi
chmod 755 "$scratch/ro"

# a broken template is named with file:line:col
mkdir -p "$scratch/tpl"
cp "$top_srcdir"/templates/*.mustache "$scratch/tpl/"
printf '# x\n{{#sections}}\n  {{title}\n{{/sections}}\n' >"$scratch/tpl/report.md.mustache"
"$H" audit --root "$S" --templates "$scratch/tpl" --format md >/dev/null 2>"$scratch/err"
check "bad template: exit 2" test $? -eq 2
check "bad template: file:line:col in the message" grep -q 'report.md.mustache:3:3:' "$scratch/err"

"$H" audit --format yaml >/dev/null 2>&1
check "unknown format: exit 2" test $? -eq 2
"$H" audit --root "$S" --paths lib/nope >/dev/null 2>"$scratch/err"
check "--paths naming nothing that exists: exit 2, said" sh -c \
	"test $? -eq 2 && grep -q 'nothing of it exists under .*: lib/nope' '$scratch/err'"
"$H" audit --root "$S" --paths lib/nope lib/llm --format json --output "$scratch/partial.json" 2>"$scratch/err"
check "... one of several missing: a warning, the rest audited" sh -c \
	"test $? -eq 0 && grep -q 'warning: --paths: no such file or directory, skipped: lib/nope' '$scratch/err' && test -s '$scratch/partial.json'"
check "... and listed in the report's problems" python3 -c "
import json, sys
p = json.load(open(sys.argv[1]))['problems']
assert any(x['path'] == 'lib/nope' and 'not found' in x['message'] for x in p), p
" "$scratch/partial.json"
done_testing

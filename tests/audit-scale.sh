#!/bin/sh
# Reports at scale: on a generated large tree (the sample workspace's
# sources 36 times over: 7,000 findings, 2,160 of them actionable) the Markdown and HTML reports are made one
# finding at a time -- the same findings as the JSON, a page sized for
# people, memory that does not grow with the templates' formats -- and a
# team's template that lists the findings twice, or prints them whole,
# still renders right.
. "$top_srcdir/tests/lib.sh"
H=$HOTPATH_AUDIT
export SOURCE_DATE_EPOCH=1700000000
T=$scratch/tree
for i in $(seq 1 36); do
	mkdir -p "$T/c$i" && cp -R "$top_srcdir/samples/lib" "$T/c$i/" || exit 1
done
"$H" audit --root "$T" --paths . --no-config --format md,html,json,sarif,gitlab --output-dir "$scratch/out" 2>"$scratch/err"
check "all five formats of a large tree (exit 0)" test $? -eq 0
n=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['findings']))" "$scratch/out/audit.json")
check "the large tree has thousands of findings ($n)" test "$n" -gt 6000
check "HTML: every finding once; 2,000 actionable ones in full, the highest-scoring; the others as rows" python3 -c "
import json, re, sys
found = json.load(open(sys.argv[1]))['findings']
page = open(sys.argv[2], encoding='utf-8').read()
act = [f for f in found if f['bucket'] in ('removable_move', 'removable_borrow', 'structural_refactor')]
full = set(re.findall(r'<tbody class=\"finding\" id=\"f([0-9a-f]+)\"', page))
rows = re.findall(r'^<tr id=\"f([0-9a-f]+)\" data-bucket=', page, re.M)
assert len(act) > 2000 and len(full) == 2000 and len(full) + len(rows) == len(found), (len(full), len(rows), len(act))
shown = [f['score'] for f in act if f['fingerprint'] in full]
listed = [f['score'] for f in act if f['fingerprint'] not in full]
assert min(shown) >= max(listed), (min(shown), max(listed))
assert '%d more actionable findings are listed one line each' % (len(act) - 2000) in page" "$scratch/out/audit.json" "$scratch/out/audit.html"
size=$(wc -c <"$scratch/out/audit.html")
echo "# HTML page: $size bytes for $n findings"
# a window and eight fields for each of them made 2.4 KB a finding here
check "HTML: the page stays small, at most 1.2 KB a finding on average" test "$size" -le $((n * 1229))
check "Markdown: one comment, the most important findings first" sh -c \
	"test \$(wc -c <'$scratch/out/audit.md') -le 65536 && grep -q 'findings left out' '$scratch/out/audit.md'"
check "SARIF and GitLab: one result a finding" python3 -c "
import json, sys
n = len(json.load(open(sys.argv[1]))['findings'])
assert len(json.load(open(sys.argv[2]))['runs'][0]['results']) == n
assert len(json.load(open(sys.argv[3]))) == n" "$scratch/out/audit.json" "$scratch/out/audit.sarif" "$scratch/out/audit.gitlab.json"

# memory: the template formats add next to nothing per finding to what the
# audit holds (its findings, which the JSON run holds too).  Peak RSS from
# GNU time; not under the sanitizers, whose shadow memory is another story.
if [ -x /usr/bin/time ] && ! ldd "$HOTPATH_AUDIT_BINARY" 2>/dev/null | grep -q 'libasan'; then
	for f in json html md; do
		/usr/bin/time -f %M -o "$scratch/rss.$f" "$H" audit --root "$T" --paths . --no-config --format $f \
			--output "$scratch/m.$f" 2>/dev/null
	done
	json=$(cat "$scratch/rss.json") html=$(cat "$scratch/rss.html") md=$(cat "$scratch/rss.md")
	echo "# peak KiB: json $json, html $html, md $md ($n findings)"
	check "HTML and Markdown: peak memory within 16 MiB + 0.5 KiB a finding of the JSON run's" \
		sh -c "test $html -le $((json + 16384 + n / 2)) && test $md -le $((json + 16384 + n / 2))"
	# what a finding costs the audit itself: the same tree with no clone
	# (every `clone` spelt `klone`) against it.  2.96 KiB a finding here
	# before member names took one byte each, 2.05 after (these samples'
	# findings carry long fields; 1.71 on two million lines of real Rust)
	cp -R "$T" "$scratch/none" && find "$scratch/none" -name '*.rs' -exec sed -i 's/clone/klone/g' {} +
	/usr/bin/time -f %M -o "$scratch/rss.none" "$H" audit --root "$scratch/none" --paths . --no-config --format json \
		--output "$scratch/m.none" 2>/dev/null
	none=$(cat "$scratch/rss.none")
	# besides the findings, an audit that holds more than 4 MB of them on
	# a thread holds up to 2 MB more there once: each thread's arena takes
	# its findings' memory in huge pages past 4 MB, and the last one is
	# filled only in part (3.5 MB here, against the findings' 14 MB)
	threads=$(nproc 2>/dev/null || echo 1)
	echo "# peak KiB with no finding: $none; growth $(( (json - none) * 1024 / n )) bytes a finding; $threads threads"
	check "JSON: memory grows by at most 2.5 KiB a finding (the tapes), and 2 MiB a thread held once" \
		test $((json - none)) -le $((n * 5 / 2 + 2048 * threads))
else
	skip "peak memory of the template formats" "no GNU time, or a sanitizer build"
fi

# a team's template: the findings listed twice, and printed whole
mkdir -p "$scratch/tpl" && cp "$top_srcdir"/templates/*.mustache "$scratch/tpl/"
cat >"$scratch/tpl/report.md.mustache" <<'TPL'
{{#findings}}{{path}}:{{line}} {{bucket}}
{{/findings}}
again:
{{#findings}}{{path}}:{{line}}
{{/findings}}
TPL
"$H" audit --root "$top_srcdir/samples" --templates "$scratch/tpl" --format md --output "$scratch/twice.md" 2>"$scratch/err"
ns=$("$H" audit --root "$top_srcdir/samples" --format json | python3 -c "import json,sys; print(len(json.load(sys.stdin)['findings']))")
check "a template that lists the findings twice: each list whole, in order" python3 -c "
import sys
lines = open(sys.argv[1]).read().split('\n')
i = lines.index('again:')
first, second = lines[:i], [l for l in lines[i + 1:] if l]
assert len(first) == len(second) == int(sys.argv[2]), (len(first), len(second))
assert [l.rsplit(' ', 1)[0] for l in first] == second" "$scratch/twice.md" "$ns"
printf 'whole: {{findings}}\n' >"$scratch/tpl/report.md.mustache"
"$H" audit --root "$top_srcdir/samples" --templates "$scratch/tpl" --format md --output "$scratch/whole.md" 2>"$scratch/err"
check "a template that prints the findings whole: they are there, and a note says so once" sh -c \
	"test $? -eq 0 && test \$(grep -c 'prints a list of findings whole' '$scratch/err') -eq 1 && grep -q '\"fingerprint\"' '$scratch/whole.md'"
done_testing

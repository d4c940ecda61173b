#!/bin/sh
# The HTML report in a real browser (Debian's chromium, headless): it loads
# without console errors, the DOM the browser built has one finding per
# JSON finding (an actionable one in full with its marked line, the others
# as rows of their file's list), and a screenshot is saved
# (tests/audit-report.png).
. "$top_srcdir/tests/lib.sh"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ] || ! command -v python3 >/dev/null; then
	echo "1..0 # SKIP chromium or python3 is not installed (sh .ci/install-deps --browser)"
	exit 0
fi
export SOURCE_DATE_EPOCH=1700000000
"$HOTPATH_AUDIT" audit --root "$top_srcdir/samples" --format json >"$scratch/a.json"
"$HOTPATH_AUDIT" audit --root "$top_srcdir/samples" --format html --output "$scratch/report.html"
check "the HTML report was written" test -s "$scratch/report.html"

flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --user-data-dir=$scratch/profile --enable-logging=stderr --v=0"
# shellcheck disable=SC2086
timeout 120 "$browser" $flags --dump-dom "file://$scratch/report.html" >"$scratch/dom.html" 2>"$scratch/console.log"
check "chromium loaded the page" test -s "$scratch/dom.html"
if grep -Ei 'CONSOLE|Uncaught' "$scratch/console.log" | grep -Eiv 'level=(0|1)|:INFO:' >"$scratch/errors"; then
	not_ok "no console errors"
	sed 's/^/#   /' "$scratch/errors" | head -10
else
	ok "no console errors"
fi
cat >"$scratch/count.py" <<'PY'
import json, sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.full = self.rows = self.marked = 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tbody" and a.get("class") == "finding":
            self.full += 1
        if tag == "tr" and (a.get("id") or "").startswith("f") and a.get("data-bucket"):
            self.rows += 1
        if tag == "span" and "mark" in (a.get("class") or "").split():
            self.marked += 1
p = P()
p.feed(open(sys.argv[1], encoding="utf-8").read())
found = json.load(open(sys.argv[2]))["findings"]
n = len(found)
act = sum(f["bucket"] in ("removable_move", "removable_borrow", "structural_refactor") for f in found)
print(p.full + p.rows, p.marked, n)
sys.exit(0 if p.full == act == p.marked and p.full + p.rows == n and 0 < act < n else 1)
PY
if python3 "$scratch/count.py" "$scratch/dom.html" "$scratch/a.json" >"$scratch/counts"; then
	ok "the browser's DOM has one finding per JSON finding (and a marked clone line per actionable one)"
else
	not_ok "the browser's DOM has one finding per JSON finding (and a marked clone line per actionable one)"
fi
echo "# findings in DOM, marked lines, findings in JSON: $(cat "$scratch/counts")"
shot=$top_builddir/tests/audit-report.png
# shellcheck disable=SC2086
timeout 120 "$browser" $flags --window-size=1280,1800 --screenshot="$shot" "file://$scratch/report.html" 2>/dev/null
check "a screenshot was saved ($shot)" test -s "$shot"
done_testing

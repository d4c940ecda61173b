"""Check a Markdown report as a forge renders it (tests/audit-forge-md.sh).

    python3 forge_md.py RENDERED.html REPORT.json [--title TEXT]

RENDERED.html is cmark-gfm's HTML of the report (tables, autolinks and the
tag filter on, raw HTML passed: what GitHub does before sanitizing).  The
checks: the title's code is the text given (no Markdown escape shown); no
<summary> shows a backtick, an entity or a backslash as text; every
finding of REPORT.json (the same run as JSON) is shown by its location, in
a heading or in a table whose rows all have their header's cells; no stray backslash
before punctuation in any text outside code.  Prints what is wrong; exits
1 then."""
import json
import re
import sys
from html.parser import HTMLParser


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.h1 = ""
        self.summaries = []
        self.codes = []
        self.tables = []
        self.texts = []
        self.cur_code = None
        self.cur_row = None
        self.cur_cell = None

    def handle_starttag(self, tag, attrs):
        self.stack.append(tag)
        if tag == "summary":
            self.summaries.append("")
        if tag == "code":
            self.cur_code = ""
        if tag == "table":
            self.tables.append([])
        if tag == "tr":
            self.cur_row = []
        if tag in ("td", "th"):
            self.cur_cell = ""

    def handle_endtag(self, tag):
        while self.stack and self.stack[-1] != tag:
            self.stack.pop()
        if self.stack:
            self.stack.pop()
        if tag == "code" and self.cur_code is not None:
            self.codes.append(self.cur_code)
            self.cur_code = None
        if tag in ("td", "th") and self.cur_row is not None:
            self.cur_row.append(self.cur_cell)
            self.cur_cell = None
        if tag == "tr" and self.cur_row is not None and self.tables:
            self.tables[-1].append(self.cur_row)
            self.cur_row = None

    def handle_data(self, data):
        if "h1" in self.stack:
            self.h1 += data
        if "summary" in self.stack:
            self.summaries[-1] += data + ("\0" if "code" in self.stack else "")
        if self.cur_code is not None:
            self.cur_code += data
        elif "pre" not in self.stack:
            self.texts.append(data)
        if self.cur_cell is not None:
            self.cur_cell += data


def main(argv):
    page = Page()
    page.feed(open(argv[1], encoding="utf-8").read())
    report = json.load(open(argv[2]))
    wrong = []
    if "--title" in argv:
        want = argv[argv.index("--title") + 1]
        if want not in page.h1 or "\\" in page.h1:
            wrong.append("title %r, want %r" % (page.h1, want))
    for s in page.summaries:
        plain = s.replace("\0", "")
        if "`" in plain or "&amp;" in plain or "&lt;" in plain or re.search(r"\\[^\w\s]", plain):
            wrong.append("summary shows Markdown or entities: %r" % plain)
    shown = set(page.codes)
    for table in page.tables:
        for row in table[1:]:
            if len(row) != len(table[0]):
                wrong.append("a row of %d cells under a header of %d: %r" % (len(row), len(table[0]), row))
    for f in report["findings"]:
        loc = "%s:%d" % (f["path"], f["line"])
        if loc not in shown:
            wrong.append("finding not shown: %s" % loc)
    for t in page.texts:
        if re.search(r"\\[!-/:-@\[-`{-~]", t):
            wrong.append("a stray backslash in %r" % t)
    for w in wrong[:20]:
        print(w)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Safe output: hostile code text must stay text in every report format.

usage: safe_output.py gen DIR SEED FILES
         write a Rust tree whose clone lines, receivers, comments, strings
         and file names carry markup, links, Mustache delimiters, backticks
         and pipes (random combinations, reproducible from SEED)
       safe_output.py html ALLOWED... -- PAGE
         PAGE (HTML) may hold only elements and attributes that appear in
         the ALLOWED files (the templates as written and a report of benign
         code), no script or javascript:/data: URL they lack, and must show
         the hostile markers as text
       safe_output.py json FILE
         FILE parses as JSON and carries the hostile markers verbatim

Exit 0 when the check holds; otherwise each violation on standard output
and exit 1.
"""
import html.parser
import json
import os
import random
import sys

# What an attacker writes into code that ends up in a report.
FRAGMENTS = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(2)>',
    "'><svg onload=alert(3)>",
    "[click](javascript:alert(4))",
    '<a href="javascript:alert(5)">x</a>',
    "![i](data:text/html,alert(6))",
    "{{#findings}}{{{summary_html}}}{{/findings}}",
    "{{=<% %>=}}<%x%>",
    "``` `a` ``b`` ",
    "|a|b|\\|c|",
    "</details><details open><summary>x</summary>",
    "</code></pre><b>bold</b>",
    "<!-- -->",
    "&lt;&amp;&#x3c;",
    "<style>*{display:none}</style>",
    "*em* _u_ # h <https://evil.example/>",
]
# Some of these must reach the reader as text (decoded), proving the hostile
# text went through the renderer rather than being dropped; a long report
# may be cut, so not every one need appear.
MARKERS = [f for f in FRAGMENTS if "<" in f and "alert(" in f]

# File names may carry markup too (no '/', no NUL).
NAMES = ["<img src=x onerror=alert(7)>", "a|b`c`", "{{x}}", "\"'&"]


def gen(root, seed, nfiles):
    rnd = random.Random(seed)
    src = os.path.join(root, "lib", "llm", "src", "http")
    os.makedirs(src, exist_ok=True)
    for i in range(nfiles):
        name = "evil_%d.rs" % i if i >= len(NAMES) else NAMES[i] + ".rs"
        lines = ["use std::collections::HashMap;", ""]
        for j in range(3):
            a, b, c = (rnd.choice(FRAGMENTS) for _ in range(3))
            raw = a.replace('"#', '" #')
            lines += [
                "pub async fn handle_%d(map: HashMap<String, String>, x: String) {" % j,
                "    let y = map[%s].clone(); // %s" % (json.dumps(a), b),
                "    let s = r#\"%s\"#.to_string();" % raw,
                "    let z = String::from(%s).clone(); // a fresh temporary: actionable" % json.dumps(b),
                "    send(%s, x.clone(), s.clone(), y, z); /* %s */" % (json.dumps(c), c.replace("*/", "* /")),
                # rule-pack findings whose messages quote this code
                "    std::thread::sleep(pause(%s));" % json.dumps(a),
                "    let g = lock_of(%s).lock().await; // %s" % (json.dumps(b), c),
                "    flush(&String::from(%s)).await;" % json.dumps(c),
                "    drop(g);",
                "}",
                "",
            ]
        with open(os.path.join(src, name), "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
    # a Python scheduler saying the same things
    py = os.path.join(root, "lib", "llm", "python")
    os.makedirs(py, exist_ok=True)
    lines = ["import time", ""]
    for j in range(3):
        a, b = rnd.choice(FRAGMENTS), rnd.choice(FRAGMENTS)
        lines += ["async def step_%d(stream):  # %s" % (j, b), "    time.sleep(%s)" % json.dumps(a),
                  "    text = ''", "    for chunk in stream:", "        text += %s" % json.dumps(b), "    return text", ""]
    with open(os.path.join(py, "scheduler.py"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    return 0


class Collect(html.parser.HTMLParser):
    URL_ATTRS = {"href", "src", "action", "formaction", "xlink:href", "poster", "background"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.attrs, self.urls, self.text = set(), set(), [], []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        for name, value in attrs:
            self.attrs.add((tag, name))
            if name in self.URL_ATTRS and value:
                self.urls.append(value.strip().lower())

    handle_startendtag = handle_starttag

    def handle_data(self, data):
        self.text.append(data)


def parse(path):
    c = Collect()
    with open(path, encoding="utf-8") as f:
        c.feed(f.read())
    c.close()
    return c


def check_html(allowed_paths, page_path):
    allowed = [parse(p) for p in allowed_paths]
    tags = set().union(*(a.tags for a in allowed))
    attrs = set().union(*(a.attrs for a in allowed))
    page = parse(page_path)
    bad = []
    for t in sorted(page.tags - tags):
        bad.append("element <%s> that no template writes" % t)
    for t, a in sorted(page.attrs - attrs):
        bad.append("attribute %s on <%s> that no template writes" % (a, t))
    for u in page.urls:
        if u.startswith(("javascript:", "data:", "vbscript:")):
            bad.append("URL %r" % u)
    text = "".join(page.text)
    if not any(m in text for m in MARKERS):
        bad.append("no hostile markup is in the page's text (dropped or mangled?)")
    return bad


def strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, dict):
        for k, x in v.items():
            yield k
            yield from strings(x)
    elif isinstance(v, list):
        for x in v:
            yield from strings(x)


def check_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except ValueError as e:
        return ["%s does not parse: %s" % (path, e)]
    text = "\n".join(strings(doc))
    return [] if any(m in text for m in MARKERS) else ["no hostile markup is in any string"]


def main(argv):
    if len(argv) == 5 and argv[1] == "gen":
        return gen(argv[2], int(argv[3]), int(argv[4]))
    if len(argv) >= 5 and argv[1] == "html" and "--" in argv:
        cut = argv.index("--")
        bad = check_html(argv[2:cut], argv[cut + 1])
    elif len(argv) == 3 and argv[1] == "json":
        bad = check_json(argv[2])
    else:
        sys.stderr.write(__doc__)
        return 2
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

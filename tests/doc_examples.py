"""Check docs/classification.md's examples against the audit.

Every ```rust block whose first line is `// expect: BUCKET RULE` is written
into its own file of a temporary tree (on a hot path), the tree is audited,
and the finding on the line marked `// site` must have that bucket and rule
-- and, when the block's second line is `// change: TEXT`, a change that
contains TEXT.

usage: doc_examples.py DOC HOTPATH_AUDIT TMPDIR
"""
import json
import os
import re
import subprocess
import sys


def main(argv):
    doc, tool, tmp = argv
    blocks = re.findall(r"```rust\n(.*?)```", open(doc, encoding="utf-8").read(), re.S)
    cases = []
    os.makedirs(os.path.join(tmp, "lib/llm/src/preprocessor"), exist_ok=True)
    for i, block in enumerate(blocks):
        lines = block.split("\n")
        m = re.match(r"// expect: (\w+) (R\d+)$", lines[0])
        if not m:
            continue
        site = next(n for n, l in enumerate(lines, 1) if l.rstrip().endswith("// site"))
        rel = f"lib/llm/src/preprocessor/example{i}.rs"
        with open(os.path.join(tmp, rel), "w", encoding="utf-8") as f:
            f.write(block)
        change = lines[1][len("// change: "):] if len(lines) > 1 and lines[1].startswith("// change: ") else None
        cases.append((rel, site, m.group(1), m.group(2), change))
    out = subprocess.run([tool, "audit", "--root", tmp, "--paths", "lib", "--format", "json"],
                         capture_output=True, text=True, check=True).stdout
    found = {}
    for f in json.loads(out)["findings"]:
        found.setdefault((f["path"], f["line"]), f)
    n = 0
    failed = 0
    for rel, line, bucket, rule, change in cases:
        n += 1
        f = found.get((rel, line))
        got = (f["bucket"], f["rule"]) if f else None
        if got == (bucket, rule) and change is not None and change not in f["change"]:
            got = (f["bucket"], f["rule"], f["change"])
        if got == (bucket, rule):
            print(f"ok {n} - example {rule}: {bucket}")
        else:
            failed += 1
            print(f"not ok {n} - example {rule}: {bucket}")
            print(f"#   got {got}")
    print(f"ok {n + 1} - the document has an example for every rule R1..R17"
          if sorted({c[3] for c in cases}, key=lambda r: int(r[1:])) == [f"R{k}" for k in range(1, 18)]
          else f"not ok {n + 1} - the document has an example for every rule R1..R17")
    print(f"1..{n + 1}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

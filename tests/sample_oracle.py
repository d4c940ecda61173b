"""Check an inventory run of samples/ against the hand-derived table.

The table (samples/expected-inventory.tsv) lists every candidate with its
score, category, tier and reasons, by default and with --include-tests; it
was written by reading the sample code against the spec.  This script
applies the spec's filter, order and limit to it and compares the result
with the JSON and Markdown the program printed.

usage: sample_oracle.py TSV JSON MARKDOWN [--only-actionable] [--include-tests] [--limit N]
"""
import csv
import json
import sys


def main(argv):
    tsv, json_path, md_path, *flags = argv
    include_tests = "--include-tests" in flags
    only_actionable = "--only-actionable" in flags
    limit = int(flags[flags.index("--limit") + 1]) if "--limit" in flags else 120
    rows = []
    with open(tsv, encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            score = int(r["score_tests"] if include_tests else r["score"])
            # the table's reasons are the default run's, joined with "; ";
            # --include-tests only drops the test-path reason (its -8 is
            # already out of score_tests)
            reasons = r["reasons"]
            if include_tests:
                reasons = reasons.replace("; test, benchmark, or example path", "")
            rows.append({
                "path": r["path"], "line": int(r["line"]), "score": score,
                "category": r["category_tests"] if include_tests else r["category"],
                "tier": r["tier_tests"] if include_tests else r["tier"],
                "reasons": reasons,
            })
    if only_actionable:
        rows = [r for r in rows if r["category"] not in ("cheap_shared", "cold_or_test")]
    rows.sort(key=lambda r: (-r["score"], r["path"], r["line"]))
    shown = rows if limit <= 0 else rows[:limit]

    problems = []
    got = json.load(open(json_path, encoding="utf-8"))
    cands = got["candidates"]
    if len(cands) != len(shown):
        problems.append(f"{len(cands)} candidates listed, expected {len(shown)}")
    for i, (c, e) in enumerate(zip(cands, shown)):
        got_row = dict(c, reasons="; ".join(c["reasons"]))
        for k in ("path", "line", "score", "category", "tier", "reasons"):
            if got_row[k] != e[k]:
                problems.append(f"row {i}: {k} is {got_row[k]!r}, expected {e[k]!r} ({e['path']}:{e['line']})")
        if not e["reasons"].startswith(c["hot_path"]):
            problems.append(f"row {i}: hot_path {c['hot_path']!r} is not the first reason")
    by_tier, by_cat = {}, {}
    for r in rows:
        by_tier[r["tier"]] = by_tier.get(r["tier"], 0) + 1
        by_cat[r["category"]] = by_cat.get(r["category"], 0) + 1
    want_summary = {"total": len(rows), "by_tier": by_tier, "by_category": by_cat}
    if got["summary"] != want_summary:
        problems.append(f"summary {got['summary']} expected {want_summary}")

    md = open(md_path, "rb").read().decode("utf-8", "surrogateescape").split("\n")
    if md[2] != f"Total candidates after filters: {len(rows)}":
        problems.append(f"markdown total line: {md[2]!r}")
    if md[3] != f"Tier counts: `{dict(sorted(by_tier.items()))}`":
        problems.append(f"markdown tier line: {md[3]!r}")
    if md[4] != f"Category counts: `{dict(sorted(by_cat.items()))}`":
        problems.append(f"markdown category line: {md[4]!r}")
    table = [l for l in md[8:] if l]
    if len(table) != len(shown):
        problems.append(f"markdown has {len(table)} rows, expected {len(shown)}")
    for i, (l, e) in enumerate(zip(table, shown)):
        head = f"| {e['score']} | {e['tier']} | {e['category']} | `{e['path']}:{e['line']}` | "
        if not l.startswith(head):
            problems.append(f"markdown row {i}: {l[:100]!r} does not start {head!r}")
    for p in problems[:20]:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

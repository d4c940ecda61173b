"""Score the audit's buckets against the hand labels.

samples/expected-buckets.tsv holds, for every clone site of the sample, the
bucket a reviewer chose by reading the code.  This prints per-bucket
precision and recall and the overall accuracy, lists every disagreement,
and fails when the overall accuracy is below the threshold.

usage: bucket_oracle.py TSV AUDIT.json [THRESHOLD]
"""
import csv
import json
import sys

BUCKETS = ["removable_move", "removable_borrow", "structural_refactor",
           "semantic_required", "cheap_required", "cold_test_only"]


def main(argv):
    tsv, report = argv[0], argv[1]
    threshold = float(argv[2]) if len(argv) > 2 else 0.95
    want = {}
    with open(tsv, encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            want[(r["path"], int(r["line"]), int(r["col"]))] = (r["bucket"], r["why"])
    got = {}
    model = json.load(open(report, encoding="utf-8"))
    # a suppressed finding still has its verdict: score it too
    for f in model["findings"] + model.get("suppressed", []):
        got[(f["path"], f["line"], f["column"])] = f
    right = 0
    per = {b: {"tp": 0, "fp": 0, "fn": 0} for b in BUCKETS}
    problems = []
    for key, (bucket, why) in sorted(want.items()):
        f = got.get(key)
        if f is None:
            problems.append(f"missed site {key[0]}:{key[1]}:{key[2]} (labelled {bucket})")
            per[bucket]["fn"] += 1
            continue
        if f["bucket"] == bucket:
            right += 1
            per[bucket]["tp"] += 1
        else:
            per[bucket]["fn"] += 1
            per[f["bucket"]]["fp"] += 1
            problems.append(f"{key[0]}:{key[1]}:{key[2]} got {f['bucket']} ({f['rule']}, {f['confidence']}), "
                            f"labelled {bucket}: {why}")
    labelled_files = {k[0] for k in want}
    for key in sorted(set(got) - set(want)):
        if key[0] not in labelled_files:
            continue  # a file nobody labelled says nothing
        problems.append(f"extra site {key[0]}:{key[1]}:{key[2]} ({got[key]['bucket']}), not labelled")
        per[got[key]["bucket"]]["fp"] += 1
    print(f"{'bucket':22} {'precision':>9} {'recall':>7} {'labelled':>8}")
    for b in BUCKETS:
        p = per[b]
        prec = p["tp"] / (p["tp"] + p["fp"]) if p["tp"] + p["fp"] else 1.0
        rec = p["tp"] / (p["tp"] + p["fn"]) if p["tp"] + p["fn"] else 1.0
        print(f"{b:22} {prec:9.2f} {rec:7.2f} {p['tp'] + p['fn']:8d}")
    extra = [k for k in set(got) - set(want) if k[0] in labelled_files]
    total = len(want) + len(extra)
    acc = right / total if total else 1.0
    removable = [k for k in got if got[k]["bucket"] in ("removable_move", "removable_borrow") and k[0] in labelled_files]
    removable_right = sum(1 for k in removable if k in want and want[k][0] == got[k]["bucket"])
    print(f"overall: {right}/{total} = {acc:.3f} (threshold {threshold})")
    if removable:
        print(f"removable verdicts right: {removable_right}/{len(removable)} = {removable_right / len(removable):.3f}")
    for p in problems:
        print("  " + p)
    return 0 if acc >= threshold else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

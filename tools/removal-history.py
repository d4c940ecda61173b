#!/usr/bin/env python3
"""How often does the audit call removable the clones engineers removed,
and how often the clones they kept?

    tools/removal-history.py REPO [--binary PATH] [--since DATE] [--until DATE]
                             [--kept-at DATE] [--kept-months N] [--show N]

REPO is a git repository (a bare one will do).  Its history is read for
the engineers' removals: in a non-merge commit, a line holding `.clone()`
replaced by the same line with one `.clone()` taken out (white space at
the ends aside).  For each, the parent commit is audited
(`hotpath-audit audit --rev PARENT --paths . --no-config --format json`,
once per parent) and the verdict at the removed clone's line and column
is read.  Found: removable_move or removable_borrow.

The other side: the clone sites of the commit at --kept-at (default: the
last commit --kept-months, 6, months before the newest) whose line is
still, word for word, in the same file --kept-months later -- the clones
the engineers kept.  Among those, the removable verdicts are the
removals the engineers did not want (or did not see).

Test code (cold_test_only) is counted apart, and so are the removals made
alone -- the commit changes nothing else of the file within 30 lines --
from those made with other edits (a later use removed in the same commit:
at the parent the clone was needed, and no audit of the parent can call it
removable).  A script that prints
figures, not a test; it changes nothing in REPO.
"""
import argparse
import collections
import datetime
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True).stdout.decode("utf-8", "replace")


def removals(repo, since, until):
    """(parent, path, line, column) of every clone an engineer removed."""
    args = ["log", "--no-merges", "--format=COMMIT %H %P", "-U0", "-p"]
    if since:
        args.append("--since=" + since)
    if until:
        args.append("--until=" + until)
    out = git(repo, *args, "--", "*.rs")
    found = []
    parent = path = None
    minus, plus = [], []
    hunks = []  # this file's hunks in this commit: (old start, lines removed)

    def flush():
        for line_no, m in minus:
            for p in plus:
                if ".clone()" in m and p.strip() == m.replace(".clone()", "", 1).strip():
                    col = len(m[: m.index(".clone()")]) + 2  # the word `clone`, 1-based code points
                    # alone: its hunk is this one line, and the commit
                    # changes nothing else of the file within 30 lines
                    found.append([parent, path, line_no, col, m.strip(), len(minus) == 1 and len(plus) == 1, hunks])
                    break

    for line in out.split("\n"):
        if line.startswith("COMMIT "):
            flush()
            minus, plus = [], []
            parts = line.split()
            parent = parts[2] if len(parts) > 2 else None
            continue
        if line.startswith("--- "):
            continue
        if line.startswith("+++ "):
            flush()
            minus, plus = [], []
            path = line[6:] if line.startswith("+++ b/") else None
            hunks = []
            continue
        if line.startswith("@@"):
            flush()
            minus, plus = [], []
            old = line.split()[1]  # -a[,b]
            start = int(old[1:].split(",")[0])
            next_old = start
            hunks.append(start)
            continue
        if line.startswith("-"):
            minus.append((next_old, line[1:]))
            next_old += 1
        elif line.startswith("+"):
            plus.append(line[1:])
    flush()
    out = []
    for parent_, path_, line_no, col, text, one_line, file_hunks in found:
        alone = one_line and all(h == line_no or abs(h - line_no) > 30 for h in file_hunks)
        if parent_ and path_:
            out.append((parent_, path_, line_no, col, text, alone))
    return out


def audit(binary, repo, rev, cache):
    if rev in cache:
        return cache[rev]
    r = subprocess.run([binary, "audit", "--root", repo, "--rev", rev, "--paths", ".", "--no-config", "--format",
                        "json"], capture_output=True)
    findings = {}
    if r.returncode in (0, 1):
        for f in json.loads(r.stdout)["findings"]:
            findings[(f["path"], f["line"], f["column"])] = f
    cache[rev] = findings
    return findings


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("repo")
    ap.add_argument("--binary", default=os.path.join(HERE, "..", "hotpath-audit"))
    ap.add_argument("--since")
    ap.add_argument("--until")
    ap.add_argument("--kept-at")
    ap.add_argument("--kept-months", type=int, default=6)
    ap.add_argument("--show", type=int, default=0,
                    help="print N of the missed removals, and N of the kept clones called removable")
    a = ap.parse_args()
    os.environ.setdefault("HOTPATH_AUDIT_DATADIR", os.path.join(HERE, ".."))
    cache = {}

    sites = removals(a.repo, a.since, a.until)
    tally = collections.Counter()
    missed = []
    for parent, path, line, col, text, alone in sites:
        f = audit(a.binary, a.repo, parent, cache).get((path, line, col))
        if not f:
            tally["no site found (not audited, or the line moved)"] += 1
            continue
        if f["bucket"] == "cold_test_only":
            tally["test code"] += 1
            continue
        tally["production"] += 1
        tally["alone"] += alone
        if f["bucket"] in ("removable_move", "removable_borrow"):
            tally["found removable"] += 1
            tally["alone found"] += alone
        else:
            tally["kept as " + f["bucket"]] += 1
            missed.append((f["rule"], f["bucket"], parent[:10], path, line,
                           text + ("" if alone else "   [with other changes]")))
    prod = tally["production"]
    pct = lambda k, n: "%.0f%%" % (100.0 * k / n) if n else "-"
    print("engineers' removals: %d in the history; %d in production code, %d found removable (%s)"
          % (len(sites), prod, tally["found removable"], pct(tally["found removable"], prod)))
    print("  of them alone in their commit's change to the file (no other edit within 30 lines): %d, found %d (%s)"
          % (tally["alone"], tally["alone found"], pct(tally["alone found"], tally["alone"])))
    for k, v in sorted(tally.items()):
        if k.startswith("kept as") or k.startswith("no site") or k == "test code":  # (not "alone")
            print("  %-50s %d" % (k, v))
    for m in missed[: a.show]:
        print("  missed: %s %s %s:%s:%d  %s" % m)

    # the kept clones
    newest = git(a.repo, "log", "-1", "--format=%cI").strip()
    newest_date = datetime.datetime.fromisoformat(newest.replace("Z", "+00:00"))
    months = datetime.timedelta(days=30 * a.kept_months)
    at_date = a.kept_at or (newest_date - months).date().isoformat()
    kept_rev = git(a.repo, "rev-list", "-1", "--before=" + at_date, "HEAD").strip()
    later_date = datetime.datetime.fromisoformat(git(a.repo, "log", "-1", "--format=%cI", kept_rev).strip()) + months
    later_rev = git(a.repo, "rev-list", "-1", "--before=@%d" % int(later_date.timestamp()), "HEAD").strip()
    # kept-at chosen --kept-months before the newest commit: the newest is
    # that much later.  (The last commit before kept + N months may be the
    # kept one itself, where a project went quiet for months: sozu's.)
    if not a.kept_at:
        later_rev = git(a.repo, "rev-parse", "HEAD").strip()
    findings = audit(a.binary, a.repo, kept_rev, cache)
    files_later = {}
    kept = removable = 0
    for (path, line, col), f in findings.items():
        if f["bucket"] == "cold_test_only":
            continue
        if path not in files_later:
            try:
                files_later[path] = set(l.strip() for l in git(a.repo, "show", "%s:%s" % (later_rev, path)).split("\n"))
            except subprocess.CalledProcessError:
                files_later[path] = set()
        if f["text"].strip() in files_later[path]:
            kept += 1
            if f["bucket"] in ("removable_move", "removable_borrow"):
                removable += 1
                if removable <= a.show:
                    print("  kept, called removable: %s %s %s:%d  %s" % (f["rule"], f["bucket"], path, line,
                                                                        f["text"].strip()))
    print("kept clones: %d production sites at %s (%s) still word for word in their file %d months later (%s); "
          "%d called removable (%s)" % (kept, kept_rev[:10], at_date, a.kept_months, later_rev[:10], removable,
                                        "%.1f%%" % (100.0 * removable / kept) if kept else "-"))


if __name__ == "__main__":
    sys.exit(main())

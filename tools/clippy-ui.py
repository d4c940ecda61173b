#!/usr/bin/env python3
"""Measure the audit's verdicts against clippy's UI tests for the clone lints.

    python3 tools/clippy-ui.py CLIPPY_REPO [--binary PATH] [--show] [--verify]

CLIPPY_REPO is a checkout or a bare clone of rust-lang/rust-clippy (the
files are read from its HEAD).  For each lint, the UI test's `.rs` file is
audited as a library source (under `src/`, so that no test-path rule
applies), and its `.stderr` says which lines the lint fires on:

- redundant_clone: the lint's deliberate negatives (every `.clone()` site
  of the file the lint does not fire on) must stay kept -- not called
  removable; the sites it fires on are counted as found when removable.
- clone_on_copy: each site it fires on should be found removable.
- clone_on_ref_ptr: each site it fires on (`rc.clone()` of an Rc/Arc/Weak)
  should be called cheap.

Prints one table; --show lists every site that misses its target.  With
--verify (cargo and rustc on PATH) the file is audited as a binary crate
with `audit --verify`: the static verdicts are still what is measured, and
the compiler's word on each removal is shown beside them.  The measurement
reads, and writes only temporary directories.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

LINTS = ("redundant_clone", "clone_on_copy", "clone_on_ref_ptr")


def enclosing_fn(lines, n):
    """The name of the innermost fn whose body holds line n (1-based), or
    "": the nearest `fn` line above it whose braces close at or after n."""
    for i in range(n - 1, -1, -1):
        m = re.match(r"\s*(?:pub\s+)?(?:async\s+)?fn\s+(\w+)", lines[i])
        if not m:
            continue
        depth, opened = 0, False
        for j in range(i, len(lines)):
            depth += lines[j].count("{") - lines[j].count("}")
            opened = opened or "{" in lines[j]
            if opened and depth <= 0:
                break
        if j + 1 >= n:
            return m.group(1)
    return ""


def read(repo, path):
    if os.path.isfile(os.path.join(repo, path)):
        with open(os.path.join(repo, path), encoding="utf-8") as f:
            return f.read()
    return subprocess.run(["git", "-C", repo, "show", "HEAD:" + path], capture_output=True,
                          text=True, check=True).stdout


def fired_lines(stderr, lint):
    """The primary line of each diagnostic of the UI test's .stderr."""
    lines, want = set(), False
    for l in stderr.splitlines():
        if l.startswith("error") or l.startswith("warning"):
            want = True
            continue
        m = re.match(r"\s*--> tests/ui/%s\.rs:(\d+):(\d+)" % lint, l)
        if m and want:
            lines.add(int(m.group(1)))
            want = False
    return lines


def audit(binary, source, verify, cache):
    """The findings of the UI test's file audited as the binary crate `ui`
    (src/main.rs); with verify, each removal also put before cargo check."""
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "src"))
        with open(os.path.join(tmp, "Cargo.toml"), "w", encoding="utf-8") as f:
            f.write('[package]\nname = "ui"\nversion = "0.1.0"\nedition = "2021"\n\n[workspace]\n')
        with open(os.path.join(tmp, "src", "main.rs"), "w", encoding="utf-8") as f:
            f.write(source)
        out = os.path.join(tmp, "audit.json")
        env = dict(os.environ, XDG_CACHE_HOME=cache)
        subprocess.run([binary, "audit", "--root", tmp, "--paths", "src", "--format", "json", "--output", out]
                       + (["--verify"] if verify else []),
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        with open(out, encoding="utf-8") as f:
            report = json.load(f)
        # a finding the code's own attribute silences (`#[allow(clippy::
        # clone_on_copy)]` over a Copy clone) proposes nothing to a reader:
        # counted as kept, not dropped from the count
        silenced = [dict(x, bucket="suppressed", rule=x.get("rule")) for x in report.get("suppressed", [])]
        return report["findings"] + silenced


def main():
    args = sys.argv[1:]
    show = "--show" in args
    verify = "--verify" in args
    args = [a for a in args if a not in ("--show", "--verify")]
    binary = "./hotpath-audit"
    if "--binary" in args:
        i = args.index("--binary")
        binary = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    repo = args[0]
    rows, misses = [], []
    cache = tempfile.mkdtemp(prefix="clippy-ui-cache.")
    for lint in LINTS:
        source = read(repo, "tests/ui/%s.rs" % lint)
        fired = fired_lines(read(repo, "tests/ui/%s.stderr" % lint), lint)
        src_lines = source.splitlines()
        findings = [f for f in audit(binary, source, verify, cache) if f.get("bucket")]  # clone sites, not pack findings
        if verify:  # the static verdicts are measured; the compiler says whether each removal builds
            for f in findings:
                f["compiler"] = (f.get("verification") or {}).get("status", "-")
                if f.get("static_verdict"):
                    f["bucket"], f["rule"] = f["static_verdict"]["bucket"], f["static_verdict"]["rule"]
        pos = [f for f in findings if f["line"] in fired]
        neg = [f for f in findings if f["line"] not in fired]
        removable = lambda f: f["bucket"].startswith("removable")
        if lint == "redundant_clone":
            kept = [f for f in neg if not removable(f)]
            found = [f for f in pos if removable(f)]
            rows.append((lint, "deliberate negatives kept", len(kept), len(neg)))
            # sites in a fn the test names a false negative of the lint's
            # (`fn false_negative_5707`: "pr 7346 can't lint on `x`") are
            # not deliberate: the figure without them, beside the one with
            documented = [f for f in neg if enclosing_fn(src_lines, f["line"]).startswith("false_negative")]
            if documented:
                rows.append((lint, "... leaving out sites in the test's own false_negative fns",
                             len([f for f in kept if f not in documented]), len(neg) - len(documented)))
            if verify:
                called = [f for f in neg if removable(f)]
                builds = [f for f in called if f["compiler"] == "verified"]
                rows.append((lint, "... negatives called removable whose removal cargo check accepts", len(builds),
                             len(called)))
            rows.append((lint, "fired sites found removable", len(found), len(pos)))
            misses += [(lint, "negative called removable", f) for f in neg if removable(f)]
        elif lint == "clone_on_copy":
            found = [f for f in pos if removable(f)]
            rows.append((lint, "fired sites found removable", len(found), len(pos)))
            misses += [(lint, "not found removable", f) for f in pos if not removable(f)]
        else:
            cheap = [f for f in pos if f["bucket"] == "cheap_required"]
            rows.append((lint, "fired sites called cheap", len(cheap), len(pos)))
            misses += [(lint, "not called cheap", f) for f in pos if f["bucket"] != "cheap_required"]
        if verify:
            judged = [f for f in findings if removable(f) and f["compiler"] in ("verified", "refuted")]
            rows.append((lint, "static removals (all sites) that cargo check accepts, of those it judged",
                         sum(1 for f in judged if f["compiler"] == "verified"), len(judged)))
            misses += [(lint, "removal refuted", f) for f in judged if f["compiler"] == "refuted"]
        unmatched = sorted(fired - {f["line"] for f in findings})
        rows.append((lint, "fired lines with no clone site the audit reports", len(unmatched), len(fired)))
        if show:
            for n in unmatched:
                print("  %s.rs:%d no site: %s" % (lint, n, src_lines[n - 1].strip()))
    print("| lint | measure | sites | of | share |")
    print("|---|---|---:|---:|---:|")
    for lint, what, n, total in rows:
        print("| %s | %s | %d | %d | %s |" % (lint, what, n, total, "%.0f%%" % (100.0 * n / total) if total else "-"))
    if show:
        for lint, why, f in misses:
            print("  %s.rs:%d:%d %s: %s (%s)%s %s" % (lint, f["line"], f["column"], why, f["bucket"], f["rule"],
                                                     " compiler: " + f["compiler"] if verify else "",
                                                     f.get("text", "").strip()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

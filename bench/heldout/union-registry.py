#!/usr/bin/env python3
"""bench/heldout/union-registry.py OUT SOURCE...: one directory source made
of several, for building fetched applications offline.

Each SOURCE is a directory of crate directories: a vendor/ directory of a
source package (rustc's, Chromium's, Suricata's), Debian's registry
(/usr/share/cargo/registry), a vendor directory of Debian sid crates that
bench/heldout/debian-pool-crates.py fetched.  The first SOURCE holding a
name and version gives it.  Then, as bench/heldout/stub-registry.py does
for one vendor directory, a dependency nothing satisfies gets an empty
stub, with two differences that matter when the sources overlap:

- no stub shadows a real crate: where some version of the name is there,
  the stub is left out (a stub `tokio-macros 2.7.0` beside a real 1.7.0
  would make cargo pick the newest tokio and fail compiling it);
- a crate version whose required dependencies (not optional; every
  platform's, for cargo resolves them all) nothing satisfies is dropped,
  until none is left: cargo gives up at the first such version it picks
  instead of trying an older one;
- a feature asked of a dependency that no version there has is no longer
  asked (Debian removes features whose dependencies it does not ship:
  its fastrand 1.8 has no `std`, and crossterm 0.29 from rustc's vendor
  directory asks for it; cargo would refuse the whole graph).

    python3 bench/heldout/union-registry.py /tmp/union rustc-1.95.0-src/vendor \\
        /tmp/sid25/vendor /usr/share/cargo/registry
    python3 bench/heldout/prepare-app.py --registry /tmp/union MIRROR/repo HEAD /tmp/app

A script that prepares, not a test.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cargo_manifest import dependency_tables, meets, to_toml  # noqa: E402

STUB_MARK = "a stub: bench/heldout/stub-registry.py"


def manifest(path):
    try:
        return tomllib.load(open(os.path.join(path, "Cargo.toml"), "rb"))
    except (OSError, tomllib.TOMLDecodeError):
        return None


def gather(sources, flat):
    """flat: a link per name-version, the first source's."""
    n = 0
    for source in sources:
        for d in sorted(os.listdir(source)):
            real = os.path.realpath(os.path.join(source, d))
            m = manifest(real)
            pkg = m.get("package", {}) if m else {}
            if not isinstance(pkg.get("version"), str):
                continue  # a workspace-inherited version: not a published crate
            key = "%s-%s" % (pkg["name"], pkg["version"])
            if not os.path.lexists(os.path.join(flat, key)):
                os.symlink(real, os.path.join(flat, key))
                n += 1
    return n


def is_stub(path):
    lib = os.path.join(path, "src", "lib.rs")
    try:
        return not os.path.islink(os.path.join(path, "src")) and STUB_MARK in open(lib).read()
    except OSError:
        return False


def required(m):
    """(name, requirement) of every dependency cargo must resolve whatever
    the features: normal and build, every platform, not optional."""
    for table in dependency_tables(m):
        for key, spec in table.items():
            spec = spec if isinstance(spec, dict) else {"version": spec}
            if spec.get("optional") or "path" in spec or "git" in spec:
                continue
            yield spec.get("package", key), spec.get("version", "*")


def manifests_of(out):
    """directory -> parsed manifest, of every crate in out (read once: the
    pruning and the feature trimming both need them)."""
    crates = {d: manifest(os.path.join(out, d)) for d in os.listdir(out)}
    return {d: m for d, m in crates.items() if m and "package" in m}


def prune(out, crates):
    """Drops the shadowing stubs and the versions that cannot resolve, as
    the docstring says; returns the directories left."""
    stubs = {d for d in crates if is_stub(os.path.join(out, d))}
    real_names = {crates[d]["package"]["name"] for d in crates if d not in stubs}
    shadows = {d for d in stubs if crates[d]["package"]["name"] in real_names}
    alive = set(crates) - shadows
    by_name = {}
    for d in alive:
        by_name.setdefault(crates[d]["package"]["name"], []).append(d)
    dropped = set()
    while True:
        gone = set()
        for d in alive:
            for name, req in required(crates[d]):
                if not any(meets(crates[x]["package"]["version"], req) for x in by_name.get(name, ()) if x in alive):
                    gone.add(d)
                    break
        if not gone:
            break
        alive -= gone
        dropped |= gone
    for d in shadows | dropped:
        shutil.rmtree(os.path.join(out, d))
    return len(shadows), len(dropped), alive


def features_of(m):
    """The features a manifest offers: its [features] and its optional
    dependencies' implicit ones."""
    have = set(m.get("features", {}))
    for table in dependency_tables(m):
        have.update(k for k, spec in table.items() if isinstance(spec, dict) and spec.get("optional"))
    return have


def trim_features(out, crates):
    """Each dependency feature no candidate version offers, no longer asked;
    the manifest written as a file in place of its link.  Returns how many
    manifests changed."""
    by_name = {}
    for d, m in crates.items():
        by_name.setdefault(m["package"]["name"], []).append(m)
    changed = 0
    for d, m in crates.items():
        offered, dirty = {}, False

        def offers(key, spec, feature):
            spec = spec if isinstance(spec, dict) else {"version": spec}
            name, req = spec.get("package", key), spec.get("version", "*")
            if (name, req) not in offered:
                cands = [c for c in by_name.get(name, ()) if meets(c["package"]["version"], req)]
                offered[(name, req)] = set().union(*(features_of(c) for c in cands)) if cands else None
            have = offered[(name, req)]
            return have is None or feature in have  # nothing there: left to cargo to say

        deps = {}
        for table in dependency_tables(m):
            for key, spec in table.items():
                deps.setdefault(key, spec)
                if isinstance(spec, dict) and spec.get("features"):
                    keep = [f for f in spec["features"] if offers(key, spec, f)]
                    if keep != spec["features"]:
                        spec["features"], dirty = keep, True
        for feature, values in m.get("features", {}).items():
            keep = []
            for v in values:
                dep, _, feat = v.partition("/")
                dep = dep.rstrip("?").removeprefix("dep:")
                if feat and dep in deps and not offers(dep, deps[dep], feat):
                    dirty = True
                    continue
                keep.append(v)
            m["features"][feature] = keep
        if dirty:
            path = os.path.join(out, d, "Cargo.toml")
            os.unlink(path)
            open(path, "w", encoding="utf-8").write(to_toml(m))
            changed += 1
    return changed


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out, sources = sys.argv[1], [os.path.abspath(s) for s in sys.argv[2:]]
    if os.path.exists(out):
        sys.exit("union-registry.py: %s exists; give a new directory" % out)
    flat = tempfile.mkdtemp(prefix="union-flat-")
    try:
        linked = gather(sources, flat)
        stub_registry = os.path.join(os.path.dirname(os.path.abspath(__file__)), "stub-registry.py")
        subprocess.run([sys.executable, stub_registry, flat, out], check=True)
    finally:
        shutil.rmtree(flat)
    crates = manifests_of(out)
    shadows, dropped, alive = prune(out, crates)
    trimmed = trim_features(out, {d: crates[d] for d in alive})
    left = len(alive)
    print("%d crate versions from %d sources; %d stubs left out (a real version is there), "
          "%d versions dropped (a required dependency missing), %d manifests asking a feature "
          "nothing offers trimmed; %d left" % (linked, len(sources), shadows, dropped, trimmed, left),
          file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""bench/heldout/stub-registry.py VENDOR OUT [--extra DIR]...: a directory
source in which every crate of VENDOR resolves.

A vendor directory taken out of a source package (Debian's rustc-web, say)
lacks what its packager stripped (windows-sys) and what no build of the
package needed (an optional dependency of a dependency: gix-diff's
imara-diff).  Cargo resolves those all the same, so a crate of the
directory built on its own fails before compiling anything.  OUT holds a
link to each crate of VENDOR and, for each dependency no crate there
satisfies, an empty stub crate of the version asked for, with every
feature asked of it.  `cargo check` of default features compiles no stub
unless the crate really uses it (then the check fails, as it should).

    python3 bench/heldout/stub-registry.py rustc-1.85.0-src/vendor /tmp/vendor-stubbed
    python3 bench/heldout/stub-registry.py firefox/third_party/rust /tmp/ff --extra firefox/build/rust
    bench/verify-accuracy.sh --registry /tmp/vendor-stubbed /tmp/vendor-stubbed/CRATE ...
"""
import json
import os
import re
import sys
import tomllib

from cargo_manifest import caret_base, nums, satisfies


def dependencies(manifest):
    """(key, name, requirement, features) of every dependency table, any platform;
    the features are those the table asks and those the crate's own
    features turn on (`std = ["windows-sys?/std"]`)."""
    tables = [manifest.get(k, {}) for k in ("dependencies", "build-dependencies", "dev-dependencies")]
    for t in manifest.get("target", {}).values():
        tables += [t.get(k, {}) for k in ("dependencies", "build-dependencies", "dev-dependencies")]
    turned_on = {}
    for values in manifest.get("features", {}).values():
        for v in values:
            if "/" in v:
                dep, feat = v.split("/", 1)
                turned_on.setdefault(dep.rstrip("?").removeprefix("dep:"), set()).add(feat)
    for table in tables:
        for key, spec in table.items():
            spec = spec if isinstance(spec, dict) else {"version": spec}
            if "path" in spec or "git" in spec:
                continue
            yield (key, spec.get("package", key), spec.get("version", "*"),
                   list(spec.get("features", [])) + sorted(turned_on.get(key, ())))


def lower_requirements(path, lowered):
    """Cargo.toml at path (a link) rewritten as a file, each dependency KEY of
    lowered asking for lowered[KEY] instead."""
    lines = open(path, encoding="utf-8").read().split("\n")
    section = None
    for i, line in enumerate(lines):
        head = re.match(r"\[(?:target\..*\.)?(?:dev-|build-)?dependencies\.([^\]]+)\]\s*$", line)
        if line.startswith("["):
            section = head.group(1).strip('"') if head else None
            continue
        if section in lowered and re.match(r"version\s*=", line):
            lines[i] = 'version = "%s"' % lowered[section]
            continue
        inline = re.match(r'([A-Za-z0-9_-]+)\s*=\s*(\{.*?version\s*=\s*)"[^"]*"(.*)$|([A-Za-z0-9_-]+)\s*=\s*"[^"]*"\s*$', line)
        if inline and (inline.group(1) or inline.group(4)) in lowered:
            key = inline.group(1) or inline.group(4)
            lines[i] = ('%s = %s"%s"%s' % (key, inline.group(2), lowered[key], inline.group(3)) if inline.group(1)
                        else '%s = "%s"' % (key, lowered[key]))
    os.unlink(path)
    open(path, "w", encoding="utf-8").write("\n".join(lines))


def crate_dirs(vendor, extra):
    """(directory, name in OUT) of each crate: VENDOR's own, then each
    crate under the --extra directories (Firefox's build/rust shims, such
    as thiserror 1.999.999 re-exporting thiserror 2, which its workspace
    patches in), one level of grouping deep."""
    for d in sorted(os.listdir(vendor)):
        yield os.path.join(vendor, d), d
    for top in extra:
        for root, dirs, files in os.walk(top):
            if "Cargo.toml" in files and root != top:
                dirs[:] = []
                try:
                    pkg = tomllib.load(open(os.path.join(root, "Cargo.toml"), "rb"))["package"]
                except (OSError, KeyError, tomllib.TOMLDecodeError):
                    continue
                yield root, "%s-%s" % (pkg["name"], pkg["version"])


def main():
    args = sys.argv[1:]
    extra = []
    while "--extra" in args:
        i = args.index("--extra")
        extra.append(os.path.abspath(args[i + 1]))
        del args[i:i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    vendor, out = os.path.abspath(args[0]), args[1]
    os.makedirs(out, exist_ok=True)
    have, manifests = {}, []
    for src, d in crate_dirs(vendor, extra):
        path = os.path.join(src, "Cargo.toml")
        try:
            m = tomllib.load(open(path, "rb"))
        except (OSError, tomllib.TOMLDecodeError):
            continue
        have.setdefault(m["package"]["name"], []).append(m["package"]["version"])
        manifests.append((d, m))
        # a directory of links to the crate's files, with a checksum file
        # that lists none: a packager may have patched a vendored crate
        # (Firefox's autocfg) without updating the one it ships
        link = os.path.join(out, d)
        if not os.path.isdir(link):
            os.makedirs(link)
            for entry in os.listdir(src):
                if entry != ".cargo-checksum.json":
                    os.symlink(os.path.join(os.path.realpath(src), entry), os.path.join(link, entry))
            json.dump({"files": {}, "package": None}, open(os.path.join(link, ".cargo-checksum.json"), "w"))
    # what is asked and not there: (name, base version) -> features
    missing, asked = {}, {}
    for d, m in manifests:
        lowered = {}
        for key, name, req, features in dependencies(m):
            want = caret_base(req)
            if want is None:
                if name not in have:
                    want = [0, 1, 0]
                else:
                    continue
            if any(satisfies(v, want) for v in have.get(name, [])):
                continue
            # an older release of the same series is there (`anyhow = "1.0.86"`
            # beside anyhow 1.0.69): asked for instead, as the packager's own
            # lock does -- a stub 1.0.86 would shadow the real crate for all
            same = [v for v in have.get(name, []) if satisfies(v, [want[0], want[1] if want[0] == 0 else 0, 0])]
            if same:
                lowered[key] = max(same, key=nums)
                continue
            missing.setdefault((name, tuple(want)), set())
            asked.setdefault(name, set()).update(f for f in features if "/" not in f)
        if lowered:
            lower_requirements(os.path.join(out, d, "Cargo.toml"), lowered)
    for (name, want) in sorted(missing):
        features = asked[name]  # every feature asked of the name, whichever version
        version = "%d.%d.%d" % want
        d = os.path.join(out, "%s-%s" % (name, version))
        os.makedirs(os.path.join(d, "src"), exist_ok=True)
        feats = "".join('"%s" = []\n' % f for f in sorted(features))
        open(os.path.join(d, "Cargo.toml"), "w").write(
            '[package]\nname = "%s"\nversion = "%s"\nedition = "2018"\n\n[lib]\npath = "src/lib.rs"\n\n[features]\n%s'
            % (name, version, feats))
        open(os.path.join(d, "src", "lib.rs"), "w").write("// a stub: bench/heldout/stub-registry.py\n")
        json.dump({"files": {}, "package": None}, open(os.path.join(d, ".cargo-checksum.json"), "w"))
    print("%d crates linked, %d stubs" % (len(manifests), len(missing)), file=sys.stderr)


if __name__ == "__main__":
    main()

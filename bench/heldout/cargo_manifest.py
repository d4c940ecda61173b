#!/usr/bin/env python3
"""bench/heldout/cargo_manifest.py: Cargo manifests and version requirements,
for the held-out measurements (bench/verify-accuracy.sh,
bench/heldout/stub-registry.py).

    cargo_manifest.py versions REGISTRY OUT.json
        the versions of each crate a directory source holds, as JSON
    cargo_manifest.py offline Cargo.toml VERSIONS.json
        rewrite a copied crate's manifest so it builds offline against that
        directory: dev-dependencies, benches, tests and examples dropped, a
        workspace of its own replaced by an empty one, a path into the
        packager's tree (`../support/error`) taken by name, and an optional
        dependency or one of another platform that nothing there satisfies
        dropped with the features naming it (cargo resolves every optional
        dependency, used or not: gix's async-std; Debian strips windows-sys)
"""
import json
import os
import re
import sys
import tomllib


def nums(v):
    return ([int(x) for x in re.findall(r"\d+", v.split("-")[0].split("+")[0])[:3]] + [0, 0, 0])[:3]


def caret_base(req):
    """The version a requirement starts from (`0.52`, `^1.2.3`, `~0.4`,
    `>=0.52.0, <=0.59.*`), or None (`*`)."""
    m = re.match(r"\s*(?:\^|~|>=|=)?\s*([0-9][0-9.]*)", req or "")
    return nums(m.group(1)) if m else None


def satisfies(version, want):
    """Does version meet the caret requirement starting at want?"""
    got = nums(version)
    lead = next((i for i in range(3) if want[i] != 0), 2)  # caret: the first non-zero part is fixed
    return got[:lead + 1] == want[:lead + 1] and got >= want


def dependency_tables(m):
    """The [dependencies] and [build-dependencies] tables of a parsed
    manifest, every platform's: what cargo resolves for a crate used as a
    dependency (its dev-dependencies are its own business)."""
    tables = [m.get("dependencies", {}), m.get("build-dependencies", {})]
    for t in m.get("target", {}).values():
        tables += [t.get("dependencies", {}), t.get("build-dependencies", {})]
    return tables


def _meets_one(got, req):
    """Does the release got (three numbers) meet one comparator of a
    requirement (`^1.2`, `~0.4.1`, `=2.0.0`, `>=1, <3`'s parts, `1.*`)?"""
    m = re.match(r"^(\^|~|>=|<=|>|<|=)?\s*([0-9][0-9.*xX]*)", req.strip())
    if not m:
        return True
    op = m.group(1) or "^"
    parts = [int(p) for p in m.group(2).split(".") if p.isdigit()]
    n = len(parts)
    want = (parts + [0, 0, 0])[:3]
    if op == "=" or re.search(r"[*xX]", m.group(2)):  # `1.2.*`: the parts given, exactly
        return got[:n] == want[:n]
    if op == ">=":
        return got >= want
    if op == ">":
        return got[:n] > want[:n]
    if op == "<":
        return got < want
    if op == "<=":
        return got[:n] <= want[:n]
    if op == "~":
        return got >= want and got[:max(1, min(n, 2))] == want[:max(1, min(n, 2))]
    lead = next((i for i in range(n) if want[i] != 0), n - 1)  # caret: up to the first non-zero part
    return got >= want and got[:lead + 1] == want[:lead + 1]


def meets(version, req):
    """Does version meet the whole requirement, as cargo reads it?  A
    pre-release meets only a requirement that names one (cargo's rule,
    simplified: no pre-release ordering)."""
    core = version.split("+")[0]
    pre = "-" in core
    got = (nums(core.split("-")[0]) + [0, 0, 0])[:3]
    req = (req or "*").strip()
    if req in ("", "*"):
        return not pre
    if pre and "-" not in req:
        return False
    return all(_meets_one(got, r) for r in req.split(","))


def versions_of(registry):
    """crate name -> the versions the directory source holds."""
    have = {}
    for d in os.listdir(registry):
        try:
            pkg = tomllib.load(open(os.path.join(registry, d, "Cargo.toml"), "rb")).get("package", {})
            have.setdefault(pkg["name"], []).append(pkg["version"])
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            pass
    return have


def satisfied(have, name, req):
    want = caret_base(req)
    if want is None:
        return bool(have.get(name))
    return any(satisfies(v, want) for v in have.get(name, []))


def offline(m, have):
    """The manifest m (parsed), changed in place as the docstring says."""
    for k in ("dev-dependencies", "workspace", "bench", "test", "example"):
        m.pop(k, None)
    tables = [(m[k], False) for k in ("dependencies", "build-dependencies") if k in m]
    for t in m.get("target", {}).values():
        t.pop("dev-dependencies", None)
        tables += [(t[k], True) for k in ("dependencies", "build-dependencies") if k in t]
    dropped = set()
    for table, platform in tables:
        for name, spec in list(table.items()):
            if isinstance(spec, dict) and "path" in spec:
                spec = table[name] = {k: v for k, v in spec.items() if k != "path"}
                spec.setdefault("version", "*")
            spec = spec if isinstance(spec, dict) else {"version": spec}
            if (spec.get("optional") or platform) and not satisfied(have, spec.get("package", name), spec.get("version")):
                del table[name]
                dropped.add(name)

    def keep(v):
        base = v[4:] if v.startswith("dep:") else v.split("/")[0].rstrip("?")
        return base not in dropped

    if "features" in m:
        m["features"] = {f: [v for v in vals if keep(v)] for f, vals in m["features"].items() if f not in dropped}
    m["workspace"] = {}


def to_toml(m):
    """The subset of TOML a normalized Cargo.toml uses: tables, arrays of
    tables, strings, numbers, booleans, arrays and inline tables."""
    def key(k):
        return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else json.dumps(k)

    def val(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return str(v)
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, list):
            return "[" + ", ".join(val(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join("%s = %s" % (key(k), val(x)) for k, x in v.items()) + " }"
        raise ValueError(v)

    def table_array(v):
        return isinstance(v, list) and v and all(isinstance(x, dict) for x in v)

    out = []

    def emit(prefix, d):
        plain = {k: v for k, v in d.items() if not isinstance(v, dict) and not table_array(v)}
        if prefix and (plain or not d):
            out.append("[%s]" % ".".join(key(p) for p in prefix))
        for k, v in plain.items():
            out.append("%s = %s" % (key(k), val(v)))
        for k, v in d.items():
            if isinstance(v, dict):
                emit(prefix + [k], v)
            elif table_array(v):
                for x in v:
                    out.append("[[%s]]" % ".".join(key(p) for p in prefix + [k]))
                    out.extend("%s = %s" % (key(kk), val(vv)) for kk, vv in x.items())

    emit([], m)
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "versions":
        json.dump(versions_of(sys.argv[2]), open(sys.argv[3], "w"))
    elif len(sys.argv) == 4 and sys.argv[1] == "offline":
        path = sys.argv[2]
        m = tomllib.load(open(path, "rb"))
        offline(m, json.load(open(sys.argv[3])))
        open(path, "w", encoding="utf-8").write(to_toml(m))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Make a tagged release of a fetched Rust application buildable offline
against Debian's crate registry, for a held-out compile-checked sample.

    python3 bench/heldout/prepare-app.py [--registry DIR] GIT_DIR TAG DEST

GIT_DIR is a clone (bare or not) of the application's repository, TAG the
release Debian packaged (its dependencies are then, give or take, those
Debian ships as librust-*-dev), or `-`: GIT_DIR is then a tree to copy,
such as a snapshot's files written out without its absent large blobs.
DEST is made anew: the tagged tree, its Cargo.lock and toolchain pins
removed, every [dev-dependencies] table dropped, cargo pointed at
/usr/share/cargo/registry (or at DIR, a directory source such as
bench/heldout/union-registry.py makes of several).  Then, until
`cargo generate-lockfile --offline` resolves, each complaint is answered
by the smallest change to the manifests:

- a requirement no registry version meets: rewritten to the newest
  version the registry has (`memmap2 = "0.3"` -> "0.5.7"); a registry
  crate asked for whose own dependency no version meets: its older
  version (`phf = "0.13"` -> "0.11.3" when phf_macros 0.13 is missing);
- a crate the registry lacks, or a feature a registry crate lacks: the
  dependency, the feature entry, dropped (and a member's
  `x = { workspace = true }` of a renamed workspace dependency so dropped);
- [patch] tables and git sources: gone, the registry's release asked
  for instead (no git fork is reachable offline).

It changes manifests only, never a `.rs` file: code that then fails to
build (an API that moved between versions) is the measurer's to fix by
hand or to leave out; bench/heldout/sample12.txt says what was done.  A
script that prepares, not a test.
"""
import glob
import os
import re
import subprocess
import sys

REGISTRY = "/usr/share/cargo/registry"


def manifests(dest):
    return glob.glob(os.path.join(dest, "**", "Cargo.toml"), recursive=True)


def rewrite(dest, fn):
    for path in manifests(dest):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        new = fn(text)
        if new != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(new)


def drop_dev_dependencies(text):
    out, skip = [], False
    for line in text.splitlines(keepends=True):
        m = re.match(r"\s*\[+([^\]]+)\]+", line)
        if m:
            name = m.group(1).strip()
            skip = name == "dev-dependencies" or name.startswith("dev-dependencies.") or \
                (name.startswith("target.") and ".dev-dependencies" in name) or \
                line.strip() in ("[[bench]]", "[[test]]", "[[example]]")
        if not skip:
            out.append(line)
    return "".join(out)


def drop_patches(text):
    """[patch.*] tables go (they point at git forks, out of reach offline:
    the registry's release is built instead), and a dependency taken from
    git is asked of the registry at any version."""
    out, skip = [], False
    for line in text.splitlines(keepends=True):
        m = re.match(r"\s*\[+([^\]]+)\]+", line)
        if m:
            skip = m.group(1).strip().startswith("patch.")
        if not skip:
            out.append(line)
    text = "".join(out)

    def from_registry(m):
        body = re.sub(r'\b(?:git|rev|branch|tag)\s*=\s*"[^"]*"\s*,?\s*', "", m.group(1)).strip().rstrip(",")
        if not re.search(r"\bversion\s*=", body):
            body = 'version = "*"' + (", " + body if body else "")
        return "{ %s }" % body
    text = re.sub(r"\{([^{}]*\bgit\s*=[^{}]*)\}", from_registry, text)  # inline, over lines or not
    # a [dependencies.NAME] table: its git line becomes a version, rev/branch/tag go
    out, table = [], False
    for line in text.splitlines(keepends=True):
        if re.match(r"\s*\[", line):
            table = re.match(r"\s*\[[^\]]*dependencies\.[^\]]+\]", line) is not None
        elif table and re.match(r"\s*git\s*=", line):
            line = 'version = "*"\n'
        elif table and re.match(r"\s*(?:rev|branch|tag)\s*=", line):
            continue
        out.append(line)
    return "".join(out)


def version_key(v):
    return [int(x) if x.isdigit() else 0 for x in re.split(r"[.+-]", v)]


def registry_versions(crate):
    found = [os.path.basename(p)[len(crate) + 1:] for p in glob.glob(f"{REGISTRY}/{crate}-[0-9]*")]
    return sorted(found, key=version_key)


def set_version(crate, version):
    c = re.escape(crate)
    ver = f'"{version}"'

    def fn(text):
        text = re.sub(rf'(^\s*{c}\s*=\s*)"[^"]*"', rf"\g<1>{ver}", text, flags=re.M)
        text = re.sub(rf'(^\s*{c}\s*=\s*\{{[^}}\n]*version\s*=\s*)"[^"]*"', rf"\g<1>{ver}", text, flags=re.M)
        text = re.sub(rf'(\[(?:[\w.\-"]*\.)?dependencies\.{c}\][^\[]*?version\s*=\s*)"[^"]*"', rf"\g<1>{ver}",
                      text, flags=re.S)
        return re.sub(rf'^[^\n]*package\s*=\s*"{c}"[^\n]*', lambda m: re.sub(r'version\s*=\s*"[^"]*"',
                      f"version = {ver}", m.group(0)), text, flags=re.M)
    return fn


def outside_features(fn):
    """fn applied to the manifest's text table by table, the [features]
    table left as it is: a feature may share the dependency's name
    (hickory-dns's `webpki-roots = [ .. ]`), and its entries are
    drop_feature_entry's."""
    def apply(text):
        parts = re.split(r"(?m)^(?=\[)", text)
        return "".join(part if re.match(r"\[features\]", part) else fn(part) for part in parts)
    return apply


def drop_dependency(crate):
    c = re.escape(crate)

    @outside_features
    def fn(text):
        # an inline table may run over several lines (`x = { version = "1", features = [\n ...\n] }`)
        text = re.sub(rf"^\s*{c}\s*=\s*\{{[^}}]*\}}[^\n]*\n", "", text, flags=re.M)
        text = re.sub(rf"^\s*{c}\s*=.*\n", "", text, flags=re.M)
        text = re.sub(rf"^\s*{c}\.[\w-]+\s*=.*\n", "", text, flags=re.M)  # `x.workspace = true`
        # renamed (`x = { package = "c", .. }`), the inline table over lines or not
        text = re.sub(rf'^[^\n=]*=\s*\{{[^}}]*package\s*=\s*"{c}"[^}}]*\}}[^\n]*\n', "", text, flags=re.M)
        text = re.sub(rf'^[^\n]*package\s*=\s*"{c}".*\n', "", text, flags=re.M)
        # a [..dependencies.c] table: to the next header (its `features = [` is none)
        return re.sub(rf"^\[[^\]\n]*dependencies\.{c}\][^\n]*\n(?:[^\[\n][^\n]*\n|\n)*", "", text, flags=re.M)
    return fn


def drop_feature_entry(entry):
    """The entry out of every list of the [features] table, and only there
    (a package's `name = "entry"` stays)."""
    pattern = rf'"{re.escape(entry)}(?:\??/[A-Za-z0-9_-]+)?"[ \t]*,?[ \t]*'

    def fn(text):
        out, features = [], False
        for line in text.splitlines(keepends=True):
            m = re.match(r"\s*\[+([^\]]+)\]+", line)
            if m:
                features = m.group(1).strip() == "features"
            elif features:
                line = re.sub(pattern, "", line)
            out.append(line)
        return "".join(out)
    return fn


def drop_dependency_feature(crate, feature):
    c, f = re.escape(crate), re.escape(feature)

    def fn(text):
        text = re.sub(rf'"{c}\??/{f}"\s*,?\s*', "", text)
        # `c = { .., features = [.., "f"] }`, over lines or not
        text = re.sub(rf'(^\s*{c}\s*=\s*\{{[^}}]*?features\s*=\s*\[[^\]]*)"{f}"\s*,?\s*', r"\1", text, flags=re.M)
        # a [..dependencies.c] table's `features = [..]` line
        return re.sub(rf'(^\[[^\]\n]*dependencies\.{c}\][^\[]*?features\s*=\s*\[[^\]]*)"{f}"\s*,?\s*', r"\1", text,
                      flags=re.M)
    return fn


def main(argv):
    global REGISTRY
    if len(argv) == 5 and argv[0] == "--registry":
        REGISTRY, argv = os.path.abspath(argv[1]), argv[2:]
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    git_dir, tag, dest = argv
    subprocess.run(["rm", "-rf", dest], check=True)
    os.makedirs(dest)
    if tag == "-":  # GIT_DIR is a tree already out (a snapshot whose large blobs are absent)
        subprocess.run(["cp", "-a", os.path.join(git_dir, "."), dest], check=True)
    else:
        archive = subprocess.run(["git", "-C", git_dir, "archive", tag], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", dest], input=archive, check=True)
    for name in ("Cargo.lock", "rust-toolchain", "rust-toolchain.toml", ".cargo/config"):
        if os.path.exists(os.path.join(dest, name)):
            os.remove(os.path.join(dest, name))
    rewrite(dest, drop_dev_dependencies)
    rewrite(dest, drop_patches)
    os.makedirs(os.path.join(dest, ".cargo"), exist_ok=True)
    with open(os.path.join(dest, ".cargo", "config.toml"), "w", encoding="utf-8") as f:
        f.write(f'[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "{REGISTRY}"\n')
    last = None
    for _ in range(60):
        r = subprocess.run(["cargo", "generate-lockfile", "--offline"], cwd=dest, capture_output=True, text=True)
        if r.returncode == 0:
            print("resolved")
            return 0
        e = r.stderr
        if e == last:  # the last change changed nothing: say what cargo says
            sys.stderr.write(e[-2000:])
            return 1
        last = e
        m = re.search(r"depends on `([\w-]+)` with feature `([\w-]+)` but", e)
        if m:
            print("dropped feature %s/%s" % m.groups())
            rewrite(dest, drop_dependency_feature(*m.groups()))
            continue
        m = re.search(r"feature `[^`]+` includes `([\w/?:-]+)` which is neither", e) or \
            re.search(r"feature `[^`]+` includes `(dep:[\w-]+)`, but `[\w-]+` is not listed as a dependency", e) or \
            re.search(r"feature `[^`]+` includes `([\w-]+)\??/[\w-]+`, but `[\w-]+` is not a dependency", e)
        if m:
            print("dropped feature entry %s" % m.group(1))
            rewrite(dest, drop_feature_entry(m.group(1)))
            continue
        m = re.search(r"(?:no matching package named|searched package name:) `([\w-]+)`", e)
        if m:
            print("dropped dependency %s (not in the registry)" % m.group(1))
            rewrite(dest, drop_dependency(m.group(1)))
            continue
        m = re.search(r"error inheriting `([\w-]+)` from workspace root manifest's `workspace\.dependencies", e)
        if m:  # a member asks for a workspace dependency dropped before under another name (a rename)
            print("dropped dependency %s (gone from the workspace's)" % m.group(1))
            rewrite(dest, drop_dependency(m.group(1)))
            continue
        m = re.search(r"required by package `([\w-]+) v([\w.+-]+)`\n\s*\.\.\. which satisfies dependency `\1 = \"[^\"]*\"` "
                      r"of package `[\w-]+ v[^ ]+ \(/", e)
        if m:  # a registry crate the workspace asks for needs what the registry lacks: its older version
            older = [v for v in registry_versions(m.group(1)) if version_key(v) < version_key(m.group(2))]
            if older:
                print("%s %s -> %s (its own dependency is missing)" % (m.group(1), m.group(2), older[-1]))
                rewrite(dest, set_version(m.group(1), older[-1]))
                continue
        m = re.search(r'requirement `([\w-]+) = "([^"]+)"`', e)
        if m:
            versions = registry_versions(m.group(1))
            if versions:
                print("%s %s -> %s" % (m.group(1), m.group(2), versions[-1]))
                rewrite(dest, set_version(m.group(1), versions[-1]))
            else:
                print("dropped dependency %s (not in the registry)" % m.group(1))
                rewrite(dest, drop_dependency(m.group(1)))
            continue
        sys.stderr.write(e[-2000:])
        return 1
    sys.stderr.write("prepare-app.py: gave up after 60 changes\n")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

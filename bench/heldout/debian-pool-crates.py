#!/usr/bin/env python3
"""bench/heldout/debian-pool-crates.py SOURCES OUT [--draw N --seed S] [--exclude FILE]...

Held-out crates from a newer Debian suite than the machine's: the
librust-*-dev packages a Sources index (sid's, say) lists whose crate
this machine's registry (/usr/share/cargo/registry) holds under no
version, drawn at random, fetched from deb.debian.org's pool as binary
packages, and made buildable offline together with the dependencies they
need by default (fetched the same way, round after round, until nothing
more can be found).

    curl -o Sources.xz http://deb.debian.org/debian/dists/sid/main/source/Sources.xz && xz -d Sources.xz
    python3 bench/heldout/debian-pool-crates.py Sources /tmp/sid --draw 400 --seed 202611261 \\
        --exclude <(cat bench/heldout/sample*.txt)
    python3 bench/heldout/stub-registry.py /tmp/sid/vendor /tmp/sidstub
    bench/verify-accuracy.sh --registry /tmp/sidstub /tmp/sidstub/CRATE-VERSION ...

OUT/drawn.txt lists the drawn source packages, OUT/crates the crates
fetched (drawn and dependencies), OUT/vendor a directory of links to this
machine's registry and to them, the input stub-registry.py expects.  The
crates kept for the independent check (tokio, hyper, h2, tower,
tracing-subscriber, reqwest, quinn, rayon, syn and the names that start
with them) and the names of every --exclude file (one per line, `#`
comments, versions stripped) are never drawn.  A package whose .deb the
pool no longer has (a newer binNMU, an arch-all build) is tried as
`_VERSION{,+b1..+b4}_{amd64,all}.deb` and skipped when none answers."""
import concurrent.futures
import os
import random
import re
import subprocess
import sys
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cargo_manifest import caret_base, dependency_tables, satisfies  # noqa: E402

REGISTRY = '/usr/share/cargo/registry'
POOL = 'http://deb.debian.org/debian'
INDEPENDENT = ('tokio', 'hyper', 'h2', 'tower', 'tracing-subscriber', 'reqwest', 'quinn', 'rayon', 'syn',
               'http-body-util')


def sources(path):
    """rust-* source package -> (pool directory, version)."""
    out = {}
    for block in open(path, encoding='utf-8', errors='replace').read().split('\n\n'):
        m = re.search(r'^Package: (rust-\S+)', block, re.M)
        if m:
            out[m.group(1)] = (re.search(r'^Directory: (\S+)', block, re.M).group(1),
                               re.sub(r'^\d+:', '', re.search(r'^Version: (\S+)', block, re.M).group(1)))
    return out


def norm(name):
    return name.replace('_', '-').lower()


def manifest(path):
    try:
        return tomllib.load(open(os.path.join(path, 'Cargo.toml'), 'rb'))
    except (OSError, tomllib.TOMLDecodeError):
        return None


def fetch(pkg, src, out):
    """The package's crates, unpacked under OUT/x/PKG: True when fetched."""
    directory, version = src[pkg]
    dest = os.path.join(out, 'x', pkg)
    if os.path.isdir(dest):
        return True
    deb = os.path.join(out, 'debs', pkg + '.deb')
    for suffix in ('', '+b1', '+b2', '+b3', '+b4'):
        for arch in ('amd64', 'all'):
            url = '%s/%s/librust-%s-dev_%s%s_%s.deb' % (POOL, directory, pkg[5:], version, suffix, arch)
            if subprocess.run(['curl', '-sS', '-f', '-o', deb, '--max-time', '60', url],
                              capture_output=True).returncode == 0:
                subprocess.run(['dpkg-deb', '-x', deb, dest], check=True)
                return True
    return False


def link_crates(pkgs, out, have, fetched):
    for pkg in pkgs:
        reg = os.path.join(out, 'x', pkg, REGISTRY.lstrip('/'))
        if not os.path.isdir(reg):
            continue
        for crate in os.listdir(reg):
            link = os.path.join(out, 'crates', crate)
            if not os.path.lexists(link):
                os.symlink(os.path.realpath(os.path.join(reg, crate)), link)
            m = manifest(link)
            if m:
                fetched[crate] = m
                have.setdefault(norm(m['package']['name']), []).append(m['package']['version'])


def default_deps(m):
    """(name, requirement) of the normal and build dependencies a build of
    default features compiles, any platform."""
    features, enabled, seen = m.get('features', {}), set(), set()
    stack = list(features.get('default', []))
    while stack:
        f = stack.pop()
        if f in seen:
            continue
        seen.add(f)
        if f.startswith('dep:'):
            enabled.add(f[4:])
        elif '/' in f:
            dep = f.split('/', 1)[0]
            if not dep.endswith('?'):
                enabled.add(dep)
        elif f in features:
            stack += features[f]
        else:
            enabled.add(f)
    for table in dependency_tables(m):
        for key, spec in table.items():
            spec = spec if isinstance(spec, dict) else {'version': spec}
            if 'path' in spec or 'git' in spec or (spec.get('optional') and key not in enabled):
                continue
            yield norm(spec.get('package', key)), spec.get('version', '*')


def main():
    args = sys.argv[1:]
    draw, seed, excludes = 400, 202611261, []
    for opt in ('--draw', '--seed', '--exclude'):
        while opt in args:
            i = args.index(opt)
            if opt == '--draw':
                draw = int(args[i + 1])
            elif opt == '--seed':
                seed = int(args[i + 1])
            else:
                excludes.append(args[i + 1])
            del args[i:i + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    src, out = sources(args[0]), args[1]
    for d in ('debs', 'x', 'crates', 'vendor'):
        os.makedirs(os.path.join(out, d), exist_ok=True)
    have = {}
    for crate in os.listdir(REGISTRY):
        m = manifest(os.path.join(REGISTRY, crate))
        if m:
            have.setdefault(norm(m['package']['name']), []).append(m['package']['version'])
    # this machine's crates by their directory names (`name-1.2.3`), as
    # sample 19 was drawn
    local = set()
    for crate in os.listdir(REGISTRY):
        m = re.match(r'(.*)-\d+\.\d+.*', crate)
        local.add(norm(m.group(1) if m else crate))
    excluded = set()
    for path in excludes:
        for line in open(path):
            line = line.strip()
            if line and not line.startswith('#'):
                # a crate (`name-1.2.3`, a sample file's line) or a source
                # package (`rust-name`, a drawn.txt's line: until 2026-11-26
                # these were compared with the prefix and so never matched,
                # and samples 22-25 could redraw packages of earlier draws --
                # never a crate of an earlier sample's list)
                line = re.sub(r'^rust-', '', line)
                excluded.add(norm(re.sub(r'-\d+(\.\d+)*.*$', '', line)))

    def held_out(pkg):
        if pkg[5:].lower() in local or re.sub(r'-\d+$', '', pkg[5:]) in local:
            return False
        name = re.sub(r'-\d+(\.\d+)*$', '', pkg[5:])
        return name not in excluded and not any(name == i or name.startswith(i + '-') for i in INDEPENDENT)

    candidates = sorted(p for p in src if held_out(p))
    random.seed(seed)
    drawn = random.sample(candidates, min(draw, len(candidates)))
    open(os.path.join(out, 'drawn.txt'), 'w').write('\n'.join(drawn) + '\n')
    with concurrent.futures.ThreadPoolExecutor(8) as ex:
        got = [p for p, ok in zip(drawn, ex.map(lambda p: fetch(p, src, out), drawn)) if ok]
    fetched = {}
    link_crates(got, out, have, fetched)
    print('%d candidates, %d drawn, %d fetched' % (len(candidates), len(drawn), len(got)), file=sys.stderr)
    tried = set(drawn)
    for round_ in range(8):
        need = set()
        for m in list(fetched.values()):
            for name, req in default_deps(m):
                want = caret_base(req) or [0, 0, 0]
                if not any(satisfies(v, want) for v in have.get(name, [])):
                    need.add((name, tuple(want)))
        pkgs = set()
        for name, want in need:
            for p in ('rust-%s-%d.%d' % (name, want[0], want[1]), 'rust-%s-%d' % (name, want[0]), 'rust-' + name):
                if p in src and p not in tried:
                    pkgs.add(p)
                    break
        print('round %d: %d requirements unmet, %d packages to fetch' % (round_, len(need), len(pkgs)), file=sys.stderr)
        if not pkgs:
            break
        tried |= pkgs
        with concurrent.futures.ThreadPoolExecutor(8) as ex:
            link_crates([p for p, ok in zip(sorted(pkgs), ex.map(lambda p: fetch(p, src, out), sorted(pkgs))) if ok],
                        out, have, fetched)
    vendor = os.path.join(out, 'vendor')
    for crate in os.listdir(REGISTRY):
        if not os.path.lexists(os.path.join(vendor, crate)):
            os.symlink(os.path.join(REGISTRY, crate), os.path.join(vendor, crate))
    for crate in os.listdir(os.path.join(out, 'crates')):
        if not os.path.lexists(os.path.join(vendor, crate)):
            os.symlink(os.path.realpath(os.path.join(out, 'crates', crate)), os.path.join(vendor, crate))
    print('%d crates fetched in all; vendor: %s' % (len(fetched), vendor), file=sys.stderr)


if __name__ == '__main__':
    main()

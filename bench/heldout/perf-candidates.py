#!/usr/bin/env python3
"""The candidates of a perf-review recall sample: every place in a code
base's production code whose form matches one of the issue's categories,
found without the audit, for a reviewer to label before it runs.

    bench/heldout/perf-candidates.py ROOT [DIR...]  > candidates.tsv

Prints "path<TAB>line<TAB>category<TAB>code" for the Rust and Python files
under ROOT (or under ROOT/DIR for each DIR), tests, benches, examples,
docs and scripts left out:
  Rust    detached-spawn (`spawn(`, `spawn_blocking(`), regex-compile
          (`Regex::new`), json-work (`serde_json::to_*`/`from_*`),
          string-copy-borrowed (`&format!(`, `&x.to_string()`,
          `&String::from(`), blocking-in-async (`std::fs::`,
          `thread::sleep`, `File::open(`, `.read_to_string(`); a file's
          `#[cfg(test)] mod ..` and what follows it are test code
  Python  list-of-generator (`list(`), thread-cpu-bound (`Thread(`),
          deepcopy, json-work (`json.dumps`/`loads`), regex-compile
          (`re.compile`, `re.match`, ...), str-concat-in-loop (`+=` in a
          loop), and blocking-in-async: the calls of `requests`, `urllib`,
          `urlopen`, `subprocess`, `time.sleep`, `open` and `os.system` in
          the body of an `async def` (an ast walk, nested defs aside)
The labels (pitfall / look-alike) are a reader's; bench/heldout/
perf-recall.py scores a report against them."""
import ast, os, re, sys

SKIP = ('/tests/', '/test/', '/benches/', '/examples/', '/docs/', '/vendor/', '/benchmarks/', '/scripts/',
        '/docker/', '/test_util', '/testing/', '/target/')
RUST = {
    'detached-spawn': re.compile(r'\bspawn(_blocking)?\s*\('),
    'regex-compile': re.compile(r'\b(Regex|RegexBuilder|RegexSet)::new\s*\('),
    'json-work': re.compile(r'serde_json::(to_|from_)\w*\s*[(:]'),
    'string-copy-borrowed': re.compile(r'&format!\(|&[A-Za-z_][\w.]*\.to_string\(\)|&String::from\('),
    'blocking-in-async': re.compile(r'std::fs::\w+\(|std::thread::sleep|thread::sleep\(|\.read_to_string\(|File::open\('),
}
PY = {
    'list-of-generator': re.compile(r'(?<![\w.])list\('),
    'thread-cpu-bound': re.compile(r'\bThread\('),
    'deepcopy': re.compile(r'\bdeepcopy\('),
    'json-work': re.compile(r'\bjson\.(dumps|loads)\('),
    'regex-compile': re.compile(r'\bre\.(compile|match|search|sub|findall|fullmatch|split)\('),
}
BLOCKING = re.compile(r'^(requests\.(get|post|put|delete|patch|head|request)|urllib\.request\.\w+|urlopen|'
                      r'subprocess\.\w+|time\.sleep|open|os\.system)$')


def skipped(rel):
    # Rust test files by name as the audit's own test markers read them
    # (`apikey_tests.rs`, `filters_test.rs`, `test.rs`: found drawing sample 8)
    name = os.path.basename(rel)
    return (any(s in '/' + rel for s in SKIP) or name.startswith('test_') or name in ('test_util.rs', 'test.rs') or
            name.endswith(('tests.rs', '_test.rs')))


def rust(rel, text):
    lines = text.split('\n')
    end = len(lines)
    for i, l in enumerate(lines):
        if re.match(r'\s*#\[cfg\(test\)\]', l) and i + 1 < len(lines) and \
                re.match(r'\s*(pub(\(crate\))?\s+)?mod\s+\w+\s*\{', lines[i + 1]):
            end = i
            break
    for i, l in enumerate(lines[:end]):
        if l.strip().startswith('//'):
            continue
        for cat, r in RUST.items():
            if r.search(l):
                print(f'{rel}\t{i + 1}\t{cat}\t{l.strip()[:100]}')


def call_name(f):
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        b = call_name(f.value)
        return (b + '.' if b else '') + f.attr
    return ''


def python(rel, text):
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return
    loops = set()  # lines inside a loop of their function
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            for n in ast.walk(node):
                if hasattr(n, 'lineno') and n is not node:
                    loops.add(n.lineno)
    lines = text.split('\n')
    for i, l in enumerate(lines):
        st = l.strip()
        if not st or st.startswith('#'):
            continue
        for cat, r in PY.items():
            if r.search(st):
                print(f'{rel}\t{i + 1}\t{cat}\t{st[:90]}')
        if '+=' in st and i + 1 in loops:
            print(f'{rel}\t{i + 1}\tstr-concat-in-loop\t{st[:90]}')
    for node in ast.walk(tree):
        if not isinstance(node, ast.AsyncFunctionDef):
            continue
        stack = list(node.body)
        while stack:
            n = stack.pop()
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                continue
            if isinstance(n, ast.Call) and BLOCKING.match(call_name(n.func) or ''):
                print(f'{rel}\t{n.lineno}\tblocking-in-async\t{call_name(n.func)}')
            stack.extend(ast.iter_child_nodes(n))


def main():
    if len(sys.argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    root = sys.argv[1]
    for sub in sys.argv[2:] or ['.']:
        for dp, dn, fn in os.walk(os.path.join(root, sub)):
            dn[:] = sorted(d for d in dn if d not in ('.git', 'target'))
            for f in sorted(fn):
                p = os.path.join(dp, f)
                rel = os.path.relpath(p, root)
                if skipped(rel) or not f.endswith(('.rs', '.py')):
                    continue
                text = open(p, encoding='utf-8', errors='replace').read()
                (rust if f.endswith('.rs') else python)(rel, text)
    return 0


if __name__ == '__main__':
    sys.exit(main())

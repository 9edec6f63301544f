#!/usr/bin/env python3
"""Lists functions longer than a limit (default 80 lines) in the given folders.

A heuristic good enough for C++ written in this project's style (.clang-format):
a definition starts at a line that ends with '{' and whose brace opens at
indentation 0 or 4 inside a namespace/class, and ends at the matching '}'.

Data tables are exempt from the limit, and listed apart: the project's rule is
"no function over 80 lines outside data tables". A function is a data table
when its body is one braced initializer list of rows, returned or kept in a
local: at most two statements at the function's own level (such as
`static const std::vector<Row> rows = {...};` and `return rows;`, or
`return {...};`), one of them a `return`, no `if`/`for`/`while`/`switch`/`do`/
`try`/`case` at that level, and no block inside the list longer than
10 lines that holds a statement (a row may carry a small lambda, not logic).

Usage: scripts/function-lengths.py [--limit N] [--check] DIR...
       scripts/function-lengths.py [--limit N] [--check] --all-except [DIR...]
       scripts/function-lengths.py --self-test
  --check       exit 1 when a function (not a data table) is over the limit
  --all-except  every tracked *.cpp and *.hpp but those under the DIRs named;
                tests/CMakeLists.txt runs the gate so, excepting only tests/
                (a test case is a script of checks, not product code)
  --self-test  check the heuristic on small made-up sources
"""
import re
import subprocess
import sys
import tempfile
from pathlib import Path

CONTROL = re.compile(r'\b(if|for|while|switch|do|try|case)\b')
MAX_BLOCK_IN_TABLE = 10


def strip_code(line):
    """The line without its comment and with string and char literals emptied."""
    code = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    code = re.sub(r"'(\\.|[^'\\])*'", "''", code)
    return re.sub(r'//.*', '', code)


def is_data_table(body):
    """True when `body` (the code between a function's braces) is a data table."""
    depth = 0
    parens = 0
    top = []             # the text at the function's own level
    nested = False
    statements = 0
    blocks = []          # open nested blocks: [first line, holds a statement]
    line = 0
    for ch in body:
        if ch == '\n':
            line += 1
        if ch == '{':
            if depth == 0:
                nested = True
            blocks.append([line, False])
            depth += 1
            continue
        if ch == '}':
            if depth == 0:
                return False
            first, has_statement = blocks.pop()
            if has_statement and line - first + 1 > MAX_BLOCK_IN_TABLE:
                return False
            depth -= 1
            continue
        if depth == 0:
            top.append(ch)
            if ch == '(':
                parens += 1
            elif ch == ')':
                parens -= 1
            elif ch == ';' and parens == 0:
                statements += 1
        elif ch == ';':
            blocks[-1][1] = True
    text = ''.join(top)
    return (nested and statements <= 2 and re.search(r'\breturn\b', text) is not None
            and CONTROL.search(text) is None)


def functions(path):
    """(lines, first line, name, is a data table) of each function in `path`."""
    lines = path.read_text(errors="replace").splitlines()
    codes = [strip_code(line) for line in lines]
    out = []
    stack = []  # (line index, column after the brace, is_function, name)
    for i, code in enumerate(codes):
        for col, ch in enumerate(code):
            if ch == '{':
                head = code.strip()
                is_fn = bool(re.search(r'\)\s*(const)?\s*(noexcept)?\s*(override)?\s*(->\s*[\w:<>&*, ]+)?\s*\{$', head)) \
                    and not re.match(r'(if|for|while|switch|catch|else|do)\b', head) \
                    and not any(s[2] for s in stack)
                if not is_fn and head == '{' and i > 0 and not any(s[2] for s in stack):
                    prev = lines[i - 1].strip()
                    is_fn = prev.endswith(')') or prev.endswith('const') or re.search(r'\)\s*:', prev) is not None
                name = head if is_fn else ''
                if is_fn and head == '{':
                    name = lines[i - 1].strip()
                stack.append((i, col + 1, is_fn, name))
            elif ch == '}' and stack:
                start, start_col, is_fn, name = stack.pop()
                if is_fn:
                    if start == i:
                        body = code[start_col:col]
                    else:
                        body = '\n'.join([codes[start][start_col:]] + codes[start + 1:i] +
                                         [code[:col]])
                    out.append((i - start + 1, start + 1, name, is_data_table(body)))
    return out


def every_source(excluded):
    """Every C++ source of the project but those under an `excluded` folder:
    the files git tracks when this is a checkout, else every *.cpp and *.hpp
    below the working directory outside build trees and hidden folders. The
    gate's scope is derived, so a new folder is covered without a list to edit."""
    try:
        out = subprocess.run(['git', 'ls-files', '--', '*.cpp', '*.hpp'], check=True,
                             capture_output=True, text=True).stdout.split()
        files = [Path(f) for f in out if Path(f).exists()]
    except (OSError, subprocess.CalledProcessError):
        files = [p for p in Path('.').rglob('*.[ch]pp')
                 if not any(part.startswith('.') or part == 'build' for part in p.parts)]
    keep = []
    for f in sorted(files):
        if not any(f.parts[:len(Path(e).parts)] == Path(e).parts for e in excluded):
            keep.append(f)
    return keep


def long_functions(dirs, limit, files=None):
    """(functions over the limit, data tables over it), longest first: in the
    *.cpp under `dirs`, or in `files`."""
    rows = []
    tables = []
    if files is None:
        files = [p for d in dirs for p in sorted(Path(d).rglob('*.cpp'))]
    for p in files:
        for n, line, name, table in functions(p):
            if n > limit:
                (tables if table else rows).append((n, f'{p}:{line}', name[:90]))
    return sorted(rows, reverse=True), sorted(tables, reverse=True)


def self_test():
    long_body = ''.join(f'    x += {i};\n' for i in range(90))
    table_rows = ''.join(f'        {{"row {i}", {i}, [](int v) {{ return v + {i}; }}}},\n'
                         for i in range(90))
    logic_rows = ''.join(f'        y += {i};\n' for i in range(20))
    sources = {
        'long.cpp': 'int long_one(int x) {\n' + long_body + '    return x;\n}\n',
        'short.cpp': 'int short_one(int x) {\n    return x + 1;\n}\n',
        'table.cpp': ('const std::vector<Row>& rows() {\n'
                      '    static const std::vector<Row> rows = {\n' + table_rows +
                      '    };\n    return rows;\n}\n'),
        'returned.cpp': 'std::vector<Row> rows2() {\n    return {\n' + table_rows + '    };\n}\n',
        'hidden.cpp': ('int hidden() {\n    static const auto f = [](int y) {\n' + logic_rows +
                       '        return y;\n    };\n    return f(1);\n}\n' +
                       'std::vector<Row> rows3() {\n    return {\n' + table_rows + '    };\n}\n'),
        'looped.cpp': ('std::vector<Row> rows4() {\n    std::vector<Row> r = {\n' + table_rows +
                       '    };\n    for (auto& x : r) {\n        x.n += 1;\n    }\n'
                       '    return r;\n}\n'),
    }
    expect = {
        'long.cpp': (['long_one'], []),
        'short.cpp': ([], []),
        'table.cpp': ([], ['rows()']),
        'returned.cpp': ([], ['rows2()']),
        'hidden.cpp': ([], ['rows3()']),  # hidden() is short: the lambda's 20 lines
        'looped.cpp': (['rows4()'], []),
    }
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in sources.items():
            d = Path(tmp) / name.replace('.cpp', '')
            d.mkdir()
            (d / name).write_text(text)
            rows, tables = long_functions([d], 80)
            got = ([r[2] for r in rows], [t[2] for t in tables])
            want_rows, want_tables = expect[name]
            ok = (len(got[0]) == len(want_rows) and len(got[1]) == len(want_tables)
                  and all(w in g for w, g in zip(want_rows, got[0]))
                  and all(w in g for w, g in zip(want_tables, got[1])))
            if not ok:
                print(f'self-test {name}: expected {expect[name]}, got {got}')
                failed = True
        # A long lambda must not pass a function off as a table.
        d = Path(tmp) / 'lambda'
        d.mkdir()
        body = ''.join(f'        y += {i};\n' for i in range(90))
        (d / 'lambda.cpp').write_text('int f() {\n    static const auto g = [](int y) {\n' + body +
                                      '        return y;\n    };\n    return g(1);\n}\n')
        rows, tables = long_functions([d], 80)
        if len(rows) != 1 or tables:
            print(f'self-test lambda.cpp: expected one long function, got {rows}, {tables}')
            failed = True
    print('self-test: ' + ('FAILED' if failed else 'passed'))
    return 1 if failed else 0


def main(argv):
    if argv == ['--self-test']:
        return self_test()
    limit = 80
    check = False
    excluded = None
    while argv[:1] in (['--limit'], ['--check'], ['--all-except']):
        if argv[0] == '--limit':
            limit = int(argv[1])
            argv = argv[2:]
        elif argv[0] == '--all-except':
            excluded = argv[1:]
            argv = []
        else:
            check = True
            argv = argv[1:]
    if excluded is not None:
        files = every_source(excluded)
        if not files:
            print('no C++ sources found', file=sys.stderr)
            return 2
        rows, tables = long_functions([], limit, files)
    elif not argv:
        print(__doc__, file=sys.stderr)
        return 2
    else:
        rows, tables = long_functions(argv, limit)
    for n, where, name in rows:
        print(f'{n:5}  {where}  {name}')
    for n, where, name in tables:
        print(f'{n:5}  {where}  {name}  [data table: exempt]')
    if check:
        if rows:
            print(f'{len(rows)} function(s) over {limit} lines outside data tables; split them '
                  '(docs/architecture.md)', file=sys.stderr)
            return 1
        print(f'no function over {limit} lines outside data tables')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

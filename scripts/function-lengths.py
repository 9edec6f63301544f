#!/usr/bin/env python3
"""Lists functions longer than a limit (default 80 lines) in the given folders.

A heuristic good enough for C++ written in this project's style (.clang-format):
a definition starts at a line that ends with '{' and whose brace opens at
indentation 0 or 4 inside a namespace/class, and ends at the matching '}'.
Usage: scripts/function-lengths.py [--limit N] DIR...
"""
import re
import sys
from pathlib import Path

def functions(path):
    lines = path.read_text(errors="replace").splitlines()
    out = []
    stack = []  # (line index, is_function, name)
    for i, line in enumerate(lines):
        code = re.sub(r'//.*', '', line)
        code = re.sub(r'"(\\.|[^"\\])*"', '""', code)
        code = re.sub(r"'(\\.|[^'\\])*'", "''", code)
        for ch in code:
            if ch == '{':
                head = code.strip()
                is_fn = bool(re.search(r'\)\s*(const)?\s*(noexcept)?\s*(override)?\s*(->\s*[\w:<>&*, ]+)?\s*\{$', head)) \
                    and not re.match(r'(if|for|while|switch|catch|else|do)\b', head) \
                    and not any(s[1] for s in stack)
                if not is_fn and head == '{' and i > 0 and not any(s[1] for s in stack):
                    prev = lines[i - 1].strip()
                    is_fn = prev.endswith(')') or prev.endswith('const') or re.search(r'\)\s*:', prev) is not None
                name = head if is_fn else ''
                if is_fn and head == '{':
                    name = lines[i - 1].strip()
                stack.append((i, is_fn, name))
            elif ch == '}' and stack:
                start, is_fn, name = stack.pop()
                if is_fn:
                    out.append((i - start + 1, start + 1, name))
    return out

def main(argv):
    limit = 80
    if argv[:1] == ['--limit']:
        limit = int(argv[1])
        argv = argv[2:]
    rows = []
    for d in argv:
        for p in sorted(Path(d).rglob('*.cpp')):
            for n, line, name in functions(p):
                if n > limit:
                    rows.append((n, f'{p}:{line}', name[:90]))
    for n, where, name in sorted(rows, reverse=True):
        print(f'{n:5}  {where}  {name}')
    return 0

if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Every Catch2 test name must reach ctest as one entry that runs that test.

catch_discover_tests turns each name into an add_test() whose argument is the
name as a Catch test spec. Some characters break that silently:
  ';'  splits the CMake list, so one test became two entries that matched
       nothing (and passed, running nothing);
  '"'  is a quote in a test spec, so the entry matched nothing;
  a leading '-' or '~' makes the name a command-line option or an exclusion
       (`--name ...` set the suite name and ran every test of the binary).
Each entry also runs with `--warn NoTests` (tests/CMakeLists.txt), so a spec
that matches nothing fails; this check names the test and the character first.

Usage: test_names_check.py BINARY...   (exit 1 and one line per bad name)
"""
import subprocess
import sys


def problems(name):
    found = []
    if ";" in name:
        found.append("a ';' (CMake splits the name into two entries)")
    if '"' in name:
        found.append("a '\"' (a quote in a Catch test spec)")
    if name[:1] in ("-", "~", " "):
        found.append(f"a leading {name[:1]!r} (read as an option, an exclusion or lost)")
    if name != name.strip():
        found.append("surrounding spaces")
    return found


def main(binaries):
    bad = 0
    seen = 0
    for binary in binaries:
        # Catch2 v2 exits with the number of tests listed, so the code is no
        # verdict; an empty listing is caught below.
        out = subprocess.run([binary, "--list-test-names-only"], check=False,
                             capture_output=True, text=True).stdout
        for name in filter(None, out.splitlines()):
            seen += 1
            for why in problems(name):
                print(f"{binary}: test name {name!r} has {why}")
                bad += 1
    if seen == 0:
        print("no test names listed")
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--self-test":
        assert problems("a; b") and problems('a "b"') and problems("--name x")
        assert problems("~x") and not problems("plain name, with a comma [x]")
        sys.exit(0)
    sys.exit(main(sys.argv[1:]))

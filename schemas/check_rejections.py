#!/usr/bin/env python3
"""A file the schema rejects for a wrong type or an unknown field is also
rejected by podsizer's reader, at the same JSON path: errors for wrong types
(exit code 2), warnings for unknown fields, which the reader ignores after
naming them (docs/cli.md, "Errors and warnings").

usage: check_rejections.py PODSIZER SOURCE_DIR WORK_DIR
"""
import copy
import json
import os
import subprocess
import sys

import jsonschema

# (what, base file, JSON path as a key list, value; None removes nothing and
# adds an unknown key named by the last step)
SCENARIO_CASES = [
    ("wrong type", "ncp-pod-41k.json", ["fleet", "gpus"], "41472"),
    ("wrong type", "ncp-pod-41k.json", ["fleet", "sites"], 1.5),
    ("wrong type", "ncp-pod-41k.json", ["capacity", "usable"], 215),
    ("wrong type", "ncp-pod-41k.json", ["constraints", "rack_resilient"], "yes"),
    ("wrong type", "ncp-pod-41k.json", ["name"], 7),
    ("wrong type", "ncp-pod-41k.json", ["catalog"], 5),
    ("wrong type", "ncp-pod-41k.json", ["prices"], 5),
    ("wrong type", "high-density-1eb.json", ["options", 0, "dboxes"], "many"),
    ("wrong type", "checkpoint-cadence.json", ["checkpoint", "jobs", 0, "stall_budget"], 5),
    ("wrong type", "checkpoint-cadence.json", ["checkpoint", "concurrent"], "no"),
    ("wrong choice", "checkpoint-cadence.json", ["checkpoint", "jobs", 0, "mode"], "lazy"),
    ("out of range", "ncp-pod-41k.json", ["fleet", "gpus"], 0),
    ("out of range", "ncp-pod-41k.json", ["data_reduction"], 0.5),
    ("unknown field", "ncp-pod-41k.json", ["capacity", "useable"], "1 PB"),
    ("unknown field", "ncp-pod-41k.json", ["fleet", "gpu"], 4),
    ("unknown field", "high-density-1eb.json", ["options", 0, "dbx"], "auto"),
    ("unknown field", "ncp-pod-41k.json", ["extra"], 1),
]

# Price books, read with `size examples/ncp-pod-41k.json --prices FILE`.
PRICE_CASES = [
    ("wrong type", "prices-illustrative.json", ["items", 0, "unit_price"], "25000"),
    ("wrong type", "prices-illustrative.json", ["site", "discount_rate"], 0.08),
    ("wrong type", "prices-illustrative.json", ["currency"], 840),
    ("unknown field", "prices-illustrative.json", ["site", "energy_per_kw"], 0.1),
    ("unknown field", "prices-illustrative.json", ["items", 0, "price"], 1),
]

CATALOG_CASES = [
    ("wrong type", "cnodes.json", ["cnodes", 0, "power"], 800),
    ("wrong type", "dboxes.json", ["dboxes", 0, "ncp_certified"], "yes"),
    ("unknown field", "racks.json", ["racks", 0, "colour"], "black"),
]


def json_path(steps):
    out = "$"
    for s in steps:
        out += f"[{s}]" if isinstance(s, int) else f".{s}"
    return out


def set_at(doc, steps, value):
    node = doc
    for s in steps[:-1]:
        node = node[s]
    node[steps[-1]] = value


def schema_paths(schema, doc):
    """The JSON paths the schema rejects; an unknown key is named itself."""
    cls = jsonschema.validators.validator_for(schema)
    paths = set()
    for e in cls(schema).iter_errors(doc):
        for leaf in (e.context or [e]) if e.validator == "anyOf" else [e]:
            paths.add(leaf.json_path)
        if e.validator == "additionalProperties":
            known = e.schema.get("properties", {})
            for key in e.instance:
                if key not in known:
                    paths.add(e.json_path + "." + key)
    return paths


def run(args):
    return subprocess.run(args, capture_output=True, text=True, check=False)


def check(podsizer, schema, base, case, work, command):
    what, name, steps, value = case
    with open(base, encoding="utf-8") as f:
        doc = json.load(f)
    doc = copy.deepcopy(doc)
    set_at(doc, steps, value)
    path = json_path(steps)
    file = os.path.join(work, name)
    with open(file, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    rejected = schema_paths(schema, doc)
    r = run([podsizer] + command + [file])
    said = f"{file}: {path}:"
    if what == "unknown field":
        reader_ok = said in r.stderr and "unknown field" in r.stderr
    else:
        reader_ok = r.returncode == 2 and said in r.stderr
    ok = path in rejected and reader_ok
    print(f"{'ok  ' if ok else 'FAIL'} {what:13} {path:40} schema: {sorted(rejected)}; "
          f"reader (exit {r.returncode}): {r.stderr.strip()[:160]}")
    return ok


def main():
    podsizer, root, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(root, "schemas", "scenario.schema.json"), encoding="utf-8") as f:
        scenario_schema = json.load(f)
    with open(os.path.join(root, "schemas", "catalog.schema.json"), encoding="utf-8") as f:
        catalog_schema = json.load(f)
    ok = True
    for case in SCENARIO_CASES:
        base = os.path.join(root, "examples", case[1])
        ok &= check(podsizer, scenario_schema, base, case, work, ["size"])
    with open(os.path.join(root, "schemas", "price-book.schema.json"), encoding="utf-8") as f:
        price_schema = json.load(f)
    pod = os.path.join(root, "examples", "ncp-pod-41k.json")
    for case in PRICE_CASES:
        base = os.path.join(root, "examples", case[1])
        ok &= check(podsizer, price_schema, base, case, work, ["size", pod, "--prices"])
    for case in CATALOG_CASES:
        base = os.path.join(root, "catalog", "data", case[1])
        ok &= check(podsizer, catalog_schema, base, case, work, ["catalog", "validate"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

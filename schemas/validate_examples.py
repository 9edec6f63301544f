#!/usr/bin/env python3
"""Validates every example scenario, every example price book
(examples/prices-*.json) and the default catalog against the generated JSON
Schemas with a real validator (python3-jsonschema).

usage: validate_examples.py SOURCE_DIR
"""
import glob
import json
import os
import sys

import jsonschema


def validator(path):
    with open(path, encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def check(v, files, what):
    failures = 0
    for path in files:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        errors = sorted(v.iter_errors(doc), key=lambda e: e.json_path)
        for e in errors:
            print(f"{path}: {e.json_path}: {e.message}")
        failures += len(errors)
    print(f"{len(files)} {what} checked, {failures} problems")
    return failures


def with_comments(node):
    """The document with a "_comment" key in every source object (one with a
    "kind"): the readers skip keys starting with "_", so the schema must too."""
    if isinstance(node, list):
        return [with_comments(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: with_comments(v) for k, v in node.items()}
    if "kind" in out:
        out["_comment"] = "a note the reader skips"
    return out


def commented_sources(v, files):
    failures = 0
    for path in files:
        with open(path, encoding="utf-8") as f:
            doc = with_comments(json.load(f))
        for e in sorted(v.iter_errors(doc), key=lambda e: e.json_path):
            print(f"{path} with a comment in each source: {e.json_path}: {e.message}")
            failures += 1
    print(f"{len(files)} price books checked with a comment in each source, {failures} problems")
    return failures


def main():
    root = sys.argv[1]
    price_books = sorted(glob.glob(os.path.join(root, "examples", "prices-*.json")))
    scenarios = sorted(set(glob.glob(os.path.join(root, "examples", "*.json"))) - set(price_books))
    catalogs = sorted(glob.glob(os.path.join(root, "catalog", "data", "*.json")))
    if not scenarios or not catalogs or not price_books:
        print("no examples, price books or catalog files found under " + root)
        return 1
    failures = check(validator(os.path.join(root, "schemas", "scenario.schema.json")),
                     scenarios, "example scenarios")
    failures += check(validator(os.path.join(root, "schemas", "catalog.schema.json")),
                      catalogs, "catalog files")
    books = validator(os.path.join(root, "schemas", "price-book.schema.json"))
    failures += check(books, price_books, "example price books")
    failures += commented_sources(books, price_books)
    # Every example names the schema, so editors complete and check its fields.
    for path in scenarios:
        with open(path, encoding="utf-8") as f:
            if json.load(f).get("$schema") != "../schemas/scenario.schema.json":
                print(f"{path}: no \"$schema\": \"../schemas/scenario.schema.json\"")
                failures += 1
    for path in price_books:
        with open(path, encoding="utf-8") as f:
            if json.load(f).get("$schema") != "../schemas/price-book.schema.json":
                print(f"{path}: no \"$schema\": \"../schemas/price-book.schema.json\"")
                failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

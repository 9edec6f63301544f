// Reading, merging and validating catalogs (JSON with units in strings).
#pragma once

#include "podsizer/core/catalog.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace podsizer {

/// Warnings that do not stop a load (unknown fields, say), one line each.
struct Diagnostics {
    std::vector<std::string> warnings;
};

/// The catalog compiled into the binary from catalog/data/*.json: read with
/// the JSON reader and validated at build time, and built here from its
/// compact form without parsing (catalog/src/compact_catalog.hpp). `diag` is
/// left as it is: the build fails on a warning.
Catalog default_catalog(Diagnostics* diag = nullptr);

/// The same catalog read from the embedded JSON files at run time and
/// validated, as the build reads it; warnings (unknown fields in the data
/// files) go to `diag` when given. Tests compare it with default_catalog().
Catalog default_catalog_from_json(Diagnostics* diag = nullptr);

/// The embedded catalog files, by name ("cnodes.json" → its text).
struct EmbeddedFile {
    std::string_view name;
    std::string_view text;
};
const std::vector<EmbeddedFile>& embedded_catalog_files();

/// Adds the entries of one catalog document to `catalog`; an entry whose id is
/// already present replaces it. `origin` names the document in messages.
/// Throws InputError naming origin, JSON path and what was expected.
void merge_catalog_text(Catalog& catalog, std::string_view text, const std::string& origin,
                        Diagnostics* diag = nullptr);

/// Adds the entries of `over` to `catalog` as merge_catalog_text would have:
/// an entry whose id is already present replaces it, the others are appended
/// in order; its defaults, where set, replace the catalog's. Linear in the
/// entries of both.
void merge_catalog(Catalog& catalog, const Catalog& over);

/// Reads a file and merges it (see merge_catalog_text). A missing or
/// unreadable file is an InputError.
void merge_catalog_file(Catalog& catalog, const std::string& path, Diagnostics* diag = nullptr);

/// Cross-checks a whole catalog: references between entries resolve, drive
/// options are consistent, defaults exist. Throws InputError naming `origin`.
void validate_catalog(const Catalog& catalog, const std::string& origin);

/// The largest catalog or scenario document read, in bytes (16 MiB). Real
/// files are a few kB; the cap bounds the memory a hostile file can take
/// (the parsed document takes up to ~16 times its size).
inline constexpr std::size_t kMaxDocumentBytes = 16u << 20;

/// Reads a whole file into a string; InputError when it cannot, or when it is
/// larger than kMaxDocumentBytes.
std::string read_text_file(const std::string& path);

} // namespace podsizer

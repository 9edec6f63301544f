// The compact form of a catalog: every figure of every entry, in the order of
// the catalog field table (catalog_fields.hpp), as one list of numbers and
// one list of texts. The build reads catalog/data/*.json once with the JSON
// reader and its checks (tools/compact_catalog_gen.cpp) and compiles this form
// of the result into the binary, so `default_catalog()` builds the default
// catalog without parsing JSON at run time (issue 34: `size` within 1.2x of
// `--version`). A user's or a scenario's catalog is still read from JSON.
#pragma once

#include "podsizer/core/catalog.hpp"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace podsizer::detail {

/// A catalog as numbers and texts. Counts, flags, enums and quantities (in
/// their SI base unit) are numbers; ids, names and sources are texts.
struct CompactCatalog {
    std::vector<double> numbers;
    std::vector<std::string> texts;
};

/// `catalog` in compact form.
CompactCatalog compact_catalog(const Catalog& catalog);

/// The catalog a compact form holds. Throws std::logic_error when the lists
/// do not match the field table (a compact form from another build).
Catalog expand_catalog(std::span<const double> numbers, std::span<const std::string_view> texts);

/// The compact form of catalog/data/*.json, generated at build time
/// (compact_default_catalog.cpp in the build directory).
std::span<const double> default_catalog_numbers();
std::span<const std::string_view> default_catalog_texts();

/// The source text of a C++ file defining default_catalog_numbers() and
/// default_catalog_texts() for `compact`: numbers as hexadecimal floating
/// literals (exact), texts with every byte outside printable ASCII escaped.
std::string compact_catalog_source(const CompactCatalog& compact);

} // namespace podsizer::detail

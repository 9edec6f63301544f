// Catalog documents written back as text (the GUI's custom catalog, saved or
// shown one entry at a time), in the order a person reads a catalog file:
// the lists in the catalog's own order, and in every entry "id" and "name"
// first, "source" and "field_sources" last. The schema of the file stays
// here, beside its reader, so no front end needs to know it.
#pragma once

#include <string>
#include <string_view>

namespace podsizer {

/// A whole `podsizer-catalog/1` document: "schema" first (set to
/// podsizer-catalog/1), then each list in catalog order, then "defaults",
/// then any other key; two-space indent and a final newline. Numbers that
/// are whole (below 10^15) are written without a fraction. Throws InputError
/// (naming `origin`) when `json` is not JSON.
std::string catalog_document_text(std::string_view json, const std::string& origin);

/// One entry of a catalog list in the same order and layout, without a
/// final newline.
std::string catalog_entry_text(std::string_view json, const std::string& origin);

} // namespace podsizer

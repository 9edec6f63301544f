// A scenario that carries its own catalog entries (docs/scenario-format.md,
// "A scenario's own catalog"): a `catalog` block in the file, or the path of
// a catalog file relative to it, so a colleague opening the scenario sizes
// the same designs without a --catalog flag.
#pragma once

#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/core/scenario.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace podsizer {

/// A scenario and the catalog to size it with: the given catalog with the
/// scenario's own entries merged over it (and checked whole).
struct ScenarioWithCatalog {
    Scenario scenario;
    Catalog catalog;
    std::size_t own_entries = 0; ///< entries the scenario's own catalog adds or replaces
};

/// Reads a scenario document whose `catalog` member (a catalog document, the
/// path of a catalog file relative to `base_dir`, or a list of those) is
/// merged over `catalog` before the scenario's ids are checked against it.
/// Errors name `origin` and the JSON path, inside the block too
/// ("s.json: $.catalog.cnodes[0].power: …").
ScenarioWithCatalog parse_scenario_with_catalog(std::string_view text, const std::string& origin,
                                                const std::string& base_dir, const Catalog& catalog,
                                                Diagnostics* diag = nullptr);

/// The same for a file; relative catalog paths are taken from its directory.
ScenarioWithCatalog load_scenario_with_catalog(const std::string& path, const Catalog& catalog,
                                               Diagnostics* diag = nullptr);

/// Whether a document is a scenario (its `schema` is "podsizer-scenario/1",
/// or it has none and a top-level `name`, which no catalog has) rather than a
/// catalog; malformed JSON is an InputError naming `origin`.
bool is_scenario_document(std::string_view text, const std::string& origin);

/// Entries in a catalog, over all its lists.
std::size_t catalog_entry_count(const Catalog& catalog);

} // namespace podsizer

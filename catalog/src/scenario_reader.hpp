// The scenario reader on an already parsed JSON document, shared by
// parse_scenario (text) and ScenarioDocument (edited documents of a sweep).
// Private to podsizer::catalog.
#pragma once

#include "json_node.hpp"
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/core/scenario.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace podsizer::detail {

/// Reads and validates a scenario document; InputErrors name `origin` and
/// the JSON path.
Scenario read_scenario(const json& doc, const std::string& origin, const Catalog& catalog,
                       Diagnostics* diag);

/// What a scenario's own catalog was: the entries it adds or replaces and
/// the catalog files it named, as read (resolved from the base directory).
struct OwnCatalogRead {
    std::size_t entries = 0;
    std::vector<std::string> files;
    /// The price-book file the scenario's `prices` named, as read.
    std::vector<std::string> price_files;
};

/// Merges the document's own `catalog` member, if it has one, over `catalog`
/// (checked whole) and removes the member from `doc` (scenario_catalog.hpp).
/// Each file is read once. A `prices` member naming a price-book file is
/// replaced by the book the file holds, checked with errors naming the file.
OwnCatalogRead take_own_catalog(json& doc, const std::string& origin, const std::string& base_dir,
                                Catalog& catalog, Diagnostics* diag);

} // namespace podsizer::detail

// The scenario reader on an already parsed JSON document, shared by
// parse_scenario (text) and ScenarioDocument (edited documents of a sweep).
// Private to podsizer::catalog.
#pragma once

#include "json_node.hpp"
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/core/scenario.hpp"

#include <string>

namespace podsizer::detail {

/// Reads and validates a scenario document; InputErrors name `origin` and
/// the JSON path.
Scenario read_scenario(const json& doc, const std::string& origin, const Catalog& catalog,
                       Diagnostics* diag);

/// Merges the document's own `catalog` member, if it has one, over `catalog`
/// (checked whole), removes the member from `doc` and returns the number of
/// entries it adds or replaces (scenario_catalog.hpp).
std::size_t take_own_catalog(json& doc, const std::string& origin, const std::string& base_dir,
                             Catalog& catalog, Diagnostics* diag);

} // namespace podsizer::detail

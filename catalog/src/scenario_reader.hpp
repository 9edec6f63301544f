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

} // namespace podsizer::detail

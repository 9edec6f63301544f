// Reading and writing scenario files (docs/scenario-format.md).
#pragma once

#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/core/scenario.hpp"

#include <string>
#include <string_view>

namespace podsizer {

/// Parses a scenario document and checks every model id against `catalog`
/// (unknown ids get the nearest known ids suggested). Throws InputError
/// naming `origin`, the JSON path and what was expected.
Scenario parse_scenario(std::string_view text, const std::string& origin, const Catalog& catalog,
                        Diagnostics* diag = nullptr);

Scenario load_scenario(const std::string& path, const Catalog& catalog,
                       Diagnostics* diag = nullptr);

/// Parses "1:2", "2.5:1" or "0.5" into a ratio; InputError naming `where`.
Ratio parse_ratio(std::string_view text, const std::string& where);

} // namespace podsizer

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

/// Writes a scenario as a `podsizer-scenario/1` document that parse_scenario
/// reads back into an identical Scenario (same figures to the last bit, same
/// ratio texts). Fields left at their defaults are left out, except the C:D
/// bounds, which are always written so a reader sees them.
std::string scenario_to_json(const Scenario& scenario);

/// The shortest text with a byte-based unit ("215 PB", "195.6 PiB",
/// "24 GB/s") that parses back to exactly `base` (the SI value). Never uses
/// bit units: a file the user reads again should not switch to terabits.
std::string exact_quantity_text(double base, Dimension dimension);

} // namespace podsizer

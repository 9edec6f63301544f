// `--set PATH=VALUE` on the commands that read a scenario file: a quick
// what-if without editing the file (docs/cli.md, "What-ifs with --set").
// The paths, values and messages are those of `sweep --vary`
// (batch/scenario_set.hpp), so a --set sizes what the sweep run sizes.
#pragma once

#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/core/scenario.hpp"

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace podsizer::cli {

/// Adds `--set PATH=VALUE` (repeatable) to `cmd`.
void add_set_option(CLI::App& cmd, std::vector<std::string>& sets);

/// read_scenario (cli_common.hpp) with each --set written into the file's
/// document first; without any, exactly read_scenario. A bad --set is an
/// InputError naming it, the path and what was expected.
Scenario read_scenario(const std::string& path, Catalog& catalog, Diagnostics& diag,
                       const std::vector<std::string>& sets);

} // namespace podsizer::cli

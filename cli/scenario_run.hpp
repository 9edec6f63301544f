// The prologue of every command that sizes one scenario file (REVIEW-3 part
// C, R12: compare, extrapolate, optimize, resilience and size each wrote it):
// the catalog with its warnings, the file with its --set what-ifs and its own
// catalog entries, the power flags and --prices; then the study with its
// input errors located at the file.
#pragma once

#include "cli_common.hpp"
#include "podsizer/reports/study.hpp"
#include "power_args.hpp"

#include <functional>
#include <string>
#include <vector>

namespace podsizer::cli {

/// The flags of a command that sizes one scenario file.
struct ScenarioRunArgs {
    std::string scenario;          ///< SCENARIO
    std::vector<std::string> sets; ///< --set PATH=VALUE
    PowerArgs power;               ///< --power-basis, --derate, --pue, ...
    std::string prices;            ///< --prices FILE
};

/// SCENARIO, --set, the power flags and --prices on `cmd`.
void add_scenario_run_flags(CLI::App& cmd, ScenarioRunArgs& args);

struct OpenedScenario {
    Catalog catalog; ///< the catalogs given and the scenario's own entries
    Scenario scenario;
};

/// Reads the scenario file as the commands do. `check_flags` runs on the catalogs given
/// (before the scenario's own entries), for flags that name catalog ids.
OpenedScenario open_scenario(const GlobalOptions& g, const ScenarioRunArgs& args,
                             const std::function<void(const Catalog&)>& check_flags = {});

/// run_study, with an input error located at the scenario file `path`.
Study study_at(const std::string& path, const OpenedScenario& opened, const StudyOptions& options);

} // namespace podsizer::cli

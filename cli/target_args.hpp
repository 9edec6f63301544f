// The --target and --tolerance flags shared by `extrapolate` and `compare`.
#pragma once

#include "podsizer/core/scenario.hpp"

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

namespace podsizer::cli {

struct TargetArgs {
    std::string target;    ///< empty: the scenario's extrapolation target
    std::string tolerance; ///< empty: the scenario's tolerance, else 0 %
};

/// Adds --target (described by target_help) and --tolerance to a subcommand.
void add_target_flags(CLI::App& cmd, TargetArgs& args, const std::string& target_help);

/// The target from the flags, falling back on the scenario's "extrapolation";
/// nullopt when neither gives one. Bad flags are InputErrors naming the flag.
std::optional<ExtrapolationSpec> resolve_target(const TargetArgs& args, const Scenario& scenario);

} // namespace podsizer::cli

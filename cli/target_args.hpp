// The --target and --tolerance flags shared by `extrapolate` and `compare`.
#pragma once

#include "podsizer/core/scenario.hpp"

#include <optional>
#include <string>

namespace podsizer::cli {

struct TargetArgs {
    std::string target;    ///< empty: the scenario's extrapolation target
    std::string tolerance; ///< empty: the scenario's tolerance, else 0 %
};

/// The target from the flags, falling back on the scenario's "extrapolation";
/// nullopt when neither gives one. Bad flags are InputErrors naming the flag.
std::optional<ExtrapolationSpec> resolve_target(const TargetArgs& args, const Scenario& scenario);

} // namespace podsizer::cli

#include "target_args.hpp"

#include "podsizer/core/errors.hpp"
#include "podsizer/core/extrapolation.hpp"

namespace podsizer::cli {

void add_target_flags(CLI::App& cmd, TargetArgs& args, const std::string& target_help) {
    cmd.add_option("--target", args.target, target_help);
    cmd.add_option("--tolerance", args.tolerance,
                   "How far short of the target still counts, 0% to 50% (default: the "
                   "scenario's, else 0%)");
}

std::optional<ExtrapolationSpec> resolve_target(const TargetArgs& args, const Scenario& scenario) {
    std::optional<ExtrapolationSpec> spec = scenario.extrapolation;
    if (!args.target.empty()) {
        const Capacity target = parse_target(args.target, "--target");
        spec = ExtrapolationSpec{target, spec ? spec->tolerance : 0.0};
    }
    if (!args.tolerance.empty()) {
        const double tolerance = parse_tolerance(args.tolerance, "--tolerance");
        if (!spec) {
            throw InputError("--tolerance", "a tolerance needs a target; give --target (e.g. "
                                            "--target 1EB) or the scenario's extrapolation.target");
        }
        spec->tolerance = tolerance;
    }
    return spec;
}

} // namespace podsizer::cli

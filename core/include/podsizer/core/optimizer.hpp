// The design optimiser (docs/extrapolation-and-comparison.md §5): enumerate catalog combinations,
// keep the feasible designs, and return the Pareto front over racks, power, read, write and
// capacity, with the best design for a chosen objective.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/enum_names.hpp"
#include "podsizer/core/scenario.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace podsizer {

enum class Objective {
#define ENUM_NAME(value, spelling, ...) value,
#include "podsizer/core/objective.def"
};
inline constexpr auto kObjectiveNames = enum_names<Objective>({
#define ENUM_NAME(value, spelling, ...) {Objective::value, spelling},
#include "podsizer/core/objective.def"
});

constexpr std::string_view to_string(Objective o) {
    return kObjectiveNames.name(o);
}
constexpr std::optional<Objective> objective_from_string(std::string_view s) {
    return kObjectiveNames.parse(s);
}
/// Every objective's name, in declaration order ("min-racks", ...).
const std::vector<std::string>& objective_names();

/// The most Pareto members the CLI and the GUI show by default: a person
/// compares a handful of distinct trade-offs, not thousands of neighbours.
inline constexpr std::size_t kReadableFrontPoints = 20;

struct OptimizerOptions {
    Objective objective = Objective::min_racks;
    /// Rack model ids to consider; empty: the scenario's rack (a site
    /// constraint), or every rack model in the catalog when the scenario's
    /// constraints.optimize_rack lets the optimiser choose.
    std::vector<std::string> racks;
    /// Most Pareto members returned: a longer front is thinned to distinct
    /// trade-offs (thin_front); 0: the whole front.
    std::size_t front_points = 0;
    /// Keep every evaluated design (feasible or not) in OptimizerResult::all.
    bool keep_all = false;
    /// Most designs on one sweep line; a longer line is walked in coarser
    /// steps (OptimizerResult::coarsest_step says so). Guards absurd inputs.
    std::int64_t max_steps = 20'000;
};

struct OptimizerResult {
    std::string scenario;
    Requirements requirements;
    Objective objective = Objective::min_racks;
    std::int64_t combinations = 0;  ///< hardware combinations enumerated
    std::int64_t evaluated = 0;     ///< designs evaluated
    std::int64_t feasible = 0;      ///< of which without an error finding
    std::int64_t coarsest_step = 1; ///< 1 unless a sweep line was longer than max_steps
    /// Feasible designs no other feasible design dominates, ordered by racks,
    /// then power, then read, write and capacity descending. Without layouts.
    /// Thinned to at most OptimizerOptions::front_points when that is set.
    std::vector<Design> pareto;
    std::int64_t front_size = 0; ///< members of the whole front, before any thinning
    /// The ε of the thinning: each member left out is within a factor 1 + ε
    /// of one shown in every metric; 0 when the whole front is shown.
    double front_epsilon = 0.0;
    /// The Pareto member best for the objective, with its rack layout; none
    /// when no design is feasible.
    std::optional<Design> best;
    std::vector<Design> all; ///< every evaluated design, when keep_all
    /// The scenario's prices (docs/cost.md): TCO is then a sixth Pareto
    /// metric and min-cost an objective; none: no report shows a cost.
    std::optional<PriceBook> prices;
};

/// `a` is no worse than `b` in racks, power, read, write and usable capacity,
/// and better in at least one.
bool dominates(const Design& a, const Design& b);

/// `a` comes before `b` for the objective: its own metric first, the other
/// four as tie-breaks (so the first design is always on the Pareto front).
/// With `prices`, TCO (docs/cost.md) is compared too: first for min-cost,
/// last for the others; a design with an unpriced part counts as dearest.
bool better_for(Objective objective, const Design& a, const Design& b,
                const PriceBook* prices = nullptr);

/// The members of `front` (a Pareto front in the optimiser's order) to show
/// when at most `most` fit: ε-dominance (Laumanns et al., 2002) on the
/// logarithm of each metric, ε growing from 1 % until at most `most` boxes
/// are left, one member per box, always keeping the best for `objective`.
/// Every member left out is then within a factor 1 + ε of a kept one in all
/// five metrics. Returns indices into `front` in front order, and ε in
/// `epsilon` (0 when the whole front fits).
std::vector<std::size_t> thin_front(const std::vector<Design>& front, std::size_t most,
                                    Objective objective, double& epsilon,
                                    const PriceBook* prices = nullptr);

/// Every combination of C-node model × D-box model (only certified ones when
/// the rule requires it, as for automatic hardware) × drive size × rack model
/// (the racks of OptimizerOptions::racks) with the catalog's default switch.
/// For each, the requirement-mode design (C0 C-nodes, D0 D-boxes) anchors two
/// sweep lines, in steps of one:
///   - more C-nodes on the D0 D-boxes: C from C0 up to the knee floor(D0 × min(s, cd_max));
///   - more D-boxes for the C0 C-nodes: D from D0 + 1 up to floor(C0 / cd_min).
/// Together they cover every C:D within the bounds around the balanced
/// design. Designs are evaluated without rack layouts (the rack count is
/// still exact). Throws InputError for ids the catalog lacks.
OptimizerResult optimize(const Scenario& scenario, const Catalog& catalog,
                         const OptimizerOptions& options = {});

} // namespace podsizer

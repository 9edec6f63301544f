#include "podsizer/core/optimizer.hpp"

#include "pareto_thinning.hpp"
#include "podsizer/core/cost.hpp"
#include "podsizer/core/counting.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/requirements.hpp"
#include "podsizer/core/resilience.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <map>

namespace podsizer {

namespace {

constexpr std::size_t kMetrics = 6;

/// The six objectives as numbers to minimise, in a fixed order.
struct Metrics {
    std::array<double, kMetrics> v{}; ///< racks, power, −read, −write, −usable, TCO
    std::size_t index = 0;
};

/// TCO over the book's years (docs/cost.md); a design the book leaves a part
/// of unpriced is no cheaper than any priced one: +∞. Without a book, 0 for
/// every design, so the front and the best are those of the five metrics.
double tco_of(const Design& d, const PriceBook* prices) {
    if (prices == nullptr) {
        return 0.0;
    }
    const DesignCost c = design_cost(d, *prices);
    return c.unpriced().empty() ? c.tco : std::numeric_limits<double>::infinity();
}

Metrics metrics_of(const Design& d, std::size_t index, const PriceBook* prices = nullptr) {
    return {{static_cast<double>(d.racks), d.power.base(), -d.read.base(), -d.write.base(),
             -d.usable.base(), tco_of(d, prices)},
            index};
}

bool dominates(const Metrics& a, const Metrics& b) {
    bool strictly = false;
    for (std::size_t i = 0; i < a.v.size(); ++i) {
        if (a.v[i] > b.v[i]) {
            return false;
        }
        strictly = strictly || a.v[i] < b.v[i];
    }
    return strictly;
}

/// The Pareto front so far, in blocks of consecutive members with each
/// block's best value of every metric. Members arrive sorted by racks, then
/// power, so a block holds similar designs and its best-case corner is close
/// to them: a block whose corner is worse than the candidate in some metric
/// cannot hold a member dominating it and is skipped whole. Exabyte scenarios
/// have fronts of thousands of designs, and this keeps the test near-linear.
class FrontBlocks {
public:
    void add(const Metrics& m) {
        if (members_.size() % kBlock == 0) {
            corners_.push_back(m.v);
        }
        std::array<double, kMetrics>& corner = corners_.back();
        for (std::size_t i = 0; i < corner.size(); ++i) {
            corner[i] = std::min(corner[i], m.v[i]);
        }
        members_.push_back(m);
    }

    /// Some member is no worse in every metric and better in one.
    bool dominated(const Metrics& m) const {
        for (std::size_t b = 0; b < corners_.size(); ++b) {
            const std::array<double, kMetrics>& corner = corners_[b];
            bool possible = true;
            for (std::size_t i = 0; i < corner.size() && possible; ++i) {
                possible = corner[i] <= m.v[i];
            }
            if (!possible) {
                continue;
            }
            const std::size_t end = std::min(members_.size(), (b + 1) * kBlock);
            for (std::size_t k = b * kBlock; k < end; ++k) {
                if (dominates(members_[k], m)) {
                    return true;
                }
            }
        }
        return false;
    }

private:
    static constexpr std::size_t kBlock = 32;
    std::vector<Metrics> members_;
    std::vector<std::array<double, kMetrics>> corners_;
};

/// The order of the metrics an objective compares, most important first;
/// TCO last but for min-cost (0 for every design without a book).
using Order = std::array<std::size_t, kMetrics>;
Order priority(Objective o) {
    switch (o) {
    case Objective::min_racks:
        return {0, 1, 2, 3, 4, 5};
    case Objective::min_power:
        return {1, 0, 2, 3, 4, 5};
    case Objective::max_read:
        return {2, 3, 0, 1, 4, 5};
    case Objective::max_write:
        return {3, 2, 0, 1, 4, 5};
    case Objective::max_capacity:
        return {4, 0, 1, 2, 3, 5};
    case Objective::min_cost:
        return {5, 0, 1, 2, 3, 4};
    }
    return {0, 1, 2, 3, 4, 5};
}

bool lex_before(const Metrics& a, const Metrics& b, const Order& order) {
    for (std::size_t i : order) {
        if (a.v[i] != b.v[i]) {
            return a.v[i] < b.v[i];
        }
    }
    return false;
}

std::string design_name(const Design& d) {
    return format_number(static_cast<double>(d.cnodes)) + " × " + d.cnode_model + " + " +
           format_number(static_cast<double>(d.dboxes)) + " × " + d.dbox_model + " (" +
           format_in(d.drive_size, units::TB, 2) + "), " + d.rack_model;
}

} // namespace

const std::vector<std::string>& objective_names() {
    static const std::vector<std::string> names(kObjectiveNames.names.begin(),
                                                kObjectiveNames.names.end());
    return names;
}

bool dominates(const Design& a, const Design& b) {
    return dominates(metrics_of(a, 0), metrics_of(b, 0));
}

bool better_for(Objective objective, const Design& a, const Design& b, const PriceBook* prices) {
    return lex_before(metrics_of(a, 0, prices), metrics_of(b, 0, prices), priority(objective));
}

namespace {

/// The rack models to combine: the listed ones; else the scenario's rack,
/// since the rack is usually the site's and not the storage's to choose;
/// else, when the scenario lets the optimiser choose, every rack of the catalog.
std::vector<const RackModel*> racks_to_consider(const Scenario& scenario, const Catalog& catalog,
                                                const OptimizerOptions& options) {
    std::vector<const RackModel*> racks;
    if (options.racks.empty() && scenario.constraints.optimize_rack) {
        for (const RackModel& r : catalog.racks) {
            racks.push_back(&r);
        }
        return racks;
    }
    std::vector<std::string> ids = options.racks;
    if (ids.empty()) {
        ids.push_back(scenario.constraints.rack.empty() ? catalog.defaults.rack
                                                        : scenario.constraints.rack);
    }
    for (const std::string& id : ids) {
        const RackModel* r = catalog.rack(id);
        if (r == nullptr) {
            throw InputError("rack", "unknown rack model \"" + id + "\"");
        }
        racks.push_back(r);
    }
    return racks;
}

// Bounded work (docs/robustness.md): every combination sweeps two lines and
// every feasible design is kept until the front is known, so a large catalog
// multiplied time and memory (200 rack models: 4 s, 775 MB; a 10,000-entry
// list would need tens of GB). At most 10,000 combinations, and lines coarse
// enough for 400,000 designs in all — exactly what the default catalog's 10
// combinations at 20,000 steps a line allow, so its results do not change.
constexpr std::size_t kMaxCombinations = 10'000;
constexpr std::int64_t kMaxDesigns = 400'000;

/// The most steps one line of the sweep may take for `combinations` combinations.
std::int64_t max_steps_per_line(const Catalog& catalog, const std::vector<const DBoxModel*>& dboxes,
                                std::size_t rack_count, const OptimizerOptions& options) {
    std::size_t combinations = 0;
    for (const DBoxModel* box : dboxes) {
        combinations += catalog.cnodes.size() * box->drive_sizes.size() * rack_count;
    }
    if (combinations > kMaxCombinations) {
        throw InputError("rack", fmt::format("the optimiser would sweep {} combinations of C-node, "
                                             "D-box, drive and rack; expected at most 10,000: "
                                             "name the rack models to consider",
                                             combinations));
    }
    const auto lines = 2 * std::max<std::int64_t>(1, static_cast<std::int64_t>(combinations));
    return std::min(options.max_steps, std::max<std::int64_t>(1, kMaxDesigns / lines));
}

/// What each returned design rests on (docs/model.md §14), which the fast
/// path of build_design leaves out: worked out once per hardware and basis,
/// since a front holds thousands of designs on a handful of combinations.
void annotate_assumptions(std::vector<Design>& designs, const Catalog& catalog) {
    std::map<std::string, std::vector<AssumedFigure>> by_hardware;
    for (Design& d : designs) {
        std::string key = d.cnode_model + '\n' + d.dbox_model + '\n' + d.switch_model + '\n' +
                          d.rack_model + '\n' + std::string(to_string(d.constraints.power_basis));
        auto it = by_hardware.find(key);
        if (it == by_hardware.end()) {
            const HardwareChoice hw = resolve_hardware(catalog, d.cnode_model, d.dbox_model,
                                                       d.drive_size, d.rack_model, d.switch_model);
            it = by_hardware
                     .emplace(std::move(key), design_assumptions(hw, d.constraints.power_basis))
                     .first;
        }
        d.assumptions = it->second;
    }
}

/// A feasible design by what builds it again: its hardware combination
/// (an index into Sweep::combinations) and its counts.
struct Candidate {
    std::size_t combination = 0;
    std::int64_t cnodes = 0;
    std::int64_t dboxes = 0;
};

/// Evaluates designs of one scenario and keeps the feasible ones: their
/// metrics and how to build them again, not the designs. Thousands of designs
/// of some 4 kB each (findings, names, sources) took two thirds of
/// `optimize`'s memory and a third of its time in page faults, and only the
/// members shown are needed (issue 34); build_design is deterministic, so
/// those are built again as they were.
struct Sweep {
    const Scenario& scenario;
    const Requirements& req;
    const PerformanceRule* rule;
    const OptimizerOptions& options;
    const PriceBook* prices;
    std::int64_t max_steps;
    OptimizerResult& result;
    std::vector<HardwareChoice> combinations{};
    std::vector<Candidate> feasible{};
    std::vector<Metrics> metrics{}; ///< of each feasible design, index into `feasible`

    double rho = 0.1; ///< the scenario's rebuild share: the failure state is judged at it
    /// Set when the scenario gives a durability target: each candidate's
    /// nines are then worked out (docs/resilience.md §9) so the target is a
    /// constraint of the search; otherwise the search skips that cost.
    const Catalog* durability_catalog = nullptr;
    ResilienceInputs resilience{};

    Design build(const HardwareChoice& hw, std::int64_t c, std::int64_t d) const {
        Design design = build_design("", hw, c, d, req, scenario.constraints,
                                     scenario.data_reduction, rule, false);
        // size_for, headroom, availability and durability are constraints of
        // the search: a design whose verdict is short is never kept.
        if (durability_catalog != nullptr) {
            const DBoxModel* box = durability_catalog->dbox(design.dbox_model);
            const ErasureCodingRule* ec =
                box != nullptr ? durability_catalog->ec_rule(box->erasure_coding) : nullptr;
            if (box != nullptr && ec != nullptr && (resilience.afr || box->drive_afr > 0.0)) {
                design.resilience = assess_resilience(design, *box, *ec, resilience);
            }
        }
        design.verdict = judge(design, rho);
        return design;
    }

    /// The feasible design `i` as evaluate() built it.
    Design rebuild(std::size_t i) const {
        const Candidate& k = feasible[i];
        return build(combinations[k.combination], k.cnodes, k.dboxes);
    }

    void evaluate(const HardwareChoice& hw, std::int64_t c, std::int64_t d) {
        Design design = build(hw, c, d);
        ++result.evaluated;
        if (options.keep_all) {
            result.all.push_back(design);
        }
        if (design.feasible()) {
            metrics.push_back(metrics_of(design, feasible.size(), prices));
            feasible.push_back({combinations.size() - 1, c, d});
        }
    }

    std::int64_t step_for(std::int64_t lo, std::int64_t hi) {
        const std::int64_t span = hi - lo + 1;
        const std::int64_t most = std::max<std::int64_t>(1, max_steps);
        const std::int64_t step = span > most ? (span + most - 1) / most : 1;
        result.coarsest_step = std::max(result.coarsest_step, step);
        return step;
    }

    /// Every design from `lo` to `hi` at the line's step, and `hi` itself.
    template <class Evaluate> void line(std::int64_t lo, std::int64_t hi, Evaluate at) {
        const std::int64_t step = step_for(lo, hi);
        for (std::int64_t x = lo; x <= hi; x += step) {
            at(x);
        }
        if ((hi - lo) % step != 0) {
            at(hi); // the end itself (the knee), when the steps skip it
        }
    }

    /// The two lines of one hardware combination, from the requirement's counts.
    void combination(const HardwareChoice& hw) {
        combinations.push_back(hw);
        const Constraints& cons = scenario.constraints;
        // C-nodes from the requirement as `size` counts them: with headroom,
        // grown to the failure state the scenario sizes for.
        const DesignCounts n0 = sized_counts(hw, req, cons, scenario.data_reduction, rule, rho);
        const std::int64_t c0 = std::max<std::int64_t>(1, n0.cnodes);
        const std::int64_t d0 = std::max<std::int64_t>(1, n0.dboxes);
        // More C-nodes on the D0 D-boxes, up to the knee (beyond it a C-node
        // adds power but no throughput: dominated).
        const double k = std::min(saturation(hw), cons.cd_max.c_per_d);
        const std::int64_t c_hi = std::max(c0, floor_to_count(static_cast<double>(d0) * k));
        line(c0, c_hi, [&](std::int64_t c) { evaluate(hw, c, d0); });
        // More D-boxes for the C0 C-nodes, down to the minimum C:D.
        const std::int64_t d_hi = floor_to_count(static_cast<double>(c0) / cons.cd_min.c_per_d);
        if (d_hi > d0) {
            line(d0 + 1, d_hi, [&](std::int64_t d) { evaluate(hw, c0, d); });
        }
    }
};

/// The Pareto front of the feasible designs' metrics: sorted lexicographically,
/// a design can only be dominated by one before it, so one pass against the
/// front so far suffices.
std::vector<Metrics> pareto_front(std::vector<Metrics> m) {
    const auto natural = priority(Objective::min_racks);
    std::sort(m.begin(), m.end(),
              [&](const Metrics& a, const Metrics& b) { return lex_before(a, b, natural); });
    std::vector<Metrics> front;
    FrontBlocks blocks;
    for (const Metrics& cand : m) {
        if (!blocks.dominated(cand)) {
            front.push_back(cand);
            blocks.add(cand);
        }
    }
    return front;
}

const Metrics* best_for(const std::vector<Metrics>& front, Objective objective) {
    const auto order = priority(objective);
    const Metrics* best = nullptr;
    for (const Metrics& f : front) {
        if (best == nullptr || lex_before(f, *best, order)) {
            best = &f;
        }
    }
    return best;
}

/// The best, built again with its layout, keeps the nines and the verdict
/// it was chosen with.
void rejudge_best(Design& best, const Design& chosen, double rho) {
    best.resilience = chosen.resilience;
    best.verdict = judge(best, rho);
}

/// The sweep judges each design at the scenario's ρ, and works out its
/// nines when the scenario gives a durability target (docs/model.md §15).
void judge_as_the_scenario(Sweep& sweep, const Scenario& scenario, const Catalog& catalog) {
    sweep.rho = scenario.resilience.rebuild_share.value_or(ResilienceInputs{}.rebuild_share);
    if (scenario.constraints.min_nines) {
        sweep.durability_catalog = &catalog;
        sweep.resilience = resilience_inputs(scenario, catalog);
    }
}

} // namespace

OptimizerResult optimize(const Scenario& scenario, const Catalog& catalog,
                         const OptimizerOptions& options) {
    OptimizerResult result;
    result.scenario = scenario.name;
    result.objective = options.objective;
    result.prices = scenario.prices;
    const PriceBook* prices = scenario.prices ? &*scenario.prices : nullptr;
    if (options.objective == Objective::min_cost && prices == nullptr) {
        throw InputError("objective", "min-cost needs a price book (docs/cost.md); expected "
                                      "--prices FILE or the scenario's \"prices\"");
    }
    result.requirements = compute_requirements(scenario, catalog);
    const Requirements& req = result.requirements;
    const PerformanceRule* rule = req.rule.empty() ? nullptr : catalog.rule(req.rule);

    // The hardware to combine (the same certified-only rule as automatic
    // hardware in size_option).
    const std::vector<const DBoxModel*> dboxes = candidate_dboxes(catalog, rule);
    const std::vector<const RackModel*> racks = racks_to_consider(scenario, catalog, options);
    const SwitchModel* sw = catalog.network_switch(catalog.defaults.network_switch);
    if (sw == nullptr) {
        throw InputError("switch", "unknown default switch model \"" +
                                       catalog.defaults.network_switch + "\"");
    }
    Sweep sweep{scenario, req,    rule,
                options,  prices, max_steps_per_line(catalog, dboxes, racks.size(), options),
                result};
    judge_as_the_scenario(sweep, scenario, catalog);
    for (const CNodeModel& cn : catalog.cnodes) {
        for (const DBoxModel* box : dboxes) {
            const ErasureCodingRule* ec = catalog.ec_rule(box->erasure_coding);
            if (ec == nullptr) {
                throw InputError(box->id, "D-box refers to unknown erasure-coding rule \"" +
                                              box->erasure_coding + "\"");
            }
            for (Capacity drive : box->drive_sizes) {
                for (const RackModel* rack : racks) {
                    ++result.combinations;
                    sweep.combination(
                        HardwareChoice{&cn, box, drive, sw, rack, ec, &catalog.assumptions});
                }
            }
        }
    }
    result.feasible = static_cast<std::int64_t>(sweep.feasible.size());

    const std::vector<Metrics> front = pareto_front(std::move(sweep.metrics));
    if (const Metrics* best = best_for(front, options.objective)) {
        // The best design again, this time with its rack layout.
        const Design b = sweep.rebuild(best->index);
        const HardwareChoice hw = resolve_hardware(catalog, b.cnode_model, b.dbox_model,
                                                   b.drive_size, b.rack_model, b.switch_model);
        result.best = build_design(design_name(b), hw, b.cnodes, b.dboxes, req,
                                   scenario.constraints, scenario.data_reduction, rule, true);
        rejudge_best(*result.best, b, sweep.rho);
    }
    result.front_size = static_cast<std::int64_t>(front.size());
    // Thinned on the metrics (thin_front's figures and better_for's order),
    // so only the members shown are built again.
    std::vector<detail::FrontFigures> figures;
    figures.reserve(front.size());
    for (const Metrics& f : front) {
        figures.push_back({f.v[0], f.v[1], -f.v[2], -f.v[3], -f.v[4]});
    }
    const auto order = priority(options.objective);
    const std::vector<std::size_t> shown = detail::thin_front_by(
        figures, options.front_points,
        [&](std::size_t i, std::size_t j) { return lex_before(front[i], front[j], order); },
        result.front_epsilon);
    result.pareto.reserve(shown.size());
    for (std::size_t i : shown) {
        result.pareto.push_back(sweep.rebuild(front[i].index));
    }
    // Named once thinned: only the members shown need a name.
    for (Design& d : result.pareto) {
        d.name = design_name(d);
    }
    annotate_assumptions(result.pareto, catalog);
    annotate_assumptions(result.all, catalog);
    return result;
}

} // namespace podsizer

// Thinning a Pareto front to the trade-offs a person can compare
// (docs/extrapolation-and-comparison.md §5): an exabyte scenario's front holds
// thousands of designs a C-node or a D-box apart, which no table makes readable.
#include "pareto_thinning.hpp"

#include "podsizer/core/optimizer.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <span>

namespace podsizer {

namespace {

/// The five metrics on a logarithmic scale, all to minimise: a factor 1 + ε
/// is the same step for 29 racks and for 1 EB.
std::array<double, 5> log_metrics(const detail::FrontFigures& f) {
    auto ln = [](double v) { return std::log(std::max(v, 1e-300)); };
    return {ln(f[0]), ln(f[1]), -ln(f[2]), -ln(f[3]), -ln(f[4])};
}

detail::FrontFigures figures_of(const Design& d) {
    return {static_cast<double>(d.racks), d.power.base(), d.read.base(), d.write.base(),
            d.usable.base()};
}

using Better = std::function<bool(std::size_t, std::size_t)>;

using Box = std::array<std::int64_t, 5>;

bool box_dominates(const Box& a, const Box& b) {
    bool strictly = false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i] > b[i]) {
            return false;
        }
        strictly = strictly || a[i] < b[i];
    }
    return strictly;
}

/// One member per ε-box whose box no other box dominates, plus the best for
/// the objective; indices in front order.
std::vector<std::size_t> thin_at(const std::vector<std::array<double, 5>>& logs, double epsilon,
                                 const Better& better, std::size_t best) {
    const double step = std::log1p(epsilon);
    std::map<Box, std::size_t> boxes; // box → its member best for the objective
    for (std::size_t i = 0; i < logs.size(); ++i) {
        Box b{};
        for (std::size_t k = 0; k < b.size(); ++k) {
            b[k] = static_cast<std::int64_t>(std::floor(logs[i][k] / step));
        }
        auto [it, inserted] = boxes.emplace(b, i);
        if (!inserted && better(i, it->second)) {
            it->second = i;
        }
    }
    // A box that dominates another is no larger in any coordinate, so it
    // comes before it in the map's (lexicographic) order; and whatever
    // dominates a dominated box dominates every box that one does. So each box
    // is checked against the undominated boxes before it only: comparing all
    // pairs was a fifth of `optimize --pareto` (issue 34).
    std::vector<Box> undominated;
    std::vector<std::size_t> kept;
    for (const auto& [box, member] : boxes) {
        bool dominated = false;
        for (const Box& other : undominated) {
            if (box_dominates(other, box)) {
                dominated = true;
                break;
            }
        }
        if (!dominated) {
            undominated.push_back(box);
            kept.push_back(member);
        }
    }
    if (std::find(kept.begin(), kept.end(), best) == kept.end()) {
        kept.push_back(best);
    }
    std::sort(kept.begin(), kept.end());
    return kept;
}

} // namespace

std::vector<std::size_t> detail::thin_front_by(std::span<const FrontFigures> front,
                                               std::size_t most, const Better& better,
                                               double& epsilon) {
    std::vector<std::size_t> all(front.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
        all[i] = i;
    }
    epsilon = 0.0;
    if (most == 0 || front.size() <= most) {
        return all;
    }
    std::size_t best = 0;
    for (std::size_t i = 1; i < front.size(); ++i) {
        if (better(i, best)) {
            best = i;
        }
    }
    std::vector<std::array<double, 5>> logs;
    logs.reserve(front.size());
    for (const FrontFigures& f : front) {
        logs.push_back(log_metrics(f));
    }
    // ε from 1 % in steps of a quarter: the finest grid that fits, so the
    // members shown are as close as `most` allows to every member left out.
    for (double e = 0.01; e < 1e6; e *= 1.25) {
        std::vector<std::size_t> kept = thin_at(logs, e, better, best);
        if (kept.size() <= std::max<std::size_t>(most, 1)) {
            epsilon = e;
            return kept;
        }
    }
    epsilon = 1e6; // not reached for real fronts: every member in one box
    return {best};
}

std::vector<std::size_t> thin_front(const std::vector<Design>& front, std::size_t most,
                                    Objective objective, double& epsilon, const PriceBook* prices) {
    std::vector<detail::FrontFigures> figures;
    figures.reserve(front.size());
    for (const Design& d : front) {
        figures.push_back(figures_of(d));
    }
    return detail::thin_front_by(
        figures, most,
        [&](std::size_t i, std::size_t j) {
            return better_for(objective, front[i], front[j], prices);
        },
        epsilon);
}

} // namespace podsizer

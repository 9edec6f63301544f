#include "podsizer/core/erasure_coding.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace podsizer {

Capacity usable_capacity(const DBoxModel& box, Capacity drive, std::int64_t dboxes,
                         const ErasureCodingRule& ec) {
    const Capacity raw = box.raw(drive) * static_cast<double>(dboxes);
    return raw * ec.efficiency(dboxes) * (1.0 - ec.reserve);
}

std::int64_t dboxes_for_capacity(const DBoxModel& box, Capacity drive, Capacity need,
                                 const ErasureCodingRule& ec) {
    if (need.base() <= 0.0) {
        return 0;
    }
    // Lower bound: every box at the widest stripe. The widest step is the last.
    const StripeStep& widest = ec.steps.back();
    const double best_eff = static_cast<double>(widest.data_strips) /
                            static_cast<double>(widest.data_strips + ec.parity);
    const double per_box_best = box.raw(drive).base() * best_eff * (1.0 - ec.reserve);
    const double lower = need.base() / per_box_best;
    // A need no count of boxes can hold ("1e290 EB"): converting the bound to
    // an integer was undefined behaviour, and the search below then laid out
    // a million boxes. Return the engine's count cap; it reports too-large.
    constexpr auto kCap = std::numeric_limits<std::int64_t>::max() / 4;
    if (!(lower < static_cast<double>(kCap))) {
        return kCap;
    }
    std::int64_t d = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::floor(lower)));
    // Below the widest step the efficiency is lower, so more boxes may be
    // needed; each step up adds capacity, so this loop ends. The bound guards
    // against a catalog whose figures would make it run away.
    for (int guard = 0; guard < 1'000'000; ++guard) {
        if (usable_capacity(box, drive, d, ec) >= need) {
            return d;
        }
        ++d;
    }
    return d;
}

} // namespace podsizer

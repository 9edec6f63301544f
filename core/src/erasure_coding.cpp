#include "podsizer/core/erasure_coding.hpp"

#include <algorithm>
#include <cmath>

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
    std::int64_t d = std::max<std::int64_t>(
        1, static_cast<std::int64_t>(std::floor(need.base() / per_box_best)));
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

#include "podsizer/core/erasure_coding.hpp"

#include "podsizer/core/counting.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>

namespace podsizer {

namespace {

constexpr std::int64_t kNoCap = std::numeric_limits<int>::max();

/// The widest stripe a layout allows, before the narrowest-stripe check.
std::int64_t layout_width(const ErasureCodingRule& ec, EcLayout layout, const DBoxPlacement& at) {
    // Saturating: a count at the engine's cap ("1e290 EB") must not overflow.
    const std::int64_t ssds = saturating_product(at.dboxes, at.drives_per_dbox);
    std::int64_t w = std::min<std::int64_t>(ec.max_data_strips + ec.parity,
                                            std::max<std::int64_t>(0, ssds - ec.excluded_ssds));
    if (layout != EcLayout::classic && ec.strips_per_dbox > 0) {
        w = std::min(w, saturating_product(ec.strips_per_dbox, at.dboxes));
    }
    if (layout == EcLayout::rack_resilient && ec.strips_per_rack > 0) {
        w = std::min(w,
                     saturating_product(ec.strips_per_rack, std::max<std::int64_t>(at.domains, 1)));
    }
    if (const StripeStep* step = ec.step_for(at.dboxes)) {
        w = std::min<std::int64_t>(w, step->data_strips + ec.parity);
    }
    return w;
}

} // namespace

Stripe stripe_for(const ErasureCodingRule& ec, EcLayout layout, const DBoxPlacement& at) {
    Stripe s;
    s.automatic = layout == EcLayout::automatic;
    if (s.automatic) {
        // DBox-HA "has become the default data layout for larger VAST
        // clusters" (VAST blog, rack-level resilience part two) but costs
        // capacity on small ones (VAST support article 5713781959836): it
        // is chosen where its stripe is as wide as classic's.
        const bool ha_possible =
            ec.strips_per_dbox > 0 && at.dboxes >= ec.enclosure_tolerance_min_dboxes;
        layout = ha_possible && layout_width(ec, EcLayout::dbox_ha, at) ==
                                    layout_width(ec, EcLayout::classic, at)
                     ? EcLayout::dbox_ha
                     : EcLayout::classic;
    }
    s.layout = layout;
    s.parity = ec.parity;
    const std::int64_t w = layout_width(ec, layout, at);
    s.width = static_cast<int>(std::max<std::int64_t>(w, 0));
    s.data = std::max(0, s.width - ec.parity);
    if (s.data == 0) {
        s.width = 0;
    }

    if (layout != EcLayout::classic && at.dboxes < ec.enclosure_tolerance_min_dboxes) {
        s.invalid_reason = fmt::format("{} needs at least {} D-boxes", to_string(layout),
                                       ec.enclosure_tolerance_min_dboxes);
    } else if (layout == EcLayout::rack_resilient && at.domains < ec.rack_resilience_min_racks) {
        s.invalid_reason = fmt::format("rack-resilient needs D-boxes in at least {} racks",
                                       ec.rack_resilience_min_racks);
    } else if (s.data < ec.min_data_strips) {
        s.invalid_reason =
            fmt::format("the stripe would hold {} data strips; the rule's narrowest is {}", s.data,
                        ec.min_data_strips);
    }
    s.valid = s.invalid_reason.empty();

    // A domain's loss removes the strips it holds; the stripe survives when
    // they are no more than its parity (docs/model.md §6).
    const bool capped = layout != EcLayout::classic && ec.strips_per_dbox > 0;
    const std::int64_t per_box =
        capped ? ec.strips_per_dbox : std::min<std::int64_t>(at.drives_per_dbox, kNoCap);
    s.strips_per_dbox = static_cast<int>(std::min<std::int64_t>(per_box, s.width));
    std::int64_t per_rack =
        saturating_product(per_box, std::max<std::int64_t>(at.most_in_a_rack, 1));
    if (layout == EcLayout::rack_resilient && ec.strips_per_rack > 0) {
        per_rack = std::min<std::int64_t>(per_rack, ec.strips_per_rack);
    }
    s.strips_per_rack = static_cast<int>(std::min<std::int64_t>(per_rack, s.width));
    s.tolerates_dbox_loss = s.valid && s.width > 0 && s.strips_per_dbox <= s.parity;
    s.tolerates_rack_loss = s.valid && s.width > 0 && s.strips_per_rack <= s.parity;
    return s;
}

Capacity usable_capacity(const DBoxModel& box, Capacity drive, std::int64_t dboxes,
                         const ErasureCodingRule& ec, const Stripe& stripe) {
    const Capacity raw = box.raw(drive) * static_cast<double>(dboxes);
    return raw * stripe.efficiency() * (1.0 - ec.reserve);
}

std::int64_t dboxes_for_capacity(const DBoxModel& box, Capacity drive, Capacity need,
                                 const ErasureCodingRule& ec, EcLayout layout) {
    if (need.base() <= 0.0) {
        return 0;
    }
    // Lower bound: every box at the widest stripe.
    const int widest = ec.max_data_strips + ec.parity;
    const double best_eff =
        static_cast<double>(ec.max_data_strips) / static_cast<double>(std::max(widest, 1));
    const double per_box_best = box.raw(drive).base() * best_eff * (1.0 - ec.reserve);
    const double lower =
        per_box_best > 0.0 ? need.base() / per_box_best : std::numeric_limits<double>::infinity();
    // A need no count of boxes can hold ("1e290 EB"): converting the bound to
    // an integer was undefined behaviour, and the search below then laid out
    // a million boxes. Return the engine's count cap; it reports too-large.
    if (!(lower < static_cast<double>(kCountCap))) {
        return kCountCap;
    }
    std::int64_t d = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::floor(lower)));
    // Below the widest stripe the efficiency is lower, so more boxes may be
    // needed; the width never shrinks as boxes are added, so this loop ends.
    // The rack cap is left out here (one rack per box): see the header.
    for (int guard = 0; guard < 1'000'000; ++guard) {
        const DBoxPlacement at{d, box.drives, d, 1};
        if (usable_capacity(box, drive, d, ec, stripe_for(ec, layout, at)) >= need) {
            return d;
        }
        ++d;
    }
    return d;
}

std::string rack_balance_problem(const std::vector<std::int64_t>& per_rack) {
    if (per_rack.empty()) {
        return {};
    }
    const auto [lo, hi] = std::minmax_element(per_rack.begin(), per_rack.end());
    // VAST KB "Rack Resiliency": D-box counts per rack differ by at most one,
    // and no rack holds more than twice the capacity of another.
    if (*hi - *lo > 1) {
        return fmt::format("racks hold {} to {} D-boxes; rack-level resilience needs counts that "
                           "differ by at most one",
                           *lo, *hi);
    }
    if (*hi > 2 * *lo) {
        return fmt::format("a rack holds {} D-boxes, more than twice the {} of another", *hi, *lo);
    }
    return {};
}

} // namespace podsizer

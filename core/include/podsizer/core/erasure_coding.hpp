// Stripes and usable capacity under an erasure-coding rule and a layout
// (docs/model.md §6).
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/ec_layout.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace podsizer {

/// Where a cluster's D-boxes stand: what the stripe width and the failure
/// domains depend on.
struct DBoxPlacement {
    std::int64_t dboxes = 0;
    int drives_per_dbox = 0;
    std::int64_t domains = 0;        ///< racks holding D-boxes
    std::int64_t most_in_a_rack = 0; ///< D-boxes in the fullest rack
};

/// A cluster's stripe under a layout, and what it survives.
struct Stripe {
    EcLayout layout = EcLayout::classic; ///< never automatic: what `automatic` resolved to
    bool automatic = false;              ///< chosen by the automatic rule
    int width = 0;                       ///< data + parity strips
    int data = 0;
    int parity = 0;
    /// The layout's preconditions hold (enough D-boxes, racks, SSDs for the
    /// narrowest stripe); usable capacity is still computed when they do not.
    bool valid = false;
    std::string invalid_reason; ///< why not, for a finding
    int strips_per_dbox = 0;    ///< most strips of one stripe on one D-box
    int strips_per_rack = 0;    ///< most strips of one stripe in one rack
    bool tolerates_dbox_loss = false;
    bool tolerates_rack_loss = false;

    double efficiency() const {
        return width > 0 ? static_cast<double>(data) / static_cast<double>(width) : 0.0;
    }
};

/// The stripe of `at` under `layout` (docs/model.md §6):
///   classic:        w = min(max width, SSDs − excluded)
///   dbox-ha:        also w ≤ strips_per_dbox × D-boxes, needs ≥ enclosure_tolerance_min_dboxes
///   rack-resilient: also w ≤ strips_per_rack × racks, needs ≥ rack_resilience_min_racks
///   automatic:      dbox-ha where its width equals classic's (it costs no
///                   capacity), else classic.
Stripe stripe_for(const ErasureCodingRule& ec, EcLayout layout, const DBoxPlacement& at);

/// raw × data/width × (1 − reserve) for `dboxes` enclosures of `box`.
Capacity usable_capacity(const DBoxModel& box, Capacity drive, std::int64_t dboxes,
                         const ErasureCodingRule& ec, const Stripe& stripe);

/// The smallest D-box count whose usable capacity reaches `need` under
/// `layout`, with every D-box in a rack of its own as far as the rack cap is
/// concerned (rack-resilient widths also depend on the rack count, which
/// the engine checks once the racks are known).
std::int64_t dboxes_for_capacity(const DBoxModel& box, Capacity drive, Capacity need,
                                 const ErasureCodingRule& ec, EcLayout layout);

/// Whether racks holding `per_rack` D-boxes of equal capacity meet the
/// rack-level resilience rules: counts differ by at most one, and no rack
/// holds more than twice another's capacity. Empty when they do, else why not.
std::string rack_balance_problem(const std::vector<std::int64_t>& per_rack);

} // namespace podsizer

// Racks for a design: how many, and what sits in each U (docs/model.md §8-§9).
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"

#include <cstdint>
#include <vector>

namespace podsizer {

struct RackPlan {
    std::int64_t racks_for_space = 0; ///< ceil(total U / usable U)
    std::int64_t racks_for_power = 0; ///< ceil(total W / budget W)
    std::int64_t count = 0;           ///< racks laid out; 0 when a device cannot fit any rack
    std::vector<Rack> racks;          ///< the layout (count racks), unless slots were not asked for
    bool device_too_big = false;      ///< a single device exceeds a rack's U or power
    Power peak;                       ///< the fullest rack's draw on the demand's basis
    Power peak_max;                   ///< the highest maximum draw of any rack
};

/// The most devices laid out one by one (docs/model.md §9); beyond it a
/// design's or a phase's racks are counted from space and power alone.
inline constexpr std::int64_t kMostDevicesLaidOut = 100'000;

struct RackDemand {
    const CNodeModel* cnode = nullptr;
    std::int64_t cnodes = 0;
    const DBoxModel* dbox = nullptr;
    std::int64_t dboxes = 0;
    const SwitchModel* network_switch = nullptr;
    std::int64_t switches = 0;
    std::int64_t min_racks = 1;
    PowerBasis basis = PowerBasis::typical; ///< the draw checked against the budget
    /// Of `switches`, the first are leaves, then spines, the rest super-spines:
    /// how the slots are labelled, in rack order (the counts of racks do not
    /// depend on it). Both 0: the switches are labelled "switch N", tier none.
    std::int64_t leaf_switches = 0;
    std::int64_t spine_switches = 0;
};

/// `budget` is what a rack may draw on the demand's basis (the rack's budget
/// times any derating). Starts from max(space-bound, power-bound, min_racks) racks and spreads each
/// kind of device evenly (per-rack counts differ by at most one, so a rack
/// failure takes out the same share of D-boxes wherever it happens; the
/// leftovers of each kind go to the racks drawing least power), adding
/// racks until every rack fits its U and power budget. D-boxes sit at the
/// bottom, C-nodes above them, switches at the top (top-of-rack).
///
/// With `with_slots` false only the per-rack counts are worked out (that is
/// what decides the rack count) and `racks` stays empty; `count` is the same
/// either way. The optimiser evaluates thousands of designs this way.
RackPlan plan_racks(const RackDemand& demand, RackUnits usable, Power budget,
                    bool with_slots = true);

/// How much of the layout plan_racks builds.
enum class RackDetail {
    counts, ///< the rack count and peaks only; `racks` stays empty (with_slots false)
    /// Each rack with its device counts, U and draw, as with slots, but no
    /// slots: what every figure and finding of a design reads. A sweep's
    /// rows show no rack's U positions, and labelling ~900 slots a run was
    /// two fifths of its time (issue 34, docs/performance.md).
    racks,
    slots, ///< each rack U by U, every device labelled (with_slots true)
};
RackPlan plan_racks(const RackDemand& demand, RackUnits usable, Power budget, RackDetail detail);

} // namespace podsizer

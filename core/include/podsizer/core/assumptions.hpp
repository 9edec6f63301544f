// Which headline figures rest on catalog figures nobody publishes.
//
// A catalog figure of kind `assumption` (docs/model.md §1) is a default the
// user can change, not a fact. When a design's racks, power, read, write or
// usable capacity are computed from one, the reports mark the figure and name
// the assumption (docs/model.md §14), so nobody presents it as a measurement.
#pragma once

#include "podsizer/core/power.hpp"

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace podsizer {

struct HardwareChoice;
struct CNodeModel;
struct DBoxModel;
struct ErasureCodingRule;
struct SwitchModel;
struct RackModel;
struct ReferenceSystem;
struct GpuPlatform;

/// The headline figures, as bits: a figure resting on several catalog
/// figures, and a catalog figure entering several headline figures, are both
/// common (a C-node's power enters power, racks and facility power).
enum class HeadlineFigure : std::uint16_t {
    raw = 1U << 0U,
    usable = 1U << 1U,
    read = 1U << 2U,
    write = 1U << 3U,
    switches = 1U << 4U,
    racks = 1U << 5U,
    power = 1U << 6U,
    max_power = 1U << 7U,
    facility_power = 1U << 8U,
    accounts = 1U << 9U,
    subscriptions = 1U << 10U,
    gpus_fed = 1U << 11U,
};

/// A set of figures.
using FigureSet = std::uint16_t;

constexpr FigureSet operator|(HeadlineFigure a, HeadlineFigure b) {
    return static_cast<FigureSet>(static_cast<FigureSet>(a) | static_cast<FigureSet>(b));
}
constexpr FigureSet operator|(FigureSet a, HeadlineFigure b) {
    return static_cast<FigureSet>(a | static_cast<FigureSet>(b));
}
constexpr FigureSet figure_set(HeadlineFigure f) {
    return static_cast<FigureSet>(f);
}

/// One assumed catalog figure and the headline figures computed from it.
struct AssumedFigure {
    std::string id; ///< "entry.field": "cnode-1u.power", "rack-42u-25kw.power_budget"
    FigureSet figures = 0;

    bool operator==(const AssumedFigure&) const = default;
};

/// The assumed catalog figures of a design's hardware, each with the figures
/// it enters. Power enters on the design's basis: a design whose racks are
/// checked on maximum draw rests on the maximum-power figures for its racks
/// and facility power, and on the typical ones for its typical power.
std::vector<AssumedFigure> design_assumptions(const HardwareChoice& hw, PowerBasis basis);

/// design_assumptions worked out once per hardware combination and power
/// basis, not once per design: a sweep sizes thousands of designs on a few
/// combinations (issue 34). A Catalog holds one, keyed by the addresses of
/// its own entries (C-node, D-box, erasure-coding rule, switch, rack); a copy
/// of the catalog starts with an empty cache, since its entries are other
/// objects, and merging entries into a catalog clears it. Thread-safe: the
/// runs of a sweep share the catalog.
class AssumptionCache {
public:
    AssumptionCache() = default;
    AssumptionCache(const AssumptionCache&) {}
    AssumptionCache& operator=(const AssumptionCache&);
    ~AssumptionCache() = default;

    /// design_assumptions(hw, basis), from the cache when it was worked out before.
    std::vector<AssumedFigure> of(const HardwareChoice& hw, PowerBasis basis) const;
    /// Forgets every entry: call it after changing an entry of the catalog.
    void clear();

private:
    using Key = std::tuple<const CNodeModel*, const DBoxModel*, const ErasureCodingRule*,
                           const SwitchModel*, const RackModel*, PowerBasis>;
    mutable std::mutex mutex_;
    mutable std::map<Key, std::vector<AssumedFigure>> entries_;
};

/// The assumed figures of a reference system (the cloud store's power per
/// rack, its racks per EB, ...), each with the figures it enters.
std::vector<AssumedFigure> reference_assumptions(const ReferenceSystem& ref);

/// The assumed figure of a platform's power per SU (the GPUs freed power
/// feeds), when the catalog marks it so.
std::vector<AssumedFigure> platform_assumptions(const GpuPlatform& platform);

/// The ids of those of `all` that any of `wanted` rests on, in catalog order
/// (hardware, then the figure's order in the entry), without repeats.
std::vector<std::string> assumption_ids(const std::vector<AssumedFigure>& all, FigureSet wanted);

/// `ids` with the ids of `more` appended, keeping the first of repeats.
void merge_ids(std::vector<std::string>& ids, const std::vector<std::string>& more);

} // namespace podsizer

#include "podsizer/core/assumptions.hpp"

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/engine.hpp"

#include <algorithm>
#include <string_view>

namespace podsizer {

namespace {

using F = HeadlineFigure;

/// A catalog field and the headline figures computed from it.
struct FieldUse {
    std::string_view field;
    FigureSet figures;
};

/// Appends the fields of one entry whose source is an assumption.
void collect(std::vector<AssumedFigure>& out, const std::string& entry, const Provenance& p,
             std::initializer_list<FieldUse> uses) {
    for (const FieldUse& use : uses) {
        if (use.figures != 0 && p.of(std::string(use.field)).kind == SourceKind::assumption) {
            out.push_back(AssumedFigure{entry + "." + std::string(use.field), use.figures});
        }
    }
}

} // namespace

std::vector<AssumedFigure> design_assumptions(const HardwareChoice& hw, PowerBasis basis) {
    // Racks are packed, and facility power is worked out, on the design's
    // power basis (docs/model.md §9-§10): the typical or the maximum draw.
    const FigureSet on_basis = F::racks | F::facility_power;
    const bool typical = basis == PowerBasis::typical;
    const FigureSet typical_power = typical ? (on_basis | F::power) : figure_set(F::power);
    const FigureSet max_power = typical ? figure_set(F::max_power) : (on_basis | F::max_power);
    // The switch count follows the ports and the share facing devices, and
    // every switch draws power and takes rack space (docs/model.md §8).
    const FigureSet switch_count =
        F::switches | F::power | F::max_power | F::racks | F::facility_power;

    std::vector<AssumedFigure> out;
    collect(out, hw.cnode->id, hw.cnode->provenance,
            {{"read", figure_set(F::read)},
             {"write", figure_set(F::write)},
             {"height", figure_set(F::racks)},
             {"power", typical_power},
             {"max_power", max_power}});
    collect(out, hw.dbox->id, hw.dbox->provenance,
            {{"drives", F::raw | F::usable},
             {"drive_sizes", F::raw | F::usable},
             {"backend_read", figure_set(F::read)},
             {"backend_write", figure_set(F::write)},
             // An assumed port speed holds up the read and write whether or
             // not its line-rate cap binds: the catalog's 4 x 200 GbE keeps
             // the 1U box's cap from binding, where the published 4 x 100 GbE
             // would need 216 D-boxes, 32 racks and 761 kW for the reference
             // pod (REVIEW-3 4.4; docs/model.md 7).
             {"backend_port_speed",
              static_cast<FigureSet>(F::read | F::write | F::racks | typical_power | max_power)},
             {"height", figure_set(F::racks)},
             {"power", typical_power},
             {"max_power", max_power}});
    collect(out, hw.ec->id, hw.ec->provenance,
            {{"parity", figure_set(F::usable)},
             {"min_data_strips", figure_set(F::usable)},
             {"max_data_strips", figure_set(F::usable)},
             {"excluded_ssds", figure_set(F::usable)},
             {"strips_per_dbox", figure_set(F::usable)},
             {"strips_per_rack", figure_set(F::usable)},
             {"steps", figure_set(F::usable)},
             {"reserve", figure_set(F::usable)}});
    collect(out, hw.network_switch->id, hw.network_switch->provenance,
            {{"ports", switch_count},
             {"port_modes", switch_count},
             {"uplink_speed", switch_count},
             {"downlink_fraction", switch_count},
             {"roles", switch_count},
             {"height", figure_set(F::racks)},
             {"power", typical_power},
             {"max_power", max_power}});
    collect(out, hw.rack->id, hw.rack->provenance,
            {{"usable", figure_set(F::racks)}, {"power_budget", figure_set(F::racks)}});
    return out;
}

AssumptionCache& AssumptionCache::operator=(const AssumptionCache& other) {
    if (this != &other) {
        clear();
    }
    return *this;
}

std::vector<AssumedFigure> AssumptionCache::of(const HardwareChoice& hw, PowerBasis basis) const {
    const Key key{hw.cnode, hw.dbox, hw.ec, hw.network_switch, hw.rack, basis};
    const std::lock_guard lock(mutex_);
    auto it = entries_.find(key);
    if (it == entries_.end()) {
        it = entries_.emplace(key, design_assumptions(hw, basis)).first;
    }
    return it->second;
}

void AssumptionCache::clear() {
    const std::lock_guard lock(mutex_);
    entries_.clear();
}

std::vector<AssumedFigure> reference_assumptions(const ReferenceSystem& ref) {
    // docs/extrapolation-and-comparison.md §3: racks from racks per EB, power
    // = racks × power per rack, throughput per 100 PB, accounts from the
    // per-account capacity.
    std::vector<AssumedFigure> out;
    collect(out, ref.id, ref.provenance,
            {{"racks_per_eb", F::racks | F::power},
             {"power_per_rack", figure_set(F::power)},
             {"read_per_100pb", figure_set(F::read)},
             {"write_per_100pb", figure_set(F::write)},
             {"raw_per_usable", figure_set(F::raw)},
             {"account_capacity", F::accounts | F::subscriptions},
             {"accounts_per_subscription", figure_set(F::subscriptions)}});
    return out;
}

std::vector<AssumedFigure> platform_assumptions(const GpuPlatform& platform) {
    std::vector<AssumedFigure> out;
    collect(out, platform.id, platform.provenance,
            {{"power_per_su", figure_set(F::gpus_fed)}, {"gpus_per_su", figure_set(F::gpus_fed)}});
    return out;
}

std::vector<std::string> assumption_ids(const std::vector<AssumedFigure>& all, FigureSet wanted) {
    std::vector<std::string> ids;
    for (const AssumedFigure& a : all) {
        if ((a.figures & wanted) != 0 && std::find(ids.begin(), ids.end(), a.id) == ids.end()) {
            ids.push_back(a.id);
        }
    }
    return ids;
}

void merge_ids(std::vector<std::string>& ids, const std::vector<std::string>& more) {
    for (const std::string& id : more) {
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
            ids.push_back(id);
        }
    }
}

} // namespace podsizer

#include "podsizer/core/rack_layout.hpp"

#include "podsizer/core/counting.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <string>

namespace podsizer {

namespace {

struct Kind {
    DeviceRole role;
    std::int64_t count;
    int height;
    Power power; ///< on the demand's basis: what the budget is checked on
    Power typical;
    Power max;
    std::string_view model; ///< the catalog entry's id, which outlives the plan
};

/// Racks [begin, end) holding the same number of each kind so far. The even
/// spread splits the racks into a handful of such runs, so a rack count is
/// tried in time independent of the number of racks: the optimiser plans
/// thousands of designs and this is its inner loop.
struct Run {
    std::int64_t begin = 0;
    std::int64_t end = 0;
    std::array<std::int64_t, 3> counts{}; ///< per kind (D-boxes, C-nodes, switches)
    double watts = 0.0;                   ///< accumulated kind by kind, as per rack
    std::int64_t take = 0;                ///< racks of this run that get one more
};

struct Spread {
    std::vector<Run> runs;
    std::vector<Run> next;
    std::vector<double> levels;
};

// Per-rack counts of each kind over `racks` racks. Every kind is spread
// evenly (counts differ by at most one); the racks that get one more of a kind
// are those drawing the least power so far (ties: the lower rack number), so
// the leftovers of different kinds do not pile up in the same racks and blow
// the power budget. Racks drawing the same power form a level; levels are
// served from the lowest, each in rack order, which is what a stable sort of
// the racks by power would give.
void spread(const std::vector<Kind>& kinds, std::int64_t racks, Spread& sp) {
    sp.runs.assign(1, Run{0, racks, {}, 0.0, 0});
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        const std::int64_t base = kinds[k].count / racks;
        std::int64_t extra = kinds[k].count % racks;
        sp.levels.clear();
        for (const Run& r : sp.runs) {
            if (std::find(sp.levels.begin(), sp.levels.end(), r.watts) == sp.levels.end()) {
                sp.levels.push_back(r.watts);
            }
        }
        std::sort(sp.levels.begin(), sp.levels.end());
        for (Run& r : sp.runs) {
            r.take = 0;
        }
        for (double level : sp.levels) {
            for (Run& r : sp.runs) {
                if (extra == 0) {
                    break;
                }
                if (r.watts == level) {
                    r.take = std::min(extra, r.end - r.begin);
                    extra -= r.take;
                }
            }
        }
        sp.next.clear();
        const double w = kinds[k].power.base();
        auto add = [&](const Run& from, std::int64_t b, std::int64_t e, std::int64_t n) {
            Run r = from;
            r.begin = b;
            r.end = e;
            r.counts[k] = n;
            r.watts += static_cast<double>(n) * w;
            const auto same = [](const Run& x, const Run& y) {
                return x.counts[0] == y.counts[0] && x.counts[1] == y.counts[1] &&
                       x.counts[2] == y.counts[2];
            };
            if (!sp.next.empty() && same(sp.next.back(), r)) {
                sp.next.back().end = e; // same contents: one run
            } else {
                sp.next.push_back(r);
            }
        };
        for (const Run& r : sp.runs) {
            if (r.take > 0) {
                add(r, r.begin, r.begin + r.take, base + 1);
            }
            if (r.begin + r.take < r.end) {
                add(r, r.begin + r.take, r.end, base);
            }
        }
        std::swap(sp.runs, sp.next);
    }
}

bool fits(const std::vector<Kind>& kinds, const std::vector<Run>& runs, RackUnits usable,
          Power budget) {
    for (const Run& r : runs) {
        double u = 0.0;
        double w = 0.0;
        for (std::size_t k = 0; k < kinds.size(); ++k) {
            u += static_cast<double>(r.counts[k]) * kinds[k].height;
            w += static_cast<double>(r.counts[k]) * kinds[k].power.base();
        }
        if (u > usable.base() + 1e-9 || w > budget.base() * (1.0 + 1e-12)) {
            return false;
        }
    }
    return true;
}

/// The kinds of device to place, in deal order, which is also the
/// bottom-to-top order: heavy enclosures low, switches last.
std::vector<Kind> kinds_of(const RackDemand& demand) {
    std::vector<Kind> kinds;
    auto add = [&](DeviceRole role, std::int64_t count, const auto* model) {
        if (model != nullptr && count > 0) {
            const Power max = max_draw(model->power, model->max_power);
            kinds.push_back({role, count, static_cast<int>(std::lround(model->height.base())),
                             demand.basis == PowerBasis::max ? max : model->power, model->power,
                             max, model->id});
        }
    };
    add(DeviceRole::dbox, demand.dboxes, demand.dbox);
    add(DeviceRole::cnode, demand.cnodes, demand.cnode);
    add(DeviceRole::network_switch, demand.switches, demand.network_switch);
    return kinds;
}

/// Racks the totals need by space and by power, and whether any device is
/// larger than a whole rack.
void size_by_totals(const std::vector<Kind>& kinds, RackUnits usable, Power budget,
                    RackPlan& plan) {
    double total_u = 0.0;
    double total_w = 0.0;
    for (const Kind& k : kinds) {
        total_u += static_cast<double>(k.count) * k.height;
        total_w += static_cast<double>(k.count) * k.power.base();
        if (k.height > usable.base() || k.power > budget) {
            plan.device_too_big = true;
        }
    }
    plan.racks_for_space = ceil_ratio(total_u, usable.base());
    plan.racks_for_power = ceil_ratio(total_w, budget.base());
}

/// The "C-node 17" label of a slot, built in place: batches and sweeps lay out
/// thousands of designs, and the label fits the string's inline buffer.
void label_slot(RackSlot& slot, std::string_view role_name, std::int64_t number) {
    // Made in a buffer and assigned once: one copy into the string instead of
    // three appends, each checking its capacity (docs/performance.md).
    char text[48];
    const std::size_t name = std::min(role_name.size(), sizeof text - 22);
    std::memcpy(text, role_name.data(), name);
    text[name] = ' ';
    const auto end = std::to_chars(text + name + 1, text + sizeof text, number).ptr;
    slot.label.assign(text, static_cast<std::size_t>(end - text));
}

/// Places `n` devices of `kind` in `rack` from `next_u` upwards; without
/// `slots`, only the rack's counts, U and draw (the same sums, in the same order).
void place(Rack& rack, const Kind& kind, std::int64_t n, int& next_u, std::int64_t& next_number,
           bool slots) {
    const std::string_view role_name = to_string(kind.role);
    for (std::int64_t j = 0; j < n; ++j) {
        if (slots) {
            RackSlot& slot = rack.slots.emplace_back();
            slot.u = next_u;
            slot.height = kind.height;
            slot.role = kind.role;
            slot.model.assign(kind.model);
            slot.power = kind.typical;
            slot.max_power = kind.max;
            label_slot(slot, role_name, next_number++);
        }
        next_u += kind.height;
        rack.used += RackUnits::from_base(kind.height);
        rack.power += kind.typical;
        rack.max_power += kind.max;
        switch (kind.role) {
        case DeviceRole::cnode:
            ++rack.cnodes;
            break;
        case DeviceRole::dbox:
            ++rack.dboxes;
            break;
        case DeviceRole::network_switch:
            ++rack.switches;
            break;
        }
    }
}

/// Switches go to the top of the rack: moves them up to the last usable U.
void switches_to_top(Rack& rack, RackUnits usable) {
    int top = static_cast<int>(std::lround(usable.base())) + 1;
    for (auto it = rack.slots.rbegin(); it != rack.slots.rend(); ++it) {
        if (it->role != DeviceRole::network_switch) {
            break;
        }
        top -= it->height;
        it->u = top;
    }
}

/// The U-by-U contents of every rack, from the spread's runs.
void fill_racks(const std::vector<Kind>& kinds, const std::vector<Run>& runs, RackUnits usable,
                RackPlan& plan, bool slots) {
    plan.racks.resize(static_cast<std::size_t>(plan.count));
    std::vector<std::int64_t> next_number(kinds.size(), 1);
    for (const Run& r : runs) {
        std::int64_t in_rack = 0;
        for (std::size_t k = 0; k < kinds.size(); ++k) {
            in_rack += r.counts[k];
        }
        for (std::int64_t i = r.begin; i < r.end; ++i) {
            Rack& rack = plan.racks[static_cast<std::size_t>(i)];
            rack.index = static_cast<int>(i + 1);
            if (slots) {
                rack.slots.reserve(static_cast<std::size_t>(in_rack));
            }
            int next_u = 1;
            for (std::size_t k = 0; k < kinds.size(); ++k) {
                place(rack, kinds[k], r.counts[k], next_u, next_number[k], slots);
            }
        }
    }
    for (Rack& rack : plan.racks) {
        switches_to_top(rack, usable);
    }
}

/// Names each switch by its fabric tier, in rack order from the bottom:
/// leaves first, then spines, then super-spines ("Leaf 3", "Spine 1"), so a
/// drawing or the Racks sheet tells them apart.
void label_tiers(const RackDemand& demand, std::vector<Rack>& racks) {
    if (demand.leaf_switches + demand.spine_switches == 0) {
        return;
    }
    std::int64_t n = 0;
    for (Rack& rack : racks) {
        for (RackSlot& slot : rack.slots) {
            if (slot.role != DeviceRole::network_switch) {
                continue;
            }
            ++n;
            slot.label.clear();
            if (n <= demand.leaf_switches) {
                slot.tier = SwitchTier::leaf;
                label_slot(slot, "Leaf", n);
            } else if (n <= demand.leaf_switches + demand.spine_switches) {
                slot.tier = SwitchTier::spine;
                label_slot(slot, "Spine", n - demand.leaf_switches);
            } else {
                slot.tier = SwitchTier::super_spine;
                label_slot(slot, "Super-spine", n - demand.leaf_switches - demand.spine_switches);
            }
        }
    }
}

/// The fullest rack's draw on the basis and the highest maximum draw of any
/// rack, from the runs (so a count without slots has them too).
void peaks(const std::vector<Kind>& kinds, const std::vector<Run>& runs, RackPlan& plan) {
    for (const Run& r : runs) {
        double on_basis = 0.0;
        double max = 0.0;
        for (std::size_t k = 0; k < kinds.size(); ++k) {
            on_basis += static_cast<double>(r.counts[k]) * kinds[k].power.base();
            max += static_cast<double>(r.counts[k]) * kinds[k].max.base();
        }
        plan.peak = std::max(plan.peak, Power::from_base(on_basis));
        plan.peak_max = std::max(plan.peak_max, Power::from_base(max));
    }
}

} // namespace

RackPlan plan_racks(const RackDemand& demand, RackUnits usable, Power budget, bool with_slots) {
    return plan_racks(demand, usable, budget, with_slots ? RackDetail::slots : RackDetail::counts);
}

RackPlan plan_racks(const RackDemand& demand, RackUnits usable, Power budget, RackDetail detail) {
    const std::vector<Kind> kinds = kinds_of(demand);
    RackPlan plan;
    size_by_totals(kinds, usable, budget, plan);
    if (plan.device_too_big || kinds.empty()) {
        return plan;
    }
    std::int64_t racks =
        std::max({plan.racks_for_space, plan.racks_for_power, demand.min_racks, std::int64_t{1}});
    std::int64_t device_count = 0;
    for (const Kind& k : kinds) {
        device_count += k.count;
    }
    // Each added rack takes devices away from the fullest racks; with a rack
    // per device every rack fits (each device fits on its own), so this ends.
    Spread sp;
    // Three kinds split the racks into at most 2^3 runs: no vector grows.
    sp.runs.reserve(8);
    sp.next.reserve(8);
    sp.levels.reserve(8);
    spread(kinds, racks, sp);
    while (!fits(kinds, sp.runs, usable, budget) && racks < device_count) {
        ++racks;
        spread(kinds, racks, sp);
    }
    plan.count = racks;
    peaks(kinds, sp.runs, plan);
    if (detail != RackDetail::counts) {
        fill_racks(kinds, sp.runs, usable, plan, detail == RackDetail::slots);
        label_tiers(demand, plan.racks);
        for (Rack& rack : plan.racks) {
            rack.cooling =
                cooling_class(demand.basis == PowerBasis::max ? rack.max_power : rack.power);
        }
    }
    return plan;
}

} // namespace podsizer

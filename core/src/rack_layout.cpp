#include "podsizer/core/rack_layout.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>

namespace podsizer {

namespace {

std::int64_t ceil_div_d(double a, double b) {
    return b <= 0.0 ? 0 : static_cast<std::int64_t>(std::ceil(a / b - 1e-9));
}

struct Kind {
    DeviceRole role;
    std::int64_t count;
    int height;
    Power power;
    std::string model;
};

// Per-rack counts of each kind over `racks` racks. Every kind is spread
// evenly (counts differ by at most one); the racks that get one more of a kind
// are those drawing the least power so far, so the leftovers of different
// kinds do not pile up in the same racks and blow the power budget.
std::vector<std::vector<std::int64_t>> allocate(const std::vector<Kind>& kinds,
                                                std::int64_t racks) {
    const auto n_racks = static_cast<std::size_t>(racks);
    std::vector<std::vector<std::int64_t>> counts(kinds.size(),
                                                  std::vector<std::int64_t>(n_racks, 0));
    std::vector<double> watts(n_racks, 0.0);
    std::vector<std::size_t> order(n_racks);
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        const std::int64_t base = kinds[k].count / racks;
        const auto extra = static_cast<std::size_t>(kinds[k].count % racks);
        for (std::size_t i = 0; i < n_racks; ++i) {
            order[i] = i;
        }
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return watts[a] < watts[b]; });
        for (std::size_t i = 0; i < n_racks; ++i) {
            counts[k][i] = base;
        }
        for (std::size_t i = 0; i < extra; ++i) {
            ++counts[k][order[i]];
        }
        for (std::size_t i = 0; i < n_racks; ++i) {
            watts[i] += static_cast<double>(counts[k][i]) * kinds[k].power.base();
        }
    }
    return counts;
}

bool fits(const std::vector<Kind>& kinds, const std::vector<std::vector<std::int64_t>>& counts,
          RackUnits usable, Power budget) {
    const std::size_t n_racks = counts.empty() ? 0 : counts[0].size();
    for (std::size_t i = 0; i < n_racks; ++i) {
        double u = 0.0;
        double w = 0.0;
        for (std::size_t k = 0; k < kinds.size(); ++k) {
            u += static_cast<double>(counts[k][i]) * kinds[k].height;
            w += static_cast<double>(counts[k][i]) * kinds[k].power.base();
        }
        if (u > usable.base() + 1e-9 || w > budget.base() * (1.0 + 1e-12)) {
            return false;
        }
    }
    return true;
}

} // namespace

RackPlan plan_racks(const RackDemand& demand, RackUnits usable, Power budget) {
    std::vector<Kind> kinds;
    // Deal order is also the bottom-to-top order: heavy enclosures low.
    if (demand.dbox != nullptr && demand.dboxes > 0) {
        kinds.push_back({DeviceRole::dbox, demand.dboxes,
                         static_cast<int>(std::lround(demand.dbox->height.base())),
                         demand.dbox->power, demand.dbox->id});
    }
    if (demand.cnode != nullptr && demand.cnodes > 0) {
        kinds.push_back({DeviceRole::cnode, demand.cnodes,
                         static_cast<int>(std::lround(demand.cnode->height.base())),
                         demand.cnode->power, demand.cnode->id});
    }
    if (demand.network_switch != nullptr && demand.switches > 0) {
        kinds.push_back({DeviceRole::network_switch, demand.switches,
                         static_cast<int>(std::lround(demand.network_switch->height.base())),
                         demand.network_switch->power, demand.network_switch->id});
    }

    RackPlan plan;
    double total_u = 0.0;
    double total_w = 0.0;
    for (const Kind& k : kinds) {
        total_u += static_cast<double>(k.count) * k.height;
        total_w += static_cast<double>(k.count) * k.power.base();
        if (k.height > usable.base() || k.power > budget) {
            plan.device_too_big = true;
        }
    }
    plan.racks_for_space = ceil_div_d(total_u, usable.base());
    plan.racks_for_power = ceil_div_d(total_w, budget.base());
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
    std::vector<std::vector<std::int64_t>> counts = allocate(kinds, racks);
    while (!fits(kinds, counts, usable, budget) && racks < device_count) {
        ++racks;
        counts = allocate(kinds, racks);
    }

    plan.racks.resize(static_cast<std::size_t>(racks));
    std::vector<std::int64_t> next_number(kinds.size(), 1);
    for (std::size_t i = 0; i < plan.racks.size(); ++i) {
        Rack& rack = plan.racks[i];
        rack.index = static_cast<int>(i + 1);
        int next_u = 1;
        std::int64_t in_rack = 0;
        for (std::size_t k = 0; k < kinds.size(); ++k) {
            in_rack += counts[k][i];
        }
        // Batches and sweeps lay out thousands of designs: build each slot in
        // place, without reallocating the rack's slots or temporary strings.
        rack.slots.reserve(static_cast<std::size_t>(in_rack));
        // Bottom to top in kind order: D-boxes, C-nodes, switches.
        for (std::size_t k = 0; k < kinds.size(); ++k) {
            const Kind& kind = kinds[k];
            const std::string_view role_name = to_string(kind.role);
            for (std::int64_t j = 0; j < counts[k][i]; ++j) {
                RackSlot& slot = rack.slots.emplace_back();
                slot.u = next_u;
                slot.height = kind.height;
                slot.role = kind.role;
                slot.model = kind.model;
                slot.power = kind.power;
                // "C-node 17": short enough for the string's inline buffer.
                char number[24];
                const auto end =
                    std::to_chars(number, number + sizeof number, next_number[k]++).ptr;
                slot.label.reserve(role_name.size() + 1 + static_cast<std::size_t>(end - number));
                slot.label.append(role_name).append(1, ' ').append(number, end);
                next_u += kind.height;
                rack.used += RackUnits::from_base(kind.height);
                rack.power += kind.power;
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
    }
    // Switches go to the top of the rack: move them up to the last usable U.
    for (Rack& rack : plan.racks) {
        int top = static_cast<int>(std::lround(usable.base())) + 1;
        for (auto it = rack.slots.rbegin(); it != rack.slots.rend(); ++it) {
            if (it->role != DeviceRole::network_switch) {
                break;
            }
            top -= it->height;
            it->u = top;
        }
    }
    return plan;
}

} // namespace podsizer

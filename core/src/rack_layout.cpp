#include "podsizer/core/rack_layout.hpp"

#include <algorithm>
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

// Per-rack counts when `n` devices are dealt round-robin over `racks` racks,
// starting at rack `offset`: counts differ by at most one.
std::int64_t share(std::int64_t n, std::int64_t racks, std::int64_t offset, std::int64_t i) {
    const std::int64_t base = n / racks;
    const std::int64_t extra = n % racks;
    const std::int64_t pos = ((i - offset) % racks + racks) % racks;
    return base + (pos < extra ? 1 : 0);
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
    // Each added rack takes devices away from the fullest rack; once there is
    // a rack per device, every rack fits (each device fits on its own).
    for (; racks <= device_count; ++racks) {
        bool fits = true;
        for (std::int64_t i = 0; i < racks && fits; ++i) {
            double u = 0.0;
            double w = 0.0;
            std::int64_t offset = 0;
            for (const Kind& k : kinds) {
                const std::int64_t n = share(k.count, racks, offset, i);
                u += static_cast<double>(n) * k.height;
                w += static_cast<double>(n) * k.power.base();
                offset = (offset + k.count % racks) % racks;
            }
            fits = u <= usable.base() + 1e-9 && w <= budget.base() * (1.0 + 1e-12);
        }
        if (fits) {
            break;
        }
    }

    plan.racks.resize(static_cast<std::size_t>(racks));
    std::int64_t offset = 0;
    std::vector<std::int64_t> next_number(kinds.size(), 1);
    for (std::int64_t i = 0; i < racks; ++i) {
        Rack& rack = plan.racks[static_cast<std::size_t>(i)];
        rack.index = static_cast<int>(i + 1);
    }
    std::vector<int> next_u(static_cast<std::size_t>(racks), 1);
    for (std::size_t kk = 0; kk < kinds.size(); ++kk) {
        const Kind& k = kinds[kk];
        for (std::int64_t i = 0; i < racks; ++i) {
            Rack& rack = plan.racks[static_cast<std::size_t>(i)];
            const std::int64_t n = share(k.count, racks, offset, i);
            for (std::int64_t j = 0; j < n; ++j) {
                RackSlot slot;
                slot.u = next_u[static_cast<std::size_t>(i)];
                slot.height = k.height;
                slot.role = k.role;
                slot.model = k.model;
                slot.power = k.power;
                slot.label = std::string(to_string(k.role)) + " " + std::to_string(next_number[kk]++);
                next_u[static_cast<std::size_t>(i)] += k.height;
                rack.used += RackUnits::from_base(k.height);
                rack.power += k.power;
                switch (k.role) {
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
                rack.slots.push_back(std::move(slot));
            }
        }
        offset = (offset + k.count % racks) % racks;
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

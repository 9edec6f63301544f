#include "podsizer/reports/rack_kinds.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <tuple>

namespace podsizer {

namespace {

/// What makes two racks the same: each device's place, size, kind and model,
/// and the cooling class (which follows from the power).
using Signature = std::vector<std::tuple<int, int, int, int, std::string>>;

Signature signature_of(const Rack& r) {
    Signature s;
    s.reserve(r.slots.size() + 1);
    s.emplace_back(-1, 0, static_cast<int>(r.cooling), 0, std::string());
    for (const RackSlot& slot : r.slots) {
        s.emplace_back(slot.u, slot.height, static_cast<int>(slot.role),
                       static_cast<int>(slot.tier), slot.model);
    }
    std::sort(s.begin(), s.end());
    return s;
}

bool same_device(const RackSlot& a, const RackSlot& b) {
    return a.role == b.role && a.tier == b.tier && a.model == b.model && a.height == b.height;
}

} // namespace

std::vector<RackKind> rack_kinds(const Design& d) {
    std::vector<RackKind> kinds;
    std::map<Signature, std::size_t> index;
    for (std::size_t i = 0; i < d.layout.size(); ++i) {
        auto [it, added] = index.try_emplace(signature_of(d.layout[i]), kinds.size());
        if (added) {
            kinds.emplace_back();
        }
        kinds[it->second].racks.push_back(i);
    }
    return kinds;
}

std::string rack_numbers_text(const Design& d, const RackKind& k) {
    std::string out;
    for (std::size_t i = 0; i < k.racks.size();) {
        std::size_t j = i;
        while (j + 1 < k.racks.size() &&
               d.layout[k.racks[j + 1]].index == d.layout[k.racks[j]].index + 1) {
            ++j;
        }
        out += fmt::format("{}{}", out.empty() ? "" : ", ", d.layout[k.racks[i]].index);
        if (j > i) {
            out += fmt::format("\u2013{}", d.layout[k.racks[j]].index);
        }
        i = j + 1;
    }
    return out;
}

std::vector<DeviceRun> device_runs(const Rack& r, int height) {
    std::vector<const RackSlot*> slots;
    for (const RackSlot& s : r.slots) {
        slots.push_back(&s);
    }
    std::sort(slots.begin(), slots.end(),
              [](const RackSlot* a, const RackSlot* b) { return a->u < b->u; });
    std::vector<DeviceRun> runs;
    int u = 1;
    for (const RackSlot* s : slots) {
        if (s->u > u) {
            runs.push_back({u, s->u - 1, nullptr, 0});
        }
        DeviceRun* last = runs.empty() ? nullptr : &runs.back();
        if (last != nullptr && last->slot != nullptr && last->last + 1 == s->u &&
            same_device(*last->slot, *s)) {
            last->last = s->u + s->height - 1;
            ++last->devices;
        } else {
            runs.push_back({s->u, s->u + s->height - 1, s, 1});
        }
        u = std::max(u, s->u + s->height);
    }
    if (u <= height) {
        runs.push_back({u, height, nullptr, 0});
    }
    return runs;
}

std::string device_kind_text(const RackSlot& s) {
    if (s.role == DeviceRole::network_switch && s.tier != SwitchTier::none) {
        return std::string(to_string(s.tier)) + " switch";
    }
    return std::string(to_string(s.role));
}

int rack_height(const Design& d) {
    int height = static_cast<int>(std::lround(d.rack_usable.base()));
    for (const Rack& r : d.layout) {
        for (const RackSlot& s : r.slots) {
            height = std::max(height, s.u + s.height - 1);
        }
    }
    return height;
}

const std::string& model_shown(const Design& d, const RackSlot& s) {
    switch (s.role) {
    case DeviceRole::cnode:
        return d.cnode_shown();
    case DeviceRole::dbox:
        return d.dbox_shown();
    case DeviceRole::network_switch:
        return d.switch_shown();
    }
    return s.model;
}

} // namespace podsizer

#include "podsizer/core/sized_by.hpp"

#include "podsizer/core/counting.hpp"
#include "podsizer/core/erasure_coding.hpp"
#include "podsizer/core/text.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace podsizer {

namespace {

// An info finding fires above this usable / need (REVIEW-3 part B item 4).
constexpr double kOversized = 1.5;

/// The need with the largest count names the reason; a count above all of
/// them was set by `above` (the failure state), added as its own need.
SizedBy reason(std::vector<CountNeed> needs, std::int64_t count, const std::string& above) {
    std::int64_t most = 0;
    for (const CountNeed& n : needs) {
        most = std::max(most, n.count);
    }
    if (count > most && !above.empty()) {
        needs.push_back({above, count});
    }
    SizedBy s;
    s.needs = std::move(needs);
    for (const CountNeed& n : s.needs) {
        if (n.count == count) {
            s.by = n.requirement;
            break;
        }
    }
    if (s.by.empty() && !s.needs.empty()) {
        s.by = std::max_element(s.needs.begin(), s.needs.end(), [](const auto& a, const auto& b) {
                   return a.count < b.count;
               })->requirement;
    }
    return s;
}

std::string state_name(const Constraints& cons) {
    if (cons.size_for != SizeFor::intact) {
        return std::string(size_for_words(cons.size_for));
    }
    return cons.headroom > 0.0 ? "headroom" : "";
}

std::vector<CountNeed> cnode_needs(const Design& d, const OptionSpec& opt, const HardwareChoice& hw,
                                   const Requirements& req, const Constraints& cons) {
    std::vector<CountNeed> n;
    const auto D = static_cast<double>(d.dboxes);
    switch (opt.cnode_sizing) {
    case CNodeSizing::fixed:
        return {{"given", opt.cnodes}};
    case CNodeSizing::ratio:
        return {
            {"C:D ratio", std::max<std::int64_t>(
                              1, ceil_to_count(D * (opt.cd_ratio ? opt.cd_ratio->c_per_d : 1.0)))}};
    case CNodeSizing::knee:
        n.push_back({"knee", floor_to_count(D * std::min(saturation(hw), cons.cd_max.c_per_d))});
        break;
    case CNodeSizing::requirement:
        n.push_back({"C:D minimum", ceil_to_count(D * cons.cd_min.c_per_d)});
        break;
    }
    if (req.read.base() > 0.0) {
        n.push_back({"read", ceil_to_count(req.read / cnode_read(hw))});
    }
    if (req.write.base() > 0.0) {
        n.push_back({"write", ceil_to_count(req.write / cnode_write(hw))});
    }
    if (cons.headroom > 0.0 && (req.read.base() > 0.0 || req.write.base() > 0.0)) {
        const double k = 1.0 + cons.headroom;
        n.push_back({"headroom", std::max(ceil_to_count(req.read * k / cnode_read(hw)),
                                          ceil_to_count(req.write * k / cnode_write(hw)))});
    }
    return n;
}

std::vector<CountNeed> dbox_needs(const OptionSpec& opt, const HardwareChoice& hw,
                                  const Requirements& req, const Constraints& cons) {
    if (opt.dboxes > 0) {
        return {{"given", opt.dboxes}};
    }
    std::vector<CountNeed> n;
    const EcLayout layout = cons.effective_layout();
    if (req.usable.base() > 0.0) {
        n.push_back(
            {"capacity", dboxes_for_capacity(*hw.dbox, hw.drive, req.usable, *hw.ec, layout)});
    }
    const bool ha = layout == EcLayout::dbox_ha || layout == EcLayout::rack_resilient;
    n.push_back({"layout minimum",
                 std::max<std::int64_t>(
                     {hw.ec->min_dboxes, 1, ha ? hw.ec->enclosure_tolerance_min_dboxes : 0})});
    // The C-nodes the option needs, at most k per D-box (the knee, the C:D cap).
    const double per_box = std::min(saturation(hw), cons.cd_max.c_per_d);
    const double per = opt.cnode_sizing == CNodeSizing::ratio && opt.cd_ratio
                           ? std::min(opt.cd_ratio->c_per_d, saturation(hw))
                           : per_box;
    if (opt.cnode_sizing == CNodeSizing::fixed) {
        n.push_back({"C-nodes given", ceil_to_count(static_cast<double>(opt.cnodes) / per)});
    } else {
        if (req.read.base() > 0.0) {
            n.push_back(
                {"read", ceil_to_count(
                             static_cast<double>(ceil_to_count(req.read / cnode_read(hw))) / per)});
        }
        if (req.write.base() > 0.0) {
            n.push_back({"write", ceil_to_count(static_cast<double>(
                                                    ceil_to_count(req.write / cnode_write(hw))) /
                                                per)});
        }
        // The C-nodes read and write × (1 + headroom) need, as for the C-nodes.
        if (cons.headroom > 0.0 && (req.read.base() > 0.0 || req.write.base() > 0.0)) {
            const double k = 1.0 + cons.headroom;
            const auto cnodes =
                static_cast<double>(std::max(ceil_to_count(req.read * k / cnode_read(hw)),
                                             ceil_to_count(req.write * k / cnode_write(hw))));
            n.push_back({"headroom", ceil_to_count(cnodes / per)});
        }
    }
    return n;
}

} // namespace

DesignSizedBy explain_counts(const Design& d, const OptionSpec& opt, const HardwareChoice& hw,
                             const Requirements& req, const Constraints& cons) {
    DesignSizedBy s;
    const std::string above = state_name(cons);
    s.cnodes = reason(cnode_needs(d, opt, hw, req, cons), d.cnodes, above);
    // Past every need of its own, a D-box count was grown by the failure state
    // or, intact, by the rack-resilient stripe's rack width (never by the
    // headroom, which is one of its needs).
    const bool rack_width =
        cons.size_for == SizeFor::intact && cons.effective_layout() == EcLayout::rack_resilient;
    s.dboxes = reason(dbox_needs(opt, hw, req, cons), d.dboxes,
                      cons.size_for != SizeFor::intact ? above
                      : rack_width                     ? "rack width"
                                                       : "");
    std::vector<CountNeed> racks{{"space", d.racks_for_space}, {"power", d.racks_for_power}};
    if (cons.effective_layout() == EcLayout::rack_resilient) {
        racks.push_back({"layout minimum", std::max(1, hw.ec->rack_resilience_min_racks)});
    }
    s.racks = reason(std::move(racks), d.racks, "placement");
    s.switches = reason({{"ports", d.switches()}}, d.switches(), "");
    return s;
}

void add_oversize_finding(Design& d) {
    const Capacity need = d.requirements.usable;
    if (!(need.base() > 0.0) || d.usable.base() <= kOversized * need.base()) {
        return;
    }
    std::string alone;
    for (const CountNeed& n : d.sized_by.dboxes.needs) {
        if (n.requirement == "capacity") {
            alone = fmt::format("; capacity alone needs {}", n.count);
        }
    }
    d.findings.push_back(
        Finding(FindingCode::oversized,
                "usable capacity {} is {}x the {} needed: the {} D-boxes are set by {}{}",
                figure::in(d.usable, units::PB, 1), figure::number(d.usable / need, 1),
                figure::in(need, units::PB, 1), figure::count(d.dboxes),
                figure::text(d.sized_by.dboxes.by.empty() ? std::string("the sizing mode")
                                                          : d.sized_by.dboxes.by),
                figure::text(std::move(alone))));
}

} // namespace podsizer

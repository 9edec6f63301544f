#include "design_findings.hpp"

#include "podsizer/core/checkpoint_plan.hpp"
#include "podsizer/core/counting.hpp"
#include "podsizer/core/erasure_coding.hpp"
#include "podsizer/core/network.hpp"
#include "podsizer/core/requirements.hpp"
#include "podsizer/core/text.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <string>
#include <vector>

namespace podsizer {

namespace {

std::string fmt_tp(Throughput t) {
    return format_in(t, units::GB_per_s, 1);
}

std::string percent(double fraction) {
    return percent_text(fraction, fraction < 0.1 ? 1 : 0);
}

/// Why a job's cadence does not fit the design, and what it can do instead.
std::string cadence_shortfall(const CheckpointRequirement& r, const CheckpointAtDesign& c,
                              bool concurrent) {
    const CheckpointJobModel& m = r.model;
    const std::string budget = m.mode == CheckpointMode::sync
                                   ? "sync, " + percent(m.stall_budget) + " stall budget"
                                   : "async, draining before the next";
    const std::string share =
        (concurrent ? "its share of this design's write, " : "this design's write, ") +
        fmt_tp(c.share) + ", ";
    if (m.interval) {
        return r.name + ": checkpointing every " + format_interval(*m.interval) + " (" + budget +
               ") needs " + fmt_tp(r.required_write) + "; " + share + "sustains every " +
               format_interval(c.shortest_interval) + " at best";
    }
    return r.name + ": at the Daly interval (" + budget + ") the write may take " +
           percent(job_write_budget(m)) + " of it, which needs " + fmt_tp(r.required_write) +
           "; at " + share + "a " + format_interval(c.at_share.write_time) + " write takes " +
           percent(c.at_share.write_share) + " of the " + format_interval(c.at_share.interval) +
           " interval";
}

/// Collects one design's findings: a code, a {fmt} template and its figures,
/// made into text only when a report shows it (issue 34: the optimiser and
/// the sizing search evaluate thousands of designs whose findings nobody
/// reads).
struct Findings {
    std::vector<Finding>& out;
    template <class... Figures>
    void add(FindingCode code, fmt::format_string<Figures...> text, Figures&&... figures) const {
        out.push_back(Finding(code, text, std::forward<Figures>(figures)...));
    }
};

FindingFigure tp(Throughput t) {
    return figure::in(t, units::GB_per_s, 1);
}

FindingFigure pb(Capacity c) {
    return figure::in(c, units::PB, 1);
}

FindingFigure word(std::string_view s) {
    return figure::text(std::string(s));
}

using Rule = void (*)(const Design&, const DesignInputs&, const Findings&);

void throughput_rule(const Design& d, const DesignInputs& in, const Findings& f) {
    if (!meets(d.read.base(), in.req.read.base())) {
        f.add(FindingCode::read_short, "delivers {} read; the requirement is {} ({}-bound)",
              tp(d.read), tp(in.req.read), word(to_string(d.read_bottleneck)));
    }
    if (!meets(d.write.base(), in.req.write.base())) {
        f.add(FindingCode::write_short, "delivers {} write; the requirement is {} (set by {})",
              tp(d.write), tp(in.req.write), word(in.req.write_driver));
    }
}

void checkpoint_rule(const Design& d, const DesignInputs& in, const Findings& f) {
    const CheckpointPlan& ck = in.req.checkpoints;
    for (std::size_t i = 0; i < d.checkpoints.size(); ++i) {
        const CheckpointAtDesign& c = d.checkpoints[i];
        if (!c.sustainable) {
            f.add(FindingCode::cadence_not_sustainable, "{}",
                  figure::text(cadence_shortfall(ck.jobs[i], c, ck.concurrent)));
        }
    }
    if (ck.peak_retained.base() > 0 && exceeds(ck.peak_retained.base(), d.usable.base())) {
        f.add(FindingCode::checkpoint_retention,
              "retained checkpoints need up to {}, more than the design's usable {}",
              pb(ck.peak_retained), pb(d.usable));
    }
}

void capacity_rule(const Design& d, const DesignInputs& in, const Findings& f) {
    if (!meets(d.usable.base(), in.req.usable.base())) {
        f.add(FindingCode::capacity_short, "usable {} is short of the {} needed", pb(d.usable),
              pb(in.req.usable));
    }
}

void certification_rule(const Design&, const DesignInputs& in, const Findings& f) {
    if (in.rule != nullptr && in.rule->requires_certified && !in.hw.dbox->ncp_certified) {
        f.add(FindingCode::not_certified,
              "{} is not certified for NVIDIA reference architectures; rule \"{}\" expects "
              "certified storage",
              word(in.hw.dbox->id), word(in.rule->id));
    }
}

/// A catalog figure above what the device's ports carry is capped
/// (docs/model.md §7); say so, since the catalog figure is not delivered.
void line_rate_rule(const Design&, const DesignInputs& in, const Findings& f) {
    // `ports` is formatted only for a finding: every design the optimiser
    // evaluates passes through here, and most have none.
    auto check = [&](const std::string& id, Throughput read, Throughput write, Throughput line,
                     auto ports) {
        if (line.base() <= 0.0) {
            return;
        }
        for (const auto& [what, figure] : {std::pair{"read", read}, std::pair{"write", write}}) {
            if (exceeds(figure.base(), line.base())) {
                f.add(FindingCode::line_rate_cap,
                      "{}: the catalog's {} of {} is more than its ports carry ({} = {}); the "
                      "design counts {}",
                      word(id), word(what), tp(figure), figure::text(ports()), tp(line), tp(line));
            }
        }
    };
    const CNodeModel& c = *in.hw.cnode;
    if (c.client_ports == 0 && c.client_port_speed.base() > 0.0) {
        // A port speed with no ports: the line rate would read as unknown
        // and go unchecked, yet nothing reaches the GPUs (docs/model.md §7).
        f.add(FindingCode::no_client_ports,
              "{} has no client ports: the GPUs cannot reach its {} of read", word(c.id),
              tp(c.read));
    }
    check(c.id, c.read, c.write, cnode_line_rate(c), [&] {
        return fmt::format("{} client x {}, {} backend x {}", c.client_ports,
                           format_in(c.client_port_speed, units::Gbps, 0), c.backend_ports,
                           format_in(c.backend_port_speed, units::Gbps, 0));
    });
    const DBoxModel& b = *in.hw.dbox;
    check(b.id, b.backend_read, b.backend_write, dbox_line_rate(b), [&] {
        return fmt::format("{} x {}", b.backend_ports,
                           format_in(b.backend_port_speed, units::Gbps, 0));
    });
}

/// A fabric the switch model cannot build, or builds only at a lower port
/// speed (docs/model.md §8).
void fabric_rule(const Design& d, const DesignInputs& in, const Findings& f) {
    const SwitchModel& sw = *in.hw.network_switch;
    const Fabric fab =
        plan_fabric(*in.hw.cnode, d.cnodes, *in.hw.dbox, d.dboxes, sw, in.cons.client_network);
    const LeafPlan& leaf = fab.leaf;
    auto n = [](std::int64_t v) { return figure::grouped(v); };
    auto speed = [&] { // only for a finding
        return figure::text(leaf.port_speed.base() > 0.0
                                ? " at " + format_in(leaf.port_speed, units::Gbps, 0)
                                : std::string());
    };
    if (leaf.device_too_fast) {
        f.add(FindingCode::switch_port_speed,
              "the devices' {} ports are faster than any port mode of {}; counted{}, so the "
              "fabric carries less than the devices' line rate",
              figure::in(device_port_speed(*in.hw.cnode, *in.hw.dbox, in.cons.client_network),
                         units::Gbps, 0),
              word(sw.id), speed());
    }
    const std::int64_t two_tier = saturating_product(leaf.uplink_ports, leaf.down);
    if (fab.too_large) {
        f.add(FindingCode::fabric_too_large,
              "{} device ports are more than three tiers of {} hold ({}{}): split the cluster or "
              "choose a switch with more ports",
              n(fab.ports), word(sw.id),
              n(saturating_product(saturating_product(leaf.uplink_ports, leaf.uplink_ports / 2),
                                   leaf.down)),
              speed());
    } else if (fab.missing_role) {
        f.add(FindingCode::fabric_too_large,
              "{} device ports need {} leaves and {}, but the catalog does not let {} be a {} "
              "(its roles)",
              n(fab.ports), n(fab.leaves),
              figure::text(fab.tiers == 3
                               ? "a third tier (a two-tier fabric of " + sw.id + " holds " +
                                     format_number(static_cast<double>(two_tier), 0) +
                                     speed().words + ")"
                               : std::string("spines")),
              word(sw.id), word(to_string(*fab.missing_role)));
    } else if (fab.tiers == 3) {
        f.add(FindingCode::fabric_three_tiers,
              "{} device ports are more than a two-tier fabric of {} holds ({}{}): {} leaf/spine "
              "pods under {} super-spines",
              n(fab.ports), word(sw.id), n(two_tier), speed(), n(fab.pods), n(fab.super_spines));
    }
}

void knee_rule(const Design& d, const DesignInputs&, const Findings& f) {
    if (d.cnodes > d.knee_cnodes) {
        f.add(FindingCode::past_knee,
              "{} of {} C-nodes are past the knee: {} D-boxes keep {} busy, more buy no throughput",
              figure::count(d.cnodes - d.knee_cnodes), figure::count(d.cnodes),
              figure::count(d.dboxes), figure::count(d.knee_cnodes));
    }
}

void cd_ratio_rule(const Design& d, const DesignInputs& in, const Findings& f) {
    const double cd =
        d.dboxes > 0 ? static_cast<double>(d.cnodes) / static_cast<double>(d.dboxes) : 0.0;
    if (!meets(cd, in.cons.cd_min.c_per_d)) {
        f.add(FindingCode::cd_below_min, "C:D is {}, below the minimum {}",
              figure::text(format_cd_ratio(cd)), word(in.cons.cd_min.text));
    }
    if (exceeds(cd, in.cons.cd_max.c_per_d)) {
        f.add(FindingCode::cd_above_max, "C:D is {}, above the maximum {}",
              figure::text(format_cd_ratio(cd)), word(in.cons.cd_max.text));
    }
}

/// The stripe `layout` would give this design's D-boxes in its racks, and
/// what it costs against the design's own: "56+4, usable −4.1 %".
std::string alternative(const Design& d, const ErasureCodingRule& ec, EcLayout layout) {
    const std::int64_t b =
        d.failure_domains > 0 ? (d.dboxes + d.failure_domains - 1) / d.failure_domains : d.dboxes;
    const Stripe alt = stripe_for(ec, layout, {d.dboxes, d.drives_per_dbox, d.failure_domains, b});
    std::string text = fmt::format("{} gives {}+{}", to_string(layout), alt.data, alt.parity);
    if (d.ec_efficiency > 0.0) {
        const double change = alt.efficiency() / d.ec_efficiency - 1.0;
        if (std::abs(change) >= 0.0005) {
            text += ", usable " + std::string(change < 0 ? "−" : "+") +
                    percent_text(std::abs(change), 1);
        }
    }
    return text;
}

/// The layout's own rules, and what the design survives (docs/model.md §6).
void layout_rule(const Design& d, const DesignInputs& in, const Findings& f) {
    const ErasureCodingRule& ec = *in.hw.ec;
    const std::int64_t D = d.dboxes;
    auto layout = [&] { return word(to_string(d.ec_layout)); };
    auto count = [](std::int64_t n) { return figure::count(n); };
    const bool ha = d.ec_layout != EcLayout::classic;
    const bool ha_short = ha && D < ec.enclosure_tolerance_min_dboxes;
    if (ha_short) {
        f.add(FindingCode::layout_needs_dboxes, "{} needs at least {} D-boxes; the design has {}",
              layout(), count(ec.enclosure_tolerance_min_dboxes), count(D));
    }
    if (d.ec_layout == EcLayout::rack_resilient) {
        std::string problem;
        if (d.failure_domains < ec.rack_resilience_min_racks) {
            problem = fmt::format("D-boxes stand in {} racks; rack-resilient needs at least {}",
                                  d.failure_domains, ec.rack_resilience_min_racks);
        } else if (!d.layout.empty()) {
            std::vector<std::int64_t> per_rack;
            for (const Rack& r : d.layout) {
                if (r.dboxes > 0) {
                    per_rack.push_back(r.dboxes);
                }
            }
            problem = rack_balance_problem(per_rack);
        }
        if (!problem.empty()) {
            f.add(FindingCode::rack_layout_rule, "{}", figure::text(std::move(problem)));
        }
    }
    if (D < ec.min_dboxes) {
        f.add(FindingCode::below_min_cluster, "{} D-boxes is below the minimum cluster of {}",
              count(D), count(ec.min_dboxes));
    } else if (d.data_strips < ec.min_data_strips) {
        f.add(FindingCode::below_min_cluster,
              "{} D-boxes give a stripe of {} data strips; the erasure-coding rule's narrowest is "
              "{}",
              count(D), count(d.data_strips), count(ec.min_data_strips));
    }
    if (!d.tolerates_dbox_loss && !ha_short && d.stripe_width() > 0) {
        const bool ha_possible = ec.strips_per_dbox > 0;
        f.add(FindingCode::no_enclosure_tolerance,
              "{} layout: one D-box holds up to {} strips of a stripe against {} parity, so "
              "losing a whole enclosure makes data unavailable{}",
              layout(), count(d.strips_per_dbox), count(d.parity_strips),
              figure::text(!ha_possible ? std::string()
                           : D >= ec.enclosure_tolerance_min_dboxes
                               ? "; " + alternative(d, ec, EcLayout::dbox_ha)
                               : fmt::format("; dbox-ha needs at least {} D-boxes",
                                             ec.enclosure_tolerance_min_dboxes)));
    }
    if (!d.tolerates_rack_loss && d.tolerates_dbox_loss && d.racks > 0) {
        const bool rr_possible = ec.strips_per_rack > 0;
        f.add(FindingCode::not_rack_tolerant,
              "a rack holds up to {} strips of a stripe against {} parity, so losing a rack makes "
              "data unavailable{}",
              count(d.strips_per_rack), count(d.parity_strips),
              figure::text(!rr_possible ? std::string()
                           : d.failure_domains >= ec.rack_resilience_min_racks
                               ? fmt::format("; on {} racks {}", d.failure_domains,
                                             alternative(d, ec, EcLayout::rack_resilient))
                               : fmt::format("; rack-resilient needs D-boxes in at least {} racks",
                                             ec.rack_resilience_min_racks)));
    }
    const int buffer_min = in.hw.dbox->write_buffer_ha_min_dboxes;
    if (ha && buffer_min > 0 && D < buffer_min) {
        f.add(FindingCode::write_buffer_ha,
              "{} on {} {} D-boxes: the write buffer is protected with RAID 6 only from {}",
              layout(), count(D), word(in.hw.dbox->id), count(buffer_min));
    }
}

/// docs/model.md §6: what the automatic layout chose, and what it cost.
void auto_layout_rule(const Design& d, const DesignInputs& in, const Findings& f) {
    if (!d.ec_layout_auto || d.stripe_width() == 0) {
        return;
    }
    // One template per cost, the same opening in each.
    const FindingCode code = FindingCode::auto_layout;
    const FindingFigure chosen = word(to_string(d.ec_layout));
    const FindingFigure data = figure::count(d.data_strips);
    const FindingFigure parity = figure::count(d.parity_strips);
    const FindingFigure within = figure::percent(in.cons.auto_layout_threshold, 1);
    const FindingFigure widest = word(to_string(d.ec_layout_widest));
    if (d.ec_layout == d.ec_layout_widest) {
        f.add(code,
              "layout auto chose {} ({}+{}), the most resilient layout within {} of the widest "
              "layout's usable capacity: it is the widest stripe here, so it costs nothing",
              chosen, data, parity, within);
    } else if (d.ec_layout_cost <= 1e-12) {
        f.add(code,
              "layout auto chose {} ({}+{}), the most resilient layout within {} of the widest "
              "layout's usable capacity: its stripe is as wide as {}'s, so it costs nothing",
              chosen, data, parity, within, widest);
    } else {
        f.add(code,
              "layout auto chose {} ({}+{}), the most resilient layout within {} of the widest "
              "layout's usable capacity: usable capacity −{} against {}",
              chosen, data, parity, within, figure::percent(d.ec_layout_cost, 1), widest);
    }
}

/// The largest cluster the software supports (docs/model.md §6).
void platform_rule(const Design& d, const DesignInputs& in, const Findings& f) {
    const ErasureCodingRule& ec = *in.hw.ec;
    auto over = [](std::int64_t n, std::int64_t max) { return max > 0 && n > max; };
    if (!over(d.dboxes, ec.max_dboxes) && !over(d.cnodes, ec.max_cnodes)) {
        return;
    }
    auto clusters = [](std::int64_t n, std::int64_t max) {
        return max > 0 ? (n + max - 1) / max : std::int64_t{1};
    };
    const std::int64_t needed =
        std::max(clusters(d.dboxes, ec.max_dboxes), clusters(d.cnodes, ec.max_cnodes));
    const bool boxes = over(d.dboxes, ec.max_dboxes);
    f.add(FindingCode::platform_limit,
          "{} {} exceed the {} one cluster supports{}: it needs {} clusters",
          figure::grouped(boxes ? d.dboxes : d.cnodes), word(boxes ? "D-boxes" : "C-nodes"),
          figure::grouped(boxes ? ec.max_dboxes : ec.max_cnodes),
          figure::text(ec.software_version.empty() ? "" : " (" + ec.software_version + ")"),
          figure::grouped(needed));
}

void limits_rule(const Design& d, const DesignInputs& in, const Findings& f) {
    if (in.cons.max_racks && d.racks > *in.cons.max_racks) {
        f.add(FindingCode::max_racks, "{} racks exceed the limit of {}", figure::count(d.racks),
              figure::count(*in.cons.max_racks));
    }
    // Checked on the same basis as the racks (docs/model.md §10).
    if (in.cons.max_power && exceeds(d.basis_power().base(), in.cons.max_power->base())) {
        f.add(FindingCode::max_power, "{} ({}) exceeds the limit of {}",
              figure::in(d.basis_power(), units::kW, 1), word(to_string(d.constraints.power_basis)),
              figure::in(*in.cons.max_power, units::kW, 1));
    }
}

void data_reduction_rule(const Design&, const DesignInputs& in, const Findings& f) {
    if (in.data_reduction != 1.0) {
        f.add(FindingCode::data_reduction,
              "effective capacity assumes a data-reduction ratio of {}:1 (what-if, not a "
              "guarantee)",
              figure::number(in.data_reduction, 2));
    }
}

/// What a data-centre team asks of the racks (docs/model.md §10): how they
/// are cooled, and whether racks laid out on typical draw stay within their
/// budget at maximum draw.
void power_rule(const Design& d, const DesignInputs&, const Findings& f) {
    if (d.layout.empty() && d.racks == 0) {
        return;
    }
    auto kw = [](Power p, int decimals) { return figure::in(p, units::kW, decimals); };
    if (d.cooling == CoolingClass::liquid) {
        f.add(FindingCode::cooling_liquid,
              "the fullest rack draws {} ({}), above {}: it needs liquid cooling",
              kw(d.rack_peak, 1), word(to_string(d.constraints.power_basis)),
              kw(kContainmentMax, 0));
    } else if (d.cooling == CoolingClass::containment) {
        f.add(FindingCode::cooling_containment,
              "the fullest rack draws {} ({}), above {}: it needs aisle containment or a "
              "rear-door heat exchanger (most sites have no racks above 20 kW)",
              kw(d.rack_peak, 1), word(to_string(d.constraints.power_basis)), kw(kAirCooledMax, 0));
    }
    if (d.constraints.power_basis == PowerBasis::typical &&
        exceeds(d.rack_peak_max.base(), d.rack_limit.base())) {
        f.out.push_back(
            Finding(FindingCode::rack_max_over_budget,
                    "laid out on typical draw; at maximum draw the fullest rack "
                    "would draw {} of its {}: {} racks on that basis",
                    kw(d.rack_peak_max, 1), kw(d.rack_limit, 1), figure::grouped(d.racks_on_max))
                .with_hint("constraints.power_basis \"max\" lays the racks out for it"));
    }
}

// In the order the findings are listed (errors of one concern together).
constexpr Rule kRules[] = {throughput_rule,     checkpoint_rule,  capacity_rule, certification_rule,
                           line_rate_rule,      fabric_rule,      knee_rule,     cd_ratio_rule,
                           layout_rule,         auto_layout_rule, platform_rule, limits_rule,
                           data_reduction_rule, power_rule};

} // namespace

void add_design_findings(Design& d, const DesignInputs& in) {
    std::vector<Finding> found;
    const Findings sink{found};
    for (Rule rule : kRules) {
        rule(d, in, sink);
    }
    d.findings.insert(d.findings.end(), std::make_move_iterator(found.begin()),
                      std::make_move_iterator(found.end()));
}

} // namespace podsizer

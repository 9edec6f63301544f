#include "design_findings.hpp"

#include "podsizer/core/checkpoint_plan.hpp"
#include "podsizer/core/counting.hpp"
#include "podsizer/core/requirements.hpp"
#include "podsizer/core/text.hpp"

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

/// Collects one design's findings.
struct Findings {
    std::vector<Finding>& out;
    void add(Severity s, std::string code, std::string message) const {
        out.push_back({s, std::move(code), std::move(message)});
    }
};

using Rule = void (*)(const Design&, const DesignInputs&, const Findings&);

void throughput_rule(const Design& d, const DesignInputs& in, const Findings& f) {
    if (!meets(d.read.base(), in.req.read.base())) {
        f.add(Severity::error, "read-short",
              "delivers " + fmt_tp(d.read) + " read; the requirement is " + fmt_tp(in.req.read) +
                  " (" + std::string(to_string(d.read_bottleneck)) + "-bound)");
    }
    if (!meets(d.write.base(), in.req.write.base())) {
        f.add(Severity::error, "write-short",
              "delivers " + fmt_tp(d.write) + " write; the requirement is " + fmt_tp(in.req.write) +
                  " (set by " + in.req.write_driver + ")");
    }
}

void checkpoint_rule(const Design& d, const DesignInputs& in, const Findings& f) {
    const CheckpointPlan& ck = in.req.checkpoints;
    for (std::size_t i = 0; i < d.checkpoints.size(); ++i) {
        const CheckpointAtDesign& c = d.checkpoints[i];
        if (!c.sustainable) {
            f.add(Severity::error, "cadence-not-sustainable",
                  cadence_shortfall(ck.jobs[i], c, ck.concurrent));
        }
    }
    if (ck.peak_retained.base() > 0 && exceeds(ck.peak_retained.base(), d.usable.base())) {
        f.add(Severity::warning, "checkpoint-retention",
              "retained checkpoints need up to " + format_in(ck.peak_retained, units::PB, 1) +
                  ", more than the design's usable " + format_in(d.usable, units::PB, 1));
    }
}

void capacity_rule(const Design& d, const DesignInputs& in, const Findings& f) {
    if (!meets(d.usable.base(), in.req.usable.base())) {
        f.add(Severity::error, "capacity-short",
              "usable " + format_in(d.usable, units::PB, 1) + " is short of the " +
                  format_in(in.req.usable, units::PB, 1) + " needed");
    }
}

void certification_rule(const Design&, const DesignInputs& in, const Findings& f) {
    if (in.rule != nullptr && in.rule->requires_certified && !in.hw.dbox->ncp_certified) {
        f.add(Severity::warning, "not-certified",
              in.hw.dbox->id + " is not certified for NVIDIA reference architectures; rule \"" +
                  in.rule->id + "\" expects certified storage");
    }
}

void knee_rule(const Design& d, const DesignInputs&, const Findings& f) {
    if (d.cnodes > d.knee_cnodes) {
        f.add(Severity::warning, "past-knee",
              std::to_string(d.cnodes - d.knee_cnodes) + " of " + std::to_string(d.cnodes) +
                  " C-nodes are past the knee: " + std::to_string(d.dboxes) + " D-boxes keep " +
                  std::to_string(d.knee_cnodes) + " busy, more buy no throughput");
    }
}

void cd_ratio_rule(const Design& d, const DesignInputs& in, const Findings& f) {
    const double cd =
        d.dboxes > 0 ? static_cast<double>(d.cnodes) / static_cast<double>(d.dboxes) : 0.0;
    if (!meets(cd, in.cons.cd_min.c_per_d)) {
        f.add(Severity::error, "cd-below-min",
              "C:D is " + format_cd_ratio(cd) + ", below the minimum " + in.cons.cd_min.text);
    }
    if (exceeds(cd, in.cons.cd_max.c_per_d)) {
        f.add(Severity::error, "cd-above-max",
              "C:D is " + format_cd_ratio(cd) + ", above the maximum " + in.cons.cd_max.text);
    }
}

void cluster_rule(const Design& d, const DesignInputs& in, const Findings& f) {
    const ErasureCodingRule& ec = *in.hw.ec;
    const std::int64_t D = d.dboxes;
    if (ec.enclosure_tolerance_min_dboxes > 0 && D < ec.enclosure_tolerance_min_dboxes) {
        f.add(Severity::warning, "no-enclosure-tolerance",
              std::to_string(D) + " D-boxes: fewer than " +
                  std::to_string(ec.enclosure_tolerance_min_dboxes) +
                  " cannot survive the loss of a whole enclosure");
    }
    if (D < ec.min_dboxes) {
        f.add(Severity::error, "below-min-cluster",
              std::to_string(D) + " D-boxes is below the minimum cluster of " +
                  std::to_string(ec.min_dboxes));
    }
    if (!in.cons.rack_resilient && ec.rack_resilience_min_racks > 0 &&
        d.racks < ec.rack_resilience_min_racks) {
        f.add(Severity::info, "not-rack-resilient",
              std::to_string(d.racks) + " racks: rack-level resilience needs at least " +
                  std::to_string(ec.rack_resilience_min_racks));
    }
}

void limits_rule(const Design& d, const DesignInputs& in, const Findings& f) {
    if (in.cons.max_racks && d.racks > *in.cons.max_racks) {
        f.add(Severity::error, "max-racks",
              std::to_string(d.racks) + " racks exceed the limit of " +
                  std::to_string(*in.cons.max_racks));
    }
    // Checked on the same basis as the racks (docs/model.md §10).
    if (in.cons.max_power && exceeds(d.basis_power().base(), in.cons.max_power->base())) {
        f.add(Severity::error, "max-power",
              format_in(d.basis_power(), units::kW, 1) + " (" +
                  std::string(to_string(d.power_basis)) + ") exceeds the limit of " +
                  format_in(*in.cons.max_power, units::kW, 1));
    }
}

void data_reduction_rule(const Design&, const DesignInputs& in, const Findings& f) {
    if (in.data_reduction != 1.0) {
        f.add(Severity::info, "data-reduction",
              "effective capacity assumes a data-reduction ratio of " +
                  format_number(in.data_reduction, 2) + ":1 (what-if, not a guarantee)");
    }
}

/// What a data-centre team asks of the racks (docs/model.md §10): how they
/// are cooled, and whether racks laid out on typical draw stay within their
/// budget at maximum draw.
void power_rule(const Design& d, const DesignInputs&, const Findings& f) {
    if (d.layout.empty() && d.racks == 0) {
        return;
    }
    const std::string peak = format_in(d.rack_peak, units::kW, 1);
    if (d.cooling == CoolingClass::liquid) {
        f.add(Severity::warning, "cooling-liquid",
              "the fullest rack draws " + peak + " (" + std::string(to_string(d.power_basis)) +
                  "), above " + format_in(kContainmentMax, units::kW, 0) +
                  ": it needs liquid cooling");
    } else if (d.cooling == CoolingClass::containment) {
        f.add(Severity::info, "cooling-containment",
              "the fullest rack draws " + peak + " (" + std::string(to_string(d.power_basis)) +
                  "), above " + format_in(kAirCooledMax, units::kW, 0) +
                  ": it needs aisle containment or a rear-door heat exchanger (most sites "
                  "have no racks above 20 kW)");
    }
    if (d.power_basis == PowerBasis::typical &&
        exceeds(d.rack_peak_max.base(), d.rack_limit.base())) {
        f.add(Severity::warning, "rack-max-over-budget",
              "laid out on typical draw; at maximum draw the fullest rack would draw " +
                  format_in(d.rack_peak_max, units::kW, 1) + " of its " +
                  format_in(d.rack_limit, units::kW, 1) +
                  "; constraints.power_basis \"max\" lays the racks out for it");
    }
}

// In the order the findings are listed (errors of one concern together).
constexpr Rule kRules[] = {throughput_rule,     checkpoint_rule, capacity_rule, certification_rule,
                           knee_rule,           cd_ratio_rule,   cluster_rule,  limits_rule,
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

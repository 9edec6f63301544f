// The Requirement section of a design sheet: the pod's GPUs, the required
// throughput and capacity as formulas over the scenario's inputs on
// Assumptions, and whether the design meets them. Which inputs give a need
// follows the design's origin (core/design.hpp): an option with its own
// capacity, a namespace grown to a target, or the scenario's per-pod figures.
#include "workbook_design_items.hpp"

#include <optional>
#include <variant>

namespace podsizer::wb {

namespace {

/// The Assumptions group of the design's site: "Site A".
std::string site_group(const DesignContext& x) {
    return "Site " + x.entry.site->name;
}

/// GPUs of the pod and the whole scalable units they are sized as. Returns
/// "{sized_gpus}" when the platform's SU size is on Assumptions, else "".
std::string gpu_items(const DesignContext& x, std::vector<Item>& out) {
    out.push_back(mapped(x, "gpus", "GPUs in the pod", Num::integer,
                         x.entry.site != nullptr ? "the site's (Assumptions: " + site_group(x) + ")"
                                                 : "from the scenario"));
    const GpuPlatform* p = x.catalog.platform(x.platform());
    if (p == nullptr || !x.a.has("platform", p->id, "gpus_per_su")) {
        return "";
    }
    out.push_back(
        mapped(x, "sus", "Scalable units (whole)", Num::integer, "GPUs / GPUs per SU, rounded up"));
    out.push_back(
        mapped(x, "sized_gpus", "GPUs sized for", Num::integer, "requirements multiply whole SUs"));
    out.push_back(mapped(x, "read_per_gpu", "Delivered read per GPU (GB/s)", Num::three,
                         "delivered read / GPUs in the pod"));
    return "{sized_gpus}";
}

/// Where the required read and the performance rule's write come from: the
/// formulas (without "=") and how each is computed.
struct ThroughputNeed {
    std::string read, read_how;
    std::string write, write_how;
};

std::optional<ThroughputNeed> rule_or_figures_need(const DesignContext& x,
                                                   const std::string& sized);

/// The workloads' read in GB/s over their rows on Assumptions (docs/workloads.md
/// §4): Σ GPUs × batch × sample MB ÷ compute s × least AU ÷ 1,000 × speed, so
/// editing an input there moves the need; empty without workloads. A site
/// sized for its own needs runs them on its GPUs sized for (`sized`, core's
/// workload_need) or its own figure, at its platform's speed.
std::string workloads_read(const DesignContext& x, const std::string& sized) {
    std::string sum;
    for (const WorkloadNeed& w : x.d.requirements.workloads) {
        auto n = [&](const std::string& field) {
            return x.has_site(w.id + "_" + field)
                       ? x.a.name("site", site_id(*x.entry.site), w.id + "_" + field)
                       : x.a.name("workload", w.id, field);
        };
        if (!x.a.has("workload", w.id, "speed")) {
            return {};
        }
        const bool on_sized =
            x.entry.site != nullptr && !sized.empty() && !x.has_site(w.id + "_gpus");
        sum += (sum.empty() ? "" : "+") + (on_sized ? sized : n("gpus")) + "*" + n("batch") + "*" +
               n("sample_MB") + "/" + n("compute_s") + "*" + n("min_au") + "/1000*" + n("speed");
    }
    return sum.empty() ? sum : "(" + sum + ")";
}

/// The larger of a rule's (or explicit) read and the workloads' (§3).
ThroughputNeed with_workloads(const DesignContext& x, ThroughputNeed need,
                              const std::string& sized) {
    const std::string wl = workloads_read(x, sized);
    if (wl.empty()) {
        return need;
    }
    need.read = "MAX(" + need.read + "," + wl + ")";
    need.read_how = "the larger of that and the workloads' read (Assumptions: Workload rows)";
    return need;
}

/// The rule's per-GPU figures, the scenario's explicit ones, or (without a
/// scenario) the requirement itself; nullopt when none is on Assumptions.
std::optional<ThroughputNeed> throughput_need(const DesignContext& x, const std::string& sized) {
    const Scenario* s = x.s;
    if (s != nullptr && s->performance && s->performance->rule.empty() &&
        !s->performance->read_per_gpu && !s->performance->write_per_gpu) {
        const std::string wl = workloads_read(x, sized);
        if (!wl.empty()) {
            return ThroughputNeed{
                wl, "Σ GPUs x read per accelerator x speed (Assumptions: Workload rows)", "0",
                "no write need: the workloads only read"};
        }
    }
    std::optional<ThroughputNeed> need = rule_or_figures_need(x, sized);
    if (need) {
        need = with_workloads(x, *need, sized);
    }
    return need;
}

/// The rule's per-GPU figures, the scenario's explicit ones, or (without a
/// scenario) the requirement itself.
std::optional<ThroughputNeed> rule_or_figures_need(const DesignContext& x,
                                                   const std::string& sized) {
    const Scenario* s = x.s;
    const bool per_gpu = s != nullptr && s->performance && !sized.empty();
    if (per_gpu && !s->performance->rule.empty() &&
        x.a.has("rule", s->performance->rule, "read_GBps")) {
        const std::string& id = s->performance->rule;
        const std::string basis = "/" + x.a.name("rule", id, "basis_gpus");
        return ThroughputNeed{sized + "*" + x.a.name("rule", id, "read_GBps") + basis,
                              "GPUs sized for x the rule's read per GPU",
                              sized + "*" + x.a.name("rule", id, "write_GBps") + basis,
                              "GPUs sized for x the rule's write per GPU"};
    }
    if (per_gpu && s->performance->rule.empty()) {
        // Either figure may be left out (read only, the checkpoint jobs
        // setting the write): that side's need is then zero, not a formula
        // over a figure the Assumptions sheet does not have (REVIEW-4 F2).
        auto side = [&](const char* name, const char* how) {
            return x.has_scenario(name)
                       ? std::pair<std::string, std::string>{sized + "*" + x.scenario(name), how}
                       : std::pair<std::string, std::string>{"0", "not given in the scenario"};
        };
        auto [read, read_how] = side("read_per_gpu_GBps", "GPUs sized for x read per GPU");
        auto [write, write_how] = side("write_per_gpu_GBps", "GPUs sized for x write per GPU");
        return ThroughputNeed{read, read_how, write, write_how};
    }
    if (x.has_scenario("required_read_GBps")) {
        const std::string how = "the requirement podsizer sized for";
        return ThroughputNeed{x.scenario("required_read_GBps"), how,
                              x.scenario("required_write_GBps"), how};
    }
    return std::nullopt;
}

/// Required read and write; checkpoint jobs may raise the write above the
/// performance rule's (the larger of the two counts).
void throughput_items(const DesignContext& x, const std::string& sized, std::vector<Item>& out) {
    const std::optional<ThroughputNeed> need = throughput_need(x, sized);
    if (!need) {
        return;
    }
    out.push_back(
        mapped(x, "req_read", "Required read (GB/s)", Num::one, need->read_how, {}, need->read));
    if (x.checkpoints.jobs == 0) {
        out.push_back(mapped(x, "req_write", "Required write (GB/s)", Num::one, need->write_how, {},
                             need->write));
        return;
    }
    out.push_back(mapped(x, "perf_write", "Write for the performance rule (GB/s)", Num::one,
                         need->write_how, {}, need->write));
    out.push_back(mapped(x, "ckpt_write", "Write for the checkpoint jobs (GB/s)", Num::one,
                         "Checkpoints sheet: the jobs together"));
    out.push_back(mapped(x, "req_write_checkpoints", "Required write (GB/s)", Num::one,
                         "the larger of the two", "req_write"));
}

/// The capacity need by the design's origin: an option's own figure, a grown
/// namespace's target, or the scenario's per-pod figure.
std::optional<Item> capacity_item(const DesignContext& x, const std::string& sized) {
    const std::string key = "req_usable";
    const std::string label = "Required usable capacity (PB)";
    const double need = in(x.d.requirements.usable, units::PB);
    // docs/resilience.md §11: the checkpoints kept locally add to the data.
    const bool kept = x.d.requirements.checkpoints.peak_retained.base() > 0.0;
    const std::string plus_kept =
        kept ? "+" + x.checkpoints.of(x.entry.index).plan_peak_ref + "/1000" : "";
    const std::string with_kept = kept ? ", plus the checkpoints kept (Checkpoints sheet)" : "";
    const OptionSpec* option = x.entry.option;
    if (option != nullptr && option->capacity) {
        const std::string own = option_id(x.entry.option_index);
        if (x.a.has("option", own, "usable_PB")) {
            return mapped(x, key, label, Num::one,
                          "this option's own capacity need (Assumptions)" + with_kept, {},
                          x.a.name("option", own, "usable_PB") + plus_kept);
        }
        return Item::value(key, label, need, Num::one, "this option's own capacity need");
    }
    if (std::holds_alternative<GrownToTarget>(x.d.origin)) {
        // extrapolate's one namespace: its need is the target, not the
        // scenario's per-pod figure.
        return Item::value(key, label, need, Num::one,
                           "this design's own need: the extrapolation target");
    }
    if (x.has_scenario("usable_PB")) {
        const bool site = x.has_site("usable_PB");
        return mapped(
            x, key, label, Num::one,
            (site ? "the site's (Assumptions: " + site_group(x) + ")" : "from the scenario") +
                with_kept,
            {}, x.scenario("usable_PB") + plus_kept);
    }
    if (x.has_scenario("usable_per_gpu_TB") && !sized.empty()) {
        return mapped(x, key, label, Num::one, "GPUs sized for x capacity per GPU" + with_kept, {},
                      sized + "*" + x.scenario("usable_per_gpu_TB") + "/1000" + plus_kept);
    }
    if (x.has_scenario("usable_per_gpu_TB")) {
        // An option without the performance rule keeps the pod's capacity
        // need but not its GPUs, so the per-GPU formula has nothing to use.
        return Item::value(key, label, need, Num::one,
                           "the scenario's need: capacity per GPU x the pod's GPUs");
    }
    return std::nullopt;
}

/// Headroom and yes/NO for each requirement given above. Meeting one has the
/// engine's slack (core/counting.hpp).
void verdict_items(const DesignContext& x, std::vector<Item>& out) {
    const Design& d = x.d;
    const Requirements& req = d.requirements;
    const std::string how = "delivered against required";
    if (has_item(out, "req_read") && req.read.base() > 0) {
        out.push_back(mapped(x, "read_headroom", "Read headroom (%)", Num::percent,
                             "delivered / required - 1"));
        out.push_back(mapped(x, "meets_read", "Meets the read requirement", Num::text, how));
    }
    if (has_item(out, "req_write") && req.write.base() > 0) {
        out.push_back(mapped(x, "write_headroom", "Write headroom (%)", Num::percent,
                             "delivered / required - 1"));
        out.push_back(mapped(x, "meets_write", "Meets the write requirement", Num::text, how));
    }
    if (has_item(out, "req_usable")) {
        out.push_back(
            mapped(x, "meets_capacity", "Meets the capacity requirement", Num::text, how));
    }
}

} // namespace

Section requirement_section(const DesignContext& x) {
    const Requirements& req = x.d.requirements;
    // An option may carry its own requirement (no performance rule, its own
    // capacity): the design's requirements say which.
    const bool has_fleet =
        x.s != nullptr && x.s->fleet && req.gpus > 0 && x.has_scenario("pod_gpus");
    const bool has_perf = req.read.base() > 0 || req.write.base() > 0;
    const bool has_cap = req.usable.base() > 0;
    Section out;
    if (has_fleet || has_perf || has_cap) {
        out.title = "Requirement";
    }
    const std::string sized = has_fleet ? gpu_items(x, out.items) : "";
    if (has_perf) {
        throughput_items(x, sized, out.items);
    }
    if (has_cap) {
        if (std::optional<Item> need = capacity_item(x, sized)) {
            out.items.push_back(std::move(*need));
        }
    }
    verdict_items(x, out.items);
    return out;
}

} // namespace podsizer::wb

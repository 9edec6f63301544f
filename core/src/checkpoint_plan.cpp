#include "podsizer/core/checkpoint_plan.hpp"

#include "podsizer/core/counting.hpp"
#include "podsizer/core/failure.hpp"
#include "podsizer/core/scenario.hpp"

#include <algorithm>

namespace podsizer {

double FailureRate::per_platform_node(int platform_gpus_per_node) const {
    return failure_rate_per_node(per_1000_node_days, gpus_per_node, platform_gpus_per_node);
}

std::string_view to_string(CheckpointBasis b) {
    return b == CheckpointBasis::cadence ? "cadence" : "daly-budget";
}

CheckpointPlan plan_checkpoints(const CheckpointSpec& spec, std::int64_t pod_gpus,
                                int gpus_per_node, const FailureRate& rate) {
    CheckpointPlan plan;
    plan.concurrent = spec.concurrent;
    std::vector<Throughput> writes;
    std::vector<Throughput> wans;
    for (const CheckpointJobSpec& j : spec.jobs) {
        CheckpointRequirement r;
        r.name = j.name;
        r.params = j.params;
        r.bytes_per_param = j.bytes_per_param;
        r.gpus = j.gpus > 0 ? j.gpus : pod_gpus;
        r.nodes = nodes_for(r.gpus, gpus_per_node);
        r.failure_rate = rate;
        r.platform_failures_per_1000_node_days = rate.per_platform_node(gpus_per_node);
        r.model.size = j.size;
        r.model.mode = j.mode;
        r.model.interval = j.interval;
        r.model.stall_budget = j.stall_budget;
        r.model.restart = j.restart;
        r.model.mtbf = cluster_mtbf(r.nodes, r.platform_failures_per_1000_node_days);
        r.model.gpus = r.gpus;
        r.model.overhead = spec.overhead;
        r.local_bandwidth = spec.local_bandwidth;
        r.model.local_write = spec.local_bandwidth * static_cast<double>(r.nodes);
        r.size_over_local_write = (j.size / *r.model.local_write).base();
        r.required_write = job_required_write(r.model);
        r.local_copy_write = local_copy_write(r.model);
        r.basis = j.interval ? CheckpointBasis::cadence : CheckpointBasis::daly_budget;
        r.at_requirement = evaluate_job(r.model, r.required_write);
        r.knee_rule = KneeRule{spec.knee_step, spec.knee_threshold};
        r.knee = knee_bandwidth(r.model, r.knee_rule);
        r.at_requirement.step_gain = step_gain(r.model, r.required_write, r.knee_rule.step);
        r.offsite_every = j.offsite_every;
        r.offsite_write = offsite_bandwidth(j.size, r.at_requirement.interval, j.offsite_every);
        r.retain = j.retain;
        r.retained = retained_capacity(j.size, j.retain);
        r.peak_retained = peak_retained_capacity(j.size, j.retain);
        writes.push_back(r.required_write);
        wans.push_back(r.offsite_write);
        plan.peak_retained = spec.concurrent ? plan.peak_retained + r.peak_retained
                                             : std::max(plan.peak_retained, r.peak_retained);
        plan.jobs.push_back(std::move(r));
    }
    plan.write = combined_write(writes, spec.concurrent);
    plan.offsite_write = combined_write(wans, spec.concurrent);
    return plan;
}

std::vector<CheckpointAtDesign> checkpoints_on_design(const CheckpointPlan& plan,
                                                      Throughput write) {
    std::vector<CheckpointAtDesign> out;
    Throughput total;
    for (const CheckpointRequirement& r : plan.jobs) {
        total += r.required_write;
    }
    for (const CheckpointRequirement& r : plan.jobs) {
        CheckpointAtDesign a;
        a.name = r.name;
        a.required_write = r.required_write;
        // Concurrent jobs may all be writing at once; a share proportional to
        // the requirement keeps every job's cadence when the total is met.
        a.share =
            plan.concurrent && total.base() > 0.0 ? write * (r.required_write / total) : write;
        a.sustainable = meets(a.share.base(), r.required_write.base());
        if (a.share.base() > 0.0) {
            a.at_share = evaluate_job(r.model, a.share);
            a.at_share.step_gain = step_gain(r.model, a.share, r.knee_rule.step);
            a.shortest_interval = shortest_interval(r.model.size, a.share, r.model.mode,
                                                    r.model.stall_budget, r.model.overhead);
            a.offsite_write = offsite_bandwidth(r.model.size, a.at_share.interval, r.offsite_every);
        }
        out.push_back(std::move(a));
    }
    return out;
}

} // namespace podsizer

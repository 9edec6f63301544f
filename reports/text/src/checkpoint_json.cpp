#include "checkpoint_json.hpp"

namespace podsizer::detail {

ordered_json goodput_point_json(const GoodputPoint& p) {
    ordered_json j;
    j["write_bytes_per_s"] = p.write.base();
    j["write_time_s"] = p.write_time.base();
    j["interval_s"] = p.interval.base();
    j["stall_time_s"] = p.stall.base();
    j["write_share"] = p.write_share;
    j["goodput"] = p.goodput;
    j["gpu_hours_lost_per_day"] = p.gpu_hours_lost_per_day;
    j["step_gain_gpu_hours_per_day"] = p.step_gain;
    return j;
}

ordered_json failure_source_json(const FailureRate& r) {
    if (!r.source) {
        return nullptr;
    }
    return {{"kind", to_string(r.source->kind)}, {"ref", r.source->ref}, {"note", r.source->note}};
}

ordered_json goodput_points_json(const GoodputCurve& c) {
    ordered_json arr = ordered_json::array();
    for (const GoodputPoint& p : c.points) {
        arr.push_back(goodput_point_json(p));
    }
    return arr;
}

namespace {

void job_inputs(ordered_json& j, const CheckpointRequirement& r) {
    const CheckpointJobModel& m = r.model;
    j["name"] = r.name;
    j["params"] = r.params > 0.0 ? ordered_json(r.params) : ordered_json(nullptr);
    j["bytes_per_param"] = r.params > 0.0 ? ordered_json(r.bytes_per_param) : ordered_json(nullptr);
    j["checkpoint_bytes"] = m.size.base();
    j["mode"] = to_string(m.mode);
    j["pattern"] = checkpoint_pattern(m.mode);
    j["interval_auto"] = !m.interval.has_value();
    j["requested_interval_s"] =
        m.interval ? ordered_json(m.interval->base()) : ordered_json(nullptr);
    j["stall_budget"] = m.stall_budget;
    j["restart_time_s"] = m.restart.base();
    j["gpus"] = r.gpus;
    j["nodes"] = r.nodes;
    j["failures_per_1000_node_days"] = r.failure_rate.per_1000_node_days;
    j["failure_rate_preset"] = r.failure_rate.preset;
    j["rate_node_gpus"] = r.failure_rate.gpus_per_node;
    j["failure_rate_source"] = failure_source_json(r.failure_rate);
    j["platform_failures_per_1000_node_days"] = r.platform_failures_per_1000_node_days;
    j["mtbf_s"] = m.mtbf.base();
    j["knee_write_bytes_per_s"] = r.knee ? ordered_json(r.knee->base()) : ordered_json(nullptr);
    j["knee_step_bytes_per_s"] = r.knee_rule.step.base();
    j["knee_threshold_gpu_hours_per_day"] = r.knee_rule.threshold;
}

} // namespace

namespace {

ordered_json band_case_json(const FailureBandCase& c) {
    ordered_json j;
    j["failure_rate_preset"] = c.input.rate.preset;
    j["failures_per_1000_node_days"] = c.input.rate.per_1000_node_days;
    j["rate_node_gpus"] = c.input.rate.gpus_per_node;
    j["restart_time_s"] = c.input.restart.base();
    j["mtbf_s"] = c.mtbf.base();
    j["goodput"] = c.goodput;
    j["required_write_bytes_per_s"] = c.required_write.base();
    return j;
}

} // namespace

ordered_json failure_band_json(const FailureBand& b) {
    ordered_json j;
    j["low"] = band_case_json(b.low);
    j["central"] = band_case_json(b.central);
    j["high"] = band_case_json(b.high);
    return j;
}

ordered_json checkpoint_requirement_json(const CheckpointRequirement& r) {
    ordered_json j;
    job_inputs(j, r);
    j["required_write_bytes_per_s"] = r.required_write.base();
    j["local_copy_write_bytes_per_s"] = r.local_copy_write.base();
    j["requirement_basis"] = to_string(r.basis);
    j["at_requirement"] = goodput_point_json(r.at_requirement);
    j["offsite_every"] = r.offsite_every;
    j["offsite_write_bytes_per_s"] = r.offsite_write.base();
    j["retain"] = r.retain;
    j["retained_bytes"] = r.retained.base();
    j["peak_retained_bytes"] = r.peak_retained.base();
    j["band"] = r.band ? failure_band_json(*r.band) : ordered_json(nullptr);
    return j;
}

ordered_json checkpoint_at_design_json(const CheckpointRequirement& r,
                                       const CheckpointAtDesign& c) {
    ordered_json j;
    job_inputs(j, r);
    j["required_write_bytes_per_s"] = c.required_write.base();
    j["requirement_basis"] = to_string(r.basis);
    j["share_write_bytes_per_s"] = c.share.base();
    j["sustainable"] = c.sustainable;
    j["shortest_interval_s"] = c.shortest_interval.base();
    j["interval_s"] = c.at_share.interval.base();
    j["write_time_s"] = c.at_share.write_time.base();
    j["write_share"] = c.at_share.write_share;
    j["goodput"] = c.at_share.goodput;
    j["gpu_hours_lost_per_day"] = c.at_share.gpu_hours_lost_per_day;
    j["step_gain_gpu_hours_per_day"] = c.at_share.step_gain;
    j["offsite_every"] = r.offsite_every;
    j["offsite_write_bytes_per_s"] = c.offsite_write.base();
    j["retain"] = r.retain;
    j["retained_bytes"] = r.retained.base();
    j["peak_retained_bytes"] = r.peak_retained.base();
    return j;
}

} // namespace podsizer::detail

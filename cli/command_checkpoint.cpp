// podsizer checkpoint: the checkpoint and failure model for one job
// (docs/checkpoints.md): the write bandwidth a cadence needs, the Young and
// Daly intervals, goodput, and the goodput-vs-write-bandwidth curve.
#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "flag_binding.hpp"
#include "podsizer/core/checkpoint_analysis.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/failure_band.hpp"
#include "podsizer/reports/checkpoint_report.hpp"

#include <charconv>
#include <cmath>
#include <iostream>
#include <memory>

namespace podsizer::cli {

namespace {

struct CheckpointArgs {
    std::string params;
    std::string bytes_per_param;
    std::string checkpoint_size;
    std::string write_time;
    std::string write_bandwidth;
    std::string gpus;
    std::string gpus_per_node;
    std::string platform;
    std::string failure_rate;
    std::string rate_node_gpus;
    std::string mtbf;
    std::string mode = "sync";
    std::string interval;
    std::string stall_budget = "5%";
    std::string restart_time = "5 min"; // kDefaultRestartSeconds (core/checkpoint.hpp)
    std::string local_bandwidth;        // kDefaultLocalBandwidthBytesPerSecond, ASSUMPTION
    std::string overhead = "0 s";       // kDefaultCheckpointOverheadSeconds, ASSUMPTION
    std::string offsite_every;
    std::string retain;
    std::string knee_step = "100 GB/s"; // kDefaultKneeStepBytesPerSecond
    std::string knee_threshold = "100"; // kDefaultKneeThreshold, GPU-hours per day
    std::string cadences = "60 s,5 min,15 min";
    std::string points = "33";
};

std::optional<double> plain_number(const std::string& text) {
    double v = 0.0;
    const auto res = std::from_chars(text.data(), text.data() + text.size(), v);
    if (res.ec != std::errc() || res.ptr != text.data() + text.size() || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
        if (c == ',') {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

/// What is checkpointed: a model, a size, or only a write time.
void read_checkpoint(CheckpointQuery& q, const CheckpointArgs& a) {
    if (!a.params.empty() && !a.checkpoint_size.empty()) {
        throw InputError("--params/--checkpoint-size",
                         "give either a model (--params with --bytes-per-param) or a checkpoint "
                         "size, not both");
    }
    if (!a.params.empty()) {
        q.params = at_flag("--params", [&] { return parse_param_count(a.params); });
        if (!a.bytes_per_param.empty()) {
            q.bytes_per_param = at_flag("--bytes-per-param",
                                        [&] { return parse_bytes_per_param(a.bytes_per_param); });
        }
    } else if (!a.bytes_per_param.empty()) {
        throw InputError("--bytes-per-param", "applies to --params (a model size such as 1.8T)");
    }
    if (!a.checkpoint_size.empty()) {
        q.size = flag_above_zero<Capacity>(a.checkpoint_size, "--checkpoint-size");
    }
    if (!a.write_time.empty() && !a.write_bandwidth.empty()) {
        throw InputError("--write-time/--write-bandwidth",
                         "give one: the write time follows from the bandwidth and the size");
    }
    if (!a.write_time.empty()) {
        q.write_time = flag_above_zero<Duration>(a.write_time, "--write-time");
    }
    if (!a.write_bandwidth.empty()) {
        q.write_bandwidth = flag_above_zero<Throughput>(a.write_bandwidth, "--write-bandwidth");
    }
    if (q.params <= 0.0 && !q.size && !q.write_time) {
        throw InputError("checkpoint",
                         "nothing to checkpoint: give a model (--params 1.8T "
                         "--bytes-per-param 14), a checkpoint size "
                         "(--checkpoint-size 25TB) or a write time (--write-time 30s)");
    }
}

/// The job's GPUs and GPUs per node (from --gpus-per-node or a platform).
void read_job_size(CheckpointQuery& q, const CheckpointArgs& a, const Catalog& catalog) {
    if (!a.gpus.empty()) {
        q.gpus = parse_count(a.gpus, "--gpus");
    }
    if (!a.platform.empty() && !a.gpus_per_node.empty()) {
        throw InputError("--platform/--gpus-per-node", "give one: the platform sets GPUs per node");
    }
    if (!a.platform.empty()) {
        const std::string id =
            require_known(a.platform, ids_of(catalog.platforms), "--platform", "GPU platform");
        q.gpus_per_node = catalog.platform(id)->gpus_per_node;
        q.platform_name = catalog.platform(id)->name;
        // The band's presets were measured on A100 (HPCA 2025) and H100
        // (Llama 3) nodes; every other platform's rate is transferred.
        q.platform_rate_measured = id == "h100";
    } else if (!a.gpus_per_node.empty()) {
        const std::int64_t n = parse_count(a.gpus_per_node, "--gpus-per-node", 1, 1024);
        q.gpus_per_node = static_cast<int>(n);
    }
}

/// GPUs per node of --rate-node-gpus: the row checkpoint.rate_node_gpus of the
/// scenario field table (1, a rate per GPU-day, to 1,024).
int read_rate_node_gpus(const std::string& text, const Catalog& catalog) {
    return static_cast<int>(std::get<std::int64_t>(
        flag_value(text, {"--rate-node-gpus", "checkpoint.rate_node_gpus"}, catalog)));
}

/// The failure rate: a number per 1,000 node-days (of --rate-node-gpus GPUs,
/// 8 by default) or a catalog preset, which states its own node (the catalog's
/// default preset when only --gpus is given).
void read_failure_rate(CheckpointQuery& q, const CheckpointArgs& a, const Catalog& catalog) {
    if (q.gpus <= 0) {
        throw InputError("--failure-rate", "needs --gpus (and --gpus-per-node or --platform): "
                                           "the rate is per node");
    }
    const std::string rate =
        a.failure_rate.empty() ? catalog.defaults.failure_rate : a.failure_rate;
    FailureRate r;
    if (const auto v = plain_number(rate)) {
        if (!(*v > 0.0) || *v > 1e6) {
            throw InputError("--failure-rate", "\"" + rate +
                                                   "\": expected failures per 1,000 node-days "
                                                   "above 0, such as 6.5, or a preset id");
        }
        r.per_1000_node_days = *v;
        if (!a.rate_node_gpus.empty()) {
            r.gpus_per_node = read_rate_node_gpus(a.rate_node_gpus, catalog);
        }
        q.failure_rate = r;
        return;
    }
    const std::string id =
        require_known(rate, ids_of(catalog.failure_rates), "--failure-rate", "failure-rate preset");
    const FailureRatePreset& preset = *catalog.failure_rate(id);
    if (!a.rate_node_gpus.empty()) {
        throw InputError("--rate-node-gpus",
                         "applies to a number given with --failure-rate; the preset \"" + id +
                             "\" states its own node (" + std::to_string(preset.gpus_per_node) +
                             " GPUs)");
    }
    r.per_1000_node_days = preset.per_1000_node_days;
    r.gpus_per_node = preset.gpus_per_node;
    r.preset = id;
    r.source = preset.provenance.source;
    q.failure_rate = r;
}

/// Failures: GPUs and a rate, or an MTBF.
void read_failures(CheckpointQuery& q, const CheckpointArgs& a, const Catalog& catalog) {
    read_job_size(q, a, catalog);
    if (!a.mtbf.empty()) {
        if (!a.failure_rate.empty() || !a.rate_node_gpus.empty()) {
            throw InputError(a.failure_rate.empty() ? "--mtbf/--rate-node-gpus"
                                                    : "--mtbf/--failure-rate",
                             "give one: the MTBF follows from the rate");
        }
        q.mtbf = flag_above_zero<Duration>(a.mtbf, "--mtbf");
    } else if (!a.failure_rate.empty() || q.gpus > 0) {
        read_failure_rate(q, a, catalog);
    } else if (!a.rate_node_gpus.empty()) {
        throw InputError("--rate-node-gpus", "applies to --failure-rate, which needs --gpus");
    }
}

/// The cadence: mode, interval, stall budget, restart, offsite copies and
/// retention.
void read_cadence(CheckpointQuery& q, const CheckpointArgs& a) {
    const auto mode = checkpoint_mode_from_string(a.mode);
    if (!mode) {
        throw InputError("--mode", "\"" + a.mode + "\" is not a mode; expected sync or async");
    }
    q.mode = *mode;
    const bool have_failures = q.mtbf || q.failure_rate;
    if (!a.interval.empty() && a.interval != "auto") {
        q.interval = flag_above_zero<Duration>(a.interval, "--interval");
    } else if (a.interval == "auto" && !have_failures) {
        throw InputError("--interval", "auto (the Daly interval) needs failures: give --gpus "
                                       "(with --failure-rate) or --mtbf");
    }
    q.stall_budget = flag_percent(a.stall_budget, "--stall-budget", "a stall budget");
    q.restart = at_flag("--restart-time", [&] { return parse<Duration>(a.restart_time); });
    q.overhead = at_flag("--checkpoint-overhead", [&] { return parse<Duration>(a.overhead); });
    if (q.overhead.base() < 0.0 || !std::isfinite(q.overhead.base())) {
        throw InputError("--checkpoint-overhead",
                         "\"" + a.overhead + "\": expected a time of 0 or more, such as 10s");
    }
    if (!a.local_bandwidth.empty()) {
        q.local_bandwidth = flag_above_zero<Throughput>(a.local_bandwidth, "--local-bandwidth");
        q.local_bandwidth_given = true;
    }
    if (q.mode == CheckpointMode::async && !q.interval && have_failures && q.gpus <= 0) {
        throw InputError("--mode", "async at the Daly interval needs --gpus: each node copies "
                                   "its share to local storage at --local-bandwidth, and that "
                                   "copy sets the interval");
    }
    if (!a.offsite_every.empty()) {
        q.offsite_every = parse_count(a.offsite_every, "--offsite-every");
    }
    if (!a.retain.empty()) {
        q.retain = parse_count(a.retain, "--retain");
    }
}

/// The goodput curve: its knee step and threshold, the bandwidth table's cadences and
/// the number of points.
void read_curve(CheckpointQuery& q, const CheckpointArgs& a) {
    q.knee.step = flag_above_zero<Throughput>(a.knee_step, "--knee-step");
    const auto threshold = plain_number(a.knee_threshold);
    if (!threshold || !(*threshold > 0.0) || *threshold > 1e12) {
        throw InputError("--knee-threshold",
                         "\"" + a.knee_threshold +
                             "\": expected GPU-hours per day above 0 that "
                             "one more --knee-step must give back, such as 100");
    }
    q.knee.threshold = *threshold;
    for (const std::string& c : split_commas(a.cadences)) {
        q.cadences.push_back(flag_above_zero<Duration>(c, "--cadences"));
    }
    // m-c: "--points 0" said "1 to 10^12", "--points 1" "2 to 1,000": one range.
    const std::int64_t points = parse_count(a.points, "--points", 2, 1000);
    q.curve_points = static_cast<int>(points);
}

int run_checkpoint(const GlobalOptions& g, const CheckpointArgs& a) {
    const Format format = parse_format(g.format);
    Diagnostics diag;
    const Catalog catalog = load_catalog(g, diag);
    print_warnings(diag);

    CheckpointQuery q;
    read_checkpoint(q, a);
    read_failures(q, a, catalog);
    read_cadence(q, a);
    read_curve(q, a);
    if (q.gpus > 0 && !q.mtbf) {
        q.band = failure_band_inputs(catalog);
    }

    const CheckpointAnalysis result = analyse_checkpoint(q);
    if (format == Format::csv && !result.curve) {
        throw InputError("--format", "csv prints the goodput curve, which needs a model or "
                                     "checkpoint size and failures (--gpus or --mtbf)");
    }
    std::cout << render_checkpoint(q, result, format);
    return result.sustainable.value_or(true) ? kExitOk : kExitNotMet;
}

} // namespace

void add_checkpoint_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    auto* cmd = app.add_subcommand(
        "checkpoint", "Checkpoint cadence, write bandwidth, Young/Daly interval and goodput");
    auto c = std::make_shared<CheckpointArgs>();
    cmd->add_option("--params", c->params, "Model parameters, e.g. 1.8T, 70B, 405B");
    cmd->add_option("--bytes-per-param", c->bytes_per_param,
                    "Bytes per parameter: a number or checkpoint (14, default), full-state (16), "
                    "weights (2)")
        ->check(complete_choices({"checkpoint", "full-state", "weights"}));
    cmd->add_option("--checkpoint-size", c->checkpoint_size,
                    "Checkpoint size instead of --params, e.g. 25TB");
    cmd->add_option("--write-time", c->write_time, "Time to write one checkpoint, e.g. 30s");
    cmd->add_option("--write-bandwidth", c->write_bandwidth,
                    "Write throughput available to the job, e.g. 4.5TB/s (default: the required)");
    cmd->add_option("--gpus", c->gpus, "GPUs of the job");
    cmd->add_option("--gpus-per-node", c->gpus_per_node, "GPUs per node (default 8)");
    cmd->add_option("--platform", c->platform, "GPU platform id, for its GPUs per node")
        ->check(complete_catalog_ids("platforms"));
    cmd->add_option("--failure-rate", c->failure_rate,
                    "Failures per 1,000 node-days, or a catalog preset (default: the catalog's)")
        ->check(complete_catalog_ids("failure_rates"));
    cmd->add_option("--rate-node-gpus", c->rate_node_gpus,
                    "GPUs per node a --failure-rate number was counted on (default 8; 1: per "
                    "GPU-day)");
    cmd->add_option("--mtbf", c->mtbf, "Cluster MTBF instead of a failure rate, e.g. 24h");
    cmd->add_option("--mode", c->mode, "sync (the job stalls) or async (drains in the background)")
        ->capture_default_str()
        ->check(complete_choices({"sync", "async"}));
    cmd->add_option("--interval", c->interval,
                    "Checkpoint interval, e.g. 5min, or auto (Daly; the default with failures)");
    cmd->add_option("--stall-budget", c->stall_budget,
                    "Share of the interval a sync checkpoint's stall (overhead + write) may take")
        ->capture_default_str();
    cmd->add_option("--restart-time", c->restart_time, "Time to restart after a failure")
        ->capture_default_str();
    cmd->add_option("--checkpoint-overhead", c->overhead,
                    "Fixed stall of every checkpoint (barrier, metadata, fsync), e.g. 10s")
        ->capture_default_str();
    cmd->add_option("--local-bandwidth", c->local_bandwidth,
                    "Async: write bandwidth of each node's staging tier (local NVMe or host "
                    "memory), e.g. 2.8GB/s (default 3.2 GB/s, ASSUMPTION)");
    cmd->add_option("--offsite-every", c->offsite_every,
                    "Copy every Nth checkpoint to the central store (WAN bandwidth)");
    cmd->add_option("--retain", c->retain, "Local checkpoints kept (capacity)");
    cmd->add_option("--knee-step", c->knee_step, "Step of write bandwidth the knee is measured in")
        ->capture_default_str();
    cmd->add_option("--knee-threshold", c->knee_threshold,
                    "GPU-hours a day one more step must give back; the knee is where it gives "
                    "back less")
        ->capture_default_str();
    cmd->add_option("--cadences", c->cadences, "Cadences of the bandwidth table, comma-separated")
        ->capture_default_str();
    cmd->add_option("--points", c->points, "Points of the goodput curve")->capture_default_str();
    cmd->callback([&g, &action, c] { action = [&g, c] { return run_checkpoint(g, *c); }; });
}

} // namespace podsizer::cli

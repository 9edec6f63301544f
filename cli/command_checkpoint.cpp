// podsizer checkpoint: the checkpoint and failure model for one job
// (docs/checkpoints.md): the write bandwidth a cadence needs, the Young and
// Daly intervals, goodput, and the goodput-vs-write-bandwidth curve.
#include "cli_common.hpp"
#include "command_fields.hpp"
#include "completion_hints.hpp"
#include "podsizer/core/checkpoint_analysis.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/failure_band.hpp"
#include "podsizer/reports/checkpoint_report.hpp"

#include <array>
#include <fmt/format.h>
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
    std::string restart_time = "10 min"; // kDefaultRestartSeconds (core/checkpoint.hpp)
    std::string local_bandwidth;         // kDefaultLocalBandwidthBytesPerSecond, ASSUMPTION
    std::string overhead = "0 s";        // kDefaultCheckpointOverheadSeconds, ASSUMPTION
    std::string offsite_every;
    std::string retain;
    std::string knee_step = "100 GB/s"; // kDefaultKneeStepBytesPerSecond
    std::string knee_threshold = "100"; // kDefaultKneeThreshold, GPU-hours per day
    std::string cadences = "60 s,5 min,15 min";
    std::string points = "33";
};

/// The command's own rows: values no scenario field holds.
const std::array kOwnRows{
    quantity_row("write_time", Dimension::duration),
    quantity_row("write_bandwidth", Dimension::throughput),
    // A node of more than 1,024 GPUs is not a node (the bound of
    // checkpoint.rate_node_gpus, the same quantity).
    count_row("gpus_per_node", 1.0, 1024.0),
    quantity_row("mtbf", Dimension::duration),
    quantity_row("cadences", Dimension::duration),
    // m-c: "--points 0" said "1 to 10^12", "--points 1" "2 to 1,000": one range.
    count_row("points", 2.0, 1000.0),
};

using Flag = CommandFlag<CheckpointArgs>;
using A = CheckpointArgs;

/// Every flag and the row it is read by: a checkpoint job's field in a
/// scenario (checkpoint.jobs[N].*, checkpoint.*) where a scenario holds the
/// value, else the command's own row.
const std::array kFlags{
    Flag{"--params", &A::params, "checkpoint.jobs[N].params",
         "Model parameters, e.g. 1.8T, 70B, 405B"},
    Flag{"--bytes-per-param", &A::bytes_per_param, "checkpoint.jobs[N].bytes_per_param",
         "Bytes per parameter: a number or checkpoint (14, default), full-state (16), weights "
         "(2)"},
    Flag{"--checkpoint-size", &A::checkpoint_size, "checkpoint.jobs[N].checkpoint_size",
         "Checkpoint size instead of --params, e.g. 25TB"},
    Flag{"--write-time", &A::write_time, "write_time", "Time to write one checkpoint, e.g. 30s"},
    Flag{"--write-bandwidth", &A::write_bandwidth, "write_bandwidth",
         "Write throughput available to the job, e.g. 4.5TB/s (default: the required)"},
    Flag{"--gpus", &A::gpus, "checkpoint.jobs[N].gpus", "GPUs of the job"},
    Flag{"--gpus-per-node", &A::gpus_per_node, "gpus_per_node", "GPUs per node (default 8)"},
    Flag{"--platform", &A::platform, "fleet.platform", "GPU platform id, for its GPUs per node"},
    Flag{"--failure-rate", &A::failure_rate, "checkpoint.failure_rate",
         "Failures per 1,000 node-days, or a catalog preset (default: the catalog's)"},
    Flag{"--rate-node-gpus", &A::rate_node_gpus, "checkpoint.rate_node_gpus",
         "GPUs per node a --failure-rate number was counted on (default 8; 1: per GPU-day)"},
    Flag{"--mtbf", &A::mtbf, "mtbf", "Cluster MTBF instead of a failure rate, e.g. 24h"},
    Flag{"--mode", &A::mode, "checkpoint.jobs[N].mode",
         "sync (the job stalls) or async (drains in the background)", true},
    Flag{"--interval", &A::interval, "checkpoint.jobs[N].interval",
         "Checkpoint interval, e.g. 5min, or auto (Daly; the default with failures)"},
    Flag{"--stall-budget", &A::stall_budget, "checkpoint.jobs[N].stall_budget",
         "Share of the interval a sync checkpoint's stall (overhead + write) may take", true},
    Flag{"--restart-time", &A::restart_time, "checkpoint.jobs[N].restart_time",
         "Time to restart after a failure", true},
    Flag{"--checkpoint-overhead", &A::overhead, "checkpoint.overhead",
         "Fixed stall of every checkpoint (barrier, metadata, fsync), e.g. 10s", true},
    Flag{"--local-bandwidth", &A::local_bandwidth, "checkpoint.local_bandwidth",
         "Async: write bandwidth of each node's staging tier (local NVMe or host memory), e.g. "
         "2.8GB/s (default 3.2 GB/s, ASSUMPTION)"},
    Flag{"--offsite-every", &A::offsite_every, "checkpoint.jobs[N].offsite_every",
         "Copy every Nth checkpoint to the central store (WAN bandwidth)"},
    Flag{"--retain", &A::retain, "checkpoint.jobs[N].retain", "Local checkpoints kept (capacity)"},
    Flag{"--knee-step", &A::knee_step, "checkpoint.knee_step",
         "Step of write bandwidth the knee is measured in", true},
    Flag{"--knee-threshold", &A::knee_threshold, "checkpoint.knee_threshold",
         "GPU-hours a day one more step must give back; the knee is where it gives back less",
         true},
    Flag{"--cadences", &A::cadences, "cadences", "Cadences of the bandwidth table, comma-separated",
         true},
    Flag{"--points", &A::points, "points", "Points of the goodput curve", true},
};

using Reader = FlagReader<CheckpointArgs>;

/// What is checkpointed: a model, a size, or only a write time.
void read_checkpoint(CheckpointQuery& q, const Reader& r) {
    if (r.given("--params") && r.given("--checkpoint-size")) {
        throw InputError("--params/--checkpoint-size",
                         "give either a model (--params with --bytes-per-param) or a checkpoint "
                         "size, not both");
    }
    if (r.given("--params")) {
        q.params = r.number("--params");
        if (r.given("--bytes-per-param")) {
            q.bytes_per_param = r.number("--bytes-per-param");
        }
    } else if (r.given("--bytes-per-param")) {
        throw InputError("--bytes-per-param", "applies to --params (a model size such as 1.8T)");
    }
    if (r.given("--checkpoint-size")) {
        q.size = r.quantity<Capacity>("--checkpoint-size");
    }
    if (r.given("--write-time") && r.given("--write-bandwidth")) {
        throw InputError("--write-time/--write-bandwidth",
                         "give one: the write time follows from the bandwidth and the size");
    }
    if (r.given("--write-time")) {
        q.write_time = r.quantity<Duration>("--write-time");
    }
    if (r.given("--write-bandwidth")) {
        q.write_bandwidth = r.quantity<Throughput>("--write-bandwidth");
    }
    if (q.params <= 0.0 && !q.size && !q.write_time) {
        throw InputError("checkpoint",
                         "nothing to checkpoint: give a model (--params 1.8T "
                         "--bytes-per-param 14), a checkpoint size "
                         "(--checkpoint-size 25TB) or a write time (--write-time 30s)");
    }
}

/// The job's GPUs and GPUs per node (from --gpus-per-node or a platform).
void read_job_size(CheckpointQuery& q, const Reader& r, const Catalog& catalog) {
    if (r.given("--gpus")) {
        q.gpus = r.count("--gpus");
    }
    if (r.given("--platform") && r.given("--gpus-per-node")) {
        throw InputError("--platform/--gpus-per-node", "give one: the platform sets GPUs per node");
    }
    if (r.given("--platform")) {
        const GpuPlatform& platform = *catalog.platform(r.word("--platform"));
        q.gpus_per_node = platform.gpus_per_node;
        q.platform_name = platform.name;
        // The band's presets were measured on A100 (HPCA 2025) and H100
        // (Llama 3) nodes; every other platform's rate is transferred.
        q.platform_rate_measured = platform.id == "h100";
    } else if (r.given("--gpus-per-node")) {
        q.gpus_per_node = static_cast<int>(r.count("--gpus-per-node"));
    }
}

/// The failure rate: a number per 1,000 node-days (of --rate-node-gpus GPUs,
/// 8 by default) or a catalog preset, which states its own node (the catalog's
/// default preset when only --gpus is given).
void read_failure_rate(CheckpointQuery& q, const Reader& r, const Catalog& catalog) {
    if (q.gpus <= 0) {
        throw InputError("--failure-rate", "needs --gpus (and --gpus-per-node or --platform): "
                                           "the rate is per node");
    }
    const FieldData rate = r.given("--failure-rate") ? r.value("--failure-rate")
                                                     : FieldData{catalog.defaults.failure_rate};
    FailureRate fr;
    if (const double* v = std::get_if<double>(&rate)) {
        fr.per_1000_node_days = *v;
        if (r.given("--rate-node-gpus")) {
            fr.gpus_per_node = static_cast<int>(r.count("--rate-node-gpus"));
        }
        q.failure_rate = fr;
        return;
    }
    const std::string& id = std::get<std::string>(rate);
    const FailureRatePreset& preset = *catalog.failure_rate(id);
    if (r.given("--rate-node-gpus")) {
        throw InputError("--rate-node-gpus",
                         fmt::format("applies to a number given with --failure-rate; the preset "
                                     "\"{}\" states its own node ({} GPUs)",
                                     id, preset.gpus_per_node));
    }
    fr.per_1000_node_days = preset.per_1000_node_days;
    fr.gpus_per_node = preset.gpus_per_node;
    fr.preset = id;
    fr.source = preset.provenance.source;
    q.failure_rate = fr;
}

/// Failures: GPUs and a rate, or an MTBF.
void read_failures(CheckpointQuery& q, const Reader& r, const Catalog& catalog) {
    read_job_size(q, r, catalog);
    if (r.given("--mtbf")) {
        if (r.given("--failure-rate") || r.given("--rate-node-gpus")) {
            throw InputError(r.given("--failure-rate") ? "--mtbf/--failure-rate"
                                                       : "--mtbf/--rate-node-gpus",
                             "give one: the MTBF follows from the rate");
        }
        q.mtbf = r.quantity<Duration>("--mtbf");
    } else if (r.given("--failure-rate") || q.gpus > 0) {
        read_failure_rate(q, r, catalog);
    } else if (r.given("--rate-node-gpus")) {
        throw InputError("--rate-node-gpus", "applies to --failure-rate, which needs --gpus");
    }
}

/// The cadence: mode, interval, stall budget, restart, offsite copies and
/// retention.
void read_cadence(CheckpointQuery& q, const Reader& r) {
    q.mode = *checkpoint_mode_from_string(r.word("--mode"));
    const bool have_failures = q.mtbf || q.failure_rate;
    if (r.given("--interval")) {
        const FieldData interval = r.value("--interval");
        if (const double* seconds = std::get_if<double>(&interval)) {
            q.interval = Duration::from_base(*seconds);
        } else if (!have_failures) {
            throw InputError("--interval", "auto (the Daly interval) needs failures: give --gpus "
                                           "(with --failure-rate) or --mtbf");
        }
    }
    q.stall_budget = r.number("--stall-budget");
    q.restart = r.quantity<Duration>("--restart-time");
    q.overhead = r.quantity<Duration>("--checkpoint-overhead");
    if (r.given("--local-bandwidth")) {
        q.local_bandwidth = r.quantity<Throughput>("--local-bandwidth");
        q.local_bandwidth_given = true;
    }
    if (q.mode == CheckpointMode::async && !q.interval && have_failures && q.gpus <= 0) {
        throw InputError("--mode", "async at the Daly interval needs --gpus: each node copies "
                                   "its share to local storage at --local-bandwidth, and that "
                                   "copy sets the interval");
    }
    if (r.given("--offsite-every")) {
        q.offsite_every = r.count("--offsite-every");
    }
    if (r.given("--retain")) {
        q.retain = r.count("--retain");
    }
}

/// The goodput curve: its knee step and threshold, the bandwidth table's cadences and
/// the number of points.
void read_curve(CheckpointQuery& q, const Reader& r) {
    q.knee.step = r.quantity<Throughput>("--knee-step");
    q.knee.threshold = r.number("--knee-threshold");
    for (const std::string& c : split_commas(r.text("--cadences"))) {
        q.cadences.push_back(Duration::from_base(std::get<double>(r.value_of("--cadences", c))));
    }
    q.curve_points = static_cast<int>(r.count("--points"));
}

int run_checkpoint(const GlobalOptions& g, const CheckpointArgs& a) {
    const Format format = parse_format(g.format);
    Diagnostics diag;
    const Catalog catalog = load_catalog(g, diag);
    print_warnings(diag);

    const Reader r(a, kFlags, kOwnRows, catalog);
    CheckpointQuery q;
    read_checkpoint(q, r);
    read_failures(q, r, catalog);
    read_cadence(q, r);
    read_curve(q, r);
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
    const auto [cmd, c] = add_command<CheckpointArgs>(
        app, g, action, "checkpoint",
        "Checkpoint cadence, write bandwidth, Young/Daly interval and goodput", run_checkpoint);
    add_command_flags<CheckpointArgs>(*cmd, *c, kFlags, kOwnRows);
    // The presets are core's (bytes_per_param_presets, checkpoint.hpp).
    std::vector<std::string> presets;
    for (const BytesPerParamPreset& p : bytes_per_param_presets()) {
        presets.emplace_back(p.id);
    }
    cmd->get_option("--bytes-per-param")->check(complete_choices(presets));
}

} // namespace podsizer::cli

// The scenario field table (docs/scenario-format.md). Rows are in the order a
// written file holds them, which is also the order the reader checks them.
// A field added here is read, written, validated, sweepable and in the JSON
// Schema; docs/architecture.md, "Adding a scenario field", walks through one.
#include "podsizer/catalog/scenario_fields.hpp"

#include "field_access.hpp"
#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/client_network.hpp"
#include "podsizer/core/ec_layout.hpp"
#include "podsizer/core/failure_state.hpp"
#include "podsizer/core/power.hpp"
#include "podsizer/core/resilience_types.hpp"

#include <array>

namespace podsizer {

namespace {

using namespace detail::access;
// The accessors' parameters, short so a row's get and set fit a line each.
using S = Scenario;
using I = std::size_t;

constexpr double kCount = static_cast<double>(kMaxCount);
constexpr Bounds kCountBounds{1.0, kCount};
constexpr Bounds kPositive{0.0, std::numeric_limits<double>::infinity(), true, false};
constexpr Bounds kOpenFraction{0.0, 1.0, true, true};

constexpr std::array<std::string_view, 2> kExcludesRule{"read_per_gpu", "write_per_gpu"};
constexpr std::array<std::string_view, 1> kExcludesPerGpu{"rule"};
constexpr std::array<std::string_view, 1> kExcludesUsablePerGpu{"usable_per_gpu"};
constexpr std::array<std::string_view, 1> kExcludesUsable{"usable"};
constexpr std::array<std::string_view, 1> kExcludesCdRatio{"cd_ratio"};
constexpr std::array<std::string_view, 1> kExcludesCnodes{"cnodes"};
constexpr std::array<std::string_view, 1> kExcludesSize{"checkpoint_size"};
constexpr std::array<std::string_view, 2> kExcludesParams{"params", "bytes_per_param"};
constexpr std::array<std::string_view, 1> kExcludesClusters{"clusters"};
constexpr std::array<std::string_view, 1> kExcludesSiteGpus{"gpus"};
constexpr std::array<std::string_view, 1> kExcludesShare{"share"};
constexpr std::array<std::string_view, 1> kExcludesWorkloadGpus{"gpus"};
constexpr std::array<std::string_view, 1> kSchemaNames{"podsizer-scenario/1"};
constexpr std::array<std::string_view, 2> kSupplyNames{"three-phase", "single-phase"};
constexpr std::array<std::string_view, 1> kNone{"none"};
constexpr std::array<std::string_view, 1> kExcludesRackResilient{"rack_resilient"};
constexpr std::string_view kLayoutRange =
    "\"{}\" is not an erasure-coding layout; expected \"auto\", \"classic\" (width from the "
    "SSD count), \"dbox-ha\" (at most 2 strips per D-box) or \"rack-resilient\" (at most 2 "
    "strips per rack)";

// The defaults of docs/resilience.md §8, where the engine keeps them. A value
// equal to its default is stored as unset, so a form that shows "80%" and
// reads it back leaves the scenario as it was.
const double kDefaultFill = ResilienceInputs{}.fill;
const double kDefaultRebuildShare = ResilienceInputs{}.rebuild_share;
std::optional<double> unless_default(double v, double fallback) {
    return v == fallback ? std::nullopt : std::optional(v);
}

bool explicit_figures(const Scenario& s, std::size_t) {
    return !s.performance || s.performance->rule.empty();
}
bool has_fleet(const Scenario& s, std::size_t) {
    return s.fleet.has_value();
}
bool from_params(const Scenario& s, std::size_t i) {
    if (!s.checkpoint || i >= s.checkpoint->jobs.size()) {
        return true;
    }
    const CheckpointJobSpec& j = job(s, i);
    return j.params > 0.0 || j.size.base() == 0.0;
}

const std::array kFields{
    ScenarioField{
        .pattern = "schema",
        .kind = FieldKind::choice,
        .choices = kSchemaNames,
        .sweepable = false,
        .default_text = "podsizer-scenario/1",
        .help = "The format and its version.",
        .range_text = "unknown schema \"{}\"; expected \"podsizer-scenario/1\"",
        .get = [](const S&, I) { return D{std::string(kSchemaNames[0])}; },
        .set = [](S&, I, const D&) {},
    },
    ScenarioField{
        .pattern = "name",
        .required = true,
        .label = "name",
        .help = "The scenario's name, shown as the report title.",
        .range_text = "empty; expected the scenario's name, shown as the report title",
        .get = [](const S& s, I) { return D{s.name}; },
        .set = [](S& s, I, const D& v) { s.name = text(v); },
    },
    ScenarioField{
        .pattern = "description",
        .label = "description",
        .help = "Free text about the scenario.",
        .get = [](const S& s, I) { return text_if_set(s.description); },
        .set = [](S& s, I, const D& v) { s.description = text(v); },
    },
    ScenarioField{
        .pattern = "fleet.platform",
        .kind = FieldKind::id,
        .ids = IdList::platforms,
        .required = true,
        .label = "GPU platform",
        .help = "The catalog's GPU platform: GPUs per node and per scalable unit.",
        .get = [](const S& s, I) { return s.fleet ? D{s.fleet->platform} : D{}; },
        .set = [](S& s, I, const D& v) { fleet(s).platform = text(v); },
    },
    ScenarioField{
        .pattern = "fleet.gpus",
        .kind = FieldKind::count,
        .bounds = kCountBounds,
        .required = true,
        .label = "GPUs",
        .help = "GPUs of the whole fleet.",
        .get = [](const S& s, I) { return s.fleet ? D{s.fleet->gpus} : D{}; },
        .set = [](S& s, I, const D& v) { fleet(s).gpus = count(v); },
        .look = {.placeholder = "41472", .one = "GPU", .many = "GPUs"},
    },
    ScenarioField{
        .pattern = "fleet.sites",
        .kind = FieldKind::count,
        // The fleet plan has rows for every site, empty or not: a million
        // sites made a 200-byte file print 730 MB (second red-team round,
        // defect 3; docs/robustness.md). A real fleet has a handful.
        .bounds = {1.0, 1000.0},
        .default_text = "1",
        .label = "sites",
        .help = "Sites the fleet's clusters are spread over.",
        // The form greys the count out where a list gives the sites: a count
        // typed there would be overruled by the list.
        .enabled = [](const S& s, I) { return !s.fleet || s.fleet->site_list.empty(); },
        // A list of sites (below) says how many there are; the count is
        // written only for the number form.
        .get =
            [](const S& s, I) {
                return s.fleet && s.fleet->site_list.empty() ? D{std::int64_t{s.fleet->sites}}
                                                             : D{};
            },
        .set = [](S& s, I, const D& v) { fleet(s).sites = static_cast<int>(count(v)); },
        .look = {.placeholder = "1", .one = "site", .many = "sites"},
    },
    // docs/sites-and-phases.md §1: "sites" as a list of sites, each with its
    // GPUs and limits, instead of a count.
    ScenarioField{
        .pattern = "fleet.sites[N].name",
        .required = true,
        .label = "name",
        .help = "The site's name, shown in its findings and rows.",
        .range_text = "empty; expected the site's name",
        .get = [](const S& s, I i) { return D{site(s, i).name}; },
        .set = [](S& s, I i, const D& v) { site(s, i).name = text(v); },
        // docs/sites-and-phases.md §1: a site's GPUs or clusters (a chooser
        // picks one) and its limits, each optional.
        .look = {.placeholder = "A"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].gpus",
        .kind = FieldKind::count,
        .excludes = kExcludesClusters,
        .bounds = kCountBounds,
        .label = "GPUs",
        .help = "GPUs at the site (or give its clusters).",
        .get = [](const S& s, I i) { return count_if_set(site(s, i).gpus); },
        .set = [](S& s, I i, const D& v) { site(s, i).gpus = count(v); },
        .look = {.placeholder = "41472", .one = "GPU", .many = "GPUs"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].clusters",
        .kind = FieldKind::count,
        .excludes = kExcludesSiteGpus,
        .bounds = kCountBounds,
        .label = "clusters",
        .help = "Training clusters at the site, each of fleet.gpus_per_cluster GPUs (or give "
                "its GPUs).",
        .get = [](const S& s, I i) { return count_if_set(site(s, i).clusters); },
        .set = [](S& s, I i, const D& v) { site(s, i).clusters = count(v); },
        .look = {.placeholder = "1", .one = "cluster", .many = "clusters"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].max_racks",
        .kind = FieldKind::count,
        .bounds = kCountBounds,
        .label = "maximum racks",
        .help = "Racks (floor positions) the site has for storage; more gets an error finding.",
        .get =
            [](const S& s, I i) {
                const SiteSpec& x = site(s, i);
                return x.max_racks ? D{*x.max_racks} : D{};
            },
        .set = [](S& s, I i, const D& v) { site(s, i).max_racks = count(v); },
        .look =
            {.placeholder = "no limit", .empty_means = "no limit", .one = "rack", .many = "racks"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].max_power",
        .kind = FieldKind::quantity,
        .dimension = Dimension::power,
        .bounds = kPositive,
        .label = "maximum storage power",
        .help = "IT power the site can give the storage; more gets an error finding.",
        .get = [](const S& s, I i) { return base_if_set(site(s, i).max_power); },
        .set = [](S& s, I i, const D& v) { site(s, i).max_power = quantity<Power>(v); },
        .look = {.placeholder = "no limit", .empty_means = "no limit"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].rack",
        .kind = FieldKind::id,
        .ids = IdList::racks,
        .label = "rack model",
        .help = "The site's rack model (its power budget and height); left out, the scenario's.",
        .get = [](const S& s, I i) { return text_if_set(site(s, i).rack); },
        .set = [](S& s, I i, const D& v) { site(s, i).rack = text(v); },
        .look = {.first_item = "the scenario's rack model"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].pue",
        .kind = FieldKind::number,
        .bounds = {1.0, 10.0},
        .label = "site PUE",
        .help = "The site's power usage effectiveness; left out, constraints.pue.",
        .range_text = "expected a PUE from 1 (no overhead) to 10, such as 1.3",
        .get =
            [](const S& s, I i) {
                const SiteSpec& x = site(s, i);
                return x.pue ? D{*x.pue} : D{};
            },
        .set = [](S& s, I i, const D& v) { site(s, i).pue = number(v); },
        .look = {.placeholder = "the scenario's PUE", .empty_means = "the scenario's PUE"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].wan",
        .kind = FieldKind::quantity,
        .dimension = Dimension::throughput,
        .bounds = kPositive,
        .label = "WAN",
        .help = "The site's link to the cloud region; the checkpoints' offsite copies must fit.",
        .get = [](const S& s, I i) { return base_if_set(site(s, i).wan); },
        .set = [](S& s, I i, const D& v) { site(s, i).wan = quantity<Throughput>(v); },
        .look = {.placeholder = "not given", .empty_means = "not given"},
    },
    // docs/sites-and-phases.md, "Replication between sites": copies of a site's data at another
    // site.
    ScenarioField{
        .pattern = "fleet.sites[N].replicate_to",
        .label = "replicate to",
        .help = "Another site's name: the copies below go there, which sizes a replica store at "
                "that site and adds their throughput to this site's WAN.",
        .range_text = "empty; expected the name of another site",
        .get = [](const S& s, I i) { return text_if_set(site(s, i).replicate_to); },
        .set = [](S& s, I i, const D& v) { site(s, i).replicate_to = text(v); },
        .look = {.placeholder = "none", .empty_means = "no copies at another site"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].checkpoints_every",
        .kind = FieldKind::count,
        .bounds = {1.0, 10000.0},
        .label = "checkpoints every",
        .help = "Every Nth checkpoint of each job is copied to the replica site (needs "
                "replicate_to and checkpoint jobs).",
        .range_text = "expected a whole number from 1 (every checkpoint) to 10,000",
        .get = [](const S& s, I i) { return count_if_set(site(s, i).checkpoints_every); },
        .set = [](S& s, I i, const D& v) { site(s, i).checkpoints_every = count(v); },
        .look = {.placeholder = "none", .empty_means = "no checkpoint copies"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].dataset",
        .kind = FieldKind::boolean,
        .default_text = "false",
        .label = "copy the dataset",
        .help = "The site's usable capacity target is held again at the replica site (needs "
                "replicate_to).",
        .get = [](const S& s, I i) { return site(s, i).dataset ? D{true} : D{}; },
        .set = [](S& s, I i, const D& v) { site(s, i).dataset = std::get<bool>(v); },
    },
    ScenarioField{
        .pattern = "fleet.sites[N].replica_store",
        .kind = FieldKind::boolean,
        .default_text = "false",
        .label = "separate replica store",
        .help = "At a site other sites copy to: hold their copies in a replica store of its own "
                "beside its system; left out, they go into the site's own system, whose capacity "
                "and write grow by them.",
        .get = [](const S& s, I i) { return site(s, i).replica_store ? D{true} : D{}; },
        .set = [](S& s, I i, const D& v) { site(s, i).replica_store = std::get<bool>(v); },
    },
    // docs/sites-and-phases.md, "A site's own needs": with any of these the
    // site gets a system sized for its own GPUs and needs.
    ScenarioField{
        .pattern = "fleet.sites[N].dataset_change",
        .kind = FieldKind::quantity,
        .dimension = Dimension::throughput,
        .bounds = kPositive,
        .label = "dataset change rate",
        .help = "The dataset's changes copied to the replica site after seeding (needs dataset); "
                "they count on this site's WAN.",
        .get = [](const S& s, I i) { return base_if_set(site(s, i).dataset_change); },
        .set = [](S& s, I i, const D& v) { site(s, i).dataset_change = quantity<Throughput>(v); },
        // docs/sites-and-phases.md, "A site's own needs": each left empty takes
        // the scenario's.
        .look = {.placeholder = "not given",
                 .empty_means = "not given: only the seeding is stated"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].platform",
        .kind = FieldKind::id,
        .ids = IdList::platforms,
        .label = "GPU platform",
        .help = "The site's GPU platform; left out, fleet.platform. Sizes the site as its own "
                "system.",
        .get = [](const S& s, I i) { return text_if_set(site(s, i).platform); },
        .set = [](S& s, I i, const D& v) { site(s, i).platform = text(v); },
        .look = {.first_item = "the fleet's platform"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].usable",
        .kind = FieldKind::quantity,
        .dimension = Dimension::capacity,
        .bounds = kPositive,
        .label = "usable capacity",
        .help = "The site's usable need (all its clusters); left out, capacity.usable scaled to "
                "the site's GPUs. Sizes the site as its own system.",
        .get = [](const S& s, I i) { return base_if_set(site(s, i).usable); },
        .set = [](S& s, I i, const D& v) { site(s, i).usable = quantity<Capacity>(v); },
        .look = {.placeholder = "the scenario's, by GPUs",
                 .empty_means = "the scenario's usable need scaled to the site's GPUs"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].rule",
        .kind = FieldKind::id,
        .excludes = kExcludesRule,
        .ids = IdList::rules,
        .label = "performance rule",
        .help = "The site's performance rule; left out, the scenario's performance. Sizes the "
                "site as its own system.",
        .get = [](const S& s, I i) { return text_if_set(site(s, i).rule); },
        .set = [](S& s, I i, const D& v) { site(s, i).rule = text(v); },
        .look = {.first_item = "the scenario's performance"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].read_per_gpu",
        .kind = FieldKind::quantity,
        .dimension = Dimension::throughput,
        .excludes = kExcludesPerGpu,
        .label = "read per GPU",
        .help = "Read bandwidth each of the site's GPUs needs, instead of a rule.",
        .get = [](const S& s, I i) { return base_if_set(site(s, i).read_per_gpu); },
        .set = [](S& s, I i, const D& v) { site(s, i).read_per_gpu = quantity<Throughput>(v); },
        .look = {.placeholder = "the scenario's", .empty_means = "the scenario's performance"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].write_per_gpu",
        .kind = FieldKind::quantity,
        .dimension = Dimension::throughput,
        .excludes = kExcludesPerGpu,
        .label = "write per GPU",
        .help = "Write bandwidth each of the site's GPUs needs, instead of a rule.",
        .get = [](const S& s, I i) { return base_if_set(site(s, i).write_per_gpu); },
        .set = [](S& s, I i, const D& v) { site(s, i).write_per_gpu = quantity<Throughput>(v); },
        .look = {.placeholder = "the scenario's", .empty_means = "the scenario's performance"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].workload",
        .kind = FieldKind::id,
        .ids = IdList::workloads,
        .label = "workload",
        .help = "A training-data workload of the catalog on all the site's GPUs; beside a rule "
                "the larger read sets the need.",
        .get = [](const S& s, I i) { return text_if_set(site(s, i).workload); },
        .set = [](S& s, I i, const D& v) { site(s, i).workload = text(v); },
        .look = {.first_item = "none of its own"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].size_for",
        .kind = FieldKind::choice,
        .choices = kSizeForNames.names,
        .label = "size for",
        .help = "The failure state the site's storage must still meet its need in; left out, "
                "constraints.size_for.",
        .range_text = "\"{}\" is not a failure state; expected \"intact\" (nothing broken), "
                      "\"dbox-down\" (one D-box down, rebuilding) or \"rack-down\" (one rack's "
                      "devices lost, rebuilding)",
        .get =
            [](const S& s, I i) {
                const SiteSpec& x = site(s, i);
                return x.size_for ? D{std::string(to_string(*x.size_for))} : D{};
            },
        .set = [](S& s, I i, const D& v) { site(s, i).size_for = *size_for_from_string(text(v)); },
        .look = {.choice_texts = "intact|one D-box down|one rack down", .short_label = "Size for"},
    },
    ScenarioField{
        .pattern = "fleet.sites[N].max_it_power",
        .kind = FieldKind::quantity,
        .dimension = Dimension::power,
        .bounds = kPositive,
        .label = "whole IT power (GPUs and storage)",
        .help = "The site's whole IT power, its GPUs' draw and its storage's together; more "
                "gets an error finding.",
        .get = [](const S& s, I i) { return base_if_set(site(s, i).max_it_power); },
        .set = [](S& s, I i, const D& v) { site(s, i).max_it_power = quantity<Power>(v); },
        .look = {.placeholder = "no limit", .empty_means = "no limit"},
    },
    ScenarioField{
        .pattern = "fleet.gpus_per_cluster",
        .kind = FieldKind::count,
        .bounds = kCountBounds,
        .label = "GPUs per cluster",
        .help = "GPUs of one training cluster (a pod); left out, one cluster of all GPUs.",
        .get = [](const S& s,
                  I) { return s.fleet ? count_if_set(s.fleet->gpus_per_cluster) : D{}; },
        .set = [](S& s, I, const D& v) { fleet(s).gpus_per_cluster = count(v); },
        .look = {.placeholder = "all GPUs",
                 .empty_means = "one cluster of all GPUs",
                 .one = "GPU per cluster",
                 .many = "GPUs per cluster"},
    },
    ScenarioField{
        .pattern = "performance.rule",
        .kind = FieldKind::id,
        .excludes = kExcludesRule,
        .ids = IdList::rules,
        .label = "performance rule",
        .help = "A catalog rule giving read and write bandwidth per GPU.",
        .get = [](const S& s, I) { return s.performance ? text_if_set(s.performance->rule) : D{}; },
        .set = [](S& s, I, const D& v) { perf(s).rule = text(v); },
        .look = {.last_item = "explicit per-GPU figures"},
    },
    ScenarioField{
        .pattern = "performance.read_per_gpu",
        .kind = FieldKind::quantity,
        .dimension = Dimension::throughput,
        .excludes = kExcludesPerGpu,
        .label = "read per GPU",
        .help = "Read bandwidth each GPU needs, instead of a rule.",
        .enabled = explicit_figures,
        .get = [](const S& s,
                  I) { return s.performance ? base_if_set(s.performance->read_per_gpu) : D{}; },
        .set = [](S& s, I, const D& v) { perf(s).read_per_gpu = quantity<Throughput>(v); },
        .look = {.placeholder = "0.26 GB/s", .empty_means = "no read requirement"},
        .sheet = {.name = "read_per_gpu_GBps", .unit = units::GB_per_s},
    },
    ScenarioField{
        .pattern = "performance.write_per_gpu",
        .kind = FieldKind::quantity,
        .dimension = Dimension::throughput,
        .excludes = kExcludesPerGpu,
        .label = "write per GPU",
        .help = "Write bandwidth each GPU needs, instead of a rule.",
        .enabled = explicit_figures,
        .get = [](const S& s,
                  I) { return s.performance ? base_if_set(s.performance->write_per_gpu) : D{}; },
        .set = [](S& s, I, const D& v) { perf(s).write_per_gpu = quantity<Throughput>(v); },
        .look = {.placeholder = "0.11 GB/s", .empty_means = "no write requirement"},
        .sheet = {.name = "write_per_gpu_GBps", .unit = units::GB_per_s},
    },
    // docs/workloads.md §3: what the cluster runs; beside a rule or per-GPU
    // figures the larger read sets the need.
    ScenarioField{
        .pattern = "performance.workloads[N].id",
        .kind = FieldKind::id,
        .ids = IdList::workloads,
        .required = true,
        .label = "workload",
        .help = "A training-data workload of the catalog (podsizer catalog list: kind workload).",
        .get = [](const S& s, I i) { return D{workload(s, i).id}; },
        .set = [](S& s, I i, const D& v) { workload(s, i).id = text(v); },
    },
    ScenarioField{
        .pattern = "performance.workloads[N].gpus",
        .kind = FieldKind::count,
        .excludes = kExcludesShare,
        .bounds = kCountBounds,
        .label = "GPUs",
        .help = "GPUs running the workload; left out (and no share), all of them.",
        .get = [](const S& s, I i) { return count_if_set(workload(s, i).gpus); },
        .set = [](S& s, I i, const D& v) { workload(s, i).gpus = count(v); },
        .look = {.placeholder = "all the GPUs",
                 .empty_means = "all the GPUs (or the share)",
                 .one = "GPU",
                 .many = "GPUs"},
    },
    ScenarioField{
        .pattern = "performance.workloads[N].share",
        .kind = FieldKind::percent,
        .excludes = kExcludesWorkloadGpus,
        .bounds = {0.0, 1.0, true, false},
        .label = "share of the GPUs",
        .help = "Share of the GPUs running the workload, instead of gpus.",
        .noun = "a share of the GPUs",
        .range_text = "\"{}\": expected a share of the GPUs above 0 % and at most 100 %, such as "
                      "\"50%\"",
        .get = [](const S& s,
                  I i) { return workload(s, i).share > 0.0 ? D{workload(s, i).share} : D{}; },
        .set = [](S& s, I i, const D& v) { workload(s, i).share = number(v); },
        .look = {.placeholder = "50%", .empty_means = "the GPUs above, else all of them"},
    },
    ScenarioField{
        .pattern = "performance.workloads[N].speed",
        .kind = FieldKind::number,
        .bounds = {0.0, 1000.0, true, false},
        .label = "speed factor",
        .help = "How many times faster than the workload's accelerator one GPU trains; left "
                "out, the catalog's figure for the platform.",
        .range_text = "expected a speed factor above 0 and at most 1,000, such as 2.2",
        .get = [](const S& s,
                  I i) { return workload(s, i).speed ? D{*workload(s, i).speed} : D{}; },
        .set = [](S& s, I i, const D& v) { workload(s, i).speed = number(v); },
        .look = {.placeholder = "the catalog's factor",
                 .empty_means = "the catalog's factor for the platform"},
    },
    ScenarioField{
        .pattern = "capacity.usable",
        .kind = FieldKind::quantity,
        .dimension = Dimension::capacity,
        .excludes = kExcludesUsablePerGpu,
        .bounds = kPositive,
        .label = "usable capacity",
        .help = "Usable capacity one pod needs.",
        .get = [](const S& s, I) { return base_if_set(s.capacity.usable); },
        .set = [](S& s, I, const D& v) { s.capacity.usable = quantity<Capacity>(v); },
        .look = {.placeholder = "215 PB"},
        .sheet = {.name = "usable_PB", .unit = units::PB},
    },
    ScenarioField{
        .pattern = "capacity.usable_per_gpu",
        .kind = FieldKind::quantity,
        .dimension = Dimension::capacity,
        .excludes = kExcludesUsable,
        .bounds = kPositive,
        .label = "usable capacity per GPU",
        .help = "Usable capacity per GPU of the pod; needs a fleet.",
        .enabled = has_fleet,
        .get = [](const S& s, I) { return base_if_set(s.capacity.usable_per_gpu); },
        .set = [](S& s, I, const D& v) { s.capacity.usable_per_gpu = quantity<Capacity>(v); },
        .look = {.placeholder = "5.2 TB"},
        .sheet = {.name = "usable_per_gpu_TB", .unit = units::TB},
    },
    ScenarioField{
        .pattern = "constraints.rack",
        .kind = FieldKind::id,
        .ids = IdList::racks,
        .label = "rack model",
        .help = "The rack model; left out, the catalog default.",
        .get = [](const S& s, I) { return text_if_set(s.constraints.rack); },
        .set = [](S& s, I, const D& v) { s.constraints.rack = text(v); },
        .look = {.first_item = "catalog default (%1)"},
    },
    ScenarioField{
        .pattern = "constraints.max_racks",
        .kind = FieldKind::count,
        .bounds = kCountBounds,
        .label = "maximum racks",
        .help = "Designs needing more racks get a finding.",
        .get = [](const S& s,
                  I) { return s.constraints.max_racks ? D{*s.constraints.max_racks} : D{}; },
        .set = [](S& s, I, const D& v) { s.constraints.max_racks = count(v); },
        .look =
            {.placeholder = "no limit", .empty_means = "no limit", .one = "rack", .many = "racks"},
    },
    ScenarioField{
        .pattern = "constraints.rack_power",
        .kind = FieldKind::quantity,
        .dimension = Dimension::power,
        .bounds = kPositive,
        .label = "power per rack",
        .help = "Power budget per rack, instead of the rack model's.",
        .get = [](const S& s, I) { return base_if_set(s.constraints.rack_power); },
        .set = [](S& s, I, const D& v) { s.constraints.rack_power = quantity<Power>(v); },
        .look = {.placeholder = "rack model's budget", .empty_means = "the rack model's budget"},
        .sheet = {.name = "rack_power_kW", .unit = units::kW},
    },
    ScenarioField{
        .pattern = "constraints.max_power",
        .kind = FieldKind::quantity,
        .dimension = Dimension::power,
        .bounds = kPositive,
        .label = "maximum power",
        .help = "Power budget of the whole design.",
        .get = [](const S& s, I) { return base_if_set(s.constraints.max_power); },
        .set = [](S& s, I, const D& v) { s.constraints.max_power = quantity<Power>(v); },
        .look = {.placeholder = "no limit", .empty_means = "no limit"},
    },
    ScenarioField{
        .pattern = "constraints.cd_min",
        .kind = FieldKind::ratio,
        .default_text = "1:2",
        .label = "minimum C:D",
        .help = "The fewest C-nodes per D-box a design may have.",
        .get = [](const S& s, I) { return D{s.constraints.cd_min}; },
        .set = [](S& s, I, const D& v) { s.constraints.cd_min = std::get<Ratio>(v); },
        .look = {.placeholder = "1:2"},
    },
    ScenarioField{
        .pattern = "constraints.cd_max",
        .kind = FieldKind::ratio,
        .default_text = "4:1",
        .label = "maximum C:D",
        .help = "The most C-nodes per D-box a design may have.",
        .get = [](const S& s, I) { return D{s.constraints.cd_max}; },
        .set = [](S& s, I, const D& v) { s.constraints.cd_max = std::get<Ratio>(v); },
        .look = {.placeholder = "4:1"},
    },
    ScenarioField{
        .pattern = "constraints.rack_resilient",
        .kind = FieldKind::boolean,
        .default_text = "false",
        .label = "rack-resilient (older key)",
        .help = "The same as layout \"rack-resilient\" (the older key).",
        .get = [](const S& s, I) { return s.constraints.rack_resilient ? D{true} : D{}; },
        .set = [](S& s, I, const D& v) { s.constraints.rack_resilient = std::get<bool>(v); },
        // The older spelling of layout "rack-resilient": read from files, shown
        // as that layout (ScenarioEditor::load), never offered as a control.
        .look = {.in_form = false},
    },
    // docs/model.md §6: how stripes are placed over D-boxes and racks.
    ScenarioField{
        .pattern = "constraints.layout",
        .kind = FieldKind::choice,
        .excludes = kExcludesRackResilient,
        .choices = kEcLayoutNames.names,
        .default_text = "auto",
        .label = "erasure-coding layout",
        .help = "How stripes are placed: auto (dbox-ha where it costs no capacity, else "
                "classic), classic, dbox-ha or rack-resilient.",
        .range_text = kLayoutRange,
        .get =
            [](const S& s, I) {
                return s.constraints.layout == EcLayout::automatic
                           ? D{}
                           : D{std::string(to_string(s.constraints.layout))};
            },
        .set = [](S& s, I, const D& v) { s.constraints.layout = *ec_layout_from_string(text(v)); },
    },
    // docs/model.md §10: the basis racks are checked on, derating, PUE.
    ScenarioField{
        .pattern = "constraints.power_basis",
        .kind = FieldKind::choice,
        .choices = kPowerBasisNames.names,
        .default_text = "typical",
        .label = "rack power basis",
        .help = "The draw racks are checked on: typical (the customer's basis) or max.",
        .range_text = "\"{}\" is not a power basis; expected \"typical\" (each device's "
                      "typical draw) or \"max\" (its maximum draw)",
        .get =
            [](const S& s, I) {
                return s.constraints.power_basis == PowerBasis::typical
                           ? D{}
                           : D{std::string(to_string(s.constraints.power_basis))};
            },
        .set = [](S& s, I,
                  const D& v) { s.constraints.power_basis = *power_basis_from_string(text(v)); },
        .flag = {"--power-basis", "Draw the racks are checked on: typical or max"},
    },
    // docs/model.md §8: where the C-nodes' client ports land, so the switch
    // count says which networks it covers.
    ScenarioField{
        .pattern = "constraints.client_network",
        .kind = FieldKind::choice,
        .choices = kClientNetworkNames.names,
        .default_text = "storage-leaves",
        .label = "client network",
        .help = "Where the C-nodes' client ports land: storage-leaves (on the storage fabric's "
                "leaves, with uplinks to your fabric counted) or converged (on your converged "
                "fabric; the count covers the storage back end only).",
        .range_text = "\"{}\" is not a client network; expected \"storage-leaves\" (client "
                      "ports on storage leaves, uplinks to your fabric counted) or \"converged\" "
                      "(client ports on your converged fabric)",
        .get =
            [](const S& s, I) {
                return s.constraints.client_network == ClientNetwork::storage_leaves
                           ? D{}
                           : D{std::string(to_string(s.constraints.client_network))};
            },
        .set =
            [](S& s, I, const D& v) {
                s.constraints.client_network = *client_network_from_string(text(v));
            },
        .flag = {"--client-network",
                 "Where the C-nodes' client ports land: storage-leaves (uplinks to your fabric "
                 "counted) or converged (on your fabric)"},
    },
    // docs/model.md §5: the failure state the design must still meet the
    // requirement in, and a margin on the requirement.
    ScenarioField{
        .pattern = "constraints.size_for",
        .kind = FieldKind::choice,
        .choices = kSizeForNames.names,
        .default_text = "intact",
        .label = "size for",
        .help = "The state the design must still meet the read and write requirement in: "
                "intact, dbox-down (one D-box down and rebuilding) or rack-down (one rack's "
                "devices lost and rebuilding).",
        .range_text = "\"{}\" is not a failure state; expected \"intact\" (nothing broken), "
                      "\"dbox-down\" (one D-box down, rebuilding) or \"rack-down\" (one rack's "
                      "devices lost, rebuilding)",
        .get =
            [](const S& s, I) {
                return s.constraints.size_for == SizeFor::intact
                           ? D{}
                           : D{std::string(to_string(s.constraints.size_for))};
            },
        .set = [](S& s, I, const D& v) { s.constraints.size_for = *size_for_from_string(text(v)); },
        .look = {.choice_texts = "intact|one D-box down|one rack down", .short_label = "Size for"},
        .flag =
            {"--size-for",
             "State the design must still meet the requirement in: intact, dbox-down or rack-down"},
    },
    ScenarioField{
        .pattern = "constraints.headroom",
        .kind = FieldKind::percent,
        .bounds = {0.0, 10.0},
        .default_text = "0%",
        .label = "headroom",
        .help = "Margin on the read and write requirement the counts are sized to, such as "
                "\"20%\"; 0 %: exactly the requirement.",
        .noun = "a headroom",
        .range_text = "\"{}\": expected a headroom from 0 % to 1000 %, such as \"20%\"",
        .get = [](const S& s,
                  I) { return s.constraints.headroom != 0.0 ? D{s.constraints.headroom} : D{}; },
        .set = [](S& s, I, const D& v) { s.constraints.headroom = number(v); },
        .look = {.placeholder = "0%", .share_of = "on read and write", .short_label = "Headroom"},
        .sheet = {.name = "headroom", .unit_text = "%", .format = SheetFormat::percent},
        .flag = {"--headroom", "Margin on the read and write requirement, such as 20%"},
    },
    // docs/model.md §15: the rest of the requirement set the verdict checks.
    ScenarioField{
        .pattern = "constraints.availability",
        .kind = FieldKind::choice,
        .choices = kAvailabilityChoices,
        .default_text = "auto",
        .label = "availability",
        .help = "The outage the layout must keep serving data through: auto (one D-box where "
                "the vendor makes DBox-HA the default layout, none on small clusters), none, "
                "dbox or rack.",
        .range_text = "\"{}\" is not an availability; expected \"auto\" (the vendor's default "
                      "layout rule), \"none\", \"dbox\" (survive one D-box offline) or \"rack\" "
                      "(survive one rack offline)",
        .get =
            [](const S& s, I) {
                return s.constraints.availability
                           ? D{std::string(to_string(*s.constraints.availability))}
                           : D{};
            },
        .set =
            [](S& s, I, const D& v) {
                s.constraints.availability = kOutageNames.parse(text(v)); // "auto": unset
            },
        // docs/model.md §15: the rest of the requirement set the verdict checks.
        .look = {.choice_texts = "as the vendor's default layout|none|one D-box|one rack",
                 .short_label = "Must survive"},
        .flag = {"--availability", "Outage the layout must survive: auto (the vendor's default "
                                   "layout rule), none, dbox or rack"},
    },
    ScenarioField{
        .pattern = "constraints.min_nines",
        .kind = FieldKind::number,
        .bounds = {0.0, 20.0},
        .label = "durability target (nines)",
        .help = "Least durability the design must reach, in nines of the annual loss "
                "probability (5 for 99.999 %); left out, no target.",
        .range_text = "expected a number of nines from 0 to 20, such as 5",
        .get = [](const S& s,
                  I) { return s.constraints.min_nines ? D{*s.constraints.min_nines} : D{}; },
        .set = [](S& s, I, const D& v) { s.constraints.min_nines = number(v); },
        .look = {.placeholder = "5",
                 .empty_means = "no durability target",
                 .short_label = "Durability target (nines)"},
        .flag = {"--min-nines",
                 "Durability target in nines of the annual loss probability, such as 5"},
    },
    ScenarioField{
        .pattern = "constraints.auto_layout_threshold",
        .kind = FieldKind::percent,
        .bounds = {0.0, 1.0},
        .default_text = "1%",
        .label = "automatic layout threshold",
        .help = "Layout auto takes the most resilient layout whose usable capacity is within "
                "this share of the widest layout's.",
        .noun = "a threshold",
        .range_text = "\"{}\": expected a share of the usable capacity from 0 % to 100 %, such "
                      "as \"1%\"",
        .get =
            [](const S& s, I) {
                return s.constraints.auto_layout_threshold != Constraints{}.auto_layout_threshold
                           ? D{s.constraints.auto_layout_threshold}
                           : D{};
            },
        .set = [](S& s, I, const D& v) { s.constraints.auto_layout_threshold = number(v); },
        .look = {.placeholder = "1%",
                 .share_of = "of the usable capacity",
                 .short_label = "Auto layout threshold"},
        .sheet = {.name = "auto_layout_threshold",
                  .unit_text = "%",
                  .format = SheetFormat::percent},
    },
    ScenarioField{
        .pattern = "constraints.rack_derate",
        .kind = FieldKind::number,
        // At least 0.1: breaker rules derate to 80 % (NEC continuous load) or
        // 50 %; 1e-300 left no device fitting any rack and printed the count
        // cap, 2^61, as the rack total (third red-team round, defect 14).
        .bounds = {0.1, 1.0},
        .default_text = "1",
        .label = "rack budget derating",
        .help = "Share of a rack's power budget the devices may draw, such as 0.8 for "
                "breakers under continuous load; 1: the whole budget.",
        .range_text = "expected a share of the rack budget from 0.1 to 1, such as 0.8",
        .get =
            [](const S& s, I) {
                return s.constraints.rack_derate != 1.0 ? D{s.constraints.rack_derate} : D{};
            },
        .set = [](S& s, I, const D& v) { s.constraints.rack_derate = number(v); },
        .sheet = {.name = "rack_derate", .unit_text = "× budget", .format = SheetFormat::two},
        .flag = {"--rack-derate",
                 "Share of each rack's power budget the devices may draw, such as 0.8"},
    },
    ScenarioField{
        .pattern = "constraints.pue",
        .kind = FieldKind::number,
        .bounds = {1.0, 10.0},
        .default_text = "1.58",
        .label = "site PUE",
        .help = "Power usage effectiveness: facility power = IT power x PUE; left out, 1.58, "
                "the industry average (Uptime Institute survey 2023).",
        .range_text = "expected a PUE from 1 (no overhead) to 10, such as 1.58",
        .get = [](const S& s,
                  I) { return s.constraints.pue != kDefaultPue ? D{s.constraints.pue} : D{}; },
        .set = [](S& s, I, const D& v) { s.constraints.pue = number(v); },
        .sheet = {.name = "pue", .unit_text = "× IT power", .format = SheetFormat::two},
        .flag = {"--pue", "Site PUE: facility power = IT power x PUE"},
    },
    // docs/extrapolation-and-comparison.md §5: the rack is a site constraint
    // unless the scenario lets the optimiser choose it.
    ScenarioField{
        .pattern = "constraints.optimize_rack",
        .kind = FieldKind::boolean,
        .default_text = "false",
        .label = "optimiser may choose the rack",
        .help = "podsizer optimize may choose the rack model among the catalog's; false: the "
                "rack is the site's (constraints.rack, else the catalog's default).",
        .get = [](const S& s, I) { return s.constraints.optimize_rack ? D{true} : D{}; },
        .set = [](S& s, I, const D& v) { s.constraints.optimize_rack = std::get<bool>(v); },
    },
    ScenarioField{
        .pattern = "options[N].name",
        .label = "name",
        .help = "The option's column heading.",
        .get = [](const S& s, I i) { return text_if_set(option(s, i).name); },
        .set = [](S& s, I i, const D& v) { option(s, i).name = text(v); },
        .look = {.placeholder = "automatic: D-box name and mode"},
    },
    ScenarioField{
        .pattern = "options[N].cnode",
        .kind = FieldKind::id,
        .ids = IdList::cnodes,
        .allows_auto = true,
        .default_text = "auto",
        .label = "C-node",
        .help = "The C-node model, or auto to let the engine pick.",
        .get = [](const S& s, I i) { return auto_if_empty(option(s, i).cnode); },
        .set = [](S& s, I i, const D& v) { option(s, i).cnode = empty_if_auto(v); },
        .look = {.first_item = "auto"},
    },
    ScenarioField{
        .pattern = "options[N].dbox",
        .kind = FieldKind::id,
        .ids = IdList::dboxes,
        .allows_auto = true,
        .default_text = "auto",
        .label = "D-box",
        .help = "The D-box model, or auto to let the engine pick.",
        .get = [](const S& s, I i) { return auto_if_empty(option(s, i).dbox); },
        .set = [](S& s, I i, const D& v) { option(s, i).dbox = empty_if_auto(v); },
        .look = {.first_item = "auto"},
    },
    ScenarioField{
        .pattern = "options[N].drive",
        .kind = FieldKind::quantity_or_auto,
        .dimension = Dimension::capacity,
        .bounds = kPositive,
        .default_text = "auto",
        .label = "drive",
        .help = "The drive size (a drive option of the D-box, or its raw capacity), or auto.",
        .get = [](const S& s, I i) { return base_if_set(option(s, i).drive); },
        .set = [](S& s, I i, const D& v) { option(s, i).drive = quantity_or_auto<Capacity>(v); },
    },
    ScenarioField{
        .pattern = "options[N].rack",
        .kind = FieldKind::id,
        .ids = IdList::racks,
        .label = "rack model",
        .help = "The rack model of this option, instead of constraints.rack.",
        .get = [](const S& s, I i) { return text_if_set(option(s, i).rack); },
        .set = [](S& s, I i, const D& v) { option(s, i).rack = text(v); },
        .look = {.first_item = "the scenario's rack model"},
    },
    ScenarioField{
        .pattern = "options[N].switch",
        .kind = FieldKind::id,
        .ids = IdList::switches,
        .label = "switch",
        .help = "The switch model; left out, the catalog default.",
        .get = [](const S& s, I i) { return text_if_set(option(s, i).network_switch); },
        .set = [](S& s, I i, const D& v) { option(s, i).network_switch = text(v); },
        .look = {.first_item = "catalog default (%1)"},
    },
    ScenarioField{
        .pattern = "options[N].layout",
        .kind = FieldKind::choice,
        .choices = kEcLayoutNames.names,
        .label = "erasure-coding layout",
        .help = "The layout of this option, instead of constraints.layout.",
        .range_text = kLayoutRange,
        .get =
            [](const S& s, I i) {
                const auto& l = option(s, i).layout;
                return l ? D{std::string(to_string(*l))} : D{};
            },
        .set = [](S& s, I i, const D& v) { option(s, i).layout = *ec_layout_from_string(text(v)); },
    },
    ScenarioField{
        .pattern = "options[N].cnodes",
        .kind = FieldKind::cnodes,
        .excludes = kExcludesCdRatio,
        .bounds = kCountBounds,
        .default_text = "auto",
        .label = "C-nodes",
        .help = "A fixed C-node count, knee (as many as the D-boxes keep busy) or auto (from the "
                "requirement).",
        .range_text = "\"{}\" is not a C-node count; expected a whole number, \"knee\" (as many "
                      "as the D-boxes keep busy) or \"auto\" (from the requirement)",
        .enabled =
            [](const S& s, I i) {
                return i >= s.options.size() || s.options[i].cnode_sizing == CNodeSizing::fixed;
            },
        .get = [](const S& s, I i) { return cnodes_data(option(s, i)); },
        .set = [](S& s, I i, const D& v) { set_cnodes(option(s, i), v); },
        .look = {.placeholder = "450", .one = "C-node", .many = "C-nodes"},
    },
    ScenarioField{
        .pattern = "options[N].cd_ratio",
        .kind = FieldKind::ratio,
        .excludes = kExcludesCnodes,
        .label = "C:D ratio",
        .help = "C-nodes as D-boxes times this ratio, within constraints.cd_min to cd_max.",
        .enabled =
            [](const S& s, I i) {
                return i >= s.options.size() || s.options[i].cnode_sizing == CNodeSizing::ratio;
            },
        .get =
            [](const S& s, I i) {
                const OptionSpec& o = option(s, i);
                return o.cnode_sizing == CNodeSizing::ratio && o.cd_ratio ? D{*o.cd_ratio} : D{};
            },
        .set =
            [](S& s, I i, const D& v) {
                option(s, i).cnode_sizing = CNodeSizing::ratio;
                option(s, i).cd_ratio = std::get<Ratio>(v);
            },
        .look = {.placeholder = "1:2"},
    },
    ScenarioField{
        .pattern = "options[N].dboxes",
        .kind = FieldKind::count,
        .bounds = kCountBounds,
        .label = "D-boxes",
        .help = "A fixed D-box count; left out, sized for the capacity.",
        .get = [](const S& s, I i) { return count_if_set(option(s, i).dboxes); },
        .set = [](S& s, I i, const D& v) { option(s, i).dboxes = count(v); },
        .look = {.placeholder = "sized",
                 .empty_means = "sized from the requirements",
                 .one = "D-box",
                 .many = "D-boxes"},
    },
    ScenarioField{
        .pattern = "options[N].capacity.usable",
        .kind = FieldKind::quantity,
        .dimension = Dimension::capacity,
        .excludes = kExcludesUsablePerGpu,
        .bounds = kPositive,
        .label = "option's usable capacity",
        .help = "Usable capacity of this option instead of the scenario's.",
        .get =
            [](const S& s, I i) {
                const OptionSpec& o = option(s, i);
                return o.capacity ? base_if_set(o.capacity->usable) : D{};
            },
        .set = [](S& s, I i, const D& v) { option_capacity(s, i).usable = quantity<Capacity>(v); },
        .look = {.placeholder = "1 EB", .short_label = "Usable"},
    },
    ScenarioField{
        .pattern = "options[N].capacity.usable_per_gpu",
        .kind = FieldKind::quantity,
        .dimension = Dimension::capacity,
        .excludes = kExcludesUsable,
        .bounds = kPositive,
        .label = "option's usable capacity per GPU",
        .help = "Usable capacity per GPU of this option instead of the scenario's.",
        .enabled = has_fleet,
        .get =
            [](const S& s, I i) {
                const OptionSpec& o = option(s, i);
                return o.capacity ? base_if_set(o.capacity->usable_per_gpu) : D{};
            },
        .set = [](S& s, I i,
                  const D& v) { option_capacity(s, i).usable_per_gpu = quantity<Capacity>(v); },
        .look = {.placeholder = "5.2 TB", .short_label = "Usable per GPU"},
    },
    ScenarioField{
        .pattern = "options[N].performance",
        .kind = FieldKind::choice,
        .choices = kNone,
        .label = "no throughput requirement",
        .help = "\"none\": the option carries no throughput requirement.",
        .range_text = "expected \"none\" (this option has no throughput requirement); leave the "
                      "field out to use the scenario's performance rule",
        .get = [](const S& s,
                  I i) { return option(s, i).use_performance ? D{} : D{std::string("none")}; },
        .set = [](S& s, I i, const D&) { option(s, i).use_performance = false; },
    },
    ScenarioField{
        .pattern = "checkpoint.failure_rate",
        .kind = FieldKind::number_or_id,
        .bounds = {0.0, 1e6, true, false},
        .ids = IdList::failure_rates,
        .label = "failures per 1,000 node-days",
        .help = "A catalog failure-rate preset, or failures per 1,000 node-days.",
        .range_text = "expected failures per 1,000 node-days above 0, such as 6.5, or a catalog "
                      "preset id",
        .get = [](const S& s, I) { return failure_rate_data(s); },
        .set = [](S& s, I, const D& v) { set_failure_rate(ckpt(s), v); },
        .look = {.placeholder = "failures per 1,000 node-days, such as 6.5",
                 .first_item = "catalog default (%1)",
                 .last_item = "a number per 1,000 node-days",
                 .short_label = "Failure rate"},
    },
    ScenarioField{
        .pattern = "checkpoint.concurrent",
        .kind = FieldKind::boolean,
        .default_text = "true",
        .label = "jobs run together",
        .help = "true: the jobs run together and add up; false: they are alternatives.",
        .get = [](const S& s, I) { return s.checkpoint ? D{s.checkpoint->concurrent} : D{}; },
        .set = [](S& s, I, const D& v) { ckpt(s).concurrent = std::get<bool>(v); },
    },
    ScenarioField{
        .pattern = "checkpoint.knee_step",
        .kind = FieldKind::quantity,
        .dimension = Dimension::throughput,
        .bounds = kPositive,
        .default_text = "100 GB/s",
        .label = "knee step",
        .help = "The step of write bandwidth the knee is measured in (docs/checkpoints.md §7).",
        .get = [](const S& s, I) { return s.checkpoint ? D{s.checkpoint->knee_step.base()} : D{}; },
        .set = [](S& s, I, const D& v) { ckpt(s).knee_step = quantity<Throughput>(v); },
        .look = {.placeholder = "100 GB/s"},
    },
    ScenarioField{
        .pattern = "checkpoint.knee_threshold",
        .kind = FieldKind::number,
        .bounds = {0.0, 1e12, true, false},
        .default_text = "100",
        .label = "knee threshold (GPU-hours a day)",
        .help = "GPU-hours a day one more knee step must give back to be worth buying; the knee "
                "is where it gives back less.",
        .range_text = "expected GPU-hours per day above 0, such as 100",
        .get = [](const S& s, I) { return s.checkpoint ? D{s.checkpoint->knee_threshold} : D{}; },
        .set = [](S& s, I, const D& v) { ckpt(s).knee_threshold = number(v); },
        .look = {.placeholder = "100", .unit = "GPU-hours a day per step"},
    },
    ScenarioField{
        .pattern = "checkpoint.local_bandwidth",
        .kind = FieldKind::quantity,
        .dimension = Dimension::throughput,
        .bounds = kPositive,
        .default_text = "3.2 GB/s",
        .label = "local staging bandwidth per node",
        .help = "Async jobs: the write bandwidth of each node's staging tier (local NVMe or host "
                "memory); the copy's stall sets the interval (docs/checkpoints.md §2). Default "
                "3.2 GB/s, ASSUMPTION: one NVMe drive.",
        .get = [](const S& s,
                  I) { return s.checkpoint ? D{s.checkpoint->local_bandwidth.base()} : D{}; },
        .set = [](S& s, I, const D& v) { ckpt(s).local_bandwidth = quantity<Throughput>(v); },
        .look = {.placeholder = "3.2 GB/s"},
    },
    ScenarioField{
        .pattern = "checkpoint.overhead",
        .kind = FieldKind::quantity,
        .dimension = Dimension::duration,
        .bounds = {0.0, 1e9, false, false},
        .default_text = "0 s",
        .label = "fixed overhead per checkpoint",
        .help = "Fixed stall of every checkpoint besides moving its bytes (barrier, metadata, "
                "fsync); default 0 s, ASSUMPTION (docs/checkpoints.md §7).",
        .range_text = "expected a time from 0 s to 10^9 s (about 32 years), such as \"10 s\"",
        .get = [](const S& s, I) { return s.checkpoint ? D{s.checkpoint->overhead.base()} : D{}; },
        .set = [](S& s, I, const D& v) { ckpt(s).overhead = quantity<Duration>(v); },
        .look = {.placeholder = "0 s"},
    },
    ScenarioField{
        .pattern = "checkpoint.rate_node_gpus",
        .kind = FieldKind::count,
        .bounds = {1.0, 1024.0},
        .default_text = "8",
        .label = "GPUs per node of the rate",
        .help = "GPUs per node a failure_rate number was counted on (8 for the published rates; "
                "1: per GPU-day); a preset states its own.",
        .range_text = "expected the GPUs per node the failure rate was counted on, 1 to 1,024",
        .enabled =
            [](const S& s, I) {
                return s.checkpoint && s.checkpoint->failures_per_1000_node_days.has_value();
            },
        .get = [](const S& s,
                  I) { return s.checkpoint ? count_if_set(s.checkpoint->rate_node_gpus) : D{}; },
        .set = [](S& s, I, const D& v) { ckpt(s).rate_node_gpus = count(v); },
        .look = {.placeholder = "8"},
    },
    ScenarioField{
        .pattern = "checkpoint.jobs[N].name",
        .label = "name",
        .help = "The job's name, unique within the scenario; left out, \"job 1\", \"job 2\", ….",
        .get = [](const S& s, I i) { return D{job(s, i).name}; },
        .set = [](S& s, I i, const D& v) { job(s, i).name = text(v); },
    },
    ScenarioField{
        .pattern = "checkpoint.jobs[N].params",
        .kind = FieldKind::params,
        .excludes = kExcludesSize,
        .bounds = {0.0, 1e16, true, false},
        .label = "model parameters",
        .help = "The model's parameter count (\"1.8T\", \"70B\").",
        .range_text = "expected a parameter count above 0 and at most 10^16, such as \"1.8T\"",
        .enabled = from_params,
        .get = [](const S& s, I i) { return job(s, i).params > 0.0 ? D{job(s, i).params} : D{}; },
        .set = [](S& s, I i, const D& v) { job(s, i).params = number(v); },
        .look = {.placeholder = "1.8T"},
    },
    ScenarioField{
        .pattern = "checkpoint.jobs[N].bytes_per_param",
        .kind = FieldKind::number_or_id,
        .bounds = {0.0, 1024.0, true, false},
        .default_text = "14",
        .label = "bytes per parameter",
        .help = "Checkpoint bytes per parameter (weights and optimiser state).",
        .range_text = "expected bytes per parameter above 0 and at most 1,024, such as 14",
        .enabled = from_params,
        .get = [](const S& s,
                  I i) { return job(s, i).params > 0.0 ? D{job(s, i).bytes_per_param} : D{}; },
        .set = [](S& s, I i, const D& v) { job(s, i).bytes_per_param = number(v); },
        .look = {.placeholder = "14"},
    },
    ScenarioField{
        .pattern = "checkpoint.jobs[N].checkpoint_size",
        .kind = FieldKind::quantity,
        .dimension = Dimension::capacity,
        .excludes = kExcludesParams,
        .bounds = kPositive,
        .label = "checkpoint size",
        .help = "The whole checkpoint's size, instead of params.",
        .enabled = [](const S& s, I i) { return !from_params(s, i); },
        .get = [](const S& s,
                  I i) { return job(s, i).params > 0.0 ? D{} : D{job(s, i).size.base()}; },
        .set = [](S& s, I i, const D& v) { job(s, i).size = quantity<Capacity>(v); },
        .look = {.placeholder = "25.2 TB"},
    },
    ScenarioField{
        .pattern = "checkpoint.jobs[N].gpus",
        .kind = FieldKind::count,
        .bounds = kCountBounds,
        .label = "GPUs",
        .help = "GPUs of the job; left out, the whole pod.",
        .get = [](const S& s, I i) { return count_if_set(job(s, i).gpus); },
        .set = [](S& s, I i, const D& v) { job(s, i).gpus = count(v); },
        .look = {.placeholder = "whole pod",
                 .empty_means = "the whole pod",
                 .one = "GPU",
                 .many = "GPUs"},
    },
    ScenarioField{
        .pattern = "checkpoint.jobs[N].interval",
        .kind = FieldKind::quantity_or_auto,
        .dimension = Dimension::duration,
        .bounds = kPositive,
        .default_text = "auto",
        .label = "interval",
        .help = "Time between checkpoints, or auto (Young/Daly).",
        .get = [](const S& s, I i) { return auto_if_unset(job(s, i).interval); },
        .set = [](S& s, I i, const D& v) { job(s, i).interval = quantity_or_auto<Duration>(v); },
        .look = {.placeholder = "auto (Daly)", .empty_means = "auto: Daly's optimum interval"},
    },
    ScenarioField{
        .pattern = "checkpoint.jobs[N].mode",
        .kind = FieldKind::choice,
        .choices = kCheckpointModeNames.names,
        .default_text = "sync",
        .label = "mode",
        .help = "sync: the job stalls while writing; async: staged, drains in the background.",
        .range_text = "\"{}\" is not a checkpoint mode; expected \"sync\" (the job stalls while "
                      "writing) or \"async\" (staged, drains in the background)",
        .get = [](const S& s, I i) { return D{std::string(to_string(job(s, i).mode))}; },
        .set = [](S& s, I i,
                  const D& v) { job(s, i).mode = *checkpoint_mode_from_string(text(v)); },
        .look = {.choice_texts = "sync (the job stalls while writing)|async (copies locally, "
                                 "drains before the next)"},
    },
    ScenarioField{
        .pattern = "checkpoint.jobs[N].stall_budget",
        .kind = FieldKind::percent,
        .bounds = kOpenFraction,
        .default_text = "5%",
        .label = "stall budget",
        .help = "Share of the interval a sync checkpoint may stall the job.",
        .noun = "a stall budget",
        .range_text = "\"{}\": expected a stall budget above 0 % and below 100 %, such as \"5%\"",
        .get = [](const S& s, I i) { return D{job(s, i).stall_budget}; },
        .set = [](S& s, I i, const D& v) { job(s, i).stall_budget = number(v); },
        .look = {.placeholder = "5%", .share_of = "of the interval"},
    },
    ScenarioField{
        .pattern = "checkpoint.jobs[N].restart_time",
        .kind = FieldKind::quantity,
        .dimension = Dimension::duration,
        .default_text = "10 min", // kDefaultRestartSeconds: the failure band's central case
        .label = "restart time",
        .help = "Time to restart the job from a checkpoint after a failure.",
        .get = [](const S& s, I i) { return D{job(s, i).restart.base()}; },
        .set = [](S& s, I i, const D& v) { job(s, i).restart = quantity<Duration>(v); },
        .look = {.placeholder = "10 min"},
    },
    ScenarioField{
        .pattern = "checkpoint.jobs[N].offsite_every",
        .kind = FieldKind::count,
        .bounds = kCountBounds,
        .label = "offsite every",
        .help = "Every Nth checkpoint goes to the central store.",
        .get = [](const S& s, I i) { return count_if_set(job(s, i).offsite_every); },
        .set = [](S& s, I i, const D& v) { job(s, i).offsite_every = count(v); },
        .look = {.placeholder = "none",
                 .empty_means = "no offsite copies",
                 .one = "checkpoint",
                 .many = "checkpoints"},
    },
    ScenarioField{
        .pattern = "checkpoint.jobs[N].retain",
        .kind = FieldKind::count,
        .bounds = kCountBounds,
        .default_text = "2",
        .label = "checkpoints kept",
        .help = "Local checkpoints kept.",
        .get = [](const S& s, I i) { return D{job(s, i).retain}; },
        .set = [](S& s, I i, const D& v) { job(s, i).retain = count(v); },
        .look = {.placeholder = "2", .one = "checkpoint", .many = "checkpoints"},
    },
    // docs/extrapolation-and-comparison.md
    ScenarioField{
        .pattern = "extrapolation.target",
        .kind = FieldKind::quantity,
        .dimension = Dimension::capacity,
        .bounds = kPositive,
        .required = true,
        .label = "extrapolation target",
        .help = "The capacity the designs are grown to.",
        .get = [](const S& s,
                  I) { return s.extrapolation ? D{s.extrapolation->target.base()} : D{}; },
        .set = [](S& s, I, const D& v) { extrapolation(s).target = quantity<Capacity>(v); },
        .look = {.placeholder = "1 EB", .short_label = "Target"},
    },
    ScenarioField{
        .pattern = "extrapolation.tolerance",
        .kind = FieldKind::percent,
        .bounds = {0.0, 0.5},
        .default_text = "0%",
        .label = "tolerance",
        .help = "How far short of the target still counts as reaching it (0 % to 50 %).",
        .range_text = "\"{}\" is outside 0 % to 50 %; expected a tolerance such as \"10%\" (how "
                      "far short of the target still counts)",
        .get = [](const S& s, I) { return s.extrapolation ? D{s.extrapolation->tolerance} : D{}; },
        .set = [](S& s, I, const D& v) { extrapolation(s).tolerance = number(v); },
        .look = {.placeholder = "0%",
                 .empty_means = "0 %: the target exactly",
                 .share_of = "short of the target still counts"},
    },
    ScenarioField{
        .pattern = "comparisons[N]",
        .kind = FieldKind::id,
        .ids = IdList::references,
        .label = "reference system",
        .help = "A catalog reference system to put beside the designs.",
        .get = [](const S& s, I i) { return D{s.comparisons.at(i)}; },
        .set =
            [](S& s, I i, const D& v) {
                s.comparisons.resize(std::max(s.comparisons.size(), i + 1));
                s.comparisons[i] = text(v);
            },
    },
    // docs/extrapolation-and-comparison.md, "Cloud limits and the WAN"
    ScenarioField{
        .pattern = "cloud.wan",
        .kind = FieldKind::quantity,
        .dimension = Dimension::throughput,
        .bounds = kPositive,
        .label = "WAN to the cloud region",
        .help = "The link between the GPU site and the cloud store's region: what reaches the "
                "GPUs from the store is at most this.",
        .get = [](const S& s, I) { return base_if_set(s.cloud.wan); },
        .set = [](S& s, I, const D& v) { s.cloud.wan = quantity<Throughput>(v); },
        .look = {.placeholder = "not given", .empty_means = "not given"},
    },
    ScenarioField{
        .pattern = "cloud.raised_account_limit",
        .kind = FieldKind::boolean,
        .default_text = "false",
        .label = "raised account limit",
        .help = "The provider raised the storage accounts allowed per subscription per region "
                "(Azure: 250, 500 on request).",
        .get = [](const S& s, I) { return s.cloud.raised_account_limit ? D{true} : D{}; },
        .set = [](S& s, I, const D& v) { s.cloud.raised_account_limit = std::get<bool>(v); },
    },
    // docs/resilience.md §8–§13
    ScenarioField{
        .pattern = "resilience.afr",
        .kind = FieldKind::percent,
        .bounds = kOpenFraction,
        .label = "drive AFR",
        .help = "Annual failure rate per drive; unset, the catalog D-box's drive_afr.",
        .noun = "an annual failure rate",
        .range_text = "\"{}\": expected an annual failure rate above 0 % and below 100 %, such "
                      "as \"0.5%\"",
        .get = [](const S& s, I) { return s.resilience.afr ? D{*s.resilience.afr} : D{}; },
        .set = [](S& s, I, const D& v) { s.resilience.afr = number(v); },
        .look = {.placeholder = "the D-box's drive AFR",
                 .empty_means = "the catalog D-box's drive_afr"},
    },
    // docs/resilience.md §9: enclosure events, the durability's second term.
    ScenarioField{
        .pattern = "resilience.dbox_events",
        .kind = FieldKind::percent,
        .bounds = {0.0, 10.0},
        .label = "D-box outages a year",
        .help = "Events a year per D-box that take it offline and end without a rebuild (a "
                "failed module or power feed), such as \"1%\"; unset, the catalog D-box's "
                "dbox_events_per_year.",
        .noun = "an enclosure event rate",
        .range_text = "\"{}\": expected enclosure events per D-box-year from 0 % to 1000 %, "
                      "such as \"1%\"",
        .get = [](const S& s,
                  I) { return s.resilience.dbox_events ? D{*s.resilience.dbox_events} : D{}; },
        .set = [](S& s, I, const D& v) { s.resilience.dbox_events = number(v); },
        .look = {.placeholder = "the D-box's events a year",
                 .empty_means = "the catalog D-box's dbox_events_per_year",
                 .share_of = "a D-box-year"},
    },
    ScenarioField{
        .pattern = "resilience.dbox_losses",
        .kind = FieldKind::percent,
        .bounds = {0.0, 10.0},
        .label = "D-box losses a year",
        .help = "Permanent enclosure losses a year per D-box that need its drives rebuilt, such "
                "as \"0.1%\"; unset, the catalog D-box's dbox_losses_per_year.",
        .noun = "an enclosure loss rate",
        .range_text = "\"{}\": expected enclosure losses per D-box-year from 0 % to 1000 %, "
                      "such as \"0.1%\"",
        .get = [](const S& s,
                  I) { return s.resilience.dbox_losses ? D{*s.resilience.dbox_losses} : D{}; },
        .set = [](S& s, I, const D& v) { s.resilience.dbox_losses = number(v); },
        .look = {.placeholder = "0.1%",
                 .empty_means = "the catalog D-box's dbox_losses_per_year",
                 .share_of = "a D-box-year"},
    },
    ScenarioField{
        .pattern = "resilience.fill",
        .kind = FieldKind::percent,
        .bounds = {0.0, 1.0, true, false},
        .default_text = "80%",
        .label = "fill",
        .help = "Share of the drives holding data: what a rebuild reads.",
        // durability --fill's wording, the clearer of the two it was spelled in.
        .noun = "the share of the drives in use",
        .range_text = "\"{}\": expected the share of the drives in use above 0 % and at most "
                      "100 %, such as \"80%\"",
        .get = [](const S& s, I) { return s.resilience.fill ? D{*s.resilience.fill} : D{}; },
        .set = [](S& s, I,
                  const D& v) { s.resilience.fill = unless_default(number(v), kDefaultFill); },
        .look = {.placeholder = "80%", .share_of = "of the drives"},
    },
    ScenarioField{
        .pattern = "resilience.rebuild_share",
        .kind = FieldKind::percent,
        .bounds = {0.0, 1.0, true, false},
        .default_text = "10%",
        .label = "rebuild share",
        .help = "Share of the D-boxes' backend bandwidth given to rebuilds.",
        .noun = "a rebuild share",
        .range_text = "\"{}\": expected a rebuild share above 0 % and at most 100 %, such as "
                      "\"10%\"",
        .get = [](const S& s,
                  I) { return s.resilience.rebuild_share ? D{*s.resilience.rebuild_share} : D{}; },
        .set =
            [](S& s, I, const D& v) {
                s.resilience.rebuild_share = unless_default(number(v), kDefaultRebuildShare);
            },
        .look = {.placeholder = "10%", .share_of = "of the backend"},
    },
    ScenarioField{
        .pattern = "resilience.outage",
        .kind = FieldKind::quantity,
        .dimension = Dimension::duration,
        .bounds = {0.0, 31'536'000.0}, // a 365-day year
        .label = "WAN outage",
        .help = "A WAN outage to ride through (up to a year): the offsite backlog it leaves.",
        .range_text = "\"{}\": expected an outage of at most a year",
        .get = [](const S& s, I) { return base_if_set(s.resilience.outage); },
        .set = [](S& s, I, const D& v) { s.resilience.outage = quantity<Duration>(v); },
        .look = {.placeholder = "24 h", .empty_means = "none"},
    },
    ScenarioField{
        .pattern = "resilience.dataset",
        .kind = FieldKind::quantity,
        .dimension = Dimension::capacity,
        .bounds = {0.0, std::numeric_limits<double>::infinity()},
        .label = "dataset to stage",
        .help = "Training data to pre-stage from the cloud over the WAN.",
        .get = [](const S& s, I) { return base_if_set(s.resilience.dataset); },
        .set = [](S& s, I, const D& v) { s.resilience.dataset = quantity<Capacity>(v); },
        .look = {.placeholder = "100 PB", .empty_means = "none"},
    },
    ScenarioField{
        .pattern = "data_reduction",
        .kind = FieldKind::number,
        .bounds = {1.0, 100.0},
        .default_text = "1",
        .label = "data reduction",
        .help = "What-if data-reduction ratio from 1 (none) to 100: effective capacity only.",
        .range_text = "expected a data-reduction ratio from 1 (none) to 100",
        .get = [](const S& s, I) { return s.data_reduction != 1.0 ? D{s.data_reduction} : D{}; },
        .set = [](S& s, I, const D& v) { s.data_reduction = number(v); },
        .look = {.placeholder = "1 (none)", .ratio_to_one = true},
        .sheet = {.name = "data_reduction", .unit_text = ":1", .format = SheetFormat::two},
    },
    // docs/sites-and-phases.md §2: growth on the installed base.
    ScenarioField{
        .pattern = "phases[N].name",
        .required = true,
        .label = "name",
        .help = "The phase's name, shown as its row.",
        .range_text = "empty; expected the phase's name",
        .get = [](const S& s, I i) { return D{phase(s, i).name}; },
        .set = [](S& s, I i, const D& v) { phase(s, i).name = text(v); },
        // A phase gives GPUs, usable capacity or both in service after it.
        .look = {.placeholder = "phase 1"},
    },
    ScenarioField{
        .pattern = "phases[N].date",
        .label = "date",
        .help = "When the phase is in service, as YYYY-MM-DD (optional).",
        .get = [](const S& s, I i) { return text_if_set(phase(s, i).date); },
        .set = [](S& s, I i, const D& v) { phase(s, i).date = text(v); },
        .look = {.placeholder = "2027-03-31", .empty_means = "not given"},
    },
    ScenarioField{
        .pattern = "phases[N].gpus",
        .kind = FieldKind::count,
        .bounds = kCountBounds,
        .label = "GPUs",
        .help = "GPUs in service after the phase; left out, the fleet's.",
        .get = [](const S& s, I i) { return count_if_set(phase(s, i).gpus); },
        .set = [](S& s, I i, const D& v) { phase(s, i).gpus = count(v); },
        .look = {.placeholder = "the fleet's",
                 .empty_means = "the fleet's GPUs",
                 .one = "GPU",
                 .many = "GPUs"},
    },
    ScenarioField{
        .pattern = "phases[N].usable",
        .kind = FieldKind::quantity,
        .dimension = Dimension::capacity,
        .bounds = kPositive,
        .label = "usable capacity",
        .help = "Usable capacity in service after the phase; left out, the scenario's.",
        .get = [](const S& s, I i) { return base_if_set(phase(s, i).usable); },
        .set = [](S& s, I i, const D& v) { phase(s, i).usable = quantity<Capacity>(v); },
        .look = {.placeholder = "the scenario's", .empty_means = "the scenario's usable capacity"},
    },
    ScenarioField{
        .pattern = "phases[N].site",
        .kind = FieldKind::text,
        .label = "site",
        .help = "A site of fleet.sites the phase opens or grows; its gpus and usable are then "
                "that site's (docs/sites-and-phases.md, \"Phases by site\").",
        .range_text = "empty; expected the name of a site of fleet.sites",
        .get = [](const S& s, I i) { return text_if_set(phase(s, i).site); },
        .set = [](S& s, I i, const D& v) { phase(s, i).site = text(v); },
    },
    // docs/bom.md §4: the site's supply and floor for the facility figures.
    // An object of its own: "site" would read as one of fleet.sites and
    // "phases" is the growth plan.
    ScenarioField{
        .pattern = "facility.voltage",
        .kind = FieldKind::number,
        .bounds = {100.0, 1000.0},
        .default_text = "400",
        .label = "supply voltage (V)",
        .help = "Nominal supply voltage in volts, line to line on a three-phase supply; left "
                "out, 400 V (IEC 60038: 230/400 V).",
        .range_text = "expected a supply voltage in volts from 100 to 1,000, such as 400 or 208",
        .get =
            [](const S& s, I) {
                return s.facility.voltage != FacilitySpec{}.voltage ? D{s.facility.voltage} : D{};
            },
        .set = [](S& s, I, const D& v) { s.facility.voltage = number(v); },
        // docs/bom.md §4: the site's supply and floor for the Facility figures.
        .look = {.placeholder = "400", .short_label = "Voltage (V)"},
    },
    ScenarioField{
        .pattern = "facility.supply",
        .kind = FieldKind::choice,
        .choices = kSupplyNames,
        .default_text = "three-phase",
        .label = "supply",
        .help = "The racks' feeds: three-phase (amps = W / (1.732 x V)) or single-phase "
                "(amps = W / V).",
        .range_text = "\"{}\" is not a supply; expected \"three-phase\" or \"single-phase\"",
        .get = [](const S& s,
                  I) { return s.facility.phase_count == 1 ? D{std::string("single-phase")} : D{}; },
        .set = [](S& s, I,
                  const D& v) { s.facility.phase_count = text(v) == "single-phase" ? 1 : 3; },
        .look = {.choice_texts = "three-phase|single-phase", .short_label = "Supply"},
    },
    ScenarioField{
        .pattern = "facility.rack_footprint_m2",
        .kind = FieldKind::number,
        .bounds = {0.1, 10.0},
        .default_text = "0.72",
        .label = "rack footprint (m2)",
        .help = "Floor area under one rack in square metres, for the floor load; left out, "
                "0.72 (600 x 1200 mm).",
        .range_text = "expected a rack footprint in square metres from 0.1 to 10, such as 0.72",
        .get =
            [](const S& s, I) {
                return s.facility.rack_footprint_m2 != FacilitySpec{}.rack_footprint_m2
                           ? D{s.facility.rack_footprint_m2}
                           : D{};
            },
        .set = [](S& s, I, const D& v) { s.facility.rack_footprint_m2 = number(v); },
        .look = {.placeholder = "0.72", .short_label = "Rack footprint (m²)"},
    },
    // Editors find the JSON Schema through it (docs/scenario-format.md); never written.
    ScenarioField{
        .pattern = "$schema",
        .sweepable = false,
        .help = "The JSON Schema of the file, for editors.",
        .get = [](const S&, I) { return D{}; },
        .set = [](S&, I, const D&) {},
    },
};

} // namespace

std::span<const ScenarioField> scenario_fields() {
    return kFields;
}

const ScenarioField* find_scenario_field(std::string_view pattern) {
    for (const ScenarioField& f : kFields) {
        if (f.pattern == pattern && f.sweepable) {
            return &f;
        }
    }
    return nullptr;
}

} // namespace podsizer

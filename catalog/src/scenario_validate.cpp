// validate(): the field table's rules on every value of a Scenario, then the
// rules between fields (docs/scenario-format.md).
#include "growth_validate.hpp"
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/catalog/validate.hpp"
#include "podsizer/core/sites.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace podsizer {

namespace {

const JsonPath kRoot;

class Checker {
public:
    Checker(const Scenario& s, const Catalog& cat) : s_(s), cat_(cat) {}

    std::vector<Problem> run() {
        fields();
        fleet_and_needs();
        site_needs();
        constraints();
        for (std::size_t i = 0; i < s_.options.size(); ++i) {
            option(i);
        }
        checkpoint();
        comparisons();
        detail::validate_growth(s_, out_);
        nothing_to_size();
        return std::move(out_);
    }

private:
    void add(JsonPath path, std::string message) {
        out_.push_back(Problem{std::move(path), std::move(message)});
    }

    void fields() {
        for (const ScenarioField& f : scenario_fields()) {
            const std::size_t count = field_count(f, s_);
            for (std::size_t i = 0; i < count; ++i) {
                const FieldData v = f.get(s_, i);
                // Whether a value passes does not depend on its text, which
                // only the message shows: the text (an exact quantity, the
                // costliest part of a check) is made for a failing value.
                if (field_problem(f, v, {}, cat_).empty()) {
                    continue;
                }
                add(field_path(f, i), field_problem(f, v, field_text(f, v), cat_));
            }
        }
    }

    void capacity(const CapacitySpec& c, const JsonPath& at) {
        if (c.usable && c.usable_per_gpu) {
            add(at, "give either \"usable\" or \"usable_per_gpu\", not both");
        }
        if (c.usable_per_gpu && !s_.fleet) {
            add(at, "\"usable_per_gpu\" needs a \"fleet\"");
        }
    }

    void fleet_and_needs() {
        if (s_.fleet && s_.fleet->gpus_per_cluster > s_.fleet->gpus) {
            add(kRoot.key("fleet").key("gpus_per_cluster"),
                fmt::format("is larger than fleet.gpus ({})", s_.fleet->gpus));
        }
        if (s_.performance) {
            const JsonPath at = kRoot.key("performance");
            const PerformanceSpec& p = *s_.performance;
            const bool figures = p.read_per_gpu || p.write_per_gpu;
            if (!s_.fleet) {
                add(at, "a performance rule needs a \"fleet\" (its GPUs set the requirement)");
            } else if (!p.rule.empty() && figures) {
                add(at, "give either \"rule\" or explicit \"read_per_gpu\"/\"write_per_gpu\", "
                        "not both");
            } else if (p.rule.empty() && !figures && p.workloads.empty()) {
                add(at, "expected \"rule\" (a catalog rule id), \"read_per_gpu\" and "
                        "\"write_per_gpu\", or \"workloads\" (what the GPUs run)");
            }
            workloads(p, at.key("workloads"));
        }
        capacity(s_.capacity, kRoot.key("capacity"));
    }

    /// A site's own performance as the scenario's (docs/sites-and-phases.md,
    /// "A site's own needs"): a rule or per-GPU figures, not both; a workload
    /// that reads training data.
    void site_needs() {
        if (!s_.fleet) {
            return;
        }
        for (std::size_t i = 0; i < s_.fleet->site_list.size(); ++i) {
            const SiteSpec& site = s_.fleet->site_list[i];
            const JsonPath at = kRoot.key("fleet").key("sites").index(i);
            if (!site.rule.empty() && (site.read_per_gpu || site.write_per_gpu)) {
                add(at, "give either \"rule\" or explicit \"read_per_gpu\"/\"write_per_gpu\", "
                        "not both");
            }
            const Workload* known = site.workload.empty() ? nullptr : cat_.workload(site.workload);
            if (known != nullptr && !known->training()) {
                add(at.key("workload"), "\"" + site.workload +
                                            "\" is a checkpoint workload; expected a "
                                            "training-data workload such as \"resnet50-h100\"");
            }
        }
    }

    /// A pod's GPUs at a site sized as its own system (docs/sites-and-phases.md,
    /// "A site's own needs"): the scenario's checkpoint jobs run in each.
    std::int64_t own_pod(const SiteSpec& site) const { return site_pods(site, *s_.fleet).pod_gpus; }

    /// The site sized as its own system with the smallest pod; null when no
    /// site is.
    const SiteSpec* smallest_own_site() const {
        const SiteSpec* small = nullptr;
        if (!s_.fleet) {
            return small;
        }
        for (const SiteSpec& site : s_.fleet->site_list) {
            if (site_pods(site, *s_.fleet).own && site.gpus > 0 &&
                (small == nullptr || own_pod(site) < own_pod(*small))) {
                small = &site;
            }
        }
        return small;
    }

    /// Each workload a training-data one of the catalog; GPUs within the fleet's.
    void workloads(const PerformanceSpec& p, const JsonPath& at) {
        for (std::size_t i = 0; i < p.workloads.size(); ++i) {
            const WorkloadUse& w = p.workloads[i];
            const Workload* known = cat_.workload(w.id);
            if (known != nullptr && !known->training()) {
                add(at.index(i).key("id"),
                    "\"" + w.id +
                        "\" is a checkpoint workload; expected a training-data workload (a "
                        "checkpoint job's checkpoint_size takes a model's checkpoint)");
            }
            if (s_.fleet && w.gpus > s_.fleet->pod_gpus()) {
                add(at.index(i).key("gpus"),
                    fmt::format("is more than the pod's {} GPUs", s_.fleet->pod_gpus()));
            }
        }
    }

    void constraints() {
        const Constraints& c = s_.constraints;
        // rack_resilient is the older spelling of one layout (docs/model.md §6).
        if (c.rack_resilient && c.layout != EcLayout::automatic &&
            c.layout != EcLayout::rack_resilient) {
            add(kRoot.key("constraints").key("layout"),
                "\"" + std::string(to_string(c.layout)) +
                    "\" contradicts \"rack_resilient\": true; give \"layout\" only");
        }
        if (c.cd_max.c_per_d < c.cd_min.c_per_d) {
            add(kRoot.key("constraints"), "cd_max (" + c.cd_max.text + ") is below cd_min (" +
                                              c.cd_min.text +
                                              "); the default bounds are 1:2 to 4:1");
        }
        constexpr std::size_t kMaxOptions = 100;
        if (s_.options.size() > kMaxOptions) {
            add(kRoot.key("options"), fmt::format("has {} options; expected at most 100 (split "
                                                  "the scenario into several files)",
                                                  s_.options.size()));
        }
    }

    void option(std::size_t i) {
        const OptionSpec& o = s_.options[i];
        const JsonPath at = kRoot.key("options").index(i);
        const Constraints& cons = s_.constraints;
        if (o.cnode_sizing == CNodeSizing::ratio && o.cd_ratio &&
            (o.cd_ratio->c_per_d < cons.cd_min.c_per_d * (1 - 1e-9) ||
             o.cd_ratio->c_per_d > cons.cd_max.c_per_d * (1 + 1e-9))) {
            add(at.key("cd_ratio"), "C:D ratio " + o.cd_ratio->text + " is outside the bounds " +
                                        cons.cd_min.text + " to " + cons.cd_max.text +
                                        " (constraints.cd_min / cd_max)");
        }
        drive(o, at);
        if (o.capacity) {
            capacity(*o.capacity, at.key("capacity"));
        }
    }

    /// The drive against the chosen D-box: one of its sizes, or its raw capacity.
    void drive(const OptionSpec& o, const JsonPath& at) {
        if (o.drive && o.dbox.empty()) {
            auto_drive(*o.drive, at);
            return;
        }
        const DBoxModel* box = o.dbox.empty() ? nullptr : cat_.dbox(o.dbox);
        if (!o.drive || box == nullptr) {
            return;
        }
        std::string list;
        for (Capacity size : box->drive_sizes) {
            if (std::abs(size / *o.drive - 1.0) <= 0.01 ||
                std::abs(box->raw(size) / *o.drive - 1.0) <= 0.01) {
                return;
            }
            list += (list.empty() ? "" : ", ") + format_in(size, units::TB, 2);
        }
        add(at.key("drive"), format_in(*o.drive, units::TB, 2) + " is not a drive option of " +
                                 box->id + "; expected one of " + list +
                                 " (or the box's raw capacity)");
    }

    /// A drive for an automatic D-box: some model must offer it. The engine's
    /// own error could not say which option asked (second red-team round, m6).
    void auto_drive(Capacity wanted, const JsonPath& at) {
        std::vector<Capacity> sizes;
        for (const DBoxModel& box : cat_.dboxes) {
            for (Capacity size : box.drive_sizes) {
                if (std::abs(size / wanted - 1.0) <= 0.01 ||
                    std::abs(box.raw(size) / wanted - 1.0) <= 0.01) {
                    return;
                }
                if (std::find(sizes.begin(), sizes.end(), size) == sizes.end()) {
                    sizes.push_back(size);
                }
            }
        }
        std::sort(sizes.begin(), sizes.end());
        std::string list;
        for (Capacity size : sizes) {
            list += (list.empty() ? "" : ", ") + format_in(size, units::TB, 2);
        }
        add(at.key("drive"), format_in(wanted, units::TB, 2) +
                                 " drives: no D-box model in the catalog offers them; expected one "
                                 "of " +
                                 list);
    }

    void checkpoint() {
        if (!s_.checkpoint) {
            return;
        }
        const JsonPath at = kRoot.key("checkpoint");
        if (!s_.fleet) {
            add(at, "checkpoint jobs need a \"fleet\" (its platform gives the GPUs per node "
                    "that fail)");
            return;
        }
        const CheckpointSpec& c = *s_.checkpoint;
        if (c.rate_node_gpus > 0 && !c.failures_per_1000_node_days) {
            // A preset states the node it was measured on (docs/checkpoints.md §4).
            add(at.key("rate_node_gpus"),
                "applies to a \"failure_rate\" given as a number; a preset (" +
                    (c.failure_rate.empty() ? std::string("the catalog's default")
                                            : "\"" + c.failure_rate + "\"") +
                    ") states its own GPUs per node");
        }
        const JsonPath jobs = at.key("jobs");
        constexpr std::size_t kMaxJobs = 100;
        if (c.jobs.size() > kMaxJobs) {
            add(jobs, fmt::format("has {} jobs; expected at most 100 (split the scenario into "
                                  "several files)",
                                  c.jobs.size()));
        }
        const std::int64_t pod = s_.fleet->pod_gpus();
        std::int64_t gpus = 0;
        for (std::size_t i = 0; i < c.jobs.size(); ++i) {
            job(c, i, jobs.index(i), pod, gpus);
        }
        if (c.jobs.empty()) {
            add(jobs, "empty; expected at least one job such as {\"params\": \"1.8T\", "
                      "\"interval\": \"5 min\"}");
        }
    }

    void job(const CheckpointSpec& c, std::size_t i, const JsonPath& at, std::int64_t pod,
             std::int64_t& gpus) {
        const CheckpointJobSpec& j = c.jobs[i];
        if (j.gpus > pod) {
            add(at.key("gpus"), fmt::format("{} GPUs is more than the pod's {}", j.gpus, pod));
        } else if (const SiteSpec* small = smallest_own_site(); small && j.gpus > own_pod(*small)) {
            add(at.key("gpus"), fmt::format("{} GPUs is more than a pod of site {} ({} GPUs): "
                                            "each site sized for its own needs runs the "
                                            "scenario's checkpoint jobs",
                                            j.gpus, small->name, own_pod(*small)));
        }
        for (std::size_t k = 0; k < i; ++k) {
            if (c.jobs[k].name == j.name) {
                add(at.key("name"), "duplicate job name \"" + j.name + "\"");
                break;
            }
        }
        gpus += j.gpus > 0 ? j.gpus : pod;
        if (c.concurrent && gpus > pod) {
            add(at, fmt::format("concurrent jobs use {} GPUs, more than the pod's {} (a job "
                                "without \"gpus\" takes the whole pod); give each job its "
                                "\"gpus\", or set \"concurrent\": false if the jobs are "
                                "alternatives",
                                gpus, pod));
        }
    }

    void comparisons() {
        for (std::size_t i = 0; i < s_.comparisons.size(); ++i) {
            const auto begin = s_.comparisons.begin();
            if (std::find(begin, begin + static_cast<std::ptrdiff_t>(i), s_.comparisons[i]) !=
                begin + static_cast<std::ptrdiff_t>(i)) {
                add(kRoot.key("comparisons").index(i),
                    "\"" + s_.comparisons[i] + "\" is listed twice");
            }
        }
    }

    void nothing_to_size() {
        const bool every_option_has_capacity =
            !s_.options.empty() &&
            std::all_of(s_.options.begin(), s_.options.end(),
                        [](const OptionSpec& o) { return o.capacity.has_value(); });
        if (!s_.performance && !s_.capacity.usable && !s_.capacity.usable_per_gpu &&
            !s_.checkpoint && !every_option_has_capacity) {
            add(kRoot, "nothing to size: give a \"fleet\" with a \"performance\" rule or "
                       "\"checkpoint\" jobs, a \"capacity\", or both");
        }
    }

    const Scenario& s_;
    const Catalog& cat_;
    std::vector<Problem> out_;
};

} // namespace

std::vector<Problem> validate(const Scenario& scenario, const Catalog& catalog) {
    return Checker(scenario, catalog).run();
}

} // namespace podsizer

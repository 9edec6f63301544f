#include "scenario_objects.hpp"

#include "field_access.hpp"

#include <algorithm>
#include <array>
#include <fmt/format.h>

namespace podsizer::detail {

namespace {

using namespace access;

// Each option is sized and laid out, and every checkpoint job is analysed on
// every design: the caps bound a scenario's time and memory (20,000 jobs took
// a second, a 16 MiB file of them ten minutes; docs/robustness.md).
constexpr std::size_t kMaxOptions = 100;
constexpr std::size_t kMaxJobs = 100;
// Each site may size its own pod (its rack) and each phase sizes the scenario
// once: a handful in practice (docs/sites-and-phases.md).
constexpr std::size_t kMaxSites = 100;
constexpr std::size_t kMaxPhases = 100;
// Concurrent workloads on one cluster: a handful in practice.
constexpr std::size_t kMaxWorkloads = 100;

void check_site(const Node& n) {
    if (n.has("gpus") == n.has("clusters")) {
        n.fail("give either \"gpus\" (the GPUs at the site) or \"clusters\" (its training "
               "clusters), not both or neither");
    }
}

void check_phase(const Node& n) {
    // A phase by site may only open its site at the site's full size.
    if (!n.has("gpus") && !n.has("usable") && !n.has("site")) {
        n.fail("give \"gpus\" (GPUs in service after the phase), \"usable\" (usable capacity "
               "in service after it) or both");
    }
}

void check_option(const Node& n) {
    if (n.has("cnodes") && n.has("cd_ratio")) {
        n.fail("give either \"cnodes\" or \"cd_ratio\", not both");
    }
}

void check_job(const Node& n) {
    if (n.has("params") == n.has("checkpoint_size")) {
        n.fail("give either \"params\" (a model size such as \"1.8T\", with \"bytes_per_param\") "
               "or \"checkpoint_size\" (such as \"25.2 TB\"), not both or neither");
    }
    if (n.has("checkpoint_size") && n.has("bytes_per_param")) {
        n.at("bytes_per_param")
            .fail("applies to \"params\"; a \"checkpoint_size\" is the whole checkpoint already");
    }
}

const std::array kObjects{
    ScenarioObject{.pattern = "fleet", .open = [](Scenario& s, std::size_t) { fleet(s); }},
    // "sites" is a count or this list (docs/sites-and-phases.md §1).
    ScenarioObject{
        .pattern = "fleet.sites[N]",
        .required = true,
        .max_items = kMaxSites,
        .noun = "sites",
        // "sites": [] silently made a fleet without sites (fourth red-team
        // round, D7); a count of 0 was already refused.
        .empty_text = "an empty list; expected at least one site, or a number of sites such as 2",
        .open = [](Scenario& s, std::size_t i) { site(s, i); },
        .check = check_site,
        .size = [](const Scenario& s) { return s.fleet ? s.fleet->site_list.size() : 0; },
    },
    ScenarioObject{
        .pattern = "performance",
        .open = [](Scenario& s, std::size_t) { perf(s); },
        .exists = [](const Scenario& s, std::size_t) { return s.performance.has_value(); },
    },
    ScenarioObject{
        .pattern = "performance.workloads[N]",
        .max_items = kMaxWorkloads,
        .noun = "workloads",
        .empty_text = "an empty list; expected at least one workload such as {\"id\": "
                      "\"unet3d-h100\"}, or no \"workloads\"",
        .open = [](Scenario& s, std::size_t i) { workload(s, i); },
        .size =
            [](const Scenario& s) { return s.performance ? s.performance->workloads.size() : 0; },
    },
    ScenarioObject{.pattern = "capacity", .open = [](Scenario&, std::size_t) {}},
    ScenarioObject{.pattern = "constraints", .open = [](Scenario&, std::size_t) {}},
    ScenarioObject{
        .pattern = "options[N]",
        .max_items = kMaxOptions,
        .noun = "options",
        .open = [](Scenario& s, std::size_t i) { option(s, i); },
        .check = check_option,
        .size = [](const Scenario& s) { return s.options.size(); },
    },
    ScenarioObject{
        .pattern = "options[N].capacity",
        .open = [](Scenario& s, std::size_t i) { option_capacity(s, i); },
        .exists = [](const Scenario& s,
                     std::size_t i) { return option(s, i).capacity.has_value(); },
    },
    ScenarioObject{.pattern = "checkpoint", .open = [](Scenario& s, std::size_t) { ckpt(s); }},
    ScenarioObject{
        .pattern = "checkpoint.jobs[N]",
        .required = true,
        .max_items = kMaxJobs,
        .noun = "jobs",
        .open = [](Scenario& s, std::size_t i) { job(s, i).name = fmt::format("job {}", i + 1); },
        .check = check_job,
        .close =
            [](Scenario& s, std::size_t i) {
                CheckpointJobSpec& j = job(s, i);
                if (j.params > 0.0) {
                    j.size = checkpoint_size(j.params, j.bytes_per_param);
                }
            },
        .size = [](const Scenario& s) { return s.checkpoint ? s.checkpoint->jobs.size() : 0; },
    },
    ScenarioObject{
        .pattern = "extrapolation",
        .open = [](Scenario& s, std::size_t) { extrapolation(s); },
    },
    ScenarioObject{
        .pattern = "comparisons[N]",
        .size = [](const Scenario& s) { return s.comparisons.size(); },
    },
    ScenarioObject{.pattern = "cloud", .open = [](Scenario&, std::size_t) {}},
    ScenarioObject{.pattern = "resilience", .open = [](Scenario&, std::size_t) {}},
    ScenarioObject{.pattern = "facility", .open = [](Scenario&, std::size_t) {}},
    ScenarioObject{
        .pattern = "phases[N]",
        .max_items = kMaxPhases,
        .noun = "phases",
        .open = [](Scenario& s, std::size_t i) { phase(s, i); },
        .check = check_phase,
        .size = [](const Scenario& s) { return s.phases.size(); },
    },
};

} // namespace

std::span<const ScenarioObject> scenario_objects() {
    return kObjects;
}

std::vector<Member> members_at(std::string_view prefix) {
    std::vector<Member> out;
    for (const ScenarioField& f : scenario_fields()) {
        if (!f.pattern.starts_with(prefix)) {
            continue;
        }
        const std::string_view rest = f.pattern.substr(prefix.size());
        const auto dot = rest.find('.');
        const std::string_view segment = rest.substr(0, dot);
        const bool list = segment.ends_with("[N]");
        const std::string_view key = list ? segment.substr(0, segment.size() - 3) : segment;
        if (std::any_of(out.begin(), out.end(), [&](const Member& m) { return m.key == key; })) {
            continue;
        }
        Member m{key, Member::Shape::value, f.pattern.substr(0, prefix.size() + segment.size()),
                 &f};
        if (dot != std::string_view::npos) {
            m.shape = list ? Member::Shape::object_list : Member::Shape::object;
        } else if (list) {
            m.shape = Member::Shape::value_list;
        }
        out.push_back(m);
    }
    return out;
}

const ScenarioObject* list_form_of(const Member& m) {
    if (m.shape != Member::Shape::value) {
        return nullptr;
    }
    return find_scenario_object(std::string(m.pattern) + "[N]");
}

const ScenarioObject* find_scenario_object(std::string_view pattern) {
    for (const ScenarioObject& o : kObjects) {
        if (o.pattern == pattern) {
            return &o;
        }
    }
    return nullptr;
}

} // namespace podsizer::detail

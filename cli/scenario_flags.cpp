#include "scenario_flags.hpp"

#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "flag_binding.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/catalog/validate.hpp"
#include "podsizer/core/errors.hpp"

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <stdexcept>
#include <string_view>
#include <utility>

namespace podsizer::cli {

namespace {

/// Each flag and the scenario field it sets: its value is read, limited
/// and described by the field's row (flag_binding.hpp), and a problem
/// validate() finds at the field's path is reported at the flag.
struct BoundFlag {
    FlagBinding binding;
    std::string ScenarioFlags::*text;
};
constexpr std::array<BoundFlag, 10> kBound{{
    {{"--name", "name"}, &ScenarioFlags::name},
    {{"--gpus", "fleet.gpus"}, &ScenarioFlags::gpus},
    {{"--platform", "fleet.platform"}, &ScenarioFlags::platform},
    {{"--rule", "performance.rule"}, &ScenarioFlags::rule},
    {{"--workload", "performance.workloads[N].id"}, &ScenarioFlags::workload},
    {{"--usable", "capacity.usable"}, &ScenarioFlags::usable},
    {{"--rack", "constraints.rack"}, &ScenarioFlags::rack},
    {{"--cnode", "options[N].cnode"}, &ScenarioFlags::cnode},
    {{"--dbox", "options[N].dbox"}, &ScenarioFlags::dbox},
    {{"--drive", "options[N].drive"}, &ScenarioFlags::drive},
}};

const FlagBinding& binding(const char* flag) {
    for (const BoundFlag& b : kBound) {
        if (std::string_view(b.binding.flag) == flag) {
            return b.binding;
        }
    }
    throw std::logic_error(fmt::format("{} is not a scenario flag", flag));
}

/// Sets the field of `flag` from its text, if the flag was given.
void apply(const ScenarioFlags& f, const char* flag, Scenario& s, const Catalog& catalog) {
    for (const BoundFlag& b : kBound) {
        if (std::string_view(b.binding.flag) == flag && !(f.*b.text).empty()) {
            apply_flag(f.*b.text, b.binding, s, catalog);
        }
    }
}

std::string flag_at(const std::string& path) {
    for (const BoundFlag& b : kBound) {
        if (field_path(bound_field(b.binding), 0).to_string() == path) {
            return b.binding.flag;
        }
    }
    return "the scenario from the flags: " + path;
}

/// The rule a platform's GPUs get when --rule is not given: its only one.
/// With several (H100: good, better, best) the choice is the architect's, so
/// the error lists them rather than picking one.
std::string default_rule(const GpuPlatform& platform, const Catalog& catalog) {
    std::vector<std::string> ids;
    for (const PerformanceRule& r : catalog.rules) {
        if (r.platform == platform.id) {
            ids.push_back(r.id);
        }
    }
    if (ids.size() == 1) {
        return ids.front();
    }
    if (ids.empty()) {
        return {}; // capacity only; the scenario must then carry --usable
    }
    throw InputError("--rule", fmt::format("the platform {} has {} performance rules ({}); "
                                           "expected --rule with one of them, or --rule none",
                                           platform.id, ids.size(), fmt::join(ids, ", ")));
}

std::string scenario_name(const Scenario& s, const Catalog& catalog) {
    std::string name;
    if (s.fleet) {
        const GpuPlatform* p = catalog.platform(s.fleet->platform);
        name = format_number(static_cast<double>(s.fleet->gpus)) + " " +
               (p != nullptr ? p->name : s.fleet->platform) + " GPUs";
    }
    if (s.capacity.usable) {
        name += (name.empty() ? "" : ", ") +
                exact_quantity_text(s.capacity.usable->base(), Dimension::capacity) + " usable";
    }
    return name;
}

/// Inserts `line` (a JSON member without the trailing comma) as the first
/// member of the object that opens with `opening` in `text`, if it is there.
void insert_first_member(std::string& text, std::string_view opening, const std::string& line) {
    const std::size_t at = text.find(opening);
    if (at != std::string::npos) {
        text.insert(at + opening.size(), line + ",\n");
    }
}

} // namespace

bool ScenarioFlags::any() const {
    return std::any_of(kBound.begin(), kBound.end(),
                       [this](const BoundFlag& b) { return !(this->*b.text).empty(); });
}

std::string set_equivalent(const ScenarioFlags& f) {
    for (const BoundFlag& b : kBound) {
        if (!(f.*b.text).empty()) {
            // Every option of the file, as the flag is for the flags' one option.
            std::string path(b.binding.pattern);
            if (const std::size_t n = path.find("[N]"); n != std::string::npos) {
                path.replace(n, 3, "[*]");
            }
            return fmt::format("--set '{}={}'", path, f.*b.text);
        }
    }
    return {};
}

void add_scenario_flags(CLI::App& cmd, ScenarioFlags& f) {
    cmd.add_option("--gpus", f.gpus, "GPUs of the pod (with --platform)");
    cmd.add_option("--platform", f.platform, "GPU platform id, e.g. gb200-nvl72 (with --gpus)")
        ->check(complete_catalog_ids("platforms"));
    cmd.add_option("--usable", f.usable, "Usable capacity the pod needs, e.g. 215PB");
    cmd.add_option("--rule", f.rule,
                   "Performance rule id, or none (default: the platform's only rule)");
    cmd.add_option("--workload", f.workload,
                   "Training-data workload id on all the GPUs, e.g. unet3d-h100: the read need "
                   "follows from what it reads (docs/workloads.md)")
        ->check(complete_catalog_ids("workloads"));
    cmd.add_option("--rack", f.rack, "Rack model id (default: the catalog's)")
        ->check(complete_catalog_ids("racks"));
    cmd.add_option("--cnode", f.cnode, "C-node model id (default: chosen automatically)")
        ->check(complete_catalog_ids("cnodes"));
    cmd.add_option("--dbox", f.dbox, "D-box model id (default: chosen automatically)")
        ->check(complete_catalog_ids("dboxes"));
    cmd.add_option("--drive", f.drive, "Drive size, e.g. \"61.44 TB\" (default: the D-box's)");
    cmd.add_option("--name", f.name, "Scenario name (default: from the GPUs and capacity)");
}

Scenario scenario_from_flags(const ScenarioFlags& f, const Catalog& catalog) {
    Scenario s;
    if (f.gpus.empty() != f.platform.empty()) {
        throw InputError(f.gpus.empty() ? "--gpus" : "--platform",
                         f.gpus.empty() ? "expected the number of GPUs with --platform"
                                        : "expected the GPU platform with --gpus, e.g. "
                                          "gb200-nvl72");
    }
    if (f.gpus.empty() && f.usable.empty()) {
        throw InputError("--gpus/--usable",
                         "nothing to size; expected --gpus N --platform ID (the throughput "
                         "need) or --usable CAPACITY, or both");
    }
    if (!f.gpus.empty()) {
        apply(f, "--gpus", s, catalog);
        apply(f, "--platform", s, catalog);
        std::string rule = f.rule;
        // A workload is the basis itself: no platform rule is added to it.
        if (rule.empty() && f.workload.empty()) {
            rule = default_rule(*catalog.platform(s.fleet->platform), catalog);
        }
        if (!rule.empty() && rule != "none") {
            apply_flag(rule, binding("--rule"), s, catalog);
        }
        apply(f, "--workload", s, catalog);
    } else if (!f.workload.empty()) {
        throw InputError("--workload", "a workload runs on GPUs; expected --gpus and --platform "
                                       "with it");
    } else if (!f.rule.empty()) {
        throw InputError("--rule", "a performance rule needs the GPUs; expected --gpus and "
                                   "--platform with it");
    }
    apply(f, "--usable", s, catalog);
    if (!f.rack.empty()) {
        apply(f, "--rack", s, catalog);
    } else {
        s.constraints.rack = catalog.defaults.rack;
    }
    for (const char* flag : {"--cnode", "--dbox", "--drive"}) {
        apply(f, flag, s, catalog);
    }
    if (!s.performance && !s.capacity.usable) {
        throw InputError("--usable", "nothing to size: the GPUs have no performance rule (--rule "
                                     "none, or a platform without one); expected --usable "
                                     "CAPACITY, or a --rule");
    }
    s.name = scenario_name(s, catalog);
    apply(f, "--name", s, catalog);
    // The same rules a file is held to (a rule of another platform, a drive
    // the D-box does not offer, a name too long), reported at the flag.
    if (const std::vector<Problem> problems = validate(s, catalog); !problems.empty()) {
        throw InputError(flag_at(problems.front().path.to_string()), problems.front().message);
    }
    return s;
}

std::string commented_scenario(const Scenario& s) {
    // Without options the engine sizes one design of automatic hardware.
    constexpr std::string_view kNoOptions =
        ",\n    \"Without options podsizer sizes one design of automatic hardware; an options "
        "list (cnode, dbox, drive, ...) names the designs to compare.\"";
    std::string text = scenario_to_json(s);
    // The reader ignores keys starting with "_" (docs/scenario-format.md), so
    // these notes survive in the file and change nothing.
    insert_first_member(text, "{\n",
                        "  \"_comment\": [\n"
                        "    \"A podsizer scenario, written by podsizer init. Size it with: "
                        "podsizer size FILE\",\n"
                        "    \"Every field is described in docs/scenario-format.md (man podsizer). "
                        "Quantities are strings with a unit: \\\"215 PB\\\", \\\"24 GB/s\\\".\",\n"
                        "    \"Keys starting with _ are comments: the reader ignores them.\"" +
                            std::string(s.options.empty() ? kNoOptions : "") +
                            "\n"
                            "  ]");
    insert_first_member(text, "\"fleet\": {\n",
                        "    \"_comment\": \"The GPUs the storage serves: platform id "
                        "(podsizer catalog list) and the pod's GPU count; sites and "
                        "gpus_per_cluster plan a fleet.\"");
    insert_first_member(text, "\"performance\": {\n",
                        "    \"_comment\": \"The throughput need: a catalog rule per scalable "
                        "unit, or read_per_gpu / write_per_gpu such as \\\"0.26 GB/s\\\".\"");
    if (!s.performance && s.fleet) {
        // docs/model.md §15: GPUs without a rule are sized for capacity only
        // (verdict "capacity only"); the block to fill in says so, ignored
        // by the reader until it is renamed "performance".
        insert_first_member(
            text, "\"capacity\": {\n",
            "    \"_comment\": \"Usable capacity one pod needs, after erasure coding and "
            "reserve.\"");
        insert_first_member(
            text, "{\n",
            "  \"_performance\": {\n"
            "    \"_comment\": \"The catalog has no performance rule for " +
                s.fleet->platform +
                ", so this scenario is sized for capacity only and its verdict says 'capacity "
                "only'. To size read and write, rename this key to performance and give "
                "read_per_gpu and write_per_gpu (such as \\\"0.26 GB/s\\\"), or add "
                "checkpoint jobs for the write.\",\n"
                "    \"read_per_gpu\": \"FILL IN GB/s\",\n"
                "    \"write_per_gpu\": \"FILL IN GB/s\"\n"
                "  }");
    } else {
        insert_first_member(text, "\"capacity\": {\n",
                            "    \"_comment\": \"Usable capacity one pod needs, after erasure "
                            "coding and reserve.\"");
    }
    insert_first_member(text, "\"constraints\": {\n",
                        "    \"_comment\": \"Site limits: the rack model, the C:D bounds; "
                        "max_racks, max_power, power_basis, rack_derate and pue may be added.\"");
    insert_first_member(text, "\"options\": [\n    {\n",
                        "      \"_comment\": \"One design to size; leave cnode, dbox or drive "
                        "out (or \\\"auto\\\") to let podsizer choose. Add options to compare "
                        "designs side by side.\"");
    return text;
}

} // namespace podsizer::cli

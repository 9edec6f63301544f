#include "scenario_flags.hpp"

#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/catalog/validate.hpp"
#include "podsizer/core/errors.hpp"

#include <array>
#include <string_view>
#include <utility>

namespace podsizer::cli {

namespace {

/// Where each flag lands in a scenario file, so a problem validate() finds
/// at a path is reported at the flag that set it.
constexpr std::array<std::pair<std::string_view, std::string_view>, 9> kFlagPaths{{
    {"$.name", "--name"},
    {"$.fleet.gpus", "--gpus"},
    {"$.fleet.platform", "--platform"},
    {"$.performance.rule", "--rule"},
    {"$.capacity.usable", "--usable"},
    {"$.constraints.rack", "--rack"},
    {"$.options[0].cnode", "--cnode"},
    {"$.options[0].dbox", "--dbox"},
    {"$.options[0].drive", "--drive"},
}};

std::string flag_at(const std::string& path) {
    for (const auto& [p, flag] : kFlagPaths) {
        if (path == p) {
            return std::string(flag);
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
    std::string list;
    for (const std::string& id : ids) {
        list += (list.empty() ? "" : ", ") + id;
    }
    throw InputError("--rule", "the platform " + platform.id + " has " +
                                   std::to_string(ids.size()) + " performance rules (" + list +
                                   "); expected --rule with one of them, or --rule none");
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
    for (const std::string* s :
         {&name, &gpus, &platform, &usable, &rule, &rack, &cnode, &dbox, &drive}) {
        if (!s->empty()) {
            return true;
        }
    }
    return false;
}

void add_scenario_flags(CLI::App& cmd, ScenarioFlags& f) {
    cmd.add_option("--gpus", f.gpus, "GPUs of the pod (with --platform)");
    cmd.add_option("--platform", f.platform, "GPU platform id, e.g. gb200-nvl72 (with --gpus)")
        ->check(complete_catalog_ids("platforms"));
    cmd.add_option("--usable", f.usable, "Usable capacity the pod needs, e.g. 215PB");
    cmd.add_option("--rule", f.rule,
                   "Performance rule id, or none (default: the platform's only rule)");
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
        Fleet fleet;
        fleet.gpus = parse_count(f.gpus, "--gpus");
        fleet.platform =
            require_known(f.platform, ids_of(catalog.platforms), "--platform", "GPU platform");
        s.fleet = fleet;
        std::string rule = f.rule;
        if (rule.empty()) {
            rule = default_rule(*catalog.platform(fleet.platform), catalog);
        }
        if (!rule.empty() && rule != "none") {
            s.performance = PerformanceSpec{
                require_known(rule, ids_of(catalog.rules), "--rule", "performance rule"), {}, {}};
        }
    } else if (!f.rule.empty()) {
        throw InputError("--rule", "a performance rule needs the GPUs; expected --gpus and "
                                   "--platform with it");
    }
    if (!f.usable.empty()) {
        s.capacity.usable = flag_above_zero<Capacity>(f.usable, "--usable");
    }
    if (!f.rack.empty()) {
        s.constraints.rack = require_known(f.rack, ids_of(catalog.racks), "--rack", "rack model");
    } else {
        s.constraints.rack = catalog.defaults.rack;
    }
    if (!f.cnode.empty() || !f.dbox.empty() || !f.drive.empty()) {
        OptionSpec o;
        if (!f.cnode.empty()) {
            o.cnode = require_known(f.cnode, ids_of(catalog.cnodes), "--cnode", "C-node model");
        }
        if (!f.dbox.empty()) {
            o.dbox = require_known(f.dbox, ids_of(catalog.dboxes), "--dbox", "D-box model");
        }
        if (!f.drive.empty()) {
            o.drive = flag_above_zero<Capacity>(f.drive, "--drive");
        }
        s.options.push_back(o);
    }
    if (!s.performance && !s.capacity.usable) {
        throw InputError("--usable", "nothing to size: the GPUs have no performance rule (--rule "
                                     "none, or a platform without one); expected --usable "
                                     "CAPACITY, or a --rule");
    }
    s.name = f.name.empty() ? scenario_name(s, catalog) : f.name;
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
    insert_first_member(text, "\"capacity\": {\n",
                        "    \"_comment\": \"Usable capacity one pod needs, after erasure "
                        "coding and reserve.\"");
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

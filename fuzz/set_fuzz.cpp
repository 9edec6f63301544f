// Fuzz harness: `--set PATH=VALUE` expressions (docs/cli.md, "What-ifs with
// --set"), one a line, parsed as a set (two that reach one field refused,
// fourth red-team round D5), written into a scenario with sites, phases and a
// checkpoint job (so the new lists are reached, D6) and read back, then sized
// with its phases and sites planned. A --set either is refused with a
// message or gives a scenario the engine sizes to sane figures.
#include "fuzz_checks.hpp"
#include "podsizer/batch/scenario_set.hpp"
#include "podsizer/catalog/scenario_document.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/phases.hpp"
#include "podsizer/core/sites.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {
// The reference pod with two sites, two phases and a checkpoint job.
constexpr std::string_view kBase = R"({
  "name": "NCP-aligned pod", "fleet": {"platform": "gb200-nvl72", "gpus": 41472,
    "gpus_per_cluster": 20736,
    "sites": [{"name": "A", "clusters": 1, "max_racks": 40}, {"name": "B", "gpus": 20736}]},
  "performance": {"rule": "ncp-gb200-customer"}, "capacity": {"usable": "215 PB"},
  "constraints": {"rack": "rack-42u-25kw"},
  "checkpoint": {"jobs": [{"name": "j", "params": "1.8T", "interval": "30 min"}]},
  "phases": [{"name": "one", "usable": "100 PB"}, {"name": "two", "usable": "215 PB"}],
  "options": [{"cnode": "cnode-1u", "dbox": "dbox-1u-22", "drive": "61.44 TB"}]})";
// A handful of --sets is what a user types; more only repeats the same paths.
constexpr std::size_t kMostSets = 8;
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace podsizer;
    static const Catalog catalog = default_catalog();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> expressions;
    std::size_t from = 0;
    while (from <= text.size() && expressions.size() < kMostSets) {
        const std::size_t nl = std::min(text.find('\n', from), text.size());
        expressions.emplace_back(text.substr(from, nl - from));
        from = nl + 1;
    }
    try {
        const ScenarioSets sets = parse_sets(expressions);
        ScenarioDocument doc(kBase, "base.json");
        const Scenario s = parse_with_sets(doc, sets, catalog);
        const SizingResult r = size_scenario(s, catalog);
        fuzz::check_result(r);
        (void)plan_phases(s, catalog);
        (void)size_sites(s, catalog, r);
    } catch (const InputError&) {
        // Refused with a message naming the --set: what bad input should get.
    }
    return 0;
}

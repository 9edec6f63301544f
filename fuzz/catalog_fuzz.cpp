// Fuzz harness: a catalog file as `--catalog` reads it — merged over the
// default catalog and validated; then the catalog is listed and shown, and two
// scenarios are sized with it (the reference pod with named hardware, and an
// all-automatic one), so hostile catalog figures reach the engine.
#include "fuzz_checks.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/catalog_report.hpp"
#include "podsizer/reports/sizing_report.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

// The reference scenario (examples/ncp-pod-41k.json) and an automatic one.
constexpr std::string_view kReference = R"({
  "name": "NCP-aligned pod", "fleet": {"platform": "gb200-nvl72", "gpus": 41472},
  "performance": {"rule": "ncp-gb200-customer"}, "capacity": {"usable": "215 PB"},
  "constraints": {"rack": "rack-42u-25kw"},
  "options": [{"cnode": "cnode-1u", "dbox": "dbox-1u-22", "drive": "61.44 TB"},
              {"cnode": "cnode-1u", "dbox": "dbox-1u-22", "cnodes": "knee"},
              {"cnode": "cnode-1u", "dbox": "dbox-1u-22", "cd_ratio": "1:2"}]})";
constexpr std::string_view kAutomatic = R"({
  "name": "automatic", "capacity": {"usable": "1 EB"},
  "options": [{}, {"cnodes": "knee"}, {"cnodes": 40, "dboxes": 20}]})";

void size_with(const podsizer::Catalog& catalog, std::string_view scenario) {
    using namespace podsizer;
    try {
        const Scenario s = parse_scenario(scenario, "scenario.json", catalog);
        const SizingResult r = size_scenario(s, catalog);
        podsizer::fuzz::check_result(r);
        (void)render_sizing(r, Format::table);
        (void)render_sizing(r, Format::json);
    } catch (const InputError&) {
        // The fuzzed catalog may have replaced an entry the scenario names.
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace podsizer;
    static const Catalog defaults = default_catalog();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    Catalog catalog = defaults;
    try {
        Diagnostics diag;
        merge_catalog_text(catalog, text, "fuzz.json", &diag);
        validate_catalog(catalog, "fuzz.json");
    } catch (const InputError&) {
        return 0; // rejected with a message naming the place
    }
    for (Format f : {Format::table, Format::json}) {
        (void)render_catalog_list(catalog, f);
    }
    for (const std::string& id : catalog_ids(catalog)) {
        (void)render_catalog_entry(catalog, id, Format::table);
    }
    size_with(catalog, kReference);
    size_with(catalog, kAutomatic);
    return 0;
}

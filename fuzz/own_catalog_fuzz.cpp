// Fuzz harness: a scenario that carries its own catalog (docs/scenario-format.md,
// "A scenario's own catalog"), as `size` reads it — the `catalog` member (a
// catalog document, a file path or a list of those) merged over the default
// catalog and checked whole, then the scenario read against the result, sized
// and rendered in every output format. Relative paths resolve in
// fuzz/seeds/own_catalog, which holds a small catalog file (cat.json), so the
// path branch reads real files too (third red-team round, defects 3 and 10).
#include "fuzz_checks.hpp"
#include "podsizer/catalog/safe_text.hpp"
#include "podsizer/catalog/scenario_catalog.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/sizing_report.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

#ifndef PODSIZER_FUZZ_OWN_CATALOG_DIR
#error "PODSIZER_FUZZ_OWN_CATALOG_DIR: the folder relative catalog paths resolve in"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace podsizer;
    static const Catalog catalog = default_catalog();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        Diagnostics diag;
        const ScenarioWithCatalog s = parse_scenario_with_catalog(
            text, "fuzz.json", PODSIZER_FUZZ_OWN_CATALOG_DIR, catalog, &diag);
        const SizingResult r = size_scenario(s.scenario, s.catalog);
        fuzz::check_result(r);
        for (Format f : {Format::table, Format::json, Format::csv, Format::md}) {
            // As in the scenario harness: no character XML forbids reaches a
            // report, whichever catalog entry a name came from.
            const std::string out = render_sizing(r, f);
            if (const std::size_t at = find_unsafe_char(out); at != std::string::npos) {
                fuzz::broken("a report holds a character XML forbids, at byte",
                             static_cast<double>(at));
            }
        }
    } catch (const InputError&) {
        // Rejected with a message naming the place: what bad input should get.
    }
    return 0;
}

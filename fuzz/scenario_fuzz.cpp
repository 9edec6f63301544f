// Fuzz harness: a scenario file as the CLI's `size`, `extrapolate` and
// `compare` read it — parsed against the default catalog, sized, rendered in
// every output format; grown to its extrapolation target and compared with
// every reference system when it names a target.
#include "fuzz_checks.hpp"
#include "podsizer/catalog/safe_text.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/comparison.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/extrapolation.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/extrapolation_report.hpp"
#include "podsizer/reports/sizing_report.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace podsizer;
    static const Catalog catalog = default_catalog();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        Diagnostics diag;
        const Scenario s = parse_scenario(text, "fuzz.json", catalog, &diag);
        const SizingResult r = size_scenario(s, catalog);
        fuzz::check_result(r);
        for (Format f : {Format::table, Format::json, Format::csv, Format::md}) {
            // What reaches a terminal or a file holds no character XML forbids
            // (ESC and the other C0 controls but tab, LF, CR; U+FFFE/U+FFFF):
            // a file with one is refused when read (second red-team round,
            // defects 6 and 11).
            const std::string out = render_sizing(r, f);
            if (const std::size_t at = find_unsafe_char(out); at != std::string::npos) {
                fuzz::broken("a report holds a character XML forbids, at byte",
                             static_cast<double>(at));
            }
        }
        if (s.extrapolation) {
            const ScenarioExtrapolation x = extrapolate_scenario(s, catalog, *s.extrapolation);
            (void)render_extrapolation(x, Format::table);
            (void)render_extrapolation(x, Format::json);
            ComparisonSpec spec;
            spec.target = s.extrapolation;
            for (const ReferenceSystem& ref : catalog.references) {
                spec.references.push_back(&ref);
            }
            (void)render_comparison(compare_designs(r, spec), Format::table);
        }
    } catch (const InputError&) {
        // Rejected with a message naming the place: what bad input should get.
    }
    return 0;
}

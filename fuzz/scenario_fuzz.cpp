// Fuzz harness: a scenario file as the CLI's `size` reads it — parsed against
// the default catalog, sized, and rendered in every output format.
#include "fuzz_checks.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
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
            (void)render_sizing(r, f);
        }
    } catch (const InputError&) {
        // Rejected with a message naming the place: what bad input should get.
    }
    return 0;
}

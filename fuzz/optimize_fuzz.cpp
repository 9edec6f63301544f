// Fuzz harness: a scenario as `podsizer optimize` reads it — parsed against
// the default catalog, every catalog combination swept and the Pareto front
// rendered. Sweep lines are cut to 200 designs (the CLI allows 20,000) so an
// input runs in milliseconds; longer lines take the coarse-step path, which
// is exercised that way too.
#include "fuzz_checks.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/optimizer.hpp"
#include "podsizer/reports/optimizer_report.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace podsizer;
    static const Catalog catalog = default_catalog();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const Scenario s = parse_scenario(text, "fuzz.json", catalog);
        OptimizerOptions options;
        options.max_steps = 200;
        const OptimizerResult r = optimize(s, catalog, options);
        for (const Design& d : r.pareto) {
            fuzz::check_design(d);
        }
        if (r.best) {
            fuzz::check_design(*r.best);
        }
        (void)render_optimization(r, Format::table, true);
        (void)render_optimization(r, Format::json, true);
    } catch (const InputError&) {
        // Rejected with a message naming the place: what bad input should get.
    }
    return 0;
}

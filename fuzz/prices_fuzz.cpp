// Fuzz harness: a price book (`--prices FILE`, docs/cost.md) as the CLI reads
// it, then the reference pod costed with it and its cost rendered in every
// format, and the cloud store's bill for the same capacity. Checks: every
// amount that reaches a report is finite and not negative, and a book read,
// written and read again is written the same (fourth red-team round: the
// harnesses cover the new inputs).
#include "fuzz_checks.hpp"
#include "podsizer/catalog/price_book_io.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/cost.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/sizing_report.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {
// The reference scenario (examples/ncp-pod-41k.json) with a checkpoint job,
// so the recovered GPU-hours are priced too.
constexpr std::string_view kReference = R"({
  "name": "NCP-aligned pod", "fleet": {"platform": "gb200-nvl72", "gpus": 41472},
  "performance": {"rule": "ncp-gb200-customer"}, "capacity": {"usable": "215 PB"},
  "constraints": {"rack": "rack-42u-25kw"},
  "checkpoint": {"jobs": [{"name": "job", "params": "1.8T", "interval": "5 min", "mode": "async"}]},
  "options": [{"cnode": "cnode-1u", "dbox": "dbox-1u-22", "drive": "61.44 TB"}]})";

void check_cost(const podsizer::DesignCost& c) {
    using podsizer::fuzz::check_figure;
    check_figure("capex", c.capex);
    check_figure("opex a year", c.opex_per_year);
    check_figure("tco", c.tco);
    check_figure("per usable TB-month", c.per_usable_tb_month);
    check_figure("per GB/s of read", c.per_read_gb_per_s);
    for (const podsizer::CostPart& p : c.capex_parts) {
        if (p.amount) {
            check_figure("a capex part", *p.amount);
        }
    }
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace podsizer;
    static const Catalog catalog = default_catalog();
    static const Scenario reference = parse_scenario(kReference, "reference.json", catalog);
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const PriceBook book = parse_price_book(text, "fuzz.json");
        // Written and read back, the book is written the same.
        const std::string once = price_book_to_json(book);
        if (price_book_to_json(parse_price_book(once, "again.json")) != once) {
            fuzz::broken("a price book written and read again is written differently", 0);
        }
        Scenario s = reference;
        s.prices = book;
        const SizingResult r = size_scenario(s, catalog);
        fuzz::check_result(r);
        for (const Design& d : r.designs) {
            check_cost(design_cost(d, book));
        }
        const CloudCost cloud = cloud_cost(r.designs.front().usable, book);
        fuzz::check_figure("cloud per year", cloud.per_year);
        fuzz::check_figure("cloud tco", cloud.tco);
        for (Format f : {Format::table, Format::json, Format::csv, Format::md}) {
            (void)render_sizing(r, f);
        }
    } catch (const InputError&) {
        // Rejected with a message naming the place: what bad input should get.
    }
    return 0;
}

// The `cost` JSON blocks (docs/cost.md): amounts in the book's currency, an
// unpriced part as null and named under `unpriced`, never counted as zero.
#include "cost_json.hpp"

#include "figure_table.hpp"
#include "podsizer/reports/cost_report.hpp"

#include <array>

namespace podsizer::detail {

namespace {

using ojson = nlohmann::ordered_json;
using G = FigureRow<RecoveredGpuHours>;
using D = FigureRow<DesignCost>;
using C = FigureRow<CloudCost>;

/// A cost's parts by the core's names ("cnodes", "energy" + "_per_year").
void put_parts(ojson& j, const std::vector<CostPart>& parts, const char* suffix) {
    for (const CostPart& p : parts) {
        j[p.name + suffix] = figure_json(figure_of(p.amount));
    }
}

/// A value, not a cost: no total includes it (docs/cost.md §4).
constexpr std::array kRecovered{
    G{.key = "per_day", .value = of<&RecoveredGpuHours::per_day>},
    G{.key = "value_per_year", .value = of<&RecoveredGpuHours::value_per_year>},
    G{.key = "gpus", .value = of<&RecoveredGpuHours::gpus>},
    G{.key = "job", .value = text_of<&RecoveredGpuHours::job>},
    G{.key = "design_write_bytes_per_s", .value = of<&RecoveredGpuHours::design_write>},
    G{.key = "reference_write_bytes_per_s", .value = of<&RecoveredGpuHours::reference_write>},
    G{.key = "reference",
      .value = [](const RecoveredGpuHours& r) -> FigureValue { return recovered_reference(r); }},
};

/// A design's: its CapEx parts after "capex", its OpEx parts after "opex_per_year".
constexpr std::array kDesign{
    D{.key = "currency", .value = of<&DesignCost::currency>},
    D{.key = "years", .value = of<&DesignCost::years>},
    D{.key = "capex", .value = of<&DesignCost::capex>},
    D{.key = "opex_per_year", .value = of<&DesignCost::opex_per_year>},
    D{.key = "tco", .value = of<&DesignCost::tco>},
    D{.key = "present_value", .value = given<&DesignCost::present_value>},
    D{.key = "per_usable_tb_month", .value = of<&DesignCost::per_usable_tb_month>},
    D{.key = "per_read_gb_per_s", .value = of<&DesignCost::per_read_gb_per_s>},
    D{.key = "gpu_hours_recovered",
      .value = [](const DesignCost& c) -> FigureValue {
          return c.recovered ? figures_json<RecoveredGpuHours>(kRecovered, *c.recovered)
                             : FigureValue(Absent{});
      }},
    D{.key = "unpriced",
      .value = [](const DesignCost& c) -> FigureValue { return ojson(unpriced_figures(c)); }},
    D{.key = "assumed_prices", .value = of<&DesignCost::assumed>},
};

/// The cloud store's: nothing bought (rented), energy in the provider's
/// price; its parts a year after "energy_per_year"; egress null when unpriced.
constexpr std::array kCloud{
    C{.key = "currency", .value = of<&CloudCost::currency>},
    C{.key = "years", .value = of<&CloudCost::years>},
    C{.key = "capex", .value = [](const CloudCost&) -> FigureValue { return 0.0; }},
    C{.key = "energy_per_year", .value = [](const CloudCost&) -> FigureValue { return 0.0; }},
    C{.key = "opex_per_year", .value = of<&CloudCost::per_year>},
    C{.key = "tco", .value = of<&CloudCost::tco>},
    C{.key = "opex_per_year_without_egress", .value = of<&CloudCost::per_year_without_egress>},
    C{.key = "tco_without_egress", .value = of<&CloudCost::tco_without_egress>},
    C{.key = "egress_gb_per_month", .value = of<&CloudCost::egress_gb_per_month>},
    C{.key = "egress_route", .value = of<&CloudCost::egress_route>},
    C{.key = "present_value", .value = given<&CloudCost::present_value>},
    C{.key = "unpriced", .value = by<[](const CloudCost& c) { return ojson(c.unpriced()); }>},
    C{.key = "assumed_prices", .value = of<&CloudCost::assumed>},
};

} // namespace

ojson design_cost_json(const DesignCost& c) {
    const Rows<DesignCost> rows = kDesign;
    ojson j = figures_json(rows.first(3), c);
    put_parts(j, c.capex_parts, "");
    put_json(j, rows.subspan(3, 1), c);
    put_parts(j, c.opex_parts, "_per_year");
    put_json(j, rows.subspan(4), c);
    return j;
}

ojson cloud_cost_json(const CloudCost& c) {
    const Rows<CloudCost> rows = kCloud;
    ojson j = figures_json(rows.first(4), c);
    put_parts(j, c.parts_per_year, "_per_year");
    put_json(j, rows.subspan(4), c);
    return j;
}

} // namespace podsizer::detail

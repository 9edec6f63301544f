// The `cost` JSON blocks (docs/cost.md): amounts in the book's currency, an
// unpriced part as null and named under `unpriced`, never counted as zero.
#include "cost_json.hpp"

#include "podsizer/reports/cost_report.hpp"

namespace podsizer::detail {

namespace {

using ojson = nlohmann::ordered_json;

ojson amount(const std::optional<double>& v) {
    return v ? ojson(*v) : ojson(nullptr);
}

ojson names(const std::vector<std::string>& v) {
    ojson a = ojson::array();
    for (const std::string& s : v) {
        a.push_back(s);
    }
    return a;
}

} // namespace

ojson design_cost_json(const DesignCost& c) {
    ojson j;
    j["currency"] = c.currency;
    j["years"] = c.years;
    j["capex"] = c.capex;
    for (const CostPart& p : c.capex_parts) {
        j[p.name] = amount(p.amount);
    }
    j["opex_per_year"] = c.opex_per_year;
    for (const CostPart& p : c.opex_parts) {
        j[p.name + "_per_year"] = amount(p.amount);
    }
    j["tco"] = c.tco;
    if (c.present_value) {
        j["present_value"] = *c.present_value;
    }
    j["per_usable_tb_month"] = c.per_usable_tb_month;
    j["per_read_gb_per_s"] = c.per_read_gb_per_s;
    if (c.recovered) { // a value, not a cost: no total includes it (docs/cost.md §4)
        const RecoveredGpuHours& r = *c.recovered;
        ojson g;
        g["per_day"] = r.per_day;
        g["value_per_year"] = amount(r.value_per_year);
        g["gpus"] = r.gpus;
        g["job"] = r.job.empty() ? ojson(nullptr) : ojson(r.job);
        g["design_write_bytes_per_s"] = r.design_write.base();
        g["reference_write_bytes_per_s"] = r.reference_write.base();
        g["reference"] = recovered_reference(r);
        j["gpu_hours_recovered"] = g;
    }
    j["unpriced"] = names(unpriced_figures(c));
    j["assumed_prices"] = names(c.assumed);
    return j;
}

ojson cloud_cost_json(const CloudCost& c) {
    ojson j;
    j["currency"] = c.currency;
    j["years"] = c.years;
    j["capex"] = 0.0;           // nothing bought: the store is rented
    j["energy_per_year"] = 0.0; // in the provider's price
    for (const CostPart& p : c.parts_per_year) {
        j[p.name + "_per_year"] = amount(p.amount);
    }
    j["opex_per_year"] = c.per_year;
    j["tco"] = c.tco;
    j["opex_per_year_without_egress"] = c.per_year_without_egress;
    j["tco_without_egress"] = c.tco_without_egress;
    // GB read out a month and the route; null when the book prices no egress.
    j["egress_gb_per_month"] = c.egress_gb_per_month;
    j["egress_route"] =
        c.egress_route ? ojson(std::string(to_string(*c.egress_route))) : ojson(nullptr);
    if (c.present_value) {
        j["present_value"] = *c.present_value;
    }
    j["unpriced"] = names(c.unpriced());
    j["assumed_prices"] = names(c.assumed);
    return j;
}

} // namespace podsizer::detail

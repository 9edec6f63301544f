// The formula map's rows (formula_map.def) as a table, and the filling of a
// template's placeholders (docs/reports.md, "The formula map").
#include "podsizer/reports/formula_map.hpp"

#include "podsizer/core/counting.hpp"
#include "podsizer/core/network.hpp"
#include "podsizer/core/resilience.hpp"
#include "podsizer/core/verdict.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

namespace podsizer {

namespace {

// What the rows' figures are written with (formula_map.def).
double count(std::int64_t n) {
    return static_cast<double>(n);
}

double gbps(Throughput t) {
    return in(t, units::GB_per_s);
}

std::string cd_text(const Design& d) {
    const double C = count(d.cnodes);
    const double D = count(d.dboxes);
    return D > 0 ? format_cd_ratio(C / D) : "n/a";
}

/// C-nodes x (client ports on the storage leaves + backend ports) + D-boxes
/// x backend ports (docs/model.md §8).
double device_ports(const FigureSource& s) {
    const Design& d = s.design;
    const CNodeModel& c = *s.catalog.cnode(d.cnode_model);
    const DBoxModel& b = *s.catalog.dbox(d.dbox_model);
    const int client =
        d.constraints.client_network == ClientNetwork::converged ? 0 : c.client_ports;
    return count(d.cnodes) * (client + c.backend_ports) + count(d.dboxes) * b.backend_ports;
}

Fabric fabric(const FigureSource& s) {
    const Design& d = s.design;
    return plan_fabric(*s.catalog.cnode(d.cnode_model), d.cnodes, *s.catalog.dbox(d.dbox_model),
                       d.dboxes, *s.catalog.network_switch(d.switch_model),
                       d.constraints.client_network);
}

/// The engine's checks of the layout's rules (docs/model.md §6).
bool layout_ok(const FigureSource& s) {
    const Design& d = s.design;
    const DBoxModel* box = s.catalog.dbox(d.dbox_model);
    const ErasureCodingRule* ec = box != nullptr ? s.catalog.ec_rule(box->erasure_coding) : nullptr;
    if (ec == nullptr) {
        return false;
    }
    return d.data_strips >= ec->min_data_strips &&
           (d.ec_layout == EcLayout::classic || d.dboxes >= ec->enclosure_tolerance_min_dboxes) &&
           (d.ec_layout != EcLayout::rack_resilient ||
            d.failure_domains >= ec->rack_resilience_min_racks);
}

std::string yes_no(bool yes) {
    return yes ? "yes" : "NO";
}

double rack_use(const Design& d) {
    return d.racks > 0 ? d.rack_units().base() / (count(d.racks) * d.rack_usable.base()) : 0.0;
}

double line_quantity(const FigureSource& s) {
    return count(s.design.bom->lines.at(static_cast<std::size_t>(s.item)).quantity);
}

double category_total(const FigureSource& s) {
    return count(s.item == 0 ? s.design.bom->cables : s.design.bom->transceivers);
}

std::int64_t spines_per_pod(const FigureSource& s) {
    const Fabric fab = fabric(s);
    return fab.pods > 0 ? fab.spines / fab.pods : 0;
}

std::size_t item(const FigureSource& s) {
    return static_cast<std::size_t>(s.item);
}

const FleetSite& site(const FigureSource& s) {
    return s.fleet->site_plan.at(item(s));
}

FleetStorage storage(const FigureSource& s) {
    return fleet_storage(*s.fleet, s.design);
}

const CheckpointAtDesign& job(const FigureSource& s) {
    return s.design.checkpoints.at(static_cast<std::size_t>(s.item));
}

const DesignResilience& res(const FigureSource& s) {
    return *s.design.resilience;
}

const RackFacility& rack(const FigureSource& s) {
    return s.design.facility->racks.at(static_cast<std::size_t>(s.item));
}

#define PODSIZER_FORMULA(id, sheet, templ, figure)                                                 \
    FormulaRow{#id, FormulaSheet::sheet, templ,                                                    \
               [](const FigureSource& s) -> double {                                               \
                   [[maybe_unused]] const Design& d = s.design;                                    \
                   return static_cast<double>(figure);                                             \
               },                                                                                  \
               nullptr},
#define PODSIZER_ARRAY_FORMULA(id, sheet, templ, figure)                                           \
    FormulaRow{#id,                                                                                \
               FormulaSheet::sheet,                                                                \
               templ,                                                                              \
               [](const FigureSource& s) -> double {                                               \
                   [[maybe_unused]] const Design& d = s.design;                                    \
                   return static_cast<double>(figure);                                             \
               },                                                                                  \
               nullptr,                                                                            \
               true},
#define PODSIZER_TEXT_FORMULA(id, sheet, templ, text)                                              \
    FormulaRow{#id, FormulaSheet::sheet, templ, nullptr,                                           \
               [](const FigureSource& s) -> std::string {                                          \
                   [[maybe_unused]] const Design& d = s.design;                                    \
                   return text;                                                                    \
               }},

const FormulaRow kRows[] = {
#include "formula_map.def"
};

#undef PODSIZER_FORMULA
#undef PODSIZER_ARRAY_FORMULA
#undef PODSIZER_TEXT_FORMULA

} // namespace

std::span<const FormulaRow> formula_map() {
    return kRows;
}

const FormulaRow& formula_row(std::string_view id) {
    const auto it = std::find_if(std::begin(kRows), std::end(kRows),
                                 [&](const FormulaRow& r) { return r.id == id; });
    if (it == std::end(kRows)) {
        throw std::logic_error("workbook: the formula map has no row " + std::string(id));
    }
    return *it;
}

std::string fill_formula(std::string_view templ,
                         const std::function<std::string(std::string_view)>& lookup) {
    std::string out;
    out.reserve(templ.size() * 2);
    std::size_t from = 0;
    for (std::size_t i = templ.find('{'); i != std::string_view::npos; i = templ.find('{', from)) {
        const std::size_t end = templ.find('}', i);
        if (end == std::string_view::npos) {
            throw std::logic_error("workbook: unclosed placeholder in " + std::string(templ));
        }
        out.append(templ.substr(from, i - from));
        out += lookup(templ.substr(i + 1, end - i - 1));
        from = end + 1;
    }
    out.append(templ.substr(from));
    return out;
}

} // namespace podsizer

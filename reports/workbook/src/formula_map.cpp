// The formula map's rows (formula_map.def) as a table, and the filling of a
// template's placeholders (docs/reports.md, "The formula map").
#include "podsizer/reports/formula_map.hpp"

#include "podsizer/core/cash_flow.hpp"
#include "podsizer/core/comparison.hpp"
#include "podsizer/core/cost.hpp"
#include "podsizer/core/counting.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/network.hpp"
#include "podsizer/core/resilience.hpp"
#include "podsizer/core/verdict.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/diff_report.hpp"
#include "podsizer/reports/growth_report.hpp"
#include "podsizer/reports/metrics.hpp"
#include "podsizer/reports/rack_kinds.hpp"
#include "podsizer/reports/site_figures.hpp"
#include "podsizer/reports/workbook.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
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

const CheckpointPlan& plan(const FigureSource& s) {
    return own_site_of(*s.input, s.design) != nullptr ? s.design.requirements.checkpoints
                                                      : s.input->result->requirements.checkpoints;
}

/// A job of the plan (the jobs table's row, s.item).
const CheckpointRequirement& ckreq(const FigureSource& s) {
    return plan(s).jobs.at(item(s));
}

/// A job at a write: at its share of the design, or (s.part) a point of its curve.
GoodputPoint point(const FigureSource& s) {
    if (s.part < 0) {
        return job(s).at_share;
    }
    return checkpoint_curve(ckreq(s), s.input->result->designs, item(s))
        .points.at(static_cast<std::size_t>(s.part));
}

/// The write a cadence of the table (s.part) needs in `mode`.
double cadence_write(const FigureSource& s, CheckpointMode mode) {
    const CheckpointJobModel& m = ckreq(s).model;
    const auto every = Duration::from_base(kCheckpointCadences[static_cast<std::size_t>(s.part)]);
    return gbps(required_write(m.size, every, mode, m.stall_budget, m.overhead));
}

RackKind kind(const FigureSource& s) {
    return s.rack_kind != nullptr ? *s.rack_kind : rack_kinds(s.design).at(item(s));
}

/// The watts of a run of like devices of a distinct rack (s.part).
double run_watts(const FigureSource& s, Power RackSlot::*watts) {
    const Rack& r = s.design.layout.at(kind(s).racks.front());
    const DeviceRun run =
        device_runs(r, rack_height(s.design)).at(static_cast<std::size_t>(s.part));
    return count(run.devices) * (run.slot->*watts).base();
}

const RackSlot& slot(const FigureSource& s) {
    return s.design.layout.at(item(s)).slots.at(static_cast<std::size_t>(s.part));
}

const SiteStorage& site_of(const FigureSource& s) {
    return s.input->sites->sites.at(item(s));
}

/// A site's figure of the needs block (site_figures.hpp) in its shown unit.
double site_figure(const FigureSource& s, std::string_view key) {
    for (const SiteFigure* f : site_figures(*s.input->sites)) {
        if (f->key == key) {
            return f->number(site_of(s)).value_or(0.0) / f->unit;
        }
    }
    return 0.0;
}

/// The Project sheet's sum over the sites of its column s.part.
double sites_sum(const FigureSource& s) {
    double sum = 0.0;
    for (const SiteStorage& x : s.input->sites->sites) {
        const double column[] = {0.0,
                                 0.0,
                                 count(x.gpus),
                                 in(x.usable_need, units::PB),
                                 in(x.usable, units::PB),
                                 in(x.read_need, units::TB_per_s),
                                 in(x.read, units::TB_per_s),
                                 0.0,
                                 count(x.racks),
                                 0.0,
                                 in(x.power, units::kW)};
        sum += column[s.part];
    }
    return sum;
}

/// A phase's total of the counts the sheet shows (s.part).
double phase_count(const FigureSource& s) {
    const PhasePlan& plan = *s.input->phases;
    const PhaseCounts& t = plan.phases.at(item(s)).total;
    const std::int64_t by_site[] = {t.cnodes, t.dboxes, t.racks};
    const std::int64_t all[] = {t.cnodes, t.dboxes, t.switches, t.racks};
    const auto k = static_cast<std::size_t>(s.part);
    return count(plan.by_site ? by_site[k] : all[k]);
}

/// The project after a phase (s.item), column s.part of the phases by site.
double phase_sum(const FigureSource& s) {
    const PhaseStep t = phase_totals(*s.input->phases).at(item(s));
    switch (s.part) {
    case 4:
        return count(t.gpus);
    case 5:
        return count(t.added.cnodes);
    case 6:
        return count(t.added.dboxes);
    case 7:
        return count(t.added.racks);
    case 8:
        return count(t.total.cnodes);
    case 9:
        return count(t.total.dboxes);
    case 10:
        return count(t.total.racks);
    case 11:
        return in(t.usable, units::PB);
    default:
        return in(t.power, units::kW);
    }
}

/// A year (s.part) of a site (s.item; -1: all sites) of the cost by year.
YearCost year_cost(const FigureSource& s) {
    const CashFlow flow = *cash_flow(*s.input->phases, *s.input->result->prices);
    const auto year = static_cast<std::size_t>(s.part);
    return s.item < 0 ? flow.total.at(year) : flow.sites.at(item(s)).years.at(year);
}

/// The knee curve's read at its point s.part (TB/s): the engine's
/// throughput rule (delivered_rates) with only the C-nodes changed.
double knee_read(const FigureSource& s) {
    const Design& d = s.design;
    const HardwareChoice hw = resolve_hardware(s.catalog, d.cnode_model, d.dbox_model, d.drive_size,
                                               d.rack_model, d.switch_model);
    const std::int64_t c = knee_points(d).at(static_cast<std::size_t>(s.part));
    return in(delivered_rates(hw, c, d.dboxes).read(), units::TB_per_s);
}

const DesignResilience& res(const FigureSource& s) {
    return *s.design.resilience;
}

const RackFacility& rack(const FigureSource& s) {
    return s.design.facility->racks.at(static_cast<std::size_t>(s.item));
}

/// The Cost sheet's column (s.item: the comparison's; -1, the design alone):
/// the writer's, or worked out.
struct CostsOf {
    std::optional<CostFigures> own;
    const CostFigures* given = nullptr;
    const CostFigures* operator->() const { return given != nullptr ? given : &*own; }
};

CostsOf costs(const FigureSource& s) {
    if (s.costs != nullptr) {
        return {std::nullopt, s.costs};
    }
    return {cost_figures(*s.input, s.item, s.design)};
}

/// A part of the column's design cost, or (`cloud`) of its cloud store's year.
double part(const FigureSource& s, const std::string& name, bool cloud = false) {
    const CostsOf f = costs(s);
    if (!cloud) {
        return f->cost->part(name).value_or(0.0);
    }
    for (const CostPart& p : f->cloud.parts_per_year) {
        if (p.name == name) {
            return p.amount.value_or(0.0);
        }
    }
    return 0.0;
}

/// TCO over the usable TB-months, or over the GB/s of read (`read`).
double tco_per(const FigureSource& s, bool read) {
    const CostsOf f = costs(s);
    if (f->cost) {
        return read ? f->cost->per_read_gb_per_s : f->cost->per_usable_tb_month;
    }
    const double over = read ? f->read_gbps : f->usable_tb * f->cloud.years * 12.0;
    return over > 0.0 ? f->cloud.tco / over : 0.0;
}

/// A pods column's cell: the pod count times its design column's cell of the
/// map's row s.part (-1: the GPU-hours a day recovered, a value).
double pods_times(const FigureSource& s) {
    const auto& cols = s.input->comparison->columns;
    const ComparisonColumn& pods = cols.at(item(s));
    const auto one = std::find_if(cols.begin(), cols.end(), [&](const ComparisonColumn& c) {
        return c.kind == ColumnKind::design && c.source == pods.source;
    });
    const FigureSource pod{s.design, s.catalog, static_cast<int>(one - cols.begin()),
                           nullptr,  -1,        s.input};
    const double one_pod = s.part < 0 ? costs(pod)->cost->recovered->per_day
                                      : formula_map()[static_cast<std::size_t>(s.part)].number(pod);
    return static_cast<double>(pods.pods) * one_pod;
}

const ComparisonColumn& summary_column(const FigureSource& s) {
    return s.input->comparison->columns.at(item(s));
}

/// A Summary column's figure of metric `id` (by default its metric, s.part):
/// the comparison's column's (column_value), else the design's own.
double column_figure(const FigureSource& s, std::optional<MetricId> id = std::nullopt) {
    const Metric& m = metric(id.value_or(static_cast<MetricId>(s.part)));
    std::optional<double> v;
    if (s.input != nullptr && s.input->comparison != nullptr) {
        v = column_value(m, summary_column(s));
    } else if (m.of_design != nullptr) {
        v = m.of_design(s.design);
    }
    return v.value_or(std::nan(""));
}

/// A Summary column's verdict: as the comparison writes it, else the design's.
std::string column_verdict(const FigureSource& s) {
    return s.input != nullptr && s.input->comparison != nullptr
               ? column_verdict_text(summary_column(s))
               : verdict_cell_text(s.design.verdict);
}

/// A Summary column's TCO at the result's prices (docs/cost.md).
double column_tco(const FigureSource& s) {
    const PriceBook& book = *s.input->result->prices;
    const ComparisonColumn* c = s.input->comparison ? &summary_column(s) : nullptr;
    if (c != nullptr && c->kind == ColumnKind::reference) {
        return c->cloud_cost ? c->cloud_cost->tco : cloud_cost(c->usable(), book).tco;
    }
    return scaled_cost(design_cost(s.design, book), c != nullptr ? c->pods : 1).tco;
}

/// A column (s.item) over the reference s.part at the column's own capacity.
double ratio(const FigureSource& s, MetricId id) {
    const ComparisonRatio* q =
        s.input->comparison->ratio(item(s), static_cast<std::size_t>(s.part));
    return q != nullptr ? ratio_value(*q, id).value_or(std::nan("")) : std::nan("");
}

/// A metric's row (s.part) of a pair of the diff (s.item), as `podsizer
/// diff` works it out (reports/text/src/diff_report.cpp).
const DiffRow& diff_row(const FigureSource& s) {
    return s.diff->pairs.at(item(s)).rows.at(static_cast<std::size_t>(s.part));
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

const SiteStorage* own_site_of(const WorkbookInput& input, const Design& d) {
    if (input.sites == nullptr || !input.sites->own_needs) {
        return nullptr;
    }
    // The study shows each site's design as "Site A" or "Site A, one of 2
    // pods" (reports/app/src/study.cpp); grown designs are not a site's.
    for (const SiteStorage& site : input.sites->sites) {
        const std::string name = "Site " + site.name;
        if (site.own && d.requirements.gpus == site.pod_gpus && d.name.starts_with(name) &&
            (d.name.size() == name.size() || d.name.compare(name.size(), 2, ", ") == 0)) {
            return &site;
        }
    }
    return nullptr;
}

std::vector<std::int64_t> knee_points(const Design& d) {
    const double knee = static_cast<double>(d.knee_cnodes > 0 ? d.knee_cnodes : d.cnodes);
    std::set<std::int64_t> pts;
    for (double f : {0.25, 0.5, 0.75, 0.9, 1.0, 1.1, 1.25, 1.5, 2.0}) {
        pts.insert(std::max<std::int64_t>(1, std::llround(knee * f)));
    }
    pts.insert(std::max<std::int64_t>(1, d.cnodes));
    return {pts.begin(), pts.end()};
}

GoodputCurve checkpoint_curve(const CheckpointRequirement& job, std::span<const Design> designs,
                              std::size_t index) {
    CurveOptions o;
    o.knee = job.knee_rule;
    for (const Design& d : designs) {
        if (index < d.checkpoints.size()) {
            o.include.push_back(d.checkpoints[index].share);
        }
    }
    return goodput_curve(job.model, o);
}

CostFigures cost_figures(const WorkbookInput& input, int column, const Design& d) {
    const PriceBook& book = *input.result->prices;
    CostFigures f;
    const ComparisonColumn* cc =
        column < 0 ? nullptr : &input.comparison->columns.at(static_cast<std::size_t>(column));
    if (cc != nullptr && cc->kind == ColumnKind::reference) {
        f.cloud = cc->cloud_cost ? *cc->cloud_cost : cloud_cost(cc->usable(), book);
        f.usable_tb = in(cc->usable(), units::TB);
        f.read_gbps = in(cc->read(), units::GB_per_s);
        return f;
    }
    const bool pods = cc != nullptr && cc->kind == ColumnKind::pods;
    f.pods = pods ? static_cast<double>(cc->pods) : 1.0;
    f.cost = pods ? scaled_cost(design_cost(d, book), cc->pods) : design_cost(d, book);
    f.cloud = cloud_cost(pods ? d.usable * f.pods : d.usable, book);
    f.usable_tb = in(d.usable, units::TB) * (pods ? f.pods : 1.0);
    f.read_gbps = in(d.read, units::GB_per_s) * (pods ? f.pods : 1.0);
    return f;
}

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

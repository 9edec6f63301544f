#include "podsizer/reports/extrapolation_report.hpp"

#include "cost_json.hpp"
#include "extrapolation_answers.hpp"
#include "figure_table.hpp"
#include "podsizer/reports/cost_report.hpp"
#include "podsizer/reports/metrics.hpp"
#include "podsizer/reports/version.hpp"
#include "report_json.hpp"

#include <array>
#include <fmt/format.h>
#include <functional>
#include <optional>

namespace podsizer {

namespace {

using detail::ojson;
using detail::plain;

/// One column of the grid: a design grown in whole pods, or in one namespace.
struct Column {
    std::string name;
    const Design* pod = nullptr;
    const Extrapolation* ex = nullptr;
    const FleetStorage* fleet = nullptr; ///< per-pod designs of a fleet scenario
    bool one_namespace = false;
};

using Cell = std::optional<double>;

struct Row {
    std::string key;
    std::string label;
    std::string unit;
    int decimals = 0;
    std::function<Cell(const Column&)> get;
};

std::vector<Column> columns(const ScenarioExtrapolation& x) {
    std::vector<Column> cols;
    for (std::size_t i = 0; i < x.sizing.designs.size(); ++i) {
        const Design& d = x.sizing.designs[i];
        const Extrapolation& e = x.extrapolations[i];
        const FleetStorage* fs =
            i < x.fleet_storage.size() && x.fleet_storage[i] ? &*x.fleet_storage[i] : nullptr;
        cols.push_back({fmt::format("{}, {} pod{}", d.name, e.pods, e.pods == 1 ? "" : "s"), &d, &e,
                        fs, false});
        // One namespace is an alternative only for a design smaller than the
        // target; otherwise it is the design itself (JSON still has it).
        if (e.single_namespace && e.pods > 1) {
            cols.push_back({d.name + ", one namespace", &d, &e, nullptr, true});
        }
    }
    return cols;
}

/// A row of a metric the registry defines (reports/metrics.hpp): its key,
/// label, unit and decimals, with this report's figure for each column.
Row registry_row(MetricId id, std::function<Cell(const Column&)> get) {
    const Metric& m = metric(id);
    return {std::string(m.key), std::string(m.label), std::string(m.unit), m.decimals,
            std::move(get)};
}

/// A figure of the whole pods (`e`), or of the one-namespace design (`d`).
template <class G, class N> auto both(G e, N d) {
    return [=](const Column& c) -> Cell {
        return c.one_namespace ? Cell(d(*c.ex->single_namespace)) : Cell(e(*c.ex));
    };
}
/// The same member of both in `u`: usable capacity, read, write, power.
template <class QE, class QD, class U> auto both_in(QE Extrapolation::*e, QD Design::*d, U u) {
    return both([=](const Extrapolation& x) { return in(x.*e, u); },
                [=](const Design& x) { return in(x.*d, u); });
}
/// A figure of the whole pods alone: n/a for the one namespace.
auto pods_only(double (*get)(const Extrapolation&)) {
    return [=](const Column& c) { return c.one_namespace ? Cell() : Cell(get(*c.ex)); };
}
double count(std::int64_t n) {
    return static_cast<double>(n);
}

/// A design's figures beside its fleet's (a per-pod design of a fleet
/// scenario): the CSV grid's "Fleet: …" rows and the fleet table's.
struct FleetRow {
    std::string_view key, label, unit;
    int decimals;
    double (*get)(const FleetStorage&);
};
constexpr std::array<FleetRow, 6> kFleetRows{{
    {"pods", "Pods (one per cluster)", "", 0, [](const FleetStorage& f) { return count(f.pods); }},
    {"usable_capacity", "Usable capacity", "PB", 1,
     [](const FleetStorage& f) { return in(f.usable, units::PB); }},
    {"racks", "Racks", "", 0, [](const FleetStorage& f) { return count(f.racks); }},
    {"power", "Power", "kW", 1, [](const FleetStorage& f) { return in(f.power, units::kW); }},
    {"read", "Read", "TB/s", 2, [](const FleetStorage& f) { return in(f.read, units::TB_per_s); }},
    {"write", "Write", "TB/s", 2,
     [](const FleetStorage& f) { return in(f.write, units::TB_per_s); }},
}};

void add_fleet_rows(std::vector<Row>& r, const FleetPlan& plan);

/// The per-design rows; with `with_fleet` also the fleet's and each site's
/// (the one-grid layout of CSV; the text tables show those apart).
std::vector<Row> rows(const ScenarioExtrapolation& x, bool with_fleet) {
    using E = const Extrapolation&;
    using D = const Design&;
    using M = MetricId;
    std::vector<Row> r = {
        {"pod_usable_capacity", "Usable capacity of one pod", "PB", 1,
         pods_only([](E e) { return in(e.pod_usable, units::PB); })},
        {"pods_exact", "Pods to reach the target (fraction)", "", 2,
         pods_only([](E e) { return e.pods_exact; })},
        {"pods_within_tolerance", "Pods to reach it within the tolerance (fraction)", "", 2,
         pods_only([](E e) { return e.pods_within_tolerance; })},
        registry_row(M::pods, both([](E e) { return count(e.pods); }, [](D) { return 1.0; })),
        registry_row(M::cnodes, both([](E e) { return count(e.cnodes); },
                                     [](D d) { return count(d.cnodes); })),
        registry_row(M::dboxes, both([](E e) { return count(e.dboxes); },
                                     [](D d) { return count(d.dboxes); })),
        // n/a when a single device fits no rack (REDTEAM-3 #14).
        registry_row(M::racks,
                     both([](E e) { return e.racks_fit ? Cell(count(e.racks)) : Cell(); },
                          [](D d) { return d.racks_fit ? Cell(count(d.racks)) : Cell(); })),
        registry_row(M::usable_capacity,
                     both_in(&Extrapolation::usable, &Design::usable, units::PB)),
        registry_row(M::raw_capacity, both_in(&Extrapolation::raw, &Design::raw, units::PB)),
        {"share_of_target", "Share of the target", "%", 1,
         [](const Column& c) -> Cell {
             const Capacity u = c.one_namespace ? c.ex->single_namespace->usable : c.ex->usable;
             return 100.0 * (u / c.ex->target);
         }},
        registry_row(M::read, both_in(&Extrapolation::read, &Design::read, units::TB_per_s)),
        registry_row(M::write, both_in(&Extrapolation::write, &Design::write, units::TB_per_s)),
        registry_row(M::read_tbps, both_in(&Extrapolation::read, &Design::read, units::Tbps)),
        registry_row(M::write_tbps, both_in(&Extrapolation::write, &Design::write, units::Tbps)),
        registry_row(M::power, both_in(&Extrapolation::power, &Design::power, units::kW)),
    };
    if (x.fleet && with_fleet) {
        add_fleet_rows(r, *x.fleet);
    }
    return r;
}

/// The fleet's rows: its totals, then each site's share.
void add_fleet_rows(std::vector<Row>& r, const FleetPlan& plan) {
    auto fleet = [](auto get) {
        return [=](const Column& c) { return c.fleet == nullptr ? Cell() : Cell(get(*c.fleet)); };
    };
    for (const FleetRow& f : kFleetRows) {
        std::string label(f.label);
        label[0] = static_cast<char>(label[0] - 'A' + 'a'); // "Fleet: usable capacity"
        r.push_back({"fleet_" + std::string(f.key), "Fleet: " + label, std::string(f.unit),
                     f.decimals, fleet(f.get)});
    }
    for (std::size_t s = 0; s < plan.site_plan.size(); ++s) {
        const FleetSite& site = plan.site_plan[s];
        const std::string name = fmt::format("Site {}", site.index);
        const std::string key = fmt::format("site_{}", site.index);
        using F = const FleetStorage&;
        r.push_back({key + "_clusters", name + ": clusters", "", 0,
                     fleet([=](F) { return count(site.clusters); })});
        r.push_back(
            {key + "_gpus", name + ": GPUs", "", 0, fleet([=](F) { return count(site.gpus); })});
        r.push_back({key + "_usable_capacity", name + ": usable capacity", "PB", 1,
                     fleet([=](F f) { return in(f.usable_per_site[s], units::PB); })});
        r.push_back({key + "_racks", name + ": racks", "", 0,
                     fleet([=](F f) { return count(f.racks_per_site[s]); })});
        r.push_back({key + "_power", name + ": power", "kW", 1,
                     fleet([=](F f) { return in(f.power_per_site[s], units::kW); })});
    }
}

std::string heading(const ScenarioExtrapolation& x) {
    std::string out = x.scenario + "\nTarget " + format_in(x.spec.target, units::PB, 1) +
                      ", tolerance " + detail::percent_text(x.spec.tolerance) +
                      ": whole pods reach at least " +
                      format_in(x.spec.target * (1.0 - x.spec.tolerance), units::PB, 1);
    if (x.fleet) {
        const FleetPlan& f = *x.fleet;
        out += "\nFleet: " + format_number(static_cast<double>(f.gpus)) +
               fmt::format(" GPUs = {} cluster{} of ", f.clusters, f.clusters == 1 ? "" : "s") +
               format_number(static_cast<double>(f.gpus_per_cluster)) + " GPUs";
        if (f.last_cluster_gpus != f.gpus_per_cluster) {
            out += " (the last " + format_number(static_cast<double>(f.last_cluster_gpus)) + ")";
        }
        out += fmt::format(" over {} site{}, at most {} per site", f.sites, f.sites == 1 ? "" : "s",
                           f.clusters_per_site);
    }
    return out;
}

std::vector<std::pair<std::string, Finding>> all_findings(const ScenarioExtrapolation& x) {
    std::vector<std::pair<std::string, Finding>> out;
    if (x.fleet) {
        for (const Finding& f : x.fleet->findings) {
            out.emplace_back("fleet", f);
        }
    }
    for (std::size_t i = 0; i < x.extrapolations.size(); ++i) {
        const Design& d = x.sizing.designs[i];
        const Extrapolation& e = x.extrapolations[i];
        for (const Finding& f : d.findings) {
            out.emplace_back(d.name, f);
        }
        for (const Finding& f : e.findings) {
            out.emplace_back(d.name + " to " + format_in(e.target, units::PB, 1), f);
        }
        if (e.single_namespace && e.pods > 1) {
            // Its warnings, what `auto` chose for it and its durability:
            // its layout and its drives are its own, so they are said again.
            for (const Finding& f : e.single_namespace->findings) {
                if (f.severity() != Severity::info || f.code == FindingCode::auto_layout ||
                    f.code == FindingCode::durability) {
                    out.emplace_back(e.single_namespace->name, f);
                }
            }
        }
    }
    return out;
}

using detail::FigureValue;
using detail::of;
using X = ScenarioExtrapolation;
using XRow = detail::FigureRow<ScenarioExtrapolation>;

/// The fleet plan, and the storage of each per-pod design: its totals and
/// each site's share (sites are numbered from 1 in their order, as FleetSite::index).
ojson fleet_json(const X& x) {
    const FleetPlan& f = *x.fleet;
    ojson sites = ojson::array();
    for (const FleetSite& s : f.site_plan) {
        sites.push_back({{"site", s.index}, {"clusters", s.clusters}, {"gpus", s.gpus}});
    }
    ojson storage = ojson::array();
    for (const std::optional<FleetStorage>& s : x.fleet_storage) {
        if (!s) {
            continue;
        }
        ojson per_site = ojson::array();
        for (std::size_t i = 0; i < s->usable_per_site.size(); ++i) {
            per_site.push_back({{"site", i + 1},
                                {"usable_capacity_bytes", s->usable_per_site[i].base()},
                                {"racks", s->racks_per_site[i]},
                                {"power_w", s->power_per_site[i].base()}});
        }
        storage.push_back({{"design", s->design},
                           {"pods", s->pods},
                           {"pod_usable_capacity_bytes", s->pod_usable.base()},
                           {"usable_capacity_bytes", s->usable.base()},
                           {"racks", s->racks},
                           {"power_w", s->power.base()},
                           {"read_bytes_per_s", s->read.base()},
                           {"write_bytes_per_s", s->write.base()},
                           {"sites", per_site}});
    }
    return {{"platform", f.platform},
            {"gpus", f.gpus},
            {"sites", f.sites},
            {"gpus_per_cluster", f.gpus_per_cluster},
            {"clusters", f.clusters},
            {"clusters_per_site", f.clusters_per_site},
            {"last_cluster_gpus", f.last_cluster_gpus},
            {"site_plan", sites},
            {"storage", storage},
            {"findings", detail::findings_json(f.findings)}};
}

} // namespace

namespace detail {

namespace {

/// One design grown to the target; with a price book (docs/cost.md) the
/// cost of its pods (n times one pod's) and of its one namespace.
struct Grown {
    const Extrapolation& e;
    const Design* pod = nullptr;
    const PriceBook* book = nullptr;
};
using G = Grown;
using E = Extrapolation;
using GRow = FigureRow<Grown>;
template <auto M> FigureValue ex(const G& g) {
    return figure_of(g.e.*M);
}
FigureValue single_namespace(const G& g) {
    return g.e.single_namespace ? FigureValue(priced_summary_json(*g.e.single_namespace, g.book))
                                : FigureValue(nullptr);
}
FigureValue pods_cost(const G& g) {
    return g.book != nullptr
               ? FigureValue(design_cost_json(scaled_cost(design_cost(*g.pod, *g.book), g.e.pods)))
               : FigureValue(Absent{});
}

constexpr std::array kGrown{
    GRow{.key = "design", .value = ex<&E::design>},
    GRow{.key = "target_bytes", .value = ex<&E::target>},
    GRow{.key = "tolerance", .value = ex<&E::tolerance>},
    GRow{.key = "pod_usable_bytes", .value = ex<&E::pod_usable>},
    GRow{.key = "pods_exact", .value = ex<&E::pods_exact>},
    GRow{.key = "pods_within_tolerance", .value = ex<&E::pods_within_tolerance>},
    GRow{.key = "pods", .value = ex<&E::pods>},
    GRow{.key = "total_usable_bytes", .value = ex<&E::usable>},
    GRow{.key = "total_raw_bytes", .value = ex<&E::raw>},
    GRow{.key = "coverage", .value = ex<&E::coverage>},
    GRow{.key = "cnodes", .value = ex<&E::cnodes>},
    GRow{.key = "dboxes", .value = ex<&E::dboxes>},
    // REDTEAM-3 #14: n/a when a single device fits no rack.
    GRow{
        .key = "racks",
        .value =
            by<[](const G& g) { return g.e.racks_fit ? std::optional(g.e.racks) : std::nullopt; }>},
    GRow{.key = "power_w", .value = ex<&E::power>},
    GRow{.key = "read_bytes_per_s", .value = ex<&E::read>},
    GRow{.key = "write_bytes_per_s", .value = ex<&E::write>},
    GRow{.key = "findings", .value = by<[](const G& g) { return findings_json(g.e.findings); }>},
    GRow{.key = "single_namespace", .value = single_namespace},
    GRow{.key = "cost", .value = pods_cost},
};

} // namespace

ojson extrapolation_json(const Extrapolation& e) {
    return figures_json<G>(kGrown, G{e});
}

} // namespace detail

namespace {

/// What each column is laid out as and whether it survives losing a rack:
/// the one namespace's layout is its own (docs/model.md §6), so `auto` may
/// choose differently for it than for the pod.
void add_layout_rows(Grid& g, const std::vector<Column>& cols, bool machine) {
    for (MetricId id : {MetricId::ec_layout, MetricId::tolerates_rack_loss}) {
        const Metric& m = metric(id);
        std::vector<std::string> r = metric_row(m.key, m.label, m.unit, machine);
        for (const Column& c : cols) {
            r.push_back(m.cell(c.one_namespace ? *c.ex->single_namespace : *c.pod, machine));
        }
        g.rows.push_back(std::move(r));
    }
}

} // namespace

Grid extrapolation_grid(const ScenarioExtrapolation& x, bool machine) {
    const std::vector<Column> cols = columns(x);
    Grid g = metric_grid(machine);
    for (const Column& c : cols) {
        g.header.push_back(c.name);
    }
    for (const Row& row : rows(x, machine)) {
        std::vector<std::string> r = metric_row(row.key, row.label, row.unit, machine);
        for (const Column& c : cols) {
            const Cell v = row.get(c);
            if (!v) {
                r.emplace_back(machine ? "" : "n/a");
            } else {
                r.push_back(machine ? plain(*v, row.decimals + 3)
                                    : format_number(*v, row.decimals));
            }
        }
        g.rows.push_back(std::move(r));
    }
    add_layout_rows(g, cols, machine);
    const Metric& verdict = metric(MetricId::feasible);
    std::vector<std::string> feasible =
        metric_row(verdict.key, verdict.label, verdict.unit, machine);
    std::vector<std::optional<bool>> met;
    for (const Column& c : cols) {
        // docs/model.md §15: the design's verdict, in the words of every output.
        const Design& d = c.one_namespace ? *c.ex->single_namespace : *c.pod;
        feasible.push_back(machine ? verdict_word(d.verdict) : verdict_cell_text(d.verdict));
        met.emplace_back(d.meets());
    }
    g.rows.push_back(std::move(feasible));
    mark_verdicts(g, g.rows.size() - 1, machine ? 3 : 1, met);
    return g;
}

Grid fleet_grid(const ScenarioExtrapolation& x) {
    Grid g;
    g.header = {"Metric"};
    std::vector<const FleetStorage*> fleets;
    for (const std::optional<FleetStorage>& f : x.fleet_storage) {
        if (f) {
            g.header.push_back(f->design);
            fleets.push_back(&*f);
        }
    }
    if (fleets.empty()) {
        return g;
    }
    for (const FleetRow& row : kFleetRows) {
        g.rows.push_back({label_with_unit(row.label, row.unit)});
        for (const FleetStorage* f : fleets) {
            g.rows.back().push_back(format_number(row.get(*f), row.decimals));
        }
    }
    return g;
}

std::vector<std::pair<std::string, Grid>> site_grids(const ScenarioExtrapolation& x) {
    std::vector<std::pair<std::string, Grid>> out;
    if (!x.fleet) {
        return out;
    }
    const FleetPlan& plan = *x.fleet;
    auto n = [](std::int64_t v) { return format_number(static_cast<double>(v)); };
    for (const std::optional<FleetStorage>& maybe : x.fleet_storage) {
        if (!maybe) {
            continue;
        }
        const FleetStorage& f = *maybe;
        Grid g;
        g.header = {"Site", "Clusters", "GPUs", "Usable capacity (PB)", "Racks", "Power (kW)"};
        for (std::size_t s = 0; s < plan.site_plan.size(); ++s) {
            const FleetSite& site = plan.site_plan[s];
            g.rows.push_back({fmt::format("Site {}", site.index), n(site.clusters), n(site.gpus),
                              format_number(in(f.usable_per_site[s], units::PB), 1),
                              n(f.racks_per_site[s]),
                              format_number(in(f.power_per_site[s], units::kW), 1)});
        }
        g.rows.push_back({"All sites", n(plan.clusters), n(plan.gpus),
                          format_number(in(f.usable, units::PB), 1), n(f.racks),
                          format_number(in(f.power, units::kW), 1)});
        out.emplace_back(f.design, std::move(g));
    }
    return out;
}

namespace {

/// The three parts of the report as titled tables: each design grown to the
/// target, the fleet of per-pod designs, and each such design per site.
std::vector<std::pair<std::string, Grid>> report_tables(const ScenarioExtrapolation& x) {
    std::vector<std::pair<std::string, Grid>> out;
    out.emplace_back("Each design grown to " + format_in(x.spec.target, units::PB, 1) +
                         " (whole pods, and one namespace where that is smaller)",
                     extrapolation_grid(x, false));
    if (x.fleet) {
        const FleetPlan& f = *x.fleet;
        Grid fleet = fleet_grid(x);
        if (!fleet.rows.empty()) {
            out.emplace_back(
                fmt::format("The fleet: one pod per training cluster, {} cluster{} over "
                            "{} site{}",
                            f.clusters, f.clusters == 1 ? "" : "s", f.sites,
                            f.sites == 1 ? "" : "s"),
                std::move(fleet));
        }
        for (auto& [design, grid] : site_grids(x)) {
            out.emplace_back(design + " per site", std::move(grid));
        }
        // The pods for the target and the fleet's pods differ when the
        // clusters do not add up to it: one answer per question, each with
        // what it assumes (REVIEW-3 part B item 10).
        Grid answers = detail::answers_grid(x);
        if (!answers.rows.empty()) {
            out.emplace_back("One answer per question, each with what it assumes",
                             std::move(answers));
        }
    }
    return out;
}

/// Each design grown to the target, priced with the scenario's book (kGrown).
ojson extrapolations_json(const X& x) {
    ojson all = ojson::array();
    for (std::size_t i = 0; i < x.extrapolations.size(); ++i) {
        const bool priced = x.sizing.prices && i < x.sizing.designs.size();
        all.push_back(detail::figures_json<detail::Grown>(
            detail::kGrown, {x.extrapolations[i], priced ? &x.sizing.designs[i] : nullptr,
                             priced ? &*x.sizing.prices : nullptr}));
    }
    return all;
}

constexpr auto kWithFleet = [](const X& x) { return x.fleet.has_value(); };

/// The report for machines; `extrapolation` is the first design's (absent without any).
constexpr std::array kReport{
    XRow{.key = "podsizer_version", .value = [](const X&) -> FigureValue { return version(); }},
    XRow{.key = "scenario", .value = of<&X::scenario>},
    XRow{.key = "target_bytes", .value = of<&X::spec, &ExtrapolationSpec::target>},
    XRow{.key = "tolerance", .value = of<&X::spec, &ExtrapolationSpec::tolerance>},
    XRow{.key = "extrapolation",
         .value = [](const X& x) -> FigureValue {
             ojson all = extrapolations_json(x);
             return all.empty() ? FigureValue() : FigureValue(all.front());
         }},
    XRow{.key = "extrapolations", .value = detail::by<extrapolations_json>},
    XRow{.key = "fleet",
         .value = detail::by<[](const X& x) { return x.fleet ? fleet_json(x) : ojson(); }>},
    XRow{.key = "answers", .value = detail::only<kWithFleet, detail::answers_json>},
    XRow{.key = "designs",
         .value = [](const X& x) -> FigureValue {
             return detail::priced_summaries_json(x.sizing.designs, x.sizing.prices);
         }},
    XRow{.key = "feasible", .value = of<&X::all_feasible>},
};

} // namespace

std::string render_extrapolation(const ScenarioExtrapolation& x, Format format) {
    switch (format) {
    case Format::table:
    case Format::md: {
        const bool md = format == Format::md;
        std::string h = heading(x);
        // Markdown: the title as a heading, the other lines as a paragraph.
        const auto nl = h.find('\n');
        std::string rest = nl == std::string::npos ? "" : h.substr(nl + 1);
        for (auto p = rest.find('\n'); md && p != std::string::npos; p = rest.find('\n', p)) {
            rest.replace(p, 1, "  \n");
            p += 3;
        }
        std::string out =
            md ? "## " + h.substr(0, nl) + "\n\n" + (rest.empty() ? "" : rest + "\n") : h + "\n";
        for (const auto& [title, grid] : report_tables(x)) {
            out += md ? "\n### " + title + "\n\n" + render_markdown(grid)
                      : "\n" + title + ":\n\n" + render_text(grid);
        }
        const auto findings = all_findings(x);
        return out + cost_section(x.sizing, md) +
               (md ? detail::findings_markdown(findings) : detail::findings_block(findings));
    }
    case Format::csv:
        return render_csv(extrapolation_grid(x, true));
    case Format::json:
        return detail::json_text(detail::figures_json<X>(kReport, x));
    }
    return {};
}

} // namespace podsizer

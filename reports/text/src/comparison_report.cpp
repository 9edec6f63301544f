#include "podsizer/reports/comparison_report.hpp"

#include "bom_json.hpp"
#include "cost_json.hpp"
#include "figure_table.hpp"
#include "podsizer/reports/cost_report.hpp"
#include "podsizer/reports/metrics.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "podsizer/reports/version.hpp"
#include "report_json.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <initializer_list>
#include <iterator>
#include <variant>

namespace podsizer {

std::string column_verdict_text(const ComparisonColumn& c) {
    const Verdict& v = c.reference.verdict;
    if (c.kind == ColumnKind::reference && v.status == VerdictStatus::short_) {
        // docs/model.md §15: what it cannot deliver, with the figure.
        const Check* k = v.first_failing();
        return k != nullptr ? "cannot deliver: " + check_text(*k) : "cannot deliver";
    }
    return verdict_cell_text(c.verdict());
}

namespace {

using detail::ojson;

using Col = const ComparisonColumn&;

bool built(Col c) {
    return c.kind != ColumnKind::reference;
}

bool reference(Col c) {
    return c.kind == ColumnKind::reference;
}

/// Why the references are sized where they are: "the target", "the capacity of NCP pod".
std::string reference_basis(const Comparison& c) {
    if (c.reference_basis == ReferenceBasis::target) {
        return "the target";
    }
    if (c.reference_basis == ReferenceBasis::need) {
        return "the usable need";
    }
    return "the capacity of " + (c.columns.empty() ? std::string() : c.columns.front().name);
}

std::string heading(const Comparison& c) {
    std::string out = c.title;
    if (c.reference_capacity.base() > 0.0 && !c.references.empty()) {
        out += "\n" + references_line(c);
    }
    if (!c.extrapolations.empty()) {
        const Extrapolation& e = c.extrapolations.front();
        out += std::string(c.references.empty() ? "\n" : "; ") + "designs grown to " +
               format_in(e.target, units::PB, 1) + " in whole pods, tolerance " +
               detail::percent_text(e.tolerance);
    }
    if (std::any_of(c.columns.begin(), c.columns.end(), built)) {
        // The racks and power of the design columns, on the basis the
        // scenario asked for (docs/model.md §10).
        out += "\n" + power_basis_line(c.power_basis, c.rack_derate, c.pue);
    }
    return out;
}

/// Whether any reference has `p`.
template <class P> bool any_reference(const Comparison& c, P p) {
    return std::any_of(c.references.begin(), c.references.end(), p);
}

/// The designs the comparison's design columns hold, in order.
std::vector<Design> designs_of(const Comparison& c) {
    std::vector<Design> out;
    for (const ComparisonColumn& col : c.columns) {
        if (col.kind == ColumnKind::design) {
            out.push_back(*col.design);
        }
    }
    return out;
}

/// A row of `c`: value(k) for each column k and, where it has one, the
/// assumed figures it rests on (assumed(k)).
template <class V, class A>
ComparisonRow row_of(const Comparison& c, ComparisonRow r, V value, A assumed) {
    for (std::size_t k = 0; k < c.columns.size(); ++k) {
        r.values.push_back(value(k));
        r.assumptions.push_back(r.values.back() ? assumed(k) : std::vector<std::string>{});
    }
    return r;
}

ComparisonRow metric_row(const Comparison& c, const Metric& m) {
    // The design columns' racks say their basis (issue 51 item 6); the racks
    // to plan for theirs, as in the sizing table.
    const std::string basis = c.power_basis == PowerBasis::max ? " (max draw)" : " (typical draw)";
    std::string label = m.id == MetricId::racks_planned
                            ? metric_label(m, designs_of(c))
                            : std::string(m.label) + (m.id == MetricId::racks ? basis : "");
    return row_of(
        c, {std::string(m.key), std::move(label), std::string(m.unit), m.decimals},
        [&](std::size_t k) { return column_value(m, c.columns[k]); },
        [&](std::size_t k) { return metric_assumptions(m.id, c.columns[k].assumptions()); });
}

/// "Racks ÷ Cloud HDD object store at the same usable capacity": each
/// non-reference column against one reference sized at its own capacity.
ComparisonRow ratio_row(const Comparison& c, const Metric& m, const ComparisonColumn& ref) {
    const bool quotient = is_quotient(m.id);
    std::string key =
        (quotient ? "ratio_" : "") + std::string(m.key) + ":" + c.references.at(ref.source).id;
    return row_of(
        c,
        {std::move(key), ratio_label(m.id, ref.name, c), quotient ? "×" : std::string(m.unit),
         quotient ? 2 : m.decimals},
        [&](std::size_t k) {
            const ComparisonRatio* q = c.ratio(k, ref.source);
            return q != nullptr ? ratio_value(*q, m.id) : std::nullopt;
        },
        [&](std::size_t k) { return ratio_assumptions(m.id, c, *c.ratio(k, ref.source)); });
}

std::vector<std::pair<std::string, Finding>> findings_of(const Comparison& c) {
    std::vector<std::pair<std::string, Finding>> out;
    for (const SubjectFinding& f : c.findings) {
        out.emplace_back(f.subject, f.finding);
    }
    return out;
}

/// Figures of a column's JSON, in order: metrics' fields, key and value
/// from their registry rows (JsonField::of_column), written when `when` holds.
struct ColumnFigures {
    bool (*when)(Col) = nullptr;
    std::initializer_list<MetricId> metrics;
};

using M = MetricId;

// The figures in the order scripts have read them; a design's or pods'
// counts, a reference's accounts and what reaches the GPU site.
const ColumnFigures kColumnFigures[] = {
    {nullptr, {M::pods}},
    {built, {M::cnodes, M::dboxes}},
    {reference, {M::accounts, M::subscriptions, M::read_at_site, M::write_at_site}},
    {nullptr,
     {M::racks, M::usable_capacity, M::raw_capacity, M::read, M::write, M::power, M::pb_per_rack,
      M::read_per_kw, M::read_per_tb, M::write_per_tb, M::feasible}},
};

/// A column's figure under the metric's JSON key, from its registry row.
void put(ojson& j, MetricId id, Col c) {
    const JsonField& field = metric(id).json;
    j[std::string(field.key)] =
        std::visit([](const auto& v) { return ojson(v); }, column_json(metric(id), c));
}

using detail::by;
using detail::FigureRow;
using detail::FigureValue;
using detail::of;

/// A column and the comparison it is in.
struct ColumnOf {
    const Comparison* cmp;
    const ComparisonColumn* c;
};
using CX = const ColumnOf&;

// A column's JSON, in order; a row without a key puts its object's fields.
const FigureRow<ColumnOf> kColumnFields[] = {
    {.key = "name", .value = [](CX x) -> FigureValue { return x.c->name; }},
    {.key = "kind", .value = [](CX x) { return detail::figure_of(x.c->kind); }},
    {.key = "basis", .value = [](CX x) -> FigureValue { return column_basis(*x.cmp, *x.c); }},
    // The metrics' fields (registry rows): kColumnFigures, then those with a
    // column field it does not place, so a new metric reaches the JSON from
    // its row; then the assumptions.
    {.value = [](CX x) -> FigureValue {
        ojson j = ojson::object();
        for (const ColumnFigures& f : kColumnFigures) {
            for (MetricId id : f.metrics) {
                if (f.when == nullptr || f.when(*x.c)) {
                    put(j, id, *x.c);
                }
            }
        }
        for (const Metric& m : metric_registry()) {
            if (m.json.of_column != nullptr &&
                std::none_of(std::begin(kColumnFigures), std::end(kColumnFigures),
                             [&m](const ColumnFigures& f) {
                                 return std::ranges::count(f.metrics, m.id) > 0;
                             })) {
                put(j, m.id, *x.c);
            }
        }
        detail::add_assumptions(j, x.c->assumptions());
        return j;
    }},
    {.key = "bom", // docs/bom.md: n pods' n times one pod's
     .value = [](CX x) { return detail::given_as(x.c->bom(), detail::bill_json); }},
    {.key = "cost", // no cost block at all without a price book
     .value =
         [](CX x) {
             return x.c->cost ? detail::given_as(x.c->cost, detail::design_cost_json)
                              : detail::given_as(x.c->cloud_cost, detail::cloud_cost_json);
         }},
};

ojson column_json(const Comparison& cmp, const ComparisonColumn& c) {
    return detail::figures_json<ColumnOf>(kColumnFields, ColumnOf{&cmp, &c});
}

using Ref = ReferenceSizing;

/// One field of a reference's entry (`references[]`): a figure its column
/// shows, written from the registry row as column_json writes it, or a
/// detail of its accounts no table shows.
using Field = FigureRow<Ref>;
using ReferenceField = std::variant<MetricId, Field>;

// The order scripts have read them in.
const ReferenceField kReferenceFields[] = {
    Field{.key = "name", .value = of<&Ref::name>},
    Field{.key = "id", .value = of<&Ref::id>},
    MetricId::racks,
    Field{.key = "racks_exact", .value = of<&Ref::racks_exact>},
    MetricId::usable_capacity,
    MetricId::raw_capacity,
    MetricId::read,
    MetricId::write,
    MetricId::power,
    MetricId::accounts,
    Field{.key = "accounts_for_throughput", .value = of<&Ref::accounts_for_throughput>},
    Field{.key = "account_ingress_limit_bytes_per_s", .value = of<&Ref::ingress_limit>},
    Field{.key = "account_egress_limit_bytes_per_s", .value = of<&Ref::egress_limit>},
    Field{.key = "write_capped_by_accounts", .value = of<&Ref::write_capped>},
    Field{.key = "read_capped_by_accounts", .value = of<&Ref::read_capped>},
    Field{.key = "write_within_account_limits_bytes_per_s", .value = of<&Ref::write_within_limits>},
    Field{.key = "read_within_account_limits_bytes_per_s", .value = of<&Ref::read_within_limits>},
    Field{.key = "accounts_per_subscription", .value = of<&Ref::accounts_per_subscription>},
    MetricId::subscriptions,
    Field{.key = "wan_bytes_per_s", .value = of<&Ref::wan>},
    MetricId::read_at_site,
    MetricId::write_at_site,
    MetricId::pb_per_rack,
    Field{.key = "findings", .value = detail::via<&Ref::findings, detail::findings_json>},
};

ojson reference_json(const ReferenceSizing& r, Col col) {
    ojson j;
    for (const ReferenceField& f : kReferenceFields) {
        if (const MetricId* id = std::get_if<MetricId>(&f)) {
            put(j, *id, col);
        } else {
            detail::put_json<Ref>(j, std::span(&std::get<Field>(f), 1), r);
        }
    }
    detail::add_assumptions(j, r.assumptions);
    return j;
}

ojson ratio_json_assumptions(const Comparison& c, const ComparisonRatio& r);

/// A ratio and the comparison it is of.
struct RatioOf {
    const Comparison* c;
    const ComparisonRatio* r;
};

/// A ratio's member, as figure_of writes it.
template <auto M> FigureValue ratio_of(const RatioOf& x) {
    return detail::figure_of(x.r->*M);
}

using R = ComparisonRatio;
using X = const RatioOf&;

const FigureRow<RatioOf> kRatioFields[] = {
    {.key = "column",
     .value = [](X x) -> FigureValue { return x.c->columns.at(x.r->column).name; }},
    {.key = "reference",
     .value = [](X x) -> FigureValue { return x.c->references.at(x.r->reference).id; }},
    {.key = "basis",
     .value = by<[](X) { return "the reference at the column's usable capacity"; }>},
    {.key = "basis_usable_capacity_bytes", .value = ratio_of<&R::basis>},
    {.key = "reference_racks", .value = ratio_of<&R::reference_racks>},
    {.key = "reference_power_w", .value = ratio_of<&R::reference_power>},
    {.key = "racks", // 0: no rack holds the column's devices
     .value = [](X x) { return x.r->racks > 0.0 ? FigureValue(x.r->racks) : nullptr; }},
    {.key = "power", .value = ratio_of<&R::power>},
    {.key = "read", .value = ratio_of<&R::read>},
    {.key = "write", .value = ratio_of<&R::write>},
    {.key = "power_saved_w", .value = ratio_of<&R::power_saved>},
    {.key = "gpus_fed", .value = ratio_of<&R::gpus_fed>},
    {.key = "break_even_rack_power_w", .value = ratio_of<&R::break_even_rack_power>},
    {.key = "assumptions",
     .value = [](X x) -> FigureValue { return ratio_json_assumptions(*x.c, *x.r); }},
};

} // namespace

std::string column_basis(const Comparison& cmp, const ComparisonColumn& c) {
    switch (c.kind) {
    case ColumnKind::design:
        return "1 pod";
    case ColumnKind::pods:
        return fmt::format("{} pods to {}", c.pods,
                           format_in(cmp.extrapolations.at(c.source).target, units::PB, 1));
    case ColumnKind::reference:
        return "at " + format_in(c.usable(), units::PB, 1);
    }
    return {};
}

std::string references_line(const Comparison& c) {
    return "References sized at " + format_in(c.reference_capacity, units::PB, 1) + " (" +
           reference_basis(c) + ")";
}

std::vector<ComparisonRow> comparison_rows(const Comparison& c) {
    // Rows shown only where they apply: the within-limits rows where a
    // reference's accounts cap its rate, what reaches the GPU site with a
    // WAN, the subscriptions where a limit is known, the racks to plan for
    // where a design plans on another basis than it is laid out on.
    const bool capped =
        any_reference(c, [](const auto& r) { return r.write_capped || r.read_capped; });
    const bool wan = any_reference(c, [](const auto& r) { return r.wan.has_value(); });
    const bool subscriptions = any_reference(c, [](const auto& r) { return r.subscriptions > 0; });
    struct Hidden {
        bool hidden;
        std::initializer_list<MetricId> metrics;
    };
    const Hidden hidden[] = {{!capped, {M::read_within_limits, M::write_within_limits}},
                             {!wan, {M::read_at_site, M::write_at_site}},
                             {!subscriptions, {M::subscriptions, M::accounts_for_subscriptions}},
                             {!has_planning_racks(designs_of(c)), {M::racks_planned}}};
    std::vector<ComparisonRow> rows;
    for (MetricId id : comparison_metrics()) {
        if (std::ranges::any_of(hidden, [id](const Hidden& h) {
                return h.hidden && std::ranges::count(h.metrics, id) > 0;
            })) {
            continue;
        }
        rows.push_back(metric_row(c, metric(id)));
    }
    for (const ComparisonColumn& ref : c.columns) {
        if (ref.kind != ColumnKind::reference) {
            continue;
        }
        for (MetricId id : ratio_metrics()) {
            if (id == MetricId::gpus_fed && c.gpu_platform.empty()) {
                continue; // no SU power for the scenario's platform
            }
            rows.push_back(ratio_row(c, metric(id), ref));
        }
    }
    for (ComparisonRow& row : comparison_cost_rows(c)) { // none without a price book
        rows.push_back(std::move(row));
    }
    return rows;
}

Grid comparison_grid(const Comparison& c, bool machine) {
    Grid g = metric_grid(machine);
    for (const ComparisonColumn& col : c.columns) {
        g.header.push_back(col.name);
    }
    auto text_row = [&](std::string_view key, std::string_view label, auto cell) {
        std::vector<std::string> r = metric_row(key, label, "", machine);
        for (const ComparisonColumn& col : c.columns) {
            r.push_back(cell(col));
        }
        g.rows.push_back(std::move(r));
    };
    if (machine) {
        text_row("kind", "Kind",
                 [](const ComparisonColumn& col) { return std::string(to_string(col.kind)); });
    }
    text_row("basis", "Basis", [&](const ComparisonColumn& col) { return column_basis(c, col); });
    for (const ComparisonRow& row : comparison_rows(c)) {
        std::vector<std::string> r = metric_row(row.key, row.label, row.unit, machine);
        const bool saved = row.key.rfind("power_saved:", 0) == 0;
        const bool cost = row.key.starts_with("cost_");
        for (std::size_t k = 0; k < row.values.size(); ++k) {
            const std::optional<double>& v = row.values[k];
            // A cost resting on an illustrative price is marked; a cloud's CapEx of
            // 0 rests on none.
            if (cost && !machine && v && *v != 0.0 &&
                !column_assumed_prices(c.columns[k]).empty()) {
                r.push_back(format_number(*v, row.decimals) + std::string(kIllustrativeMarker));
                continue;
            }
            // A design's figure the book cannot price (the recovered
            // GPU-hours without a GPU-hour price) says so, as in `size`.
            if (cost && !machine && !v && c.columns[k].cost &&
                !row.key.starts_with("cost_cloud_")) {
                r.push_back("unpriced");
                continue;
            }
            // Negative power saved is extra power drawn: say so rather than
            // print "−126.0" as a saving (REVIEW-3 §5.2).
            if (saved && !machine && v && *v < 0.0) {
                r.push_back(format_number(-*v, row.decimals) + " extra");
                continue;
            }
            r.push_back(number_cell(v, row.decimals, machine));
        }
        g.rows.push_back(std::move(r));
        if (!machine) {
            for (std::size_t k = 0; k < row.assumptions.size(); ++k) {
                g.set_assumptions(g.rows.size() - 1, k + 1, row.assumptions[k]);
            }
        }
    }
    const Metric& feasible = metric(MetricId::feasible);
    text_row(feasible.key, feasible.label, [&](const ComparisonColumn& col) {
        return machine ? verdict_word(col.verdict()) : column_verdict_text(col);
    });
    std::vector<std::optional<bool>> met;
    for (const ComparisonColumn& col : c.columns) {
        met.push_back(col.verdict().status == VerdictStatus::meets);
    }
    mark_verdicts(g, g.rows.size() - 1, machine ? 3 : 1, met);
    return g;
}

namespace {

using CR = ComparisonRow;

// A row of `rows` (comparison_rows), every format's.
const FigureRow<CR> kRowFields[] = {
    {.key = "key", .value = of<&CR::key>},
    {.key = "label", .value = of<&CR::label>},
    {.key = "unit", .value = of<&CR::unit>},
    {.key = "decimals", .value = of<&CR::decimals>},
    {.key = "values", .value = of<&CR::values>},
    {.key = "assumptions", .value = of<&CR::assumptions>},
};

/// Per ratio: the assumed figures behind each of its rows, by metric key.
ojson ratio_json_assumptions(const Comparison& c, const ComparisonRatio& r) {
    ojson by_metric = ojson::object();
    for (MetricId id : ratio_metrics()) {
        std::vector<std::string> ids = ratio_assumptions(id, c, r);
        if (!ids.empty()) {
            by_metric[std::string(metric(id).key)] = std::move(ids);
        }
    }
    return by_metric;
}

/// A JSON array of f(x) for each x of `v`, nulls left out.
template <class T, class F> FigureValue list_json(const std::vector<T>& v, F f) {
    ojson out = ojson::array();
    for (const T& x : v) {
        if (ojson j = f(x); !j.is_null()) {
            out.push_back(std::move(j));
        }
    }
    return out;
}

using Cmp = const Comparison&;
using SF = SubjectFinding;

// A comparison's finding: the finding's fields, then whose it is.
const FigureRow<SF> kSubjectFinding[] = {
    {.value = detail::via<&SF::finding, detail::finding_json>},
    {.key = "subject", .value = of<&SF::subject>},
};

/// `compare --format json`, in the order scripts have read it.
const FigureRow<Comparison> kComparisonFields[] = {
    {.key = "podsizer_version", .value = [](Cmp) -> FigureValue { return std::string(version()); }},
    {.key = "scenario", .value = of<&Comparison::title>},
    {.key = "reference_capacity_bytes", .value = of<&Comparison::reference_capacity>},
    {.key = "reference_basis", .value = [](Cmp c) -> FigureValue { return reference_basis(c); }},
    {.key = "columns",
     .value =
         [](Cmp c) { return list_json(c.columns, [&c](Col k) { return column_json(c, k); }); }},
    {.key = "references", // one column per reference, in order
     .value =
         [](Cmp c) {
             return list_json(c.columns, [&c](Col k) {
                 return reference(k) ? reference_json(c.references.at(k.source), k) : ojson();
             });
         }},
    {.key = "extrapolations",
     .value = [](Cmp c) { return list_json(c.extrapolations, detail::extrapolation_json); }},
    {.key = "ratios",
     .value =
         [](Cmp c) {
             return list_json(c.ratios, [&c](const ComparisonRatio& r) {
                 return detail::figures_json<RatioOf>(kRatioFields, RatioOf{&c, &r});
             });
         }},
    {.key = "rows",
     .value = by<[](Cmp c) { return detail::figures_json<CR>(kRowFields, comparison_rows(c)); }>},
    {.key = "findings",
     .value = by<[](Cmp c) { return detail::figures_json<SF>(kSubjectFinding, c.findings); }>},
    {.key = "feasible", .value = [](Cmp c) -> FigureValue { return c.all_feasible(); }},
};

/// The assumed prices under the table (docs/cost.md); empty without any.
std::string price_footnote(const Comparison& c, bool markdown) {
    std::vector<std::string> names;
    for (const ComparisonColumn& col : c.columns) {
        const std::vector<std::string>& a = column_assumed_prices(col);
        names.insert(names.end(), a.begin(), a.end());
    }
    std::vector<const DesignCost*> costs;
    for (const ComparisonColumn& col : c.columns) {
        costs.push_back(col.cost ? &*col.cost : nullptr);
    }
    const std::string note = c.prices ? recovered_note(costs, *c.prices, markdown) : std::string();
    const std::string text = illustrative_footnote(names, markdown);
    const std::string egress = cloud_egress_note(c, markdown);
    const bool cloud = c.prices && std::any_of(c.columns.begin(), c.columns.end(),
                                               [](const auto& col) { return col.cloud_cost; });
    const std::string sources = cloud ? cloud_price_block(*c.prices, markdown) : std::string();
    if (!markdown) {
        return note + egress + text + sources;
    }
    return (note.empty() ? "" : "\n" + note) + (egress.empty() ? "" : "\n" + egress) +
           (text.empty() ? "" : "\n" + text) + sources;
}

} // namespace

std::string render_comparison(const Comparison& c, Format format) {
    switch (format) {
    case Format::table:
        return heading(c) + "\n\n" + render_text(comparison_grid(c, false)) +
               price_footnote(c, false) + detail::findings_block(findings_of(c));
    case Format::md:
        return "## " + heading(c) + "\n\n" + render_markdown(comparison_grid(c, false)) +
               price_footnote(c, true) + detail::findings_markdown(findings_of(c));
    case Format::csv:
        return render_csv(comparison_grid(c, true));
    case Format::json:
        return detail::json_text(detail::figures_json<Comparison>(kComparisonFields, c));
    }
    return {};
}

} // namespace podsizer

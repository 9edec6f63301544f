// The Summary sheet: the side-by-side table of designs, styled to be pasted
// into a slide as is. Every figure links to its design sheet.
//
// Three stages: the columns (designs, or the comparison's columns), the rows
// (the metric registry's summary metrics any column has, the ratio rows, the
// verdict; reports/metrics.hpp) and the writing of each cell as a formula
// with the engine's figure as its cached result.
#include "podsizer/core/number_text.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/metrics.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "workbook_parts.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <variant>

namespace podsizer::wb {

namespace {

using xlsx::Num;

/// One column of the slide table.
struct Column {
    ColumnKind kind = ColumnKind::design;
    std::string name;
    std::string basis;
    std::size_t design = 0;                       ///< design and pods columns
    const ComparisonColumn* cc = nullptr;         ///< when there is a comparison
    const ReferenceSizing* ref = nullptr;         ///< reference columns
    const Extrapolation* extrapolation = nullptr; ///< pods columns
};

/// The "Basis" row of a comparison: what each column is.
struct BasisRow {};
/// A column's figure over a reference's (`reference` indexes Comparison::references).
struct RatioRow {
    const Metric* what = nullptr;
    std::size_t reference = 0;
};

struct SummaryRow {
    std::variant<BasisRow, const Metric*, RatioRow> what;
    std::string label;
    Num num = Num::text;
    int row = 0; ///< 0-based sheet row
};

/// A cell: a formula (number or text) with its cached result, or plain text.
struct Cell {
    enum { number, text, plain } kind = plain;
    std::string formula;
    double value = 0.0;
    std::string cached;
};

Cell num_cell(std::string f, double v) {
    return {Cell::number, std::move(f), v, {}};
}
Cell text_cell(std::string f, std::string v) {
    return {Cell::text, std::move(f), 0.0, std::move(v)};
}
Cell plain(std::string v) {
    return {Cell::plain, {}, 0.0, std::move(v)};
}
Cell not_applicable() {
    return plain("n/a");
}

using xlsx::num_of;

// ---------------------------------------------------------------- columns

std::vector<Column> comparison_columns(const Comparison& cmp, const SizingResult& result) {
    std::vector<Column> cols;
    std::size_t designs = 0;
    for (const ComparisonColumn& c : cmp.columns) {
        Column col;
        col.kind = c.kind;
        col.name = c.name;
        col.basis = column_basis(cmp, c);
        col.cc = &c;
        if (c.kind == ColumnKind::reference) {
            col.ref = &cmp.references.at(c.source);
        } else {
            col.design = c.source;
            designs += c.kind == ColumnKind::design ? 1 : 0;
        }
        if (c.kind == ColumnKind::pods) {
            col.extrapolation = &cmp.extrapolations.at(c.source);
        }
        cols.push_back(col);
    }
    if (designs != result.designs.size()) {
        throw std::logic_error("workbook: the comparison's designs are not the result's");
    }
    return cols;
}

/// The designs, or the comparison's columns (designs, pods, references).
std::vector<Column> columns(const WorkbookInput& input) {
    const SizingResult& result = *input.result;
    if (input.comparison != nullptr) {
        return comparison_columns(*input.comparison, result);
    }
    std::vector<Column> cols;
    for (std::size_t i = 0; i < result.designs.size(); ++i) {
        cols.push_back({ColumnKind::design, result.designs[i].name, "", i});
    }
    return cols;
}

// ------------------------------------------------------------------- rows

/// The metrics a reference column has a figure (or a formula) for: a row of
/// kReferenceCells, or a density of two such (defined with the table below).
bool reference_has(const Metric& m);

using Designs = const std::vector<DesignCells>&;

bool with_references(const Comparison* cmp) {
    return cmp != nullptr && !cmp->references.empty();
}

/// The metrics shown on a condition of their own: what only a comparison has
/// (pods, densities per TB), what only references have (accounts and their
/// limits), and the effective capacity only with data reduction.
const std::pair<MetricId, bool (*)(const Comparison*, Designs)> kShownWhen[] = {
    {MetricId::pods, [](const Comparison* cmp, Designs) { return cmp != nullptr; }},
    {MetricId::read_per_tb, [](const Comparison* cmp, Designs) { return cmp != nullptr; }},
    {MetricId::write_per_tb, [](const Comparison* cmp, Designs) { return cmp != nullptr; }},
    {MetricId::accounts, [](const Comparison* cmp, Designs) { return with_references(cmp); }},
    {MetricId::read_within_limits,
     [](const Comparison* cmp, Designs) { return with_references(cmp); }},
    {MetricId::write_within_limits,
     [](const Comparison* cmp, Designs) { return with_references(cmp); }},
    {MetricId::subscriptions,
     [](const Comparison* cmp, Designs) {
         return with_references(cmp) &&
                std::any_of(cmp->references.begin(), cmp->references.end(),
                            [](const ReferenceSizing& r) { return r.subscriptions > 0; });
     }},
    {MetricId::accounts_for_subscriptions,
     [](const Comparison* cmp, Designs) {
         return with_references(cmp) &&
                std::any_of(cmp->references.begin(), cmp->references.end(),
                            [](const ReferenceSizing& r) { return r.subscriptions > 0; });
     }},
    {MetricId::read_at_site,
     [](const Comparison* cmp, Designs) {
         return with_references(cmp) &&
                std::any_of(cmp->references.begin(), cmp->references.end(),
                            [](const ReferenceSizing& r) { return r.wan.has_value(); });
     }},
    {MetricId::write_at_site,
     [](const Comparison* cmp, Designs) {
         return with_references(cmp) &&
                std::any_of(cmp->references.begin(), cmp->references.end(),
                            [](const ReferenceSizing& r) { return r.wan.has_value(); });
     }},
    {MetricId::feasible, [](const Comparison*, Designs) { return true; }},
    {MetricId::effective_capacity,
     [](const Comparison*, Designs designs) {
         return std::any_of(designs.begin(), designs.end(), [](const DesignCells& d) {
             auto it = d.numbers.find("data_reduction");
             return it != d.numbers.end() && it->second != 1.0;
         });
     }},
};

/// Whether the table shows a metric: its own condition (kShownWhen), else
/// whether any design sheet or reference column has it.
bool shown(const Metric& m, const Comparison* cmp, Designs designs) {
    for (const auto& [id, when] : kShownWhen) {
        if (id == m.id) {
            return when(cmp, designs);
        }
    }
    const bool any_design = std::any_of(designs.begin(), designs.end(), [&](const DesignCells& d) {
        return d.has(std::string(m.sheet));
    });
    return any_design || (with_references(cmp) && reference_has(m));
}

/// A metric's label on the Summary: the rack rows say their basis (issue 51
/// item 6), read from the design sheets' "power_basis"; the planned racks
/// are on maximum draw (the design sheet has them only then).
std::string summary_label(const Metric& m, const std::vector<DesignCells>& designs) {
    if (m.id == MetricId::racks_planned) {
        return m.labelled() + " (max draw)";
    }
    if (m.id != MetricId::racks) {
        return m.labelled();
    }
    std::string basis;
    for (const DesignCells& d : designs) {
        auto it = d.texts.find("power_basis");
        if (it == d.texts.end()) {
            continue;
        }
        if (!basis.empty() && basis != it->second) {
            return m.labelled() + " (each design's basis)";
        }
        basis = it->second;
    }
    return basis.empty() ? m.labelled() : m.labelled() + " (" + basis + " draw)";
}

/// Rows in order: basis (comparison), the metrics shown, each reference's
/// ratio rows, the verdict last.
std::vector<SummaryRow> rows(const Comparison* cmp, const std::vector<DesignCells>& designs,
                             int first_row) {
    std::vector<SummaryRow> out;
    if (cmp != nullptr) {
        out.push_back({BasisRow{}, "Basis", Num::text});
    }
    for (MetricId id : summary_metrics()) {
        const Metric& m = metric(id);
        if (id != MetricId::feasible && shown(m, cmp, designs)) {
            out.push_back({&m, summary_label(m, designs), num_of(m)});
        }
    }
    if (cmp != nullptr) {
        for (std::size_t k = 0; k < cmp->references.size(); ++k) {
            for (MetricId id : ratio_metrics()) {
                if (id == MetricId::gpus_fed && cmp->gpu_platform.empty()) {
                    continue; // no SU power for the scenario's platform
                }
                const Metric& m = metric(id);
                const bool quotient = is_quotient(id);
                const std::string unit = quotient ? "\u00d7" : std::string(m.unit);
                std::string label = ratio_label(id, cmp->references[k].name, *cmp);
                if (!unit.empty()) {
                    label += " (" + unit + ")";
                }
                out.push_back({RatioRow{&m, k}, label, quotient ? Num::two : num_of(m)});
            }
        }
    }
    const Metric& verdict = metric(MetricId::feasible);
    out.push_back({&verdict, verdict.labelled(), num_of(verdict)});
    for (SummaryRow& r : out) {
        r.row = first_row++;
    }
    return out;
}

// ------------------------------------------------------------------ cells

/// The finished layout the cells refer to.
struct Table {
    const WorkbookInput& input;
    const std::vector<DesignCells>& designs;
    const Assumptions& a;
    std::vector<Column> cols;
    std::vector<SummaryRow> rows;
    std::map<MetricId, int> row_of; ///< the sheet row of each metric shown
    int first_col = 1;
    /// Each cell of rows[i], column c, and the assumed figures it rests on,
    /// worked out once (fill_cells) for the widths, the cells written, the
    /// legend and the values the Slide links to (issue 34: three times before).
    std::vector<std::vector<Cell>> cells;
    std::vector<std::vector<std::vector<std::string>>> assumed;

    /// The cell of metric `id` in column `c`; std::out_of_range when the
    /// metric is not shown, which would be a bug in `shown`.
    std::string at(MetricId id, std::size_t c) const {
        return xlsx::cell(row_of.at(id), first_col + static_cast<int>(c));
    }
    /// The column of design `i` in this table.
    std::size_t design_col(std::size_t i) const {
        for (std::size_t c = 0; c < cols.size(); ++c) {
            if (cols[c].kind == ColumnKind::design && cols[c].design == i) {
                return c;
            }
        }
        return 0;
    }
};

/// Density rows computed in any column from its own cells: the registry's
/// quotient of two of the column's metrics (reports/metrics.hpp).
Cell density_cell(const Table& t, std::size_t c, const Metric& m) {
    const ComparisonColumn* cc = t.cols[c].cc;
    if (cc == nullptr || !m.quotient || m.of_column == nullptr) {
        return not_applicable();
    }
    const std::optional<double> cached = m.of_column(*cc);
    if (!cached) {
        return not_applicable();
    }
    const Quotient& q = *m.quotient;
    const std::string times = q.factor == 1 ? "" : "*" + format_shortest(q.factor);
    return num_cell("=" + t.at(q.numerator, c) + times + "/" + t.at(q.denominator, c), *cached);
}

/// A reference's capacity: the target, or the first design's.
Cell reference_usable(const Table& t, const ReferenceSizing& r) {
    if (t.input.comparison != nullptr && t.a.has("scenario", "scenario", "target_PB")) {
        return num_cell("=" + t.a.name("scenario", "scenario", "target_PB"),
                        in(r.usable, units::PB));
    }
    return num_cell("=" + t.at(MetricId::usable_capacity, t.design_col(0)),
                    in(r.usable, units::PB));
}

/// What the accounts let through: the rate, capped by accounts × limit.
Cell within_limits(const Table& t, std::size_t c, MetricId rate, const char* limit,
                   Throughput cached) {
    const ReferenceSizing& r = *t.cols[c].ref;
    if (t.a.has("reference", r.id, limit) && r.accounts > 0) {
        return num_cell("=MIN(" + t.at(rate, c) + "," + t.at(MetricId::accounts, c) + "*" +
                            t.a.name("reference", r.id, limit) + "/1000)",
                        in(cached, units::Tbps));
    }
    return num_cell("=" + t.at(rate, c), in(cached, units::Tbps));
}

/// The subscriptions (or regions) the accounts need: the accounts for the
/// capacity or for the full read and write rates, whichever is more, over the
/// accounts one subscription holds (core/src/reference.cpp).
Cell subscriptions_cell(const Table& t, std::size_t c, bool accounts_only) {
    const ReferenceSizing& r = *t.cols[c].ref;
    const ReferenceSystem* sys = t.input.catalog->reference(r.id);
    auto has = [&](const char* f) { return t.a.has("reference", r.id, f); };
    if (r.subscriptions == 0 || sys == nullptr || !has("account_ingress_Gbps") ||
        !has("account_egress_Gbps")) {
        return not_applicable();
    }
    const char* limit = r.accounts_per_subscription == sys->accounts_per_subscription
                            ? "accounts_per_subscription"
                            : "accounts_per_subscription_raised";
    if (!has(limit)) {
        return not_applicable();
    }
    auto name = [&](const char* f) { return t.a.name("reference", r.id, f); };
    auto up = [](const std::string& x) { return "ROUNDUP(" + x + "*(1-1E-9),0)"; };
    const std::string for_rates =
        up(t.at(MetricId::write_tbps, c) + "*1000/" + name("account_ingress_Gbps")) + "," +
        up(t.at(MetricId::read_tbps, c) + "*1000/" + name("account_egress_Gbps"));
    const std::string accounts = "MAX(" + t.at(MetricId::accounts, c) + "," + for_rates + ")";
    if (accounts_only) {
        // The accounts the count rests on (REVIEW-3 §5.3: 417, not 178).
        return num_cell("=" + accounts,
                        static_cast<double>(std::max(r.accounts, r.accounts_for_throughput)));
    }
    return num_cell("=" + up(accounts + "/" + name(limit)), static_cast<double>(r.subscriptions));
}

/// What reaches the GPU site: the rate within the account limits, at most
/// the WAN link on Assumptions.
Cell at_site(const Table& t, std::size_t c, MetricId within, std::optional<Throughput> cached) {
    if (!cached || !t.a.has("scenario", "scenario", "wan_Tbps")) {
        return not_applicable();
    }
    return num_cell("=MIN(" + t.at(within, c) + "," + t.a.name("scenario", "scenario", "wan_Tbps") +
                        ")",
                    in(*cached, units::Tbps));
}

/// What a reference column's formulas are written from: its figures on
/// Assumptions and the column's own cells.
struct ReferenceContext {
    const Table& t;
    std::size_t c;
    const ReferenceSizing& r;
    std::string name(const char* field) const { return t.a.name("reference", r.id, field); }
    bool has(const char* field) const { return t.a.has("reference", r.id, field); }
    std::string here(MetricId m) const { return t.at(m, c); }
    std::string usable() const { return here(MetricId::usable_capacity); }
};

using X = const ReferenceContext&;

/// A reference system's figures from its catalog entry (core/src/reference.cpp),
/// one formula per metric; a metric not listed has no figure in a reference
/// column (densities are the registry's quotients, density_cell).
const std::pair<MetricId, Cell (*)(X)> kReferenceCells[] = {
    {MetricId::usable_capacity, [](X x) { return reference_usable(x.t, x.r); }},
    {MetricId::usable_pib,
     [](X x) { return num_cell("=" + x.usable() + "*1E15/2^50", in(x.r.usable, units::PiB)); }},
    {MetricId::raw_capacity,
     [](X x) {
         if (x.r.raw && x.has("raw_per_usable")) {
             return num_cell("=" + x.usable() + "*" + x.name("raw_per_usable"),
                             in(*x.r.raw, units::PB));
         }
         return not_applicable();
     }},
    // Whole racks, at least one.
    {MetricId::racks,
     [](X x) {
         return num_cell("=MAX(1,ROUNDUP(" + x.usable() + "/1000*" + x.name("racks_per_EB") +
                             "*(1-1E-9),0))",
                         static_cast<double>(x.r.racks));
     }},
    {MetricId::read_tbps,
     [](X x) {
         return num_cell("=" + x.usable() + "/100*" + x.name("read_per_100PB_Tbps"),
                         in(x.r.read, units::Tbps));
     }},
    {MetricId::write_tbps,
     [](X x) {
         return num_cell("=" + x.usable() + "/100*" + x.name("write_per_100PB_Tbps"),
                         in(x.r.write, units::Tbps));
     }},
    {MetricId::read,
     [](X x) {
         return num_cell("=" + x.here(MetricId::read_tbps) + "/8", in(x.r.read, units::TB_per_s));
     }},
    {MetricId::write,
     [](X x) {
         return num_cell("=" + x.here(MetricId::write_tbps) + "/8", in(x.r.write, units::TB_per_s));
     }},
    {MetricId::power,
     [](X x) {
         return num_cell("=" + x.here(MetricId::racks) + "*" + x.name("power_per_rack_kW"),
                         in(x.r.power, units::kW));
     }},
    {MetricId::accounts,
     [](X x) {
         if (x.r.accounts > 0 && x.has("account_capacity_PiB")) {
             return num_cell("=ROUNDUP(" + x.usable() + "*1E15/(" + x.name("account_capacity_PiB") +
                                 "*2^50)*(1-1E-9),0)",
                             static_cast<double>(x.r.accounts));
         }
         return not_applicable();
     }},
    {MetricId::read_within_limits,
     [](X x) {
         return within_limits(x.t, x.c, MetricId::read_tbps, "account_egress_Gbps",
                              x.r.read_within_limits);
     }},
    {MetricId::write_within_limits,
     [](X x) {
         return within_limits(x.t, x.c, MetricId::write_tbps, "account_ingress_Gbps",
                              x.r.write_within_limits);
     }},
    {MetricId::subscriptions, [](X x) { return subscriptions_cell(x.t, x.c, false); }},
    {MetricId::accounts_for_subscriptions, [](X x) { return subscriptions_cell(x.t, x.c, true); }},
    {MetricId::read_at_site,
     [](X x) { return at_site(x.t, x.c, MetricId::read_within_limits, x.r.read_at_site); }},
    {MetricId::write_at_site,
     [](X x) { return at_site(x.t, x.c, MetricId::write_within_limits, x.r.write_at_site); }},
};

Cell (*reference_formula(MetricId id))(X) {
    for (const auto& [metric_id, formula] : kReferenceCells) {
        if (metric_id == id) {
            return formula;
        }
    }
    return nullptr;
}

bool reference_has(const Metric& m) {
    if (m.quotient) {
        return reference_formula(m.quotient->numerator) != nullptr &&
               reference_formula(m.quotient->denominator) != nullptr;
    }
    return reference_formula(m.id) != nullptr;
}

Cell reference_cell(const Table& t, std::size_t c, MetricId id) {
    const auto formula = reference_formula(id);
    return formula != nullptr ? formula({t, c, *t.cols[c].ref}) : not_applicable();
}

/// A design's figure: a link to its design sheet.
Cell design_cell(const Table& t, std::size_t c, const Metric& m) {
    const Column& col = t.cols[c];
    if (m.id == MetricId::pods) {
        return plain("1");
    }
    const DesignCells& d = t.designs[col.design];
    const std::string key(m.sheet);
    if (!key.empty() && d.has(key)) {
        if (num_of(m) == Num::text || d.texts.count(key) != 0) {
            // Also a number the sheet writes as text: the C:D ratio "2.5:1"
            // as the CLI writes it, racks "n/a" when no device fits the rack.
            return text_cell("=" + d.ref(key), d.texts.at(key));
        }
        const auto number = d.numbers.find(key);
        if (number == d.numbers.end()) {
            return not_applicable(); // "n/a" on the design sheet (no device fits the rack)
        }
        return num_cell("=" + d.ref(key), number->second);
    }
    if (key.empty() && m.scaling == Scaling::density) {
        return density_cell(t, c, m);
    }
    return not_applicable();
}

/// The pods column's cached total: the comparison's own figure where the
/// registry reads one from a column (so the cell shows what the report
/// prints), else n × the pod's.
double pods_total(const ComparisonColumn& cc, const Metric& m, double n_times_pod) {
    const std::optional<double> own = m.of_column != nullptr ? m.of_column(cc) : std::nullopt;
    return own.value_or(n_times_pod);
}

/// A design grown to whole pods: the design column times the pod count.
Cell pods_cell(const Table& t, std::size_t c, const Metric& m) {
    const Column& col = t.cols[c];
    const DesignCells& d = t.designs[col.design];
    const std::size_t dc = t.design_col(col.design);
    const std::string key(m.sheet);
    const bool linked = !key.empty() && d.has(key);
    if (m.id == MetricId::pods) {
        // core/src/extrapolation.cpp: the fewest whole pods reaching
        // target x (1 - tolerance), at least one.
        return num_cell("=MAX(1,ROUNDUP(" + t.a.name("scenario", "scenario", "target_PB") + "*(1-" +
                            t.a.name("scenario", "scenario", "tolerance") + ")/" +
                            t.at(MetricId::usable_capacity, dc) + "*(1-1E-9),0))",
                        static_cast<double>(col.extrapolation->pods));
    }
    if (linked && num_of(m) != Num::text && d.numbers.count(key) == 0) {
        if (m.scaling == Scaling::same && d.texts.count(key) != 0) {
            return text_cell("=" + t.at(m.id, dc), d.texts.at(key)); // the C:D ratio "2.5:1"
        }
        return not_applicable(); // "n/a" on the design sheet (no device fits the rack)
    }
    if (m.scaling == Scaling::total && linked) {
        const double n = static_cast<double>(col.extrapolation->pods);
        return num_cell("=" + t.at(MetricId::pods, c) + "*" + t.at(m.id, dc),
                        pods_total(*col.cc, m, d.numbers.at(key) * n));
    }
    if (m.scaling == Scaling::same && linked) {
        if (num_of(m) == Num::text) {
            return text_cell("=" + t.at(m.id, dc), m.id == MetricId::feasible
                                                       ? verdict_cell_text(col.cc->verdict())
                                                       : d.texts.at(key));
        }
        return num_cell("=" + t.at(m.id, dc), d.numbers.at(key));
    }
    if (m.scaling == Scaling::density) {
        return density_cell(t, c, m);
    }
    return not_applicable();
}

/// The scenario platform's power per GPU in kW, as a formula over
/// Assumptions; empty when Assumptions has no SU power for it.
std::string power_per_gpu_kw(const Table& t) {
    const Scenario* s = t.input.scenario;
    if (s == nullptr || !s->fleet || !t.a.has("platform", s->fleet->platform, "power_per_su_kW")) {
        return {};
    }
    const std::string& id = s->fleet->platform;
    return "(" + t.a.name("platform", id, "power_per_su_kW") + "/" +
           t.a.name("platform", id, "gpus_per_su") + ")";
}

/// What a ratio's formula is written from: the column's cells and the
/// reference sized at the column's own usable capacity, computed here from
/// its figures on Assumptions (core/src/comparison.cpp), like for like.
struct RatioContext {
    const Table& t;
    std::size_t c;
    std::string usable; ///< the column's usable capacity cell
    std::string racks;  ///< the reference's racks at that capacity, a formula
    std::string power;  ///< the reference's power at that capacity, a formula
    std::function<std::string(const char*)> name; ///< a reference figure on Assumptions
    std::string here(MetricId m) const { return t.at(m, c); }
};

using R = const RatioContext&;

/// Each ratio row's formula (the rows are the registry's ratio_metrics());
/// an empty formula leaves the cell n/a.
const std::pair<MetricId, std::string (*)(R)> kRatioFormulas[] = {
    {MetricId::racks, [](R x) { return "=" + x.here(MetricId::racks) + "/" + x.racks; }},
    {MetricId::power, [](R x) { return "=" + x.here(MetricId::power) + "/" + x.power; }},
    {MetricId::read,
     [](R x) {
         return "=" + x.here(MetricId::read_tbps) + "/(" + x.usable + "/100*" +
                x.name("read_per_100PB_Tbps") + ")";
     }},
    {MetricId::write,
     [](R x) {
         return "=" + x.here(MetricId::write_tbps) + "/(" + x.usable + "/100*" +
                x.name("write_per_100PB_Tbps") + ")";
     }},
    {MetricId::power_saved, [](R x) { return "=" + x.power + "-" + x.here(MetricId::power); }},
    {MetricId::gpus_fed,
     [](R x) -> std::string {
         const std::string per_gpu = power_per_gpu_kw(x.t);
         if (per_gpu.empty()) {
             return {};
         }
         // None when the design draws more: never a negative count of GPUs.
         return "=MAX(0," + x.power + "-" + x.here(MetricId::power) + ")/" + per_gpu;
     }},
    {MetricId::break_even_rack_power,
     [](R x) { return "=" + x.here(MetricId::power) + "/" + x.racks; }},
};

/// A column against the reference sized at the column's own usable capacity.
Cell ratio_cell(const Table& t, std::size_t c, const RatioRow& r) {
    const Comparison& cmp = *t.input.comparison;
    // With a comparison, the table's columns are the comparison's, in order.
    const ComparisonRatio* q = cmp.ratio(c, r.reference);
    const std::optional<double> cached = q != nullptr ? ratio_value(*q, r.what->id) : std::nullopt;
    const auto row = std::find_if(std::begin(kRatioFormulas), std::end(kRatioFormulas),
                                  [&](const auto& f) { return f.first == r.what->id; });
    if (!cached || row == std::end(kRatioFormulas)) {
        return not_applicable();
    }
    const std::string& id = cmp.references.at(r.reference).id;
    RatioContext x{t,  c,  t.at(MetricId::usable_capacity, c),
                   {}, {}, [&](const char* field) {
                       return t.a.name("reference", id, field); }};
    x.racks = "MAX(1,ROUNDUP(" + x.usable + "/1000*" + x.name("racks_per_EB") + "*(1-1E-9),0))";
    x.power = "(" + x.racks + "*" + x.name("power_per_rack_kW") + ")";
    const std::string formula = row->second(x);
    return formula.empty() ? not_applicable() : num_cell(formula, *cached);
}

Cell cell_for(const Table& t, std::size_t c, const SummaryRow& row) {
    const Column& col = t.cols[c];
    if (std::holds_alternative<BasisRow>(row.what)) {
        return plain(col.basis);
    }
    if (const RatioRow* r = std::get_if<RatioRow>(&row.what)) {
        return col.kind == ColumnKind::reference ? not_applicable() : ratio_cell(t, c, *r);
    }
    const Metric& m = *std::get<const Metric*>(row.what);
    switch (col.kind) {
    case ColumnKind::design:
        return design_cell(t, c, m);
    case ColumnKind::pods:
        return pods_cell(t, c, m);
    case ColumnKind::reference:
        if (m.id == MetricId::feasible) {
            // Judged on the designs' need (docs/model.md §15), as in the CLI.
            const ComparisonColumn& ref = *col.cc;
            const Check* k = ref.reference.verdict.first_failing();
            return plain(ref.reference.verdict.status == VerdictStatus::short_ && k != nullptr
                             ? "cannot deliver: " + check_text(*k)
                             : verdict_cell_text(ref.reference.verdict));
        }
        return m.scaling == Scaling::density ? density_cell(t, c, m) : reference_cell(t, c, m.id);
    }
    return not_applicable();
}

// ------------------------------------------------------------------ write

/// Title and two subtitle rows: the requirement, and where the references are sized.
void write_heading(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input) {
    sheet.text(0, 0, input.result->scenario, book.title());
    std::vector<std::string> lines = requirement_lines(input.result->requirements);
    const Comparison* cmp = input.comparison;
    if (cmp != nullptr && !cmp->references.empty()) {
        lines.push_back(references_line(*cmp));
    }
    if (lines.size() > 2) {
        // Two subtitle rows above the header: join the last two.
        lines[1] += "; " + lines[2];
        lines.resize(2);
    }
    for (std::size_t i = 0; i < lines.size(); ++i) {
        sheet.text(1 + static_cast<int>(i), 0, lines[i], book.subtitle());
    }
}

/// The ids of the assumed catalog figures a cell rests on (docs/model.md §14).
std::vector<std::string> cell_assumptions(const Table& t, std::size_t c, const SummaryRow& row) {
    const Column& col = t.cols[c];
    if (std::holds_alternative<BasisRow>(row.what)) {
        return {};
    }
    const Comparison* cmp = t.input.comparison;
    if (const RatioRow* r = std::get_if<RatioRow>(&row.what)) {
        const ComparisonRatio* q = cmp == nullptr ? nullptr : cmp->ratio(c, r->reference);
        return q == nullptr ? std::vector<std::string>{} : ratio_assumptions(r->what->id, *cmp, *q);
    }
    const Metric& m = *std::get<const Metric*>(row.what);
    if (col.cc != nullptr) {
        return metric_assumptions(m.id, col.cc->assumptions());
    }
    return metric_assumptions(m.id, t.input.result->designs.at(col.design).assumptions);
}

void fill_cells(Table& t) {
    for (const SummaryRow& r : t.rows) {
        std::vector<Cell>& cells = t.cells.emplace_back();
        std::vector<std::vector<std::string>>& assumed = t.assumed.emplace_back();
        for (std::size_t c = 0; c < t.cols.size(); ++c) {
            cells.push_back(cell_for(t, c, r));
            assumed.push_back(cell_assumptions(t, c, r));
        }
    }
}

/// The comment on a row's label: the assumed figures its shaded cells rest
/// on, the columns that share a list named before it (one list of one column:
/// no name). One comment a row, not one a cell: the fleet comparison's 103
/// cell comments were 8 % of writing its workbook (each is a drawn shape),
/// and a row's columns mostly share their list.
std::string row_comment(const std::vector<std::vector<std::string>>& assumed,
                        const std::vector<Column>& cols) {
    std::vector<std::pair<std::vector<std::string>, std::string>> lists; // ids, column names
    for (std::size_t c = 0; c < assumed.size(); ++c) {
        if (assumed[c].empty()) {
            continue;
        }
        auto same = std::find_if(lists.begin(), lists.end(),
                                 [&](const auto& l) { return l.first == assumed[c]; });
        if (same == lists.end()) {
            lists.emplace_back(assumed[c], cols[c].name);
        } else {
            same->second += ", " + cols[c].name;
        }
    }
    if (lists.empty()) {
        return {};
    }
    std::string text = "Shaded figures of this row rest on catalog figures nobody publishes "
                       "(ASSUMPTION):";
    const bool named = lists.size() > 1 || cols.size() > 1;
    for (const auto& [ids, names] : lists) {
        if (named) {
            text += "\n" + names + ":";
        }
        for (const std::string& id : ids) {
            text += (named ? "\n  " : "\n") + id;
        }
    }
    return text + "\nThe Assumptions sheet gives each figure's source and why it was assumed.";
}

/// Characters, not bytes: UTF-8 continuation bytes do not count.
std::size_t chars(const std::string& s) {
    return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char ch) {
        return (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
    }));
}

/// The label column's width and each value column's, in characters.
struct Widths {
    double label = 28;
    double value = 20;
};

/// As wide as the longest label up to 48 (the ratio rows say their basis:
/// "Racks ÷ Cloud HDD object store at the same usable capacity (×)" wraps),
/// at least the old 36 / 28; value columns as wide as the longest model
/// name up to 26 (a longer one wraps), so five columns print legibly.
Widths widths(const Table& t) {
    std::size_t longest = 0;
    std::size_t longest_text = 0; // "Maverick D-box, 2U high-density, 44 QLC SSDs"
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        longest = std::max(longest, chars(t.rows[i].label));
        for (const Cell& cell : t.cells[i]) {
            if (cell.kind == Cell::text) {
                longest_text = std::max(longest_text, chars(cell.cached));
            }
        }
    }
    const double least = t.input.comparison != nullptr ? 36.0 : 28.0;
    Widths w;
    w.label = std::clamp(static_cast<double>(longest) + 2.0, least, 48.0);
    w.value = std::clamp(static_cast<double>(longest_text) + 2.0, 20.0, 26.0);
    return w;
}

void write_cell(xlsx::Book& book, xlsx::Sheet& sheet, int row, int col, const Cell& cell, Num num,
                const std::vector<std::string>& assumed, double width) {
    switch (cell.kind) {
    case Cell::number:
        sheet.formula(row, col, cell.formula, cell.value, num,
                      assumed.empty() ? xlsx::Role::formula : xlsx::Role::assumed);
        break;
    case Cell::text: {
        // A model name longer than the column wraps; the row grows to it.
        const bool wrap = static_cast<double>(chars(cell.cached)) > width;
        sheet.formula_text(row, col, cell.formula, cell.cached,
                           !assumed.empty() ? book.text_assumed()
                           : wrap           ? book.text_wrapped()
                                            : nullptr);
        break;
    }
    case Cell::plain:
        sheet.text(row, col, cell.cached, book.text_value());
        return; // "n/a": nothing rests on anything
    }
}

void write_table(xlsx::Book& book, xlsx::Sheet& sheet, const Table& t, int header_row,
                 const Widths& w) {
    sheet.text(header_row, 0, "Metric", book.header_left());
    for (std::size_t c = 0; c < t.cols.size(); ++c) {
        sheet.text(header_row, t.first_col + static_cast<int>(c), t.cols[c].name, book.header());
    }
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        const SummaryRow& r = t.rows[i];
        // The label wraps too (a ratio row names its basis); each row is as
        // high as its longest text, so nothing is cut on paper.
        std::vector<std::tuple<std::string, double, double>> texts{{r.label, w.label, 10.0}};
        sheet.text(r.row, 0, r.label, book.label());
        for (std::size_t c = 0; c < t.cols.size(); ++c) {
            const Cell& cell = t.cells[i][c];
            write_cell(book, sheet, r.row, t.first_col + static_cast<int>(c), cell, r.num,
                       t.assumed[i][c], w.value);
            if (cell.kind == Cell::text) {
                texts.emplace_back(cell.cached, w.value, 10.0);
            }
        }
        sheet.fit_height(r.row, texts);
        if (const std::string note = row_comment(t.assumed[i], t.cols); !note.empty()) {
            sheet.comment(r.row, 0, note);
        }
    }
}

/// Under the notes, when any cell is shaded: what the shading means and
/// every assumed figure the table rests on, a few to a line.
void write_assumptions_legend(xlsx::Book& book, xlsx::Sheet& sheet, const Table& t, int row) {
    std::vector<std::string> ids;
    for (const std::vector<std::vector<std::string>>& in_row : t.assumed) {
        for (const std::vector<std::string>& cell : in_row) {
            merge_ids(ids, cell);
        }
    }
    if (ids.empty()) {
        return;
    }
    std::sort(ids.begin(), ids.end()); // each catalog entry's figures together
    sheet.text(row, 0,
               "Shaded figures rest on catalog figures nobody publishes (ASSUMPTION); the "
               "comment on each row's label names its own:",
               book.subtitle());
    std::string line;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const std::string item = ids[i] + (i + 1 < ids.size() ? "," : ".");
        if (!line.empty() && line.size() + item.size() > 90) {
            sheet.text(++row, 0, line, book.subtitle());
            line.clear();
        }
        line += (line.empty() ? "" : " ") + item;
    }
    sheet.text(++row, 0, line, book.subtitle());
}

/// Notes under the table, then the slide look: no grid, a wide first
/// column, readable design columns, a tall header.
void finish(xlsx::Book& book, xlsx::Sheet& sheet, const Table& t, int header_row, const Widths& w) {
    const int end = t.rows.empty() ? header_row + 1 : t.rows.back().row + 1;
    sheet.text(end + 1, 0,
               "Each figure is a formula over the design sheets and Assumptions (inputs in blue).",
               book.subtitle());
    sheet.text(end + 2, 0,
               "Capacity without data reduction. 1 TB = 10^12 bytes, 1 PiB = 2^50 bytes, "
               "1 GB/s = 8 Gbps.",
               book.subtitle());
    write_assumptions_legend(book, sheet, t, end + 3);
    sheet.hide_gridlines();
    sheet.column_width(0, 0, w.label);
    if (!t.cols.empty()) {
        sheet.column_width(t.first_col, t.first_col + static_cast<int>(t.cols.size()) - 1, w.value);
    }
    sheet.row_height(header_row, 32);
    sheet.freeze(header_row + 1, 1);
    // One page wide, as many high as it takes, the labels on every page: a
    // five-column comparison shrunk onto one page was too small to read
    // (REVIEW-3 part B #6).
    sheet.repeat_label_column();
    sheet.print_setup(header_row);
}

} // namespace

SummaryCells write_summary(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                           const std::vector<DesignCells>& designs, const Assumptions& a) {
    SummaryCells out;
    out.sheet = sheet.name();
    out.header_row = 3;
    out.first_design_col = 1;

    Table t{input, designs, a, columns(input), {}, {}, out.first_design_col, {}, {}};
    t.rows = rows(input.comparison, designs, out.header_row + 1);
    for (const SummaryRow& r : t.rows) {
        if (const Metric* const* m = std::get_if<const Metric*>(&r.what)) {
            t.row_of[(*m)->id] = r.row;
            out.rows[std::string((*m)->sheet.empty() ? (*m)->key : (*m)->sheet)] = r.row;
        }
    }
    out.designs = static_cast<int>(t.cols.size());
    for (const Column& c : t.cols) {
        out.reference.push_back(c.kind == ColumnKind::reference);
    }

    for (const Column& c : t.cols) {
        out.column_names.push_back(c.name);
        out.design_of.push_back(c.kind == ColumnKind::reference ? -1 : static_cast<int>(c.design));
        out.pods.push_back(c.kind == ColumnKind::pods);
    }
    fill_cells(t);
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        const SummaryRow& r = t.rows[i];
        const Metric* const* m = std::get_if<const Metric*>(&r.what);
        const RatioRow* ratio = std::get_if<RatioRow>(&r.what);
        if (m == nullptr && ratio == nullptr) {
            continue;
        }
        std::vector<SummaryValue>* row_values = nullptr;
        if (m != nullptr) {
            out.labels[(*m)->id] = r.label;
            row_values = &out.values[(*m)->id];
        } else {
            out.ratios.push_back({ratio->what->id, ratio->reference, r.label, r.row, {}});
            row_values = &out.ratios.back().values;
        }
        std::vector<SummaryValue>& values = *row_values;
        for (std::size_t c = 0; c < t.cols.size(); ++c) {
            const Cell& cell = t.cells[i][c];
            SummaryValue v;
            v.kind = cell.kind == Cell::number ? SummaryValue::a_number
                     : cell.kind == Cell::text ? SummaryValue::a_text
                                               : SummaryValue::plain;
            v.number = cell.value;
            v.text = cell.cached;
            v.assumed = cell.kind != Cell::plain && !t.assumed[i][c].empty();
            values.push_back(std::move(v));
        }
    }

    write_heading(book, sheet, input);
    const Widths w = widths(t);
    write_table(book, sheet, t, out.header_row, w);
    finish(book, sheet, t, out.header_row, w);
    return out;
}

} // namespace podsizer::wb

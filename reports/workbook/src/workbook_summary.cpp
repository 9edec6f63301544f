// The Summary sheet: the side-by-side table of designs, styled to be pasted
// into a slide as is. Every figure links to its design sheet.
//
// Three stages: the columns (designs, or the comparison's columns), the rows
// (the metric registry's summary metrics any column has, the ratio rows, the
// verdict; reports/metrics.hpp) and the writing of each cell as a formula
// with the engine's figure as its cached result.
#include "podsizer/core/number_text.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/formula_map.hpp"
#include "podsizer/reports/metrics.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "workbook_parts.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <stdexcept>
#include <variant>

namespace podsizer::wb {

namespace {

using xlsx::Num;

/// One column of the slide table.
struct Column {
    ColumnKind kind = ColumnKind::design;
    std::string name;
    std::size_t design = 0;               ///< design and pods columns
    const ComparisonColumn* cc = nullptr; ///< when there is a comparison
    const ReferenceSizing* ref = nullptr; ///< reference columns
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
    const FormulaRow* map = nullptr; ///< the formula map's row, its FigureSource::part
    int part = -1;
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

/// The designs, or the comparison's columns (designs, pods, references).
std::vector<Column> columns(const WorkbookInput& input) {
    const SizingResult& result = *input.result;
    std::vector<Column> cols;
    if (input.comparison == nullptr) {
        for (std::size_t i = 0; i < result.designs.size(); ++i) {
            cols.push_back({ColumnKind::design, result.designs[i].name, i});
        }
        return cols;
    }
    const Comparison& cmp = *input.comparison;
    for (const ComparisonColumn& c : cmp.columns) {
        const bool ref = c.kind == ColumnKind::reference;
        cols.push_back(
            {c.kind, c.name, ref ? 0 : c.source, &c, ref ? &cmp.references.at(c.source) : nullptr});
    }
    if (std::count_if(cols.begin(), cols.end(), [](const Column& c) {
            return c.kind == ColumnKind::design;
        }) != static_cast<std::ptrdiff_t>(result.designs.size())) {
        throw std::logic_error("workbook: the comparison's designs are not the result's");
    }
    return cols;
}

// ------------------------------------------------------------------- rows

/// The formula map's rows of a reference column's metric: sum_ref_<key>,
/// then its alternatives sum_ref_<key>__* (core/src/reference.cpp); none: no
/// figure in a reference column (densities are the registry's quotients).
/// Indexed by metric key once: a Summary asks for every reference cell.
const std::vector<std::string_view>& reference_rows(const Metric& m) {
    static const auto index = [] {
        std::map<std::string_view, std::vector<std::string_view>, std::less<>> rows;
        constexpr std::string_view prefix = "sum_ref_";
        for (const FormulaRow& r : formula_map()) {
            if (r.id.starts_with(prefix)) {
                const std::string_view rest = r.id.substr(prefix.size());
                rows[rest.substr(0, rest.find("__"))].push_back(r.id);
            }
        }
        return rows;
    }();
    static const std::vector<std::string_view> none;
    const auto it = index.find(m.key);
    return it != index.end() ? it->second : none;
}

bool reference_has(const Metric& m) {
    if (m.quotient) {
        return !reference_rows(metric(m.quotient->numerator)).empty() &&
               !reference_rows(metric(m.quotient->denominator)).empty();
    }
    return !reference_rows(m).empty();
}

using Designs = const std::vector<DesignCells>&;

bool with_references(const Comparison* cmp) {
    return cmp != nullptr && !cmp->references.empty();
}

/// The metrics shown on a condition of their own: what only a comparison has
/// (pods, densities per TB), what only references have (accounts and their
/// limits), what a reference column has a figure of (subscriptions when a
/// limit is known, the GPU site over a WAN), and the effective capacity only
/// with data reduction.
/// (The verdict is always shown, last.)
enum class When { comparison, references, reference_figure, data_reduction };
const std::pair<MetricId, When> kShownWhen[] = {
    {MetricId::pods, When::comparison},
    {MetricId::read_per_tb, When::comparison},
    {MetricId::write_per_tb, When::comparison},
    {MetricId::accounts, When::references},
    {MetricId::read_within_limits, When::references},
    {MetricId::write_within_limits, When::references},
    {MetricId::subscriptions, When::reference_figure},
    {MetricId::accounts_for_subscriptions, When::reference_figure},
    {MetricId::read_at_site, When::reference_figure},
    {MetricId::write_at_site, When::reference_figure},
    {MetricId::effective_capacity, When::data_reduction},
};

bool holds(When when, const Metric& m, const WorkbookInput& input) {
    const Comparison* cmp = input.comparison;
    switch (when) {
    case When::comparison:
        return cmp != nullptr;
    case When::references:
        return with_references(cmp);
    case When::reference_figure:
        return cmp != nullptr &&
               std::any_of(cmp->columns.begin(), cmp->columns.end(), [&](const auto& c) {
                   return c.kind == ColumnKind::reference && column_value(m, c);
               });
    case When::data_reduction:
        break;
    }
    return has_data_reduction(input.result->designs);
}

/// Whether the table shows a metric: its own condition (kShownWhen), else
/// whether any design sheet or reference column has it.
bool shown(const Metric& m, const WorkbookInput& input, Designs designs) {
    const Comparison* cmp = input.comparison;
    for (const auto& [id, when] : kShownWhen) {
        if (id == m.id) {
            return holds(when, m, input);
        }
    }
    const bool any_design = std::any_of(designs.begin(), designs.end(), [&](const DesignCells& d) {
        return d.has(std::string(m.sheet));
    });
    return any_design || (with_references(cmp) && reference_has(m));
}

/// Rows in order: basis (comparison), the metrics shown, each reference's
/// ratio rows, the verdict last.
std::vector<SummaryRow> rows(const WorkbookInput& input, const std::vector<DesignCells>& designs,
                             int first_row) {
    const Comparison* cmp = input.comparison;
    std::vector<SummaryRow> out;
    if (cmp != nullptr) {
        out.push_back({BasisRow{}, "Basis", Num::text});
    }
    for (MetricId id : summary_metrics()) {
        const Metric& m = metric(id);
        if (id != MetricId::feasible && shown(m, input, designs)) {
            // The rack rows say their basis (issue 51 item 6), as in the CLI.
            out.push_back({&m, metric_label(m, input.result->designs), num_of(m)});
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
        const auto it = std::find_if(cols.begin(), cols.end(), [&](const Column& c) {
            return c.kind == ColumnKind::design && c.design == i;
        });
        return it == cols.end() ? 0 : static_cast<std::size_t>(it - cols.begin());
    }
};

/// What a map row's placeholders are filled from in column c
/// (formula_map.def, "Summary sheet"); `missing` when the workbook has no
/// cell or name for one, which leaves the cell n/a.
struct Fill {
    const Table& t;
    std::size_t c;
    const ReferenceSizing* ref = nullptr; ///< the column's, or a ratio row's reference
    std::map<std::string_view, std::string> given = {}; ///< {cell}, {numerator}, ...
    bool missing = false;

    /// The cell of the metric whose item is `name` in column `col`, when
    /// the column has a figure for it.
    std::string metric_cell(std::string_view name, std::size_t col) {
        for (const Metric& m : metric_registry()) {
            if ((m.sheet.empty() ? m.key : m.sheet) == name && t.row_of.count(m.id) != 0 &&
                t.cols[col].cc != nullptr && column_value(m, *t.cols[col].cc)) {
                return t.at(m.id, col);
            }
        }
        missing = true;
        return {};
    }
    std::string name(std::string_view kind, const std::string& id, std::string field) {
        if (field == "subscription_limit") { // as the reference was sized
            const ReferenceSystem* sys = t.input.catalog->reference(id);
            field =
                sys != nullptr && ref->accounts_per_subscription == sys->accounts_per_subscription
                    ? "accounts_per_subscription"
                    : "accounts_per_subscription_raised";
        }
        const std::string k(kind);
        missing = missing || id.empty() || !t.a.has(k, id, field);
        return missing ? std::string() : t.a.name(k, id, field);
    }
    std::string operator()(std::string_view placeholder) {
        if (const auto g = given.find(placeholder); g != given.end()) {
            return g->second;
        }
        const std::size_t colon = placeholder.find(':');
        if (colon == std::string_view::npos) {
            return metric_cell(placeholder, c);
        }
        const std::string_view kind = placeholder.substr(0, colon);
        const std::string field(placeholder.substr(colon + 1));
        const Scenario* s = t.input.scenario;
        if (kind == "design") {
            return metric_cell(field, t.design_col(t.cols[c].design));
        }
        if (kind == "platform") {
            return name(kind, s != nullptr && s->fleet ? s->fleet->platform : "", field);
        }
        return kind == "ref" ? name("reference", ref != nullptr ? ref->id : "", field)
                             : name(kind, "scenario", field);
    }
};

/// The cell of map row `id` in column f.c, the row's figure (s.part: `part`)
/// cached; n/a when a placeholder is missing or the engine has no figure.
Cell mapped(Fill f, std::string_view id, int part) {
    const FormulaRow& row = formula_row(id);
    const std::string formula = fill_formula(row.templ, std::ref(f));
    const FigureSource s{f.t.input.result->designs.at(f.t.cols[f.c].design),
                         *f.t.input.catalog,
                         static_cast<int>(f.c),
                         nullptr,
                         part,
                         &f.t.input};
    Cell cell =
        row.text != nullptr ? text_cell(formula, row.text(s)) : num_cell(formula, row.number(s));
    if (f.missing || (cell.kind == Cell::number && std::isnan(cell.value))) {
        return not_applicable();
    }
    cell.map = &row;
    cell.part = part;
    return cell;
}

int part_of(const Metric& m) {
    return static_cast<int>(m.id);
}

/// A link to `cell` holding the column's figure of `m`: a number or the
/// verdict, or a text of the design sheet (`text`, its cached words).
Cell link(const Table& t, std::size_t c, const Metric& m, std::string cell,
          const std::string* text) {
    if (text != nullptr && m.id != MetricId::feasible) {
        return text_cell("=" + cell, *text);
    }
    return mapped({t, c, nullptr, {{"cell", std::move(cell)}}}, text ? "sum_verdict" : "sum_link",
                  part_of(m));
}

/// Density rows computed in any column from its own cells: the registry's
/// quotient of two of the column's metrics (reports/metrics.hpp).
Cell density_cell(const Table& t, std::size_t c, const Metric& m) {
    if (t.cols[c].cc == nullptr || !m.quotient || m.of_column == nullptr) {
        return not_applicable();
    }
    const Quotient& q = *m.quotient;
    return mapped({t,
                   c,
                   nullptr,
                   {{"numerator", t.at(q.numerator, c)},
                    {"denominator", t.at(q.denominator, c)},
                    {"factor", format_shortest(q.factor)}}},
                  q.factor == 1 ? "sum_density" : "sum_density_factor", part_of(m));
}

/// The usable need the references are sized at: the first design sheet's
/// need, where that is the scenario's; else (a project's sites, each sheet
/// its own site's need) the need itself, a number.
std::string need_cell(const Table& t) {
    const double need = in(t.input.comparison->reference_capacity, units::PB);
    const DesignCells& first = t.designs.front();
    const auto cached = first.numbers.find("req_usable");
    if (first.has("req_usable") && cached != first.numbers.end() &&
        std::abs(cached->second - need) <= 1e-9 * need) {
        return first.ref("req_usable");
    }
    return format_shortest(need);
}

Cell reference_cell(const Table& t, std::size_t c, const Metric& m) {
    if (m.id == MetricId::feasible) {
        // Judged on the designs' need (docs/model.md §15), as in the CLI.
        return plain(column_verdict_text(*t.cols[c].cc));
    }
    if (m.scaling == Scaling::density) {
        return density_cell(t, c, m);
    }
    Fill f{t, c, t.cols[c].ref};
    if (t.input.comparison->reference_basis == ReferenceBasis::need) {
        f.given["need"] = need_cell(t);
    }
    for (std::string_view id : reference_rows(m)) { // the first the workbook fills
        if (Cell cell = mapped(f, id, part_of(m)); cell.kind != Cell::plain) {
            return cell;
        }
    }
    return not_applicable();
}

/// A design's figure: a link to its design sheet.
Cell design_cell(const Table& t, std::size_t c, const Metric& m) {
    const DesignCells& d = t.designs[t.cols[c].design];
    const std::string key(m.sheet);
    if (m.id == MetricId::pods) {
        return plain("1");
    }
    if (key.empty() || !d.has(key)) {
        return key.empty() && m.scaling == Scaling::density ? density_cell(t, c, m)
                                                            : not_applicable();
    }
    // Also a number the sheet writes as text: the C:D ratio "2.5:1" as the
    // CLI writes it, racks "n/a" when no device fits the rack.
    const bool text = num_of(m) == Num::text || d.texts.count(key) != 0;
    if (!text && d.numbers.count(key) == 0) {
        return not_applicable(); // "n/a" on the design sheet (no device fits the rack)
    }
    return link(t, c, m, d.ref(key), text ? &d.texts.at(key) : nullptr);
}

/// A design grown to whole pods: totals the design column times the pod
/// count, the rest the design column's.
Cell pods_cell(const Table& t, std::size_t c, const Metric& m) {
    const DesignCells& d = t.designs[t.cols[c].design];
    const std::string key(m.sheet);
    const bool linked = !key.empty() && d.has(key);
    auto design = [&] { return t.at(m.id, t.design_col(t.cols[c].design)); };
    if (m.id == MetricId::pods) {
        return mapped({t, c}, "sum_pods", part_of(m));
    }
    if (linked && num_of(m) != Num::text && d.numbers.count(key) == 0) {
        // the C:D ratio "2.5:1"; else "n/a" on the design sheet (no device fits the rack)
        return m.scaling == Scaling::same && d.texts.count(key) != 0
                   ? link(t, c, m, design(), &d.texts.at(key))
                   : not_applicable();
    }
    if (linked && m.scaling == Scaling::total) {
        return mapped({t, c, nullptr, {{"cell", design()}}}, "sum_pods_total", part_of(m));
    }
    if (linked && m.scaling == Scaling::same) {
        return link(t, c, m, design(), num_of(m) == Num::text ? &d.texts.at(key) : nullptr);
    }
    return m.scaling == Scaling::density ? density_cell(t, c, m) : not_applicable();
}

/// A column against the reference sized at the column's own usable
/// capacity: the map's row sum_ratio_<key>.
Cell ratio_cell(const Table& t, std::size_t c, const RatioRow& r) {
    if (t.cols[c].kind == ColumnKind::reference) {
        return not_applicable();
    }
    // With a comparison, the table's columns are the comparison's, in order.
    return mapped({t, c, &t.input.comparison->references.at(r.reference)},
                  "sum_ratio_" + std::string(r.what->key), static_cast<int>(r.reference));
}

Cell cell_for(const Table& t, std::size_t c, const SummaryRow& row) {
    if (std::holds_alternative<BasisRow>(row.what)) {
        return plain(column_basis(*t.input.comparison, *t.cols[c].cc));
    }
    if (const RatioRow* r = std::get_if<RatioRow>(&row.what)) {
        return ratio_cell(t, c, *r);
    }
    const Metric& m = *std::get<const Metric*>(row.what);
    switch (t.cols[c].kind) {
    case ColumnKind::design:
        return design_cell(t, c, m);
    case ColumnKind::pods:
        return pods_cell(t, c, m);
    case ColumnKind::reference:
        return reference_cell(t, c, m);
    }
    return not_applicable();
}

// ------------------------------------------------------------------ write

/// Title and two subtitle rows: the requirement, and where the references are sized.
void write_heading(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input) {
    sheet.text(0, 0, input.result->scenario, book.title());
    std::vector<std::string> lines = requirement_lines(*input.result);
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
            if (cell.map != nullptr) { // the row's figure of column c
                WorkbookFormula& f = book.manifest().formulas.back();
                f.map_id = cell.map->id;
                f.design = static_cast<int>(t.cols[c].design);
                f.item = static_cast<int>(c);
                f.part = cell.part;
            }
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
    t.rows = rows(input, designs, out.header_row + 1);
    for (const SummaryRow& r : t.rows) {
        if (const Metric* const* m = std::get_if<const Metric*>(&r.what)) {
            t.row_of[(*m)->id] = r.row;
            out.rows[std::string((*m)->sheet.empty() ? (*m)->key : (*m)->sheet)] = r.row;
        }
    }
    out.designs = static_cast<int>(t.cols.size());
    for (const Column& c : t.cols) {
        out.reference.push_back(c.kind == ColumnKind::reference);
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
        if (m != nullptr) {
            out.labels[(*m)->id] = r.label;
        } else {
            out.ratios.push_back({ratio->what->id, ratio->reference, r.label, r.row, {}});
        }
        std::vector<SummaryValue>& values =
            m != nullptr ? out.values[(*m)->id] : out.ratios.back().values;
        for (std::size_t c = 0; c < t.cols.size(); ++c) {
            const Cell& cell = t.cells[i][c]; // Cell's kinds in SummaryValue's order
            values.push_back({static_cast<SummaryValue::Kind>(cell.kind), cell.value, cell.cached,
                              cell.kind != Cell::plain && !t.assumed[i][c].empty()});
        }
    }

    write_heading(book, sheet, input);
    const Widths w = widths(t);
    write_table(book, sheet, t, out.header_row, w);
    finish(book, sheet, t, out.header_row, w);
    return out;
}

} // namespace podsizer::wb

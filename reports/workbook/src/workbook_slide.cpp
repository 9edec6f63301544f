// The Slide sheet, the sheet the workbook opens on: an executive summary on
// one landscape page (REVIEW-3 part B #6). The need and what each column
// delivers, intact and with a D-box down; the counts, racks and power on both
// bases; the verdict; the ratios against a cloud store; then the top risks
// and the typical racks (workbook_slide_picture.cpp). Every figure links to
// its Summary or design-sheet cell, so an edited count or assumption reaches
// it; what a formula cannot follow (the layout, the verdict) is flagged.
#include "podsizer/reports/sizing_report.hpp"
#include "workbook_parts.hpp"

#include <algorithm>

namespace podsizer::wb {

namespace {

constexpr double kLabelWidth = 40;

/// A row of the Slide's table: a Summary metric, a figure of the design
/// sheets (the need), the drives (D-boxes x drives per D-box) or the TCO.
struct Line {
    enum Kind { metric, need, drives, tco } kind = metric;
    MetricId id{};
    const char* key = "";   ///< the design sheet's item (need)
    const char* label = ""; ///< need, drives
    double divide = 1.0;    ///< need: GB/s on the design sheet, TB/s here (slide_req_*)
    int decimals = 0;       ///< need
};

struct Block {
    const char* title;
    std::vector<Line> lines;
};

Line m(MetricId id) {
    return {Line::metric, id};
}

const std::vector<Block>& blocks() {
    static const std::vector<Block> b = {
        {"The need and what is delivered",
         {{Line::need, {}, "gpus", "GPUs in the pod"},
          {Line::need, {}, "req_usable", "Usable capacity needed (PB)", 1.0, 1},
          m(MetricId::usable_capacity),
          m(MetricId::effective_capacity),
          {Line::need, {}, "req_read", "Read needed (TB/s)", 1000.0, 2},
          m(MetricId::read),
          m(MetricId::dbox_down_read),
          {Line::need, {}, "req_write", "Write needed (TB/s)", 1000.0, 2},
          m(MetricId::write),
          m(MetricId::dbox_down_write)}},
        {"What it takes",
         {m(MetricId::cnodes),
          m(MetricId::dboxes),
          {Line::drives, {}, "drives", "Drives"},
          // The racks the facility plans on lead (docs/model.md §10).
          m(MetricId::racks_planned),
          m(MetricId::racks),
          m(MetricId::power),
          m(MetricId::max_power),
          m(MetricId::facility_power),
          {Line::tco}}},
        {"Resilience and verdict",
         {m(MetricId::durability_nines), m(MetricId::durability_largest_term),
          m(MetricId::feasible)}},
    };
    return b;
}

xlsx::Num by_decimals(int decimals) {
    constexpr xlsx::Num nums[] = {xlsx::Num::integer, xlsx::Num::one, xlsx::Num::two,
                                  xlsx::Num::three};
    return nums[std::clamp(decimals, 0, 3)];
}

/// What the table is written from.
struct Slide {
    xlsx::Book& book;
    xlsx::Sheet& sheet;
    const WorkbookInput& input;
    const std::vector<DesignCells>& designs;
    const SummaryCells& summary;
    const CostCells* cost;
    int columns = 0;
    bool any_assumed = false;

    /// The design sheet of column c, or null (a reference, a pods column).
    const DesignCells* design_at(int c) const {
        const auto i = static_cast<std::size_t>(c);
        const int d = summary.design_of[i];
        return d < 0 || summary.pods[i] ? nullptr : &designs[static_cast<std::size_t>(d)];
    }
    std::string summary_ref(int row, int c) const {
        return xlsx::ref(summary.sheet, row, summary.first_design_col + c);
    }
};

/// The Summary column c's design (a reference's: the first) and the source
/// of its figure of metric `id` (formula_map.def, the Slide's rows).
std::size_t design_index(const Slide& s, int c) {
    return static_cast<std::size_t>(std::max(s.summary.design_of[static_cast<std::size_t>(c)], 0));
}
FigureSource column_source(const Slide& s, int c, MetricId id) {
    FigureSource f{s.input.result->designs.at(design_index(s, c)), *s.input.catalog, c};
    f.part = static_cast<int>(id);
    f.input = &s.input;
    return f;
}

/// One Summary value in column c, linked to its Summary cell: a number of
/// metric `id` as a row of the formula map (a ratio's, without one, not).
void linked_value(Slide& s, int row, int c, int summary_row, const SummaryValue& v,
                  std::optional<MetricId> id, xlsx::Num num) {
    const std::string link = "=" + s.summary_ref(summary_row, c);
    const auto role = v.assumed ? xlsx::Role::assumed : xlsx::Role::formula;
    switch (v.kind) {
    case SummaryValue::a_number:
        if (!id) {
            s.sheet.formula(row, 1 + c, link, v.number, num, role);
            break;
        }
        s.sheet.mapped(row, 1 + c, "slide_link", {{"cell", link.substr(1)}},
                       column_source(s, c, *id), design_index(s, c), num, role);
        break;
    case SummaryValue::a_text:
        s.sheet.formula_text(row, 1 + c, link, v.text, v.assumed ? s.book.text_assumed() : nullptr);
        break;
    case SummaryValue::plain:
        s.sheet.text(row, 1 + c, v.text, s.book.text_value());
        break;
    }
    s.any_assumed = s.any_assumed || v.assumed;
}

bool metric_row(Slide& s, int row, MetricId id) {
    auto values = s.summary.values.find(id);
    const Metric& mt = metric(id);
    auto at = s.summary.rows.find(std::string(mt.sheet.empty() ? mt.key : mt.sheet));
    if (values == s.summary.values.end() || at == s.summary.rows.end()) {
        return false; // not on the Summary: not on the Slide
    }
    // The rack rows say their basis as the Summary does (issue 51 item 6).
    s.sheet.text(row, 0, s.summary.labels.at(id), s.book.label());
    for (int c = 0; c < s.columns; ++c) {
        linked_value(s, row, c, at->second, values->second[static_cast<std::size_t>(c)], id,
                     by_decimals(mt.decimals));
    }
    return true;
}

/// A requirement of the design sheets: only the designs' own columns (a
/// pods column's total and a reference answer another question).
bool need_row(Slide& s, int row, const Line& l) {
    bool any = false;
    for (int c = 0; c < s.columns; ++c) {
        const DesignCells* d = s.design_at(c);
        any = any || (d != nullptr && d->numbers.count(l.key) != 0);
    }
    if (!any) {
        return false;
    }
    s.sheet.text(row, 0, l.label, s.book.label());
    for (int c = 0; c < s.columns; ++c) {
        const DesignCells* d = s.design_at(c);
        if (d == nullptr || d->numbers.count(l.key) == 0) {
            s.sheet.text(row, 1 + c, "", s.book.text_value());
            continue;
        }
        const auto design =
            static_cast<std::size_t>(s.summary.design_of[static_cast<std::size_t>(c)]);
        s.sheet.mapped(row, 1 + c, std::string("slide_") + l.key, {{l.key, d->ref(l.key)}},
                       FigureSource{s.input.result->designs[design], *s.input.catalog}, design,
                       by_decimals(l.decimals));
    }
    return true;
}

/// Drives: the column's D-boxes (its Summary cell) x drives per D-box.
bool drives_row(Slide& s, int row, const Line& l) {
    auto dboxes = s.summary.values.find(MetricId::dboxes);
    auto at = s.summary.rows.find(std::string(metric(MetricId::dboxes).sheet));
    if (dboxes == s.summary.values.end() || at == s.summary.rows.end()) {
        return false;
    }
    s.sheet.text(row, 0, l.label, s.book.label());
    for (int c = 0; c < s.columns; ++c) {
        const int d = s.summary.design_of[static_cast<std::size_t>(c)];
        const SummaryValue& v = dboxes->second[static_cast<std::size_t>(c)];
        const DesignCells* cells = d < 0 ? nullptr : &s.designs[static_cast<std::size_t>(d)];
        if (cells == nullptr || !cells->has("drives") || v.kind != SummaryValue::a_number) {
            s.sheet.text(row, 1 + c, "n/a", s.book.text_value());
            continue;
        }
        s.sheet.mapped(row, 1 + c, "slide_drives",
                       {{"dboxes", s.summary_ref(at->second, c)}, {"drives", cells->ref("drives")}},
                       column_source(s, c, MetricId::dboxes), static_cast<std::size_t>(d),
                       xlsx::Num::integer);
    }
    return true;
}

/// The TCO (a price book only): each column links to the Cost sheet's TCO,
/// and the label follows the years typed on the Prices sheet.
bool tco_row(Slide& s, int row) {
    if (s.cost == nullptr) {
        return false;
    }
    const CostCells& cost = *s.cost;
    const std::string& currency = s.input.result->prices->currency;
    const FormulaRow& label = formula_row("slide_tco_label");
    s.sheet.mapped(row, 0, label,
                   fill_formula(label.templ, [&](std::string_view) { return currency; }),
                   column_source(s, 0, MetricId::pods), 0, xlsx::Num::text, s.book.label());
    for (std::size_t c = 0; c < cost.tco.size(); ++c) {
        const int col = cost.first_col + static_cast<int>(c);
        const auto i = static_cast<int>(c);
        s.sheet.mapped(row, 1 + i, "slide_tco", {{"tco", xlsx::ref(cost.sheet, cost.tco_row, col)}},
                       column_source(s, i, MetricId::pods), design_index(s, i), xlsx::Num::integer,
                       cost.assumed[c] ? xlsx::Role::assumed : xlsx::Role::formula);
    }
    return true;
}

bool line_row(Slide& s, int row, const Line& l) {
    switch (l.kind) {
    case Line::metric:
        return metric_row(s, row, l.id);
    case Line::need:
        return need_row(s, row, l);
    case Line::drives:
        return drives_row(s, row, l);
    case Line::tco:
        return tco_row(s, row);
    }
    return false;
}

void band(Slide& s, int row, const std::string& title) {
    s.sheet.text(row, 0, title, s.book.section());
    for (int c = 0; c < s.columns; ++c) {
        s.sheet.text(row, 1 + c, "", s.book.section());
    }
}

/// The quotients against each reference (racks, power, read, write), linked
/// to the Summary's ratio rows. Returns the next row.
int ratio_rows(Slide& s, int row) {
    bool first = true;
    for (const SummaryCells::Ratio& r : s.summary.ratios) {
        if (!is_quotient(r.id)) {
            continue; // power saved, GPUs fed: the Summary has them
        }
        if (first) {
            band(s, row++, "Against the cloud, at the same usable capacity (\u00d7)");
            first = false;
        }
        // Shorter than the Summary's: the band says "at the same capacity".
        const std::string label = std::string(metric(r.id).label) + " \u00f7 " +
                                  s.input.comparison->references.at(r.reference).name;
        s.sheet.text(row, 0, label, s.book.label());
        s.sheet.fit_height(row, {{label, kLabelWidth, 10.0}});
        for (int c = 0; c < s.columns; ++c) {
            linked_value(s, row, c, r.row, r.values[static_cast<std::size_t>(c)], std::nullopt,
                         xlsx::Num::two);
        }
        ++row;
    }
    return row;
}

/// Under the title: the need, and whether every design is still as sized
/// (a live check on the design sheets' "Counts and drive as sized").
void heading(Slide& s) {
    s.sheet.text(0, 0, s.input.result->scenario, s.book.title());
    std::string need;
    for (const std::string& line : requirement_lines(*s.input.result)) {
        need += (need.empty() ? "" : "; ") + line;
    }
    s.sheet.text(1, 0, need.empty() ? "No requirement: the designs as given." : need,
                 s.book.subtitle());
    std::string all;
    for (const DesignCells& d : s.designs) {
        if (d.has("as_sized")) {
            all += (all.empty() ? "" : ",") + d.ref("as_sized") + "=\"yes\"";
        }
    }
    if (!all.empty()) {
        const FormulaRow& r = formula_row("slide_as_sized");
        s.sheet.mapped(2, 0, r, fill_formula(r.templ, [&](std::string_view) { return all; }),
                       FigureSource{s.input.result->designs.front(), *s.input.catalog}, 0,
                       xlsx::Num::text, s.book.warning());
    }
}

void notes(Slide& s, int row) {
    if (s.any_assumed) {
        s.sheet.text(row++, 0,
                     "Shaded figures rest on catalog figures nobody publishes (ASSUMPTION); the "
                     "Summary's comments and the Assumptions sheet name them.",
                     s.book.subtitle());
    }
    if (s.cost != nullptr &&
        std::any_of(s.cost->assumed.begin(), s.cost->assumed.end(), [](bool a) { return a; })) {
        s.sheet.text(row, 0,
                     "A shaded TCO rests on prices the price book marks ASSUMPTION (illustrative, "
                     "not a quote); the Cost sheet names them.",
                     s.book.subtitle());
    }
}

} // namespace

void write_slide(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                 const std::vector<DesignCells>& designs, const SummaryCells& summary,
                 const RackKinds& kinds, const CostCells* cost) {
    Slide s{book, sheet, input, designs, summary, cost};
    s.columns = static_cast<int>(summary.column_names.size());
    heading(s);
    const int header = 4;
    sheet.text(header, 0, "Metric", book.header_left());
    for (int c = 0; c < s.columns; ++c) {
        sheet.text(header, 1 + c, summary.column_names[static_cast<std::size_t>(c)], book.header());
    }
    int row = header + 1;
    for (const Block& b : blocks()) {
        band(s, row++, b.title);
        for (const Line& l : b.lines) {
            row += line_row(s, row, l) ? 1 : 0;
        }
    }
    row = ratio_rows(s, row);
    notes(s, row);
    // Narrower columns when there are many, so the page stays legible.
    const double width = s.columns > 6 ? 16 : 20;
    write_slide_risks_and_racks(book, sheet, input, summary, kinds, row + 3, kLabelWidth, width);
    sheet.hide_gridlines();
    sheet.column_width(0, 0, kLabelWidth);
    if (s.columns > 0) {
        sheet.column_width(1, s.columns, width);
    }
    sheet.row_height(header, 32);
    sheet.one_page();
    sheet.date_only_header(); // the title names the scenario: once on the page
    sheet.print_setup(-1);
}

} // namespace podsizer::wb

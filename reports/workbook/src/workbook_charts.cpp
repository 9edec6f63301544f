// The Charts sheet: native charts of racks and power per design, and of
// delivered read throughput against the C-node count (the knee). The knee
// curve's points are the engine's (delivered_rates at each count), written
// as formulas over the design sheet and Assumptions.
#include "podsizer/catalog/safe_text.hpp"
#include "podsizer/core/engine.hpp"
#include "workbook_design_items.hpp"
#include "workbook_parts.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <set>
#include <tuple>
#include <vector>

namespace podsizer::wb {

namespace {

constexpr int kKneeDataRow = 44; ///< first row of the chart data, below the charts
constexpr int kGoodputRows = 24; ///< rows taken by the goodput chart
/// The per-PB table's rows below the knee data (at most 10 points, a blank
/// row and the design as sized).
constexpr int kPerPbOffset = 16;

/// A column chart of one row of values (`vals`) over the Summary's column
/// names, reference systems in orange.
void column_chart(xlsx::Book& book, xlsx::Sheet& sheet, const SummaryCells& summary,
                  const std::string& vals, const char* title, const char* axis, int row, int col) {
    lxw_chart* chart = book.add_chart(LXW_CHART_COLUMN);
    const int c1 = summary.first_design_col;
    const int c2 = c1 + summary.designs - 1;
    const std::string cats =
        xlsx::range(summary.sheet, summary.header_row, c1, summary.header_row, c2);
    lxw_chart_series* s = chart_add_series(chart, cats.c_str(), vals.c_str());
    chart_series_set_name(s, title);
    chart_series_set_labels(s);
    lxw_chart_fill fill{};
    fill.color = 0x1F3864;
    chart_series_set_fill(s, &fill);
    // Reference systems stand out from the designs (orange, Okabe-Ito).
    lxw_chart_fill ref_fill{};
    ref_fill.color = 0xE69F00;
    std::vector<lxw_chart_point> points(summary.reference.size());
    std::vector<lxw_chart_point*> list;
    bool any = false;
    for (std::size_t i = 0; i < points.size(); ++i) {
        points[i].fill = summary.reference[i] ? &ref_fill : &fill;
        list.push_back(&points[i]);
        any = any || summary.reference[i];
    }
    list.push_back(nullptr);
    if (any) {
        xlsx::check(chart_series_set_points(s, list.data()), "chart points");
    }
    chart_title_set_name(chart, title);
    chart_axis_set_name(chart->y_axis, axis);
    xlsx::place_chart(sheet, chart, row, col, {LXW_CHART_LEGEND_NONE, 0.8, 1.0}, "chart");
}

/// A Summary row as a column chart.
void summary_chart(xlsx::Book& book, xlsx::Sheet& sheet, const SummaryCells& summary,
                   const std::string& key, const char* title, const char* axis, int row, int col) {
    if (summary.rows.count(key) == 0 || summary.designs == 0) {
        return;
    }
    const int r = summary.rows.at(key);
    const int c1 = summary.first_design_col;
    column_chart(book, sheet, summary,
                 xlsx::range(summary.sheet, r, c1, r, c1 + summary.designs - 1), title, axis, row,
                 col);
}

/// Racks and power per PB of usable capacity, each column's Summary figures
/// over its usable capacity, at `row` (a header and two rows), and their
/// charts: a 218 PB pod beside 1 EB designs compares like for like
/// (REVIEW-3 part B #6). Nothing without those Summary rows.
void per_pb_charts(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                   const SummaryCells& summary, int row, int chart_row, int chart_col) {
    const auto usable = summary.values.find(MetricId::usable_capacity);
    if (summary.designs == 0 || usable == summary.values.end() ||
        summary.rows.count("usable_PB") == 0) {
        return;
    }
    sheet.text(row, 0, "Per PB of usable capacity", book.header_left());
    std::vector<std::tuple<std::string, double, double>> names{
        {"Per PB of usable capacity", 16, 10.0}};
    for (int c = 0; c < summary.designs; ++c) {
        const std::string& name = summary.column_names[static_cast<std::size_t>(c)];
        sheet.text(row, 1 + c, name, book.header());
        names.emplace_back(name, 14, 10.0); // bold white text runs wider
    }
    sheet.fit_height(row, names);
    const std::pair<MetricId, const char*> rows[] = {{MetricId::racks, "Racks per PB"},
                                                     {MetricId::power, "Power per PB (kW)"}};
    int r = row + 1;
    for (const auto& [id, label] : rows) {
        const auto values = summary.values.find(id);
        const Metric& m = metric(id);
        const auto at = summary.rows.find(std::string(m.sheet.empty() ? m.key : m.sheet));
        if (values == summary.values.end() || at == summary.rows.end()) {
            continue;
        }
        sheet.text(r, 0, label, book.label());
        for (int c = 0; c < summary.designs; ++c) {
            const auto i = static_cast<std::size_t>(c);
            const SummaryValue& v = values->second[i];
            const SummaryValue& u = usable->second[i];
            const int col = summary.first_design_col + c;
            if (v.kind != SummaryValue::a_number || u.kind != SummaryValue::a_number ||
                u.number <= 0.0) {
                sheet.text(r, 1 + c, "n/a", book.text_value());
                continue;
            }
            const int d = summary.design_of[i];
            sheet.mapped(
                r, 1 + c, "chart_per_PB",
                {{"cell", xlsx::ref(summary.sheet, at->second, col)},
                 {"usable", xlsx::ref(summary.sheet, summary.rows.at("usable_PB"), col)}},
                FigureSource{input.result->designs.at(static_cast<std::size_t>(std::max(d, 0))),
                             *input.catalog, c, nullptr, static_cast<int>(id), &input},
                static_cast<std::size_t>(std::max(d, 0)), Num::three);
        }
        const std::string vals = xlsx::range(sheet.name(), r, 1, r, summary.designs);
        column_chart(book, sheet, summary, vals, label,
                     id == MetricId::racks ? "racks / PB" : "kW / PB", chart_row, chart_col);
        chart_col += 8;
        ++r;
    }
}

/// What one design's knee curve on the Charts sheet is drawn from.
struct KneeSeries {
    const Design& d;
    const DesignCells& cells; ///< its sheet's cells: the D-box count and the design's read
    std::size_t index;        ///< its columns (2 per design) and colour
    int data_row;             ///< the header row of the chart data
};

/// The knee curve's data: C-nodes and delivered read (TB/s) at each count,
/// a row of the formula map over the design sheet. Returns the last row
/// written.
int knee_data(xlsx::Sheet& sheet, const KneeSeries& k, const Assumptions& a,
              const Catalog& catalog) {
    const Design& d = k.d;
    const int cc = static_cast<int>(2 * k.index);
    int row = k.data_row + 1;
    const std::vector<std::int64_t> points = knee_points(d);
    for (std::size_t p = 0; p < points.size(); ++p, ++row) {
        sheet.number(row, cc, static_cast<double>(points[p]), Num::integer, Role::input);
        sheet.mapped(row, cc + 1, "chart_knee_read",
                     {{"cnodes", xlsx::cell(row, cc)},
                      {"cnode_line_GBps", k.cells.ref("cnode_line_GBps")},
                      {"dboxes", k.cells.ref("dboxes")},
                      {"dbox_line_GBps", k.cells.ref("dbox_line_GBps")},
                      {"cn:read_GBps", a.name("cnode", d.cnode_model, "read_GBps")},
                      {"db:backend_read_GBps", a.name("dbox", d.dbox_model, "backend_read_GBps")}},
                     FigureSource{d, catalog, -1, nullptr, static_cast<int>(p)}, k.index, Num::two);
    }
    return row - 1;
}

/// One design's knee curve on the chart: its data below the charts, a line
/// in its colour, and the design as sized as a diamond linked to its sheet.
void knee_series(xlsx::Book& book, xlsx::Sheet& sheet, lxw_chart* knee, const KneeSeries& k,
                 const Assumptions& a, const Catalog& catalog) {
    const Design& d = k.d;
    const int cc = static_cast<int>(2 * k.index);
    const int rc = cc + 1;
    sheet.text(k.data_row, cc, d.name + ": C-nodes", book.header());
    sheet.text(k.data_row, rc, d.name + ": read (TB/s)", book.header());
    // Bold white header text runs wider than the estimate assumes.
    sheet.fit_height(k.data_row, {{d.name + ": read (TB/s)", 12, 10.0}});
    int row = knee_data(sheet, k, a, catalog);
    const std::string xs = xlsx::range(sheet.name(), k.data_row + 1, cc, row, cc);
    const std::string ys = xlsx::range(sheet.name(), k.data_row + 1, rc, row, rc);
    lxw_chart_line line = xlsx::chart_line(xlsx::series_colour(k.index), 2.0);
    lxw_chart_series* s = xlsx::add_series(knee, xs, ys, xml_safe(d.name), line, // see Sheet::text
                                           LXW_CHART_MARKER_CIRCLE, 5);
    lxw_chart_fill marker_fill{};
    marker_fill.color = line.color;
    chart_series_set_marker_fill(s, &marker_fill);
    chart_series_set_marker_line(s, &line);
    // The design as sized: a point linked to its sheet, so it moves when
    // the sheet's C-node count is edited.
    row += 2;
    sheet.text(row, cc, "as designed", book.section());
    sheet.text(row, rc, "", book.section());
    ++row;
    const FigureSource source{d, catalog};
    sheet.mapped(row, cc, "chart_cnodes", {{"cnodes", k.cells.ref("cnodes")}}, source, k.index,
                 Num::integer);
    sheet.mapped(row, rc, "chart_read", {{"read_TBps", k.cells.ref("read_TBps")}}, source, k.index,
                 Num::two);
    const std::string px = xlsx::range(sheet.name(), row, cc, row, cc);
    const std::string py = xlsx::range(sheet.name(), row, rc, row, rc);
    lxw_chart_series* p = xlsx::add_series(knee, px, py, xml_safe(d.name) + " (as designed)",
                                           xlsx::chart_line(0, 0), LXW_CHART_MARKER_DIAMOND, 11);
    chart_series_set_marker_fill(p, &marker_fill);
    lxw_chart_line edge = xlsx::chart_line(0x000000, 1.0);
    chart_series_set_marker_line(p, &edge);
}

/// Titles, axes and legend of the knee chart, placed below the column charts.
void place_knee_chart(xlsx::Sheet& sheet, lxw_chart* knee) {
    chart_title_set_name(knee, "Delivered read vs C-nodes: the knee");
    chart_axis_set_name(knee->x_axis, "C-nodes");
    chart_axis_set_name(knee->y_axis, "read (TB/s)");
    chart_axis_set_num_format(knee->x_axis, "#,##0");
    chart_axis_set_num_format(knee->y_axis, "#,##0.0");
    chart_axis_set_min(knee->x_axis, 0);
    xlsx::place_chart(sheet, knee, 20, 0, {LXW_CHART_LEGEND_BOTTOM, 2.0, 1.2}, "chart");
}

} // namespace

void write_charts(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                  const std::vector<DesignCells>& designs, const SummaryCells& summary,
                  const Assumptions& a, const CheckpointCells& checkpoints) {
    // With checkpoint jobs the goodput chart sits below the knee chart, and
    // the knee data moves down to make room.
    const bool goodput = !checkpoints.curves.empty();
    const int data_row = goodput ? kKneeDataRow + kGoodputRows : kKneeDataRow;
    const SizingResult& result = *input.result;
    sheet.titles("Charts",
                 {"Racks and power per design (from Summary), absolute and per PB of usable "
                  "capacity. Delivered read against the C-node count with the D-boxes fixed: past "
                  "the knee, more C-nodes buy nothing.",
                  fmt::format("The charts' data is below them, from row {}.", data_row)});
    // Absolute and per PB side by side: racks, racks per PB, power, power per PB.
    summary_chart(book, sheet, summary, "racks", "Racks", "racks", 3, 0);
    summary_chart(book, sheet, summary, "power_kW", "Power (kW)", "kW", 3, 8);
    per_pb_charts(book, sheet, input, summary, data_row + kPerPbOffset, 3, 4);

    // Knee data: per design two columns, C-nodes and delivered read (TB/s).
    lxw_chart* knee = book.add_chart(LXW_CHART_SCATTER_STRAIGHT_WITH_MARKERS);
    sheet.text(data_row - 1, 0, "Delivered read vs C-nodes (D-boxes fixed)", book.section());
    for (std::size_t i = 0; i < result.designs.size(); ++i) {
        knee_series(book, sheet, knee, {result.designs[i], designs[i], i, data_row}, a,
                    *input.catalog);
    }
    place_knee_chart(sheet, knee);
    if (goodput) {
        insert_goodput_chart(book, sheet, checkpoints, kKneeDataRow - 2, 0);
    }
    sheet.column_width(0, static_cast<int>(2 * std::max<std::size_t>(result.designs.size(), 8)),
                       16);
    sheet.print_setup(-1);
    worksheet_fit_to_pages(sheet.raw(), 1, 1); // charts and their data on one page
}

} // namespace podsizer::wb

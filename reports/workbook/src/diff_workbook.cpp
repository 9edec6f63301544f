#include "podsizer/reports/diff_workbook.hpp"

#include "podsizer/core/errors.hpp"
#include "podsizer/reports/atomic_file.hpp"
#include "xlsx_book.hpp"

#include <algorithm>
#include <map>

namespace podsizer {

namespace {

constexpr int kMetricCol = 0;
constexpr int kUnitCol = 1;
constexpr int kACol = 2;
constexpr int kBCol = 3;
constexpr int kDeltaCol = 4;
constexpr int kPercentCol = 5;

/// A side's cell: its number, its text, or "n/a".
void side_cell(xlsx::Book& book, xlsx::Sheet& sheet, int row, int col,
               const std::optional<double>& v, const std::string& text, xlsx::Num num) {
    if (v) {
        sheet.number(row, col, *v, num, xlsx::Role::value);
    } else {
        sheet.text(row, col, text, book.text_value());
    }
}

/// One metric row (row `k` of pair `pair` of `d`): A and B as values, Δ
/// and Δ % as rows of the formula map over them (diff_change, diff_change_percent).
void metric_row(xlsx::Book& book, xlsx::Sheet& sheet, int row, const SizingDiff& d,
                std::size_t pair, std::size_t k) {
    const DiffRow& r = d.pairs[pair].rows[k];
    const Metric& m = metric(r.id);
    const xlsx::Num num = xlsx::num_of(m);
    sheet.text(row, kMetricCol, std::string(m.label), book.label());
    sheet.text(row, kUnitCol, std::string(m.unit), book.text_value());
    side_cell(book, sheet, row, kACol, r.a, r.a_cell, num);
    side_cell(book, sheet, row, kBCol, r.b, r.b_cell, num);
    const std::map<std::string_view, std::string> cells{{"a", xlsx::cell(row, kACol, false)},
                                                        {"b", xlsx::cell(row, kBCol, false)}};
    // The figures are the diff's alone: no design or catalog is read.
    static const Design none{};
    static const Catalog empty{};
    const FigureSource s{.design = none,
                         .catalog = empty,
                         .item = static_cast<int>(pair),
                         .part = static_cast<int>(k),
                         .diff = &d};
    if (r.delta) {
        sheet.mapped(row, kDeltaCol, "diff_change", cells, s, pair, num);
        if (r.a && *r.a != 0.0) {
            sheet.mapped(row, kPercentCol, "diff_change_percent", cells, s, pair,
                         xlsx::Num::percent);
        } else if (r.percent) { // both 0: no change
            sheet.number(row, kPercentCol, 0.0, xlsx::Num::percent, xlsx::Role::value);
        } else {
            sheet.text(row, kPercentCol, "n/a", book.text_value());
        }
    } else if (r.changed) {
        sheet.text(row, kDeltaCol, "changed", book.text_value());
    }
}

/// One pair's block from `row`: its title, header, metrics and findings.
/// Returns the row after it.
int write_pair(xlsx::Book& book, xlsx::Sheet& sheet, int row, const SizingDiff& d,
               std::size_t pair) {
    const DesignPairDiff& p = d.pairs[pair];
    sheet.text(row++, 0, diff_pair_title(p), book.section());
    sheet.headers(row, {"Metric", "Unit", "A", "B", "Δ (B - A)", "Δ %"}, kUnitCol + 1);
    ++row;
    for (std::size_t k = 0; k < p.rows.size(); ++k) {
        metric_row(book, sheet, row++, d, pair, k);
    }
    const auto codes = [](const std::vector<std::string>& v) {
        std::string out;
        for (const std::string& c : v) {
            out += (out.empty() ? "" : ", ") + c;
        }
        return out.empty() ? std::string("none") : out;
    };
    sheet.text(row, kMetricCol, "Findings added (in B, not in A)", book.label());
    sheet.text(row++, kBCol, codes(p.findings_added), book.text_value());
    sheet.text(row, kMetricCol, "Findings removed (in A, not in B)", book.label());
    sheet.text(row++, kACol, codes(p.findings_removed), book.text_value());
    return row + 1;
}

void write_differences(xlsx::Book& book, xlsx::Sheet& sheet, const SizingDiff& d) {
    sheet.titles("Differences, B against A",
                 {"A: " + d.a_label + " (" + d.a_scenario + ")",
                  "B: " + d.b_label + " (" + d.b_scenario + ")",
                  "A and B are values podsizer computed (edit the scenarios and run again to "
                  "change them); Δ and Δ % are formulas over them."});
    int row = 5;
    for (std::size_t pair = 0; pair < d.pairs.size(); ++pair) {
        row = write_pair(book, sheet, row, d, pair);
    }
    // Widths that fit the longest cell of A and B (model names) and the
    // design names in the header, so no name is cut on screen or paper.
    std::size_t names = 12;
    for (const DesignPairDiff& p : d.pairs) {
        names = std::max({names, p.a_name.size() + 2, p.b_name.size() + 2});
        for (const DiffRow& r : p.rows) {
            names = std::max({names, r.a_cell.size() + 2, r.b_cell.size() + 2});
        }
    }
    sheet.column_width(kMetricCol, kMetricCol, 36);
    sheet.column_width(kUnitCol, kUnitCol, 8);
    sheet.column_width(kACol, kBCol, static_cast<double>(std::min<std::size_t>(names, 60)));
    sheet.column_width(kDeltaCol, kPercentCol, 12);
    sheet.print_setup(0);
}

} // namespace

WorkbookManifest write_diff_workbook(const std::string& path, const SizingDiff& diff,
                                     const WorkbookOptions& options) {
    const std::string date = options.date.empty() ? today_iso_date() : options.date;
    const std::string title = "Differences: " + diff.b_scenario + " against " + diff.a_scenario;
    WorkbookManifest manifest;
    write_atomically(path, [&](const std::string& temp) {
        xlsx::Book book(temp, date, title);
        xlsx::Sheet sheet = book.add_sheet("Differences");
        write_differences(book, sheet, diff);
        try {
            book.close();
        } catch (const InputError& e) {
            throw InputError(path, e.message());
        }
        manifest = book.manifest();
    });
    return manifest;
}

} // namespace podsizer

#include "workbook_front.hpp"

#include "podsizer/reports/optimizer_report.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace podsizer::wb {

namespace {

/// A machine cell that is a plain number ("243.3024", "450"), as a number.
bool as_number(const std::string& cell, double& v) {
    if (cell.empty()) {
        return false;
    }
    const auto r = std::from_chars(cell.data(), cell.data() + cell.size(), v);
    return r.ec == std::errc() && r.ptr == cell.data() + cell.size() && std::isfinite(v);
}

} // namespace

void write_front(xlsx::Book& book, xlsx::Sheet& sheet, const OptimizerResult& r) {
    sheet.text(0, 0, "Pareto front", book.title());
    // The summary's lines (designs evaluated and the front; how it was
    // thinned; the best), one a row: a line break in a cell overlaps on paper.
    const std::string summary = optimization_summary(r);
    int row = 1;
    for (std::size_t start = 0; start <= summary.size();) {
        const std::size_t end = std::min(summary.find('\n', start), summary.size());
        sheet.text(row++, 0, summary.substr(start, end - start), book.subtitle());
        start = end + 1;
    }
    sheet.text(row++, 0,
               "Values computed by podsizer, not formulas; the best design (Best = yes) has "
               "the design sheet, Summary and Slide of this workbook.",
               book.subtitle());
    const int header_row = row;
    // People's header (units named), machines' cells: numbers as numbers,
    // model ids as the CSV has them.
    const Grid people = pareto_grid(r, false);
    const Grid machine = pareto_grid(r, true);
    std::vector<std::size_t> widths(people.header.size(), 6);
    for (std::size_t c = 0; c < people.header.size(); ++c) {
        sheet.text(header_row, static_cast<int>(c), people.header[c],
                   c < people.numeric_from ? book.header_left() : book.header());
        widths[c] = std::max(widths[c], std::min<std::size_t>(people.header[c].size() + 1, 24));
    }
    for (std::size_t i = 0; i < machine.rows.size(); ++i) {
        const int at = header_row + 1 + static_cast<int>(i);
        const auto& cells = machine.rows[i];
        for (std::size_t c = 0; c < cells.size(); ++c) {
            std::string text = cells[c];
            if (c == 1) { // the Best column: yes, or nothing
                text = text == "true" ? "yes" : "";
            }
            double v = 0.0;
            if (c != 1 && as_number(text, v)) {
                const bool whole = v == std::floor(v) && std::abs(v) < 1e15;
                sheet.number(at, static_cast<int>(c), v,
                             whole ? xlsx::Num::integer : xlsx::Num::precise, xlsx::Role::value);
            } else if (!text.empty()) {
                sheet.text(at, static_cast<int>(c), text, book.text_value());
            }
            widths[c] = std::max(widths[c], std::min<std::size_t>(text.size() + 2, 40));
        }
    }
    for (std::size_t c = 0; c < widths.size(); ++c) {
        sheet.column_width(static_cast<int>(c), static_cast<int>(c),
                           static_cast<double>(widths[c]));
    }
    sheet.freeze(header_row + 1, 0);
    sheet.print_setup(header_row);
}

void add_front_sheet(xlsx::Book& book, const OptimizerResult* r) {
    if (r != nullptr) {
        xlsx::Sheet sheet = book.add_sheet("Pareto front");
        write_front(book, sheet, *r);
    }
}

} // namespace podsizer::wb

#include "podsizer/reports/batch_workbook.hpp"

#include "podsizer/core/errors.hpp"
#include "podsizer/reports/atomic_file.hpp"
#include "workbook_parts.hpp"
#include "xlsx_book.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace podsizer {

namespace {

constexpr int kHeaderRow = 3; // title, subtitle, note, then the header

/// A CSV cell that is a plain number ("243.3024", "450"), as a number.
bool as_number(const std::string& cell, double& v) {
    if (cell.empty()) {
        return false;
    }
    const auto r = std::from_chars(cell.data(), cell.data() + cell.size(), v);
    return r.ec == std::errc() && r.ptr == cell.data() + cell.size() && std::isfinite(v);
}

void write_results(xlsx::Book& book, xlsx::Sheet& sheet, const BatchWorkbookData& data) {
    sheet.text(0, 0, "Results", book.title());
    sheet.text(1, 0,
               data.title + ": " + std::to_string(data.rows.size()) +
                   " rows, one per run and option (the CSV of --format csv)",
               book.subtitle());
    sheet.text(2, 0,
               "Values computed by podsizer, not formulas: to change an assumption, edit the "
               "scenario or catalog and run again.",
               book.subtitle());
    for (std::size_t c = 0; c < data.header.size(); ++c) {
        sheet.text(kHeaderRow, static_cast<int>(c), data.header[c], book.header_left());
    }
    std::vector<std::size_t> widths(data.header.size(), 8);
    for (std::size_t c = 0; c < data.header.size(); ++c) {
        widths[c] = std::max(widths[c], std::min<std::size_t>(data.header[c].size(), 24));
    }
    for (std::size_t r = 0; r < data.rows.size(); ++r) {
        const int row = kHeaderRow + 1 + static_cast<int>(r);
        const auto& cells = data.rows[r];
        for (std::size_t c = 0; c < cells.size(); ++c) {
            double v = 0.0;
            if (as_number(cells[c], v)) {
                const bool whole = v == std::floor(v) && std::abs(v) < 1e15;
                sheet.number(row, static_cast<int>(c), v,
                             whole ? xlsx::Num::integer : xlsx::Num::precise, xlsx::Role::value);
            } else if (!cells[c].empty()) {
                sheet.text(row, static_cast<int>(c), cells[c], book.text_value());
            }
            if (c < widths.size()) {
                widths[c] = std::max(widths[c], std::min<std::size_t>(cells[c].size() + 2, 40));
            }
        }
    }
    for (std::size_t c = 0; c < widths.size(); ++c) {
        sheet.column_width(static_cast<int>(c), static_cast<int>(c),
                           static_cast<double>(widths[c]));
    }
    sheet.freeze(kHeaderRow + 1, 0);
    sheet.print_setup(kHeaderRow);
}

} // namespace

void write_batch_workbook(const std::string& path, const BatchWorkbookData& data,
                          const Catalog& catalog, const WorkbookOptions& options) {
    if (data.rows.size() > kMaxWorkbookRows) {
        throw InputError(path, format_number(static_cast<double>(data.rows.size())) +
                                   " rows do not fit in one sheet (at most " +
                                   format_number(static_cast<double>(kMaxWorkbookRows)) +
                                   "); use --format csv or jsonl for a sweep this large");
    }
    // The Assumptions sheet of the proposal workbook, for the models used. The
    // scenario inputs vary from run to run, so they are in Results, not here.
    SizingResult models;
    models.scenario = data.title;
    models.designs = data.models;
    WorkbookInput input;
    input.result = &models;
    input.catalog = &catalog;
    const wb::Assumptions assumptions = wb::Assumptions::build(input);
    const std::string date = options.date.empty() ? today_iso_date() : options.date;

    write_atomically(path, [&](const std::string& temp) {
        xlsx::Book book(temp, date, data.title);
        xlsx::Sheet results = book.add_sheet("Results");
        xlsx::Sheet assumption_sheet = book.add_sheet("Assumptions");
        write_results(book, results, data);
        wb::write_assumptions(book, assumption_sheet, assumptions, data.title);
        // The proposal workbook's notes speak of formulas that follow the
        // inputs; Results holds values, so say what this sheet is here.
        assumption_sheet.text(1, 0,
                              "The catalog figures of the hardware in Results, with their "
                              "sources (" +
                                  data.title + ").",
                              book.subtitle());
        assumption_sheet.text(2, 0,
                              "Results holds values, not formulas: editing a figure here does "
                              "not change them; edit the catalog (--catalog) and run again.",
                              book.subtitle());
        worksheet_activate(results.raw());
        try {
            book.close();
        } catch (const InputError& e) {
            throw InputError(path, e.message());
        }
    });
}

} // namespace podsizer

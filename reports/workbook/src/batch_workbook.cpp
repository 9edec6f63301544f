#include "podsizer/reports/batch_workbook.hpp"

#include "podsizer/core/errors.hpp"
#include "podsizer/reports/atomic_file.hpp"
#include "workbook_parts.hpp"
#include "xlsx_book.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <string_view>
#include <tuple>

namespace podsizer {

namespace {

constexpr int kHeaderRow = 3; // title, subtitle, note, then the header

// Results' column widths, in characters (Excel's unit: the digit width of
// 11-point Calibri): each column as wide as its header and its longest cell
// need. A name longer than kNameCap wraps within its column, so a run's or
// design's name prints whole on a line or two.
constexpr double kMinWidth = 6;
constexpr double kNameCap = 40;
// Printed shrunk to one page wide only down to 80 % (10-point text at 8
// points); a wider table runs on across pages at full size, each page
// repeating the leading columns that name a row, as many as fit in
// kLabelBudget characters (a quarter of the page in Calibri).
constexpr double kLegibleScale = 0.8;
constexpr double kLabelBudget = 40;
// The Findings sheet: finding and message, together this wide, fit a
// landscape page at full size, also in the wider font LibreOffice puts in
// Calibri's place where Calibri and Carlito are missing (DejaVu Sans).
constexpr double kFindingsWidth = 110;
// Excel's rows per sheet.
constexpr std::size_t kSheetRows = 1'048'576;

/// A CSV cell that is a plain number ("243.3024", "450"), as a number.
bool as_number(const std::string& cell, double& v) {
    if (cell.empty()) {
        return false;
    }
    const auto r = std::from_chars(cell.data(), cell.data() + cell.size(), v);
    return r.ec == std::errc() && r.ptr == cell.data() + cell.size() && std::isfinite(v);
}

bool is_whole(double v) {
    return v == std::floor(v) && std::abs(v) < 1e15;
}

/// Characters (code points) of UTF-8 text.
std::size_t chars(std::string_view s) {
    return static_cast<std::size_t>(std::count_if(
        s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

/// Characters of a number as the sheet shows it: #,##0 when whole, else
/// #,##0.0### (up to four decimals).
std::size_t shown_chars(double v) {
    std::string s = fmt::format("{:.{}f}", std::abs(v), is_whole(v) ? 0 : 4);
    if (!is_whole(v)) {
        while (s.back() == '0' && s[s.size() - 2] != '.') {
            s.pop_back();
        }
    }
    const std::size_t point = s.find('.');
    const std::size_t digits = point == std::string::npos ? s.size() : point;
    return s.size() + (digits - 1) / 3 + (v < 0 ? 1 : 0);
}

/// The characters a header needs: it wraps (bold, on the dark band), so its
/// longest word, and no more than three lines.
double header_chars(const std::string& h) {
    std::size_t word = 0;
    std::size_t longest = 0;
    for (char c : h) {
        if (c == ' ') {
            word = 0;
        } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
            longest = std::max(longest, ++word);
        }
    }
    return std::max(static_cast<double>(longest), std::ceil(static_cast<double>(chars(h)) / 3.0)) +
           2.0;
}

/// Each column as wide as its header and its longest cell need, at most
/// kNameCap.
std::vector<double> fit_widths(const BatchWorkbookData& data) {
    std::vector<double> out(data.header.size());
    for (std::size_t c = 0; c < out.size(); ++c) {
        out[c] = std::max(kMinWidth, header_chars(data.header[c]));
    }
    for (const auto& cells : data.rows) {
        for (std::size_t c = 0; c < cells.size() && c < out.size(); ++c) {
            double v = 0.0;
            const std::size_t n = as_number(cells[c], v) ? shown_chars(v) : chars(cells[c]);
            out[c] = std::max(out[c], static_cast<double>(n) + 2.0);
        }
    }
    for (double& w : out) {
        w = std::min(w, kNameCap);
    }
    return out;
}

/// One result row: numbers as numbers; a text longer than its column wraps
/// and the row is as high as its lines, but the findings (the last column),
/// which run on to the right: the Findings sheet prints them.
void write_row(xlsx::Book& book, xlsx::Sheet& sheet, int row, const std::vector<std::string>& cells,
               const std::vector<double>& widths) {
    std::vector<std::tuple<std::string, double, double>> wrapped;
    for (std::size_t c = 0; c < cells.size(); ++c) {
        const int col = static_cast<int>(c);
        double v = 0.0;
        if (as_number(cells[c], v)) {
            sheet.number(row, col, v, is_whole(v) ? xlsx::Num::integer : xlsx::Num::precise,
                         xlsx::Role::value);
        } else if (cells[c].empty()) {
            continue;
        } else if (c + 1 == widths.size()) {
            sheet.text(row, col, cells[c], book.text_left());
        } else if (c < widths.size() && static_cast<double>(chars(cells[c])) + 2.0 > widths[c]) {
            sheet.text(row, col, cells[c], book.text_wrapped());
            wrapped.emplace_back(cells[c], widths[c], 10.0);
        } else {
            sheet.text(row, col, cells[c], book.text_value());
        }
    }
    sheet.fit_height(row, wrapped);
}

/// Every column but the findings, shrunk to one page wide when that leaves
/// the text legible; else the columns run on at full size, each page
/// repeating the header row and the leading columns that name a row (the
/// title and notes, which would be cut beside them, are left to the screen).
void print_results(xlsx::Sheet& sheet, const std::vector<double>& widths, std::size_t label_columns,
                   std::size_t rows) {
    if (widths.size() < 2) {
        sheet.print_setup(kHeaderRow);
        return;
    }
    const std::vector<double> printed(widths.begin(), widths.end() - 1);
    int first_row = 0;
    if (xlsx::landscape_fit_scale(printed) < kLegibleScale) {
        sheet.flow_across_pages();
        double used = printed[0];
        int last = 0;
        while (static_cast<std::size_t>(last + 1) < std::min(label_columns, printed.size()) &&
               used + printed[static_cast<std::size_t>(last + 1)] <= kLabelBudget) {
            used += printed[static_cast<std::size_t>(++last)];
        }
        sheet.repeat_columns(0, last);
        first_row = kHeaderRow;
    }
    sheet.print_area(first_row, 0, kHeaderRow + static_cast<int>(rows),
                     static_cast<int>(printed.size()) - 1);
    sheet.print_setup(kHeaderRow, first_row);
}

void write_results(xlsx::Book& book, xlsx::Sheet& sheet, const BatchWorkbookData& data) {
    sheet.titles(
        "Results",
        {data.title + ": " + std::to_string(data.rows.size()) +
             " rows, one per run and option (the CSV of --format csv)",
         "Values computed by podsizer, not formulas: to change an assumption, edit the "
         "scenario or catalog and run again. The Findings sheet prints the findings whole."});
    const std::vector<double> widths = fit_widths(data);
    std::vector<std::tuple<std::string, double, double>> header;
    for (std::size_t c = 0; c < data.header.size(); ++c) {
        sheet.text(kHeaderRow, static_cast<int>(c), data.header[c], book.header_left());
        header.emplace_back(data.header[c], widths[c], 10.0);
    }
    sheet.fit_height(kHeaderRow, header);
    for (std::size_t r = 0; r < data.rows.size(); ++r) {
        write_row(book, sheet, kHeaderRow + 1 + static_cast<int>(r), data.rows[r], widths);
    }
    for (std::size_t c = 0; c < widths.size(); ++c) {
        sheet.column_width(static_cast<int>(c), static_cast<int>(c), widths[c]);
    }
    sheet.freeze(kHeaderRow + 1, 0);
    print_results(sheet, widths, data.label_columns, data.rows.size());
}

/// "Row 5: File examples/a.json; Design NCP pod": the Results row (as the
/// spreadsheet numbers it) and the columns that name it.
std::string row_name(const BatchWorkbookData& data, std::size_t r) {
    std::string out = fmt::format("Row {}:", kHeaderRow + 2 + r);
    const auto& cells = data.rows[r];
    for (std::size_t c = 0; c < data.label_columns && c < cells.size(); ++c) {
        out += fmt::format("{} {} {}", c == 0 ? "" : ";", data.header[c], cells[c]);
    }
    return out;
}

/// "warning: degraded-read-short", as the design sheets label a finding.
std::string finding_label(const Finding& f) {
    return std::string(to_string(f.severity())) + ": " + std::string(f.name());
}

/// The Findings sheet: under a band naming each Results row, its findings,
/// one a row, the message wrapped, so a print-out shows every finding whole
/// (Results' findings cell, some 2,000 characters, cannot print in its table).
void write_findings(xlsx::Book& book, xlsx::Sheet& sheet, const BatchWorkbookData& data) {
    sheet.titles("Findings",
                 {data.title + ": the findings of each row of Results, one a line",
                  "An error is a requirement or constraint not met; a warning, a risk to weigh; "
                  "info, a note."});
    double label = 20;
    for (const auto& findings : data.findings) {
        for (const Finding& f : findings) {
            label = std::max(label, static_cast<double>(chars(finding_label(f))) + 2.0);
        }
    }
    label = std::min(label, kNameCap);
    const double message = kFindingsWidth - label;
    sheet.text(kHeaderRow, 0, "Finding", book.header_left());
    sheet.text(kHeaderRow, 1, "Message", book.header_left());
    std::size_t row = kHeaderRow + 1;
    for (std::size_t r = 0; r < data.rows.size(); ++r) {
        static const std::vector<Finding> none;
        const auto& findings = r < data.findings.size() ? data.findings[r] : none;
        if (row + 1 + std::max<std::size_t>(findings.size(), 1) >= kSheetRows) {
            sheet.text(static_cast<int>(row), 0,
                       fmt::format("The findings of rows {} to {} are in the Results sheet's "
                                   "last column: a sheet holds at most {} rows.",
                                   kHeaderRow + 2 + r, kHeaderRow + 1 + data.rows.size(),
                                   kSheetRows),
                       book.warning());
            break;
        }
        sheet.merged_text(static_cast<int>(row++), 0, 1, kFindingsWidth, row_name(data, r),
                          book.section_wrapped());
        if (findings.empty()) {
            sheet.text(static_cast<int>(row), 0, "none", book.label());
            sheet.text(static_cast<int>(row++), 1, "", book.note());
        }
        for (const Finding& f : findings) {
            const int at = static_cast<int>(row++);
            // The CSV's text: a batch is the operator's, so the hint too.
            const std::string text = f.message_and_hint();
            sheet.text(at, 0, finding_label(f), book.label());
            sheet.text(at, 1, text, book.note());
            sheet.fit_height(at, {{finding_label(f), label, 10.0}, {text, message, 9.0}});
        }
    }
    sheet.column_width(0, 0, label);
    sheet.column_width(1, 1, message);
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
        xlsx::Sheet findings = book.add_sheet("Findings");
        xlsx::Sheet assumption_sheet = book.add_sheet("Assumptions");
        write_results(book, results, data);
        write_findings(book, findings, data);
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

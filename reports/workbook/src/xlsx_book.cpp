#include "xlsx_book.hpp"

#include "podsizer/catalog/safe_text.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/units.hpp"
#include "podsizer/reports/metrics.hpp"
#include "podsizer/reports/version.hpp"
#include "stderr_capture.hpp"
#include "zip_level.hpp"

#include <algorithm>
#include <atomic>
#include <clocale>
#include <cmath>
#include <cstdint>
#include <fmt/format.h>
#include <locale.h>
#include <stdexcept>
#if defined(__GLIBC__)
#include <malloc.h>
#include <unistd.h>
#endif

namespace podsizer::xlsx {

namespace {

// libxlsxwriter prints every number into the sheet XML with the C library's
// "%.16G" when the workbook is closed, so on a desktop whose locale has a
// decimal comma (the GUI runs under the user's locale) a cell would read
// "61,44" and Excel would repair the file. The writing thread switches to the C locale for
// the close only (uselocale is per thread: batch workers are unaffected); the
// one documented use of the C library's locale in podsizer
// (docs/architecture.md, "Numbers and the locale").
class CNumericLocale {
public:
    CNumericLocale()
        : c_(newlocale(LC_NUMERIC_MASK, "C", static_cast<locale_t>(nullptr))),
          previous_(c_ != static_cast<locale_t>(nullptr) ? uselocale(c_) : nullptr) {}
    ~CNumericLocale() {
        if (c_ != static_cast<locale_t>(nullptr)) {
            uselocale(previous_);
            freelocale(c_);
        }
    }
    CNumericLocale(const CNumericLocale&) = delete;
    CNumericLocale& operator=(const CNumericLocale&) = delete;

private:
    locale_t c_;
    locale_t previous_;
};

// libxlsxwriter zips each of a workbook's parts (some thirty for a fleet
// comparison) through minizip, which sets up zlib's deflate state for the part
// and frees it after: about 260 KiB (window, hash chains, pending buffer,
// zlib's deflateInit2). glibc gives the freed top of the heap back to the
// kernel beyond its pad, 128 KiB by default (glibc's DEFAULT_TOP_PAD), and
// takes it again for the next part, whose pages then fault in zeroed: 580 of
// the 1,560 page faults of `compare examples/fleet-160k.json --xlsx`, some
// 15 % of its CPU time (docs/performance.md, "The workbook's close"). A
// 1 MiB pad while a workbook closes keeps those pages; the default returns
// when the last concurrent close ends. Only the allocator's pad changes,
// never what is written.
class KeepHeapWhileClosing {
public:
    KeepHeapWhileClosing() {
#if defined(__GLIBC__)
        if (closing_.fetch_add(1) == 0) {
            mallopt(M_TOP_PAD, kClosePad);
        }
#endif
    }
    ~KeepHeapWhileClosing() {
#if defined(__GLIBC__)
        if (closing_.fetch_sub(1) == 1) {
            mallopt(M_TOP_PAD, kDefaultPad);
        }
#endif
    }
    KeepHeapWhileClosing(const KeepHeapWhileClosing&) = delete;
    KeepHeapWhileClosing& operator=(const KeepHeapWhileClosing&) = delete;

private:
    static constexpr int kClosePad = 1 << 20;
    static constexpr int kDefaultPad = 128 * 1024;
    static inline std::atomic<int> closing_{0};
};

/// How many UTF-16 code units the UTF-8 sequence starting with `lead` takes:
/// two for a four-byte sequence (outside the Basic Multilingual Plane), one
/// for any other lead byte, none for a continuation byte.
std::size_t utf16_units(unsigned char lead) {
    if ((lead & 0xC0) == 0x80) {
        return 0;
    }
    return (lead & 0xF8) == 0xF0 ? 2 : 1;
}

// Colours: a dark header band, pale section bands, and the spreadsheet
// modelling convention of blue for inputs and black for formulas.
constexpr lxw_color_t kHeaderFill = 0x1F3864;
constexpr lxw_color_t kSectionFill = 0xD9E1F2;
constexpr lxw_color_t kInputFont = 0x0000FF;
constexpr lxw_color_t kInputFill = 0xFFF2CC;
constexpr lxw_color_t kValueFont = 0x595959;
// Light orange: apart from the inputs' yellow, and still legible when printed
// in grey.
constexpr lxw_color_t kAssumedFill = 0xFCE4D6;
constexpr lxw_color_t kBorder = 0xBFBFBF;

// A row that holds one line of 10-point text, the workbook's size (13
// points; a line is about 1.3 times the font's size), and the title row's
// for its 14 points.
constexpr double kLineRow = 13.0;
constexpr double kTitleRow = 18.0;

// The page: A4 landscape, 297 mm wide, half an inch left and right.
constexpr double kSideMargin = 0.5; // inches
constexpr double kA4LongSide = 297.0 / 25.4;

} // namespace

/// A style's look on top of make()'s top-aligned Calibri; a 0 leaves the
/// property as libxlsxwriter has it (LXW_COLOR_UNSET, LXW_ALIGN_NONE).
struct Look {
    bool bold = false;
    double size = 0; ///< points; 0: 10
    lxw_color_t font = 0;
    lxw_color_t fill = 0;
    std::uint8_t align = 0; ///< horizontal
    std::uint8_t valign = LXW_ALIGN_VERTICAL_TOP;
    bool wrap = false;
    lxw_color_t border = 0; ///< a thin border of this colour; 0: none
};

namespace {

constexpr Look kSubtitle{.size = 10, .font = kValueFont};
constexpr Look kTextRight{.align = LXW_ALIGN_RIGHT, .border = kBorder};

const char* num_format(Num n) {
    switch (n) {
    case Num::integer:
        return "#,##0";
    case Num::one:
        return "#,##0.0";
    case Num::two:
        return "#,##0.00";
    case Num::three:
        return "#,##0.000";
    case Num::percent:
        return "0.0%";
    case Num::precise:
        return "#,##0.0###";
    case Num::scientific:
        return "0.00E+00";
    case Num::times:
        return "#,##0.0\"\u00d7\"";
    case Num::text:
        return "@";
    }
    return "General";
}

} // namespace

Num num_of(const Metric& m) {
    if (m.kind != MetricKind::number) {
        return Num::text;
    }
    if (m.sheet_precise) {
        return Num::precise;
    }
    if (m.id == MetricId::client_port_headroom) {
        return Num::times; // "2.1×" as `podsizer size` prints it
    }
    constexpr Num by_decimals[] = {Num::integer, Num::one, Num::two, Num::three};
    return by_decimals[std::clamp(m.decimals, 0, 3)];
}

namespace {

/// Text safe inside a header/footer: '&' starts a control code there.
std::string header_escaped(const std::string& s, std::size_t max_points) {
    std::string out;
    std::size_t points = 0;
    for (char c : s) {
        const bool starts = (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        if (starts && ++points > max_points) {
            out += "...";
            break;
        }
        out += c == '&' ? std::string("&&") : std::string(1, c);
    }
    return out;
}

/// Seconds since 1970 of YYYY-MM-DD at midnight UTC; -1 when malformed.
std::time_t parse_date(const std::string& date) {
    if (date.size() != 10 || date[4] != '-' || date[7] != '-') {
        return -1;
    }
    for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u}) {
        if (date[i] < '0' || date[i] > '9') {
            return -1;
        }
    }
    std::tm tm{};
    tm.tm_year = std::stoi(date.substr(0, 4)) - 1900;
    tm.tm_mon = std::stoi(date.substr(5, 2)) - 1;
    tm.tm_mday = std::stoi(date.substr(8, 2));
    if (tm.tm_mon < 0 || tm.tm_mon > 11 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_year < 80) {
        return -1;
    }
    return ::timegm(&tm);
}

} // namespace

double landscape_fit_scale(const std::vector<double>& widths) {
    // A column of w characters is 7w + 5 pixels at 96 per inch: Excel's
    // column unit is the digit width of 11-point Calibri, 7 pixels, and a
    // column adds 5 pixels of padding.
    const double printable = (kA4LongSide - 2 * kSideMargin) * 96.0;
    double pixels = 0.0;
    for (double w : widths) {
        pixels += 7.0 * w + 5.0;
    }
    return pixels <= printable ? 1.0 : printable / pixels;
}

void check(lxw_error err, const char* what) {
    if (err != LXW_NO_ERROR) {
        throw std::logic_error(std::string("workbook: ") + what + ": " + lxw_strerror(err));
    }
}

void place_chart(Sheet& sheet, lxw_chart* chart, int row, int col, ChartPlacement how,
                 const char* what) {
    lxw_chart_font f{};
    f.size = 9;
    chart_axis_set_num_font(chart->x_axis, &f);
    chart_axis_set_num_font(chart->y_axis, &f);
    chart_legend_set_position(chart, how.legend);
    lxw_chart_options opt{};
    opt.x_scale = how.x_scale;
    opt.y_scale = how.y_scale;
    check(worksheet_insert_chart_opt(sheet.raw(), static_cast<lxw_row_t>(row),
                                     static_cast<lxw_col_t>(col), chart, &opt),
          what);
}

lxw_chart_line chart_line(lxw_color_t colour, double width, std::uint8_t dash) {
    lxw_chart_line line{};
    line.none = width > 0 ? LXW_FALSE : LXW_TRUE;
    line.color = colour;
    line.width = static_cast<float>(width);
    line.dash_type = dash;
    return line;
}

lxw_chart_series* add_series(lxw_chart* chart, const std::string& xs, const std::string& ys,
                             const std::string& name, lxw_chart_line line, std::uint8_t marker,
                             std::uint8_t size) {
    lxw_chart_series* s = chart_add_series(chart, xs.c_str(), ys.c_str());
    chart_series_set_name(s, name.c_str());
    chart_series_set_line(s, &line);
    chart_series_set_marker_type(s, marker);
    if (size > 0) {
        chart_series_set_marker_size(s, size);
    }
    return s;
}

namespace {

/// Appends "$B$5" (or "B5") for row 4, column 1 to `out`.
void append_cell(std::string& out, int row, int col, bool absolute) {
    char buf[32];
    char* p = std::end(buf);
    for (int r = row + 1; r > 0; r /= 10) { // rows are 1-based in A1 references
        *--p = static_cast<char>('0' + r % 10);
    }
    if (absolute) {
        *--p = '$';
    }
    for (int c = col + 1; c > 0; c = (c - 1) / 26) {
        *--p = static_cast<char>('A' + (c - 1) % 26);
    }
    if (absolute) {
        *--p = '$';
    }
    out.append(p, std::end(buf));
}

void append_quoted(std::string& out, const std::string& sheet) {
    out += '\'';
    for (char c : sheet) {
        out += c;
        if (c == '\'') {
            out += '\''; // an apostrophe doubled
        }
    }
    out += '\'';
}

} // namespace

std::string cell(int row, int col, bool absolute) {
    std::string out;
    append_cell(out, row, col, absolute);
    return out;
}

std::string quoted(const std::string& sheet) {
    std::string out;
    out.reserve(sheet.size() + 2);
    append_quoted(out, sheet);
    return out;
}

std::string ref(const std::string& sheet, int row, int col) {
    std::string out;
    out.reserve(sheet.size() + 16);
    append_quoted(out, sheet);
    out += '!';
    append_cell(out, row, col, true);
    return out;
}

std::string range(const std::string& sheet, int row1, int col1, int row2, int col2) {
    std::string out = "=";
    out.reserve(sheet.size() + 32);
    append_quoted(out, sheet);
    out += '!';
    append_cell(out, row1, col1, true);
    out += ':';
    append_cell(out, row2, col2, true);
    return out;
}

std::string cell_text(std::string_view text) {
    std::string safe = xml_safe(text);
    // A UTF-8 byte is at most one UTF-16 unit (a four-byte sequence makes
    // two), so a text of no more bytes than the limit fits uncounted.
    if (safe.size() <= kMaxCellChars) {
        return safe;
    }
    std::size_t units = 0;
    for (unsigned char c : safe) {
        units += utf16_units(c);
    }
    if (units <= kMaxCellChars) {
        return safe;
    }
    // The mark is ASCII but for the ellipsis (one unit); 40 units hold it
    // with a count of up to 16 digits.
    constexpr std::size_t kMarkRoom = 40;
    std::size_t kept = 0;
    std::size_t end = 0;
    while (end < safe.size()) {
        const std::size_t u = utf16_units(static_cast<unsigned char>(safe[end]));
        if (u > 0 && kept + u > kMaxCellChars - kMarkRoom) {
            break;
        }
        kept += u;
        ++end;
    }
    safe.resize(end);
    safe += "\xe2\x80\xa6 [cut: " + format_number(static_cast<double>(units - kept)) +
            " more characters]";
    return safe;
}

namespace {

/// What a workbook part gets of `s`: `s` itself when it is already safe
/// (and, for a cell's text, short enough), as nearly every text is, else
/// cell_text's copy (xml_safe's for a formula, which has no such limit).
/// Saves a copy of each of the three thousand texts and formulas of a fleet
/// comparison (issue 34).
class CellText {
public:
    enum Kind { text, formula };
    explicit CellText(const std::string& s, Kind kind = text) {
        if ((kind == formula || s.size() <= kMaxCellChars) &&
            find_unsafe_char(s) == std::string_view::npos) {
            text_ = s.c_str();
        } else {
            fixed_ = kind == formula ? xml_safe(s) : cell_text(s);
            text_ = fixed_.c_str();
        }
    }
    CellText(const CellText&) = delete;
    CellText& operator=(const CellText&) = delete;
    const char* c_str() const { return text_; }

private:
    std::string fixed_;
    const char* text_ = nullptr;
};

} // namespace

// ---------------------------------------------------------------- Sheet

void Sheet::text(int row, int col, const std::string& s, lxw_format* f) {
    if (s.empty()) {
        if (f != nullptr) {
            check(worksheet_write_blank(ws_, static_cast<lxw_row_t>(row),
                                        static_cast<lxw_col_t>(col), f),
                  "blank");
        }
        return;
    }
    // Every text that reaches a workbook part passes xml_safe: a name typed in
    // the GUI is not checked like a file's (second red-team round, defect 6);
    // and fits a cell (cell_text; third round, defect 1).
    check(worksheet_write_string(ws_, static_cast<lxw_row_t>(row), static_cast<lxw_col_t>(col),
                                 CellText(s).c_str(), f),
          "string");
}

void Sheet::titles(const std::string& title, std::initializer_list<std::string> subtitles) {
    text(0, 0, title, book_->title());
    int row = 1;
    for (const std::string& s : subtitles) {
        text(row++, 0, s, book_->subtitle());
    }
}

void Sheet::number(int row, int col, double v, Num num, Role role) {
    check(worksheet_write_number(ws_, static_cast<lxw_row_t>(row), static_cast<lxw_col_t>(col), v,
                                 book_->style(num, role)),
          "number");
}

void Sheet::formula(int row, int col, const std::string& f, double cached, Num num, Role role) {
    check(worksheet_write_formula_num(ws_, static_cast<lxw_row_t>(row), static_cast<lxw_col_t>(col),
                                      CellText(f, CellText::formula).c_str(),
                                      book_->style(num, role), cached),
          "formula");
    record(row, col, f, cached, false);
}

void Sheet::array_formula(int row, int col, const std::string& f, double cached, Num num) {
    const auto r = static_cast<lxw_row_t>(row);
    const auto c = static_cast<lxw_col_t>(col);
    check(worksheet_write_array_formula_num(ws_, r, c, r, c, ("{" + f + "}").c_str(),
                                            book_->style(num, Role::formula), cached),
          "array formula");
    record(row, col, f, cached, true);
}

void Sheet::record(int row, int col, const std::string& f, double cached, bool is_array,
                   const std::string* text) {
    WorkbookFormula w;
    w.sheet = name_;
    w.row = row;
    w.col = col;
    w.formula = f;
    w.is_array = is_array;
    w.number = cached;
    w.is_text = text != nullptr;
    w.text = text != nullptr ? *text : std::string();
    book_->manifest().formulas.push_back(std::move(w));
}

void Sheet::mapped(int row, int col, const FormulaRow& r, const std::string& filled,
                   const FigureSource& s, std::size_t design, Num num, lxw_format* text_format,
                   Role role) {
    if (r.text != nullptr) {
        formula_text(row, col, filled, r.text(s), text_format);
    } else if (r.array) {
        array_formula(row, col, filled, r.number(s), num);
    } else {
        formula(row, col, filled, r.number(s), num, role);
    }
    WorkbookFormula& w = book_->manifest().formulas.back();
    w.map_id = std::string(r.id);
    w.design = static_cast<int>(design);
    w.item = s.item;
    w.part = s.part;
}

void Sheet::mapped(int row, int col, std::string_view id,
                   const std::map<std::string_view, std::string>& cells, const FigureSource& s,
                   std::size_t design, Num num, Role role) {
    const FormulaRow& r = formula_row(id);
    mapped(row, col, r,
           fill_formula(r.templ, [&](std::string_view name) { return cells.at(name); }), s, design,
           num, nullptr, role);
}

void Sheet::comment(int row, int col, const std::string& text) {
    static char author[] = "podsizer"; // the library takes a char*
    lxw_comment_options options{};
    options.author = author;
    // Wide enough for a few ids a line (the default box is 128 x 74 pixels),
    // and as high as its lines: about 55 characters a line at 360 pixels,
    // 16 pixels a line, so a row's comment naming several columns' figures
    // shows whole on hover.
    options.width = 360;
    int lines = 0;
    for (std::size_t at = 0; at <= text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        lines += 1 + static_cast<int>((end - at) / 55);
        at = end + 1;
    }
    options.height = static_cast<std::uint16_t>(std::clamp(20 + 16 * lines, 120, 2000));
    check(worksheet_write_comment_opt(ws_, static_cast<lxw_row_t>(row), static_cast<lxw_col_t>(col),
                                      CellText(text).c_str(), &options),
          "comment");
}

void Sheet::formula_text(int row, int col, const std::string& f, const std::string& cached,
                         lxw_format* fmt) {
    const std::string shown = cell_text(cached);
    check(worksheet_write_formula_str(ws_, static_cast<lxw_row_t>(row), static_cast<lxw_col_t>(col),
                                      CellText(f, CellText::formula).c_str(),
                                      fmt != nullptr ? fmt : book_->text_formula(), shown.c_str()),
          "text formula");
    record(row, col, f, 0.0, false, &shown);
}

void Sheet::column_width(int first, int last, double width) {
    check(worksheet_set_column(ws_, static_cast<lxw_col_t>(first), static_cast<lxw_col_t>(last),
                               width, nullptr),
          "column width");
}

void Sheet::column_widths(std::initializer_list<std::tuple<int, int, double>> widths) {
    for (const auto& [first, last, width] : widths) {
        column_width(first, last, width);
    }
}

void Sheet::headers(int row, std::initializer_list<std::string_view> texts,
                    const std::function<bool(int)>& centred) {
    int col = 0;
    for (std::string_view t : texts) {
        text(row, col, std::string(t), centred(col) ? book_->header() : book_->header_left());
        ++col;
    }
}

namespace {

/// The height in points that shows every line of `texts` wrapped, or 0 when
/// each fits on one line (the row keeps its default).
template <typename Texts> double wrapped_height(const Texts& texts) {
    std::size_t most = 1;
    double height = kLineRow;
    for (const auto& [text, width, points] : texts) {
        // A column of width w holds about w digits of 11-point Calibri; text
        // averages a little narrower than digits, and smaller fonts fit more.
        // 1.1, not 1.2: words wrap whole, and LibreOffice's substitute font
        // ran wrapped findings past the row (REVIEW-3 part B #6).
        const double per_line = std::max(1.0, width * 1.1 * 11.0 / points);
        std::size_t count = 0;
        for (unsigned char c : text) {
            count += (c & 0xC0) != 0x80 ? 1 : 0;
        }
        const auto lines =
            static_cast<std::size_t>(std::ceil(static_cast<double>(count) / per_line));
        most = std::max(most, lines);
        // A line is about 1.3 times the font's size (13 points at 10).
        height = std::max(height, 1.3 * points * static_cast<double>(lines));
    }
    return most > 1 ? height : 0.0;
}

} // namespace

void Sheet::fit_height(int row, const std::vector<std::tuple<std::string, double, double>>& texts) {
    set_wrapped_height(row, wrapped_height(texts));
}

void Sheet::fit_height(int row,
                       std::initializer_list<std::tuple<std::string_view, double, double>> texts) {
    set_wrapped_height(row, wrapped_height(texts));
}

void Sheet::set_wrapped_height(int row, double height) {
    if (height > 0.0) {
        check(worksheet_set_row(ws_, static_cast<lxw_row_t>(row), height, nullptr), "row height");
    }
}

void Sheet::merged_text(int row, int first, int last, double width, const std::string& s,
                        lxw_format* f, double points) {
    const auto r = static_cast<lxw_row_t>(row);
    check(worksheet_merge_range(ws_, r, static_cast<lxw_col_t>(first), r,
                                static_cast<lxw_col_t>(last), CellText(s).c_str(), f),
          "merged range");
    fit_height(row, {{s, width, points}});
}

void Sheet::portrait() {
    portrait_ = true;
}

void Sheet::one_page() {
    one_page_ = true;
}

void Sheet::compact_rows() {
    worksheet_set_default_row(ws_, kLineRow, LXW_FALSE);
    row_height(0, kTitleRow);
}

void Sheet::flow_across_pages() {
    flow_ = true;
}

void Sheet::print_setup(int header_row, int first_repeated) {
    if (portrait_) {
        worksheet_set_portrait(ws_);
    } else {
        worksheet_set_landscape(ws_);
    }
    worksheet_set_paper(ws_, 9); // A4
    if (!flow_) {
        worksheet_fit_to_pages(ws_, 1, one_page_ ? 1 : 0);
    }
    worksheet_set_margins(ws_, kSideMargin, kSideMargin, 0.75, 0.6);
    check(worksheet_set_header(ws_, date_only_header_ ? book_->date_header_text().c_str()
                                                      : book_->header_text().c_str()),
          "header");
    check(worksheet_set_footer(ws_, book_->footer_text().c_str()), "footer");
    if (header_row >= 0) {
        check(worksheet_repeat_rows(ws_, static_cast<lxw_row_t>(first_repeated),
                                    static_cast<lxw_row_t>(header_row)),
              "repeat rows");
    }
}

void Sheet::print_area(int first_row, int first_col, int last_row, int last_col) {
    check(worksheet_print_area(ws_, static_cast<lxw_row_t>(first_row),
                               static_cast<lxw_col_t>(first_col), static_cast<lxw_row_t>(last_row),
                               static_cast<lxw_col_t>(last_col)),
          "print area");
}

void Sheet::freeze(int rows, int cols) {
    worksheet_freeze_panes(ws_, static_cast<lxw_row_t>(rows), static_cast<lxw_col_t>(cols));
}

void Sheet::hide_gridlines() {
    worksheet_gridlines(ws_, LXW_HIDE_ALL_GRIDLINES);
}

void Sheet::repeat_columns(int first, int last) {
    check(
        worksheet_repeat_columns(ws_, static_cast<lxw_col_t>(first), static_cast<lxw_col_t>(last)),
        "repeat columns");
}

void Sheet::merge_down(int first, int last, int col, const std::string& s, lxw_format* f) {
    const auto c = static_cast<lxw_col_t>(col);
    if (first == last) {
        text(first, col, s, f);
        return;
    }
    check(worksheet_merge_range(ws_, static_cast<lxw_row_t>(first), c, static_cast<lxw_row_t>(last),
                                c, CellText(s).c_str(), f),
          "merged block");
}

void Sheet::row_height(int row, double points) {
    check(worksheet_set_row(ws_, static_cast<lxw_row_t>(row), points, nullptr), "row height");
}

// ---------------------------------------------------------------- Book

Book::Book(const std::string& path, const std::string& date, const std::string& scenario)
    : path_(path) {
    const std::time_t created = parse_date(date);
    if (created < 0) {
        throw InputError("date", "\"" + date + "\" is not a date; expected YYYY-MM-DD");
    }
    set_deflate_level(kWorkbookDeflateLevel);
    lxw_workbook_options opts{};
    opts.constant_memory = LXW_FALSE;
    // The parts are assembled one at a time in temporary files before they
    // are zipped: in memory (/dev/shm) where the system has it, else in the
    // default place (libxlsxwriter falls back on its own when it cannot
    // create one there). About 4 % of `compare --xlsx` was the file system's
    // create, write and unlink of 30 parts (docs/performance.md).
    static char shm[] = "/dev/shm";
    opts.tmpdir = ::access(shm, W_OK | X_OK) == 0 ? shm : nullptr;
    opts.use_zip64 = LXW_FALSE;
    wb_ = workbook_new_opt(path.c_str(), &opts);
    if (wb_ == nullptr) {
        throw InputError(path, "cannot start a workbook");
    }
    // A fixed creation time (the given date) keeps the file reproducible.
    std::string title = xml_safe(scenario);
    std::string app = "podsizer " + std::string(version());
    lxw_doc_properties props{};
    props.title = title.data();
    props.comments = app.data();
    props.created = created;
    check(workbook_set_properties(wb_, &props), "properties");

    header_text_ = "&L&\"-,Bold\"" + header_escaped(xml_safe(scenario), 120) + "&R" + date;
    date_header_text_ = "&R" + date;
    footer_text_ = "&L&A&Rpodsizer " + std::string(version()) + " \xc2\xb7 page &P of &N";

    title_ = make({.bold = true, .size = 14});
    subtitle_ = make(kSubtitle);
    // The header band: white bold on dark blue, centred or left-aligned.
    Look band{.bold = true, .font = LXW_COLOR_WHITE, .fill = kHeaderFill, .wrap = true};
    band.valign = LXW_ALIGN_VERTICAL_CENTER;
    band.border = kBorder;
    Look centred = band;
    centred.align = LXW_ALIGN_CENTER;
    header_ = make(centred);
    header_left_ = make(band);
    section_ = make({.bold = true, .fill = kSectionFill, .border = kBorder});
    label_ = make({.wrap = true, .border = kBorder});
    note_ = make({.size = 9, .font = kValueFont, .wrap = true, .border = kBorder});
    text_value_ = make(kTextRight);
    text_formula_ = make(kTextRight);
    Look assumed = kTextRight;
    assumed.fill = kAssumedFill;
    text_assumed_ = make(assumed);
}

Book::~Book() {
    if (wb_ != nullptr) {
        // Not closed: an exception is on its way. workbook_close would write
        // a file; the caller's temporary file is removed anyway, and what
        // libxlsxwriter says about it is not the error on its way.
        const StderrCapture quiet;
        workbook_close(wb_);
    }
}

lxw_format* Book::subtitle_wrapped() {
    return made(subtitle_wrapped_, {.size = 10, .font = kValueFont, .wrap = true});
}

lxw_format* Book::text_wrapped() {
    return made(text_wrapped_, {.align = LXW_ALIGN_RIGHT, .wrap = true, .border = kBorder});
}

lxw_format* Book::text_left() {
    return made(text_left_, {.border = kBorder});
}

lxw_format* Book::section_wrapped() {
    return made(section_wrapped_,
                {.bold = true, .fill = kSectionFill, .wrap = true, .border = kBorder});
}

lxw_format* Book::warning() {
    return made(warning_, {.bold = true, .size = 10, .font = 0xC00000});
}

lxw_format* Book::block(lxw_color_t fill, lxw_color_t font, double points) {
    return made(blocks_[{fill, font, points}], {.size = points,
                                                .font = font,
                                                .fill = fill,
                                                .align = LXW_ALIGN_CENTER,
                                                .valign = LXW_ALIGN_VERTICAL_CENTER,
                                                .wrap = true,
                                                .border = 0x7F7F7F});
}

lxw_format* Book::made(lxw_format*& f, const Look& look) {
    if (f == nullptr) {
        f = make(look);
    }
    return f;
}

lxw_format* Book::make(const Look& look) {
    lxw_format* f = workbook_add_format(wb_);
    // Top-aligned, so rows with a wrapped note read from their first line.
    format_set_align(f, look.valign);
    format_set_font_name(f, "Calibri");
    format_set_font_size(f, look.size > 0 ? look.size : 10);
    if (look.bold) {
        format_set_bold(f);
    }
    // 0 leaves a colour unset (LXW_COLOR_UNSET).
    format_set_font_color(f, look.font);
    format_set_bg_color(f, look.fill);
    if (look.align != 0) {
        format_set_align(f, look.align);
    }
    if (look.wrap) {
        format_set_text_wrap(f);
    }
    if (look.border != 0) {
        format_set_border(f, LXW_BORDER_THIN);
        format_set_border_color(f, look.border);
    }
    return f;
}

lxw_format* Book::style(Num num, Role role) {
    lxw_format*& f = styles_[std::pair{num, role}];
    if (f != nullptr) {
        return f;
    }
    const lxw_color_t font = role == Role::input   ? kInputFont
                             : role == Role::value ? kValueFont
                                                   : 0;
    const lxw_color_t fill = role == Role::input     ? kInputFill
                             : role == Role::assumed ? kAssumedFill
                                                     : 0;
    f = make({.bold = role == Role::label, .font = font, .fill = fill, .border = kBorder});
    format_set_num_format(f, num_format(num));
    if (role == Role::value) {
        format_set_italic(f);
    }
    return f;
}

Sheet Book::add_sheet(const std::string& name) {
    lxw_worksheet* ws = workbook_add_worksheet(wb_, name.c_str());
    if (ws == nullptr) {
        throw std::logic_error("workbook: cannot add sheet \"" + name + "\"");
    }
    manifest_.sheets.push_back(name);
    return Sheet(*this, ws, name);
}

lxw_chart* Book::add_chart(std::uint8_t type) {
    lxw_chart* c = workbook_add_chart(wb_, type);
    if (c == nullptr) {
        throw std::logic_error("workbook: cannot add a chart");
    }
    return c;
}

void Book::define_name(const std::string& name, const std::string& formula) {
    check(workbook_define_name(wb_, name.c_str(), formula.c_str()), name.c_str());
}

void Book::close() {
    lxw_workbook* wb = wb_;
    wb_ = nullptr;
    const CNumericLocale c_numbers;
    const KeepHeapWhileClosing keep_heap;
    StderrCapture capture; // libxlsxwriter's own lines, this call only
    const lxw_error err = workbook_close(wb);
    const std::string said = capture.restore();
    if (err == LXW_NO_ERROR) {
        write_to_stderr(said); // warnings of a file that was written, as printed
        return;
    }
    // One line: libxlsxwriter's reason and the system's ("... the xlsx file
    // (No space left on device)").
    std::string message = std::string("cannot write the workbook: ") + lxw_strerror(err);
    const std::string cause = system_error_in(said);
    if (!cause.empty() && message.find(cause) == std::string::npos) {
        if (message.back() == '.') {
            message.pop_back();
        }
        message += " (" + cause + ")";
    }
    throw InputError(path_, message);
}

} // namespace podsizer::xlsx

// A thin C++ layer over libxlsxwriter for the proposal workbook: the styles
// it uses, A1 references, and cell writes that record every formula with its
// cached result in the manifest. Internal to podsizer::reports.
#pragma once

#include "podsizer/reports/formula_map.hpp"
#include "podsizer/reports/workbook.hpp"

#include <cstddef>
#include <ctime>
#include <functional>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>
#include <xlsxwriter.h>

namespace podsizer {
struct Metric;
}

namespace podsizer::xlsx {

/// "$B$5" (absolute) or "B5" for row 4, column 1 (0-based).
std::string cell(int row, int col, bool absolute = true);
/// A sheet name quoted for formulas: 'NCP pod' ('' for an apostrophe).
std::string quoted(const std::string& sheet);
/// 'Sheet'!$B$5
std::string ref(const std::string& sheet, int row, int col);
/// ='Sheet'!$B$5:$B$9 (the form chart ranges take).
std::string range(const std::string& sheet, int row1, int col1, int row2, int col2);

/// How a number is shown.
enum class Num {
    integer,    ///< #,##0
    one,        ///< #,##0.0
    two,        ///< #,##0.00
    three,      ///< #,##0.000
    percent,    ///< 0.0%
    precise,    ///< #,##0.0### (figures such as 61.44 TB or 0.5)
    scientific, ///< 0.00E+00 (probabilities such as 1.72E-03)
    times,      ///< #,##0.0"×" (the client-port headroom "2.1×", as the CLI writes it)
    text,       ///< text cells
};

/// How the workbook shows a metric of the registry (reports/metrics.hpp):
/// text for a text metric, every decimal given for a sheet_precise one
/// (61.44 TB), else its `decimals` as the CLI prints them (0.260 at three).
/// The one mapping of the Summary, the Slide and the diff sheet.
Num num_of(const Metric& m);

/// What a cell is: an input the user may change (blue), a formula (black),
/// a formula resting on a catalog figure nobody publishes (shaded; its
/// comment names the figure, docs/model.md §14), or a value podsizer
/// computed that is not a formula (grey italic).
enum class Role { input, formula, assumed, value, label };

class Book;
struct Look;

/// The scale at which columns of these widths (in characters, Excel's
/// column unit) fill the printable width of print_setup's landscape A4 page:
/// 1 when they fit at full size.
double landscape_fit_scale(const std::vector<double>& widths);

class Sheet {
public:
    Sheet(Book& book, lxw_worksheet* ws, std::string name) : book_(&book), ws_(ws), name_(name) {}

    const std::string& name() const { return name_; }
    lxw_worksheet* raw() const { return ws_; }

    void text(int row, int col, const std::string& s, lxw_format* f = nullptr);
    void number(int row, int col, double v, Num num, Role role);
    /// The sheet's title in A1 and each of `subtitles` below it, a row each.
    void titles(const std::string& title, std::initializer_list<std::string> subtitles);
    /// A formula with its cached numeric result (recorded in the manifest).
    void formula(int row, int col, const std::string& f, double cached, Num num,
                 Role role = Role::formula);
    /// An array formula over one cell (a search over ROW(1:n), which an
    /// ordinary formula would evaluate at one row), with its cached result.
    void array_formula(int row, int col, const std::string& f, double cached, Num num);
    /// A formula whose result is text, with its cached text.
    void formula_text(int row, int col, const std::string& f, const std::string& cached,
                      lxw_format* fmt = nullptr);
    /// A formula of the map (formula_map.hpp): `filled` is row `r`'s template
    /// with its placeholders filled, cached with the row's figure of `s`
    /// (design `design` of the result), and listed in the manifest under
    /// the row's id; a text row in `text_format` (null: the formulas' look).
    /// A numeric row's cell in `role` (Role::assumed: resting on an assumed price).
    void mapped(int row, int col, const FormulaRow& r, const std::string& filled,
                const FigureSource& s, std::size_t design, Num num,
                lxw_format* text_format = nullptr, Role role = Role::formula);
    /// Row `id` of the map, its placeholders filled from `cells`.
    void mapped(int row, int col, std::string_view id,
                const std::map<std::string_view, std::string>& cells, const FigureSource& s,
                std::size_t design, Num num, Role role = Role::formula);
    std::string ref(int row, int col) const { return xlsx::ref(name_, row, col); }
    /// A comment (a note shown on hover) on a cell.
    void comment(int row, int col, const std::string& text);

    void column_width(int first, int last, double width);
    /// column_width of each (first, last, width), in order.
    void column_widths(std::initializer_list<std::tuple<int, int, double>> widths);
    /// Header cells of `row` from column 0: centred (the book's header())
    /// where `centred` holds for the column, else left-aligned.
    void headers(int row, std::initializer_list<std::string_view> texts,
                 const std::function<bool(int)>& centred);
    /// The same, the first `left` columns left-aligned and the rest centred.
    void headers(int row, std::initializer_list<std::string_view> texts, int left) {
        headers(row, texts, [left](int c) { return c >= left; });
    }
    /// Sets the row's height to show every line of wrapped text: each entry
    /// is (text, column width in characters, font size in points). Spreadsheet
    /// programs do not grow rows on load, so the writer estimates it.
    void fit_height(int row, const std::vector<std::tuple<std::string, double, double>>& texts);
    /// The same for a list written in place, without copying its texts.
    void fit_height(int row,
                    std::initializer_list<std::tuple<std::string_view, double, double>> texts);
    /// A text across columns first..last of `row`, merged and wrapped, the
    /// row as high as its lines (`width`: the columns' width in characters),
    /// so a long note stays on the printed page.
    void merged_text(int row, int first, int last, double width, const std::string& s,
                     lxw_format* f, double points = 10.0);
    /// Portrait instead of landscape (long narrow tables).
    void portrait();
    /// Shrunk to one page high as well as wide (the Summary: one page to show).
    void one_page();
    /// Rows as high as a line of the sheet's 10-point text, 13 points (Excel
    /// gives 10-point Calibri 12.75), not the 15 of Excel's 11-point default;
    /// the title row keeps room for its 14 points. Call before any row
    /// height is set. A design sheet is some 120 rows (issue 51: the NCP
    /// pod's printed its findings alone on a fourth page).
    void compact_rows();
    /// Columns at full size, running on to further pages, instead of the
    /// sheet shrunk to one page wide: a table too wide to shrink legibly (the
    /// batch Results; repeat_columns names the rows on every page).
    void flow_across_pages();
    /// Landscape A4, one page wide (unless flow_across_pages), header with
    /// the scenario and date, page numbers in the footer, rows
    /// `first_repeated` to `header_row` repeated on each page.
    void print_setup(int header_row, int first_repeated = 0);
    /// Only these cells are printed.
    void print_area(int first_row, int first_col, int last_row, int last_col);
    void freeze(int rows, int cols);
    /// No gridlines on screen or on paper (a slide table).
    void hide_gridlines();
    /// The page header gives the date only: the sheet's own title names the
    /// scenario (the Slide, so its title prints once).
    void date_only_header() { date_only_header_ = true; }
    /// Column A printed on every page (a table wider or longer than one page).
    void repeat_label_column() { repeat_columns(0, 0); }
    /// Columns first..last printed on every page.
    void repeat_columns(int first, int last);
    /// Merges rows first..last of column `col` into one cell holding `s`.
    void merge_down(int first, int last, int col, const std::string& s, lxw_format* f);
    /// A row's height in points.
    void row_height(int row, double points);

private:
    /// Sets the row's height when `height` > 0 (fit_height's estimate).
    void set_wrapped_height(int row, double height);
    /// Lists a formula cell in the book's manifest; `text`: a text formula's cached text.
    void record(int row, int col, const std::string& f, double cached, bool is_array,
                const std::string* text = nullptr);
    Book* book_;
    lxw_worksheet* ws_;
    std::string name_;
    bool portrait_ = false;
    bool one_page_ = false;
    bool flow_ = false;
    bool date_only_header_ = false;
};

class Book {
public:
    /// Opens a workbook to be written to `path` (the caller makes it atomic).
    Book(const std::string& path, const std::string& date, const std::string& scenario);
    ~Book();
    Book(const Book&) = delete;
    Book& operator=(const Book&) = delete;

    Sheet add_sheet(const std::string& name);
    lxw_chart* add_chart(std::uint8_t type);
    void define_name(const std::string& name, const std::string& formula);
    /// Writes the file; throws InputError naming `path` when it cannot.
    void close();

    lxw_format* style(Num num, Role role);
    // Named styles for headings and tables.
    lxw_format* title() const { return title_; }
    lxw_format* subtitle() const { return subtitle_; }
    /// The subtitle's look, wrapped (for merged_text); made on first use, so
    /// a workbook without one is what it was.
    lxw_format* subtitle_wrapped();
    lxw_format* header() const { return header_; }
    lxw_format* header_left() const { return header_left_; }
    lxw_format* section() const { return section_; }
    lxw_format* label() const { return label_; }
    lxw_format* note() const { return note_; }
    lxw_format* text_value() const { return text_value_; }
    lxw_format* text_formula() const { return text_formula_; }
    /// A text formula resting on an assumed figure: shaded like Role::assumed.
    lxw_format* text_assumed() const { return text_assumed_; }
    /// text_value, wrapped (a long model name in a narrow column).
    lxw_format* text_wrapped();
    /// text_value aligned left: a long text that runs on to the right (the
    /// batch Results' findings, its last column). Made on first use.
    lxw_format* text_left();
    /// The section band, wrapped (merged_text across a sheet). Made on first use.
    lxw_format* section_wrapped();
    /// Bold dark red, for a note that a figure is stale (made on first use).
    lxw_format* warning();
    /// A centred, wrapped block filled with `fill`, text in `font` at
    /// `points` (the Slide's rack picture), one format per combination.
    lxw_format* block(lxw_color_t fill, lxw_color_t font, double points);

    WorkbookManifest& manifest() { return manifest_; }
    const std::string& header_text() const { return header_text_; }
    const std::string& footer_text() const { return footer_text_; }
    const std::string& date_header_text() const { return date_header_text_; }

private:
    lxw_format* make(const Look& look);
    /// `f`, made with `look` on first use.
    lxw_format* made(lxw_format*& f, const Look& look);

    lxw_workbook* wb_ = nullptr;
    std::string path_;
    std::string header_text_;
    std::string footer_text_;
    std::string date_header_text_;
    std::map<std::pair<Num, Role>, lxw_format*> styles_;
    std::map<std::tuple<lxw_color_t, lxw_color_t, double>, lxw_format*> blocks_;
    lxw_format* warning_ = nullptr;
    lxw_format* text_wrapped_ = nullptr;
    lxw_format* text_left_ = nullptr;
    lxw_format* section_wrapped_ = nullptr;
    lxw_format* title_ = nullptr;
    lxw_format* subtitle_ = nullptr;
    lxw_format* subtitle_wrapped_ = nullptr;
    lxw_format* header_ = nullptr;
    lxw_format* header_left_ = nullptr;
    lxw_format* section_ = nullptr;
    lxw_format* label_ = nullptr;
    lxw_format* note_ = nullptr;
    lxw_format* text_value_ = nullptr;
    lxw_format* text_formula_ = nullptr;
    lxw_format* text_assumed_ = nullptr;
    WorkbookManifest manifest_;
};

/// Excel's limit on the text of one cell, a cell comment or a cached text
/// result: 32,767 characters, counted as Excel counts them (UTF-16 code
/// units). libxlsxwriter refuses a longer string, which ended every export
/// (third red-team round, defect 1: a 32,768-character catalog note).
inline constexpr std::size_t kMaxCellChars = 32'767;

/// `text` as a cell may hold it: xml_safe, and when longer than
/// kMaxCellChars cut at a character boundary with a visible mark saying how
/// much was left out ("… [cut: 1,233 more characters]"), the whole within the
/// limit. Every text the Sheet writes passes here, whatever field it came from.
std::string cell_text(std::string_view text);

/// Throws std::logic_error for a libxlsxwriter error that means a bug here
/// (bad range, invalid name), with the library's description.
void check(lxw_error err, const char* what);

/// The colours of a chart's series (designs, checkpoint jobs): Okabe-Ito,
/// distinguishable with colour-vision deficiencies.
inline constexpr lxw_color_t kSeriesColours[] = {0x0072B2, 0xE69F00, 0x009E73,
                                                 0xCC79A7, 0x56B4E9, 0xD55E00};

/// The colour of series i, the palette repeating past its end.
constexpr lxw_color_t series_colour(std::size_t i) {
    return kSeriesColours[i % std::size(kSeriesColours)];
}

/// How a chart sits on its sheet: where its legend goes and its size against
/// libxlsxwriter's default.
struct ChartPlacement {
    std::uint8_t legend; ///< LXW_CHART_LEGEND_*
    double x_scale;
    double y_scale;
};

/// What every chart of the workbook shares: 9-point axis numbers, then the
/// legend and size of `how`, and the chart inserted with its top left at
/// (row, col). `what` names it in an error.
void place_chart(Sheet& sheet, lxw_chart* chart, int row, int col, ChartPlacement how,
                 const char* what);

/// A chart series' line: `colour`, `width` points wide, `dash`d; none (the
/// series' markers alone) for a width of 0.
lxw_chart_line chart_line(lxw_color_t colour, double width,
                          std::uint8_t dash = LXW_CHART_LINE_DASH_SOLID);

/// Adds the series (xs, ys) called `name` to `chart`, drawn with `line` and
/// marked with `marker` (LXW_CHART_MARKER_*) of `size` points (0: the default).
lxw_chart_series* add_series(lxw_chart* chart, const std::string& xs, const std::string& ys,
                             const std::string& name, lxw_chart_line line, std::uint8_t marker,
                             std::uint8_t size = 0);

} // namespace podsizer::xlsx

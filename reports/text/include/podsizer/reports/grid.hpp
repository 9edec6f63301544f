// A rectangular table of strings, rendered as aligned text, Markdown or CSV.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace podsizer {

/// What a row means beyond its text: a verdict row ("Meets requirements")
/// is the one a reader looks at first.
enum class RowRole : std::uint8_t { plain, verdict };
/// What a cell means beyond its text: a requirement met or not met.
enum class CellRole : std::uint8_t { plain, met, not_met };

struct Grid {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    /// Columns from this index on are right-aligned (numbers).
    std::size_t numeric_from = 1;
    /// Roles carried as data, so a viewer styles by meaning and never by
    /// reading a label or a "NO". Per row; rows past the end are plain.
    std::vector<RowRole> row_roles;
    /// Per row, per column; cells past the ends are plain.
    std::vector<std::vector<CellRole>> cell_roles;
    /// Per row, per column: the ids of the catalog figures of kind assumption
    /// a cell's figure rests on (docs/model.md §14). The text renderers mark
    /// such a cell with kAssumedMarker and name the ids under the table, the
    /// GUI in a tooltip; CSV carries neither (the JSON has the ids).
    std::vector<std::vector<std::vector<std::string>>> cell_assumptions;

    RowRole row_role(std::size_t row) const;
    CellRole cell_role(std::size_t row, std::size_t col) const;
    void set_row_role(std::size_t row, RowRole role);
    void set_cell_role(std::size_t row, std::size_t col, CellRole role);
    const std::vector<std::string>& assumptions(std::size_t row, std::size_t col) const;
    void set_assumptions(std::size_t row, std::size_t col, std::vector<std::string> ids);
    /// Every cell's ids, in the order of first use (rows, then columns).
    std::vector<std::string> all_assumptions() const;

    /// The same grid with rows and columns swapped (cell roles follow their
    /// cells; row roles, which become columns, are dropped).
    Grid transposed() const;
};

/// Marks `row` a verdict row and its cells from column `first` on met or not
/// met, one entry per cell (nullopt: the verdict does not apply, plain).
void mark_verdicts(Grid& g, std::size_t row, std::size_t first,
                   const std::vector<std::optional<bool>>& met);

/// "Label (unit)", or the label alone when there is no unit: a metric's name
/// as people read it, in every table of metrics.
std::string label_with_unit(std::string_view label, std::string_view unit);

/// A table of metrics by column, its header begun: for machines (CSV, JSON
/// rows) key, metric and unit, numbers from the fourth column on; for people
/// one "Metric" column. The caller appends one header cell a column.
Grid metric_grid(bool machine);
/// A row of a metric_grid begun: key, label and unit for machines, the label
/// with its unit for people. The caller appends one cell a column.
std::vector<std::string> metric_row(std::string_view key, std::string_view label,
                                    std::string_view unit, bool machine);

/// What marks a cell that rests on an assumed catalog figure.
inline constexpr std::string_view kAssumedMarker = "*";

/// The rows as people see them, in a table or in the GUI: a cell resting on
/// an assumption carries kAssumedMarker. At least as many cells a row as
/// the header has.
std::vector<std::vector<std::string>> displayed_rows(const Grid& g);

/// The line under a table naming the assumed figures its marked cells rest
/// on, wrapped for a terminal (or one Markdown paragraph); empty when no cell
/// is marked. Ends with a newline. For the operator it names the command
/// that says why (`podsizer catalog show ID`); for the customer's pages (the
/// PDF) it says where the reason is kept, in words, with no command.
enum class FootnoteReader { operator_, customer };
std::string assumptions_footnote(const Grid& g, bool markdown,
                                 FootnoteReader reader = FootnoteReader::operator_);

/// Aligned plain text with a rule under the header; marked cells carry
/// kAssumedMarker and the footnote follows the table.
std::string render_text(const Grid& g);
/// A GitHub-flavoured Markdown table (pipes in cells escaped), with the
/// footnote as a paragraph under it.
std::string render_markdown(const Grid& g);
/// RFC 4180 CSV: CRLF line ends, fields quoted when they contain , " or a line break.
std::string render_csv(const Grid& g);

/// One CSV field, quoted per RFC 4180 when needed.
std::string csv_field(const std::string& s);
/// Appends one CSV line of `columns` fields to `out` (missing cells empty,
/// extra ones left out, as render_csv writes each row), CRLF-terminated.
void append_csv_line(std::string& out, const std::vector<std::string>& row, std::size_t columns);

} // namespace podsizer

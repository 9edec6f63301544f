// A rectangular table of strings, rendered as aligned text, Markdown or CSV.
#pragma once

#include <string>
#include <vector>

namespace podsizer {

struct Grid {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    /// Columns from this index on are right-aligned (numbers).
    std::size_t numeric_from = 1;

    /// The same grid with rows and columns swapped.
    Grid transposed() const;
};

/// Aligned plain text with a rule under the header.
std::string render_text(const Grid& g);
/// A GitHub-flavoured Markdown table (pipes in cells escaped).
std::string render_markdown(const Grid& g);
/// RFC 4180 CSV: CRLF line ends, fields quoted when they contain , " or a line break.
std::string render_csv(const Grid& g);

/// One CSV field, quoted per RFC 4180 when needed.
std::string csv_field(const std::string& s);

} // namespace podsizer

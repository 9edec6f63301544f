#include "podsizer/reports/grid.hpp"

#include "podsizer/catalog/safe_text.hpp"

#include <algorithm>

namespace podsizer {

namespace {

// Display width in code points, so "±" or "≈" do not break alignment.
std::size_t width(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char c : s) {
        if ((c & 0xC0) != 0x80) {
            ++n;
        }
    }
    return n;
}

std::string pad(const std::string& s, std::size_t w, bool right) {
    const std::size_t have = width(s);
    if (have >= w) {
        return s;
    }
    const std::string fill(w - have, ' ');
    return right ? fill + s : s + fill;
}

std::vector<std::size_t> column_widths(const std::vector<std::string>& header,
                                       const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::size_t> w(header.size(), 0);
    for (std::size_t c = 0; c < header.size(); ++c) {
        w[c] = width(header[c]);
    }
    for (const auto& row : rows) {
        for (std::size_t c = 0; c < row.size() && c < w.size(); ++c) {
            w[c] = std::max(w[c], width(row[c]));
        }
    }
    return w;
}

std::string cell(const std::vector<std::string>& row, std::size_t c) {
    return c < row.size() ? row[c] : std::string{};
}

/// A cell as the text renderers show it: with the marker when it rests on an
/// assumption.
std::string shown(const Grid& g, std::size_t r, std::size_t c) {
    std::string s = cell(g.rows[r], c);
    if (!g.assumptions(r, c).empty()) {
        s += kAssumedMarker;
    }
    return s;
}

const std::vector<std::string> kNoAssumptions;

// A table cell shows at most this many characters: every row is padded to
// its column's widest cell, so one 15 MB name made a 405 MB table (second
// red-team round, defect 14; docs/robustness.md). Names from files are
// refused past 200 characters; this also bounds the GUI's and other text.
constexpr std::size_t kMaxCellChars = 200;

std::string cut(const std::string& raw) {
    // Names from files hold no control character; a batch's file names and
    // the GUI's text may: escaped, so none reaches the terminal (defect 11).
    const std::string s =
        find_unsafe_char(raw, true) == std::string::npos ? raw : printable(raw, kMaxCellChars + 1);
    if (width(s) <= kMaxCellChars) {
        return s;
    }
    std::size_t points = 0;
    std::size_t i = 0;
    for (; i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80 && ++points == kMaxCellChars) {
            break; // i starts the last character shown: the ellipsis
        }
    }
    return s.substr(0, i) + "\xe2\x80\xa6";
}

} // namespace

std::vector<std::vector<std::string>> displayed_rows(const Grid& g) {
    std::vector<std::vector<std::string>> rows;
    rows.reserve(g.rows.size());
    for (std::size_t r = 0; r < g.rows.size(); ++r) {
        std::vector<std::string> row;
        for (std::size_t c = 0; c < std::max(g.rows[r].size(), g.header.size()); ++c) {
            row.push_back(shown(g, r, c));
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

const std::vector<std::string>& Grid::assumptions(std::size_t row, std::size_t col) const {
    if (row >= cell_assumptions.size() || col >= cell_assumptions[row].size()) {
        return kNoAssumptions;
    }
    return cell_assumptions[row][col];
}

void Grid::set_assumptions(std::size_t row, std::size_t col, std::vector<std::string> ids) {
    if (ids.empty() && assumptions(row, col).empty()) {
        return;
    }
    if (cell_assumptions.size() <= row) {
        cell_assumptions.resize(row + 1);
    }
    if (cell_assumptions[row].size() <= col) {
        cell_assumptions[row].resize(col + 1);
    }
    cell_assumptions[row][col] = std::move(ids);
}

std::vector<std::string> Grid::all_assumptions() const {
    std::vector<std::string> all;
    for (const auto& row : cell_assumptions) {
        for (const auto& ids : row) {
            for (const std::string& id : ids) {
                if (std::find(all.begin(), all.end(), id) == all.end()) {
                    all.push_back(id);
                }
            }
        }
    }
    return all;
}

std::string assumptions_footnote(const Grid& g, bool markdown, FootnoteReader reader) {
    std::vector<std::string> ids = g.all_assumptions();
    if (ids.empty()) {
        return {};
    }
    // Sorted, so each catalog entry's figures stand together.
    std::sort(ids.begin(), ids.end());
    const std::string marker =
        markdown ? "\\" + std::string(kAssumedMarker) : std::string(kAssumedMarker);
    const std::string why = reader == FootnoteReader::customer
                                ? "the sizing catalog records why each was assumed"
                                : "`podsizer catalog show ID` says why";
    std::string text =
        marker + " rests on catalog figures nobody publishes (ASSUMPTION; " + why + "):";
    if (markdown) {
        for (std::size_t i = 0; i < ids.size(); ++i) {
            text += (i == 0 ? " " : ", ") + ids[i];
        }
        return text + "\n";
    }
    // Wrapped at 100 columns, continuation lines indented under the text.
    std::string out;
    std::string line = text;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const std::string item = ids[i] + (i + 1 < ids.size() ? "," : "");
        if (width(line) + 1 + width(item) > 100) {
            out += line + "\n";
            line = "  " + item;
        } else {
            line += " " + item;
        }
    }
    return out + line + "\n";
}

RowRole Grid::row_role(std::size_t row) const {
    return row < row_roles.size() ? row_roles[row] : RowRole::plain;
}

CellRole Grid::cell_role(std::size_t row, std::size_t col) const {
    if (row >= cell_roles.size() || col >= cell_roles[row].size()) {
        return CellRole::plain;
    }
    return cell_roles[row][col];
}

void Grid::set_row_role(std::size_t row, RowRole role) {
    if (row_roles.size() <= row) {
        row_roles.resize(row + 1, RowRole::plain);
    }
    row_roles[row] = role;
}

void Grid::set_cell_role(std::size_t row, std::size_t col, CellRole role) {
    if (cell_roles.size() <= row) {
        cell_roles.resize(row + 1);
    }
    if (cell_roles[row].size() <= col) {
        cell_roles[row].resize(col + 1, CellRole::plain);
    }
    cell_roles[row][col] = role;
}

void mark_verdicts(Grid& g, std::size_t row, std::size_t first,
                   const std::vector<std::optional<bool>>& met) {
    g.set_row_role(row, RowRole::verdict);
    for (std::size_t k = 0; k < met.size(); ++k) {
        if (met[k]) {
            g.set_cell_role(row, first + k, *met[k] ? CellRole::met : CellRole::not_met);
        }
    }
}

Grid Grid::transposed() const {
    Grid t;
    t.numeric_from = 1;
    const std::size_t cols = header.size();
    t.header.push_back(cols > 0 ? header[0] : std::string{});
    for (const auto& row : rows) {
        t.header.push_back(cell(row, 0));
    }
    for (std::size_t c = 1; c < cols; ++c) {
        std::vector<std::string> r{header[c]};
        for (const auto& row : rows) {
            r.push_back(cell(row, c));
        }
        t.rows.push_back(std::move(r));
    }
    // Cell (row i, column c) moves to (row c - 1, column i + 1).
    for (std::size_t i = 0; i < rows.size(); ++i) {
        for (std::size_t c = 1; c < cols; ++c) {
            if (cell_role(i, c) != CellRole::plain) {
                t.set_cell_role(c - 1, i + 1, cell_role(i, c));
            }
            t.set_assumptions(c - 1, i + 1, assumptions(i, c));
        }
    }
    return t;
}

std::string render_text(const Grid& g) {
    auto rows = displayed_rows(g);
    for (auto& row : rows) {
        for (std::string& s : row) {
            s = cut(s);
        }
    }
    std::vector<std::string> header = g.header;
    for (std::string& s : header) {
        s = cut(s);
    }
    const auto w = column_widths(header, rows);
    std::string out;
    auto line = [&](const std::vector<std::string>& row) {
        std::string l;
        for (std::size_t c = 0; c < w.size(); ++c) {
            if (c > 0) {
                l += "  ";
            }
            l += pad(cell(row, c), w[c], c >= g.numeric_from);
        }
        while (!l.empty() && l.back() == ' ') {
            l.pop_back();
        }
        out += l + "\n";
    };
    line(header);
    std::string rule;
    for (std::size_t c = 0; c < w.size(); ++c) {
        rule += (c > 0 ? "  " : "") + std::string(w[c], '-');
    }
    out += rule + "\n";
    for (const auto& row : rows) {
        line(row);
    }
    const std::string note = assumptions_footnote(g, false);
    return note.empty() ? out : out + "\n" + note;
}

std::string render_markdown(const Grid& g) {
    auto esc = [](const std::string& s) {
        std::string o;
        for (char ch : s) {
            if (ch == '|') {
                o += "\\|";
            } else if (ch == '\n' || ch == '\r') {
                o += ' '; // a line break would end the table row (m9)
            } else {
                o += ch;
            }
        }
        return find_unsafe_char(o, true) == std::string::npos ? o : printable(o, o.size());
    };
    std::string out = "|";
    for (const auto& h : g.header) {
        out += " " + esc(h) + " |";
    }
    out += "\n|";
    for (std::size_t c = 0; c < g.header.size(); ++c) {
        out += c >= g.numeric_from ? " ---: |" : " --- |";
    }
    out += "\n";
    for (std::size_t r = 0; r < g.rows.size(); ++r) {
        out += "|";
        for (std::size_t c = 0; c < g.header.size(); ++c) {
            std::string s = esc(cell(g.rows[r], c));
            if (!g.assumptions(r, c).empty()) {
                s += "\\" + std::string(kAssumedMarker); // a literal *, not emphasis
            }
            out += " " + s + " |";
        }
        out += "\n";
    }
    const std::string note = assumptions_footnote(g, true);
    return note.empty() ? out : out + "\n" + note;
}

namespace {

/// csv_field appended in place: a sweep writes some hundred fields a run.
void append_csv_field(std::string& out, const std::string& s) {
    if (s.find_first_of(",\"\r\n") == std::string::npos) {
        out += s;
        return;
    }
    out += '"';
    for (char ch : s) {
        if (ch == '"') {
            out += '"';
        }
        out += ch;
    }
    out += '"';
}

} // namespace

std::string csv_field(const std::string& s) {
    std::string o;
    append_csv_field(o, s);
    return o;
}

void append_csv_line(std::string& out, const std::vector<std::string>& row, std::size_t columns) {
    for (std::size_t c = 0; c < columns; ++c) {
        if (c > 0) {
            out += ',';
        }
        if (c < row.size()) {
            append_csv_field(out, row[c]);
        }
    }
    out += "\r\n";
}

std::string render_csv(const Grid& g) {
    std::string out;
    append_csv_line(out, g.header, g.header.size());
    for (const auto& row : g.rows) {
        append_csv_line(out, row, g.header.size());
    }
    return out;
}

std::string label_with_unit(std::string_view label, std::string_view unit) {
    std::string out(label);
    if (!unit.empty()) {
        out += " (";
        out += unit;
        out += ")";
    }
    return out;
}

Grid metric_grid(bool machine) {
    Grid g;
    if (machine) {
        g.header = {"key", "metric", "unit"};
        g.numeric_from = 3;
    } else {
        g.header = {"Metric"};
    }
    return g;
}

std::vector<std::string> metric_row(std::string_view key, std::string_view label,
                                    std::string_view unit, bool machine) {
    if (machine) {
        return {std::string(key), std::string(label), std::string(unit)};
    }
    return {label_with_unit(label, unit)};
}

} // namespace podsizer

#include "podsizer/reports/grid.hpp"

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

std::vector<std::size_t> column_widths(const Grid& g) {
    std::vector<std::size_t> w(g.header.size(), 0);
    for (std::size_t c = 0; c < g.header.size(); ++c) {
        w[c] = width(g.header[c]);
    }
    for (const auto& row : g.rows) {
        for (std::size_t c = 0; c < row.size() && c < w.size(); ++c) {
            w[c] = std::max(w[c], width(row[c]));
        }
    }
    return w;
}

std::string cell(const std::vector<std::string>& row, std::size_t c) {
    return c < row.size() ? row[c] : std::string{};
}

} // namespace

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
        }
    }
    return t;
}

std::string render_text(const Grid& g) {
    const auto w = column_widths(g);
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
    line(g.header);
    std::string rule;
    for (std::size_t c = 0; c < w.size(); ++c) {
        rule += (c > 0 ? "  " : "") + std::string(w[c], '-');
    }
    out += rule + "\n";
    for (const auto& row : g.rows) {
        line(row);
    }
    return out;
}

std::string render_markdown(const Grid& g) {
    auto esc = [](const std::string& s) {
        std::string o;
        for (char ch : s) {
            if (ch == '|') {
                o += "\\|";
            } else if (ch == '\n') {
                o += ' ';
            } else {
                o += ch;
            }
        }
        return o;
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
    for (const auto& row : g.rows) {
        out += "|";
        for (std::size_t c = 0; c < g.header.size(); ++c) {
            out += " " + esc(cell(row, c)) + " |";
        }
        out += "\n";
    }
    return out;
}

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\r\n") == std::string::npos) {
        return s;
    }
    std::string o = "\"";
    for (char ch : s) {
        if (ch == '"') {
            o += "\"\"";
        } else {
            o += ch;
        }
    }
    return o + "\"";
}

std::string render_csv(const Grid& g) {
    std::string out;
    auto line = [&](const std::vector<std::string>& row) {
        for (std::size_t c = 0; c < g.header.size(); ++c) {
            if (c > 0) {
                out += ',';
            }
            out += csv_field(cell(row, c));
        }
        out += "\r\n";
    };
    line(g.header);
    for (const auto& row : g.rows) {
        line(row);
    }
    return out;
}

} // namespace podsizer

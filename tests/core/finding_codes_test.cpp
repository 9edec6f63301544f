// The findings table (core/include/podsizer/core/findings.def) against the
// document that explains it: every code is described in docs/model.md under the
// heading its row names, with the row's severity, and every code docs/model.md
// §11 describes is a row (docs/architecture.md, "Findings").
#include "podsizer/core/finding.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace podsizer;

namespace {

struct Heading {
    int level = 0;
    std::string anchor;
    std::size_t line = 0;
};

/// GitHub's heading anchor: lower case, spaces to '-', punctuation other than
/// '-' and '_' dropped ("## 11. Findings" -> "11-findings").
std::string anchor_of(const std::string& title) {
    std::string out;
    for (unsigned char c : title) {
        if (std::isalnum(c) || c == '-' || c == '_') {
            out += static_cast<char>(std::tolower(c));
        } else if (c == ' ') {
            out += '-';
        }
    }
    return out;
}

std::vector<std::string> model_lines() {
    std::istringstream in(
        test_support::read_file(std::string(PODSIZER_SOURCE_DIR) + "/docs/model.md"));
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

std::vector<Heading> headings(const std::vector<std::string>& lines) {
    std::vector<Heading> out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string& l = lines[i];
        const std::size_t hashes = l.find_first_not_of('#');
        if (hashes > 0 && hashes != std::string::npos && l[hashes] == ' ') {
            out.push_back({static_cast<int>(hashes), anchor_of(l.substr(hashes + 1)), i});
        }
    }
    return out;
}

/// The lines under the heading with `anchor`, up to the next heading of the
/// same or a higher level; empty when no heading has that anchor.
std::vector<std::string> section(const std::vector<std::string>& lines, const std::string& anchor) {
    const std::vector<Heading> hs = headings(lines);
    for (std::size_t i = 0; i < hs.size(); ++i) {
        if (hs[i].anchor != anchor) {
            continue;
        }
        std::size_t end = lines.size();
        for (std::size_t j = i + 1; j < hs.size(); ++j) {
            if (hs[j].level <= hs[i].level) {
                end = hs[j].line;
                break;
            }
        }
        return {lines.begin() + static_cast<std::ptrdiff_t>(hs[i].line) + 1,
                lines.begin() + static_cast<std::ptrdiff_t>(end)};
    }
    return {};
}

/// A table row's cells: "| `a`, `b` | warning | … |" -> {"`a`, `b`", "warning", …}.
std::vector<std::string> cells(const std::string& row) {
    std::vector<std::string> out;
    std::istringstream in(row.substr(1));
    for (std::string cell; std::getline(in, cell, '|');) {
        const auto first = cell.find_first_not_of(' ');
        const auto last = cell.find_last_not_of(' ');
        out.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
    }
    return out;
}

/// The codes a table row's first cell names, each in backquotes.
std::vector<std::string> codes_in(const std::string& cell) {
    std::vector<std::string> out;
    for (std::size_t at = cell.find('`'); at != std::string::npos;) {
        const std::size_t end = cell.find('`', at + 1);
        if (end == std::string::npos) {
            break;
        }
        out.push_back(cell.substr(at + 1, end - at - 1));
        at = cell.find('`', end + 1);
    }
    return out;
}

/// The severity cells of the table rows of `lines` that name `code`.
std::vector<std::string> documented(const std::vector<std::string>& lines,
                                    const std::string& code) {
    std::vector<std::string> out;
    for (const std::string& l : lines) {
        if (l.rfind("| ", 0) != 0) {
            continue;
        }
        const std::vector<std::string> c = cells(l);
        const std::vector<std::string> codes = codes_in(c.front());
        if (c.size() > 1 && std::find(codes.begin(), codes.end(), code) != codes.end()) {
            out.push_back(c[1]);
        }
    }
    return out;
}

} // namespace

TEST_CASE("every finding code is documented in docs/model.md under its anchor, with its severity") {
    const std::vector<std::string> lines = model_lines();
    REQUIRE(lines.size() > 100);
    for (const FindingKind& k : finding_kinds()) {
        INFO(k.name << " at #" << k.anchor);
        const std::vector<std::string> where = section(lines, std::string(k.anchor));
        REQUIRE_FALSE(where.empty());
        const std::vector<std::string> rows = documented(where, std::string(k.name));
        REQUIRE(rows.size() == 1);
        // The severity cell names the row's severity ("warning (info for
        // `durability`)" names both of the severities of its row).
        CHECK(rows.front().find(std::string(to_string(k.severity))) != std::string::npos);
    }
}

TEST_CASE("every code in the findings tables of docs/model.md §11 is a row of the table") {
    std::set<std::string> known;
    for (const FindingKind& k : finding_kinds()) {
        known.insert(std::string(k.name));
    }
    int rows = 0;
    for (const std::string& l : section(model_lines(), "11-findings")) {
        if (l.rfind("| `", 0) != 0) {
            continue;
        }
        for (const std::string& code : codes_in(cells(l).front())) {
            INFO(l);
            CHECK(known.count(code) == 1);
            ++rows;
        }
    }
    CHECK(rows >= static_cast<int>(finding_kinds().size()));
}

TEST_CASE("finding codes are unique, lower-case words joined by '-', one severity each") {
    std::set<std::string_view> seen;
    for (const FindingKind& k : finding_kinds()) {
        INFO(k.name);
        CHECK(seen.insert(k.name).second);
        CHECK(std::all_of(k.name.begin(), k.name.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
        }));
        CHECK(to_string(k.code) == k.name);
        // A finding's severity is its code's row: the rule cannot choose another.
        CHECK(Finding(k.code, "text").severity() == k.severity);
    }
    CHECK(to_string(FindingCode::read_short) == "read-short"); // docs/model.md §11
    CHECK(kind_of(FindingCode::durability).severity == Severity::info);
}

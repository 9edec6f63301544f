// The proposal workbook: which sheets, in which order, written atomically.
#include "podsizer/reports/workbook.hpp"

#include "podsizer/catalog/safe_text.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/atomic_file.hpp"
#include "workbook_bom.hpp"
#include "workbook_front.hpp"
#include "workbook_parts.hpp"

#include <algorithm>
#include <ctime>
#include <fmt/format.h>
#include <optional>
#include <stdexcept>
#include <utility>
#include <variant>
#include <vector>

namespace podsizer {

namespace {

// The fixed sheets; a design may not take one of their names. "History" is
// reserved by Excel itself.
constexpr const char* kFixedSheets[] = {
    "Project",    "Slide",       "Summary", "Fleet",   "Checkpoints", "Resilience", "Racks",
    "Rack units", "Assumptions", "Charts",  "History", "BOM",         "Facility"};

std::string ascii_lower(std::string s) {
    for (char& c : s) {
        if (c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
        }
    }
    return s;
}

/// `s` cut to at most `max` UTF-16 code units, on a code point boundary.
std::string cut(const std::string& s, std::size_t max) {
    std::string out;
    std::size_t n = 0;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t len = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        const std::size_t units = c >= 0xF0 ? 2 : 1;
        if (n + units > max) {
            break;
        }
        out.append(s, i, len);
        n += units;
        i += len;
    }
    return out;
}

std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\'')) {
        s.pop_back();
    }
    std::size_t start = 0;
    while (start < s.size() && (s[start] == ' ' || s[start] == '\'')) {
        ++start;
    }
    return s.substr(start);
}

/// The last `max` UTF-16 units of `s`, on a code point boundary.
std::string tail(const std::string& s, std::size_t max) {
    std::vector<std::size_t> starts; // byte offset of each code point
    for (std::size_t i = 0; i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
            starts.push_back(i);
        }
    }
    std::size_t units = 0;
    std::size_t from = s.size();
    for (std::size_t k = starts.size(); k-- > 0;) {
        const std::size_t u = static_cast<unsigned char>(s[starts[k]]) >= 0xF0 ? 2 : 1;
        if (units + u > max) {
            break;
        }
        units += u;
        from = starts[k];
    }
    return s.substr(from);
}

/// `s` cut to `max` UTF-16 units, at the last word boundary when that keeps
/// at least half of it, without trailing spaces or punctuation.
std::string word_cut(const std::string& s, std::size_t max) {
    std::string out = cut(s, max);
    if (out.size() < s.size()) {
        const std::size_t space = out.find_last_of(' ');
        if (space != std::string::npos && space >= max / 2) {
            out.resize(space);
        }
    }
    while (!out.empty() && (out.back() == ',' || out.back() == ';' || out.back() == '-' ||
                            out.back() == ' ' || out.back() == '\'')) {
        out.pop_back();
    }
    return trimmed(out);
}

/// A sheet added to the book when `wanted`, else none.
std::optional<xlsx::Sheet> sheet_if(xlsx::Book& book, bool wanted, const char* name) {
    if (!wanted) {
        return std::nullopt;
    }
    return book.add_sheet(name);
}

} // namespace

std::string today_iso_date() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    ::gmtime_r(&now, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

std::vector<std::string> design_sheet_names(const SizingResult& result) {
    std::vector<std::string> taken;
    for (const char* fixed : kFixedSheets) {
        taken.push_back(ascii_lower(fixed));
    }
    if (result.prices) { // the Cost and Prices sheets (docs/cost.md)
        taken.insert(taken.end(), {"cost", "prices"});
    }
    std::vector<std::string> names;
    for (std::size_t i = 0; i < result.designs.size(); ++i) {
        std::string clean;
        // xml_safe: U+FFFE/U+FFFF are no control characters but XML forbids them.
        for (char c : xml_safe(result.designs[i].name)) {
            // Sheet names forbid []:*?/\ and control characters. A ratio keeps
            // its colon as U+2236 RATIO, which Excel allows and LibreOffice's
            // fonts (DejaVu Sans, Liberation) draw: "(1∶2)", not "(1 2)"
            // (REVIEW-3 part B #6).
            if (c == ':') {
                clean += "\u2236";
                continue;
            }
            const bool bad = c == '[' || c == ']' || c == '*' || c == '?' || c == '/' ||
                             c == '\\' || static_cast<unsigned char>(c) < 0x20;
            clean += bad ? ' ' : c;
        }
        const std::string full = trimmed(clean);
        clean = word_cut(full, 31);
        if (clean.empty()) {
            clean = fmt::format("Design {}", i + 1);
        }
        std::string name = clean;
        if (clean != full &&
            std::find(taken.begin(), taken.end(), ascii_lower(name)) != taken.end()) {
            // Cut names that differ at the end ("…, one namespace") keep both ends.
            name = trimmed(cut(full, 15)) + "\u2026" + trimmed(tail(full, 15));
        }
        for (int n = 2; std::find(taken.begin(), taken.end(), ascii_lower(name)) != taken.end();
             ++n) {
            const std::string suffix = fmt::format(" ({})", n);
            name = word_cut(clean, 31 - suffix.size()) + suffix;
        }
        taken.push_back(ascii_lower(name));
        names.push_back(name);
    }
    return names;
}

namespace wb {

const OptionSpec* option_of(const Design& d, const Scenario* s) {
    const auto* o = std::get_if<FromOption>(&d.origin);
    if (s == nullptr || o == nullptr || o->index >= s->options.size()) {
        return nullptr; // also the default option of a scenario that lists none
    }
    return &s->options[o->index];
}

std::string option_id(std::size_t index) {
    return fmt::format("option_{}", index + 1);
}

std::vector<DesignEntry> design_entries(const WorkbookInput& input,
                                        const std::vector<std::string>& sheets) {
    const std::vector<Design>& designs = input.result->designs;
    std::vector<DesignEntry> out;
    for (std::size_t i = 0; i < designs.size(); ++i) {
        DesignEntry e;
        e.design = &designs[i];
        e.index = i;
        e.sheet = sheets[i];
        e.option = option_of(designs[i], input.scenario);
        if (e.option != nullptr) {
            e.option_index = std::get<FromOption>(designs[i].origin).index;
        }
        // FleetSplit::storage follows the designs in order (core/fleet.hpp).
        if (input.fleet != nullptr && i < input.fleet->storage.size() && input.fleet->storage[i]) {
            e.fleet = &*input.fleet->storage[i];
        }
        e.site = own_site_of(input, designs[i]);
        out.push_back(std::move(e));
    }
    return out;
}

/// The Prices and Cost sheets, with a price book (docs/cost.md §7); where
/// the Cost sheet keeps each column's TCO, for the Slide.
std::optional<CostCells> write_cost_sheets(xlsx::Book& book, std::optional<xlsx::Sheet>& cost,
                                           std::optional<xlsx::Sheet>& prices,
                                           const WorkbookInput& input,
                                           const std::vector<DesignCells>& cells,
                                           const SummaryCells& sc) {
    if (!cost || !prices) {
        return std::nullopt;
    }
    write_prices(book, *prices, *input.result->prices);
    return write_cost(book, *cost, input, cells, sc);
}

} // namespace wb

WorkbookManifest write_workbook(const std::string& path, const WorkbookInput& input,
                                const WorkbookOptions& options) {
    if (input.result == nullptr || input.catalog == nullptr) {
        throw std::logic_error("write_workbook: a result and a catalog are required");
    }
    const SizingResult& result = *input.result;
    const std::string date = options.date.empty() ? today_iso_date() : options.date;
    const wb::Assumptions assumptions = wb::Assumptions::build(input);
    const std::vector<std::string> names = design_sheet_names(result);
    const std::vector<wb::DesignEntry> entries = wb::design_entries(input, names);

    WorkbookManifest manifest;
    write_atomically(path, [&](const std::string& temp) {
        xlsx::Book book(temp, date, result.scenario);
        // A project of sites opens on its roll-up (issue 49 item 5).
        std::optional<xlsx::Sheet> project = sheet_if(book, input.sites != nullptr, "Project");
        xlsx::Sheet slide = book.add_sheet("Slide");
        xlsx::Sheet summary = book.add_sheet("Summary");
        wb::add_front_sheet(book, input.optimization); // optimize --xlsx
        std::vector<xlsx::Sheet> design_sheets;
        for (const std::string& n : names) {
            design_sheets.push_back(book.add_sheet(n));
        }
        // A fleet of one cluster on one site is the pod itself: no sheet.
        std::optional<xlsx::Sheet> fleet =
            sheet_if(book,
                     input.fleet != nullptr && input.fleet->plan &&
                         (input.fleet->plan->clusters > 1 || input.fleet->plan->sites > 1),
                     "Fleet");
        auto growth = sheet_if(book, wb::has_growth(input), "Sites and phases");
        wb::CheckpointCells checkpoint_cells = wb::checkpoint_layout(input);
        std::optional<xlsx::Sheet> checkpoints = sheet_if(
            book, !result.requirements.checkpoints.jobs.empty(), checkpoint_cells.sheet.c_str());
        std::optional<xlsx::Sheet> resilience =
            sheet_if(book, wb::has_resilience(input), "Resilience");
        // With a price book (docs/cost.md): what it costs, and the prices.
        std::optional<xlsx::Sheet> cost = sheet_if(book, result.prices.has_value(), "Cost");
        std::optional<xlsx::Sheet> prices = sheet_if(book, result.prices.has_value(), "Prices");
        xlsx::Sheet racks = book.add_sheet("Racks");
        // Rack units on request; the BOM and Facility sheets (docs/bom.md).
        wb::LateSheets late = wb::add_late_sheets(book, result, options.every_rack_unit);
        xlsx::Sheet assumption_sheet = book.add_sheet("Assumptions");
        xlsx::Sheet charts = book.add_sheet("Charts");

        wb::write_assumptions(book, assumption_sheet, assumptions, result.scenario);
        std::vector<wb::DesignCells> cells;
        for (const wb::DesignEntry& e : entries) {
            cells.push_back(wb::write_design_sheet(book, design_sheets[e.index], e, assumptions,
                                                   input, checkpoint_cells));
        }
        if (fleet) {
            wb::write_fleet(book, *fleet, *input.fleet->plan, entries, cells, *input.catalog);
        }
        wb::write_growth(book, growth, project, input);
        if (checkpoints) {
            wb::write_checkpoints(book, *checkpoints, input, cells, assumptions, checkpoint_cells);
        }
        if (resilience) {
            wb::write_resilience(book, *resilience, input, cells, assumptions, checkpoint_cells);
        }
        const wb::SummaryCells sc = wb::write_summary(book, summary, input, cells, assumptions);
        const std::optional<wb::CostCells> cost_cells =
            wb::write_cost_sheets(book, cost, prices, input, cells, sc);
        const wb::RackKinds kinds = wb::all_rack_kinds(result);
        wb::write_slide(book, slide, input, cells, sc, kinds, cost_cells ? &*cost_cells : nullptr);
        wb::write_racks(book, racks, result, kinds, assumptions, *input.catalog);
        wb::write_late_sheets(book, late, result, *input.catalog, entries, cells, assumptions);
        wb::write_charts(book, charts, input, cells, sc, assumptions, checkpoint_cells);
        worksheet_activate(project ? project->raw() : slide.raw());
        manifest = std::move(book.manifest()); // the book is done with it
        try {
            book.close();
        } catch (const InputError& e) {
            throw InputError(path, e.message());
        }
    });
    return manifest;
}

} // namespace podsizer

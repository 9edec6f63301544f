// The BOM and Facility sheets (docs/bom.md §5): the bill of every design with
// its quantities as formulas over the design sheets' counts where a rule
// gives them (drives, PDUs, rails, cords, management cables), and every rack's
// heat, floor load and amps per feed as formulas over its power and weight
// and the site's supply, which are inputs.
#include "workbook_bom.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace podsizer::wb {

namespace {

constexpr int kQty = kBomQuantityCol; // column F: the quantity
constexpr int kFirstLineRow = 4;      // under the title, its note and the header

/// Where a design's lines are, by what the formulas need.
struct LineRows {
    int cnodes = -1, dboxes = -1, racks = -1, management = -1;
    std::vector<int> switches;
};

std::string devices_sum(const LineRows& at) {
    std::string s = xlsx::cell(at.cnodes, kQty) + "+" + xlsx::cell(at.dboxes, kQty);
    for (int r : at.switches) {
        s += "+" + xlsx::cell(r, kQty);
    }
    return s;
}

/// The design sheet's item a line's quantity is (C-nodes, D-boxes,
/// switches and racks), or empty.
std::string count_key(const BomLine& l, const Design& d) {
    if (l.category == "C-nodes") {
        return "cnodes";
    }
    if (l.category == "D-boxes") {
        return "dboxes";
    }
    if (l.category == "Switches") {
        const bool super = l.description.find("(super-spine)") != std::string::npos;
        const bool spine = !super && l.description.find("(spine)") != std::string::npos;
        return super ? "super_spines" : spine ? "spines" : "leaves";
    }
    // A design whose device fits no rack shows its racks as n/a there.
    return l.category == "Racks" && d.racks_fit ? "racks" : "";
}

/// The formula map's row of a line's quantity (formula_map.def); empty: the
/// engine's value is written.
std::string_view quantity_row(const BomLine& l, const Design& d, const DesignCells* cells,
                              const LineRows& at) {
    const std::string key = count_key(l, d);
    if (!key.empty() || l.category == "C-nodes" || l.category == "D-boxes" ||
        l.category == "Switches" || l.category == "Racks") {
        return !key.empty() && cells != nullptr && cells->has(key) ? "bom_count" : "";
    }
    if (l.category == "Drives") {
        return at.dboxes >= 0 ? "bom_drives" : "";
    }
    const bool counted = at.cnodes >= 0 && at.dboxes >= 0 && at.management >= 0;
    if (l.category == "Power" && l.per_rack > 0 && at.racks >= 0) {
        return "bom_per_rack";
    }
    if (l.category == "Rails" && counted) {
        return "bom_rails";
    }
    if (l.category == "Power" && counted) { // the cords: two a device and switch
        return "bom_cords";
    }
    if (l.category == "Cables" && counted &&
        l.description.find("management") != std::string::npos) {
        return "bom_management_cables";
    }
    return {};
}

/// The formula map's placeholders of a line's quantity (formula_map.def).
std::string line_placeholder(std::string_view name, const BomLine& l, const Design& d,
                             const DesignCells* cells, const LineRows& at) {
    if (name == "count") {
        return cells->ref(count_key(l, d));
    }
    if (name == "devices") {
        return devices_sum(at);
    }
    if (name == "drives_per_dbox") {
        return fmt::format("{}", d.drives_per_dbox);
    }
    if (name == "per_rack") {
        return fmt::format("{}", l.per_rack);
    }
    const int row = name == "dboxes"       ? at.dboxes
                    : name == "racks"      ? at.racks
                    : name == "management" ? at.management
                                           : -1;
    if (row < 0) {
        throw std::logic_error("workbook: BOM has no placeholder {" + std::string(name) + "}");
    }
    return xlsx::cell(row, kQty);
}

void note_row(LineRows& at, const BomLine& l, int row) {
    if (l.category == "C-nodes") {
        at.cnodes = row;
    } else if (l.category == "D-boxes") {
        at.dboxes = row;
    } else if (l.category == "Racks") {
        at.racks = row;
    } else if (l.category == "Management") {
        at.management = row;
    } else if (l.category == "Switches") {
        at.switches.push_back(row);
    }
}

/// Where the item's figures come from: its kind and reference (the note has
/// a column of its own, so a cell never holds more than one catalog text).
std::string source_text(const Source& s) {
    std::string out(to_string(s.kind));
    return s.ref.empty() ? out : out + ": " + s.ref;
}

/// One design's lines from `row`, then its cable and transceiver totals;
/// returns the row after them.
int design_lines(xlsx::Book& book, xlsx::Sheet& sheet, int row, const Design& d, std::size_t design,
                 const Catalog& catalog, const DesignCells* cells) {
    lxw_format* text = book.label();
    LineRows at;
    const int first = row;
    // Rows first, so a formula may name a line below it (the management switches).
    for (const BomLine& l : d.bom->lines) {
        note_row(at, l, row++);
    }
    row = first;
    for (std::size_t i = 0; i < d.bom->lines.size(); ++i) {
        const BomLine& l = d.bom->lines[i];
        sheet.text(row, 0, d.name, text);
        sheet.text(row, 1, l.category, text);
        sheet.text(row, 2, l.item, text);
        sheet.text(row, 3, l.sku, text);
        sheet.text(row, 4, l.description, text);
        const std::string_view id = quantity_row(l, d, cells, at);
        if (id.empty()) {
            sheet.number(row, kQty, static_cast<double>(l.quantity), Num::integer, Role::value);
        } else {
            const FormulaRow& f = formula_row(id);
            sheet.mapped(row, kQty, f,
                         fill_formula(f.templ,
                                      [&](std::string_view n) {
                                          return line_placeholder(n, l, d, cells, at);
                                      }),
                         FigureSource{d, catalog, static_cast<int>(i)}, design, Num::integer);
        }
        sheet.text(row, 6, l.unit, text);
        sheet.text(row, 7, l.per_rack > 0 ? fmt::format("{} per rack", l.per_rack) : "total", text);
        sheet.text(row, 8, l.rule, text);
        sheet.text(row, 9, source_text(l.source), text);
        sheet.text(row, 10, l.source.note, text);
        ++row;
    }
    const int last = row - 1;
    const FormulaRow& total = formula_row("bom_category_total");
    for (const std::string category : {"Cables", "Transceivers"}) {
        sheet.text(row, 0, d.name, text);
        sheet.text(row, 1, category + ", total", book.header_left());
        const std::string filled = fill_formula(total.templ, [&](std::string_view n) {
            return n == "category"     ? category
                   : n == "categories" ? xlsx::cell(first, 1) + ":" + xlsx::cell(last, 1)
                                       : xlsx::cell(first, kQty) + ":" + xlsx::cell(last, kQty);
        });
        // The figure's part: 0 the cables, 1 the transceivers.
        sheet.mapped(row, kQty, total, filled,
                     FigureSource{d, catalog, category == "Cables" ? 0 : 1}, design, Num::integer);
        ++row;
    }
    return row + 1; // bom_line_rows counts the same
}

} // namespace

std::vector<int> bom_line_rows(const SizingResult& r, std::size_t i) {
    int row = kFirstLineRow;
    for (std::size_t k = 0; k < r.designs.size(); ++k) {
        const Design& d = r.designs[k];
        if (!d.bom) {
            continue;
        }
        if (k == i) {
            std::vector<int> rows;
            for (std::size_t l = 0; l < d.bom->lines.size(); ++l) {
                rows.push_back(row + static_cast<int>(l));
            }
            return rows;
        }
        // design_lines: the lines, the cable and transceiver totals, a blank row.
        row += static_cast<int>(d.bom->lines.size()) + 3;
    }
    return {};
}

bool has_bom(const SizingResult& r) {
    for (const Design& d : r.designs) {
        if (d.bom && d.facility) {
            return true;
        }
    }
    return false;
}

void write_bom(xlsx::Book& book, xlsx::Sheet& sheet, const SizingResult& r, const Catalog& catalog,
               const std::vector<DesignEntry>& entries, const std::vector<DesignCells>& cells) {
    sheet.text(0, 0, "Bill of materials", book.title());
    sheet.text(1, 0,
               "Quantities in black are formulas over the design sheets' counts; grey values "
               "come from the rack layout (cables by run length: docs/bom.md).",
               book.label());
    sheet.headers(kFirstLineRow - 1,
                  {"Design", "Category", "Item", "SKU", "Description", "Quantity", "Unit", "Basis",
                   "Rule", "Source", "Note"},
                  11);
    int row = kFirstLineRow;
    for (std::size_t i = 0; i < r.designs.size(); ++i) {
        const Design& d = r.designs[i];
        if (!d.bom) {
            continue;
        }
        const DesignCells* c = nullptr;
        for (std::size_t e = 0; e < entries.size() && e < cells.size(); ++e) {
            if (entries[e].design == &d) {
                c = &cells[e];
            }
        }
        row = design_lines(book, sheet, row, d, i, catalog, c);
    }
    sheet.column_widths({{0, 0, 18}, {1, 3, 14}, {4, 4, 48}, {5, 7, 10}, {8, 10, 40}});
    sheet.freeze(4, 0);
    sheet.one_page(); // a proposal's page budget (tests/reports/proposal_exports_test.cpp)
    sheet.print_setup(3);
}

LateSheets add_late_sheets(xlsx::Book& book, const SizingResult& r, bool every_rack_unit) {
    LateSheets late;
    if (every_rack_unit) {
        late.rack_units = book.add_sheet("Rack units");
    }
    if (has_bom(r)) {
        late.bom = book.add_sheet(kBomSheet);
        late.facility = book.add_sheet("Facility");
    }
    return late;
}

void write_late_sheets(xlsx::Book& book, LateSheets& late, const SizingResult& r,
                       const Catalog& catalog, const std::vector<DesignEntry>& entries,
                       const std::vector<DesignCells>& cells, const Assumptions& a) {
    if (late.rack_units) {
        write_rack_units(book, *late.rack_units, r, a, catalog);
    }
    if (late.bom && late.facility) {
        write_bom(book, *late.bom, r, catalog, entries, cells);
        write_facility(book, *late.facility, r, catalog);
    }
}

} // namespace podsizer::wb

// The Facility sheet (docs/bom.md §4-§5): the site's supply as inputs, then
// each design's racks, those side by side with the same figures on one row,
// with a rack's power and weight and, as formulas over them, its heat, floor
// load and amps per feed; a total row per design.
#include "workbook_bom.hpp"

#include <cmath>
#include <fmt/format.h>
#include <stdexcept>
#include <string>
#include <vector>

namespace podsizer::wb {

namespace {

// The inputs' rows (column B).
constexpr int kVoltageRow = 2;
constexpr int kPhasesRow = 3;
constexpr int kFootprintRow = 4;
constexpr int kBtuRow = 5;
constexpr int kFacilityHeaderRow = 7;

std::string in(int row) {
    return xlsx::cell(row, 1);
}

void write_inputs(xlsx::Book& book, xlsx::Sheet& sheet, const FacilitySpec& site) {
    lxw_format* text = book.label();
    sheet.text(kVoltageRow, 0, "Supply voltage (V, line to line on three phases)", text);
    sheet.number(kVoltageRow, 1, site.voltage, Num::integer, Role::input);
    sheet.text(kPhasesRow, 0, "Phases (3 or 1)", text);
    sheet.number(kPhasesRow, 1, site.phase_count, Num::integer, Role::input);
    sheet.text(kFootprintRow, 0, "Rack footprint (m²)", text);
    sheet.number(kFootprintRow, 1, site.rack_footprint_m2, Num::two, Role::input);
    sheet.text(kBtuRow, 0, "BTU/h per W (NIST SP 811: 1 W = 3.412 Btu/h)", text);
    sheet.number(kBtuRow, 1, kBtuPerHourPerWatt, Num::three, Role::input);
}

/// Racks next to each other with the same figures, shown as one row (as the
/// Racks sheet shows each distinct rack once): a 600-rack design is a few
/// rows a facility team can read, not 600.
struct RackRun {
    const RackFacility* rack = nullptr; ///< the first; every other has its figures
    int first = 0;
    int last = 0;
};

bool same_figures(const RackFacility& a, const RackFacility& b) {
    return a.power_w == b.power_w && a.max_power_w == b.max_power_w && a.weight_kg == b.weight_kg &&
           a.cooling == b.cooling;
}

std::vector<RackRun> rack_runs(const std::vector<RackFacility>& racks) {
    std::vector<RackRun> runs;
    for (const RackFacility& r : racks) {
        if (!runs.empty() && runs.back().last + 1 == r.rack && same_figures(*runs.back().rack, r)) {
            runs.back().last = r.rack;
        } else {
            runs.push_back(RackRun{&r, r.rack, r.rack});
        }
    }
    return runs;
}

// The columns: design, racks, how many, then each rack's figures.
constexpr int kCount = 2;
constexpr int kPower = 3;
constexpr int kMaxPower = 4;
constexpr int kHeat = 5;
constexpr int kWeight = 6;
constexpr int kFloor = 7;
constexpr int kAmps = 8;
constexpr int kCooling = 9;

/// The formula map's placeholders on the Facility sheet (formula_map.def):
/// the site's inputs and the cells of `row`.
std::string placeholder(std::string_view name, int row) {
    const std::pair<std::string_view, std::string> cells[] = {
        {"voltage", in(kVoltageRow)},         {"phases", in(kPhasesRow)},
        {"footprint", in(kFootprintRow)},     {"btu_per_W", in(kBtuRow)},
        {"power", xlsx::cell(row, kPower)},   {"max_power", xlsx::cell(row, kMaxPower)},
        {"weight", xlsx::cell(row, kWeight)},
    };
    for (const auto& [key, cell] : cells) {
        if (key == name) {
            return cell;
        }
    }
    throw std::logic_error("workbook: Facility has no placeholder {" + std::string(name) + "}");
}

void run_row(xlsx::Book& book, xlsx::Sheet& sheet, int row, const Design& d, std::size_t design,
             const Catalog& catalog, const RackRun& run) {
    const RackFacility& r = *run.rack;
    const FigureSource s{d, catalog, static_cast<int>(run.rack - d.facility->racks.data())};
    auto write = [&](int col, std::string_view id, Num num) {
        const FormulaRow& f = formula_row(id);
        sheet.mapped(row, col, f,
                     fill_formula(f.templ, [&](std::string_view n) { return placeholder(n, row); }),
                     s, design, num);
    };
    sheet.text(row, 0, d.name, book.label());
    sheet.text(row, 1, run_text(run.first, run.last), book.label());
    sheet.number(row, kCount, run.last - run.first + 1, Num::integer, Role::value);
    sheet.number(row, kPower, r.power_w, Num::integer, Role::value);
    sheet.number(row, kMaxPower, r.max_power_w, Num::integer, Role::value);
    write(kHeat, "facility_heat", Num::integer);
    sheet.number(row, kWeight, r.weight_kg, Num::integer, Role::value);
    write(kFloor, "facility_floor", Num::integer);
    write(kAmps, "facility_amps", Num::one);
    sheet.text(row, kCooling, std::string(cooling_label(r.cooling)), book.label());
}

/// The design's total row under its rows first..last: each figure times its
/// racks, summed; the highest floor load and amps.
void total_row(xlsx::Book& book, xlsx::Sheet& sheet, int row, int first, int last, const Design& d,
               std::size_t design, const Catalog& catalog) {
    sheet.text(row, 0, d.name, book.label());
    sheet.text(row, 1, "Total", book.header_left());
    auto range = [&](int col) { return xlsx::cell(first, col) + ":" + xlsx::cell(last, col); };
    const FigureSource s{d, catalog};
    auto write = [&](int col, std::string_view id, Num num) {
        const FormulaRow& f = formula_row(id);
        sheet.mapped(
            row, col, f,
            fill_formula(f.templ,
                         [&](std::string_view n) { return range(n == "counts" ? kCount : col); }),
            s, design, num);
    };
    write(kCount, "facility_racks", Num::integer);
    write(kPower, "facility_power", Num::integer);
    write(kMaxPower, "facility_max_power", Num::integer);
    write(kHeat, "facility_heat_total", Num::integer);
    write(kWeight, "facility_weight", Num::integer);
    write(kFloor, "facility_floor_max", Num::integer);
    write(kAmps, "facility_amps_max", Num::one);
}

} // namespace

void write_facility(xlsx::Book& book, xlsx::Sheet& sheet, const SizingResult& r,
                    const Catalog& catalog) {
    sheet.text(0, 0, "Facility: power, heat, weight and feeds per rack", book.title());
    FacilitySpec site;
    for (const Design& d : r.designs) {
        if (d.facility) {
            site = d.facility->site;
            break;
        }
    }
    write_inputs(book, sheet, site);
    sheet.headers(kFacilityHeaderRow,
                  {"Design", "Racks", "Racks like this", "Power per rack (W)",
                   "Max power per rack (W)", "Heat per rack (BTU/h)", "Weight per rack (kg)",
                   "Floor load (kg/m²)", "Amps per feed (A)", "Cooling"},
                  10);
    sheet.row_height(kFacilityHeaderRow, 30); // two lines, as the Racks sheet's header
    int row = kFacilityHeaderRow + 1;
    for (std::size_t i = 0; i < r.designs.size(); ++i) {
        const Design& d = r.designs[i];
        if (!d.facility || d.facility->racks.empty()) {
            continue;
        }
        const int first = row;
        for (const RackRun& run : rack_runs(d.facility->racks)) {
            run_row(book, sheet, row++, d, i, catalog, run);
        }
        total_row(book, sheet, row, first, row - 1, d, i, catalog);
        row += 2;
    }
    sheet.column_widths({{0, 0, 44}, {1, 8, 14}, {9, 9, 22}});
    sheet.freeze(kFacilityHeaderRow + 1, 0);
    sheet.one_page(); // a proposal's page budget (tests/reports/proposal_exports_test.cpp)
    sheet.print_setup(kFacilityHeaderRow);
}

} // namespace podsizer::wb

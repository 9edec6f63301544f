// The Facility sheet (docs/bom.md §4-§5): the site's supply as inputs, then
// every rack of every design with its power and weight and, as formulas over
// them, its heat, floor load and amps per feed; a total row per design.
#include "workbook_bom.hpp"

#include <cmath>
#include <fmt/format.h>

namespace podsizer::wb {

namespace {

using xlsx::Num;
using xlsx::Role;

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

/// The amps on one feed of the watts in `cell`: W / (√3 × V) or W / V.
std::string amps(const std::string& watts) {
    return fmt::format("={}/(IF({}=3,SQRT(3),1)*{})", watts, in(kPhasesRow), in(kVoltageRow));
}

void rack_row(xlsx::Book& book, xlsx::Sheet& sheet, int row, const Design& d,
              const RackFacility& r) {
    sheet.text(row, 0, d.name, book.label());
    sheet.number(row, 1, r.rack, Num::integer, Role::value);
    sheet.number(row, 2, r.power_w, Num::integer, Role::value);
    sheet.number(row, 3, r.max_power_w, Num::integer, Role::value);
    sheet.formula(row, 4, "=" + xlsx::cell(row, 2) + "*" + in(kBtuRow), r.btu_per_h, Num::integer);
    sheet.number(row, 5, r.weight_kg, Num::integer, Role::value);
    sheet.formula(row, 6, "=" + xlsx::cell(row, 5) + "/" + in(kFootprintRow), r.floor_load_kg_m2,
                  Num::integer);
    sheet.formula(row, 7, amps(xlsx::cell(row, 3)), r.amps_per_feed, Num::one);
    sheet.text(row, 8, std::string(cooling_label(r.cooling)), book.label());
}

/// The design's total row under its racks first..last: sums, and the
/// highest floor load and amps.
void total_row(xlsx::Book& book, xlsx::Sheet& sheet, int row, int first, int last, const Design& d,
               const DesignFacility& f) {
    sheet.text(row, 0, d.name, book.label());
    sheet.text(row, 1, "Total", book.header_left());
    auto over = [&](const char* fn, int col) {
        return fmt::format("={}({}:{})", fn, xlsx::cell(first, col), xlsx::cell(last, col));
    };
    const RackFacility& t = f.total;
    sheet.formula(row, 2, over("SUM", 2), t.power_w, Num::integer);
    sheet.formula(row, 3, over("SUM", 3), t.max_power_w, Num::integer);
    sheet.formula(row, 4, over("SUM", 4), t.btu_per_h, Num::integer);
    sheet.formula(row, 5, over("SUM", 5), t.weight_kg, Num::integer);
    sheet.formula(row, 6, over("MAX", 6), t.floor_load_kg_m2, Num::integer);
    sheet.formula(row, 7, over("MAX", 7), t.amps_per_feed, Num::one);
}

} // namespace

void write_facility(xlsx::Book& book, xlsx::Sheet& sheet, const SizingResult& r) {
    sheet.text(0, 0, "Facility: power, heat, weight and feeds per rack", book.title());
    FacilitySpec site;
    for (const Design& d : r.designs) {
        if (d.facility) {
            site = d.facility->site;
            break;
        }
    }
    write_inputs(book, sheet, site);
    const char* heads[] = {"Design",       "Rack",        "Power (W)",          "Max power (W)",
                           "Heat (BTU/h)", "Weight (kg)", "Floor load (kg/m²)", "Amps per feed (A)",
                           "Cooling"};
    for (int c = 0; c < 9; ++c) {
        sheet.text(kFacilityHeaderRow, c, heads[c], book.header_left());
    }
    int row = kFacilityHeaderRow + 1;
    for (const Design& d : r.designs) {
        if (!d.facility || d.facility->racks.empty()) {
            continue;
        }
        const int first = row;
        for (const RackFacility& rack : d.facility->racks) {
            rack_row(book, sheet, row++, d, rack);
        }
        total_row(book, sheet, row, first, row - 1, d, *d.facility);
        row += 2;
    }
    sheet.column_width(0, 0, 44);
    sheet.column_width(1, 7, 14);
    sheet.column_width(8, 8, 22);
    sheet.freeze(kFacilityHeaderRow + 1, 0);
    sheet.one_page(); // a proposal's page budget (tests/reports/proposal_exports_test.cpp)
    sheet.print_setup(kFacilityHeaderRow);
}

} // namespace podsizer::wb

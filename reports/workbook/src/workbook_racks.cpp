// The Racks sheet: each distinct rack of every design once, with the racks
// like it and their count, in runs of the same device (U from-to, devices,
// their typical and maximum watts, the rack's cooling class), so it prints
// in a few pages. On request, the "Rack units" sheet: one row per U of every
// rack (rack, U, device, role, model, watts, cooling), to filter and pivot.
#include "podsizer/reports/rack_kinds.hpp"
#include "workbook_parts.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace podsizer::wb {

namespace {

// The "Rack units" sheet stops at this many rows, with a note: about 2,500
// racks of 40 U, far beyond a real proposal (the reference pod takes 1,200
// rows). libxlsxwriter holds a sheet in memory until the file is closed, about
// 1.5 kB a row here: at Excel's own limit (1,048,576 rows) that was 1.5 GB and
// 15 s for designs the engine allows (third red-team round, defect 6); here
// it stays near 150 MB (docs/robustness.md). The Racks sheet covers every rack.
constexpr int kMaxRows = 100'000;

const char* kind_of(DeviceRole r) {
    switch (r) {
    case DeviceRole::cnode:
        return "cnode";
    case DeviceRole::dbox:
        return "dbox";
    case DeviceRole::network_switch:
        return "switch";
    }
    return "";
}

/// Columns 6 and 7 of a row: the power and max power of `s` times `times`,
/// as the map's row `prefix` + "power" ("max_power") over the Assumptions
/// sheet's figure where it has the model and `live`, else as a value.
void power_cells(xlsx::Sheet& sheet, int row, const RackSlot& s, double times, bool live,
                 const std::string& prefix, const Assumptions& a, const FigureSource& source,
                 std::size_t di) {
    for (const auto& [col, field, what, v] :
         {std::tuple{6, "power_W", "power", s.power.base()},
          std::tuple{7, "max_power_W", "max_power", s.max_power.base()}}) {
        if (live && a.has(kind_of(s.role), s.model, field)) {
            sheet.mapped(row, col, prefix + what,
                         {{"devices", xlsx::cell(row, 4)},
                          {"model", a.name(kind_of(s.role), s.model, field)}},
                         source, di, Num::integer);
        } else {
            sheet.number(row, col, times * v, Num::integer, Role::value);
        }
    }
}

/// One row per U of rack `r` from `row`, U 1 first; returns the next row.
int rack_rows(xlsx::Book& book, xlsx::Sheet& sheet, int row, std::size_t di, const Design& d,
              const Rack& r, int height, const Assumptions& a, const Catalog& catalog) {
    lxw_format* text = book.label();
    // What occupies each U: the slot index, or -1 for empty.
    std::vector<int> at(static_cast<std::size_t>(height) + 1, -1);
    for (std::size_t i = 0; i < r.slots.size(); ++i) {
        const RackSlot& s = r.slots[i];
        for (int u = s.u; u < s.u + s.height && u <= height; ++u) {
            at[static_cast<std::size_t>(u)] = static_cast<int>(i);
        }
    }
    const std::string cooling(cooling_label(r.cooling));
    for (int u = 1; u <= height; ++u, ++row) {
        sheet.text(row, 8, cooling, text);
        sheet.text(row, 0, d.name, text);
        sheet.number(row, 1, r.index, Num::integer, Role::value);
        sheet.number(row, 2, u, Num::integer, Role::value);
        const int i = at[static_cast<std::size_t>(u)];
        if (i < 0) {
            sheet.text(row, 3, "", text);
            sheet.text(row, 4, "empty", text);
            sheet.text(row, 5, "", text);
            sheet.number(row, 6, 0, Num::integer, Role::value);
            sheet.number(row, 7, 0, Num::integer, Role::value);
            continue;
        }
        const RackSlot& s = r.slots[static_cast<std::size_t>(i)];
        sheet.text(row, 3, s.label, text);
        sheet.text(row, 4, std::string(to_string(s.role)), text);
        sheet.text(row, 5, model_shown(d, s), text);
        const FigureSource source{d, catalog, static_cast<int>(&r - d.layout.data()), nullptr, i};
        power_cells(sheet, row, s, u == s.u ? 1.0 : 0.0, u == s.u, "racks_slot_", a, source, di);
    }
    return row;
}

/// The Racks sheet's cells of a run of `run.devices` devices in `s`: count,
/// kind, power and max power (formulas over the Assumptions sheet when it
/// has the model), and the model.
void device_run_cells(xlsx::Book& book, xlsx::Sheet& sheet, int row, const Design& d,
                      const RackSlot& s, const DeviceRun& run, const Assumptions& a,
                      const FigureSource& source, std::size_t di) {
    lxw_format* text = book.label();
    const double n = static_cast<double>(run.devices);
    sheet.number(row, 4, n, Num::integer, Role::value);
    sheet.text(row, 5, device_kind_text(s), text);
    power_cells(sheet, row, s, n, true, "racks_run_", a, source, di);
    sheet.text(row, 9, model_shown(d, s), text);
}

/// The Racks sheet's rows of one distinct rack from `row`, a row per run of
/// like devices or empty U; returns the row after them.
int rack_kind_rows(xlsx::Book& book, xlsx::Sheet& sheet, int row, std::size_t di, const Design& d,
                   std::size_t kind, const RackKind& k, const Assumptions& a,
                   const Catalog& catalog) {
    lxw_format* text = book.label();
    const Rack& r = d.layout[k.racks.front()];
    const std::string cooling(cooling_label(r.cooling));
    const std::string numbers = rack_numbers_text(d, k);
    const int count_row = row;
    const std::vector<DeviceRun> runs = device_runs(r, rack_height(d));
    for (const DeviceRun& run : runs) {
        const FigureSource source{
            d,       catalog, static_cast<int>(kind), nullptr, static_cast<int>(&run - runs.data()),
            nullptr, &k};
        sheet.text(row, 0, d.name, text);
        sheet.text(row, 1, numbers, text);
        if (row == count_row) {
            sheet.number(row, 2, static_cast<double>(k.racks.size()), Num::integer, Role::value);
        } else {
            sheet.mapped(row, 2, "racks_like_this", {{"count", xlsx::cell(count_row, 2)}}, source,
                         di, Num::integer);
        }
        sheet.text(row, 3, run_text(run.first, run.last), text);
        sheet.text(row, 8, cooling, text);
        if (run.slot == nullptr) {
            sheet.text(row, 4, "", text);
            sheet.text(row, 5, "empty", text);
            sheet.number(row, 6, 0, Num::integer, Role::value);
            sheet.number(row, 7, 0, Num::integer, Role::value);
            sheet.text(row, 9, "", text);
        } else {
            device_run_cells(book, sheet, row, d, *run.slot, run, a, source, di);
        }
        ++row;
    }
    return row;
}

} // namespace

void write_rack_units(xlsx::Book& book, xlsx::Sheet& sheet, const SizingResult& result,
                      const Assumptions& a, const Catalog& catalog) {
    sheet.titles("Rack units",
                 {"One row per U of every rack (U 1 is the bottom), to filter and pivot.",
                  "A device's power is on its lowest U only, so sums count it once."});
    const int h = 3;
    sheet.headers(h,
                  {"Design", "Rack", "U", "Device", "Role", "Model",
                   "Power (W, on the device's lowest U)", "Max power (W, lowest U)",
                   "Rack cooling (by the design's power basis)"},
                  [](int c) { return c == 1 || c == 2 || c == 6 || c == 7; });
    int row = h + 1;
    bool truncated = false;
    for (const Design& d : result.designs) {
        const int height = rack_height(d);
        for (const Rack& r : d.layout) {
            truncated = row + height > kMaxRows;
            if (truncated) {
                break;
            }
            row = rack_rows(book, sheet, row, static_cast<std::size_t>(&d - result.designs.data()),
                            d, r, height, a, catalog);
        }
        if (truncated) {
            break;
        }
    }
    if (truncated) {
        sheet.text(row, 0,
                   "Truncated at 100,000 rows (about 2,500 racks of 40 U): the layout has more U "
                   "than this sheet shows. The Racks sheet lists every rack.",
                   book.subtitle());
    }
    if (row > h + 1) {
        xlsx::check(worksheet_autofilter(sheet.raw(), static_cast<lxw_row_t>(h), 0,
                                         static_cast<lxw_row_t>(row - 1), 8),
                    "autofilter");
    }
    sheet.column_widths(
        {{0, 0, 30}, {1, 2, 7}, {3, 3, 14}, {4, 4, 9}, {5, 5, 20}, {6, 7, 16}, {8, 8, 22}});
    sheet.row_height(h, 30);
    sheet.freeze(h + 1, 0);
    sheet.portrait();
    sheet.print_setup(h);
}

RackKinds all_rack_kinds(const SizingResult& result) {
    RackKinds kinds;
    kinds.reserve(result.designs.size());
    for (const Design& d : result.designs) {
        kinds.push_back(rack_kinds(d));
    }
    return kinds;
}

void write_racks(xlsx::Book& book, xlsx::Sheet& sheet, const SizingResult& result,
                 const RackKinds& kinds, const Assumptions& a, const Catalog& catalog) {
    sheet.titles("Racks",
                 {"Each distinct rack once, with the racks like it (U 1 is the bottom); power is "
                  "per rack, so a design's power is the sum of power x racks like this.",
                  "Every U of every rack: --xlsx-rack-units (the \"Rack units\" sheet)."});
    const int h = 3;
    sheet.headers(h,
                  {"Design", "Racks", "Racks like this", "U", "Devices", "Device",
                   "Power per rack (W)", "Max power per rack (W)",
                   "Rack cooling (by the design's power basis)", "Model"},
                  [](int c) { return c == 2 || c == 4 || c == 6 || c == 7; }); // numeric
    int row = h + 1;
    for (std::size_t i = 0; i < result.designs.size(); ++i) {
        const Design& d = result.designs[i];
        for (const RackKind& k : kinds[i]) {
            row = rack_kind_rows(book, sheet, row, i, d,
                                 static_cast<std::size_t>(&k - kinds[i].data()), k, a, catalog);
            ++row; // a blank row between racks
        }
    }
    sheet.column_widths({{0, 0, 26}, {1, 1, 16}, {2, 2, 9}, {3, 3, 8}, {4, 4, 8}, {5, 5, 12}});
    sheet.column_widths({{6, 7, 12}, {8, 8, 22}, {9, 9, 40}});
    sheet.row_height(h, 30);
    sheet.freeze(h + 1, 0);
    sheet.print_setup(h);
}

} // namespace podsizer::wb

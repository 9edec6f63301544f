// The workbook's BOM and Facility sheets (docs/bom.md §5).
#pragma once

#include "workbook_parts.hpp"

#include <optional>
#include <vector>

namespace podsizer::wb {

/// Some design of the result carries a bill and facility figures.
bool has_bom(const SizingResult& r);

/// The BOM sheet's name and the row of each of design `i`'s bill lines on it
/// (0-based; empty when the design has no bill), in the order write_bom
/// writes them; its quantities are in column kBomQuantityCol.
inline constexpr const char* kBomSheet = "BOM";
inline constexpr int kBomQuantityCol = 5;
std::vector<int> bom_line_rows(const SizingResult& r, std::size_t i);

void write_bom(xlsx::Book& book, xlsx::Sheet& sheet, const SizingResult& r, const Catalog& catalog,
               const std::vector<DesignEntry>& entries, const std::vector<DesignCells>& cells);

void write_facility(xlsx::Book& book, xlsx::Sheet& sheet, const SizingResult& r,
                    const Catalog& catalog);

/// The sheets after the Racks: "Rack units" on request, then "BOM" and
/// "Facility" when a design carries a bill.
struct LateSheets {
    std::optional<xlsx::Sheet> rack_units;
    std::optional<xlsx::Sheet> bom;
    std::optional<xlsx::Sheet> facility;
};
LateSheets add_late_sheets(xlsx::Book& book, const SizingResult& r, bool every_rack_unit);
void write_late_sheets(xlsx::Book& book, LateSheets& late, const SizingResult& r,
                       const Catalog& catalog, const std::vector<DesignEntry>& entries,
                       const std::vector<DesignCells>& cells, const Assumptions& a);

} // namespace podsizer::wb

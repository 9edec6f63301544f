// The workbook's BOM and Facility sheets (docs/bom.md §5).
#pragma once

#include "workbook_parts.hpp"

#include <vector>

namespace podsizer::wb {

/// Some design of the result carries a bill and facility figures.
bool has_bom(const SizingResult& r);

void write_bom(xlsx::Book& book, xlsx::Sheet& sheet, const SizingResult& r,
               const std::vector<DesignEntry>& entries, const std::vector<DesignCells>& cells);

void write_facility(xlsx::Book& book, xlsx::Sheet& sheet, const SizingResult& r);

} // namespace podsizer::wb

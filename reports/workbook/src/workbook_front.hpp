// The proposal workbook's "Pareto front" sheet (podsizer optimize --xlsx;
// docs/reports.md): the optimiser's summary and its front, one row per
// design, the chosen one marked. Internal to podsizer::reports.
#pragma once

#include "podsizer/core/optimizer.hpp"
#include "xlsx_book.hpp"

namespace podsizer::wb {

/// Writes the front of `r` (as optimize --pareto lists it) to `sheet`.
void write_front(xlsx::Book& book, xlsx::Sheet& sheet, const OptimizerResult& r);

/// Adds the "Pareto front" sheet at this place in the sheet order and writes
/// it (it refers to no other sheet); nothing when `r` is null.
void add_front_sheet(xlsx::Book& book, const OptimizerResult* r);

} // namespace podsizer::wb

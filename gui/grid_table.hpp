// Shows a reports Grid (the same rows and columns the CLI prints) in a
// QTableWidget: one helper, so every table in the GUI reads like its CLI
// counterpart.
#pragma once

#include "podsizer/reports/grid.hpp"

class QTableWidget;

namespace podsizer::gui {

/// Fills `table` with `grid`. With `rows_named` the first column becomes the
/// row headers (metrics as rows: the side-by-side tables); otherwise every
/// column is a column. Columns from grid.numeric_from on are right-aligned;
/// by the grid's roles: verdict rows bold, not-met cells red, met cells green.
void show_grid(QTableWidget* table, const Grid& grid, bool rows_named);

} // namespace podsizer::gui

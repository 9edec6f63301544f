// Shows a reports Grid (the same rows and columns the CLI prints) in a
// QTableWidget: one helper, so every table in the GUI reads like its CLI
// counterpart. Refilling a table changes only the cells and headers whose
// text changed, so Qt repaints those and not the whole table.
#pragma once

#include "podsizer/reports/grid.hpp"

#include <QStringList>

class QLabel;
class QString;
class QTableWidget;
class QVBoxLayout;
class QWidget;
class QTableWidgetItem;

namespace podsizer::gui {

/// A table the user reads and does not edit or select in, with fixed rows
/// of 19 pixels, named `name` (tests find it by name).
QTableWidget* read_only_table(QWidget* parent, const QString& name);

/// The panels' parts. A word-wrapped label named `name`: a panel's note.
QLabel* note_label(QWidget* parent, const QString& name);
/// A vertical layout of `widget` without margins: a panel's column of parts.
QVBoxLayout* flat_column(QWidget* widget);
/// The height of `table`'s header (its hint: a header of two-line labels is
/// laid out only when shown), frame and first `most` rows (-1: all).
int rows_height(const QTableWidget* table, int most = -1);
/// A table as tall as its rows, scrolled by its page rather than by itself.
void whole_height(QTableWidget* table);

/// Stops `table`'s headers from measuring and repainting themselves at
/// every change of a cell (their sizes follow their own labels and the
/// column widths set here). show_grid does it for the tables it fills.
void keep_headers_off_cell_changes(QTableWidget* table);

/// Fills `table` with `grid`. With `rows_named` the first column becomes the
/// row headers (metrics as rows: the side-by-side tables); otherwise every
/// column is a column. Columns from grid.numeric_from on are right-aligned;
/// by the grid's roles: verdict rows bold, not-met cells red, met cells green.
void show_grid(QTableWidget* table, const Grid& grid, bool rows_named);

/// The item at (`row`, `column`), made when there is none yet: setting the
/// text, tooltip or colours of an existing item to what they are is free,
/// where a new item repaints its cell and drops the old one.
QTableWidgetItem* cell_at(QTableWidget* table, int row, int column);

/// setHorizontalHeaderLabels / setVerticalHeaderLabels that leave the header
/// alone when it already reads `labels` (new header items relayout it).
void set_column_labels(QTableWidget* table, const QStringList& labels);
void set_row_labels(QTableWidget* table, const QStringList& labels);

} // namespace podsizer::gui

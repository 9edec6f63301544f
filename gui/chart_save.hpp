// Save any chart of the GUI as a file (issue 32 item 3): the context menu of
// every chart view has "Save chart as SVG…" and "Save chart as PNG…". The
// file is what the view shows, the note of an empty chart included, written
// as every export is (atomic, never over an input or a node).
#pragma once

#include <QString>

class QChartView;

namespace podsizer::gui {

/// The chart's property holding its title when the view shows the title
/// outside the chart (a label above it, charts_view.cpp): a saved file draws
/// it above the plot, wrapped to the file's width.
inline constexpr const char* kSavedTitle = "podsizer-saved-title";
/// The same for its legend (rich text: a coloured square and a name each).
inline constexpr const char* kSavedLegend = "podsizer-saved-legend";

/// Adds the two save actions to `view`'s context menu.
void add_save_actions(QChartView* view);

/// Writes what `view` shows to `path`, under the chart's title and legend
/// (kSavedTitle, kSavedLegend) when the view shows them outside the chart: SVG when the name ends
/// in ".svg", else PNG. Throws InputError (where = path) when it cannot be written.
void save_chart(QChartView* view, const QString& path);

} // namespace podsizer::gui

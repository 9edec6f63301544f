// A chart with nothing to draw says why, in its own area ("No local need:
// …"), rather than show empty axes or a line flat at zero (REVIEW-3 part B
// item 13).
#pragma once

#include <QString>

class QChartView;
class QLabel;

namespace podsizer::gui {

/// Shows `why` over the chart's plot area, or hides the note when `why` is
/// empty. The note is a QLabel named "<chart view's name>-empty".
void set_chart_note(QChartView* view, const QString& why);

/// The note, or null when none was ever set (for the tests).
QLabel* chart_note(const QChartView* view);

} // namespace podsizer::gui

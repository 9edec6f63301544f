// The resilience charts (docs/resilience.md §8–§13): per design, nines
// against the share of the backend given to rebuilds, and the local capacity
// a WAN outage needs against its length. Shared by the GUI's resilience
// panel, --charts and --pdf.
#pragma once

#include "podsizer/core/resilience.hpp"
#include "podsizer/reports/resilience_report.hpp"

#include <QList>
#include <QPointF>
#include <QString>
#include <utility>
#include <vector>

class QChart;

namespace podsizer::render {

/// One line per design: its name and points.
using Lines = std::vector<std::pair<QString, QList<QPointF>>>;

struct ResilienceCurves {
    Lines nines; ///< nines a year at rebuild shares of 2 % to 50 %
    Lines need;  ///< local need (PB) at outages from 0 to `weeks` weeks
    double weeks = 1.0;
};

/// The curves of every column; the outage axis runs to a week, or to as many
/// weeks as twice the scenario's outage takes.
ResilienceCurves resilience_curves(const std::vector<ResilienceColumn>& cols,
                                   const Catalog& catalog, const ResilienceInputs& base);

/// Draws both charts; returns why each is empty (empty when drawn).
std::pair<QString, QString> plot_resilience(QChart* nines, QChart* outage,
                                            const ResilienceCurves& curves);

} // namespace podsizer::render

// The phases of a scenario on the installed base (docs/sites-and-phases.md
// §2, issue 33) as a timeline: per phase, the racks installed before it and
// those it adds, stacked, with the usable capacity delivered and needed after
// it on a second axis. Written by --charts and --pdf.
#pragma once

#include "podsizer/core/phases.hpp"

class QChart;

namespace podsizer::render {

/// Fills `chart` (which should be empty) with `plan`'s phases.
void plot_phases(QChart* chart, const PhasePlan& plan);

} // namespace podsizer::render

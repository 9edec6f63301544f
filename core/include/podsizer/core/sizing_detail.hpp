// size_scenario with a choice of how much of each design's rack layout is
// built (issue 34): a sweep's rows read every figure and finding of a design
// but show no rack's U positions or slot labels, which were two fifths of a
// sweep run's time (docs/performance.md).
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/rack_layout.hpp"
#include "podsizer/core/scenario.hpp"

namespace podsizer {

/// size_scenario (engine.hpp) with each chosen design's racks laid out to
/// `detail`: RackDetail::slots is size_scenario itself; RackDetail::racks
/// gives the same designs (every figure, finding and rack) with no slots in
/// their racks, and without a price book no bill (`bom`, `facility`: a
/// price book's CapEx is the bill's total, so with one it is built).
/// RackDetail::counts leaves the layout out, which changes
/// the findings that read it: not for results shown to anyone.
SizingResult size_scenario(const Scenario& scenario, const Catalog& catalog, RackDetail detail);

} // namespace podsizer

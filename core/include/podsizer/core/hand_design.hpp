// A sized design turned back into input: the hand-made design or the
// scenario option with the same hardware, and that design re-evaluated at
// other C-node and D-box counts (the GUI's ± buttons, "use this design" and
// the throughput-vs-C-node chart). Every number comes from evaluate_design.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/scenario.hpp"

#include <cstdint>
#include <vector>

namespace podsizer {

/// The hand-made design with `design`'s name and hardware (C-node, D-box,
/// drive, rack, switch) and the given counts.
HandDesign hand_design_of(const Design& design, std::int64_t cnodes, std::int64_t dboxes);

/// Pins `option` to `design`'s C-node, D-box and drive at fixed counts, so
/// the counts mean the same boxes; its name, rack, switch, capacity and
/// performance stay the option's own.
void pin_option(OptionSpec& option, const Design& design, std::int64_t cnodes, std::int64_t dboxes);

/// A new option that sizes to `design` again: its name, hardware and counts.
OptionSpec option_of(const Design& design);

/// `design` re-evaluated with other counts (same hardware, requirements,
/// constraints and data-reduction what-if).
Design replay(const Design& design, std::int64_t cnodes, std::int64_t dboxes,
              const Scenario& scenario, const Catalog& catalog);

/// Delivered throughput of a design over a range of C-node counts at its
/// D-box count: the curve that shows the knee.
struct KneePoint {
    std::int64_t cnodes = 0;
    Throughput read;
    Throughput write;
};
struct KneeCurve {
    std::vector<KneePoint> points; ///< ascending C-node counts from 1
    std::int64_t knee = 0;         ///< C-nodes the D-boxes keep busy (the design's knee)
    std::int64_t current = 0;      ///< the design's own C-node count
    Throughput required_read;      ///< zero when there is no requirement
    Throughput required_write;
};

/// Read and write at C-node counts from 1 to 1.5 × max(knee, current), about
/// `max_points` of them evenly spread, always including the knee and the
/// design's own count; the design's D-boxes and hardware as they are.
KneeCurve knee_curve(const Design& design, const Catalog& catalog, int max_points = 120);

} // namespace podsizer

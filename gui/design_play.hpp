// Re-evaluating a sized design with other C-node and D-box counts: the GUI's
// ± buttons and the throughput-vs-C-node chart. No sizing logic here: every
// number comes from core's evaluate_design with the design's own hardware,
// requirements and the scenario's constraints. Plain C++ (no Qt), so tests can
// check it directly.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/scenario.hpp"

#include <cstdint>
#include <vector>

namespace podsizer::gui {

/// The hand-made design with `design`'s hardware and the given counts.
HandDesign hand_of(const Design& design, std::int64_t cnodes, std::int64_t dboxes);

/// `design` re-evaluated with other counts (same hardware, requirements,
/// constraints and data-reduction what-if).
Design replay(const Design& design, std::int64_t cnodes, std::int64_t dboxes,
              const Scenario& scenario, const Catalog& catalog);

/// What one step changes, from `from` to `to`.
struct StepChange {
    Throughput read;
    Throughput write;
    Capacity usable;
    std::int64_t racks = 0;
    Power power;
};
StepChange change(const Design& from, const Design& to);

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

/// Evaluates C-node counts from 1 to 1.5 × max(knee, current), about
/// `max_points` of them evenly spread, always including the knee and the
/// design's own count.
KneeCurve knee_curve(const Design& design, const Scenario& scenario, const Catalog& catalog,
                     int max_points = 120);

} // namespace podsizer::gui

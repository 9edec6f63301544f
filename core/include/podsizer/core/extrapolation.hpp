// Growing a pod design to a capacity target such as an exabyte
// (docs/extrapolation-and-comparison.md §1-§2): as whole pods side by side, or as the same hardware
// in one namespace.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/fleet.hpp"
#include "podsizer/core/scenario.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace podsizer {

/// Tolerances above this are no longer "close to the target".
inline constexpr double kMaxTolerance = 0.5;

/// "10%" -> 0.10. InputError naming `where` unless the text is a percentage
/// (with its sign) from 0 % to 50 %.
double parse_tolerance(std::string_view text, const std::string& where);

/// "1 EB" -> 10^18 B. InputError naming `where` unless the text is a capacity
/// above zero.
Capacity parse_target(std::string_view text, const std::string& where);

/// One pod design grown to a target by adding whole pods. Each pod is its own
/// namespace, so throughput adds up across pods (aggregate, not per namespace).
struct Extrapolation {
    std::string design; ///< the pod design's name
    Capacity target;
    double tolerance = 0.0;
    Capacity pod_usable;
    double pods_exact = 0.0; ///< target / pod usable
    /// target × (1 − tolerance) / pod usable: the pods that reach the target
    /// within the tolerance, as a fraction (the brief's "just over 4 pods").
    double pods_within_tolerance = 0.0;
    /// The fewest whole pods whose usable capacity reaches target × (1 − tolerance).
    std::int64_t pods = 0;

    // Totals over `pods` pods.
    std::int64_t cnodes = 0;
    std::int64_t dboxes = 0;
    std::int64_t racks = 0;
    bool racks_fit = true; ///< the pod's Design::racks_fit: false makes `racks` n/a
    Capacity raw;
    Capacity usable;
    Throughput read;
    Throughput write;
    Power power;
    double coverage = 0.0; ///< usable / target

    std::vector<Finding> findings; ///< how the whole number was chosen
    /// The same hardware grown to the target in a single namespace: D-boxes
    /// for the target, C-nodes at the pod's C:D ratio. Set by
    /// extrapolate_scenario().
    std::optional<Design> single_namespace;
};

/// Whole pods only (no catalog needed). InputError when the pod has no usable
/// capacity or the spec is out of range.
Extrapolation extrapolate_pods(const Design& pod, const ExtrapolationSpec& spec);

/// `pod`'s hardware as one namespace of `target` usable capacity: the fewest
/// D-boxes that reach it, C-nodes = ceil(D × the pod's C/D). Layout included.
Design grow_single_namespace(const Design& pod, Capacity target, const Catalog& catalog,
                             const Constraints& constraints, double data_reduction);

/// A whole scenario grown to a target: every design sized, each grown to the
/// target (whole pods and one namespace), and, when the scenario has a fleet,
/// the fleet plan with the storage of every per-pod design (an option with its
/// own capacity or without the performance rule is not a per-cluster pod).
struct ScenarioExtrapolation {
    std::string scenario;
    ExtrapolationSpec spec;
    SizingResult sizing;
    std::vector<Extrapolation> extrapolations; ///< one per design, in order
    std::optional<FleetPlan> fleet;
    /// One per design, in order: set for the per-pod designs of a fleet.
    std::vector<std::optional<FleetStorage>> fleet_storage;

    /// Every sized design and every single-namespace design is feasible.
    bool all_feasible() const;
};

ScenarioExtrapolation extrapolate_scenario(const Scenario& scenario, const Catalog& catalog,
                                           const ExtrapolationSpec& spec);

} // namespace podsizer

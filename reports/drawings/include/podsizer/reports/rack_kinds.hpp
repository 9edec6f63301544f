// The distinct racks of a design: racks holding the same devices at the same
// U (and so drawing the same power) are one kind, shown once with their
// count. The Racks sheet and the "typical racks" drawing both use it, so a
// 30-rack pod prints as a handful of racks rather than thirty.
#pragma once

#include "podsizer/core/design.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace podsizer {

/// Racks with the same contents, by index into Design::layout, in rack order.
struct RackKind {
    std::vector<std::size_t> racks;
};

/// The design's distinct racks, in the order of their first rack.
std::vector<RackKind> rack_kinds(const Design& d);

/// The kind's rack numbers as ranges: "1–14, 17, 20–29".
std::string rack_numbers_text(const Design& d, const RackKind& k);

/// Consecutive U holding devices of the same model and tier, or empty U.
struct DeviceRun {
    int first = 1;                  ///< lowest U
    int last = 1;                   ///< highest U
    const RackSlot* slot = nullptr; ///< the run's lowest device; null: empty
    std::int64_t devices = 0;
};

/// A rack from U 1 to `height` as runs, bottom first.
std::vector<DeviceRun> device_runs(const Rack& r, int height);

/// The tallest U any rack of `d` uses: the rack model's usable height, or
/// more when a device reaches above it (the SVG, the Racks sheet and the
/// Slide draw every rack this tall).
int rack_height(const Design& d);

/// The display name of a slot's model (the design's, by role).
const std::string& model_shown(const Design& d, const RackSlot& s);

/// What a device is, for people: "C-node", "D-box", "leaf switch",
/// "spine switch", "super-spine switch".
std::string device_kind_text(const RackSlot& s);

} // namespace podsizer

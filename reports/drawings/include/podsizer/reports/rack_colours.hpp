// The colours of each kind of device wherever a rack is drawn: the SVG
// elevations and the workbook's Slide, from this one table.
#pragma once

#include "podsizer/core/design.hpp"

#include <cstdint>
#include <string>

namespace podsizer {

/// A device's fill, outline and label colours, as 0xRRGGBB.
struct DeviceColours {
    std::uint32_t fill = 0;
    std::uint32_t stroke = 0;
    std::uint32_t text = 0;
};

// Okabe–Ito colours (distinguishable with the common colour-vision
// deficiencies) with distinct lightness, so a grey-scale print still tells
// C-nodes (light), D-boxes (mid) and switches (dark) apart. Spines and
// super-spines apart from leaves: Okabe–Ito blue (darker than the C-nodes'
// sky blue) and reddish purple.
namespace rack_colours {
inline constexpr DeviceColours cnode{0x56B4E9, 0x1F5F8B, 0x000000};
inline constexpr DeviceColours dbox{0xE69F00, 0x8A5F00, 0x000000};
inline constexpr DeviceColours leaf_switch{0x4D4D4D, 0x1A1A1A, 0xFFFFFF};
inline constexpr DeviceColours spine_switch{0x0072B2, 0x003D60, 0xFFFFFF};
inline constexpr DeviceColours super_spine_switch{0xCC79A7, 0x7A3D63, 0x000000};
inline constexpr DeviceColours empty{0xF2F2F2, 0xBFBFBF, 0x000000};
} // namespace rack_colours

/// A slot's colours by its role and tier; null: an empty U.
const DeviceColours& device_colours(const RackSlot* s);

/// A colour as SVG and CSS write it: "#56B4E9".
std::string hex_colour(std::uint32_t rgb);

} // namespace podsizer

#include "podsizer/render/series_palette.hpp"

#include <array>
#include <cmath>

namespace podsizer::render {

namespace {

struct Pair {
    const char* dark;  ///< the series (Material 800: reads on white)
    const char* light; ///< its companion (Material 300)
};

// Hues far apart first: a chart with few series gets the most distinct ones.
constexpr std::array<Pair, 10> kPalette{{
    {"#1565c0", "#64b5f6"}, // blue
    {"#ef6c00", "#ffb74d"}, // orange
    {"#2e7d32", "#81c784"}, // green
    {"#6a1b9a", "#ba68c8"}, // purple
    {"#c62828", "#e57373"}, // red
    {"#00838f", "#4dd0e1"}, // cyan
    {"#5d4037", "#a1887f"}, // brown
    {"#ad1457", "#f06292"}, // pink
    {"#455a64", "#90a4ae"}, // blue grey
    {"#827717", "#d4e157"}, // olive
}};

/// Past the palette: hues a golden angle apart never repeat; `light` for
/// companions. Saturation and value keep them off the palette's colours.
QColor generated(std::size_t i, bool light) {
    const double hue = std::fmod(static_cast<double>(i - kPalette.size()) * 137.508 + 15.0, 360.0);
    return QColor::fromHsvF(static_cast<float>(hue / 360.0), light ? 0.45F : 0.9F,
                            light ? 0.95F : 0.62F);
}

} // namespace

QColor series_colour(std::size_t i) {
    return i < kPalette.size() ? QColor(kPalette[i].dark) : generated(i, false);
}

QColor companion_colour(std::size_t i) {
    return i < kPalette.size() ? QColor(kPalette[i].light) : generated(i, true);
}

} // namespace podsizer::render

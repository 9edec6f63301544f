// The chart palette lives in the render library (render/), which draws the
// charts for the GUI and for the CLI's --charts and --pdf alike; the GUI's
// own widgets (the resilience legend) name its colours through these.
#pragma once

#include "podsizer/render/series_palette.hpp"

namespace podsizer::gui {

using render::companion_colour;
using render::series_colour;
namespace series = render::series;

} // namespace podsizer::gui

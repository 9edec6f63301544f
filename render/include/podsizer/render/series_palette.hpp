// The colours of chart series, from one palette: every chart takes its
// series' colours from here instead of the chart theme's cycle, so no two
// series in one chart share a colour (issue 16: "every chart's series
// distinguishable"). A series that belongs to another (a requirement line to
// the line it bounds) takes the lighter companion of that line's colour: the
// same hue, told apart, and distinct from every series colour.
#pragma once

#include <QColor>
#include <cstddef>

namespace podsizer::render {

/// The colour of the `i`-th series of a chart; distinct for every `i` (the
/// ten palette colours, then hues a golden angle apart).
QColor series_colour(std::size_t i);

/// A lighter colour of the same hue as series_colour(i), distinct from
/// every series colour and every other companion.
QColor companion_colour(std::size_t i);

/// The palette's indices as charts use them, so one name means one colour
/// in every chart (read is blue wherever it is drawn).
namespace series {
inline constexpr std::size_t read = 0;
inline constexpr std::size_t write = 1;
inline constexpr std::size_t design = 2; ///< the selected design's own point
inline constexpr std::size_t knee = 3;
inline constexpr std::size_t power = 4;
inline constexpr std::size_t goodput = 5;
inline constexpr std::size_t step_gain = 6;  ///< GPU-hours a day one more step gives back
inline constexpr std::size_t read_state = 7; ///< read in the state a design is sized for
inline constexpr std::size_t racks = 8;
inline constexpr std::size_t write_state = 9; ///< write in that state
} // namespace series

} // namespace podsizer::render

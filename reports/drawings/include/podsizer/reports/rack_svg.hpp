// Rack drawings as SVG: every rack of a design, front view, device by device;
// or for a slide, each distinct rack once with its count, or a floor plan of
// all racks with their power.
//
// Shared by the CLI (--svg) and the GUI, so both draw the same picture byte
// for byte. The SVG uses only presentation attributes (no CSS, no fonts to
// load, no dominant-baseline), which QtSvg, librsvg and browsers all render.
#pragma once

#include "podsizer/core/design.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace podsizer {

/// What the drawing shows.
enum class RackView {
    every_rack, ///< every rack's elevation, device by device (the default)
    typical,    ///< each distinct rack once with its count ("× 14"), at 16:9 slide size
    floor_plan, ///< every rack from above in rows, numbered, with its kW, at 16:9 slide size
};

/// "racks", "typical", "floor"; and back (nullopt for anything else).
std::string_view to_string(RackView v);
std::optional<RackView> rack_view_from(std::string_view text);

struct RackSvgOptions {
    RackView view = RackView::every_rack;
    /// Racks drawn side by side before wrapping onto a new row; 0 picks the
    /// count that makes the drawing largest on a landscape page.
    int racks_per_row = 0;
    /// Replaces the design name as the title when not empty.
    std::string title;
    /// Width / height of the page the automatic row length aims for:
    /// A4 landscape is 297 / 210 (Letter landscape, 11 / 8.5, is close).
    double page_aspect = 297.0 / 210.0;
    /// At most this many racks are drawn (the heading says so when there are
    /// more); 0 draws all. 1,000 racks of 40 U is already a ~13 MB drawing.
    int max_racks = 1000;
};

/// The rack elevation of `design` as a standalone SVG document (UTF-8).
/// Racks sit side by side with U numbers; each device is drawn at its height,
/// coloured by role (legend at the top) and labelled with its model; each rack
/// shows U used / usable and kW used / budget; the title carries the design
/// name and totals. A design without a layout (too large, or a device that
/// fits no rack) gets the title and a note saying why.
std::string render_rack_svg(const Design& design, const RackSvgOptions& options = {});

/// A file name for the elevation of a design inside a directory:
/// "<index>-<design name as lower-case letters, digits and dashes>.svg",
/// index 1-based and zero-padded to two digits so names sort in design order;
/// the slide views add their suffix: "01-ncp-pod-typical.svg".
std::string rack_svg_file_name(const Design& design, std::size_t index,
                               RackView view = RackView::every_rack);

} // namespace podsizer

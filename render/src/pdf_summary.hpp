// The PDF report's first page: the executive summary (issue 32 item 1).
#pragma once

#include "pdf_pages.hpp"
#include "podsizer/render/render_input.hpp"

namespace podsizer::render {

/// The need and what is delivered intact and degraded, the counts (C-nodes,
/// D-boxes, drives, racks), power on both bases, the typical rack of the
/// first design, the top three risks (errors first) and, with a comparison,
/// the ratios against the reference systems.
PageDrawer summary_page(const RenderInput& input);

/// The racks on the basis the facility plans on, the other beside it, for
/// a facility page's heading: "37 racks on maximum draw (29 on typical)".
std::string racks_on_bases(const Design& d);

} // namespace podsizer::render

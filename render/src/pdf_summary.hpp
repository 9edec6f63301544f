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

/// Whether the facility plans on maximum draw: the design is laid out on it,
/// or at maximum draw its fullest rack would exceed the budget (issue 51
/// item 6). The racks and power then lead with that basis.
bool leads_with_max(const Design& d);

/// The racks on the basis the facility plans on, the other beside it, for
/// a facility page's heading: "37 racks on maximum draw (29 on typical)".
std::string racks_on_bases(const Design& d);

/// The top `n` findings of the designs and the comparison, errors first,
/// then warnings, then notes, each "Error — design: message".
std::vector<std::string> top_risks(const RenderInput& input, std::size_t n);

} // namespace podsizer::render

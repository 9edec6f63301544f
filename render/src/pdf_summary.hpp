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

/// The top `n` findings of the designs and the comparison, errors first,
/// then warnings, then notes, each "Error — design: message".
std::vector<std::string> top_risks(const RenderInput& input, std::size_t n);

} // namespace podsizer::render

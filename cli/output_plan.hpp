// One plan of every file a run writes, made before any is written (fourth
// red-team round, D1-D3): the workbook, each rack drawing --svg will make, the
// PDF and each chart file of --charts, by the names they will have. The plan
// is refused as a whole (exit 2, one message naming both) when two entries are
// one file or an entry is one of the run's inputs (check_outputs); only then is
// anything written. Every command that writes files goes through it.
#pragma once

#include "exports.hpp"
#include "render_flags.hpp"

#include <vector>

namespace podsizer::cli {

/// Plans, checks and writes the command's exports (`exports`, null: the
/// command has none) and renders (`render`, null: none) of `job`, against the
/// run's `inputs`; a refused plan writes nothing.
void write_outputs(const ExportOptions* exports, const RenderFlags* render, const RenderJob& job,
                   const std::vector<RunFile>& inputs);

} // namespace podsizer::cli

#include "output_plan.hpp"

namespace podsizer::cli {

void write_outputs(const ExportOptions* exports, const RenderFlags* render, const RenderJob& job,
                   const std::vector<RunFile>& inputs) {
    const std::vector<RunFile> renders =
        render != nullptr ? plan_renders(*render, job) : std::vector<RunFile>{};
    if (exports != nullptr) {
        // Checks its own targets with `renders` before writing any of them.
        write_exports(*exports, *job.study, *job.catalog, job.scenario, inputs, job.optimization,
                      renders);
    } else {
        check_outputs(renders, inputs);
    }
    if (render != nullptr) {
        write_renders(*render, job);
    }
}

} // namespace podsizer::cli

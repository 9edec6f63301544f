// --pdf FILE and --charts DIR on size, compare, extrapolate, optimize and
// resilience (docs/cli.md, "PDF report and chart files"). The plain `podsizer`
// never links Qt, so its start-up stays as fast as before (docs/performance.md):
// given either flag, it hands the whole command line over to podsizer-render,
// the same CLI linked with the render library (Qt), installed beside it. A
// build without the GUI has no podsizer-render and says so for the flag.
#pragma once

#include "exports.hpp"
#include "podsizer/core/catalog.hpp"
#include "podsizer/core/optimizer.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/reports/resilience_report.hpp"
#include "podsizer/reports/run_files.hpp"
#include "podsizer/reports/study.hpp"

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace podsizer::cli {

struct RenderFlags {
    std::string pdf;    ///< the PDF report; empty: none
    std::string charts; ///< the directory for the chart files; empty: none
    bool any() const { return !pdf.empty() || !charts.empty(); }
};

/// Adds --pdf FILE and --charts DIR to `cmd`.
void add_render_flags(CLI::App* cmd, RenderFlags& flags);

/// What the report and the charts are made of; pointers into the command's
/// results (null: not there).
struct RenderJob {
    std::string command;
    const Study* study = nullptr;
    const Catalog* catalog = nullptr;
    const Scenario* scenario = nullptr;
    const OptimizerResult* optimization = nullptr;
    const std::vector<ResilienceColumn>* resilience = nullptr;
};

/// Writes the files; throws InputError located at the flag. Set by
/// podsizer-render's main (cli/qt_renderer.cpp); none in `podsizer`.
using Renderer = void (*)(const RenderFlags& flags, const RenderJob& job);
void set_renderer(Renderer renderer);

/// Checks the --pdf target against the run's inputs and the other exports'
/// targets (check_outputs: never an input, never the --xlsx file); called
/// before any export is written. InputError naming the flag.
void check_render_targets(const RenderFlags& flags, const std::vector<RunFile>& inputs,
                          const ExportOptions* exports = nullptr);

/// Writes --pdf and --charts when given (the PDF target checked again, as
/// check_render_targets does, against the inputs), through the renderer.
void write_renders(const RenderFlags& flags, const RenderJob& job,
                   const std::vector<RunFile>& inputs);

/// Called once the command line is parsed, before the command runs: when
/// --pdf or --charts was given and this binary has no renderer, runs
/// podsizer-render (beside this binary, else in ../lib/podsizer) with the same
/// arguments and does not return; when there is none, throws InputError
/// naming the flag.
void hand_over_rendering(char** argv);

} // namespace podsizer::cli

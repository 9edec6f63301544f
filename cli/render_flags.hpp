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

/// The files --pdf and --charts will write, named before anything is drawn
/// or written: the PDF, and each chart file in the --charts directory
/// (chart_files, the list the render library draws). Throws InputError at
/// --charts when the directory is a file or cannot be made (its parent is
/// missing). The output plan (output_plan.hpp) checks them with the exports.
std::vector<RunFile> plan_renders(const RenderFlags& flags, const RenderJob& job);

/// Writes --pdf and --charts when given, through the renderer; the targets
/// were planned and checked first (plan_renders).
void write_renders(const RenderFlags& flags, const RenderJob& job);

/// Called once the command line is parsed, before the command runs: when
/// --pdf or --charts was given and this binary has no renderer, runs
/// podsizer-render (beside this binary, else in ../lib/podsizer) with the same
/// arguments and does not return; when there is none, throws InputError
/// naming the flag.
void hand_over_rendering(char** argv);

} // namespace podsizer::cli

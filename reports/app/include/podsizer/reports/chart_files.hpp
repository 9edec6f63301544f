// The chart files a `--charts DIR` run writes, named before any chart is drawn:
// the run's output plan checks each name against its inputs and its other
// exports (fourth red-team round, D1-D3), and the render library draws
// exactly this list (render/src/chart_set.cpp), so the two cannot disagree.
// Qt-free: the names follow from the study alone.
#pragma once

#include "podsizer/reports/resilience_report.hpp"
#include "podsizer/reports/study.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace podsizer {

enum class ChartKind {
    knee,
    goodput,
    comparison_racks,
    comparison_power,
    comparison_racks_per_pb,
    comparison_power_per_pb,
    pareto,
    phases,
    resilience_nines,
    resilience_outage,
};

struct ChartFile {
    std::string file; ///< "knee-01-ncp-pod.svg": lower-case, digits and dashes
    ChartKind kind = ChartKind::knee;
    std::size_t design = 0; ///< knee, goodput: the design's index in the study
    std::size_t job = 0;    ///< goodput: the checkpoint job's index
};

/// What a command's charts are drawn from; null or false: not there.
struct ChartSources {
    std::string command; ///< "size", "compare", "extrapolate", "optimize", "resilience"
    const Study* study = nullptr;
    /// The knee and resilience charts and compare's Pareto front need both.
    bool scenario_and_catalog = false;
    bool optimization = false; ///< optimize: its answer is given
    /// resilience: the columns the report shows; null: the designs' own.
    const std::vector<ResilienceColumn>* resilience = nullptr;
};

/// The sources of what holds a command's results by these member names (the
/// render library's RenderInput, the CLI's RenderJob): one reading for both.
template <class Job> ChartSources chart_sources_of(const Job& job) {
    ChartSources s;
    s.command = job.command;
    s.study = job.study;
    s.scenario_and_catalog = job.scenario != nullptr && job.catalog != nullptr;
    s.optimization = job.optimization != nullptr;
    s.resilience = job.resilience;
    return s;
}

/// Every chart file of `sources`, in the order the PDF shows the charts.
/// compare's Pareto front is listed though the optimiser may find none for
/// the scenario (then it is not drawn): the plan errs on the side of a file.
std::vector<ChartFile> chart_files(const ChartSources& sources);

} // namespace podsizer

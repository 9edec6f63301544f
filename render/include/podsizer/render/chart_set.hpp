// Every chart a command's results have, built once for --charts (one SVG
// each) and --pdf (a page each): the knee and goodput of each design, the
// comparison absolute and per PB, the Pareto front, the resilience curves.
#pragma once

#include "podsizer/render/render_input.hpp"
#include "podsizer/reports/chart_files.hpp"

#include <QChart>
#include <QString>
#include <memory>
#include <string>
#include <vector>

namespace podsizer::render {

struct ChartEntry {
    std::string file; ///< "knee-01-ncp-pod.svg": lower-case, digits and dashes
    std::unique_ptr<QChart> chart;
    QString note; ///< why the chart is empty; empty when it is drawn
};

/// What chart_files (the names a --charts run plans) needs of `input`.
ChartSources chart_sources(const RenderInput& input);

/// The charts of `input`: chart_files(chart_sources(input)), each drawn, in
/// the order the PDF shows them. Needs a
/// QApplication (Qt Charts' charts are graphics widgets).
std::vector<ChartEntry> build_charts(const RenderInput& input);

} // namespace podsizer::render

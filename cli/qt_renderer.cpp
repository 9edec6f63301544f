// podsizer-render's renderer (cli/render_flags.hpp): --pdf and --charts
// drawn by the render library, the code the GUI draws its charts with.
#include "qt_renderer.hpp"

#include "podsizer/catalog/safe_text.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/render/report_files.hpp"
#include "podsizer/reports/study.hpp"
#include "render_flags.hpp"

#include <iostream>

namespace podsizer::cli {

namespace {

void render_files(const RenderFlags& flags, const RenderJob& job) {
    render::RenderInput in;
    in.command = job.command;
    in.study = job.study;
    in.catalog = job.catalog;
    in.scenario = job.scenario;
    in.optimization = job.optimization;
    in.resilience = job.resilience;
    in.date = export_date_from_env();
    auto written = [](const std::string& path) {
        std::cerr << "podsizer: wrote " << printable(path, kMaxMessageChars) << "\n";
    };
    if (!flags.pdf.empty()) {
        try {
            render::write_pdf(flags.pdf, in);
        } catch (const InputError& e) {
            throw e.located("--pdf");
        }
        written(flags.pdf);
    }
    if (!flags.charts.empty()) {
        try {
            render::write_charts(flags.charts, in, written);
        } catch (const InputError& e) {
            throw e.located("--charts");
        }
    }
}

} // namespace

void install_qt_renderer() {
    set_renderer(&render_files);
}

} // namespace podsizer::cli

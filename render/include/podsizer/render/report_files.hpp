// --pdf FILE and --charts DIR: the PDF report and the chart files of a
// command's results, each written atomically (built in memory, then a
// temporary file renamed over the target), so a failure never leaves a
// half-written file (docs/reports.md, "PDF report" and "Chart files").
#pragma once

#include "podsizer/render/render_input.hpp"

#include <QByteArray>
#include <functional>
#include <string>

namespace podsizer::render {

/// Makes the QApplication the charts need when there is none, on the
/// offscreen platform (no display), and keeps the C library's numeric locale
/// "C" (Qt sets it from the environment).
void ensure_application();

/// The PDF report: the executive summary page, the tables, the drawings and
/// the charts, each page numbered. Needs a QApplication.
QByteArray pdf_report(const RenderInput& input);

/// Writes pdf_report atomically to `path`. Throws InputError (where = path).
void write_pdf(const std::string& path, const RenderInput& input);

/// Writes every chart of `input` as SVG into `dir` (made when missing, its
/// parent must exist), each atomically, calling `written` with each path.
/// Throws InputError (where = dir or the file) before writing anything when
/// `dir` is a file or cannot be made.
void write_charts(const std::string& dir, const RenderInput& input,
                  const std::function<void(const std::string&)>& written);

} // namespace podsizer::render

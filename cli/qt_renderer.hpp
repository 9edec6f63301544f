// Installs the render library's renderer for --pdf and --charts: only in
// podsizer-render, the CLI linked with Qt (cli/render_flags.hpp says why).
#pragma once

namespace podsizer::cli {

void install_qt_renderer();

} // namespace podsizer::cli

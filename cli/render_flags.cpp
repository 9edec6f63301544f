#include "render_flags.hpp"

#include "completion_hints.hpp"
#include "output_paths.hpp"
#include "podsizer/core/errors.hpp"

#include <climits>
#include <string>
#include <unistd.h>

namespace podsizer::cli {

namespace {

Renderer g_renderer = nullptr;
/// The first of --pdf and --charts given on the command line; empty: neither.
std::string g_requested;

void note_requested(const std::string& flag) {
    if (g_requested.empty()) {
        g_requested = flag;
    }
}

/// The directory this binary is in ("" when /proc does not say).
std::string own_directory() {
    char buf[PATH_MAX];
    const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) {
        return {};
    }
    const std::string path(buf, static_cast<std::size_t>(n));
    return path.substr(0, path.rfind('/'));
}

} // namespace

void add_render_flags(CLI::App* cmd, RenderFlags& flags) {
    cmd->add_option("--pdf", flags.pdf,
                    "Also write a PDF report to FILE: the executive summary, the tables, the "
                    "rack drawings and the charts (needs a build with the GUI's Qt)")
        ->type_name("FILE")
        ->check(non_empty_path())
        ->check(complete_file())
        ->each([](const std::string&) { note_requested("--pdf"); });
    cmd->add_option("--charts", flags.charts,
                    "Also write each chart as SVG into directory DIR (made if missing; needs a "
                    "build with the GUI's Qt)")
        ->type_name("DIR")
        ->check(non_empty_path())
        ->check(complete_directory())
        ->each([](const std::string&) { note_requested("--charts"); });
}

void set_renderer(Renderer renderer) {
    g_renderer = renderer;
}

void check_render_targets(const RenderFlags& flags, const std::vector<RunFile>& inputs,
                          const ExportOptions* exports) {
    if (flags.pdf.empty()) {
        return;
    }
    std::vector<RunFile> outputs;
    if (exports != nullptr && !exports->xlsx.empty()) {
        outputs.push_back({"--xlsx", exports->xlsx});
    }
    outputs.push_back({"--pdf", flags.pdf});
    check_outputs(outputs, inputs);
}

void write_renders(const RenderFlags& flags, const RenderJob& job,
                   const std::vector<RunFile>& inputs) {
    if (!flags.any()) {
        return;
    }
    if (g_renderer == nullptr) { // hand_over_rendering ran first; kept for library users
        throw InputError(flags.pdf.empty() ? "--charts" : "--pdf",
                         "this build of podsizer has no Qt rendering");
    }
    if (!flags.pdf.empty()) {
        check_outputs({{"--pdf", flags.pdf}}, inputs);
    }
    g_renderer(flags, job);
}

void hand_over_rendering(char** argv) {
    if (g_requested.empty() || g_renderer != nullptr) {
        return;
    }
    const std::string dir = own_directory();
    if (!dir.empty()) {
        for (const std::string& path :
             {dir + "/podsizer-render", dir + "/../lib/podsizer/podsizer-render"}) {
            if (::access(path.c_str(), X_OK) == 0) {
                ::execv(path.c_str(), argv);
            }
        }
    }
    throw InputError(g_requested,
                     "this build of podsizer has no Qt rendering (podsizer-render, built with "
                     "the GUI, is not installed beside it); expected a build with "
                     "PODSIZER_BUILD_GUI=ON for the PDF report and the chart files");
}

} // namespace podsizer::cli

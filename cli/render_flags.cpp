#include "render_flags.hpp"

#include "completion_hints.hpp"
#include "output_paths.hpp"
#include "podsizer/catalog/safe_text.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/chart_files.hpp"

#include <climits>
#include <string>
#include <sys/stat.h>
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
    add_output_option(*cmd, "--pdf", flags.pdf,
                      "Also write a PDF report to FILE: the executive summary, the tables, the "
                      "rack drawings and the charts (needs a build with the GUI's Qt)")
        ->each([](const std::string&) { note_requested("--pdf"); });
    add_output_option(*cmd, "--charts", flags.charts,
                      "Also write each chart as SVG into directory DIR (made if missing; needs a "
                      "build with the GUI's Qt)",
                      OutputKind::directory)
        ->each([](const std::string&) { note_requested("--charts"); });
}

void set_renderer(Renderer renderer) {
    g_renderer = renderer;
}

namespace {

/// --charts DIR: an existing directory (false), or a new one whose parent
/// exists (true: the run makes it).
bool check_charts_directory(const std::string& dir) {
    struct stat st {};
    if (::stat(dir.c_str(), &st) == 0) {
        if (!S_ISDIR(st.st_mode)) {
            throw InputError("--charts", printable(dir, kMaxMessageChars) +
                                             ": is not a directory; expected a directory for "
                                             "the chart files (one SVG per chart)");
        }
        return false;
    }
    const std::string trimmed = without_trailing_slashes(dir);
    const std::size_t slash = trimmed.rfind('/');
    const std::string parent = slash == std::string::npos ? "."
                               : slash == 0               ? "/"
                                                          : trimmed.substr(0, slash);
    if (!is_directory(parent)) {
        throw InputError("--charts", printable(dir, kMaxMessageChars) + ": cannot be made, " +
                                         printable(parent, kMaxMessageChars) +
                                         " is not a directory; expected a directory, or a new "
                                         "one inside an existing directory");
    }
    return true;
}

} // namespace

std::vector<RunFile> plan_renders(const RenderFlags& flags, const RenderJob& job) {
    std::vector<RunFile> files;
    if (!flags.pdf.empty()) {
        files.push_back({"--pdf", flags.pdf});
    }
    if (!flags.charts.empty()) {
        if (check_charts_directory(flags.charts)) {
            // The directory itself is made: no other export may take its name.
            files.push_back({"--charts", without_trailing_slashes(flags.charts)});
        }
        const std::string base = flags.charts.back() == '/' ? flags.charts : flags.charts + "/";
        for (const ChartFile& f : chart_files(chart_sources_of(job))) {
            files.push_back({"--charts", base + f.file});
        }
    }
    return files;
}

void write_renders(const RenderFlags& flags, const RenderJob& job) {
    if (!flags.any()) {
        return;
    }
    if (g_renderer == nullptr) { // hand_over_rendering ran first; kept for library users
        throw InputError(flags.pdf.empty() ? "--charts" : "--pdf",
                         "this build of podsizer has no Qt rendering");
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

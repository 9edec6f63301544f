#include "exports.hpp"

#include "podsizer/core/errors.hpp"
#include "podsizer/reports/rack_svg.hpp"

#include <cerrno>
#include <cstring>
#include <iostream>
#include <sys/stat.h>

namespace podsizer::cli {

namespace {

bool is_directory(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

/// The SVG paths for each design of `result`.
std::vector<std::string> svg_paths(const std::string& target, const SizingResult& result) {
    std::vector<std::string> paths;
    const bool dir = is_directory(target) || target.back() == '/';
    if (dir) {
        if (!is_directory(target) && ::mkdir(target.c_str(), 0777) != 0) {
            throw InputError("--svg",
                             "cannot create directory " + target + ": " + std::strerror(errno));
        }
        const std::string base = target.back() == '/' ? target : target + "/";
        for (std::size_t i = 0; i < result.designs.size(); ++i) {
            paths.push_back(base + rack_svg_file_name(result.designs[i], i + 1));
        }
        return paths;
    }
    if (result.designs.size() == 1) {
        return {target};
    }
    const std::size_t slash = target.rfind('/');
    const std::size_t dot = target.rfind('.');
    const bool has_ext = dot != std::string::npos && (slash == std::string::npos || dot > slash);
    const std::string stem = has_ext ? target.substr(0, dot) : target;
    const std::string ext = has_ext ? target.substr(dot) : std::string(".svg");
    for (std::size_t i = 0; i < result.designs.size(); ++i) {
        std::string name = rack_svg_file_name(result.designs[i], i + 1); // "01-x.svg"
        name = name.substr(0, name.size() - 4);
        paths.push_back(stem + "-" + name + ext);
    }
    return paths;
}

} // namespace

void add_export_options(CLI::App* cmd, ExportOptions& options) {
    cmd->add_option("--xlsx", options.xlsx, "Also write the proposal workbook (.xlsx) to FILE")
        ->type_name("FILE");
    cmd->add_option("--svg", options.svg,
                    "Also write rack elevations (SVG): a file, or a directory for one per design")
        ->type_name("FILE_OR_DIR");
}

void write_exports(const ExportOptions& options, const Study& study, const Catalog& catalog,
                   const Scenario* scenario) {
    ExportTargets targets;
    targets.written = [](const std::string& path) {
        std::cerr << "podsizer: wrote " << path << "\n";
    };
    if (!options.xlsx.empty()) {
        targets.xlsx = options.xlsx;
        const std::string date = export_date_from_env(); // its own error, not --xlsx's
        try {
            export_study(study, catalog, scenario, targets, date);
        } catch (const InputError& e) {
            throw e.located("--xlsx");
        }
        targets.xlsx.clear();
    }
    if (!options.svg.empty()) {
        try {
            const std::vector<std::string> paths = svg_paths(options.svg, study.sizing);
            for (std::size_t i = 0; i < paths.size(); ++i) {
                targets.svg.push_back({i, paths[i]});
            }
            export_study(study, catalog, scenario, targets, {});
        } catch (const InputError& e) {
            throw e.where() == "--svg" ? e : e.located("--svg");
        }
    }
}

} // namespace podsizer::cli

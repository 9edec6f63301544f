#include "exports.hpp"

#include "completion_hints.hpp"
#include "output_paths.hpp"
#include "podsizer/catalog/safe_text.hpp"
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

/// Where --svg puts each design's file, and the directory to create first
/// (empty: none). Nothing is created here: the paths are checked first.
struct SvgPlan {
    std::string make_dir;
    std::vector<std::string> paths;
};

SvgPlan svg_plan(const std::string& target, const SizingResult& result) {
    SvgPlan plan;
    const bool dir = is_directory(target) || target.back() == '/';
    if (dir) {
        if (!is_directory(target)) {
            plan.make_dir = target;
        }
        const std::string base = target.back() == '/' ? target : target + "/";
        for (std::size_t i = 0; i < result.designs.size(); ++i) {
            plan.paths.push_back(base + rack_svg_file_name(result.designs[i], i + 1));
        }
        return plan;
    }
    if (result.designs.size() == 1) {
        plan.paths.push_back(target);
        return plan;
    }
    const std::size_t slash = target.rfind('/');
    const std::size_t dot = target.rfind('.');
    const bool has_ext = dot != std::string::npos && (slash == std::string::npos || dot > slash);
    const std::string stem = has_ext ? target.substr(0, dot) : target;
    const std::string ext = has_ext ? target.substr(dot) : std::string(".svg");
    for (std::size_t i = 0; i < result.designs.size(); ++i) {
        std::string name = rack_svg_file_name(result.designs[i], i + 1); // "01-x.svg"
        name = name.substr(0, name.size() - 4);
        plan.paths.push_back(stem + "-" + name + ext);
    }
    return plan;
}

} // namespace

void add_export_options(CLI::App* cmd, ExportOptions& options) {
    cmd->add_option("--xlsx", options.xlsx, "Also write the proposal workbook (.xlsx) to FILE")
        ->type_name("FILE")
        ->check(non_empty_path())
        ->check(complete_file());
    cmd->add_option("--svg", options.svg,
                    "Also write rack elevations (SVG): a file, or a directory for one per design")
        ->type_name("FILE_OR_DIR")
        ->check(non_empty_path())
        ->check(complete_file());
}

void write_exports(const ExportOptions& options, const Study& study, const Catalog& catalog,
                   const Scenario* scenario, const std::vector<RunFile>& inputs) {
    // Every target is checked before any is written: a refused --svg must not
    // follow a replaced workbook.
    std::vector<RunFile> outputs;
    if (!options.xlsx.empty()) {
        outputs.push_back({"--xlsx", options.xlsx});
    }
    SvgPlan svg;
    if (!options.svg.empty()) {
        svg = svg_plan(options.svg, study.sizing);
        for (const std::string& path : svg.paths) {
            outputs.push_back({"--svg", path});
        }
    }
    check_outputs(outputs, inputs);

    ExportTargets targets;
    targets.written = [](const std::string& path) {
        std::cerr << "podsizer: wrote " << printable(path, kMaxMessageChars) << "\n";
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
        if (!svg.make_dir.empty() && ::mkdir(svg.make_dir.c_str(), 0777) != 0) {
            throw InputError("--svg", "cannot create directory " + svg.make_dir + ": " +
                                          std::strerror(errno));
        }
        for (std::size_t i = 0; i < svg.paths.size(); ++i) {
            targets.svg.push_back({i, svg.paths[i]});
        }
        try {
            export_study(study, catalog, scenario, targets, {});
        } catch (const InputError& e) {
            throw e.located("--svg");
        }
    }
}

} // namespace podsizer::cli

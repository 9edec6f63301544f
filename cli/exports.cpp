#include "exports.hpp"

#include "podsizer/core/errors.hpp"
#include "podsizer/reports/atomic_file.hpp"
#include "podsizer/reports/rack_svg.hpp"
#include "podsizer/reports/workbook.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
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

std::string export_date() {
    if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch != nullptr && *epoch) {
        char* end = nullptr;
        const long long secs = std::strtoll(epoch, &end, 10);
        if (end == nullptr || *end != '\0' || secs < 0) {
            throw InputError("SOURCE_DATE_EPOCH",
                             "\"" + std::string(epoch) + "\" is not a count of seconds since 1970");
        }
        const auto t = static_cast<std::time_t>(secs);
        std::tm tm{};
        ::gmtime_r(&t, &tm);
        char buf[16];
        std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
        return buf;
    }
    return today_iso_date();
}

void write_exports(const ExportOptions& options, const SizingResult& result, const Catalog& catalog,
                   const Scenario* scenario, const Comparison* comparison,
                   const FleetSplit* fleet) {
    if (!options.xlsx.empty()) {
        WorkbookInput in;
        in.result = &result;
        in.catalog = &catalog;
        in.scenario = scenario;
        in.comparison = comparison;
        in.fleet = fleet;
        WorkbookOptions wo;
        wo.date = export_date();
        try {
            write_workbook(options.xlsx, in, wo);
        } catch (const InputError& e) {
            throw e.located("--xlsx");
        }
        std::cerr << "podsizer: wrote " << options.xlsx << "\n";
    }
    if (!options.svg.empty()) {
        std::vector<std::string> paths;
        try {
            paths = svg_paths(options.svg, result);
            for (std::size_t i = 0; i < result.designs.size(); ++i) {
                write_file_atomically(paths[i], render_rack_svg(result.designs[i]));
                std::cerr << "podsizer: wrote " << paths[i] << "\n";
            }
        } catch (const InputError& e) {
            throw e.where() == "--svg" ? e : e.located("--svg");
        }
    }
}

} // namespace podsizer::cli

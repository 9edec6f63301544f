#include "output_paths.hpp"

#include "completion_hints.hpp"

#include <string>
#include <sys/stat.h>
#include <vector>

namespace podsizer::cli {

namespace {

/// The catalog files the scenarios read in this process named (one command
/// runs per process).
std::vector<std::string>& named_catalog_files() {
    static std::vector<std::string> files;
    return files;
}

/// The price-book files read in this process.
std::vector<std::string>& price_book_files() {
    static std::vector<std::string> files;
    return files;
}

} // namespace

void note_price_book_file(const std::string& path) {
    price_book_files().push_back(path);
}

void note_scenario_catalog_files(const std::vector<std::string>& files) {
    named_catalog_files().insert(named_catalog_files().end(), files.begin(), files.end());
}

std::vector<RunFile> run_inputs(const GlobalOptions& g, const std::string& scenario_path) {
    std::vector<RunFile> inputs;
    if (!scenario_path.empty()) {
        inputs.push_back({"the scenario", scenario_path});
    }
    for (const std::string& c : g.catalogs) {
        inputs.push_back({"a --catalog file", c});
    }
    for (const std::string& c : named_catalog_files()) {
        inputs.push_back({"the scenario's catalog", c});
    }
    for (const std::string& p : price_book_files()) {
        inputs.push_back({"the price book", p});
    }
    return inputs;
}

CLI::Validator non_empty_path() {
    return CLI::Validator(
        [](std::string& value) {
            return value.empty() ? std::string("expected a file name, got an empty one")
                                 : std::string();
        },
        "FILE");
}

namespace {

constexpr const char* kOutputNames[] = {"output:file", "output:directory",
                                        "output:file-or-directory"};

} // namespace

bool is_directory(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string without_trailing_slashes(std::string path) {
    while (path.size() > 1 && path.back() == '/') {
        path.pop_back();
    }
    return path;
}

CLI::Validator output_path(OutputKind kind) {
    CLI::Validator v = non_empty_path();
    v.name(kOutputNames[static_cast<int>(kind)]);
    return v;
}

CLI::Option* add_output_option(CLI::App& cmd, const std::string& flag, std::string& path,
                               const std::string& help, OutputKind kind) {
    constexpr const char* kTypeNames[] = {"FILE", "DIR", "FILE_OR_DIR"};
    return cmd.add_option(flag, path, help)
        ->type_name(kTypeNames[static_cast<int>(kind)])
        ->check(output_path(kind))
        ->check(kind == OutputKind::directory ? complete_directory() : complete_file());
}

std::optional<OutputKind> output_kind(CLI::Option& option) {
    for (const std::string& name : validator_names(option)) {
        for (int k = 0; k < 3; ++k) {
            if (name == kOutputNames[k]) {
                return static_cast<OutputKind>(k);
            }
        }
    }
    return std::nullopt;
}

} // namespace podsizer::cli

// Shared pieces of the CLI commands: global options, loading the
// catalog, parsing flags with clear errors. Each command lives in its own
// command_*.cpp and is listed once in PODSIZER_CLI_COMMANDS below.
#pragma once

#include "exit_codes.hpp"
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/catalog/suggest.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/core/units.hpp"
#include "podsizer/reports/batch_report.hpp"
#include "podsizer/reports/format.hpp"
#include "podsizer/reports/growth_report.hpp"

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace podsizer::cli {

struct GlobalOptions {
    std::vector<std::string> catalogs;
    std::string format = "table";
};

/// What to run once parsing has succeeded; a command's parse callback sets it.
using Action = std::function<int()>;

void print_warnings(const Diagnostics& diag);
Format parse_format(const std::string& s);
/// The default catalog with every --catalog file merged and validated.
Catalog load_catalog(const GlobalOptions& g, Diagnostics& diag);

/// Runs a core parser and names the flag in its error.
template <class F> auto at_flag(const std::string& flag, F parse) {
    try {
        return parse();
    } catch (const InputError& e) {
        throw e.located(flag);
    }
}

/// `id` if it is one of `ids`, else an InputError naming `flag` with the nearest ids.
std::string require_known(const std::string& id, const std::vector<std::string>& ids,
                          const std::string& flag, const char* what);

/// The comma-separated items of a flag's value, each as given ("" is one
/// empty item).
std::vector<std::string> split_commas(const std::string& text);

/// Reads a scenario file, printing load warnings to stderr (before an error,
/// since an unknown-field warning often explains it). The scenario's own
/// catalog entries, if any, are merged into `catalog` (scenario_catalog.hpp).
Scenario read_scenario(const std::string& path, Catalog& catalog, Diagnostics& diag);
/// The --format of batch and sweep: table, csv, md, json or jsonl.
BatchFormat parse_batch_format(const std::string& s);

/// Prints the sizing report, with the sites and phases when there are any;
/// exit 1 when a design misses a requirement, a site a limit or a phase its need.
int emit_sizing(const SizingResult& result, Format format, const GrowthView& growth = {});

/// Adds the subcommand `name` (`about`: its --help line) with a fresh Args
/// its flags fill; choosing it sets `action` to run(g, args). Returns both.
template <class Args, class Run>
std::pair<CLI::App*, std::shared_ptr<Args>> add_command(CLI::App& app, const GlobalOptions& g,
                                                        Action& action, const std::string& name,
                                                        const std::string& about, Run run) {
    auto args = std::make_shared<Args>();
    CLI::App* cmd = app.add_subcommand(name, about);
    cmd->callback([&g, &action, args, run] { action = [&g, args, run] { return run(g, *args); }; });
    return {cmd, args};
}

// Every command, in --help's order: add_NAME_command adds its subcommand to
// `app` and, when it is chosen, sets `action` (app.cpp calls each in turn).
// clang-format off
#define PODSIZER_CLI_COMMANDS(X) X(init) X(size) X(design) X(catalog) X(extrapolate) X(compare) \
    X(optimize) X(checkpoint) X(durability) X(resilience) X(batch) X(sweep) X(diff)
// clang-format on
#define PODSIZER_CLI_DECLARE(name)                                                                 \
    void add_##name##_command(CLI::App& app, const GlobalOptions& g, Action& action);
PODSIZER_CLI_COMMANDS(PODSIZER_CLI_DECLARE)
#undef PODSIZER_CLI_DECLARE

} // namespace podsizer::cli

// Shared pieces of the CLI commands: global options, loading the
// catalog, parsing flags with clear errors. Each command lives in its own
// command_*.cpp and registers itself in main.cpp.
#pragma once

#include "exit_codes.hpp"
#include "podsizer/catalog/catalog_io.hpp"
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
#include <string>
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

template <class T> std::vector<std::string> ids_of(const std::vector<T>& items) {
    std::vector<std::string> out;
    for (const T& t : items) {
        out.push_back(t.id);
    }
    return out;
}

/// Reads a scenario file, printing load warnings to stderr (before an error,
/// since an unknown-field warning often explains it). The scenario's own
/// catalog entries, if any, are merged into `catalog` (scenario_catalog.hpp).
Scenario read_scenario(const std::string& path, Catalog& catalog, Diagnostics& diag);
/// The --format of batch and sweep: table, csv, md, json or jsonl.
BatchFormat parse_batch_format(const std::string& s);

/// Prints the sizing report, with the sites and phases when there are any;
/// exit 1 when a design misses a requirement, a site a limit or a phase its need.
int emit_sizing(const SizingResult& result, Format format, const GrowthView& growth = {});

// Each command adds its subcommand to `app` and, when it is chosen, sets `action`.
void add_init_command(CLI::App& app, const GlobalOptions& g, Action& action);
void add_size_command(CLI::App& app, const GlobalOptions& g, Action& action);
void add_design_command(CLI::App& app, const GlobalOptions& g, Action& action);
void add_catalog_command(CLI::App& app, const GlobalOptions& g, Action& action);
void add_extrapolate_command(CLI::App& app, const GlobalOptions& g, Action& action);
void add_compare_command(CLI::App& app, const GlobalOptions& g, Action& action);
void add_optimize_command(CLI::App& app, const GlobalOptions& g, Action& action);
void add_checkpoint_command(CLI::App& app, const GlobalOptions& g, Action& action);
void add_durability_command(CLI::App& app, const GlobalOptions& g, Action& action);
void add_resilience_command(CLI::App& app, const GlobalOptions& g, Action& action);
void add_batch_command(CLI::App& app, const GlobalOptions& g, Action& action);
void add_sweep_command(CLI::App& app, const GlobalOptions& g, Action& action);
void add_diff_command(CLI::App& app, const GlobalOptions& g, Action& action);

} // namespace podsizer::cli

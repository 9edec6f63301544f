#include "cli_common.hpp"
#include "exports.hpp"
#include "podsizer/batch/batch_runner.hpp"

#include <iostream>

namespace podsizer::cli {

namespace {

struct BatchArgs {
    std::vector<std::string> inputs;
    std::string jobs;
    std::string xlsx;
};

int run_batch_command(const GlobalOptions& g, const BatchArgs& a) {
    BatchOptions options;
    options.format = parse_batch_format(g.format);
    options.jobs = parse_jobs(a.jobs);
    options.xlsx = a.xlsx;
    if (!a.xlsx.empty()) {
        options.workbook_date = export_date();
    }
    Diagnostics diag;
    const Catalog catalog = load_catalog(g, diag);
    print_warnings(diag);
    const BatchSummary summary = run_batch(a.inputs, catalog, options, std::cout, std::cerr);
    if (!summary.workbook_error.empty()) {
        std::cerr << "podsizer: error: " << summary.workbook_error << "\n";
    } else if (!a.xlsx.empty()) {
        std::cerr << "podsizer: wrote " << a.xlsx << "\n";
    }
    std::cerr << "podsizer: " << summary.line() << "\n";
    return summary.exit_code();
}

} // namespace

void add_batch_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    auto* cmd = app.add_subcommand(
        "batch", "Size every scenario given (directories are walked for *.json files)");
    auto args = std::make_shared<BatchArgs>();
    cmd->add_option("FILE_OR_DIR", args->inputs, "Scenario files and directories")->required();
    cmd->add_option("--jobs,-j", args->jobs, "Worker threads (default: one per core)");
    cmd->add_option("--xlsx", args->xlsx,
                    "Also write a workbook (.xlsx): Results, a row per run and option, and "
                    "Assumptions")
        ->type_name("FILE");
    cmd->callback(
        [&g, &action, args] { action = [&g, args] { return run_batch_command(g, *args); }; });
}

} // namespace podsizer::cli

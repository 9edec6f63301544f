#include "batch_args.hpp"
#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "podsizer/batch/batch_runner.hpp"

#include <iostream>

namespace podsizer::cli {

namespace {

struct BatchCommandArgs {
    std::vector<std::string> inputs;
    BatchArgs batch;
};

int run_batch_command(const GlobalOptions& g, const BatchCommandArgs& a) {
    const BatchOptions options = batch_options(g, a.batch);
    std::vector<RunFile> inputs = run_inputs(g, {});
    for (const BatchInput& in : expand_batch_inputs(a.inputs)) {
        inputs.push_back({"a batch input", in.path});
    }
    check_batch_xlsx(a.batch, inputs);
    Diagnostics diag;
    const Catalog catalog = load_catalog(g, diag);
    print_warnings(diag);
    return finish_batch(run_batch(a.inputs, catalog, options, std::cout, std::cerr), a.batch);
}

} // namespace

void add_batch_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    const auto [cmd, args] = add_command<BatchCommandArgs>(
        app, g, action, "batch",
        "Size every scenario given (directories are walked for *.json files)", run_batch_command);
    cmd->add_option("FILE_OR_DIR", args->inputs, "Scenario files and directories")
        ->required()
        ->check(complete_file());
    add_batch_flags(*cmd, args->batch);
}

} // namespace podsizer::cli

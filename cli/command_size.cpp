#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "exports.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/study.hpp"
#include "power_args.hpp"

namespace podsizer::cli {

namespace {

int run_size(const GlobalOptions& g, const std::string& scenario_path, const ExportOptions& exports,
             const PowerArgs& power) {
    const Format format = parse_format(g.format);
    Diagnostics diag;
    const Catalog catalog = load_catalog(g, diag);
    Scenario scenario;
    try {
        scenario = load_scenario(scenario_path, catalog, &diag);
    } catch (const InputError&) {
        print_warnings(diag); // an unknown-field warning often explains the error
        throw;
    }
    print_warnings(diag);
    apply_power_flags(power, scenario.constraints, catalog);
    StudyOptions options;
    options.compare = false;
    Study study;
    try {
        study = run_study(scenario, catalog, options);
    } catch (const InputError& e) {
        throw e.located(scenario_path);
    }
    write_exports(exports, study, catalog, &scenario, run_inputs(g, scenario_path));
    return emit_sizing(study.sizing, format);
}

} // namespace

void add_size_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    auto* cmd = app.add_subcommand("size", "Size every option of a scenario file");
    auto path = std::make_shared<std::string>();
    auto exports = std::make_shared<ExportOptions>();
    auto power = std::make_shared<PowerArgs>();
    cmd->add_option("SCENARIO", *path, "Scenario JSON file")->required()->check(complete_file());
    add_power_flags(*cmd, *power);
    add_export_options(cmd, *exports);
    cmd->callback([&g, &action, path, exports, power] {
        action = [&g, path, exports, power] { return run_size(g, *path, *exports, *power); };
    });
}

} // namespace podsizer::cli

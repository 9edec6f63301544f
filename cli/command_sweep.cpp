#include "batch_args.hpp"
#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "podsizer/batch/batch_runner.hpp"
#include "podsizer/batch/scenario_set.hpp"
#include "podsizer/catalog/price_book_io.hpp"
#include "podsizer/catalog/scenario_catalog.hpp"
#include "podsizer/catalog/scenario_document.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/batch_workbook.hpp"
#include "scenario_sets.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <iostream>

namespace podsizer::cli {

namespace {

struct SweepArgs {
    std::string scenario;
    std::vector<std::string> vary;
    std::vector<std::string> sets;
    BatchArgs batch;
};

int run_sweep_command(const GlobalOptions& g, const SweepArgs& a) {
    BatchOptions options = batch_options(g, a.batch);
    Diagnostics diag;
    Catalog catalog = load_catalog(g, diag);
    // --set changes the base every run starts from; a field both set and
    // varied is a mistake (which value was meant?).
    const ScenarioSets sets = parse_sets(a.sets);
    for (const std::string& e : a.vary) {
        const SweepParameter p = parse_vary(e);
        if (std::string clash = sets.clash(p); !clash.empty()) {
            throw InputError("--vary " + e, clash);
        }
    }
    ScenarioDocument base(read_text_file(a.scenario), a.scenario);
    Scenario scenario;
    try {
        // The scenario's own catalog is the same for every run: merged once.
        std::vector<std::string> named;
        std::vector<std::string> price_files;
        base.take_catalog(catalog, scenario_base_dir(a.scenario), &diag, &named, &price_files);
        note_scenario_catalog_files(named);
        for (const std::string& f : price_files) {
            note_price_book_file(f);
        }
        // The unvaried scenario (with its --set values) must be valid on its own.
        scenario = parse_with_sets(base, sets, catalog, &diag);
    } catch (const InputError&) {
        print_warnings(diag);
        throw;
    }
    print_warnings(diag);
    if (options.prices) { // read before the scenario's own entries were merged
        check_price_book_items(*options.prices, catalog, a.batch.prices + ": $");
    }
    if (!options.prices) { // the scenario's own book gives the cost columns too
        options.prices = scenario.prices;
    }
    // After the scenario is read: its own catalog files are inputs too.
    check_batch_xlsx(a.batch, run_inputs(g, a.scenario));
    const Sweep sweep(std::move(base), a.vary, catalog);
    // Too many rows for one sheet: say so before sizing, not after. (The
    // sweep's cap of kMaxSweepDesigns is below a sheet's rows today; this
    // stays in case either changes.)
    const std::size_t options_per_run = std::max<std::size_t>(1, scenario.options.size());
    const bool kept = options.format == BatchFormat::table || options.format == BatchFormat::md;
    if (kept && sweep.runs() > kMaxSweepTableDesigns / options_per_run) {
        throw InputError("--format",
                         fmt::format("{} runs × {} options are more than {} rows for a table, "
                                     "which is held until the end to align it; use --format csv "
                                     "or jsonl for a sweep this large",
                                     format_number(static_cast<double>(sweep.runs())),
                                     options_per_run,
                                     format_number(static_cast<double>(kMaxSweepTableDesigns))));
    }
    if (!a.batch.xlsx.empty() && sweep.runs() > kMaxWorkbookRows / options_per_run) {
        throw InputError(
            "--xlsx", fmt::format("{} runs × {} options do not fit in one sheet (at most {} "
                                  "rows); use --format csv or jsonl for a sweep this large",
                                  format_number(static_cast<double>(sweep.runs())), options_per_run,
                                  format_number(static_cast<double>(kMaxWorkbookRows))));
    }
    return finish_batch(run_sweep(sweep, catalog, options, std::cout, std::cerr), a.batch);
}

} // namespace

void add_sweep_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    const auto [cmd, args] = add_command<SweepArgs>(
        app, g, action, "sweep", "Size one scenario over the cross product of parameter values",
        run_sweep_command);
    cmd->add_option("SCENARIO", args->scenario, "Scenario JSON file")
        ->required()
        ->check(complete_file());
    cmd->add_option("--vary", args->vary,
                    "PATH=VALUES: a list a,b,c or a range START..END+STEP or START..END*FACTOR "
                    "(repeatable; see docs/batch.md)")
        ->required()
        ->allow_extra_args(false); // one expression per --vary; SCENARIO may follow
    add_set_option(*cmd, args->sets);
    add_batch_flags(*cmd, args->batch);
}

} // namespace podsizer::cli

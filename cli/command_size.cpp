#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "exports.hpp"
#include "output_plan.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/study.hpp"
#include "power_args.hpp"
#include "price_args.hpp"
#include "render_flags.hpp"
#include "scenario_flags.hpp"
#include "scenario_sets.hpp"

namespace podsizer::cli {

namespace {

/// The scenario file, or the scenario the flags describe (docs/cli.md,
/// "Starting without a scenario file").
Scenario scenario_of(const std::string& scenario_path, bool path_given, const ScenarioFlags& flags,
                     const std::vector<std::string>& sets, Catalog& catalog, Diagnostics& diag) {
    // An empty SCENARIO (an unset shell variable) is a file name that is
    // missing, not a request to size from the flags.
    if (!path_given) {
        if (!flags.any()) {
            throw InputError("SCENARIO", "expected a scenario file, or --gpus N --platform ID "
                                         "and/or --usable CAPACITY to size without one");
        }
        if (!sets.empty()) {
            throw InputError("--set", "changes a field of a scenario file; expected SCENARIO "
                                      "with it (without a file, the scenario flags say it all)");
        }
        return scenario_from_flags(flags, catalog);
    }
    if (flags.any()) {
        // A flag would have to pick which option of the file it changes;
        // --set names the field, so the what-if is said exactly.
        throw InputError("SCENARIO", scenario_path +
                                         ": expected a scenario file or the scenario flags "
                                         "(--gpus, --platform, --usable, ...), not both; to "
                                         "change a field of the file, use " +
                                         set_equivalent(flags));
    }
    return read_scenario(scenario_path, catalog, diag, sets);
}

struct SizeArgs {
    std::string path;
    bool path_given = false; ///< SCENARIO given, even empty
    ExportOptions exports;
    PowerArgs power;
    ScenarioFlags flags;
    std::string prices;
    std::vector<std::string> sets;
    RenderFlags render;
};

int run_size(const GlobalOptions& g, const SizeArgs& a) {
    const auto& [scenario_path, path_given, exports, power, flags, prices, sets, render] = a;
    const Format format = parse_format(g.format);
    Diagnostics diag;
    Catalog catalog = load_catalog(g, diag); // plus the scenario's own entries
    Scenario scenario = scenario_of(scenario_path, path_given, flags, sets, catalog, diag);
    apply_power_flags(power, scenario.constraints, catalog);
    apply_prices_flag(prices, scenario, catalog);
    StudyOptions options;
    // The workbook carries every comparison the scenario asks for, as
    // `compare --xlsx` does (REVIEW-3 part B #6); the tables stay the sizing.
    options.compare = !exports.xlsx.empty() && !scenario.comparisons.empty();
    options.only_named_references = true;
    // Tables alone show no rack's U positions and, without a price book, no
    // bill: text, Markdown and CSV without an export skip both.
    const bool tables = format == Format::table || format == Format::csv || format == Format::md;
    const bool tables_only = tables && exports.xlsx.empty() && exports.svg.empty() &&
                             exports.bom.empty() && !render.any();
    if (tables_only) {
        options.detail = RackDetail::racks;
    }
    Study study;
    try {
        study = run_study(scenario, catalog, options);
    } catch (const InputError& e) {
        throw path_given ? e.located(scenario_path) : e;
    }
    write_outputs(&exports, &render, {"size", &study, &catalog, &scenario},
                  run_inputs(g, scenario_path));
    return emit_sizing(study.sizing, format, growth_of(study));
}

} // namespace

void add_size_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    const auto [cmd, a] = add_command<SizeArgs>(
        app, g, action, "size",
        "Size every option of a scenario file, or the scenario the flags describe", run_size);
    cmd->add_option("SCENARIO", a->path, "Scenario JSON file (or the scenario flags instead)")
        ->check(complete_file())
        ->each([a = a](const std::string&) { a->path_given = true; });
    add_set_option(*cmd, a->sets);
    add_scenario_flags(*cmd, a->flags);
    add_power_flags(*cmd, a->power);
    add_prices_flag(*cmd, a->prices);
    add_export_options(cmd, a->exports);
    add_bom_option(cmd, a->exports);
    add_render_flags(cmd, a->render);
}

} // namespace podsizer::cli

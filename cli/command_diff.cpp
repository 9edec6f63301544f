// podsizer diff A B: two scenario files sized and put side by side, design by
// design, with absolute and percent deltas (docs/cli.md, "diff"; issue 32
// item 5). A saved design is a scenario whose option fixes its hardware and
// counts (options[N].cnode, .dbox, .drive, .cnodes, .dboxes).
#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "output_paths.hpp"
#include "podsizer/catalog/safe_text.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/atomic_file.hpp"
#include "podsizer/reports/bom_report.hpp"
#include "podsizer/reports/diff_report.hpp"
#include "podsizer/reports/diff_workbook.hpp"
#include "podsizer/reports/study.hpp"
#include "scenario_sets.hpp"

#include <iostream>
#include <memory>

namespace podsizer::cli {

namespace {

struct DiffArgs {
    std::string a;
    std::string b;
    std::vector<std::string> sets_b; ///< --set: what-ifs on B only
    std::string xlsx;
    std::string bom_delta; ///< --bom-delta: what to order from A to B (docs/bom.md §6)
};

/// One side sized as `size` sizes it, with its own catalog entries, sites
/// and phases.
Study sized(const GlobalOptions& g, const std::string& path, const std::vector<std::string>& sets) {
    Diagnostics diag;
    Catalog catalog = load_catalog(g, diag);
    print_warnings(diag);
    diag.warnings.clear();
    const Scenario scenario = read_scenario(path, catalog, diag, sets);
    StudyOptions options;
    options.compare = false;
    try {
        return run_study(scenario, catalog, options);
    } catch (const InputError& e) {
        throw e.located(path);
    }
}

int run_diff(const GlobalOptions& g, const DiffArgs& a) {
    const Format format = parse_format(g.format);
    const Study ra = sized(g, a.a, {});
    const Study rb = sized(g, a.b, a.sets_b);
    // B as written and what-ifs on it, so a diff of a file against itself
    // says what changed.
    std::string b_label = a.b;
    for (const std::string& s : a.sets_b) {
        b_label += " --set " + s;
    }
    const SizingDiff d =
        diff_sizings(ra.sizing, a.a, rb.sizing, b_label, growth_of(ra), growth_of(rb));
    // Both sides' files (and the catalogs they named) are inputs.
    std::vector<RunFile> inputs = run_inputs(g, a.a);
    inputs.push_back({"the scenario", a.b});
    std::vector<RunFile> outputs;
    if (!a.xlsx.empty()) {
        outputs.push_back({"--xlsx", a.xlsx});
    }
    if (!a.bom_delta.empty()) {
        outputs.push_back({"--bom-delta", a.bom_delta});
    }
    check_outputs(outputs, inputs);
    if (!a.bom_delta.empty()) {
        try {
            write_file_atomically(a.bom_delta, bom_delta_csv(ra.sizing, rb.sizing));
        } catch (const InputError& e) {
            throw e.located("--bom-delta");
        }
        std::cerr << "podsizer: wrote " << printable(a.bom_delta, kMaxMessageChars) << "\n";
    }
    if (!a.xlsx.empty()) {
        WorkbookOptions options;
        options.date = export_date_from_env();
        try {
            write_diff_workbook(a.xlsx, d, options);
        } catch (const InputError& e) {
            throw e.located("--xlsx");
        }
        std::cerr << "podsizer: wrote " << printable(a.xlsx, kMaxMessageChars) << "\n";
    }
    std::cout << render_diff(d, format);
    return d.all_feasible ? kExitOk : kExitNotMet;
}

} // namespace

void add_diff_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    const auto [cmd, a] = add_command<DiffArgs>(
        app, g, action, "diff",
        "Size two scenario files and show their designs side by side with the deltas", run_diff);
    cmd->add_option("A", a->a, "Scenario JSON file: the base")->required()->check(complete_file());
    cmd->add_option("B", a->b, "Scenario JSON file: the one compared with A")
        ->required()
        ->check(complete_file());
    cmd->add_option("--set", a->sets_b,
                    "PATH=VALUE: change one field of B for this run, e.g. "
                    "'options[0].drive=30.72TB' (repeatable; diff s.json s.json --set ... shows "
                    "a what-if against the file)")
        ->allow_extra_args(false);
    add_output_option(*cmd, "--xlsx", a->xlsx,
                      "Also write the differences as a workbook (.xlsx) to FILE");
    add_output_option(*cmd, "--bom-delta", a->bom_delta,
                      "Also write what to order to go from A to B: the bill of materials' lines "
                      "whose quantity differs, design by design (CSV) to FILE");
}

} // namespace podsizer::cli

#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "podsizer/catalog/scenario_catalog.hpp"
#include "podsizer/catalog/suggest.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/catalog_report.hpp"

#include <iostream>
#include <memory>

namespace podsizer::cli {

namespace {

int run_catalog_list(const GlobalOptions& g) {
    const Format format = parse_format(g.format);
    Diagnostics diag;
    const Catalog catalog = load_catalog(g, diag);
    print_warnings(diag);
    std::cout << render_catalog_list(catalog, format);
    return kExitOk;
}

int run_catalog_show(const GlobalOptions& g, const std::string& id) {
    const Format format = parse_format(g.format);
    Diagnostics diag;
    const Catalog catalog = load_catalog(g, diag);
    print_warnings(diag);
    const std::string out = render_catalog_entry(catalog, id, format);
    if (out.empty()) {
        throw InputError("catalog show", "unknown id \"" + id + "\" (" +
                                             suggestion_phrase(id, catalog_ids(catalog)) + ")");
    }
    std::cout << out;
    return kExitOk;
}

int run_catalog_validate(const GlobalOptions& g, const std::string& path) {
    Diagnostics diag;
    Catalog catalog = load_catalog(g, diag);
    const std::string text = read_text_file(path);
    if (is_scenario_document(text, path)) {
        // The scenario's own catalog merged over the catalog and checked
        // whole, and the scenario read against it, as size would.
        const ScenarioWithCatalog read =
            parse_scenario_with_catalog(text, path, scenario_base_dir(path), catalog, &diag);
        print_warnings(diag);
        std::cout << path << ": ok, " << read.own_entries << " entries (the scenario's own catalog)"
                  << (diag.warnings.empty() ? "" : " (with warnings)") << "\n";
        return kExitOk;
    }
    Catalog only;
    merge_catalog_text(only, text, path, &diag);
    merge_catalog_text(catalog, text, path, nullptr);
    validate_catalog(catalog, path);
    print_warnings(diag);
    std::cout << path << ": ok, " << catalog_entry_count(only) << " entries"
              << (diag.warnings.empty() ? "" : " (with warnings)") << "\n";
    return kExitOk;
}

} // namespace

void add_catalog_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    auto* catalog = app.add_subcommand("catalog", "List, show or validate catalog entries");
    catalog->require_subcommand(1);
    auto* list = catalog->add_subcommand("list", "List every model with its key figures");
    list->callback([&g, &action] { action = [&g] { return run_catalog_list(g); }; });
    const auto [show, id] =
        add_command<std::string>(*catalog, g, action, "show",
                                 "Show one entry with every figure and source", run_catalog_show);
    show->add_option("ID", *id, "Entry id")->required()->check(complete_catalog_ids("all"));
    const auto [validate, path] = add_command<std::string>(
        *catalog, g, action, "validate",
        "Check a catalog file, or the catalog a scenario file carries", run_catalog_validate);
    validate->add_option("PATH", *path, "Catalog or scenario JSON file")
        ->required()
        ->check(complete_file());
}

} // namespace podsizer::cli

#include "app.hpp"

#include "completion_hints.hpp"
#include "podsizer/reports/version.hpp"

#include <string>

namespace podsizer::cli {

void build_app(CLI::App& app, GlobalOptions& g, Action& action) {
    app.name("podsizer");
    app.description("podsizer — storage sizing for AI/GPU clusters");
    app.fallthrough();
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string(podsizer::version()));

    app.add_option("--catalog", g.catalogs,
                   "Catalog file adding or overriding entries of the default catalog (repeatable)")
        ->check(complete_file());
    // batch and sweep also write jsonl; parse_format and parse_batch_format
    // check the value with their own messages.
    app.add_option("--format", g.format,
                   "Output format: table, json, csv or md (batch and sweep: also jsonl)")
        ->capture_default_str()
        ->check(complete_choices({"table", "json", "csv", "md", "jsonl"}));

    add_init_command(app, g, action);
    add_size_command(app, g, action);
    add_design_command(app, g, action);
    add_catalog_command(app, g, action);
    add_extrapolate_command(app, g, action);
    add_compare_command(app, g, action);
    add_optimize_command(app, g, action);
    add_checkpoint_command(app, g, action);
    add_durability_command(app, g, action);
    add_resilience_command(app, g, action);
    add_batch_command(app, g, action);
    add_sweep_command(app, g, action);
    add_diff_command(app, g, action);
}

} // namespace podsizer::cli

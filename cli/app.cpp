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

#define PODSIZER_CLI_ADD(name) add_##name##_command(app, g, action);
    PODSIZER_CLI_COMMANDS(PODSIZER_CLI_ADD)
#undef PODSIZER_CLI_ADD
}

} // namespace podsizer::cli

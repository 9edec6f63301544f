// The podsizer command tree: every command, option and help text. Built here
// once and used by main() to parse, and by packaging/generate_cli_docs to
// write the man page and the shell completions from the same definitions.
#pragma once

#include "cli_common.hpp"

#include <CLI/CLI.hpp>

namespace podsizer::cli {

/// Adds the global options and every command to `app`. `g` receives the
/// global options; a chosen command sets `action`. Both must outlive `app`.
void build_app(CLI::App& app, GlobalOptions& g, Action& action);

} // namespace podsizer::cli

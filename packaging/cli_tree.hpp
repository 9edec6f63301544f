// The podsizer command tree as plain data, read off the CLI11 App that the
// binary parses with (cli/app.hpp): what the man page and the shell
// completions are written from.
#pragma once

#include "completion_hints.hpp"

#include <CLI/CLI.hpp>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace podsizer::packaging {

struct OptionDoc {
    std::vector<std::string> names; ///< "--jobs", "-j"; empty for a positional
    std::string value_name;         ///< "TEXT", "FILE"; empty for a flag
    std::string description;
    std::string default_value; ///< as --help shows it; empty if none
    bool required = false;
    bool repeatable = false;
    std::optional<cli::CompletionHint> hint;
};

struct CommandDoc {
    std::vector<std::string> path; ///< {"catalog", "show"}; empty for podsizer itself
    std::string description;
    std::vector<OptionDoc> options;     ///< including --help (and --version at the top)
    std::vector<OptionDoc> positionals; ///< in order
    std::vector<CommandDoc> commands;
};

/// The tree under `app`.
CommandDoc describe(CLI::App& app);

/// Every id of each catalog section a hint can name, and "all".
using CatalogIds = std::map<std::string, std::vector<std::string>>;
/// The default catalog's ids: what a shell offers for --cnode, catalog show, …
CatalogIds default_catalog_ids();

/// `words` with `sep` between them.
std::string joined(const std::vector<std::string>& words, std::string_view sep);

/// The words a hint stands for: its choices, or the catalog ids it names.
std::vector<std::string> hint_words(const cli::CompletionHint& hint, const CatalogIds& ids);

} // namespace podsizer::packaging

// What a shell may offer for an option's value, attached to the option itself
// so the man page and the bash and zsh completions (packaging/) are generated
// from the same definitions the parser uses and cannot drift from them.
// A hint is a CLI11 validator that accepts everything and has no description:
// it never changes what the CLI accepts, its messages or its --help.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

namespace podsizer::cli {

struct CompletionHint {
    enum class Kind { choices, catalog_ids, file, directory };
    Kind kind = Kind::file;
    /// choices: the words; catalog_ids: the catalog sections whose ids fit
    /// ("cnodes", "dboxes", "racks", "switches", "platforms", "references",
    /// "failure_rates", "workloads", or "all").
    std::vector<std::string> words;
};

/// One of a fixed set of words (formats, modes, methods, objectives).
CLI::Validator complete_choices(std::vector<std::string> words);
/// An id of the catalog's `section` (see CompletionHint::words).
CLI::Validator complete_catalog_ids(std::string section);
/// A file, such as a scenario or catalog (*.json) or a workbook to write.
CLI::Validator complete_file();
/// A directory, such as --svg's.
CLI::Validator complete_directory();

/// The names of `option`'s validators, in order: where hints and other marks
/// (output_paths.hpp's output_path) are kept.
std::vector<std::string> validator_names(CLI::Option& option);

/// The hint attached to `option`, if any.
std::optional<CompletionHint> completion_hint(CLI::Option& option);

} // namespace podsizer::cli

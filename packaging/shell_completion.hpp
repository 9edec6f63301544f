// bash and zsh completion scripts for podsizer, written from the command tree:
// commands, options, the words an option accepts (formats, modes, …) and the
// default catalog's ids for the options that take one.
#pragma once

#include "cli_tree.hpp"

#include <string>

namespace podsizer::packaging {

/// For share/bash-completion/completions/podsizer. Needs only bash itself
/// (not the bash-completion package's helpers), so it also works sourced.
std::string bash_completion(const CommandDoc& root, const CatalogIds& ids);
/// For a directory in zsh's $fpath, as _podsizer (#compdef).
std::string zsh_completion(const CommandDoc& root, const CatalogIds& ids);

} // namespace podsizer::packaging

// podsizer(1) in roff (man(7) macros), a section per command, written from
// the command tree so that the page shows exactly the CLI's options and help.
#pragma once

#include "cli_tree.hpp"

#include <string>

namespace podsizer::packaging {

std::string man_page(const CommandDoc& root, const CatalogIds& ids, const std::string& version);

} // namespace podsizer::packaging

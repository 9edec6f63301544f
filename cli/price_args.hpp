// The --prices FILE flag of the commands that size designs (docs/cli.md,
// docs/cost.md): the user's price book, over the scenario's own `prices`.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/price_book.hpp"
#include "podsizer/core/scenario.hpp"

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

namespace podsizer::cli {

/// Adds --prices FILE to a subcommand.
void add_prices_flag(CLI::App& cmd, std::string& path);

/// The book --prices names (nullopt when it is not given), read and checked;
/// the file is recorded as an input of the run, so no export replaces it.
/// Errors name the file and the JSON path. With `catalog` (the run's, the
/// scenario's own entries merged), an item that can never apply is refused
/// too (check_price_book_items).
std::optional<PriceBook> read_prices_flag(const std::string& path,
                                          const Catalog* catalog = nullptr);

/// Sets the book --prices names on the scenario: a flag value overrides the
/// scenario's `prices`. Its items are checked against `catalog`.
void apply_prices_flag(const std::string& path, Scenario& scenario, const Catalog& catalog);

} // namespace podsizer::cli

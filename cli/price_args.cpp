#include "price_args.hpp"

#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "output_paths.hpp"
#include "podsizer/catalog/price_book_io.hpp"

namespace podsizer::cli {

void add_prices_flag(CLI::App& cmd, std::string& path) {
    cmd.add_option("--prices", path,
                   "Price book JSON file (docs/cost.md): adds what each design costs; overrides "
                   "the scenario's \"prices\"")
        ->check(non_empty_path())
        ->check(complete_file());
}

std::optional<PriceBook> read_prices_flag(const std::string& path, const Catalog* catalog) {
    if (path.empty()) {
        return std::nullopt;
    }
    Diagnostics diag;
    try {
        PriceBook book = load_price_book(path, &diag);
        if (catalog != nullptr) {
            check_price_book_items(book, *catalog, path + ": $");
        }
        print_warnings(diag);
        note_price_book_file(path);
        return book;
    } catch (const InputError&) {
        print_warnings(diag);
        throw;
    }
}

void apply_prices_flag(const std::string& path, Scenario& scenario, const Catalog& catalog) {
    if (std::optional<PriceBook> book = read_prices_flag(path, &catalog)) {
        scenario.prices = std::move(book);
    }
}

} // namespace podsizer::cli

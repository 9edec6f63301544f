// Reading and writing price books (docs/cost.md §1): the user's prices for
// catalog items, the site, a GPU-hour and the cloud store, as a
// `podsizer-prices/1` document. Validated like a catalog: every error names
// the file, the JSON path and what was expected, and every price carries a
// `source` like a catalog figure does.
#pragma once

#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/core/price_book.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace podsizer {

/// Item prices a price book may hold: what one catalog list may hold
/// (docs/robustness.md, "Limits"), so reading one costs what a catalog's does.
inline constexpr std::size_t kMaxPriceItems = 10'000;
/// Cloud storage tiers a price book may list; a provider has a handful.
inline constexpr std::size_t kMaxCloudTiers = 100;
/// The largest amount a price book may give (a unit, a year, a GB): far
/// above any real price, low enough that counts × prices stay finite.
inline constexpr double kMaxPrice = 1e12;
/// The longest analysis a price book may ask for, in years.
inline constexpr int kMaxPriceYears = 100;

/// Parses a price-book document; InputError naming `origin` and the JSON path.
PriceBook parse_price_book(std::string_view text, const std::string& origin,
                           Diagnostics* diag = nullptr);

/// Reads a price-book file (at most kMaxDocumentBytes, like every input).
PriceBook load_price_book(const std::string& path, Diagnostics* diag = nullptr);

/// Refuses an item `book` can never price against `catalog`: an id no
/// C-node, D-box, switch or rack of the catalog has (with the nearest ids),
/// a drive on an item that is no D-box, or a drive the D-box does not take.
/// Such an item was accepted with no word and the part came out "unpriced"
/// (fourth red-team round, D8). The InputError is at `where` (the book's
/// place: "pb.json: $" or "s.json: $.prices") + ".items[N].id" or ".drive".
void check_price_book_items(const PriceBook& book, const Catalog& catalog,
                            const std::string& where);

/// Whether a document is a price book: its `schema` is "podsizer-prices/1".
/// Malformed JSON is no price book (false).
bool is_price_book_document(std::string_view text);

/// The book as a `podsizer-prices/1` document that parse_price_book reads
/// back into an identical PriceBook.
std::string price_book_to_json(const PriceBook& book);

} // namespace podsizer

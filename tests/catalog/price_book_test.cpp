// The price book (docs/cost.md §1): the illustrative example reads with every
// figure and source as written, a book survives save and load to the last
// bit (alone and inside a scenario), a scenario names or embeds one, and bad
// books are refused with the file, the JSON path and what was expected.
#include "podsizer/catalog/price_book_io.hpp"
#include "podsizer/catalog/scenario_catalog.hpp"
#include "podsizer/catalog/scenario_document.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/errors.hpp"
#include "support/default_catalog.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;
using test_support::cat;
using test_support::write_temp;

namespace {

const std::string kExample =
    std::string(PODSIZER_SOURCE_DIR) + "/examples/prices-illustrative.json";

/// The message of the InputError `f` throws, with its place ("where: message").
template <class F> std::string error_of(F f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.where() + ": " + e.message();
    }
    return "no error";
}

std::string book_error(const std::string& text) {
    return error_of([&] { (void)parse_price_book(text, "p.json"); });
}

const char* kMinimal = R"({"currency": "EUR", "items": [
    {"id": "cnode-1u", "unit_price": 1000, "source": {"kind": "assumption"}}]})";

} // namespace

TEST_CASE("the illustrative price book reads with its figures and sources") {
    const PriceBook b = load_price_book(kExample);
    CHECK(b.currency == "USD");
    REQUIRE(b.item("cnode-1u") != nullptr);
    // 25,000 list less 20 %: 20,000 net; support 15 % of net: 3,000 a year.
    CHECK(b.item("cnode-1u")->net_price() == Approx(20000.0));
    CHECK(b.item("cnode-1u")->support() == Approx(3000.0));
    CHECK(b.item("cnode-1u")->source.kind == SourceKind::assumption);
    CHECK(b.item("rack-42u-25kw")->support() == Approx(0.0));
    // The public figure: EIA's 2023 US industrial average, 8.06 cents a kWh.
    CHECK(b.site.energy_per_kwh == Approx(0.0806));
    CHECK(b.site.provenance.of("energy_per_kwh").kind == SourceKind::spec);
    CHECK(b.site.provenance.of("energy_per_kwh").ref.find("EIA") != std::string::npos);
    CHECK(b.site.years == 5);
    CHECK(b.site.discount_rate == Approx(0.08));
    CHECK(b.gpu_hour == Approx(2.5));
    CHECK(b.cloud.tier == "hot");
    CHECK(b.cloud.per_gb_month.at("hot") == Approx(0.018));
    CHECK(b.cloud.read_out_share_per_month == Approx(0.10));
    CHECK(b.cloud.request_size->base() == Approx(4.0 * 1024 * 1024));
    CHECK(is_price_book_document(read_text_file(kExample)));
}

TEST_CASE("a price book survives save and load to the last bit") {
    const PriceBook b = load_price_book(kExample);
    const PriceBook back = parse_price_book(price_book_to_json(b), "saved.json");
    CHECK(back == b);
    CHECK(price_book_to_json(back) == price_book_to_json(b));
    // Shares whose percent is no short decimal still come back exactly.
    PriceBook odd = b;
    odd.items[0].discount = 0.123456789;
    odd.site.discount_rate = 0.07000000000000001;
    CHECK(parse_price_book(price_book_to_json(odd), "odd.json") == odd);
}

TEST_CASE("a scenario embeds a price book and survives save and load") {
    Scenario s =
        load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/ncp-pod-41k.json", cat());
    CHECK_FALSE(s.prices);
    s.prices = load_price_book(kExample);
    const Scenario back = parse_scenario(scenario_to_json(s), "saved.json", cat());
    REQUIRE(back.prices);
    CHECK(back == s);
    // A different price is a different scenario (operator== sees the book).
    Scenario other = s;
    other.prices->items[0].unit_price += 1.0;
    CHECK_FALSE(other == s);
}

TEST_CASE("a scenario names a price-book file relative to itself") {
    write_temp("named/books/p.json", read_text_file(kExample));
    const std::string scenario =
        write_temp("named/s.json",
                   R"({"name": "s", "capacity": {"usable": "1 PB"}, "prices": "books/p.json"})");
    const ScenarioWithCatalog read = load_scenario_with_catalog(scenario, cat());
    REQUIRE(read.scenario.prices);
    CHECK(*read.scenario.prices == load_price_book(kExample));
    REQUIRE(read.price_files.size() == 1);
    CHECK(read.price_files[0].ends_with("books/p.json"));
    // Saving writes the name back, not the book it held.
    const std::string saved = scenario_to_json(read.scenario, read.extras);
    CHECK(saved.find("\"prices\": \"books/p.json\"") != std::string::npos);
    // Saved elsewhere, the name is rebased to the same file.
    const ScenarioExtras moved = rebase_extras(read.extras, test_support::temp_dir());
    CHECK(moved.prices == "named/books/p.json");
}

TEST_CASE("an error in a named price book names that file and the JSON path") {
    write_temp("bad/p.json", R"({"currency": "USD", "site": {"energy_per_kwh": -1,
        "source": {"kind": "assumption"}}})");
    const std::string scenario = write_temp(
        "bad/s.json", R"({"name": "s", "capacity": {"usable": "1 PB"}, "prices": "p.json"})");
    const std::string e = error_of([&] { (void)load_scenario_with_catalog(scenario, cat()); });
    CHECK(e.find("p.json: $.site.energy_per_kwh") != std::string::npos);
    CHECK(e.find("expected an amount") != std::string::npos);
    const std::string missing = write_temp(
        "bad/m.json", R"({"name": "s", "capacity": {"usable": "1 PB"}, "prices": "none.json"})");
    CHECK(error_of([&] { (void)load_scenario_with_catalog(missing, cat()); }).find("none.json") !=
          std::string::npos);
}

TEST_CASE("a sweep's document takes the named price book once") {
    write_temp("sweep/p.json", kMinimal);
    ScenarioDocument doc(R"({"name": "s", "capacity": {"usable": "1 PB"}, "prices": "p.json"})",
                         "s.json");
    Catalog c = cat();
    std::vector<std::string> files;
    std::vector<std::string> price_files;
    doc.take_catalog(c, test_support::temp_dir() + "/sweep", nullptr, &files, &price_files);
    CHECK(files.empty());
    REQUIRE(price_files.size() == 1);
    const Scenario s = doc.parse(c);
    REQUIRE(s.prices);
    CHECK(s.prices->currency == "EUR");
}

TEST_CASE("a bad price book is refused with the JSON path and what was expected") {
    CHECK(book_error(R"({"currency": "usd"})") ==
          "p.json: $.currency: \"usd\" is no currency code; expected an ISO 4217 code such as "
          "\"USD\"");
    CHECK(book_error(R"({"items": []})").find("p.json: $") != std::string::npos);
    // Every price carries a source.
    CHECK(book_error(R"({"currency": "USD", "items": [{"id": "cnode-1u", "unit_price": 1}]})")
              .starts_with("p.json: $.items[0]"));
    CHECK(book_error(R"({"currency": "USD", "gpu_hour": {"price": 2}})")
              .starts_with("p.json: $.gpu_hour"));
    // A vendor source needs a ref, as in a catalog.
    CHECK(book_error(R"({"currency": "USD", "items": [{"id": "x", "unit_price": 1,
        "source": {"kind": "vendor"}}]})")
              .find("needs a \"ref\"") != std::string::npos);
    // Shares are percent strings; a bare number is refused.
    CHECK(book_error(R"({"currency": "USD", "items": [{"id": "x", "unit_price": 1,
        "discount": 0.2, "source": {"kind": "assumption"}}]})") ==
          "p.json: $.items[0].discount: 0.2 has no % sign; expected a share as a string such as "
          "\"10%\"");
    CHECK(book_error(R"({"currency": "USD", "items": [{"id": "x", "unit_price": 1,
        "discount": "100%", "source": {"kind": "assumption"}}]})")
              .find("expected from 0% to below 100%") != std::string::npos);
    CHECK(book_error(R"({"currency": "USD", "items": [{"id": "x", "unit_price": 1e13,
        "source": {"kind": "assumption"}}]})")
              .find("$.items[0].unit_price") != std::string::npos);
    CHECK(book_error(R"({"currency": "USD", "cloud": {"per_gb_month": {"hot": 0.02},
        "tier": "cold", "source": {"kind": "assumption"}}})")
              .find("$.cloud.tier: \"cold\" is no tier") != std::string::npos);
    CHECK(book_error(R"({"currency": "USD", "site": {"years": 101,
        "source": {"kind": "assumption"}}})")
              .find("$.site.years") != std::string::npos);
    CHECK(book_error(R"({"currency": "USD", "items": [
        {"id": "x", "unit_price": 1, "source": {"kind": "assumption"}},
        {"id": "x", "unit_price": 2, "source": {"kind": "assumption"}}]})")
              .starts_with("p.json: $.items[1]: prices x again"));
}

TEST_CASE("a price book's size is bounded like a catalog list") {
    std::string items;
    for (std::size_t i = 0; i <= kMaxPriceItems; ++i) {
        items += std::string(i == 0 ? "" : ",") + R"({"id": "i)" + std::to_string(i) +
                 R"(", "unit_price": 1, "source": {"kind": "assumption"}})";
    }
    CHECK(book_error(R"({"currency": "USD", "items": [)" + items + "]}") ==
          "p.json: $.items: has 10001 prices; expected at most 10,000 (one per catalog entry "
          "and drive option)");
}

TEST_CASE("a scenario reader without the scenario's directory refuses a named book") {
    CHECK(error_of([] {
              (void)parse_scenario(
                  R"({"name": "s", "capacity": {"usable": "1 PB"}, "prices": "p.json"})", "s.json",
                  cat());
          }).starts_with("s.json: $.prices: names a price-book file"));
}

// The spellings of the enums users type are declared once (core/enum_names.hpp,
// issue 27 item 3): each value has one name, parsing a name gives its value
// back, and what the scenario file takes is what the engine prints.
#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/client_network.hpp"
#include "podsizer/core/ec_layout.hpp"
#include "podsizer/core/failure_state.hpp"
#include "podsizer/core/optimizer.hpp"
#include "podsizer/core/power.hpp"
#include "podsizer/core/verdict.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>

namespace {

template <class E, std::size_t N> void check_round_trip(const podsizer::EnumNames<E, N>& table) {
    std::set<std::string> seen;
    for (std::size_t i = 0; i < N; ++i) {
        INFO(table.names[i]);
        CHECK(seen.insert(std::string(table.names[i])).second); // one value per name
        CHECK(table.parse(table.names[i]) == table.values[i]);
        CHECK(table.name(table.values[i]) == table.names[i]);
        CHECK(to_string(table.values[i]) == table.names[i]);
    }
    CHECK_FALSE(table.parse("").has_value());
    CHECK_FALSE(table.parse("Typical").has_value()); // spellings are exact
}

} // namespace

TEST_CASE("every enum a user types has one spelling per value, read back exactly") {
    check_round_trip(podsizer::kPowerBasisNames);
    check_round_trip(podsizer::kClientNetworkNames);
    check_round_trip(podsizer::kSizeForNames);
    check_round_trip(podsizer::kCheckpointModeNames);
    check_round_trip(podsizer::kEcLayoutNames);
    check_round_trip(podsizer::kObjectiveNames);
    check_round_trip(podsizer::kSourceKindNames);
    // The verdict's, which its JSON and tables print (issue 48 item 4).
    check_round_trip(podsizer::kOutageNames);
    check_round_trip(podsizer::kCheckResultNames);
    check_round_trip(podsizer::kCheckKindNames);
    check_round_trip(podsizer::kVerdictStatusNames);
    // The parsers the readers call are the tables'.
    CHECK(podsizer::ec_layout_from_string("dbox-ha") == podsizer::EcLayout::dbox_ha);
    CHECK(podsizer::size_for_from_string("rack-down") == podsizer::SizeFor::rack_down);
    CHECK_FALSE(podsizer::power_basis_from_string("maximum").has_value());
    CHECK(podsizer::objective_from_string("min-cost") == podsizer::Objective::min_cost);
    CHECK(podsizer::source_kind_from_string("paper") == podsizer::SourceKind::paper);
}

TEST_CASE("a message lists an enum's spellings in their order, the last after or") {
    // The flags' messages are built from the registries (--format, --objective).
    CHECK(podsizer::choices_text(podsizer::kSizeForNames) == "intact, dbox-down or rack-down");
    CHECK(podsizer::choices_text(podsizer::kPowerBasisNames) == "typical or max");
}

TEST_CASE("a failure state and an outage have one set of words for people, which the verdict "
          "prints") {
    using podsizer::SizeFor;
    // The words of size_for.def and outage.def, as docs/model.md §15 quotes them.
    CHECK(podsizer::size_for_words(SizeFor::intact) == "intact");
    CHECK(podsizer::size_for_words(SizeFor::dbox_down) == "one D-box down");
    CHECK(podsizer::size_for_words(SizeFor::rack_down) == "one rack down");
    CHECK(podsizer::outage_words(podsizer::Outage::none) == "none");
    CHECK(podsizer::outage_words(podsizer::Outage::dbox) == "one D-box");
    CHECK(podsizer::outage_words(podsizer::Outage::rack) == "one rack");
    for (const SizeFor s : podsizer::kSizeForNames.values) {
        INFO(podsizer::to_string(s));
        // A short read check names its state in those words: 9.67 of 10.80 TB/s.
        const podsizer::Check c =
            podsizer::throughput_check(podsizer::CheckKind::read, s, 10.8, 9.67, true, true);
        CHECK(podsizer::check_text(c) ==
              "read, " + std::string(podsizer::size_for_words(s)) + ": 9.67 of 10.80 TB/s");
    }
}

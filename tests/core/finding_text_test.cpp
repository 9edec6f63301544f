// Lazy findings (issue 34): a finding keeps its figures and makes its text
// only when shown, and what a hardware combination rests on is worked out once
// (core/include/podsizer/core/finding.hpp, assumptions.hpp). Every report's
// golden output checks the texts of the engine's own findings; these check
// the pieces with figures worked out by hand.
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/core/assumptions.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/finding.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

using namespace podsizer;

TEST_CASE("A finding's figures are formatted as the reports format numbers") {
    CHECK(figure::count(41472).text() == "41472");
    CHECK(figure::grouped(41472).text() == "41,472");
    CHECK(figure::number(2.5, 2).text() == "2.50");
    // 217.9e15 bytes in PB with one decimal.
    CHECK(figure::in(Capacity::from_base(217.94e15), units::PB, 1).text() == "217.9 PB");
    CHECK(figure::percent(0.025, 1).text() == "2.5 %");
    CHECK(figure::probability(0.00172).text() == "1.7e-03");
    CHECK(figure::text("dbox-1u-22").text() == "dbox-1u-22");
}

TEST_CASE("A finding's message is its template with its figures") {
    const Finding f(FindingCode::past_knee, "{} of {} C-nodes are past the knee", figure::count(30),
                    figure::grouped(1200));
    CHECK(f.message() == "30 of 1,200 C-nodes are past the knee");
    CHECK(f.severity() == Severity::warning);
    // A message made when found is shown as it is, braces and all.
    CHECK(Finding(FindingCode::too_large, "a {literal} text").message() == "a {literal} text");
    CHECK(Finding().message().empty());
}

// Issue 51 item 3: the customer's sentence and the operator's hint apart;
// the hint may show the finding's figures by index.
TEST_CASE("A finding's hint is kept apart from its message and joined only on request") {
    const Finding f = Finding(FindingCode::site_racks,
                              "site {}: needs {} racks, more than the {} it has room for",
                              figure::text("B"), figure::grouped(1029), figure::grouped(24))
                          .with_hint("raise max_racks to {1}");
    CHECK(f.message() == "site B: needs 1,029 racks, more than the 24 it has room for");
    CHECK(f.hint() == "raise max_racks to 1,029");
    CHECK(f.message_and_hint() ==
          "site B: needs 1,029 racks, more than the 24 it has room for (raise max_racks to 1,029)");
    // About a subject (a site's phase), the hint stays the hint.
    const Finding about = f.about("phase 2");
    CHECK(about.message() ==
          "phase 2: site B: needs 1,029 racks, more than the 24 it has room for");
    CHECK(about.hint() == "raise max_racks to 1,029");
    CHECK(about.code == FindingCode::site_racks);
    // Without a hint the message is the whole text.
    const Finding plain(FindingCode::past_knee, "{} C-nodes past the knee", figure::count(3));
    CHECK(plain.hint().empty());
    CHECK(plain.message_and_hint() == "3 C-nodes past the knee");
}

TEST_CASE("The catalog's assumption cache gives what design_assumptions gives") {
    Catalog cat = default_catalog();
    const HardwareChoice hw = resolve_hardware(cat, "cnode-1u", "dbox-1u-22", std::nullopt, "", "");
    REQUIRE(hw.assumptions == &cat.assumptions);
    for (PowerBasis basis : {PowerBasis::typical, PowerBasis::max}) {
        const std::vector<AssumedFigure> fresh = design_assumptions(hw, basis);
        CHECK(cat.assumptions.of(hw, basis) == fresh);
        CHECK(cat.assumptions.of(hw, basis) == fresh); // the second from the cache
    }
    // A catalog entry changed by a merge is worked out again: with every
    // figure of the C-node a spec, none of its ids is an assumption.
    const std::vector<AssumedFigure> before = cat.assumptions.of(hw, PowerBasis::typical);
    REQUIRE(std::any_of(before.begin(), before.end(),
                        [](const AssumedFigure& a) { return a.id.rfind("cnode-1u.", 0) == 0; }));
    Catalog over;
    over.cnodes.push_back(*hw.cnode);
    over.cnodes.back().provenance.field_sources.clear();
    over.cnodes.back().provenance.source.kind = SourceKind::spec;
    merge_catalog(cat, over);
    const std::vector<AssumedFigure> after = cat.assumptions.of(hw, PowerBasis::typical);
    CHECK(after == design_assumptions(hw, PowerBasis::typical));
    CHECK(std::none_of(after.begin(), after.end(),
                       [](const AssumedFigure& a) { return a.id.rfind("cnode-1u.", 0) == 0; }));
    // A copy of a catalog starts with an empty cache of its own.
    const Catalog copy = cat;
    const HardwareChoice hw2 =
        resolve_hardware(copy, "cnode-1u", "dbox-1u-22", std::nullopt, "", "");
    CHECK(hw2.assumptions == &copy.assumptions);
    CHECK(copy.assumptions.of(hw2, PowerBasis::typical) == after);
}

// A design records where it came from (core/design.hpp, DesignOrigin): the
// reports read it instead of guessing from positions or capacities.
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/extrapolation.hpp"
#include "support/default_catalog.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

namespace {

Scenario example(const std::string& name) {
    return load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + name,
                         default_catalog_for_tests());
}

} // namespace

TEST_CASE("each sized design names the option it was sized for") {
    const Scenario s = example("fleet-160k.json");
    const SizingResult r = size_scenario(s, default_catalog_for_tests());
    REQUIRE(r.designs.size() == 3);
    for (std::size_t i = 0; i < r.designs.size(); ++i) {
        const auto* o = std::get_if<FromOption>(&r.designs[i].origin);
        REQUIRE(o != nullptr);
        CHECK(o->index == i);
    }
}

TEST_CASE("a scenario without options is sized as option 0") {
    Scenario s = example("ncp-pod-41k.json");
    s.options.clear();
    const SizingResult r = size_scenario(s, default_catalog_for_tests());
    REQUIRE(r.designs.size() == 1);
    const auto* o = std::get_if<FromOption>(&r.designs[0].origin);
    REQUIRE(o != nullptr);
    CHECK(o->index == 0);
}

TEST_CASE("a namespace grown to a target records the pod's option and the target") {
    const Scenario s = example("fleet-160k.json");
    const ScenarioExtrapolation x =
        extrapolate_scenario(s, default_catalog_for_tests(), *s.extrapolation);
    REQUIRE(x.extrapolations.size() == 3);
    for (std::size_t i = 0; i < x.extrapolations.size(); ++i) {
        REQUIRE(x.extrapolations[i].single_namespace);
        const auto* g = std::get_if<GrownToTarget>(&x.extrapolations[i].single_namespace->origin);
        REQUIRE(g != nullptr);
        CHECK(g->option == std::optional<std::size_t>(i));
        CHECK(g->target.base() == s.extrapolation->target.base());
    }
}

TEST_CASE("a pod not sized for an option grows without an option index") {
    Design pod = size_scenario(example("ncp-pod-41k.json"), default_catalog_for_tests()).designs[0];
    pod.origin = HandMade{};
    const Design grown = grow_single_namespace(pod, of<Capacity>(1, units::EB),
                                               default_catalog_for_tests(), Constraints{}, 1.0);
    const auto* g = std::get_if<GrownToTarget>(&grown.origin);
    REQUIRE(g != nullptr);
    CHECK_FALSE(g->option.has_value());
}

TEST_CASE("a hand-made design is hand-made") {
    HandDesign h;
    h.cnode = "cnode-1u";
    h.dbox = "dbox-1u-22";
    h.cnodes = 40;
    h.dboxes = 16;
    const Design d =
        evaluate_design(h, Requirements{}, Constraints{}, 1.0, default_catalog_for_tests());
    CHECK(std::holds_alternative<HandMade>(d.origin));
}

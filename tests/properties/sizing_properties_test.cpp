// Properties that hold for every scenario, checked over many generated ones
// (scenario_generator.hpp; fixed seeds, so every run checks the same ones and
// a failure names the seed and prints the scenario to reproduce it).
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "scenario_generator.hpp"
#include "support/default_catalog.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <numeric>

using namespace podsizer;
using nlohmann::json;
using podsizer::testing::GeneratorOptions;
using podsizer::testing::random_scenario;
using podsizer::testing::Rng;

namespace {

using test_support::cat;

SizingResult size_text(const std::string& text) {
    return size_scenario(parse_scenario(text, "generated.json", cat()), cat());
}

// Scenarios per property: enough to cover every catalog combination and
// sizing mode many times over, small enough for the asan preset.
constexpr int kScenarios = 300;
// The two properties that render every design (rack layouts included) in
// full take half as many, to keep the asan preset quick.
constexpr int kRenderedScenarios = 150;

} // namespace

TEST_CASE("more GPUs never means fewer C-nodes") {
    GeneratorOptions opt;
    opt.named_hardware = true; // an automatic pick may switch hardware as needs grow
    int grew = 0;
    for (int seed = 1; seed <= kScenarios; ++seed) {
        Rng rng(static_cast<std::uint64_t>(seed));
        json s = random_scenario(rng, cat(), opt);
        if (!s.contains("fleet")) {
            continue;
        }
        const SizingResult small = size_text(s.dump());
        s["fleet"]["gpus"] = s["fleet"]["gpus"].get<std::int64_t>() + rng.between(1, 50'000);
        const SizingResult large = size_text(s.dump());
        INFO("seed " << seed << ": " << s.dump());
        REQUIRE(small.designs.size() == large.designs.size());
        for (std::size_t i = 0; i < small.designs.size(); ++i) {
            CHECK(large.designs[i].cnodes >= small.designs[i].cnodes);
            grew += large.designs[i].cnodes > small.designs[i].cnodes ? 1 : 0;
        }
    }
    CHECK(grew > kScenarios / 4); // the pairs differ often enough to test something
}

TEST_CASE("more capacity never means fewer D-boxes") {
    GeneratorOptions opt;
    opt.named_hardware = true;
    int grew = 0;
    for (int seed = 1; seed <= kScenarios; ++seed) {
        Rng rng(static_cast<std::uint64_t>(1000 + seed));
        json s = random_scenario(rng, cat(), opt);
        const double need = rng.real(0.1e15, 1000e15);
        s["capacity"] = {{"usable", podsizer::testing::capacity_text(need)}};
        const SizingResult small = size_text(s.dump());
        s["capacity"] = {
            {"usable", podsizer::testing::capacity_text(need * rng.real(1.0001, 3.0))}};
        const SizingResult large = size_text(s.dump());
        INFO("seed " << seed << ": " << s.dump());
        REQUIRE(small.designs.size() == large.designs.size());
        for (std::size_t i = 0; i < small.designs.size(); ++i) {
            CHECK(large.designs[i].dboxes >= small.designs[i].dboxes);
            grew += large.designs[i].dboxes > small.designs[i].dboxes ? 1 : 0;
        }
    }
    CHECK(grew > kScenarios / 4);
}

TEST_CASE("every design keeps usable within raw, fits its racks and meets what it claims") {
    int feasible = 0;
    int designs = 0;
    for (int seed = 1; seed <= kScenarios; ++seed) {
        Rng rng(static_cast<std::uint64_t>(2000 + seed));
        const json s = random_scenario(rng, cat(), GeneratorOptions{});
        const SizingResult r = size_text(s.dump());
        INFO("seed " << seed << ": " << s.dump());
        for (const Design& d : r.designs) {
            ++designs;
            // Usable = raw × stripe efficiency × (1 − reserve), both factors ≤ 1.
            CHECK(d.usable.base() <= d.raw.base());
            CHECK(d.usable.base() > 0.0);
            // The racks hold every U the devices and switches take.
            CHECK(static_cast<double>(d.racks) * d.rack_usable.base() >= d.rack_units().base());
            if (d.feasible()) {
                ++feasible;
                // The engine's own slack for "meets the requirement" is 1 part in 10^9.
                CHECK(d.read.base() >= d.requirements.read.base() * (1 - 1e-9));
                CHECK(d.write.base() >= d.requirements.write.base() * (1 - 1e-9));
                CHECK(d.usable.base() >= d.requirements.usable.base() * (1 - 1e-9));
            }
        }
    }
    // The generator must produce both kinds, or the checks above test little.
    CHECK(feasible > designs / 4);
    CHECK(feasible < designs);
}

TEST_CASE("the results do not depend on the order of the options") {
    GeneratorOptions opt;
    opt.max_options = 6;
    int shuffled = 0;
    for (int seed = 1; seed <= kRenderedScenarios; ++seed) {
        Rng rng(static_cast<std::uint64_t>(3000 + seed));
        json s = random_scenario(rng, cat(), opt);
        if (!s.contains("options") || s["options"].size() < 2) {
            continue;
        }
        const json before = json::parse(render_sizing(size_text(s.dump()), Format::json));
        // Reverse, then rotate by a random amount: every option moves for n >= 2.
        std::vector<std::size_t> order(s["options"].size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::reverse(order.begin(), order.end());
        std::rotate(order.begin(),
                    order.begin() + rng.between(0, static_cast<std::int64_t>(order.size()) - 1),
                    order.end());
        json permuted = json::array();
        for (std::size_t i : order) {
            permuted.push_back(s["options"][i]);
        }
        s["options"] = permuted;
        const json after = json::parse(render_sizing(size_text(s.dump()), Format::json));
        INFO("seed " << seed << ": " << s.dump());
        REQUIRE(after["designs"].size() == order.size());
        for (std::size_t k = 0; k < order.size(); ++k) {
            CHECK(after["designs"][k] == before["designs"][order[k]]);
        }
        ++shuffled;
    }
    CHECK(shuffled > kRenderedScenarios / 2);
}

TEST_CASE("a scenario saved and loaded again sizes to identical output") {
    // Saved as the GUI saves it: the parsed Scenario written by scenario_to_json
    // (issue 6) and read back. Also written out again by the JSON library in
    // another layout, as an editor might. Every output format must be the same.
    for (int seed = 1; seed <= kRenderedScenarios; ++seed) {
        Rng rng(static_cast<std::uint64_t>(4000 + seed));
        const std::string first = random_scenario(rng, cat(), GeneratorOptions{}).dump();
        INFO("seed " << seed << ": " << first);
        const Scenario loaded = parse_scenario(first, "generated.json", cat());
        const std::string saved = scenario_to_json(loaded);
        const Scenario reloaded = parse_scenario(saved, "saved.json", cat());
        CHECK(reloaded == loaded);
        const std::string relaid = json::parse(first).dump(4);
        REQUIRE(relaid != first);
        const SizingResult a = size_scenario(loaded, cat());
        const SizingResult b = size_scenario(reloaded, cat());
        const SizingResult c = size_text(relaid);
        for (Format f : {Format::table, Format::json, Format::csv, Format::md}) {
            const std::string expected = render_sizing(a, f);
            CHECK(render_sizing(b, f) == expected);
            CHECK(render_sizing(c, f) == expected);
        }
    }
}

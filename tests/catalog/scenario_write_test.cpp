#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/errors.hpp"
#include "support/default_catalog.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <random>
#include <string>

using namespace podsizer;

namespace {

using test_support::cat;
Scenario reread(const Scenario& s) {
    return parse_scenario(scenario_to_json(s), "saved.json", cat());
}
} // namespace

TEST_CASE("the examples survive save and load unchanged") {
    for (const char* name : {"ncp-pod-41k.json", "high-density-1eb.json", "checkpoint-cadence.json",
                             "fleet-160k.json"}) {
        INFO(name);
        const Scenario s =
            load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + name, cat());
        const Scenario back = reread(s);
        CHECK(back == s);
        // Writing is deterministic: the saved file of the reloaded scenario is the same text.
        CHECK(scenario_to_json(back) == scenario_to_json(s));
    }
}

TEST_CASE("every documented scenario field survives save and load") {
    // One document per row, each exercising fields the others leave out.
    const char* docs[] = {
        R"({"name": "n", "description": "d",
            "fleet": {"platform": "h100", "gpus": 16384, "sites": 2, "gpus_per_cluster": 8192},
            "performance": {"read_per_gpu": "0.5 GB/s", "write_per_gpu": "250 MB/s"},
            "capacity": {"usable_per_gpu": "10 TB"},
            "constraints": {"rack": "rack-48u-40kw", "max_racks": 40, "rack_power": "30 kW",
                            "max_power": "1.2 MW", "cd_min": "1:2", "cd_max": "3:1",
                            "rack_resilient": true},
            "options": [{"name": "a", "cnode": "auto", "dbox": "dbox-1u-22", "drive": "1,352 TB",
                         "cnodes": 100, "dboxes": 60, "rack": "rack-42u-25kw",
                         "switch": "switch-64x800g-2u"},
                        {"cd_ratio": "2:1"}, {"cnodes": "knee"}, {"cnodes": "auto"}],
            "data_reduction": 1.5})",
        // Quantities in units the writer does not prefer, and a ratio given as a number.
        R"({"name": "n", "fleet": {"platform": "gb200-nvl72", "gpus": 41472},
            "performance": {"write_per_gpu": "2.5 Tbps"},
            "capacity": {"usable": "195.6 PiB"},
            "constraints": {"cd_min": 0.5, "cd_max": "2.5:1", "rack_power": "0.0335 MW"},
            "options": [{"cd_ratio": 1.25, "drive": "61.44 TB"}],
            "data_reduction": 1.1})",
        // A performance rule, no options (one automatic design), defaults everywhere else.
        R"({"name": "only a rule", "fleet": {"platform": "h100", "gpus": 2048},
            "performance": {"rule": "h100-best"}})",
        // Checkpoint jobs: a model size and a direct size, auto and fixed cadences,
        // a failure rate as a number, percentages that are not whole.
        R"({"name": "ckpt", "fleet": {"platform": "gb200-nvl72", "gpus": 41472},
            "performance": {"rule": "ncp-gb200-customer"},
            "checkpoint": {"failure_rate": 6.5, "concurrent": false, "knee": "0.5%",
                           "jobs": [{"name": "big", "params": "1.8T", "bytes_per_param": 16,
                                     "interval": "5 min", "mode": "async",
                                     "stall_budget": "2.5%", "restart_time": "15 min",
                                     "offsite_every": 12, "retain": 3},
                                    {"checkpoint_size": "25.2 TB", "gpus": 8192,
                                     "interval": "auto"}]}})",
        // Per-option capacity and no performance, extrapolation with a fractional
        // tolerance, comparisons.
        R"({"name": "fleet", "fleet": {"platform": "gb200-nvl72", "gpus": 160000, "sites": 3,
                                      "gpus_per_cluster": 41472},
            "performance": {"rule": "ncp-gb200-customer"}, "capacity": {"usable": "215 PB"},
            "options": [{"name": "pod"},
                        {"name": "ns", "capacity": {"usable_per_gpu": "6 TB"},
                         "performance": "none", "cnodes": "knee"},
                        {"name": "empty need", "capacity": {}}],
            "extrapolation": {"target": "0.9 EiB", "tolerance": "7.5%"},
            "comparisons": ["cloud-object-store"]})",
        // Capacity only, a read figure without a write figure elsewhere.
        R"({"name": "capacity only", "capacity": {"usable": "1 EB"},
            "options": [{"dbox": "dbox-2u-44-hd", "drive": "122.88 TB", "cd_ratio": "1:2"}]})",
    };
    for (const char* doc : docs) {
        INFO(doc);
        const Scenario s = parse_scenario(doc, "s.json", cat());
        const Scenario back = reread(s);
        CHECK(back == s);
        CHECK(scenario_to_json(back) == scenario_to_json(s));
    }
}

TEST_CASE("the writer notices every field: changing one changes the saved file") {
    // If a field were left out of the writer, changing it would not change the
    // text and the reloaded scenario would differ from the edited one.
    const Scenario base =
        load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/ncp-pod-41k.json", cat());
    std::vector<Scenario> edits(12, base);
    edits[0].name = "other";
    edits[1].description = "other";
    edits[2].fleet->gpus_per_cluster = 20736;
    edits[3].fleet->sites = 3;
    edits[4].capacity.usable = of<Capacity>(216, units::PB);
    edits[5].constraints.max_racks = 31;
    edits[6].constraints.rack_power = of<Power>(40, units::kW);
    edits[7].constraints.rack_resilient = true;
    edits[8].options[0].dboxes = 200;
    edits[9].options[0].cnode_sizing = CNodeSizing::knee;
    edits[10].data_reduction = 2.0;
    edits[11].options.push_back(OptionSpec{});
    edits.resize(17, base);
    edits[12].options[0].capacity = CapacitySpec{of<Capacity>(1, units::EB), std::nullopt};
    edits[13].options[0].use_performance = false;
    edits[14].extrapolation = ExtrapolationSpec{of<Capacity>(1, units::EB), 0.1};
    edits[15].comparisons = {"cloud-object-store"};
    edits[16].checkpoint = CheckpointSpec{};
    edits[16].checkpoint->jobs.push_back(CheckpointJobSpec{});
    edits[16].checkpoint->jobs[0].name = "j";
    edits[16].checkpoint->jobs[0].size = of<Capacity>(25, units::TB);
    for (std::size_t i = 0; i < edits.size(); ++i) {
        INFO("edit " << i);
        CHECK(scenario_to_json(edits[i]) != scenario_to_json(base));
        CHECK(reread(edits[i]) == edits[i]);
    }
}

TEST_CASE("quantities are written in the shortest byte-based unit that reads back exactly") {
    struct Row {
        const char* typed;
        Dimension dim;
        const char* written; // by hand from the ranking: 1 to 999 first, then fewest digits
    };
    const Row rows[] = {
        {"215 PB", Dimension::capacity, "215 PB"},
        {"195.6 PiB", Dimension::capacity, "195.6 PiB"},
        {"1,351.68 TB", Dimension::capacity, "1.35168 PB"},
        {"1000 TB", Dimension::capacity, "1 PB"},
        {"0.5 PB", Dimension::capacity, "500 TB"},
        {"2.5 Tbps", Dimension::throughput, "312.5 GB/s"}, // 2.5e12 / 8 B/s; never bits
        {"24 GB/s", Dimension::throughput, "24 GB/s"},
        {"800 W", Dimension::power, "800 W"},
        {"1.2 MW", Dimension::power, "1.2 MW"},
        {"300 s", Dimension::duration, "5 min"},
        {"2 U", Dimension::rack_units, "2 U"},
        {"0 PB", Dimension::capacity, "0 B"},
    };
    for (const Row& r : rows) {
        INFO(r.typed);
        const double base = parse_quantity_base(r.typed, r.dim);
        CHECK(exact_quantity_text(base, r.dim) == r.written);
        CHECK(parse_quantity_base(exact_quantity_text(base, r.dim), r.dim) == base);
    }
}

TEST_CASE("any capacity or throughput reads back to the same double") {
    std::mt19937_64 rng(6); // fixed seed: the test is repeatable
    std::uniform_real_distribution<double> exponent(0.0, 19.0);
    std::uniform_real_distribution<double> mantissa(1.0, 10.0);
    for (int i = 0; i < 2000; ++i) {
        const double v = mantissa(rng) * std::pow(10.0, std::floor(exponent(rng)));
        for (Dimension d : {Dimension::capacity, Dimension::throughput, Dimension::power}) {
            const std::string text = exact_quantity_text(v, d);
            INFO(v << " -> " << text);
            REQUIRE(parse_quantity_base(text, d) == v);
        }
    }
}

TEST_CASE("a scenario the reader would reject is rejected again after saving") {
    // The GUI validates an edited scenario by writing and re-reading it, so an
    // invalid combination must come back as the reader's error with its path.
    Scenario s =
        load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/ncp-pod-41k.json", cat());
    s.fleet->gpus_per_cluster = s.fleet->gpus + 1;
    try {
        (void)reread(s);
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK(e.where() == "saved.json: $.fleet.gpus_per_cluster");
        CHECK_THAT(e.message(), Catch::Contains("is larger than fleet.gpus"));
    }
}

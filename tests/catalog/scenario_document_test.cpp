// ScenarioDocument: a scenario's JSON edited by documented path and read back
// with the normal reader (the basis of `podsizer sweep`).
#include "podsizer/catalog/scenario_document.hpp"
#include "podsizer/core/errors.hpp"
#include "support/default_catalog.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <string>

using namespace podsizer;

namespace {

using test_support::cat;

// A scenario that has every object the table's paths go through, with two
// options and phases so "[*]" and "[1]" have something to reach.
const std::string kBase = R"({
    "name": "base",
    "fleet": {"platform": "h100", "gpus": 16384},
    "performance": {"rule": "h100-good",
                    "workloads": [{"id": "resnet50-h100"}, {"id": "cosmoflow-h100", "gpus": 128}]},
    "capacity": {"usable": "10 PB"},
    "constraints": {},
    "options": [{"dbox": "dbox-1u-22"}, {"dbox": "dbox-2u-44-hd", "cd_ratio": "1:2"}],
    "checkpoint": {"failure_rate": 6.5, "concurrent": false,
                   "jobs": [{"params": "70B"}, {"params": "1.8T"}]},
    "extrapolation": {"target": "1 EB"},
    "comparisons": ["cloud-object-store"],
    "phases": [{"name": "p1", "usable": "5 PB"}, {"name": "p2", "usable": "10 PB"}]
})";

// The same with the fleet's sites as a list of two (the sites hold the
// fleet's 16,384 GPUs; B copies every 4th checkpoint to A), for the fields of a site.
const std::string kSitesBase = [] {
    std::string text = kBase;
    const std::string fleet = R"("fleet": {"platform": "h100", "gpus": 16384})";
    text.replace(text.find(fleet), fleet.size(),
                 R"("fleet": {"platform": "h100", "gpus": 16384, "gpus_per_cluster": 8192,
                 "sites": [{"name": "A", "clusters": 1}, {"name": "B", "gpus": 8192,
                 "replicate_to": "A", "checkpoints_every": 4, "dataset": true}]})");
    return text;
}();

// The sites above with A copying to B too, for a field of a site others
// copy to (replica_store on site B, the second).
const std::string kSitesBothBase = [] {
    std::string text = kSitesBase;
    const std::string a = R"({"name": "A", "clusters": 1})";
    text.replace(text.find(a), a.size(),
                 R"({"name": "A", "clusters": 1, "replicate_to": "B", "checkpoints_every": 8})");
    return text;
}();

// Phases by site (docs/sites-and-phases.md, "Phases by site"): both phases
// grow site A of the sites above.
const std::string kSitePhasesBase = [] {
    std::string text = kSitesBase;
    const std::string phases =
        R"("phases": [{"name": "p1", "usable": "5 PB"}, {"name": "p2", "usable": "10 PB"}])";
    text.replace(text.find(phases), phases.size(),
                 R"("phases": [{"name": "p1", "site": "A", "usable": "5 PB"},
                 {"name": "p2", "site": "A", "usable": "10 PB"}])");
    return text;
}();

std::string error_where(const ScenarioDocument& doc) {
    try {
        (void)doc.parse(cat());
    } catch (const InputError& e) {
        return e.where();
    }
    return "(no error)";
}

struct Sample {
    FieldValue good;
    FieldValue bad;
};

// One valid and one invalid value for every documented field. A field added
// to the table without a sample fails the test below, so every sweepable
// field is known to be settable and to report errors at its own path.
const std::map<std::string, Sample>& samples() {
    static const std::map<std::string, Sample> m{
        {"name", {std::string("renamed"), std::int64_t{5}}},
        {"description", {std::string("about"), true}},
        {"fleet.platform", {std::string("b200"), std::string("h10")}},
        {"fleet.gpus", {std::int64_t{8192}, std::int64_t{0}}},
        {"fleet.sites", {std::int64_t{3}, std::string("three")}},
        {"fleet.gpus_per_cluster", {std::int64_t{4096}, std::int64_t{99999}}},
        {"fleet.sites[N].name", {std::string("east"), std::int64_t{5}}},
        {"fleet.sites[N].gpus", {std::int64_t{8192}, std::int64_t{0}}},
        {"fleet.sites[N].clusters", {std::int64_t{1}, std::int64_t{0}}},
        {"fleet.sites[N].max_racks", {std::int64_t{12}, 1.5}},
        {"fleet.sites[N].max_power", {std::string("2 MW"), std::string("0 MW")}},
        {"fleet.sites[N].rack", {std::string("rack-48u-40kw"), std::string("rack")}},
        {"fleet.sites[N].pue", {1.3, 0.9}},
        {"fleet.sites[N].wan", {std::string("400 Gbps"), std::string("400 GB")}},
        {"fleet.sites[N].replicate_to", {std::string("A"), std::string("B")}},
        {"fleet.sites[N].checkpoints_every", {std::int64_t{6}, std::int64_t{0}}},
        {"fleet.sites[N].dataset", {true, std::string("yes")}},
        {"fleet.sites[N].replica_store", {true, std::string("yes")}},
        {"fleet.sites[N].dataset_change", {std::string("5 Gbps"), std::string("5 GB")}},
        {"fleet.sites[N].platform", {std::string("b300"), std::string("b30")}},
        {"fleet.sites[N].usable", {std::string("150 PB"), std::string("150 GB/s")}},
        {"fleet.sites[N].rule", {std::string("h100-good"), std::string("good")}},
        {"fleet.sites[N].read_per_gpu", {std::string("0.5 GB/s"), std::string("0.5 GB")}},
        {"fleet.sites[N].write_per_gpu", {std::string("0.2 GB/s"), std::string("-1 GB/s")}},
        {"fleet.sites[N].workload", {std::string("resnet50-h100"), std::string("resnet")}},
        {"fleet.sites[N].size_for", {std::string("dbox-down"), std::string("dbox")}},
        {"fleet.sites[N].max_it_power", {std::string("40 MW"), std::string("40 MWh")}},
        {"phases[N].name", {std::string("two"), std::int64_t{5}}},
        {"phases[N].date", {std::string("2027-06-30"), std::string("June")}},
        {"phases[N].gpus", {std::int64_t{16384}, std::int64_t{0}}},
        {"phases[N].usable", {std::string("20 PB"), std::string("20 PB/s")}},
        {"phases[N].site", {std::string("B"), std::string("Z")}},
        {"performance.rule", {std::string("h100-best"), std::string("h100-bestest")}},
        {"performance.read_per_gpu", {std::string("0.5 GB/s"), std::string("0.5 GB")}},
        {"performance.write_per_gpu", {std::string("1 Gbps"), 0.5}},
        {"performance.workloads[N].id", {std::string("unet3d-h100"), std::string("unet3d-h10")}},
        {"performance.workloads[N].gpus", {std::int64_t{64}, std::int64_t{0}}},
        {"performance.workloads[N].share", {std::string("25%"), std::string("0%")}},
        {"performance.workloads[N].speed", {2.5, 0.0}},
        {"capacity.usable", {std::string("20 PB"), std::string("20 PB/s")}},
        {"capacity.usable_per_gpu", {std::string("1 TB"), std::string("1")}},
        {"constraints.rack", {std::string("rack-48u-40kw"), std::string("rack-48u")}},
        {"constraints.max_racks", {std::int64_t{12}, 1.5}},
        {"constraints.rack_power", {std::string("40 kW"), std::string("40 kWh")}},
        {"constraints.max_power", {std::string("2 MW"), std::string("0 MW")}},
        {"constraints.cd_min", {std::string("1:4"), std::string("1/4")}},
        {"constraints.cd_max", {std::string("3:1"), std::string("-3:1")}},
        {"constraints.rack_resilient", {true, std::string("yes")}},
        {"constraints.layout", {std::string("dbox-ha"), std::string("raid6")}},
        {"options[N].layout", {std::string("classic"), std::string("dbox_ha")}},
        {"options[N].name", {std::string("opt"), std::int64_t{1}}},
        {"options[N].cnode", {std::string("cnode-1u"), std::string("cnode-2u")}},
        {"options[N].dbox", {std::string("dbox-2u-44-hd"), std::string("dbox-2u")}},
        {"options[N].drive", {std::string("61.44 TB"), std::string("61.44 Tbps")}},
        {"options[N].rack", {std::string("rack-48u-40kw"), std::string("rack")}},
        {"options[N].switch", {std::string("switch-64x800g-2u"), std::string("sw")}},
        {"options[N].cnodes", {std::string("knee"), std::string("many")}},
        {"options[N].cd_ratio", {std::string("1:1"), std::string("1:9")}},
        {"options[N].dboxes", {std::int64_t{300}, std::int64_t{-1}}},
        {"data_reduction", {1.5, 0.5}},
        {"constraints.power_basis", {std::string("max"), std::string("peak")}},
        {"constraints.client_network", {std::string("converged"), std::string("gpu")}},
        {"constraints.rack_derate", {0.8, 1.2}},
        {"constraints.pue", {1.3, 0.9}},
        {"facility.voltage", {208.0, 50.0}},
        {"facility.supply", {std::string("single-phase"), std::string("two-phase")}},
        {"facility.rack_footprint_m2", {0.6, 0.0}},
        {"constraints.optimize_rack", {true, std::string("yes")}},
        {"constraints.size_for", {std::string("dbox-down"), std::string("dbox_down")}},
        {"constraints.headroom", {std::string("20%"), std::string("-5%")}},
        {"constraints.availability", {std::string("rack"), std::string("two-dboxes")}},
        {"constraints.min_nines", {5.0, 25.0}},
        {"resilience.dbox_losses", {std::string("0.1%"), std::string("2000%")}},
        {"constraints.auto_layout_threshold", {std::string("0.5%"), std::string("150%")}},
        {"options[N].capacity.usable", {std::string("5 PB"), std::string("5 PB/s")}},
        {"options[N].capacity.usable_per_gpu", {std::string("1 TB"), std::string("1 T")}},
        {"options[N].performance", {std::string("none"), std::string("some")}},
        {"extrapolation.target", {std::string("2 EB"), std::string("2 EB/s")}},
        {"extrapolation.tolerance", {std::string("10%"), std::string("60%")}},
        {"comparisons[N]", {std::string("cloud-object-store"), std::string("cloud")}},
        {"cloud.wan", {std::string("400 Gbps"), std::string("400 GB")}},
        {"cloud.raised_account_limit", {true, std::string("yes")}},
        {"resilience.afr", {std::string("0.5%"), std::string("100%")}},
        {"resilience.dbox_events", {std::string("1%"), std::string("2000%")}},
        {"resilience.fill", {std::string("80%"), std::string("120%")}},
        {"resilience.rebuild_share", {std::string("10%"), std::string("0%")}},
        {"resilience.outage", {std::string("24 h"), std::string("400 days")}},
        {"resilience.dataset", {std::string("100 PB"), std::string("100 Gbps")}},
        {"checkpoint.failure_rate", {6.5, std::string("hpca25")}},
        {"checkpoint.concurrent", {false, std::string("no")}},
        {"checkpoint.rate_node_gpus", {std::int64_t{4}, std::int64_t{2000}}},
        {"checkpoint.knee_step", {std::string("50 GB/s"), std::string("50 GB")}},
        {"checkpoint.knee_threshold", {250.0, -1.0}},
        {"checkpoint.local_bandwidth", {std::string("2.8 GB/s"), std::string("2.8 GB")}},
        {"checkpoint.overhead", {std::string("10 s"), std::string("-1 s")}},
        {"checkpoint.jobs[N].name", {std::string("big"), std::int64_t{5}}},
        {"checkpoint.jobs[N].params", {std::string("405B"), std::string("25 TB")}},
        {"checkpoint.jobs[N].checkpoint_size", {std::string("25.2 TB"), std::string("25 TB/s")}},
        {"checkpoint.jobs[N].bytes_per_param", {16.0, 0.0}},
        {"checkpoint.jobs[N].gpus", {std::int64_t{1024}, std::int64_t{99999}}},
        {"checkpoint.jobs[N].interval", {std::string("5 min"), std::string("5")}},
        {"checkpoint.jobs[N].mode", {std::string("async"), std::string("lazy")}},
        {"checkpoint.jobs[N].stall_budget", {std::string("10%"), std::string("100%")}},
        {"checkpoint.jobs[N].restart_time", {std::string("15 min"), std::string("15 PB")}},
        {"checkpoint.jobs[N].offsite_every", {std::int64_t{6}, std::int64_t{0}}},
        {"checkpoint.jobs[N].retain", {std::int64_t{3}, std::string("two")}},
    };
    return m;
}

/// The path of the second element ("options[1].dbox"): the options and jobs
/// of the base document have two; comparisons one (the default catalog has
/// one reference system, and each may be listed once).
std::string concrete(std::string_view pattern) {
    std::string p(pattern);
    const auto n = p.find("[N]");
    const bool single = p.rfind("comparisons", 0) == 0;
    return n == std::string::npos ? p : p.replace(n, 3, single ? "[0]" : "[1]");
}

} // namespace

TEST_CASE("every documented scenario field can be set and read back, and errors name its path") {
    const ScenarioDocument plain(kBase, "s.json");
    REQUIRE_NOTHROW(plain.parse(cat()));
    const ScenarioDocument with_sites(kSitesBase, "s.json");
    REQUIRE_NOTHROW(with_sites.parse(cat()));
    for (const ScenarioField& f : scenario_fields()) {
        if (!f.sweepable) {
            continue; // "schema" and "$schema" name the format, not a figure
        }
        const ScenarioDocument site_phases(kSitePhasesBase, "s.json");
        const ScenarioDocument both(kSitesBothBase, "s.json");
        const ScenarioDocument& base = f.pattern == "fleet.sites[N].replica_store" ? both
                                       : f.pattern.starts_with("fleet.sites[")     ? with_sites
                                       : f.pattern == "phases[N].site"             ? site_phases
                                                                                   : plain;
        const std::string path_text = concrete(f.pattern);
        INFO(path_text);
        const auto sample = samples().find(std::string(f.pattern));
        REQUIRE(sample != samples().end());
        const ScenarioPath path = parse_scenario_path(path_text, "test");
        CHECK(path.pattern == f.pattern);

        ScenarioDocument good = base;
        const auto written = good.set(path, sample->second.good, f.excludes);
        REQUIRE(written.size() == 1);
        CHECK(written[0] == "$." + path_text);
        CHECK(error_where(good) == "(no error)");

        ScenarioDocument bad = base;
        bad.set(path, sample->second.bad, f.excludes);
        CHECK(error_where(bad) == "s.json: $." + path_text);
    }
}

TEST_CASE("set values show up in the scenario the reader builds") {
    ScenarioDocument doc(kBase, "s.json");
    doc.set(parse_scenario_path("fleet.gpus", ""), std::int64_t{4096});
    doc.set(parse_scenario_path("capacity.usable", ""), std::string("300 PB"));
    doc.set(parse_scenario_path("options[*].cnode", ""), std::string("cnode-1u"));
    doc.set(parse_scenario_path("constraints.rack_resilient", ""), true);
    const Scenario s = doc.parse(cat());
    CHECK(s.fleet->gpus == 4096);
    CHECK(s.capacity.usable->base() == Approx(300e15));
    REQUIRE(s.options.size() == 2);
    CHECK(s.options[0].cnode == "cnode-1u");
    CHECK(s.options[1].cnode == "cnode-1u");
    CHECK(s.constraints.rack_resilient);
}

TEST_CASE("setting a field removes the sibling the reader rejects with it") {
    ScenarioDocument doc(kBase, "s.json");
    // options[1] has cd_ratio: giving it a C-node count replaces the ratio.
    const ScenarioField* cnodes = find_scenario_field("options[N].cnodes");
    REQUIRE(cnodes != nullptr);
    doc.set(parse_scenario_path("options[1].cnodes", ""), std::int64_t{100}, cnodes->excludes);
    const Scenario s = doc.parse(cat());
    CHECK(s.options[1].cnode_sizing == CNodeSizing::fixed);
    CHECK(s.options[1].cnodes == 100);
    CHECK_FALSE(s.options[1].cd_ratio.has_value());

    // Explicit per-GPU figures replace the rule, and back.
    const ScenarioField* read = find_scenario_field("performance.read_per_gpu");
    doc.set(parse_scenario_path("performance.read_per_gpu", ""), std::string("1 GB/s"),
            read->excludes);
    const Scenario t = doc.parse(cat());
    CHECK(t.performance->rule.empty());
    CHECK(t.performance->read_per_gpu->base() == Approx(1e9));
}

TEST_CASE("missing objects are created and no options means one automatic option") {
    ScenarioDocument doc(R"({"name": "n", "capacity": {"usable": "1 PB"}})", "s.json");
    doc.set(parse_scenario_path("constraints.max_racks", ""), std::int64_t{3});
    const auto written =
        doc.set(parse_scenario_path("options[*].dbox", ""), std::string("dbox-2u-44-hd"));
    CHECK(written == std::vector<std::string>{"$.options[0].dbox"});
    const Scenario s = doc.parse(cat());
    CHECK(*s.constraints.max_racks == 3);
    REQUIRE(s.options.size() == 1);
    CHECK(s.options[0].dbox == "dbox-2u-44-hd");
}

TEST_CASE("paths that cannot be set are input errors naming the place") {
    struct Row {
        std::string doc;
        std::string path;
        std::string where;
        std::string says;
    };
    const Row rows[] = {
        {kBase, "options[2].dbox", "s.json: $.options", "has 2 elements; index 2 is past the end"},
        {R"({"name": "n", "options": [{}]})", "options[1].dbox", "s.json: $.options",
         "use [0] or [*]"},
        {R"({"name": "n"})", "options[1].dbox", "s.json: $.options", "has no elements"},
        {R"({"name": "n", "fleet": 5})", "fleet.gpus", "s.json: $", "is number, not an object"},
        {R"({"name": "n", "options": {}})", "options[0].dbox", "s.json: $.options",
         "is object, not an array"},
        // Fourth red-team round, D6: only "options" gets an element made;
        // a set never adds a phase, site, job or comparison.
        {R"({"name": "n"})", "phases[0].usable", "s.json: $.phases",
         "the scenario has no phases, so phases[0].usable reaches nothing"},
        {R"({"name": "n", "phases": []})", "phases[*].usable", "s.json: $.phases",
         "the scenario has no phases"},
        {R"({"name": "n", "fleet": {"gpus": 8}})", "fleet.sites[0].max_racks",
         "s.json: $.fleet.sites", "the scenario has no sites"},
        {R"({"name": "n"})", "checkpoint.jobs[0].retain", "s.json: $.checkpoint.jobs",
         "the scenario has no jobs"},
        {R"({"name": "n"})", "comparisons[0]", "s.json: $.comparisons",
         "the scenario has no comparisons"},
    };
    for (const Row& r : rows) {
        INFO(r.path);
        ScenarioDocument doc(r.doc, "s.json");
        try {
            doc.set(parse_scenario_path(r.path, ""), std::string("x"));
            FAIL("no error");
        } catch (const InputError& e) {
            CHECK_THAT(e.where(), Catch::StartsWith(r.where));
            CHECK_THAT(e.message(), Catch::Contains(r.says));
        }
    }
}

TEST_CASE("scenario paths parse into steps and malformed ones are rejected") {
    const ScenarioPath p = parse_scenario_path("options[12].dbox", "--vary x");
    REQUIRE(p.steps.size() == 2);
    CHECK(p.steps[0].key == "options");
    CHECK(p.steps[0].index == PathStep::Index::one);
    CHECK(p.steps[0].position == 12);
    CHECK(p.pattern == "options[N].dbox");
    CHECK(parse_scenario_path("options[*].dbox", "").steps[0].index == PathStep::Index::all);
    for (const char* bad : {"", "fleet.", ".gpus", "options[].dbox", "options[x].dbox",
                            "options[0.dbox", "fleet gpus", "fleet..gpus"}) {
        INFO(bad);
        CHECK_THROWS_WITH(parse_scenario_path(bad, "--vary x"),
                          Catch::Contains("is not a scenario path"));
    }
}

TEST_CASE("paths that reach a common field overlap, and fields that exclude each other clash") {
    // Fourth red-team round, D5: "drive" (options[*].drive) and
    // options[0].drive were both taken and the last one won.
    const auto path = [](const char* text) { return parse_scenario_path(text, ""); };
    CHECK(paths_overlap(path("options[*].drive"), path("options[0].drive")));
    CHECK(paths_overlap(path("options[0].drive"), path("options[*].drive")));
    CHECK(paths_overlap(path("options[1].drive"), path("options[1].drive")));
    CHECK(paths_overlap(path("fleet.gpus"), path("fleet.gpus")));
    CHECK_FALSE(paths_overlap(path("options[0].drive"), path("options[1].drive")));
    CHECK_FALSE(paths_overlap(path("options[0].drive"), path("options[0].dbox")));
    CHECK_FALSE(paths_overlap(path("fleet.gpus"), path("fleet.sites[0].gpus")));
    CHECK_FALSE(paths_overlap(path("capacity.usable"), path("options[0].capacity.usable")));
    const ScenarioField* cd = find_scenario_field("options[N].cd_ratio");
    REQUIRE(cd != nullptr);
    CHECK(path_excludes(path("options[0].cd_ratio"), *cd, path("options[*].cnodes")));
    CHECK_FALSE(path_excludes(path("options[0].cd_ratio"), *cd, path("options[1].cnodes")));
    CHECK_FALSE(path_excludes(path("options[0].cd_ratio"), *cd, path("options[0].dboxes")));
    const ScenarioField* rule = find_scenario_field("performance.rule");
    REQUIRE(rule != nullptr);
    CHECK(path_excludes(path("performance.rule"), *rule, path("performance.read_per_gpu")));
}

TEST_CASE("a copied document is independent of the original") {
    const ScenarioDocument a(kBase, "s.json");
    ScenarioDocument b = a;
    b.set(parse_scenario_path("fleet.gpus", ""), std::int64_t{256});
    CHECK(a.parse(cat()).fleet->gpus == 16384);
    CHECK(b.parse(cat()).fleet->gpus == 256);
    CHECK(a.text_at("fleet.platform") == std::optional<std::string>("h100"));
    CHECK_FALSE(a.text_at("fleet.gpus").has_value());
    CHECK_FALSE(a.text_at("nothing.here").has_value());
}

// --vary expressions: how lists and ranges expand (docs/batch.md), what is
// rejected up front, and the cross product of a sweep.
#include "podsizer/batch/sweep.hpp"
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/catalog/scenario_document.hpp"
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/sizing_detail.hpp"
#include "support/default_catalog.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace podsizer;

namespace {

using test_support::cat;

std::vector<std::string> labels(const SweepParameter& p) {
    std::vector<std::string> out;
    for (const SweepValue& v : p.values) {
        out.push_back(v.label);
    }
    return out;
}

const std::string kNcp = R"({
    "name": "ncp", "fleet": {"platform": "gb200-nvl72", "gpus": 41472},
    "performance": {"rule": "ncp-gb200-customer"}, "capacity": {"usable": "215 PB"},
    "options": [{"name": "NCP pod", "cnode": "cnode-1u", "dbox": "dbox-1u-22",
                 "drive": "61.44 TB"}]})";

const std::string kHd = R"({
    "name": "hd", "capacity": {"usable": "1 EB"},
    "options": [{"dbox": "dbox-2u-44-hd", "drive": "122.88 TB", "cnodes": "knee"}]})";

const std::string kH100 = R"({
    "name": "h100", "fleet": {"platform": "h100", "gpus": 4096},
    "performance": {"read_per_gpu": "1 GB/s", "write_per_gpu": "0.5 GB/s"}})";

std::string sweep_error(const std::string& doc, const std::vector<std::string>& vary) {
    try {
        Sweep s(ScenarioDocument(doc, "s.json"), vary, cat());
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

} // namespace

TEST_CASE("lists and ranges expand as documented") {
    struct Row {
        std::string expression;
        std::vector<std::string> labels;
    };
    // Each row worked by hand from the rules in docs/batch.md.
    const Row rows[] = {
        // a..b*f: a, a·f, a·f², ... up to b.
        {"gpus=4096..65536*2", {"4096", "8192", "16384", "32768", "65536"}},
        // a..b+s: a, a+s, ... up to b (576 GPUs = one GB200 SU).
        {"gpus=576..2304+576", {"576", "1152", "1728", "2304"}},
        // The end need not be reached exactly.
        {"gpus=100..350+100", {"100", "200", "300"}},
        // A range of one value.
        {"gpus=100..100+5", {"100"}},
        // Lists, with spaces around items ignored, and ranges inside lists.
        {"gpus=1000, 2000 ,3000", {"1000", "2000", "3000"}},
        {"gpus=576,1152..4608*2", {"576", "1152", "2304", "4608"}},
        // Units: values are written in the start's unit.
        {"capacity.usable=100PB..400PB+100PB", {"100 PB", "200 PB", "300 PB", "400 PB"}},
        // The step may use another unit of the same kind: 0.5 EB + 250 PB = 0.75 EB.
        {"capacity.usable=0.5 EB..1 EB+250 PB", {"0.5 EB", "0.75 EB", "1 EB"}},
        {"constraints.rack_power=20kW..40kW*2", {"20 kW", "40 kW"}},
        // Plain numbers; 0.1 + 0.1 + 0.1 reaches 0.3 despite floating point.
        {"data_reduction=1..2+0.25", {"1", "1.25", "1.5", "1.75", "2"}},
        {"constraints.cd_min=0.1..0.3+0.1", {"0.1", "0.2", "0.3"}},
        // Lists of ids, modes, booleans and tiers are taken as written.
        {"dbox=dbox-1u-22,dbox-2u-44-hd", {"dbox-1u-22", "dbox-2u-44-hd"}},
        {"options[0].cnodes=400,knee,auto", {"400", "knee", "auto"}},
        {"options[*].cnodes=100..300+100", {"100", "200", "300"}},
        {"drive=auto,61.44 TB", {"auto", "61.44 TB"}},
        {"constraints.rack_resilient=true,false", {"true", "false"}},
        {"tier=good,better,best", {"good", "better", "best"}},
        {"constraints.cd_max=4:1,2.5:1", {"4:1", "2.5:1"}},
        // Checkpoint fields (docs/checkpoints.md §8): durations, percentages,
        // parameter counts with their suffix, numbers or preset ids.
        {"checkpoint.jobs[0].interval=60s,5min,15min", {"60s", "5min", "15min"}},
        {"checkpoint.jobs[0].interval=1min..4min*2", {"1 min", "2 min", "4 min"}},
        {"checkpoint.jobs[0].interval=auto,10 min", {"auto", "10 min"}},
        {"checkpoint.jobs[*].stall_budget=1%..5%+2%", {"1%", "3%", "5%"}},
        {"checkpoint.jobs[0].params=70B..280B*2", {"70B", "140B", "280B"}},
        // 0.5T + 500B = 1T: the step may use another suffix.
        {"checkpoint.jobs[0].params=0.5T..1.5T+500B", {"0.5T", "1T", "1.5T"}},
        {"checkpoint.failure_rate=hpca25-a100-high,6.5", {"hpca25-a100-high", "6.5"}},
        {"checkpoint.failure_rate=2..8*2", {"2", "4", "8"}},
    };
    for (const Row& r : rows) {
        INFO(r.expression);
        const SweepParameter p = parse_vary(r.expression);
        CHECK(labels(p) == r.labels);
    }
}

TEST_CASE("values are written with the JSON type of their field") {
    const SweepParameter gpus = parse_vary("gpus=4096,8192");
    CHECK(gpus.path.text == "fleet.gpus");
    CHECK(std::get<std::int64_t>(gpus.values[1].value) == 8192);
    const SweepParameter cap = parse_vary("capacity.usable=100PB..200PB+100PB");
    CHECK(std::get<std::string>(cap.values[1].value) == "200 PB");
    const SweepParameter dr = parse_vary("data_reduction=1.5");
    CHECK(std::get<double>(dr.values[0].value) == 1.5);
    const SweepParameter mode = parse_vary("options[0].cnodes=400,knee");
    CHECK(std::get<std::int64_t>(mode.values[0].value) == 400);
    CHECK(std::get<std::string>(mode.values[1].value) == "knee");
    const SweepParameter rate = parse_vary("checkpoint.failure_rate=llama3-h100,6.5");
    CHECK(std::get<std::string>(rate.values[0].value) == "llama3-h100");
    CHECK(std::get<double>(rate.values[1].value) == 6.5);
    const SweepParameter flag = parse_vary("constraints.rack_resilient=true");
    CHECK(std::get<bool>(flag.values[0].value));
    const SweepParameter dbox = parse_vary("dbox=dbox-1u-22");
    CHECK(dbox.path.text == "options[*].dbox");
    CHECK(dbox.name == "dbox");
}

TEST_CASE("bad --vary expressions name the expression and what was expected") {
    struct Row {
        std::string expression;
        std::string says;
    };
    const Row rows[] = {
        {"fleet.gpu=1", "unknown path \"fleet.gpu\" (nearest: fleet.gpus"},
        {"options[0].dbx=a", "unknown path \"options[0].dbx\" (nearest: options[N].dbox"},
        {"gpu=1", "unknown path \"gpu\" (nearest: gpus"},
        {"gpus=4096..1024*2", "empty range: the end 1024 is below the start 4096"},
        {"capacity.usable=400PB..100PB+100PB", "empty range"},
        {"gpus=1..10+0", "step 0 is not above zero"},
        {"capacity.usable=1PB..2PB+0PB", "step 0PB is not above zero"},
        {"gpus=1..10*1", "factor 1 does not grow; expected a factor greater than 1"},
        {"gpus=1..10*0.5", "factor 0.5 does not grow"},
        {"capacity.usable=100PB..400PB+1Tbps",
         "\"1Tbps\": throughput unit \"Tbps\" where a capacity is needed"},
        {"capacity.usable=2.5 Tbps", "throughput unit \"Tbps\" where a capacity is needed"},
        {"capacity.usable=100..400+100", "\"100\": missing unit"},
        {"constraints.max_power=1PB", "where a power is needed"},
        {"gpus=4 PB", "\"4 PB\" is not a whole number >= 1"},
        {"gpus=0", "\"0\" is not a whole number >= 1"},
        {"gpus=1,024", "is not a whole number"},
        // "schema" is no --vary path; a site list's fields are (sites-and-phases.md)
        {"sites=2", "(nearest: fleet.sites, fleet.sites[N].name, fleet.sites[N].gpus)"},
        // The reader's count limit and message (catalog's kMaxCount).
        {"gpus=2000000000000000",
         "expected a whole number from 1 to 10^15, found 2000000000000000"},
        // At most 1,000 sites (second red-team round, defect 3).
        {"fleet.sites=2000", "expected a whole number from 1 to 1,000, found 2000"},
        // 1000 × 1.35 × 1.35 = 1822.5 GPUs.
        {"gpus=1000..3000*1.35", "1822.5 is not a whole number"},
        {"gpus=1..100000000+1", "expands to more than 100,000 values"},
        // A range's values pass the list items' range check: this one reached
        // 1.5 × 10^19 and was converted to a 64-bit count past its range
        // (undefined; fuzzing round 11, bug 17 in docs/robustness.md).
        {"gpus=818..6888888888888888888888888888888888888888888888885536*2",
         "expected a whole number from 1 to 10^15, found 1798801023041536"},
        {"gpus=1..2000000000000000+1000000000000000",
         "expected a whole number from 1 to 10^15, found 1000000000000001"},
        {"fleet.sites=1..2000+999", "expected a whole number from 1 to 1,000, found 1999"},
        {"options[0].cnodes=1..1e300*1e100", "\"1e+100\" is not a C-node count"},
        {"dbox=a..b+1", "is a range, but options[*].dbox holds a catalog id"},
        {"tier=good..best+1", "is a range, but performance.rule holds a tier name"},
        {"gpus=4096..65536", "is not a range; expected START..END+STEP or START..END*FACTOR"},
        {"gpus", "expected PATH=VALUES"},
        {"gpus=", "no values after '='"},
        {"gpus=1,,2", "an empty value in the list"},
        {"options[x].dbox=a", "is not a scenario path"},
        {"constraints.rack_resilient=yes", "\"yes\" is not true or false"},
        {"options[0].cnodes=lots", "\"lots\" is not a C-node count"},
        {"data_reduction=two", "\"two\" is not a number"},
        {"checkpoint.knee_step=5", "\"5\": missing unit"},
        {"checkpoint.jobs[0].params=1.8 TB", "looks like a size, not a parameter count"},
        {"checkpoint.jobs[0].interval=1min..4min+1PB",
         "\"1PB\": capacity unit \"PB\" where a duration is needed"},
        {"checkpoint.jobs[0].mode=a..b+1", "holds text"},
    };
    for (const Row& r : rows) {
        INFO(r.expression);
        try {
            (void)parse_vary(r.expression);
            FAIL("no error");
        } catch (const InputError& e) {
            CHECK(e.where() == "--vary " + r.expression);
            CHECK_THAT(e.message(), Catch::Contains(r.says));
        }
    }
}

TEST_CASE("a sweep runs the cross product with the last --vary changing fastest") {
    const Sweep s(ScenarioDocument(kNcp, "s.json"),
                  {"gpus=4096,8192,16384", "dbox=dbox-1u-22,dbox-2u-44-hd"}, cat());
    REQUIRE(s.runs() == 6);
    CHECK(s.choice(0) == std::vector<std::size_t>{0, 0});
    CHECK(s.choice(1) == std::vector<std::size_t>{0, 1});
    CHECK(s.choice(2) == std::vector<std::size_t>{1, 0});
    CHECK(s.choice(5) == std::vector<std::size_t>{2, 1});
    const Scenario run3 = s.document(3, cat()).parse(cat());
    CHECK(run3.fleet->gpus == 8192);
    CHECK(run3.options.at(0).dbox == "dbox-2u-44-hd");
    // The base document is left as it was.
    CHECK(s.base().parse(cat()).fleet->gpus == 41472);
}

TEST_CASE("a tier picks the platform's rule and replaces explicit figures") {
    const Sweep s(ScenarioDocument(kH100, "s.json"), {"tier=good,best"}, cat());
    const Scenario best = s.document(1, cat()).parse(cat());
    CHECK(best.performance->rule == "h100-best");
    CHECK_FALSE(best.performance->read_per_gpu.has_value());
    // A varied platform is applied before the tier, whatever the order given.
    const Sweep t(ScenarioDocument(kH100, "s.json"), {"tier=good", "fleet.platform=b200,h100"},
                  cat());
    CHECK(t.document(1, cat()).parse(cat()).performance->rule == "h100-good");
    CHECK_THROWS_WITH(t.document(0, cat()),
                      Catch::Contains("needs the performance rule \"b200-good\""));
}

TEST_CASE("values the scenario reader rejects stop the sweep before it runs") {
    struct Row {
        std::string doc;
        std::vector<std::string> vary;
        std::string says;
    };
    const Row rows[] = {
        {kNcp,
         {"dbox=dbox-1u-22,dbox-2u-hd"},
         "--vary dbox=dbox-1u-22,dbox-2u-hd: value \"dbox-2u-hd\": s.json: $.options[0].dbox: "
         "unknown D-box model \"dbox-2u-hd\" (nearest: dbox-2u-44-hd"},
        {kNcp,
         {"options[0].drive=61.44 TB,8 TB"},
         "value \"8 TB\": s.json: $.options[0].drive: 8.00 TB is not a drive option of "
         "dbox-1u-22"},
        {kNcp, {"options[2].dbox=auto"}, "s.json: $.options: has 1 element; index 2 is past"},
        // The error is at another field (the drive), which no --vary changes.
        {kHd,
         {"dbox=dbox-2u-44-hd,dbox-1u-22"},
         "--vary dbox=dbox-2u-44-hd,dbox-1u-22: value \"dbox-1u-22\": s.json: "
         "$.options[0].drive: 122.88 TB is not a drive option of dbox-1u-22"},
        {kNcp,
         {"tier=good"},
         "tier \"good\" needs the performance rule \"gb200-nvl72-good\", which the catalog lacks "
         "(a tier maps to <platform>-<tier>); rules of platform gb200-nvl72: ncp-gb200-customer"},
        {R"({"name": "n", "capacity": {"usable": "1 PB"}})", {"tier=good"}, "fleet.platform"},
        {kNcp, {"gpus=4096", "fleet.gpus=8192"}, "fleet.gpus is already varied by --vary gpus"},
        {kNcp, {"dbox=auto", "options[*].dbox=auto"}, "options[*].dbox is already varied"},
        {kNcp,
         {"gpus=1..1000+1", "capacity.usable=1PB..1000PB+1PB", "fleet.sites=1,2"},
         "--vary: the sweep has more than 1,000,000 runs"},
    };
    for (const Row& r : rows) {
        INFO(r.vary.front());
        CHECK_THAT(sweep_error(r.doc, r.vary), Catch::Contains(r.says));
    }
}

TEST_CASE("an error at a field another --vary writes is left to the runs") {
    // dbox-1u-22 lacks 122.88 TB drives, but drive=auto is varied too.
    const Sweep s(ScenarioDocument(kHd, "s.json"), {"dbox=dbox-2u-44-hd,dbox-1u-22", "drive=auto"},
                  cat());
    const Scenario run2 = s.document(1, cat()).parse(cat());
    CHECK(run2.options[0].dbox == "dbox-1u-22");
    CHECK_FALSE(run2.options[0].drive.has_value());
}

TEST_CASE("values that are bad only in combination are left to the run") {
    // Each value is fine on the base (41,472 GPUs), but 4,096 GPUs in
    // clusters of 8,192 is not: that run alone is bad.
    const Sweep s(ScenarioDocument(kNcp, "s.json"),
                  {"gpus=4096,65536", "fleet.gpus_per_cluster=8192"}, cat());
    REQUIRE(s.runs() == 2);
    try {
        (void)s.document(0, cat()).parse(cat());
        FAIL("no error");
    } catch (const InputError& e) {
        CHECK(e.where() == "s.json: $.fleet.gpus_per_cluster");
    }
    CHECK(s.document(1, cat()).parse(cat()).fleet->pod_gpus() == 8192);
}

// The aliases are a side table keyed by scenario paths: each resolves to a
// field of the table that --vary may set (docs/architecture.md, "Side tables").
TEST_CASE("every --vary alias names a sweepable field of the scenario field table") {
    REQUIRE_FALSE(sweep_aliases().empty());
    for (const SweepAlias& a : sweep_aliases()) {
        INFO(a.name << " = " << a.path);
        const ScenarioPath path = parse_scenario_path(a.path, "alias");
        const ScenarioField* f = find_scenario_field(path.pattern);
        REQUIRE(f != nullptr);
        CHECK(f->sweepable);
    }
}

// A run over counts and numbers outside lists writes its values into the
// scenario read once (Sweep::scenario, issue 34); the document path is what
// the reader makes of the file, so both must give the same scenario, and the
// same error for a run the rules refuse.
TEST_CASE("a run written into the read scenario equals its document read again") {
    const std::string with_sites = R"({
        "name": "sites", "fleet": {"platform": "gb200-nvl72", "gpus": 41472,
                                    "sites": [{"gpus": 20736}, {"gpus": 20736}]},
        "performance": {"rule": "ncp-gb200-customer"}, "capacity": {"usable": "215 PB"}})";
    struct Row {
        std::string doc;
        std::vector<std::string> vary;
    };
    const Row rows[] = {
        {kNcp, {"gpus=1000..100000+33000"}},
        {kNcp, {"gpus=20000,65536", "fleet.gpus_per_cluster=8192,16384"}},
        {kNcp, {"constraints.max_racks=10,100", "data_reduction=1,1.5"}},
        {kNcp, {"constraints.pue=1.2,1.5", "gpus=4096"}},
        {kNcp, {"capacity.usable=100 PB..300 PB+100 PB", "gpus=20000"}},
        {kNcp, {"constraints.headroom=0%,10%,500%"}},
        {kNcp, {"capacity.usable=0.5 EB,2 kB"}},
        // Not written directly: a list's field, a list form.
        {kNcp, {"gpus=4096,8192", "options[0].cnodes=10,20"}},
        {with_sites, {"fleet.sites=1,2"}},
        {kH100, {"gpus=1024,2048"}},
    };
    for (const Row& r : rows) {
        INFO(r.vary.front());
        const Sweep s(ScenarioDocument(r.doc, "s.json"), r.vary, cat());
        for (std::size_t i = 0; i < s.runs(); ++i) {
            std::string direct;
            std::string read;
            try {
                direct = scenario_to_json(s.scenario(i, cat()));
            } catch (const InputError& e) {
                direct = e.what();
            }
            try {
                read = scenario_to_json(s.document(i, cat()).parse(cat()));
            } catch (const InputError& e) {
                read = e.what();
            }
            CHECK(direct == read);
        }
    }
    // The combination bad only as a whole gives the reader's error and path.
    const Sweep bad(ScenarioDocument(kNcp, "s.json"),
                    {"gpus=4096,65536", "fleet.gpus_per_cluster=8192"}, cat());
    CHECK_THROWS_WITH(bad.scenario(0, cat()),
                      "s.json: $.fleet.gpus_per_cluster: is larger than fleet.gpus (4096)");
    CHECK(bad.scenario(1, cat()).fleet->gpus == 65536);
}

// A sweep sizes with racks but no slots (sizing_detail.hpp): every figure and
// finding must be the full sizing's. A few figures stand for the rest; the
// findings read the racks (rack loss, rack-resilient balance, cooling).
TEST_CASE("sizing without slots gives the designs of the full sizing") {
    for (const std::string& text :
         {kNcp, kHd, std::string(R"({"name": "rr", "fleet": {"platform": "gb200-nvl72",
             "gpus": 8192}, "performance": {"rule": "ncp-gb200-customer"},
             "capacity": {"usable": "40 PB"}, "constraints": {"rack_resilient": true}})")}) {
        const Scenario s = ScenarioDocument(text, "s.json").parse(cat());
        const SizingResult full = size_scenario(s, cat(), RackDetail::slots);
        const SizingResult lean = size_scenario(s, cat(), RackDetail::racks);
        REQUIRE(lean.designs.size() == full.designs.size());
        for (std::size_t i = 0; i < full.designs.size(); ++i) {
            const Design& a = full.designs[i];
            const Design& b = lean.designs[i];
            INFO(s.name << " design " << i);
            CHECK(b.racks == a.racks);
            CHECK(b.layout.size() == a.layout.size());
            CHECK(b.usable.base() == a.usable.base());
            CHECK(b.failure_domains == a.failure_domains);
            CHECK(b.cooling == a.cooling);
            REQUIRE(b.findings.size() == a.findings.size());
            for (std::size_t k = 0; k < a.findings.size(); ++k) {
                CHECK(b.findings[k].message() == a.findings[k].message());
            }
            for (const Rack& r : b.layout) {
                CHECK(r.slots.empty());
            }
        }
    }
}

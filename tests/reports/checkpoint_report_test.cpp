// Checkpoint reports: the goodput curve as data, and checkpoints in the
// sizing report (docs/checkpoints.md §9).
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/reports/checkpoint_report.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

using namespace podsizer;

namespace {
SizingResult sized(const std::string& name) {
    static const Catalog cat = default_catalog();
    return size_scenario(load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + name, cat),
                         cat);
}

GoodputCurve reference_curve(int points) {
    CheckpointJobModel j;
    j.size = Capacity::from_base(25.2e12);
    j.restart = Duration::from_base(600);
    j.mtbf = Duration::from_base(1282.0512820512822);
    j.gpus = 41472;
    CurveOptions o;
    o.points = points;
    return goodput_curve(j, o);
}

std::size_t crlf_lines(const std::string& s) {
    std::size_t n = 0;
    for (std::size_t p = s.find("\r\n"); p != std::string::npos; p = s.find("\r\n", p + 2)) {
        ++n;
    }
    return n;
}
} // namespace

TEST_CASE("write bandwidths print with three significant digits") {
    CHECK(format_write(Throughput::from_base(8.4e12)) == "8.40 TB/s");
    CHECK(format_write(Throughput::from_base(1.68e12)) == "1.68 TB/s");
    CHECK(format_write(Throughput::from_base(560e9)) == "560 GB/s");
    CHECK(format_write(Throughput::from_base(84e9)) == "84.0 GB/s");
    CHECK(format_write(Throughput::from_base(1.22e15)) == "1.22 PB/s");
    CHECK(format_percent(0.5695) == "57.0 %");
}

TEST_CASE("the curve in JSON is an array of points with SI units in the keys") {
    const GoodputCurve c = reference_curve(9);
    const auto j = nlohmann::json::parse(render_goodput_curve(c, Format::json));
    REQUIRE(j.at("points").size() == 9);
    for (const char* key : {"write_bytes_per_s", "write_time_s", "interval_s", "write_share",
                            "goodput", "gpu_hours_lost_per_day"}) {
        INFO(key);
        CHECK(j["points"][0].contains(key));
        CHECK(j["knee"].contains(key));
    }
    CHECK(j.at("goodput_limit").get<double>() == Approx(c.goodput_limit));
    CHECK(j.at("knee_step_bytes_per_s").get<double>() == Approx(100e9));
    CHECK(j.at("knee_threshold_gpu_hours_per_day").get<double>() == Approx(100.0));
    CHECK(j["points"][8]["write_bytes_per_s"].get<double>() == Approx(c.points[8].write.base()));
}

TEST_CASE("the curve in CSV is one row per point with labelled marks in order") {
    const GoodputCurve c = reference_curve(9);
    const std::vector<MarkedPoint> marks{{"knee", *c.knee}};
    const std::string csv = render_goodput_curve(c, Format::csv, marks);
    CHECK_THAT(csv, Catch::StartsWith("point,write_bytes_per_s,write_time_s,interval_s,"
                                      "write_share,goodput,gpu_hours_lost_per_day,"
                                      "step_gain_gpu_hours_per_day\r\n"));
    CHECK(crlf_lines(csv) == 1 + 9 + 1);
    const Grid g = goodput_curve_grid(c, marks);
    double previous = 0.0;
    int knees = 0;
    for (const auto& row : g.rows) {
        const double w = test_support::leading_double(row[1]);
        CHECK(w >= previous);
        previous = w;
        knees += row[0] == "knee" ? 1 : 0;
    }
    CHECK(knees == 1);
}

TEST_CASE("the sizing JSON reports checkpoints per design and what drove the write") {
    const auto j =
        nlohmann::json::parse(render_sizing(sized("checkpoint-cadence.json"), Format::json));
    const auto& req = j.at("requirements");
    CHECK(req.at("write_driven_by") == "checkpoints");
    CHECK(req.at("checkpoint_write_bytes_per_s").get<double>() == Approx(8.4e12));
    CHECK(req.at("performance_write_bytes_per_s").get<double>() == Approx(4.5e12));
    CHECK(req.at("checkpoints").size() == 6);
    const auto& d = j.at("designs").at(0);
    CHECK(d.at("write_driven_by") == "checkpoints");
    REQUIRE(d.at("checkpoints").size() == 6);
    const auto& first = d["checkpoints"][0];
    for (const char* key :
         {"name", "checkpoint_bytes", "mode", "requested_interval_s", "stall_budget", "mtbf_s",
          "required_write_bytes_per_s", "share_write_bytes_per_s", "sustainable",
          "shortest_interval_s", "interval_s", "write_time_s", "goodput", "gpu_hours_lost_per_day",
          "offsite_write_bytes_per_s", "retained_bytes", "knee_write_bytes_per_s"}) {
        INFO(key);
        CHECK(first.contains(key));
    }
    CHECK(first.at("name") == "60 s sync");
    CHECK_FALSE(first.at("sustainable").get<bool>());
    CHECK(first.at("shortest_interval_s").get<double>() == Approx(112.0));
    // Every 30th of a 60 s cadence: 25.2e12 / 1,800 s = 14e9 B/s over the WAN.
    CHECK(first.at("offsite_write_bytes_per_s").get<double>() == Approx(14e9));
}

TEST_CASE("the reference pod's JSON gains empty checkpoint lists and keeps its keys") {
    const auto j = nlohmann::json::parse(render_sizing(sized("ncp-pod-41k.json"), Format::json));
    CHECK(j.at("requirements").at("write_driven_by") == "performance_rule");
    CHECK(j.at("requirements").at("write_driver") == "performance rule ncp-gb200-customer");
    const auto& d = j.at("designs").at(0);
    CHECK(d.at("checkpoints").empty());
    CHECK(d.at("write_bytes_per_s").get<double>() == Approx(4.5e12));
}

TEST_CASE("the sizing table and CSV show the checkpoint jobs when there are some") {
    const SizingResult r = sized("checkpoint-cadence.json");
    const std::string t = render_sizing(r, Format::table);
    CHECK_THAT(t, Catch::Contains("checkpoints: write 8.40 TB/s (sets the write requirement)"));
    CHECK_THAT(t, Catch::Contains("Checkpoints ("));
    CHECK_THAT(t, Catch::Contains("60 s sync"));
    // Every 30th of 60 s, 6th of 5 min, 2nd of 15 min: one 25.2 TB copy per 30 min = 14 GB/s.
    CHECK_THAT(t, Catch::Contains("Offsite copies need 14.0 GB/s (112 Gbps) of WAN"));
    CHECK_THAT(t, Catch::Contains("up to 75.6 TB")); // 3 × 25.2 TB
    const std::string csv = render_sizing(r, Format::csv);
    CHECK_THAT(csv, Catch::Contains(",Write driven by,60 s sync: required write (GB/s),"));
    CHECK_THAT(csv, Catch::Contains("15 min async: sustainable,Findings\r\n"));
    const std::string ref_csv = render_sizing(sized("ncp-pod-41k.json"), Format::csv);
    CHECK_THAT(ref_csv, !Catch::Contains("Write driven by"));
    CHECK_THAT(render_sizing(sized("ncp-pod-41k.json"), Format::table),
               !Catch::Contains("Checkpoints"));
}

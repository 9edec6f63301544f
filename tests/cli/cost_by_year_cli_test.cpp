// Money over time (issue 49 item 4; docs/cost.md §8), run on the real binary:
// examples/project-three-sites.json (sites A, B, C opened in years 1, 2 and
// 3) priced by a book written here with round prices, so every year's CapEx,
// OpEx, discounted total and cloud bill is recomputed by hand below from the
// phases' own counts and power in the JSON, not from podsizer's cost code.
#include "run_process.hpp"
#include "support/json_lookup.hpp"
#include "support/test_files.hpp"
#include "support/test_paths.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

namespace {

using test_support::write_temp;

// The book's figures, used both to write it and to price by hand.
constexpr double kCnode = 1000, kCnodeSupport = 100; // a year, per unit
constexpr double kDbox = 10000, kDboxSupport = 500;
constexpr double kSwitch = 2000, kSwitchShare = 0.10; // support: 10 % of the net price
constexpr double kRack = 300;                         // no support
constexpr double kKwh = 0.1, kRackMonth = 100, kRate = 0.10;
constexpr double kPerGbMonth = 0.01, kEgressPerGb = 0.02, kReadOut = 0.10, kPer10k = 0.004;
constexpr double kRequest = 4.0 * 1024 * 1024;

std::string book(const std::string& switch_id) {
    return R"({"schema": "podsizer-prices/1", "currency": "USD", "items": [
      {"id": "cnode-1u", "unit_price": 1000, "support_per_year": 100, "source": {"kind": "assumption", "note": "test"}},
      {"id": "dbox-1u-22", "unit_price": 10000, "support_per_year": 500, "source": {"kind": "assumption", "note": "test"}},
      {"id": ")" +
           switch_id +
           R"(", "unit_price": 2000, "support_share": "10%", "source": {"kind": "assumption", "note": "test"}},
      {"id": "rack-42u-25kw", "unit_price": 300, "support_per_year": 0, "source": {"kind": "assumption", "note": "test"}}],
      "site": {"energy_per_kwh": 0.1, "space_per_rack_month": 100, "years": 5, "discount_rate": "10%",
               "source": {"kind": "assumption", "note": "test"}},
      "cloud": {"per_gb_month": {"hot": 0.01}, "tier": "hot", "egress_per_gb": 0.02,
                "per_10k_operations": 0.004, "read_out_share_per_month": "10%", "request_size": "4 MiB",
                "source": {"kind": "assumption", "note": "test"}}})";
}

struct Money {
    double capex = 0, opex = 0, usable = 0;
};

/// A phase step's purchases and a year of its installed base, by hand.
Money by_hand(const nlohmann::json& step, double pue) {
    const auto& a = step.at("added");
    const auto& t = step.at("total");
    auto n = [](const nlohmann::json& c, const char* k) { return c.at(k).get<double>(); };
    Money m;
    m.capex = n(a, "cnodes") * kCnode + n(a, "dboxes") * kDbox + n(a, "switches") * kSwitch +
              n(a, "racks") * kRack;
    const double facility_kw = step.at("power_w").get<double>() * pue / 1e3;
    m.opex = n(t, "cnodes") * kCnodeSupport + n(t, "dboxes") * kDboxSupport +
             n(t, "switches") * kSwitch * kSwitchShare + n(t, "racks") * kRackMonth * 12 +
             facility_kw * 8760 * kKwh;
    m.usable = step.at("usable_capacity_bytes").get<double>();
    return m;
}

double cloud_by_hand(double usable_bytes) {
    const double gb = usable_bytes / 1e9;
    const double out_gb = gb * kReadOut * 12;
    return gb * kPerGbMonth * 12 + out_gb * kEgressPerGb + out_gb * 1e9 / kRequest / 1e4 * kPer10k;
}

nlohmann::json priced_project() {
    const char* example = "examples/project-three-sites.json";
    const nlohmann::json plain =
        nlohmann::json::parse(podsizer({"size", example, "--format", "json"}).out);
    const std::string switch_id = plain.at("designs").at(0).at("switch_model");
    const std::string prices = write_temp("cost-by-year-prices.json", book(switch_id));
    const ProcessResult r = podsizer({"size", example, "--prices", prices, "--format", "json"});
    INFO(r.err);
    REQUIRE(r.exit_code <= 1);
    return nlohmann::json::parse(r.out);
}

} // namespace

TEST_CASE("cost by year over a three-site phased project equals a hand calculation") {
    const nlohmann::json doc = priced_project();
    REQUIRE(doc.contains("cost_by_year"));
    const nlohmann::json& flow = doc.at("cost_by_year");
    // The dates are one year apart (2027-03-31, 2028-…, 2029-…): years 1-3.
    CHECK(flow.at("years") == 5);
    for (int k = 0; k < 3; ++k) {
        CHECK(flow.at("phases").at(k).at("year") == k + 1);
    }
    const std::map<std::string, int> year_of{{"Year 1", 1}, {"Year 2", 2}, {"Year 3", 3}};
    // Each site by hand: CapEx in its phases' years, OpEx from its base.
    std::map<int, Money> project;
    for (const std::string site : {"A", "B", "C"}) {
        INFO("site " << site);
        const double pue = test_support::element_where(doc.at("sites"), "name", site).at("pue");
        std::map<int, Money> bought;
        for (const auto& step : doc.at("phases")) {
            if (step.at("site") == site) {
                const int y = year_of.at(step.at("name"));
                const Money m = by_hand(step, pue);
                bought[y].capex += m.capex;
                bought[y].opex = m.opex;
                bought[y].usable = m.usable;
            }
        }
        const auto& years = test_support::element_where(flow.at("sites"), "site", site).at("years");
        REQUIRE(years.size() == 5);
        Money running;
        bool open = false;
        double cumulative = 0, discounted = 0;
        for (int y = 1; y <= 5; ++y) {
            INFO("year " << y);
            const auto& row = years.at(static_cast<std::size_t>(y - 1));
            const double capex = bought.count(y) ? bought[y].capex : 0.0;
            if (bought.count(y)) {
                running = bought[y];
                open = true;
            }
            const double opex = open ? running.opex : 0.0;
            CHECK(row.at("open") == open);
            CHECK(row.at("capex").get<double>() == Approx(capex).epsilon(1e-9));
            CHECK(row.at("opex").get<double>() == Approx(opex).epsilon(1e-9));
            cumulative += capex + opex;
            CHECK(row.at("cumulative").get<double>() == Approx(cumulative).epsilon(1e-9));
            discounted += capex / std::pow(1 + kRate, y - 1) + opex / std::pow(1 + kRate, y);
            CHECK(row.at("cumulative_discounted").get<double>() ==
                  Approx(discounted).epsilon(1e-9));
            const double usable = open ? running.usable : 0.0;
            CHECK(row.at("cloud").get<double>() == Approx(cloud_by_hand(usable)).epsilon(1e-9));
            project[y].capex += capex;
            project[y].opex += opex;
            project[y].usable += usable;
        }
    }
    // The project: the sites summed a year; the cloud for their capacity.
    double cumulative = 0, cloud = 0;
    for (int y = 1; y <= 5; ++y) {
        INFO("project, year " << y);
        const auto& row = flow.at("total").at(static_cast<std::size_t>(y - 1));
        CHECK(row.at("capex").get<double>() == Approx(project[y].capex).epsilon(1e-9));
        CHECK(row.at("opex").get<double>() == Approx(project[y].opex).epsilon(1e-9));
        cumulative += project[y].capex + project[y].opex;
        CHECK(row.at("cumulative").get<double>() == Approx(cumulative).epsilon(1e-9));
        cloud += cloud_by_hand(project[y].usable);
        CHECK(row.at("cloud_cumulative").get<double>() == Approx(cloud).epsilon(1e-9));
    }
    // Site A opens in year 1, B in 2, C in 3: CapEx in exactly those years.
    CHECK(flow.at("total").at(0).at("capex").get<double>() > 0);
    CHECK(flow.at("total").at(3).at("capex").get<double>() == 0);
}

TEST_CASE("the cost by year table names its period, discounting and what is unpriced") {
    const char* example = "examples/project-three-sites.json";
    const ProcessResult r =
        podsizer({"size", example, "--prices", "examples/prices-illustrative.json"});
    INFO(r.err);
    REQUIRE(r.exit_code <= 1);
    CHECK_THAT(r.out, Catch::Contains("Cost by year (5 years from the first phase"));
    CHECK_THAT(r.out, Catch::Contains("all sites"));
    CHECK_THAT(r.out, Catch::Contains("Discounted at 8.0% a year"));
    CHECK_THAT(r.out, Catch::Contains("CapEx (M USD)"));
    // Without a book no money appears, and the JSON has no block.
    const ProcessResult plain = podsizer({"size", example, "--format", "json"});
    CHECK_FALSE(nlohmann::json::parse(plain.out).contains("cost_by_year"));
}

TEST_CASE("a phase falls in the year of its date, counted in whole years") {
    // The project's phases re-dated so that the first two fall in one year
    // and the third is undated: the years follow docs/cost.md §8's rule.
    std::string text = test_support::read_file(std::string(PODSIZER_SOURCE_DIR) +
                                               "/examples/project-three-sites.json");
    const std::string d2 = R"("date": "2028-03-31")", d3 = R"("date": "2029-03-31", )";
    REQUIRE(text.find(d2) != std::string::npos);
    REQUIRE(text.find(d3) != std::string::npos);
    text.replace(text.find(d2), d2.size(), R"("date": "2028-03-30")"); // a day short: year 1
    text.replace(text.find(d3), d3.size(), "");                        // undated: year 2
    const std::string scenario = write_temp("cost-by-year-dates.json", text);
    const ProcessResult r = podsizer(
        {"size", scenario, "--prices", "examples/prices-illustrative.json", "--format", "json"});
    INFO(r.err);
    REQUIRE(r.exit_code <= 1);
    const auto flow = nlohmann::json::parse(r.out).at("cost_by_year");
    CHECK(flow.at("phases").at(0).at("year") == 1);
    CHECK(flow.at("phases").at(1).at("year") == 1);
    CHECK(flow.at("phases").at(2).at("year") == 2);
    // Site B bought in year 1 and runs from year 1.
    const auto& b = test_support::element_where(flow.at("sites"), "site", "B").at("years");
    CHECK(b.at(0).at("open") == true);
    CHECK(b.at(0).at("capex").get<double>() > 0);
}

TEST_CASE("a later phase's CapEx prices the cables, optics and other parts its growth adds") {
    // examples/fleet-phases.json grows one system in four phases: phases 1
    // and 2 in year 1, 3 and 4 in year 2 (docs/cost.md §8). Priced once by
    // the illustrative book and once by the same book with only the devices
    // and racks (every part unpriced): year 2 holds later phases alone, so
    // the difference is what their bills add beyond the pod before them.
    const char* example = "examples/fleet-phases.json";
    const nlohmann::json plain =
        nlohmann::json::parse(podsizer({"size", example, "--format", "json"}).out);
    const auto& d = plain.at("designs").at(0);
    const std::vector<std::string> devices{d.at("cnode_model"), d.at("dbox_model"),
                                           d.at("switch_model"), d.at("rack_model")};
    nlohmann::json book = nlohmann::json::parse(test_support::read_file(
        std::string(PODSIZER_SOURCE_DIR) + "/examples/prices-illustrative.json"));
    nlohmann::json kept = nlohmann::json::array();
    for (const auto& item : book.at("items")) {
        if (std::find(devices.begin(), devices.end(), item.at("id")) != devices.end()) {
            kept.push_back(item);
        }
    }
    REQUIRE(kept.size() == 4);
    book["items"] = kept;
    const std::string devices_only = write_temp("devices-only-prices.json", book.dump());
    auto year_capex = [&](const std::string& prices, int year) {
        const ProcessResult r = podsizer({"size", example, "--prices", prices, "--format", "json"});
        INFO(r.err);
        REQUIRE(r.exit_code <= 1);
        const auto flow = nlohmann::json::parse(r.out).at("cost_by_year");
        return flow.at("total").at(static_cast<std::size_t>(year - 1)).at("capex").get<double>();
    };
    const double with_parts = year_capex("examples/prices-illustrative.json", 2);
    const double without = year_capex(devices_only, 2);
    INFO("year 2: " << with_parts << " with the parts priced, " << without << " without");
    CHECK(with_parts > without);
    // The parts a step adds are a few percent of its devices (the reference
    // pod's whole bill of parts is 2.9 M of its 49.9 M CapEx, docs/cost.md).
    CHECK(with_parts - without < 0.1 * without);
}

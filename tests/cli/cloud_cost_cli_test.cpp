// The cloud's bill on the real binary (docs/cost.md §3, issue 51): storage,
// egress and read operations apart, egress billed through the published
// monthly bands of examples/prices-cloud-dated.json (worked out by hand
// below, band by band) or over a private link at no charge per GB, and the
// TCO with and without egress.
#include "run_process.hpp"
#include "support/test_files.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

namespace {

using nlohmann::json;
using test_support::write_temp;

const std::string kFleet = "examples/fleet-160k.json";
const std::string kDated = "examples/prices-cloud-dated.json";
const std::string kPrivateLink = "examples/prices-cloud-private-link.json";
constexpr int kYears = 5;

/// The reference (cloud) column's cost block of `compare kFleet --prices book`.
json cloud_cost(const std::string& book) {
    const ProcessResult r = podsizer({"compare", kFleet, "--prices", book, "--format", "json"});
    INFO(r.err);
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));
    const json out = json::parse(r.out); // kept: the loop reads into it
    for (const json& col : out.at("columns")) {
        if (col.at("kind") == "reference") {
            json c = col.at("cost");
            c["usable_gb"] = col.at("usable_capacity_bytes").get<double>() / 1e9;
            return c;
        }
    }
    FAIL("no reference column");
    return {};
}

/// The dated book's internet bands by hand, for `gb` read out in one month:
/// the first 100 GB free, to 10 TB at 0.087, 10-50 TB at 0.083, 50-150 TB
/// at 0.070, the rest at 0.050 USD/GB.
double month_egress_by_hand(double gb) {
    REQUIRE(gb > 150000.0); // the fleet reads out far beyond the last top
    return (10000.0 - 100.0) * 0.087 + 40000.0 * 0.083 + 100000.0 * 0.070 + (gb - 150000.0) * 0.050;
}

} // namespace

TEST_CASE("compare with the dated book bills the cloud's egress through its monthly bands") {
    const json c = cloud_cost(kDated);
    const double gb = c.at("usable_gb").get<double>();
    const double month_out = gb * 0.10; // 10 % read out a month
    const double storage = gb * 0.019136 * 12.0;
    const double egress = month_egress_by_hand(month_out) * 12.0;
    const double ops = month_out * 12.0 * 1e9 / (4.0 * 1024 * 1024) / 1e4 * 0.004;
    CHECK(c.at("egress_gb_per_month").get<double>() == Approx(month_out));
    CHECK(c.at("egress_route") == "internet");
    CHECK(c.at("storage_per_year").get<double>() == Approx(storage));
    CHECK(c.at("egress_per_year").get<double>() == Approx(egress));
    CHECK(c.at("operations_per_year").get<double>() == Approx(ops));
    CHECK(c.at("opex_per_year").get<double>() == Approx(storage + egress + ops));
    CHECK(c.at("tco").get<double>() == Approx(kYears * (storage + egress + ops)));
    CHECK(c.at("opex_per_year_without_egress").get<double>() == Approx(storage + ops));
    CHECK(c.at("tco_without_egress").get<double>() == Approx(kYears * (storage + ops)));
    // The bands cost less than the first band's price on every GB would.
    CHECK(egress < month_out * 12.0 * 0.087);
}

TEST_CASE("compare with the dated book prints the cloud's parts apart and each price's source") {
    // Markdown: its notes are not wrapped, so a phrase is found whole.
    const ProcessResult r = podsizer({"compare", kFleet, "--prices", kDated, "--format", "md"});
    INFO(r.err);
    for (const char* row :
         {"Cloud storage a year (USD)", "Cloud egress a year (internet) (USD)",
          "Cloud read operations a year (USD)", "TCO, 5 years, without cloud egress (USD)"}) {
        CHECK_THAT(r.out, Catch::Contains(row));
    }
    CHECK_THAT(r.out, Catch::Contains("Cloud prices (price book; the source and date of each):"));
    CHECK_THAT(r.out, Catch::Contains("2026-04-17"));
    CHECK_THAT(r.out, Catch::Contains("over 150.0 TB 0.05 USD/GB"));
    CHECK_THAT(r.out, Catch::Contains("over the internet, billed a month at a time"));
    // The ASSUMPTION figures stay named as such.
    CHECK_THAT(r.out, Catch::Contains("cloud.read_out_share_per_month"));
    CHECK_THAT(r.out, !Catch::Contains("cloud.egress,"));
}

TEST_CASE("compare with the private-link book has no egress in the cloud's totals and says so") {
    const json c = cloud_cost(kPrivateLink);
    CHECK(c.at("egress_route") == "private_link");
    CHECK(c.at("egress_per_year").get<double>() == 0.0);
    CHECK(c.at("opex_per_year").get<double>() ==
          Approx(c.at("opex_per_year_without_egress").get<double>()));
    CHECK(c.at("tco").get<double>() == Approx(c.at("tco_without_egress").get<double>()));
    const ProcessResult r =
        podsizer({"compare", kFleet, "--prices", kPrivateLink, "--format", "md"});
    CHECK_THAT(r.out, Catch::Contains("Cloud egress a year (private link) (USD)"));
    CHECK_THAT(r.out, Catch::Contains("the cloud's totals include no egress"));
    CHECK_THAT(r.out, Catch::Contains("DE-CIX"));
}

TEST_CASE("a book's egress_per_gb still prices every GB at one figure") {
    // The older flat field: one band, every GB at 0.087 (the illustrative book).
    const json c = cloud_cost("examples/prices-illustrative.json");
    const double gb = c.at("usable_gb").get<double>();
    CHECK(c.at("egress_per_year").get<double>() == Approx(gb * 0.10 * 12.0 * 0.087));
    CHECK(c.at("egress_route") == "internet");
}

TEST_CASE("bad egress bands name the JSON path and what was expected") {
    const auto run = [](const std::string& egress) {
        const std::string book =
            write_temp("cloud/bad.json", R"({"currency": "USD", "cloud": {"egress": )" + egress +
                                             R"(, "source": {"kind": "assumption"}}})");
        return podsizer({"compare", kFleet, "--prices", book});
    };
    const ProcessResult descending = run(
        R"({"route": "internet", "tiers": [{"up_to": "10 TB", "per_gb": 0.087},
            {"up_to": "5 TB", "per_gb": 0.08}, {"per_gb": 0.05}]})");
    CHECK(descending.exit_code == 2);
    CHECK_THAT(descending.err, Catch::Contains("$.cloud.egress.tiers[1].up_to"));
    CHECK_THAT(descending.err, Catch::Contains("ascending"));
    const ProcessResult topless =
        run(R"({"route": "internet", "tiers": [{"per_gb": 0.087}, {"per_gb": 0.05}]})");
    CHECK(topless.exit_code == 2);
    CHECK_THAT(topless.err, Catch::Contains("$.cloud.egress.tiers[0]"));
    const ProcessResult route = run(R"({"route": "satellite", "per_gb": 0})");
    CHECK(route.exit_code == 2);
    CHECK_THAT(route.err, Catch::Contains("private_link"));
    const ProcessResult both = run(R"({"route": "private_link"})");
    CHECK(both.exit_code == 2);
    CHECK_THAT(both.err, Catch::Contains("neither tiers nor per_gb"));
}

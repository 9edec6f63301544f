#include "podsizer/core/errors.hpp"
#include "podsizer/core/reference.hpp"
#include "support/default_catalog.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

namespace {
const ReferenceSystem& cloud() {
    const ReferenceSystem* r = default_catalog_for_tests().reference("cloud-object-store");
    REQUIRE(r != nullptr);
    return *r;
}

bool has_finding(const ReferenceSizing& r, const std::string& code) {
    for (const Finding& f : r.findings) {
        if (to_string(f.code) == code) {
            return true;
        }
    }
    return false;
}
} // namespace

TEST_CASE("the cloud object store at an exabyte is 220 racks and 25 Tbps each way") {
    // Brief (shared/brief/BRIEF.md): ~220 racks per exabyte; 2.5 Tbps per
    // 100 PB, read and write alike -> 10 × 2.5 = 25 Tbps = 3.125 TB/s.
    const ReferenceSizing r = size_reference(cloud(), of<Capacity>(1, units::EB));
    CHECK(r.racks == 220);
    CHECK(in(r.read, units::Tbps) == Approx(25));
    CHECK(in(r.write, units::Tbps) == Approx(25));
    CHECK(in(r.read, units::TB_per_s) == Approx(3.125));
    // Power: 220 racks × 12 kW, the catalog's editable assumption.
    CHECK(in(r.power, units::kW) == Approx(220 * 12));
    // Raw: LRC(12,2,2) stores 16 fragments per 12 (paper) -> 1.33 × usable.
    REQUIRE(r.raw);
    CHECK(in(*r.raw, units::PB) == Approx(1330));
    CHECK(r.pb_per_rack() == Approx(1000.0 / 220));
}

TEST_CASE("an exabyte needs 178 accounts whose ingress limit caps the write rate") {
    // learn.microsoft.com scalability targets (catalog, SPEC): 5 PiB, 60 Gbps
    // ingress, 200 Gbps egress per account. By hand: 10^18 / (5 × 2^50) =
    // 177.6 -> 178 accounts; 178 × 60 Gbps = 10.68 Tbps < 25 Tbps write;
    // 178 × 200 Gbps = 35.6 Tbps >= 25 Tbps read; the full write rate needs
    // ceil(25,000 / 60) = 417 accounts.
    const ReferenceSizing r = size_reference(cloud(), of<Capacity>(1, units::EB));
    CHECK(r.accounts == 178);
    CHECK(in(r.ingress_limit, units::Tbps) == Approx(10.68));
    CHECK(in(r.egress_limit, units::Tbps) == Approx(35.6));
    CHECK(r.write_capped);
    CHECK_FALSE(r.read_capped);
    CHECK(in(r.write_within_limits, units::Tbps) == Approx(10.68));
    CHECK(in(r.read_within_limits, units::Tbps) == Approx(25));
    CHECK(r.accounts_for_throughput == 417);
    // The ingress cap first; then the subscriptions and the WAN (tested below).
    REQUIRE(r.findings.size() == 3);
    CHECK(to_string(r.findings[0].code) == "account-ingress-cap");
    CHECK(r.findings[0].severity() == Severity::warning);
    CHECK(to_string(r.findings[1].code) == "cloud-subscriptions");
    CHECK(to_string(r.findings[2].code) == "cloud-wan-unknown");
}

TEST_CASE("reference racks, rates and accounts scale with the capacity") {
    struct Row {
        double pb;
        std::int64_t racks;
        double tbps;
        std::int64_t accounts;
    };
    // By hand: racks = ceil(PB / 1000 × 220); Tbps = PB / 100 × 2.5;
    // accounts = ceil(PB × 10^15 / 5.6295 × 10^15).
    const Row rows[] = {
        {100, 22, 2.5, 18},      // 17.76 -> 18
        {217.87, 48, 5.447, 39}, // 47.93 -> 48 racks; 38.7 -> 39 accounts
        {1, 1, 0.025, 1},        // 0.22 racks -> 1
        {2000, 440, 50, 356},    // 355.3 -> 356
    };
    for (const Row& row : rows) {
        INFO(row.pb << " PB");
        const ReferenceSizing r = size_reference(cloud(), of<Capacity>(row.pb, units::PB));
        CHECK(r.racks == row.racks);
        CHECK(in(r.read, units::Tbps) == Approx(row.tbps).epsilon(1e-3));
        CHECK(r.accounts == row.accounts);
    }
}

TEST_CASE("a reference without account limits or raw overhead reports none") {
    ReferenceSystem ref = cloud();
    ref.account_capacity = Capacity{};
    ref.raw_per_usable = 0.0;
    const ReferenceSizing r = size_reference(ref, of<Capacity>(1, units::EB));
    CHECK(r.accounts == 0);
    CHECK_FALSE(r.write_capped);
    CHECK_FALSE(r.read_capped);
    CHECK_FALSE(r.raw.has_value());
    CHECK(r.subscriptions == 0); // no accounts, no subscriptions
    REQUIRE(r.findings.size() == 1);
    CHECK(to_string(r.findings[0].code) == "cloud-wan-unknown"); // the WAN is unknown all the same
    CHECK(r.write_within_limits == r.write);
}

TEST_CASE("a reference is not sized at zero or negative capacity") {
    CHECK_THROWS_AS(size_reference(cloud(), Capacity{}), InputError);
    CHECK_THROWS_AS(size_reference(cloud(), of<Capacity>(-1, units::PB)), InputError);
}

TEST_CASE("an exabyte at the full rate needs two subscriptions, one with the raised limit") {
    // docs/extrapolation-and-comparison.md §3: 417 accounts for the 25 Tbps write (ceil(25,000 /
    // 60)); 250 accounts per subscription per region, 500 on request (learn.microsoft.com
    // scalability-targets-standard-account).
    const ReferenceSystem& ref = *default_catalog_for_tests().reference("cloud-object-store");
    const ReferenceSizing r = size_reference(ref, of<Capacity>(1.0, units::EB));
    CHECK(r.accounts_for_throughput == 417);
    CHECK(r.accounts_per_subscription == 250);
    CHECK(r.subscriptions == 2);
    CHECK(has_finding(r, "cloud-subscriptions"));
    const ReferenceSizing raised =
        size_reference(ref, of<Capacity>(1.0, units::EB), CloudAccess{std::nullopt, true});
    CHECK(raised.accounts_per_subscription == 500);
    CHECK(raised.subscriptions == 1);
    CHECK_FALSE(has_finding(raised, "cloud-subscriptions"));
    // 100 PB: 18 accounts, 42 for the full write rate: one subscription.
    const ReferenceSizing small = size_reference(ref, of<Capacity>(100.0, units::PB));
    CHECK(small.subscriptions == 1);
    CHECK_FALSE(has_finding(small, "cloud-subscriptions"));
}

TEST_CASE("what reaches the GPU site is capped by the WAN link") {
    const ReferenceSystem& ref = *default_catalog_for_tests().reference("cloud-object-store");
    // Without a WAN link nothing is claimed about the GPU site; a finding says why.
    const ReferenceSizing none = size_reference(ref, of<Capacity>(1.0, units::EB));
    CHECK_FALSE(none.read_at_site.has_value());
    CHECK(has_finding(none, "cloud-wan-unknown"));
    // 400 Gbps (an illustrative link) under 25 Tbps of reads and 10.68 Tbps
    // of writes within the account limits: 0.4 Tbps each way.
    const ReferenceSizing wan = size_reference(ref, of<Capacity>(1.0, units::EB),
                                               CloudAccess{of<Throughput>(400.0, units::Gbps)});
    REQUIRE(wan.read_at_site);
    CHECK(in(*wan.read_at_site, units::Tbps) == Approx(0.4));
    CHECK(in(*wan.write_at_site, units::Tbps) == Approx(0.4));
    CHECK(has_finding(wan, "cloud-wan-cap"));
    // A 100 Tbps link caps nothing: the account limits stay the cap.
    const ReferenceSizing wide = size_reference(ref, of<Capacity>(1.0, units::EB),
                                                CloudAccess{of<Throughput>(100.0, units::Tbps)});
    CHECK(in(*wide.write_at_site, units::Tbps) == Approx(10.68));
    CHECK(in(*wide.read_at_site, units::Tbps) == Approx(25.0));
    CHECK_FALSE(has_finding(wide, "cloud-wan-cap"));
}

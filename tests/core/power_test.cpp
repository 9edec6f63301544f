// Power as a data-centre team reads it (docs/model.md §10): typical and
// maximum power, the basis racks are checked on, derating, facility power
// through PUE and the cooling class of each rack.
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/power.hpp"
#include "support/default_catalog.hpp"
#include "support/test_paths.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

namespace {

Scenario reference_pod() {
    return load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/ncp-pod-41k.json",
                         default_catalog_for_tests());
}

Design size_one(const Scenario& s) {
    const SizingResult r = size_scenario(s, default_catalog_for_tests());
    REQUIRE(r.designs.size() == 1);
    return r.designs[0];
}

bool has_finding(const Design& d, const std::string& code) {
    return std::any_of(d.findings.begin(), d.findings.end(),
                       [&](const Finding& f) { return to_string(f.code) == code; });
}

Power kw(double v) {
    return Power::from_base(v * 1000.0);
}

} // namespace

TEST_CASE("the reference pod keeps 29 racks on the customer's basis") {
    // examples/ncp-pod-41k.json sets no power basis, derating or PUE: the
    // defaults are the basis the customer's ~30 racks were laid out on
    // (typical draw, whole 25 kW budget; shared/brief/BRIEF.md reference case).
    const Scenario s = reference_pod();
    CHECK(s.constraints.power_basis == PowerBasis::typical);
    CHECK(s.constraints.rack_derate == 1.0);
    const Design d = size_one(s);
    CHECK(d.constraints.power_basis == PowerBasis::typical);
    // 29 racks and 702 kW with the fabric at the devices' 200G (docs/model.md
    // §12: 36 switches where the hand count had 60 and ~30 racks).
    CHECK(d.racks == 29);
    CHECK(in(d.power, units::kW) == Approx(702.0));
    CHECK(in(d.rack_limit, units::kW) == Approx(25.0));
}

TEST_CASE("facility power is the IT power times the PUE") {
    // docs/model.md §10: NCP pod 702 kW x 1.58 = 1,109.2 kW facility,
    // ±1 %; 1.58 is the Uptime Institute 2023 industry-average PUE.
    const Design d = size_one(reference_pod());
    CHECK(d.constraints.pue == Approx(1.58));
    CHECK(in(d.facility_power, units::kW) == Approx(1109.2).epsilon(0.01));

    Scenario s = reference_pod();
    s.constraints.pue = 1.3; // "new builds reach 1.3 or less" (Uptime)
    CHECK(in(size_one(s).facility_power, units::kW) == Approx(702.0 * 1.3));
}

TEST_CASE("on the max basis the reference pod needs more racks") {
    // The catalog's maxima are typical x 1.3 (an ASSUMPTION, docs/model.md §10):
    // 450 x 1,040 W + 180 x 2,080 W + 36 x 1,950 W = 912.6 kW;
    // ceil(912.6 / 25) = 37 racks by power, and the even spread fits in them
    // (docs/model.md §10).
    Scenario s = reference_pod();
    s.constraints.power_basis = PowerBasis::max;
    const Design d = size_one(s);
    CHECK(in(d.max_power, units::kW) == Approx(912.6));
    CHECK(d.racks_for_power == 37);
    CHECK(d.racks == 37);
    CHECK(in(d.facility_power, units::kW) == Approx(912.6 * 1.58));
    CHECK(d.rack_peak <= d.rack_limit);
    for (const Rack& r : d.layout) {
        CHECK(r.max_power.base() <= 25'000.0 * (1 + 1e-12));
    }
    CHECK_FALSE(has_finding(d, "rack-max-over-budget"));
}

TEST_CASE("a derated budget spreads the pod over more racks") {
    // 702 kW / (25 kW x 0.8) = 35.1 -> 36 by power; 80 % is the usual
    // continuous-load limit of a breaker (docs/model.md §10).
    Scenario s = reference_pod();
    s.constraints.rack_derate = 0.8;
    const Design d = size_one(s);
    CHECK(in(d.rack_limit, units::kW) == Approx(20.0));
    CHECK(d.racks_for_power == 36);
    CHECK(d.racks >= 36);
    for (const Rack& r : d.layout) {
        CHECK(r.power.base() <= 20'000.0 * (1 + 1e-12));
    }
}

TEST_CASE("racks laid out on typical draw are flagged when their maximum exceeds the budget") {
    // The fullest reference racks hold 7 D-boxes, 15 C-nodes and a switch
    // (docs/model.md §12): 7 x 1,600 + 15 x 800 + 1,500 = 24.7 kW typical,
    // 7 x 2,080 + 15 x 1,040 + 1,950 = 32.11 kW at maximum.
    const Design d = size_one(reference_pod());
    CHECK(in(d.rack_peak, units::kW) == Approx(24.7));
    CHECK(in(d.rack_peak_max, units::kW) == Approx(32.11));
    CHECK(has_finding(d, "rack-max-over-budget"));
    CHECK(has_finding(d, "cooling-containment"));
    CHECK(d.feasible());
}

TEST_CASE("cooling class boundaries") {
    // Uptime Institute 2023: most sites have no racks above 20 kW (air);
    // 20-40 kW needs containment or a rear door; above 40 kW, liquid.
    // A boundary belongs to the lower class.
    CHECK(cooling_class(kw(0.0)) == CoolingClass::air);
    CHECK(cooling_class(kw(20.0)) == CoolingClass::air);
    CHECK(cooling_class(kw(20.01)) == CoolingClass::containment);
    CHECK(cooling_class(kw(40.0)) == CoolingClass::containment);
    CHECK(cooling_class(kw(40.01)) == CoolingClass::liquid);
    CHECK(cooling_class(kw(142.0)) == CoolingClass::liquid); // GB300 NVL72 rack (NVIDIA)
}

TEST_CASE("each rack carries its cooling class and the design its fullest rack's") {
    Scenario s = reference_pod();
    const Design typical = size_one(s);
    for (const Rack& r : typical.layout) {
        CHECK(r.cooling == CoolingClass::containment); // 24.6 kW
    }
    CHECK(typical.cooling == CoolingClass::containment);

    s.constraints.rack_derate = 0.8; // racks at most 20 kW: air
    const Design derated = size_one(s);
    CHECK(derated.cooling == CoolingClass::air);
    CHECK_FALSE(has_finding(derated, "cooling-containment"));

    // A 60 kW budget on the max basis: space binds (19 racks of 40 U), so each
    // rack draws about 959.4 / 19 = 50 kW at maximum: liquid.
    s.constraints.rack_derate = 1.0;
    s.constraints.rack_power = kw(60.0);
    s.constraints.power_basis = PowerBasis::max;
    const Design dense = size_one(s);
    CHECK(dense.cooling == CoolingClass::liquid);
    CHECK(has_finding(dense, "cooling-liquid"));
}

TEST_CASE("max-power is checked on the power basis") {
    Scenario s = reference_pod();
    s.constraints.max_power = kw(800.0); // above 738 kW typical, below 959.4 kW max
    CHECK_FALSE(has_finding(size_one(s), "max-power"));
    s.constraints.power_basis = PowerBasis::max;
    CHECK(has_finding(size_one(s), "max-power"));
}

TEST_CASE("a device's maximum draw falls back on typical x 1.3 when not given") {
    CHECK(max_draw(Power::from_base(800.0), Power{}).base() == Approx(1040.0));
    CHECK(max_draw(Power::from_base(800.0), Power::from_base(900.0)).base() == Approx(900.0));
}

#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/cost.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/optimizer.hpp"
#include "podsizer/core/requirements.hpp"
#include "support/default_catalog.hpp"
#include "support/test_paths.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <limits>
#include <map>
#include <string>

using namespace podsizer;

namespace {

Scenario example(const std::string& name) {
    return load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/" + name,
                         default_catalog_for_tests());
}

/// Cached per scenario: the optimiser with every evaluated design kept.
const OptimizerResult& optimized(const std::string& name) {
    static std::map<std::string, OptimizerResult> cache;
    auto it = cache.find(name);
    if (it == cache.end()) {
        OptimizerOptions o;
        o.keep_all = true;
        it = cache.emplace(name, optimize(example(name), default_catalog_for_tests(), o)).first;
    }
    return it->second;
}

/// No worse in any objective (equal counts).
bool weakly_dominates(const Design& a, const Design& b) {
    return a.racks <= b.racks && a.power <= b.power && a.read >= b.read && a.write >= b.write &&
           a.usable >= b.usable;
}

const char* const kScenarios[] = {"ncp-pod-41k.json", "high-density-1eb.json", "fleet-160k.json"};

} // namespace

TEST_CASE("every Pareto member is feasible and no evaluated design dominates it") {
    for (const char* name : kScenarios) {
        INFO(name);
        const OptimizerResult& r = optimized(name);
        REQUIRE(!r.pareto.empty());
        CHECK(r.evaluated == static_cast<std::int64_t>(r.all.size()));
        for (const Design& p : r.pareto) {
            CHECK(p.feasible());
        }
        // Against every feasible design the optimiser evaluated, members included.
        std::size_t checked = 0;
        for (const Design& d : r.all) {
            if (!d.feasible()) {
                continue;
            }
            ++checked;
            for (const Design& p : r.pareto) {
                if (dominates(d, p)) {
                    FAIL_CHECK(d.cnodes << "/" << d.dboxes << " " << d.rack_model << " dominates "
                                        << p.name);
                }
            }
        }
        CHECK(checked == static_cast<std::size_t>(r.feasible));
    }
}

TEST_CASE("every feasible design evaluated is matched or beaten by a Pareto member") {
    for (const char* name : kScenarios) {
        INFO(name);
        const OptimizerResult& r = optimized(name);
        for (const Design& d : r.all) {
            if (!d.feasible()) {
                continue;
            }
            const bool covered =
                std::any_of(r.pareto.begin(), r.pareto.end(),
                            [&](const Design& p) { return weakly_dominates(p, d); });
            if (!covered) {
                FAIL_CHECK(d.cnodes << "/" << d.dboxes << " " << d.rack_model << " not covered");
            }
        }
    }
}

TEST_CASE("the optimiser finds the hand-made designs or better ones") {
    // The examples' options are the architects' designs (brief): the NCP pod
    // (450 C-nodes, 180 D-boxes) and the high-density exabyte at 414 and 104
    // C-nodes on 207 enclosures. Options with their own capacity are sized
    // against another requirement than the scenario's and are skipped.
    for (const char* name : kScenarios) {
        INFO(name);
        const Scenario s = example(name);
        const SizingResult sized = size_scenario(s, default_catalog_for_tests());
        const OptimizerResult& r = optimized(name);
        for (std::size_t i = 0; i < sized.designs.size(); ++i) {
            if (!s.options.empty() && !s.options[i].per_pod()) {
                continue;
            }
            const Design& hand = sized.designs[i];
            INFO(hand.name);
            const bool found = std::any_of(r.pareto.begin(), r.pareto.end(), [&](const Design& p) {
                return weakly_dominates(p, hand);
            });
            CHECK(found);
        }
    }
}

TEST_CASE("on the architects' racks the front holds the hand-made designs themselves") {
    OptimizerOptions o;
    o.racks = {"rack-42u-25kw"};
    const auto on_front = [](const OptimizerResult& r, std::int64_t c, std::int64_t d) {
        return std::any_of(r.pareto.begin(), r.pareto.end(),
                           [&](const Design& p) { return p.cnodes == c && p.dboxes == d; });
    };
    const OptimizerResult ncp =
        optimize(example("ncp-pod-41k.json"), default_catalog_for_tests(), o);
    CHECK(on_front(ncp, 450, 180));
    const OptimizerResult hd =
        optimize(example("high-density-1eb.json"), default_catalog_for_tests(), o);
    CHECK(on_front(hd, 414, 207));
    CHECK(on_front(hd, 104, 207));
    for (const Design& p : hd.pareto) {
        CHECK(p.rack_model == "rack-42u-25kw");
    }
}

namespace {

/// Made-up prices for every model of the default catalog (only the order of
/// the designs' TCO matters here; docs/cost.md).
PriceBook test_prices() {
    PriceBook b;
    b.currency = "USD";
    for (const auto& [id, price] :
         std::vector<std::pair<std::string, double>>{{"cnode-1u", 20000.0},
                                                     {"dbox-1u-22", 200000.0},
                                                     {"dbox-2u-44-hd", 350000.0},
                                                     {"switch-64x800g-2u", 50000.0},
                                                     {"rack-42u-25kw", 8000.0},
                                                     {"rack-48u-40kw", 12000.0}}) {
        ItemPrice p;
        p.id = id;
        p.unit_price = price;
        p.support_share = 0.1;
        b.items.push_back(p);
    }
    b.site.energy_per_kwh = 0.1;
    b.site.space_per_rack_month = 1000.0;
    return b;
}

} // namespace

TEST_CASE("the best design is the front's first for each objective") {
    Scenario s = example("high-density-1eb.json");
    s.prices = test_prices(); // min-cost needs a book; the others ignore it but for ties
    for (const std::string& name : objective_names()) {
        INFO(name);
        OptimizerOptions o;
        o.objective = *objective_from_string(name);
        const OptimizerResult r = optimize(s, default_catalog_for_tests(), o);
        REQUIRE(r.best);
        CHECK(r.best->feasible());
        CHECK_FALSE(r.best->layout.empty()); // the best comes with its rack layout
        for (const Design& p : r.pareto) {
            CHECK_FALSE(better_for(o.objective, p, *r.best, &*s.prices));
        }
        const auto metric = [&](const Design& d) {
            switch (o.objective) {
            case Objective::min_racks:
                return -static_cast<double>(d.racks);
            case Objective::min_power:
                return -d.power.base();
            case Objective::max_read:
                return d.read.base();
            case Objective::max_write:
                return d.write.base();
            case Objective::max_capacity:
                return d.usable.base();
            case Objective::min_cost:
                return -design_cost(d, *s.prices).tco;
            }
            return 0.0;
        };
        for (const Design& p : r.pareto) {
            CHECK(metric(p) <= metric(*r.best));
        }
    }
}

TEST_CASE("objectives have names and unknown names are not objectives") {
    for (const std::string& name : objective_names()) {
        const auto o = objective_from_string(name);
        REQUIRE(o);
        CHECK(to_string(*o) == name);
    }
    CHECK(objective_names().size() == 6);
    for (const char* bad : {"min-rack", "fastest", "", "MIN-RACKS"}) {
        CHECK_FALSE(objective_from_string(bad));
    }
}

TEST_CASE("constraints bound the front and may leave nothing feasible") {
    Scenario s = example("ncp-pod-41k.json");
    // 25 racks take the 48U/40 kW rack (18 for the NCP pod; the scenario's
    // 42U/25 kW rack needs 29), so the optimiser may choose it here.
    s.constraints.optimize_rack = true;
    s.constraints.max_racks = 25;
    const OptimizerResult r = optimize(s, default_catalog_for_tests());
    REQUIRE(!r.pareto.empty());
    for (const Design& p : r.pareto) {
        CHECK(p.racks <= 25);
    }
    s.constraints.max_racks = 1;
    const OptimizerResult none = optimize(s, default_catalog_for_tests());
    CHECK(none.pareto.empty());
    CHECK_FALSE(none.best.has_value());
    CHECK(none.feasible == 0);
    CHECK(none.evaluated > 0);
}

TEST_CASE("a certified-only rule leaves the high-density box out of the search") {
    // ncp-gb200-customer requires certified storage; dbox-2u-44-hd is not.
    for (const Design& p : optimized("ncp-pod-41k.json").all) {
        CHECK(p.dbox_model == "dbox-1u-22");
    }
    bool hd = false;
    for (const Design& p : optimized("high-density-1eb.json").all) {
        hd = hd || p.dbox_model == "dbox-2u-44-hd";
    }
    CHECK(hd);
}

TEST_CASE("the sweep walks C:D in steps of one around the balanced design") {
    // High-density exabyte, 122.88 TB, 42U: D0 = 207, C0 = ceil(207 / 2) = 104;
    // more C-nodes up to the knee 414 -> 311 designs; more D-boxes up to
    // 104 / 0.5 = 208 -> 1 design. By hand: 312 for that combination.
    OptimizerOptions o;
    o.keep_all = true;
    o.racks = {"rack-42u-25kw"};
    const OptimizerResult r =
        optimize(example("high-density-1eb.json"), default_catalog_for_tests(), o);
    std::int64_t n = 0;
    std::vector<std::int64_t> cnodes;
    for (const Design& d : r.all) {
        if (d.dbox_model == "dbox-2u-44-hd" && in(d.drive_size, units::TB) > 100) {
            ++n;
            if (d.dboxes == 207) {
                cnodes.push_back(d.cnodes);
            }
        }
    }
    CHECK(n == 312);
    std::sort(cnodes.begin(), cnodes.end());
    REQUIRE(cnodes.size() == 311);
    CHECK(cnodes.front() == 104);
    CHECK(cnodes.back() == 414);
    for (std::size_t i = 1; i < cnodes.size(); ++i) {
        CHECK(cnodes[i] - cnodes[i - 1] == 1);
    }
    CHECK(r.coarsest_step == 1);
}

TEST_CASE("rack counts are the same with and without the rack layout") {
    // The optimiser evaluates without U-by-U slots; the count must not change.
    const Scenario s = example("fleet-160k.json");
    const Requirements req = compute_requirements(s, default_catalog_for_tests());
    const OptimizerResult& r = optimized("fleet-160k.json");
    std::size_t i = 0;
    for (const Design& fast : r.all) {
        if (i++ % 7 != 0) {
            continue; // a spread sample keeps the test quick
        }
        const HardwareChoice hw =
            resolve_hardware(default_catalog_for_tests(), fast.cnode_model, fast.dbox_model,
                             fast.drive_size, fast.rack_model, fast.switch_model);
        const Design full =
            build_design("", hw, fast.cnodes, fast.dboxes, req, s.constraints, 1.0, nullptr, true);
        INFO(fast.cnodes << "/" << fast.dboxes << " " << fast.rack_model);
        CHECK(fast.layout.empty());
        CHECK(full.racks == fast.racks);
        CHECK(static_cast<std::int64_t>(full.layout.size()) == full.racks);
    }
}

TEST_CASE("a sweep line longer than the step limit is walked in coarser steps, ends included") {
    // High-density exabyte, 122.88 TB, 42U: the C-node line runs 104..414
    // (311 designs); with at most 10 per line the step is ceil(311 / 10) = 32.
    OptimizerOptions o;
    o.keep_all = true;
    o.max_steps = 10;
    o.racks = {"rack-42u-25kw"};
    const OptimizerResult r =
        optimize(example("high-density-1eb.json"), default_catalog_for_tests(), o);
    // The coarsest line is elsewhere: 15.36 TB drives on the 1U box need
    // ceil(10^18 / 302.6 TB) = 3,305 D-boxes for 1 EB, so C-nodes run from
    // ceil(3,305 / 2) = 1,653 to floor(3,305 × 2.5) = 8,262: 6,610 counts ->
    // a step of ceil(6,610 / 10) = 661.
    CHECK(r.coarsest_step == 661);
    std::vector<std::int64_t> cnodes;
    for (const Design& d : r.all) {
        if (d.dbox_model == "dbox-2u-44-hd" && in(d.drive_size, units::TB) > 100 &&
            d.dboxes == 207) {
            cnodes.push_back(d.cnodes);
        }
    }
    std::sort(cnodes.begin(), cnodes.end());
    REQUIRE(cnodes.size() == 11); // 104, 136, ..., 392, and the knee 414
    CHECK(cnodes.front() == 104);
    CHECK(cnodes[1] == 136);
    CHECK(cnodes.back() == 414);
}

TEST_CASE("min-cost needs a price book and picks the lowest TCO of every feasible design") {
    Scenario s = example("ncp-pod-41k.json");
    OptimizerOptions o;
    o.objective = Objective::min_cost;
    CHECK_THROWS_AS(optimize(s, default_catalog_for_tests(), o), InputError);
    s.prices = test_prices();
    s.constraints.optimize_rack = true;
    o.keep_all = true;
    const OptimizerResult r = optimize(s, default_catalog_for_tests(), o);
    REQUIRE(r.best);
    // The lowest TCO over every evaluated feasible design, found by hand here.
    double lowest = std::numeric_limits<double>::infinity();
    for (const Design& d : r.all) {
        if (d.feasible()) {
            lowest = std::min(lowest, design_cost(d, *s.prices).tco);
        }
    }
    CHECK(design_cost(*r.best, *s.prices).tco == Approx(lowest));
    // Without a book the same scenario's front and best are those of before.
    Scenario plain = example("ncp-pod-41k.json");
    plain.constraints.optimize_rack = true;
    Scenario priced = plain;
    priced.prices = test_prices();
    OptimizerOptions racks;
    const OptimizerResult a = optimize(plain, default_catalog_for_tests(), racks);
    const OptimizerResult b = optimize(priced, default_catalog_for_tests(), racks);
    REQUIRE(a.best);
    REQUIRE(b.best);
    CHECK(a.best->racks == b.best->racks);
    CHECK(a.best->power == b.best->power);
}

namespace {

/// The figures and findings two builds of a design must share.
void same_design(const Design& a, const Design& b) {
    CHECK(a.name == b.name);
    CHECK(a.cnode_model == b.cnode_model);
    CHECK(a.dbox_model == b.dbox_model);
    CHECK(a.rack_model == b.rack_model);
    CHECK(a.drive_size == b.drive_size);
    CHECK(a.cnodes == b.cnodes);
    CHECK(a.dboxes == b.dboxes);
    CHECK(a.racks == b.racks);
    CHECK(a.power == b.power);
    CHECK(a.read == b.read);
    CHECK(a.write == b.write);
    CHECK(a.usable == b.usable);
    REQUIRE(a.findings.size() == b.findings.size());
    for (std::size_t i = 0; i < a.findings.size(); ++i) {
        CHECK(a.findings[i].message() == b.findings[i].message());
    }
    CHECK(a.assumptions.size() == b.assumptions.size());
}

} // namespace

TEST_CASE("the thinned front's members are the designs the sweep built, chosen as thinning the "
          "whole front's designs chooses them") {
    // The optimiser keeps each feasible design's metrics and builds only the
    // members it shows again (issue 34); thin_front over the designs of the
    // whole front is the reference for which, and the kept designs for what.
    const Scenario s = example("fleet-160k.json");
    OptimizerOptions thinned;
    thinned.keep_all = true;
    thinned.front_points = kReadableFrontPoints;
    const OptimizerResult r = optimize(s, default_catalog_for_tests(), thinned);
    OptimizerOptions whole = thinned;
    whole.front_points = 0;
    const OptimizerResult w = optimize(s, default_catalog_for_tests(), whole);
    REQUIRE(w.pareto.size() > kReadableFrontPoints); // a front that needs thinning
    CHECK(w.front_epsilon == 0.0);
    double epsilon = 0.0;
    const std::vector<std::size_t> kept =
        thin_front(w.pareto, kReadableFrontPoints, thinned.objective, epsilon);
    CHECK(epsilon == r.front_epsilon);
    CHECK(epsilon > 0.0);
    REQUIRE(kept.size() == r.pareto.size());
    for (std::size_t i = 0; i < kept.size(); ++i) {
        INFO(r.pareto[i].name);
        same_design(r.pareto[i], w.pareto[kept[i]]);
        // The same design as the sweep evaluated it (unnamed there).
        const auto as_built = std::find_if(r.all.begin(), r.all.end(), [&](const Design& d) {
            return d.cnode_model == r.pareto[i].cnode_model &&
                   d.dbox_model == r.pareto[i].dbox_model &&
                   d.drive_size == r.pareto[i].drive_size &&
                   d.rack_model == r.pareto[i].rack_model && d.cnodes == r.pareto[i].cnodes &&
                   d.dboxes == r.pareto[i].dboxes;
        });
        REQUIRE(as_built != r.all.end());
        Design named = *as_built;
        named.name = r.pareto[i].name;
        named.assumptions = r.pareto[i].assumptions;
        same_design(r.pareto[i], named);
    }
}

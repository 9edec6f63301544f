#include "podsizer/core/errors.hpp"
#include "podsizer/core/units.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace podsizer;

TEST_CASE("binary and decimal prefixes are exact powers of 1024 and 1000") {
    STATIC_REQUIRE(units::KiB.factor == 1024.0);
    STATIC_REQUIRE(units::TiB.factor == 1024.0 * 1024.0 * 1024.0 * 1024.0);
    STATIC_REQUIRE(units::PB.factor == 1e15);
    STATIC_REQUIRE(of<Capacity>(1.0, units::KiB) == of<Capacity>(1024.0, units::B));
}

TEST_CASE("a terabit per second is an eighth of a terabyte per second") {
    // docs/model.md §1: 2.5 Tbps = 312.5 GB/s.
    CHECK(in(parse<Throughput>("2.5 Tbps"), units::GB_per_s) == Approx(312.5));
    CHECK(in(parse<Throughput>("400 Gb/s"), units::GB_per_s) == Approx(50.0));
}

TEST_CASE("quantities with units parse to SI base units") {
    struct Row {
        const char* text;
        Dimension dim;
        double base;
    };
    // Each expected value worked out by hand from the unit's definition.
    const Row rows[] = {
        {"5.4 PB", Dimension::capacity, 5.4e15},
        {"1 EB", Dimension::capacity, 1e18},
        {"1351.7 TB", Dimension::capacity, 1.3517e15},
        {"1,351.7 TB", Dimension::capacity, 1.3517e15},
        {"195.6 PiB", Dimension::capacity, 195.6 * 1125899906842624.0},
        {"1 TiB", Dimension::capacity, 1099511627776.0},
        {"61.44TB", Dimension::capacity, 61.44e12},
        {"  24 GB/s ", Dimension::throughput, 24e9},
        {"2.5 Tbps", Dimension::throughput, 312.5e9},
        {"400 Gb/s", Dimension::throughput, 50e9},
        {"1 GiB/s", Dimension::throughput, 1073741824.0},
        {"800 W", Dimension::power, 800.0},
        {"1.2 MW", Dimension::power, 1.2e6},
        {"25 kW", Dimension::power, 25e3},
        {"5 min", Dimension::duration, 300.0},
        {"90 s", Dimension::duration, 90.0},
        {"24 h", Dimension::duration, 86400.0},
        {"2 U", Dimension::rack_units, 2.0},
        {"1e3 TB", Dimension::capacity, 1e15},
    };
    for (const Row& r : rows) {
        INFO(r.text);
        CHECK(parse_quantity_base(r.text, r.dim) == Approx(r.base).epsilon(1e-12));
    }
}

TEST_CASE("bad quantity strings are input errors that say what was expected") {
    struct Row {
        const char* text;
        Dimension dim;
        const char* says;
    };
    const Row rows[] = {
        {"5.4", Dimension::capacity, "missing unit"},
        {"", Dimension::capacity, "empty"},
        {"PB", Dimension::capacity, "not a number"},
        {"5.4 PBs", Dimension::capacity, "unknown unit"},
        {"2.5 Tbps", Dimension::capacity, "throughput unit \"Tbps\" where a capacity is needed"},
        {"24 GB/s", Dimension::power, "where a power is needed"},
        {"5 PB", Dimension::throughput, "where a throughput is needed"},
        {"5 Tb", Dimension::capacity, "number of bits"},
        {"-5 PB", Dimension::capacity, "must not be negative"},
        {"nan PB", Dimension::capacity, "not a number"},
        {"inf PB", Dimension::capacity, "not a number"},
        {"1e400 PB", Dimension::capacity, "out of range"},
        {"5 pb", Dimension::capacity, "did you mean \"PB\""},
        {"1,35 TB", Dimension::capacity, "not a number"},
    };
    for (const Row& r : rows) {
        INFO(r.text);
        try {
            (void)parse_quantity_base(r.text, r.dim);
            FAIL("expected an InputError for " << r.text);
        } catch (const InputError& e) {
            CHECK_THAT(e.what(), Catch::Contains(r.says));
            CHECK_THAT(e.what(), Catch::Contains(std::string(dimension_example(r.dim))));
        }
    }
}

TEST_CASE("a capacity cannot be added to a throughput") {
    // Compile-time property: the sum has no overload.
    STATIC_REQUIRE_FALSE(std::is_invocable_v<std::plus<>, Capacity, Throughput>);
    STATIC_REQUIRE(std::is_invocable_v<std::plus<>, Capacity, Capacity>);
}

TEST_CASE("capacity over throughput is a duration") {
    const Duration t = parse<Capacity>("25 TB") / parse<Throughput>("1 TB/s");
    CHECK(in(t, units::s) == Approx(25.0));
}

TEST_CASE("formatting picks a readable unit and groups thousands") {
    CHECK(format_number(41472) == "41,472");
    CHECK(format_number(1351.68, 1) == "1,351.7");
    CHECK(format_number(-0.01, 1) == "0.0");
    CHECK(format_number(999999.0) == "999,999");
    CHECK(format(parse<Capacity>("217.87 PB")) == "217.9 PB");
    CHECK(format(parse<Throughput>("10.8 TB/s")) == "10.8 TB/s");
    CHECK(format(parse<Power>("738 kW")) == "738.0 kW");
    CHECK(format(parse<Duration>("90 s"), 0) == "90 s");
    CHECK(format(parse<Duration>("5 min"), 0) == "5 min");
    CHECK(format_in(parse<Throughput>("10.8 TB/s"), units::Tbps, 1) == "86.4 Tbps");
}

TEST_CASE("percentages need their sign") {
    CHECK(parse_percent("5%") == Approx(0.05));
    CHECK(parse_percent(" 10 % ") == Approx(0.10));
    CHECK(parse_percent("-2.5%") == Approx(-0.025));
    CHECK_THROWS_WITH(parse_percent("5"), Catch::Contains("expected a percentage such as \"5%\""));
    CHECK_THROWS_AS(parse_percent("%"), InputError);
    CHECK_THROWS_AS(parse_percent("5 PB"), InputError);
}

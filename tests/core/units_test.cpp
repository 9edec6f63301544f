#include "podsizer/core/errors.hpp"
#include "podsizer/core/units.hpp"

#include <algorithm>
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

// What each of the unit functions accepts, as compile-time questions: a
// requires-expression is false when the call does not compile.
template <class Q, class U> constexpr bool expressible_in = requires(Q q, const U& u) {
    in(q, u);
};
template <class Q, class U> constexpr bool formattable_in = requires(Q q, const U& u) {
    format_in(q, u, 1);
};
template <class Q, class U> constexpr bool made_of = requires(const U& u) {
    of<Q>(1.0, u);
};

TEST_CASE("a quantity is expressed only in a unit of its own dimension") {
    using Gbps = decltype(units::Gbps);
    using PB = decltype(units::PB);
    // A capacity cannot be shown in Gbps, nor a throughput in PB: the call
    // does not compile (REVIEW-3 §5, R9).
    STATIC_REQUIRE_FALSE(expressible_in<Capacity, Gbps>);
    STATIC_REQUIRE_FALSE(formattable_in<Capacity, Gbps>);
    STATIC_REQUIRE_FALSE(made_of<Capacity, Gbps>);
    STATIC_REQUIRE_FALSE(expressible_in<Throughput, PB>);
    STATIC_REQUIRE_FALSE(formattable_in<Power, decltype(units::h)>);
    STATIC_REQUIRE_FALSE(expressible_in<Duration, decltype(units::U)>);
    // The same calls with a unit of the right kind compile.
    STATIC_REQUIRE(expressible_in<Capacity, PB>);
    STATIC_REQUIRE(formattable_in<Capacity, PB>);
    STATIC_REQUIRE(made_of<Capacity, PB>);
    STATIC_REQUIRE(expressible_in<Throughput, Gbps>);
    CHECK(in(of<Throughput>(400.0, units::Gbps), units::GB_per_s) == Approx(50.0));
}

TEST_CASE("every unit of the table is read back from the symbol it is written with") {
    // units.hpp declares each unit once; the parser's spellings are built
    // from those units, so what format_in writes, parse reads.
    const AnyUnit table[] = {
        units::B,         units::kB,        units::MB,       units::GB,       units::TB,
        units::PB,        units::EB,        units::KiB,      units::MiB,      units::GiB,
        units::TiB,       units::PiB,       units::EiB,      units::B_per_s,  units::kB_per_s,
        units::MB_per_s,  units::GB_per_s,  units::TB_per_s, units::PB_per_s, units::MiB_per_s,
        units::GiB_per_s, units::TiB_per_s, units::bps,      units::kbps,     units::Mbps,
        units::Gbps,      units::Tbps,      units::Pbps,     units::W,        units::kW,
        units::MW,        units::GW,        units::ms,       units::s,        units::min,
        units::h,         units::d,         units::U};
    for (const AnyUnit& u : table) {
        INFO(u.symbol);
        CHECK(parse_quantity_base(format_in(3.0 * u.factor, u, 1), u.dimension) ==
              Approx(3.0 * u.factor));
        const auto spellings = all_units();
        CHECK(std::count_if(spellings.begin(), spellings.end(), [&](const AnyUnit& s) {
                  return s.symbol == u.symbol && s.factor == u.factor && s.dimension == u.dimension;
              }) == 1);
    }
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

// Numbers under a desktop locale with a decimal comma. Qt sets the process
// locale from the environment (LANG=de_DE.UTF-8 on a German desktop), so
// every parse and format must ignore it: the same catalog, scenario and
// design figures as under "C" (docs/architecture.md, "Numbers and the locale").
// The locales come from scripts/install-deps.sh (Debian's `locales`).
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/units.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "support/test_paths.hpp"

#include <catch2/catch.hpp>
#include <clocale>
#include <cmath>
#include <cstdio>
#include <string>

using namespace podsizer;

namespace {

/// Switches the whole process to `name` for one scope, as QApplication does.
class ProcessLocale {
public:
    explicit ProcessLocale(const char* name) : previous_(std::setlocale(LC_ALL, nullptr)) {
        ok_ = std::setlocale(LC_ALL, name) != nullptr;
    }
    ~ProcessLocale() { std::setlocale(LC_ALL, previous_.c_str()); }
    ProcessLocale(const ProcessLocale&) = delete;
    ProcessLocale& operator=(const ProcessLocale&) = delete;
    bool ok() const { return ok_; }

private:
    std::string previous_;
    bool ok_ = false;
};

struct Figures {
    double drive = 0.0;
    double link = 0.0;
    std::string numbers;
    std::string table;
    std::string json;
    std::string saved;
};

// Everything a user sees of the reference case, computed under the current locale.
Figures figures() {
    Figures f;
    f.drive = parse<Capacity>("61.44 TB").base();
    f.link = parse<Throughput>("2.5 Tbps").base();
    f.numbers = format_number(1351.68, 1) + " | " + format_in(217.9e15, units::PB, 1) + " | " +
                format_number(41472) + " | " + format_fixed(0.125, 2) + " | " +
                format_shortest(61.44) + " | " + format_shortest(parse_percent("2.5%"));
    const Catalog catalog = default_catalog();
    const Scenario s =
        load_scenario(std::string(PODSIZER_SOURCE_DIR) + "/examples/ncp-pod-41k.json", catalog);
    const SizingResult r = size_scenario(s, catalog);
    f.table = render_sizing(r, Format::table);
    f.json = render_sizing(r, Format::json);
    f.saved = scenario_to_json(s);
    return f;
}

} // namespace

TEST_CASE("numbers, designs and saved scenarios are the same under de_DE and fr_FR as under C",
          "[locale]") {
    Figures c;
    {
        const ProcessLocale locale("C");
        c = figures();
    }
    // Golden figures: the catalog's drive (61.44 TB) and the README table's
    // usable capacity of the reference pod (217.9 PB).
    CHECK(c.drive == 61.44e12);
    CHECK(c.link == 2.5e12 / 8.0);
    CHECK(c.numbers == "1,351.7 | 217.9 PB | 41,472 | 0.12 | 61.44 | 0.025");
    CHECK(c.table.find("217.9") != std::string::npos);
    for (const char* name : {"de_DE.UTF-8", "fr_FR.UTF-8"}) {
        const ProcessLocale locale(name);
        INFO(std::string(name) + " is not installed: scripts/install-deps.sh generates it "
                                 "(Debian package locales)");
        REQUIRE(locale.ok());
        // The C library itself now writes a decimal comma; podsizer must not.
        char probe[16];
        std::snprintf(probe, sizeof probe, "%.1f", 2.5);
        REQUIRE(std::string(probe) == "2,5");
        const Figures here = figures();
        INFO(name);
        CHECK(here.drive == c.drive);
        CHECK(here.link == c.link);
        CHECK(here.numbers == c.numbers);
        CHECK(here.table == c.table);
        CHECK(here.json == c.json);
        CHECK(here.saved == c.saved);
    }
}

TEST_CASE("the number text helpers read and write any double exactly", "[locale]") {
    for (double v : {0.1, 61.44, 217.9e15, 1e22, 5e-324, 1.7976931348623157e308, 123456.789}) {
        CHECK(parse_decimal(format_shortest(v)) == v);
        CHECK(parse_decimal(format_shortest_fixed(v)) == v);
    }
    CHECK(format_shortest(61.44) == "61.44");
    CHECK(format_shortest_fixed(1e22) == "10000000000000000000000");
    CHECK(format_fixed(2.5, 0) == "2"); // half to even, as printf in the C locale
    CHECK(format_fixed(-0.04, 1) == "-0.0");
    CHECK(format_number(-0.04, 1) == "0.0");            // a rounded zero has no sign in a table
    CHECK(format_number(1e300, 0).size() == 301 + 100); // every digit, grouped by three
    CHECK_FALSE(parse_decimal("61,44"));
    CHECK_FALSE(parse_decimal(""));
    CHECK_FALSE(parse_decimal("1e999"));
    const auto n = scan_number("1,351.7 TB");
    REQUIRE(n);
    CHECK(n->value == 1351.7);
    CHECK(n->used == 7);
    CHECK_FALSE(scan_number("1,35 TB"));
    const auto huge = scan_number("1e999 TB");
    REQUIRE(huge);
    CHECK(huge->out_of_range);
    CHECK(huge->value == HUGE_VAL);
    const auto tiny = scan_number("0.001e-400 TB");
    REQUIRE(tiny);
    CHECK(tiny->out_of_range);
    CHECK(tiny->value == 0.0);
}

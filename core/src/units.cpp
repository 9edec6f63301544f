#include "podsizer/core/units.hpp"

#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <fmt/format.h>
#include <locale>
#include <optional>

namespace podsizer {

namespace {

// Accepted spellings. Case matters where it carries meaning: B is a byte, b a
// bit; M is mega (there is no milli-watt or milli-byte in this domain).
constexpr std::array kUnits{
    Unit{"B", 1.0, Dimension::capacity},
    Unit{"kB", 1e3, Dimension::capacity},
    Unit{"KB", 1e3, Dimension::capacity},
    Unit{"MB", 1e6, Dimension::capacity},
    Unit{"GB", 1e9, Dimension::capacity},
    Unit{"TB", 1e12, Dimension::capacity},
    Unit{"PB", 1e15, Dimension::capacity},
    Unit{"EB", 1e18, Dimension::capacity},
    Unit{"KiB", 1024.0, Dimension::capacity},
    Unit{"MiB", 1048576.0, Dimension::capacity},
    Unit{"GiB", 1073741824.0, Dimension::capacity},
    Unit{"TiB", 1099511627776.0, Dimension::capacity},
    Unit{"PiB", 1125899906842624.0, Dimension::capacity},
    Unit{"EiB", 1152921504606846976.0, Dimension::capacity},

    Unit{"B/s", 1.0, Dimension::throughput},
    Unit{"kB/s", 1e3, Dimension::throughput},
    Unit{"KB/s", 1e3, Dimension::throughput},
    Unit{"MB/s", 1e6, Dimension::throughput},
    Unit{"GB/s", 1e9, Dimension::throughput},
    Unit{"TB/s", 1e12, Dimension::throughput},
    Unit{"PB/s", 1e15, Dimension::throughput},
    Unit{"MBps", 1e6, Dimension::throughput},
    Unit{"GBps", 1e9, Dimension::throughput},
    Unit{"TBps", 1e12, Dimension::throughput},
    Unit{"MiB/s", 1048576.0, Dimension::throughput},
    Unit{"GiB/s", 1073741824.0, Dimension::throughput},
    Unit{"TiB/s", 1099511627776.0, Dimension::throughput},
    Unit{"bps", 1.0 / 8.0, Dimension::throughput},
    Unit{"kbps", 1e3 / 8.0, Dimension::throughput},
    Unit{"Kbps", 1e3 / 8.0, Dimension::throughput},
    Unit{"Mbps", 1e6 / 8.0, Dimension::throughput},
    Unit{"Gbps", 1e9 / 8.0, Dimension::throughput},
    Unit{"Tbps", 1e12 / 8.0, Dimension::throughput},
    Unit{"Pbps", 1e15 / 8.0, Dimension::throughput},
    Unit{"b/s", 1.0 / 8.0, Dimension::throughput},
    Unit{"kb/s", 1e3 / 8.0, Dimension::throughput},
    Unit{"Kb/s", 1e3 / 8.0, Dimension::throughput},
    Unit{"Mb/s", 1e6 / 8.0, Dimension::throughput},
    Unit{"Gb/s", 1e9 / 8.0, Dimension::throughput},
    Unit{"Tb/s", 1e12 / 8.0, Dimension::throughput},
    Unit{"Pb/s", 1e15 / 8.0, Dimension::throughput},

    Unit{"W", 1.0, Dimension::power},
    Unit{"kW", 1e3, Dimension::power},
    Unit{"KW", 1e3, Dimension::power},
    Unit{"MW", 1e6, Dimension::power},
    Unit{"GW", 1e9, Dimension::power},

    Unit{"ms", 1e-3, Dimension::duration},
    Unit{"s", 1.0, Dimension::duration},
    Unit{"sec", 1.0, Dimension::duration},
    Unit{"min", 60.0, Dimension::duration},
    Unit{"h", 3600.0, Dimension::duration},
    Unit{"hr", 3600.0, Dimension::duration},
    Unit{"d", 86400.0, Dimension::duration},
    Unit{"day", 86400.0, Dimension::duration},
    Unit{"days", 86400.0, Dimension::duration},

    Unit{"U", 1.0, Dimension::rack_units},
};

// Bit-based capacity symbols are not accepted (a capacity is quoted in bytes);
// they get a pointed hint instead of "unknown unit".
constexpr std::array<std::string_view, 6> kBitCapacities{"kb", "Mb", "Gb", "Tb", "Pb", "Eb"};

[[noreturn]] void fail(std::string_view text, const std::string& why) {
    throw InputError(quoted(text) + ": " + why);
}

std::string expected_phrase(Dimension d) {
    return "expected " + std::string(dimension_name(d)) + " such as " +
           quoted(dimension_example(d));
}

// Thousands separator "," in groups of three and "." as the decimal point,
// the way every table, sheet and message of podsizer writes numbers.
struct Grouping : std::numpunct<char> {
    char do_decimal_point() const override { return '.'; }
    char do_thousands_sep() const override { return ','; }
    std::string do_grouping() const override { return "\3"; }
};

const std::locale& grouping_locale() {
    static const std::locale locale(std::locale::classic(), new Grouping);
    return locale;
}

bool is_space(char c) {
    return c == ' ' || c == '\t';
}

// Reads the leading number of `s` (number_text.hpp: "," groups of three, a
// fraction, an exponent, any locale). Returns the number of characters used
// and the value, or 0 when there is no number.
std::size_t read_number(std::string_view s, double& value) {
    const std::optional<ScannedNumber> n = scan_number(s);
    if (!n) {
        return 0;
    }
    value = n->value;
    return n->used;
}

const Unit* find_unit(std::string_view symbol) {
    for (const Unit& u : kUnits) {
        if (u.symbol == symbol) {
            return &u;
        }
    }
    return nullptr;
}

const Unit* find_unit_ignoring_case(std::string_view symbol, Dimension d) {
    auto lower = [](std::string_view s) {
        std::string out(s);
        for (char& c : out) {
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
        return out;
    };
    const std::string wanted = lower(symbol);
    for (const Unit& u : kUnits) {
        if (u.dimension == d && lower(u.symbol) == wanted) {
            return &u;
        }
    }
    return nullptr;
}

} // namespace

std::string_view dimension_name(Dimension d) {
    switch (d) {
    case Dimension::capacity:
        return "a capacity";
    case Dimension::throughput:
        return "a throughput";
    case Dimension::power:
        return "a power";
    case Dimension::duration:
        return "a duration";
    case Dimension::rack_units:
        return "a rack height";
    }
    return "a quantity";
}

std::string_view dimension_example(Dimension d) {
    switch (d) {
    case Dimension::capacity:
        return "5.4 PB";
    case Dimension::throughput:
        return "24 GB/s";
    case Dimension::power:
        return "800 W";
    case Dimension::duration:
        return "5 min";
    case Dimension::rack_units:
        return "2 U";
    }
    return "";
}

std::span<const Unit> all_units() {
    return kUnits;
}

double parse_quantity_base(std::string_view text, Dimension expected) {
    std::string_view s = text;
    while (!s.empty() && is_space(s.front())) {
        s.remove_prefix(1);
    }
    while (!s.empty() && is_space(s.back())) {
        s.remove_suffix(1);
    }
    if (s.empty()) {
        fail(text, "empty; " + expected_phrase(expected));
    }
    double value = 0.0;
    const std::size_t used = read_number(s, value);
    if (used == 0) {
        fail(text, "not a number with a unit; " + expected_phrase(expected));
    }
    std::string_view rest = s.substr(used);
    while (!rest.empty() && is_space(rest.front())) {
        rest.remove_prefix(1);
    }
    if (rest.empty()) {
        fail(text, "missing unit; " + expected_phrase(expected));
    }
    if (!std::isfinite(value)) {
        fail(text, "the number is out of range; " + expected_phrase(expected));
    }
    if (value < 0) {
        fail(text, "must not be negative; " + expected_phrase(expected));
    }
    const Unit* unit = find_unit(rest);
    if (unit == nullptr) {
        if (expected == Dimension::capacity) {
            for (std::string_view bits : kBitCapacities) {
                if (rest == bits) {
                    fail(text, std::string(bits) +
                                   " is a number of bits; capacities are in bytes (B), e.g. " +
                                   quoted(dimension_example(expected)));
                }
            }
        }
        if (const Unit* near = find_unit_ignoring_case(rest, expected)) {
            fail(text, "unknown unit " + quoted(rest) + " (did you mean " + quoted(near->symbol) +
                           "?); " + expected_phrase(expected));
        }
        fail(text, "unknown unit " + quoted(rest) + "; " + expected_phrase(expected));
    }
    if (unit->dimension != expected) {
        fail(text, std::string(dimension_name(unit->dimension)).substr(2) + " unit " +
                       quoted(unit->symbol) + " where " + std::string(dimension_name(expected)) +
                       " is needed; " + expected_phrase(expected));
    }
    const double base = value * unit->factor;
    if (!std::isfinite(base)) {
        fail(text, "the number is out of range; " + expected_phrase(expected));
    }
    return base;
}

double parse_percent(std::string_view text) {
    std::string_view s = text;
    while (!s.empty() && is_space(s.front())) {
        s.remove_prefix(1);
    }
    while (!s.empty() && is_space(s.back())) {
        s.remove_suffix(1);
    }
    double value = 0.0;
    const std::size_t used = read_number(s, value);
    std::string_view rest = used == 0 ? s : s.substr(used);
    while (!rest.empty() && is_space(rest.front())) {
        rest.remove_prefix(1);
    }
    if (used == 0 || rest != "%" || !std::isfinite(value)) {
        fail(text, "expected a percentage such as \"5%\"");
    }
    return value / 100.0;
}

std::string format_number(double v, int decimals) {
    // The one rule for a figure that is not a number (third red-team round,
    // defect 8: durability printed "inf" nines and "-0"): "∞" reads as what
    // it is (the nines of a zero probability); "n/a" for NaN.
    if (!std::isfinite(v)) {
        return std::isnan(v) ? "n/a" : (v > 0 ? "∞" : "-∞");
    }
    // {fmt}'s "L" groups digits by the locale passed here, never the
    // process's: "," every three digits, "." before the decimals.
    std::string out = fmt::format(grouping_locale(), "{:.{}Lf}", v, std::max(decimals, 0));
    if (out.front() == '-' && out.find_first_of("123456789") == std::string::npos) {
        // "-0.0" reads as a sign error in a table; a rounded zero has no sign.
        out.erase(0, 1);
    }
    return out;
}

std::string format_in(double base_value, const Unit& unit, int decimals) {
    return format_number(base_value / unit.factor, decimals) + " " + std::string(unit.symbol);
}

std::string format_auto(double base_value, Dimension d, int decimals) {
    static constexpr std::array capacity{units::B,  units::kB, units::MB, units::GB,
                                         units::TB, units::PB, units::EB};
    static constexpr std::array throughput{units::B_per_s, units::MB_per_s, units::GB_per_s,
                                           units::TB_per_s};
    static constexpr std::array power{units::W, units::kW, units::MW};
    std::span<const Unit> ladder;
    switch (d) {
    case Dimension::capacity:
        ladder = capacity;
        break;
    case Dimension::throughput:
        ladder = throughput;
        break;
    case Dimension::power:
        ladder = power;
        break;
    case Dimension::duration:
        // Durations switch unit only once the larger one reads naturally
        // (90 s stays "90 s", not "1.5 min").
        if (std::abs(base_value) < 120.0) {
            return format_in(base_value, units::s, decimals);
        }
        if (std::abs(base_value) < 2 * 3600.0) {
            return format_in(base_value, units::min, decimals);
        }
        if (std::abs(base_value) < 2 * 86400.0) {
            return format_in(base_value, units::h, decimals);
        }
        return format_in(base_value, units::d, decimals);
    case Dimension::rack_units:
        return format_in(base_value, units::U, decimals);
    }
    const Unit* best = &ladder.front();
    for (const Unit& u : ladder) {
        if (std::abs(base_value) >= u.factor) {
            best = &u;
        }
    }
    return format_in(base_value, *best, decimals);
}

} // namespace podsizer

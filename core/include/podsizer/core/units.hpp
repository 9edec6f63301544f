// Strong quantity types: one internal representation per kind of quantity.
//
// Every quantity is stored as a double in its SI base unit (bytes, bytes per
// second, watts, seconds, rack units). The display unit is kept apart from the
// value (see `Unit`), so a capacity cannot be added to a throughput and a
// terabit can never be read as a terabyte. The design follows mp-units/Au
// (docs/architecture.md, "Units: a hand-made header"): name the unit where a number leaves the
// type.
//
// A small hand-made header rather than a units library: we need five kinds,
// decimal and binary prefixes, bits vs bytes, and string parsing with clear
// errors; the Debian units packages do not parse "2.5 Tbps" or "1.2 MW".
#pragma once

#include <compare>
#include <span>
#include <string>
#include <string_view>

namespace podsizer {

enum class Dimension { capacity, throughput, power, duration, rack_units };

/// Human name of a dimension, used in error messages ("a capacity").
std::string_view dimension_name(Dimension d);
/// An example of a valid value of the dimension, for error messages.
std::string_view dimension_example(Dimension d);

template <Dimension D> class Quantity {
public:
    static constexpr Dimension dimension = D;

    constexpr Quantity() = default;
    /// Builds a quantity from a value already in the SI base unit.
    static constexpr Quantity from_base(double v) { return Quantity(v); }
    /// The value in the SI base unit (bytes, bytes/s, W, s, U).
    constexpr double base() const { return v_; }

    constexpr Quantity operator+(Quantity o) const { return Quantity(v_ + o.v_); }
    constexpr Quantity operator-(Quantity o) const { return Quantity(v_ - o.v_); }
    constexpr Quantity operator*(double k) const { return Quantity(v_ * k); }
    constexpr Quantity operator/(double k) const { return Quantity(v_ / k); }
    constexpr double operator/(Quantity o) const { return v_ / o.v_; }
    constexpr Quantity& operator+=(Quantity o) {
        v_ += o.v_;
        return *this;
    }
    constexpr Quantity& operator-=(Quantity o) {
        v_ -= o.v_;
        return *this;
    }
    constexpr auto operator<=>(const Quantity&) const = default;

private:
    constexpr explicit Quantity(double v) : v_(v) {}
    double v_ = 0.0;
};

template <Dimension D> constexpr Quantity<D> operator*(double k, Quantity<D> q) {
    return q * k;
}

using Capacity = Quantity<Dimension::capacity>;     ///< bytes
using Throughput = Quantity<Dimension::throughput>; ///< bytes per second
using Power = Quantity<Dimension::power>;           ///< watts
using Duration = Quantity<Dimension::duration>;     ///< seconds
using RackUnits = Quantity<Dimension::rack_units>;  ///< rack units (1U = 44.45 mm)

constexpr Throughput operator/(Capacity c, Duration t) {
    return Throughput::from_base(c.base() / t.base());
}
constexpr Duration operator/(Capacity c, Throughput r) {
    return Duration::from_base(c.base() / r.base());
}
constexpr Capacity operator*(Throughput r, Duration t) {
    return Capacity::from_base(r.base() * t.base());
}

/// A display/input unit of dimension `D`: its symbol and how many base units
/// one of it is. The dimension is part of the type, so a quantity can only be
/// expressed in a unit of its own kind: `in(capacity, units::Gbps)` does not
/// compile (tests/core/units_test.cpp shows it).
template <Dimension D> struct Unit {
    static constexpr Dimension dimension = D;
    std::string_view symbol;
    double factor; ///< base units per one of this unit
};

/// A unit whose dimension is known only at run time: the parser's table of
/// spellings and tables that mix dimensions. Made from a typed unit (the one
/// place its factor is written), optionally under another spelling.
struct AnyUnit {
    std::string_view symbol;
    double factor;
    Dimension dimension;

    template <Dimension D>
    constexpr AnyUnit(const Unit<D>& u) // NOLINT(google-explicit-constructor): a view of `u`
        : symbol(u.symbol), factor(u.factor), dimension(D) {}
    /// `u` under another spelling the parser accepts ("KB" for kB).
    template <Dimension D>
    constexpr AnyUnit(std::string_view spelling, const Unit<D>& u)
        : symbol(spelling), factor(u.factor), dimension(D) {}
};

namespace units {
// The one table of units: every unit podsizer reads or writes, each factor
// written once. Decimal prefixes are powers of 1000; KiB..EiB powers of 1024.
// Bits are 1/8 byte: 2.5 Tbps = 2.5e12 / 8 B/s = 312.5 GB/s.
using CapacityUnit = Unit<Dimension::capacity>;
using ThroughputUnit = Unit<Dimension::throughput>;
using PowerUnit = Unit<Dimension::power>;
using DurationUnit = Unit<Dimension::duration>;
using HeightUnit = Unit<Dimension::rack_units>;

inline constexpr CapacityUnit B{"B", 1.0};
inline constexpr CapacityUnit kB{"kB", 1e3};
inline constexpr CapacityUnit MB{"MB", 1e6};
inline constexpr CapacityUnit GB{"GB", 1e9};
inline constexpr CapacityUnit TB{"TB", 1e12};
inline constexpr CapacityUnit PB{"PB", 1e15};
inline constexpr CapacityUnit EB{"EB", 1e18};
inline constexpr CapacityUnit KiB{"KiB", 1024.0};
inline constexpr CapacityUnit MiB{"MiB", 1048576.0};
inline constexpr CapacityUnit GiB{"GiB", 1073741824.0};
inline constexpr CapacityUnit TiB{"TiB", 1099511627776.0};
inline constexpr CapacityUnit PiB{"PiB", 1125899906842624.0};
inline constexpr CapacityUnit EiB{"EiB", 1152921504606846976.0};

inline constexpr ThroughputUnit B_per_s{"B/s", 1.0};
inline constexpr ThroughputUnit kB_per_s{"kB/s", 1e3};
inline constexpr ThroughputUnit MB_per_s{"MB/s", 1e6};
inline constexpr ThroughputUnit GB_per_s{"GB/s", 1e9};
inline constexpr ThroughputUnit TB_per_s{"TB/s", 1e12};
inline constexpr ThroughputUnit PB_per_s{"PB/s", 1e15};
inline constexpr ThroughputUnit MiB_per_s{"MiB/s", 1048576.0};
inline constexpr ThroughputUnit GiB_per_s{"GiB/s", 1073741824.0};
inline constexpr ThroughputUnit TiB_per_s{"TiB/s", 1099511627776.0};
inline constexpr ThroughputUnit bps{"bps", 1.0 / 8.0};
inline constexpr ThroughputUnit kbps{"kbps", 1e3 / 8.0};
inline constexpr ThroughputUnit Mbps{"Mbps", 1e6 / 8.0};
inline constexpr ThroughputUnit Gbps{"Gbps", 1e9 / 8.0};
inline constexpr ThroughputUnit Tbps{"Tbps", 1e12 / 8.0};
inline constexpr ThroughputUnit Pbps{"Pbps", 1e15 / 8.0};

inline constexpr PowerUnit W{"W", 1.0};
inline constexpr PowerUnit kW{"kW", 1e3};
inline constexpr PowerUnit MW{"MW", 1e6};
inline constexpr PowerUnit GW{"GW", 1e9};

inline constexpr DurationUnit ms{"ms", 1e-3};
inline constexpr DurationUnit s{"s", 1.0};
inline constexpr DurationUnit min{"min", 60.0};
inline constexpr DurationUnit h{"h", 3600.0};
inline constexpr DurationUnit d{"d", 86400.0};

inline constexpr HeightUnit U{"U", 1.0};
} // namespace units

/// The value of `q` expressed in `unit`, a unit of the same dimension.
template <Dimension D> constexpr double in(Quantity<D> q, const Unit<D>& unit) {
    return q.base() / unit.factor;
}
/// Builds a quantity from a number in a named unit: `of<Capacity>(5.4, units::PB)`.
template <class Q> constexpr Q of(double v, const Unit<Q::dimension>& unit) {
    return Q::from_base(v * unit.factor);
}

/// Every unit the parser accepts, with the symbols it accepts for it.
std::span<const AnyUnit> all_units();

/// Parses "5.4 PB", "2.5 Tbps", "1,351.7 TB", "5 min", "90 s". The text must
/// carry a unit of dimension `expected`; a bare number, an unknown unit, a unit
/// of another kind, or a non-finite number is a `QuantityError`.
double parse_quantity_base(std::string_view text, Dimension expected);

template <class Q> Q parse(std::string_view text) {
    return Q::from_base(parse_quantity_base(text, Q::dimension));
}

/// Parses a percentage written with its sign ("5%", "10 %", "2.5%") into a
/// fraction (0.05). A bare number is an InputError: "5" could mean 5 % or 500 %.
double parse_percent(std::string_view text);

/// Formats in the given unit: format_in(c, units::PB, 1) == "217.9 PB".
std::string format_in(double base_value, const AnyUnit& unit, int decimals);
template <Dimension D> std::string format_in(Quantity<D> q, const Unit<D>& unit, int decimals) {
    return format_in(q.base(), unit, decimals);
}

/// Formats with the largest decimal unit that keeps the number >= 1
/// ("215.3 PB", "10.8 TB/s", "738.0 kW", "5 min" style), `decimals` after the point.
std::string format_auto(double base_value, Dimension d, int decimals = 1);
template <Dimension D> std::string format(Quantity<D> q, int decimals = 1) {
    return format_auto(q.base(), D, decimals);
}

/// A number with thousands separators: 41472 -> "41,472"; 1351.68 (1) -> "1,351.7".
/// `v` with `decimals` decimals and "," thousands separators, never "-0"; a
/// value that is not finite is "∞", "-∞" or "n/a" (NaN), never "inf".
std::string format_number(double v, int decimals = 0);

/// format_number, but a figure that is not zero never reads as zero: where
/// `decimals` would round it to 0 it gets `significant` significant digits
/// (0.004 with 1 decimal is "0.004"), in the exponent form beyond 12
/// decimals ("1e-300" is "1e-300").
std::string format_significant(double v, int decimals, int significant = 1);

} // namespace podsizer

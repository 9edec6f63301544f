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

/// A display/input unit: its symbol and how many base units one of it is.
struct Unit {
    std::string_view symbol;
    double factor; ///< base units per one of this unit
    Dimension dimension;
};

namespace units {
// Decimal prefixes are powers of 1000; TiB/PiB powers of 1024. Bits are 1/8 byte:
// 2.5 Tbps = 2.5e12 / 8 B/s = 312.5 GB/s.
inline constexpr Unit B{"B", 1.0, Dimension::capacity};
inline constexpr Unit kB{"kB", 1e3, Dimension::capacity};
inline constexpr Unit MB{"MB", 1e6, Dimension::capacity};
inline constexpr Unit GB{"GB", 1e9, Dimension::capacity};
inline constexpr Unit TB{"TB", 1e12, Dimension::capacity};
inline constexpr Unit PB{"PB", 1e15, Dimension::capacity};
inline constexpr Unit EB{"EB", 1e18, Dimension::capacity};
inline constexpr Unit KiB{"KiB", 1024.0, Dimension::capacity};
inline constexpr Unit MiB{"MiB", 1048576.0, Dimension::capacity};
inline constexpr Unit GiB{"GiB", 1073741824.0, Dimension::capacity};
inline constexpr Unit TiB{"TiB", 1099511627776.0, Dimension::capacity};
inline constexpr Unit PiB{"PiB", 1125899906842624.0, Dimension::capacity};
inline constexpr Unit EiB{"EiB", 1152921504606846976.0, Dimension::capacity};

inline constexpr Unit B_per_s{"B/s", 1.0, Dimension::throughput};
inline constexpr Unit MB_per_s{"MB/s", 1e6, Dimension::throughput};
inline constexpr Unit GB_per_s{"GB/s", 1e9, Dimension::throughput};
inline constexpr Unit TB_per_s{"TB/s", 1e12, Dimension::throughput};
inline constexpr Unit Gbps{"Gbps", 1e9 / 8.0, Dimension::throughput};
inline constexpr Unit Tbps{"Tbps", 1e12 / 8.0, Dimension::throughput};

inline constexpr Unit W{"W", 1.0, Dimension::power};
inline constexpr Unit kW{"kW", 1e3, Dimension::power};
inline constexpr Unit MW{"MW", 1e6, Dimension::power};

inline constexpr Unit s{"s", 1.0, Dimension::duration};
inline constexpr Unit min{"min", 60.0, Dimension::duration};
inline constexpr Unit h{"h", 3600.0, Dimension::duration};
inline constexpr Unit d{"d", 86400.0, Dimension::duration};

inline constexpr Unit U{"U", 1.0, Dimension::rack_units};
} // namespace units

/// The value of `q` expressed in `unit` (which must be of the same dimension).
template <Dimension D> constexpr double in(Quantity<D> q, const Unit& unit) {
    return q.base() / unit.factor;
}
/// Builds a quantity from a number in a named unit: `of<Capacity>(5.4, units::PB)`.
template <class Q> constexpr Q of(double v, const Unit& unit) {
    return Q::from_base(v * unit.factor);
}

/// Every unit the parser accepts, with the symbols it accepts for it.
std::span<const Unit> all_units();

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
std::string format_in(double base_value, const Unit& unit, int decimals);
template <Dimension D> std::string format_in(Quantity<D> q, const Unit& unit, int decimals) {
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

} // namespace podsizer

// Numbers to and from text, whatever the process locale says.
//
// A desktop with a decimal comma (de_DE, fr_FR, ...) makes the C library read
// "61.44" as 61 and printf write "217,9"; Qt sets the process locale from the
// environment, so every number podsizer reads or writes goes through these
// functions, built on std::from_chars / std::to_chars and {fmt}, which never
// consult the locale (docs/architecture.md, "Numbers and the locale").
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace podsizer {

/// A number read from the front of a text.
struct ScannedNumber {
    double value = 0.0;   ///< ±inf when the text overflows a double, 0 when it underflows
    std::size_t used = 0; ///< characters taken from the text
    bool out_of_range = false;
};

/// Reads the leading number of `text`: an optional sign (when `signed_ok`),
/// digits with optional "," thousands separators in groups of three
/// ("1,351.7"), an optional fraction and exponent. nullopt when the text does
/// not start with a number or its digit groups are malformed ("1,35").
std::optional<ScannedNumber> scan_number(std::string_view text, bool signed_ok = true);

/// The whole of `text` as a plain decimal number ("61.44", "-3", "1e6"): no
/// separators, no spaces, finite. nullopt otherwise.
std::optional<double> parse_decimal(std::string_view text);

/// The largest count any input takes, from a file, a flag or the GUI: counts
/// beyond it are not devices anyone will buy, and they would lose integer
/// precision in the doubles downstream.
inline constexpr std::int64_t kMaxCount = 1'000'000'000'000'000;

/// The one reading of a count written as text (a flag, a `--vary` value): a
/// plain decimal as in a JSON file, so "4.5e2" is 450 and "2e12" is 2 × 10^12,
/// whole, from `min` to `max`. Throws InputError (no location) otherwise:
/// "2.5" is not a whole number, "ten" not a number. `size --gpus 2e12` and
/// "gpus": 2e12 in a file get the same answer (REVIEW-3 part C, R4: the
/// flag stopped at 10^12, the file at 10^15).
std::int64_t parse_count_text(std::string_view text, std::int64_t min = 1,
                              std::int64_t max = kMaxCount);

/// The shortest text that reads back to exactly `v` ("61.44", "0.1",
/// "1e+22"); "0" for -0 too; "nan", "inf", "-inf" for non-finite values
/// (machine text: the reports write those as JSON null or an empty field).
std::string format_shortest(double v);

/// The shortest fixed-point text (no exponent) that reads back to exactly `v`.
std::string format_shortest_fixed(double v);

/// `v` with exactly `decimals` decimals, no separators ("217.9"); rounded
/// half to even on exact ties, as printf in the C locale.
std::string format_fixed(double v, int decimals);

} // namespace podsizer

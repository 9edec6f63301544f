#include "podsizer/core/number_text.hpp"

#include "podsizer/core/errors.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <string>

namespace podsizer {

namespace {

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// Digits with optional "," groups of three; appends the digits to `clean`.
// Returns false on a malformed group ("1,35", "1,3456").
bool scan_integer_part(std::string_view s, std::size_t& i, std::string& clean,
                       std::size_t& digits) {
    std::size_t group = 0;
    bool grouped = false;
    while (i < s.size()) {
        const char c = s[i];
        if (is_digit(c)) {
            clean += c;
            ++digits;
            ++group;
            ++i;
        } else if (c == ',' && digits > 0 && (grouped ? group == 3 : group <= 3) &&
                   i + 1 < s.size() && is_digit(s[i + 1])) {
            grouped = true;
            group = 0;
            ++i;
        } else {
            break;
        }
    }
    return !grouped || group == 3;
}

// An exponent ("e6", "E-3") if one follows with at least one digit.
void scan_exponent(std::string_view s, std::size_t& i, std::string& clean) {
    if (i + 1 >= s.size() || (s[i] != 'e' && s[i] != 'E')) {
        return;
    }
    std::size_t j = i + 1;
    std::string exp = "e";
    if (s[j] == '+' || s[j] == '-') {
        exp += s[j++];
    }
    const std::size_t first = j;
    while (j < s.size() && is_digit(s[j])) {
        exp += s[j++];
    }
    if (j > first) {
        clean += exp;
        i = j;
    }
}

// from_chars leaves the value alone when it is out of range; decide from the
// digits whether the text was too large (±inf) or too small (0), as the C
// library's reader did.
double out_of_range_value(std::string_view clean) {
    const bool negative = !clean.empty() && clean.front() == '-';
    long exponent = 0;
    const std::size_t e = clean.find('e');
    if (e != std::string_view::npos) {
        long parsed = 0;
        std::string_view digits = clean.substr(e + 1);
        const bool neg_exp = !digits.empty() && digits.front() == '-';
        if (!digits.empty() && (digits.front() == '-' || digits.front() == '+')) {
            digits.remove_prefix(1);
        }
        const auto r = std::from_chars(digits.data(), digits.data() + digits.size(), parsed);
        // Any exponent beyond ±100,000 decides the answer alone; clamped so
        // that adding the digits' magnitude cannot overflow (fuzz_quantity
        // found "1e9223372036854775807Gb/s").
        exponent = r.ec == std::errc() ? std::clamp(parsed, -100000L, 100000L) : 100000L;
        exponent = neg_exp ? -exponent : exponent;
    }
    // The position of the first significant digit relative to the point.
    std::string_view mantissa = clean.substr(0, e);
    const std::size_t point = mantissa.find('.');
    const std::size_t int_end = point == std::string_view::npos ? mantissa.size() : point;
    long magnitude = 0;
    bool found = false;
    for (std::size_t k = 0; k < mantissa.size() && !found; ++k) {
        if (is_digit(mantissa[k]) && mantissa[k] != '0') {
            found = true;
            magnitude =
                k < int_end ? static_cast<long>(int_end - k) : -static_cast<long>(k - int_end) + 1;
        }
    }
    if (!found || magnitude + exponent <= 0) {
        return negative ? -0.0 : 0.0;
    }
    return negative ? -HUGE_VAL : HUGE_VAL;
}

} // namespace

std::optional<ScannedNumber> scan_number(std::string_view s, bool signed_ok) {
    std::size_t i = 0;
    std::string clean;
    if (signed_ok && i < s.size() && (s[i] == '+' || s[i] == '-')) {
        if (s[i] == '-') {
            clean += '-';
        }
        ++i;
    }
    std::size_t digits = 0;
    if (!scan_integer_part(s, i, clean, digits)) {
        return std::nullopt;
    }
    if (i < s.size() && s[i] == '.') {
        clean += '.';
        ++i;
        while (i < s.size() && is_digit(s[i])) {
            clean += s[i++];
            ++digits;
        }
    }
    if (digits == 0) {
        return std::nullopt;
    }
    scan_exponent(s, i, clean);
    ScannedNumber n;
    n.used = i;
    const auto r = std::from_chars(clean.data(), clean.data() + clean.size(), n.value);
    if (r.ec == std::errc::result_out_of_range) {
        n.out_of_range = true;
        n.value = out_of_range_value(clean);
    } else if (r.ec != std::errc() || r.ptr != clean.data() + clean.size()) {
        return std::nullopt;
    }
    return n;
}

std::optional<double> parse_decimal(std::string_view text) {
    double v = 0.0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || r.ec != std::errc() || r.ptr != text.data() + text.size() ||
        !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

namespace {

/// "1 to 10^15", "2 to 1,000": the range of a count in a message.
std::string format_count_range(std::int64_t min, std::int64_t max) {
    auto text = [](std::int64_t n) {
        if (n == kMaxCount) {
            return std::string("10^15");
        }
        char buf[24];
        const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, n);
        std::string digits(buf, end);
        for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) {
            digits.insert(static_cast<std::size_t>(at), ",");
        }
        return digits;
    };
    return text(min) + " to " + text(max);
}

} // namespace

std::int64_t parse_count_text(std::string_view text, std::int64_t min, std::int64_t max) {
    const std::string shown = "\"" + std::string(text) + "\"";
    const std::string range = format_count_range(min, max);
    const std::optional<double> v = parse_decimal(text);
    if (!v) {
        throw InputError(shown + " is not a number; expected a whole number from " + range);
    }
    if (*v != std::floor(*v)) {
        throw InputError(shown + " is not a whole number; expected a whole number from " + range);
    }
    if (*v < static_cast<double>(min) || *v > static_cast<double>(max)) {
        throw InputError(std::string(text) + " is out of range; expected a whole number from " +
                         range);
    }
    return static_cast<std::int64_t>(*v);
}

std::string format_shortest(double v) {
    if (v == 0.0) {
        return "0"; // -0.0 as well: a sign on zero reads as an error (defect 8)
    }
    // 32 characters hold any shortest double ("-2.2250738585072014e-308").
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string format_shortest_fixed(double v) {
    if (!std::isfinite(v)) {
        return format_shortest(v);
    }
    // A fixed-point double can need 309 integer digits plus 767 decimals.
    std::string out(1100, '\0');
    const auto r = std::to_chars(out.data(), out.data() + out.size(), v, std::chars_format::fixed);
    out.resize(static_cast<std::size_t>(r.ptr - out.data()));
    return out;
}

std::string format_fixed(double v, int decimals) {
    return fmt::format("{:.{}f}", v, decimals < 0 ? 0 : decimals);
}

} // namespace podsizer

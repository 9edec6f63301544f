#include "podsizer/core/text.hpp"

#include "podsizer/core/units.hpp"

namespace podsizer {

std::string quoted(std::string_view s) {
    return "\"" + std::string(s) + "\"";
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
        s.remove_suffix(1);
    }
    return s;
}

std::string percent_text(double fraction, int decimals) {
    std::string s = format_number(fraction * 100.0, decimals);
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) {
        s.resize(s.size() - 2); // "5 %", not "5.0 %"
    }
    return s + " %";
}

} // namespace podsizer

// Small text helpers every layer writes messages and cells with: one
// definition each (quoting a user's text, trimming, percentages).
#pragma once

#include <string>
#include <string_view>

namespace podsizer {

/// `s` in double quotes, as messages cite a user's text: "61.44 tb".
std::string quoted(std::string_view s);

/// `s` without leading and trailing spaces and tabs.
std::string_view trim(std::string_view s);

/// A fraction as a percentage with at most `decimals` decimals and no
/// trailing ".0": 0.05 -> "5 %", 0.025 -> "2.5 %", 0.129 (0) -> "13 %".
std::string percent_text(double fraction, int decimals = 1);

} // namespace podsizer

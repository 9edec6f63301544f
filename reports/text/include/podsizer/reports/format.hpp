// Output formats shared by every report.
#pragma once

#include "podsizer/core/enum_names.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace podsizer {

enum class Format {
#define ENUM_NAME(value, spelling, ...) value,
#include "podsizer/reports/format.def"
};
inline constexpr auto kFormatNames = enum_names<Format>({
#define ENUM_NAME(value, spelling, ...) {Format::value, spelling},
#include "podsizer/reports/format.def"
});

std::optional<Format> format_from_string(std::string_view s);
std::string_view to_string(Format f);

} // namespace podsizer

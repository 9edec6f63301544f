// Output formats shared by every report.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace podsizer {

enum class Format { table, json, csv, md };

std::optional<Format> format_from_string(std::string_view s);
std::string_view to_string(Format f);

} // namespace podsizer

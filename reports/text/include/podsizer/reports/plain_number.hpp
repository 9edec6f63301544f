// A number for machines, shared by the JSON and CSV reports and the
// workbook's formula literals: no thousands separators, trailing zeros
// trimmed, never the locale (report_json.cpp).
#pragma once

#include <string>

namespace podsizer::detail {

/// A number for machines: no thousands separators, trailing zeros trimmed.
std::string plain(double v, int decimals);

} // namespace podsizer::detail

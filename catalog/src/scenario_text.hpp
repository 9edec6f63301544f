// Exact texts of scenario values, shared by the writer and the field rules.
// Private to podsizer::catalog.
#pragma once

#include <string>

namespace podsizer {

/// The shortest "N%" text parse_percent reads back to exactly `fraction`.
std::string exact_percent_text(double fraction);

} // namespace podsizer

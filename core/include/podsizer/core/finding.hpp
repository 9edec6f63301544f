// What the engine noticed about a valid design or its resilience: data, not
// exceptions (docs/model.md §11).
#pragma once

#include <string>
#include <string_view>

namespace podsizer {

enum class Severity { info, warning, error };
std::string_view to_string(Severity s);

/// Something the engine noticed about a valid design (docs/model.md §11). Findings
/// are data, not exceptions: an error finding means a requirement or
/// constraint is not met (CLI exit 1), not that the input was bad.
struct Finding {
    Severity severity = Severity::info;
    std::string code; ///< stable identifier for scripts, e.g. "read-short"
    std::string message;
};

} // namespace podsizer

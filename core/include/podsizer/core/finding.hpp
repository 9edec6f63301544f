// What the engine noticed about a valid design or its resilience: data, not
// exceptions (docs/model.md §11).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace podsizer {

enum class Severity { info, warning, error };
std::string_view to_string(Severity s);

/// Every finding the engine can report, declared once in findings.def (one row
/// each: code, severity, doc anchor).
enum class FindingCode : std::uint8_t {
#define FINDING(id, code, severity, anchor) id,
#include "podsizer/core/findings.def"
#undef FINDING
};

/// One row of findings.def.
struct FindingKind {
    FindingCode code;
    std::string_view name;   ///< stable identifier for scripts, e.g. "read-short"
    Severity severity;       ///< the same for every finding of the code
    std::string_view anchor; ///< heading anchor in docs/model.md that documents it
};

/// Every row of findings.def, in its order.
std::span<const FindingKind> finding_kinds();
const FindingKind& kind_of(FindingCode c);
/// The code as scripts see it: "read-short".
std::string_view to_string(FindingCode c);

/// Something the engine noticed about a valid design (docs/model.md §11). Findings
/// are data, not exceptions: an error finding means a requirement or
/// constraint is not met (CLI exit 1), not that the input was bad.
///
/// The code says what, and its row in findings.def how severe; the message
/// carries the figures.
struct Finding {
    Finding() = default;
    Finding(FindingCode c, std::string text) : code(c), message(std::move(text)) {}

    FindingCode code = FindingCode::partial_su;
    std::string message;

    Severity severity() const { return kind_of(code).severity; }
    std::string_view name() const { return to_string(code); }
};

} // namespace podsizer

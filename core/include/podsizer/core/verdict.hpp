// One requirement set, one verdict (docs/model.md §15): everything a design is
// checked against, each check with its need, what the design delivers, the
// state it was checked in and its result, and the status they add up to.
// Computed once per design; every command and view prints this, never a
// verdict of its own.
#pragma once

#include "podsizer/core/enum_names.hpp"
#include "podsizer/core/failure_state.hpp"
#include "podsizer/core/finding.hpp"
#include "podsizer/core/units.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace podsizer {

struct Design;

/// Which outage a layout must keep serving data through (availability).
enum class Outage {
#define ENUM_NAME(value, spelling, ...) value,
#include "podsizer/core/outage.def"
};
inline constexpr auto kOutageNames = enum_names<Outage>({
#define ENUM_NAME(value, spelling, ...) {Outage::value, spelling},
#include "podsizer/core/outage.def"
});
constexpr std::string_view to_string(Outage o) {
    return kOutageNames.name(o);
}
/// What constraints.availability accepts: "auto" (the vendor's default
/// layout rule) or an outage, by outage.def's spellings.
inline constexpr std::string_view kAvailabilityChoices[] = {
    "auto",
#define ENUM_NAME(value, spelling, ...) spelling,
#include "podsizer/core/outage.def"
};
/// For people: "none", "one D-box", "one rack" (outage.def's words).
constexpr std::string_view outage_words(Outage o) {
    switch (o) {
#define ENUM_NAME(value, spelling, words)                                                          \
    case Outage::value:                                                                            \
        return words;
#include "podsizer/core/outage.def"
    }
    return {};
}

/// What one check concluded (check_result.def).
enum class CheckResult : std::uint8_t {
#define ENUM_NAME(value, spelling, ...) value,
#include "podsizer/core/check_result.def"
};
inline constexpr auto kCheckResultNames = enum_names<CheckResult>({
#define ENUM_NAME(value, spelling, ...) {CheckResult::value, spelling},
#include "podsizer/core/check_result.def"
});
constexpr std::string_view to_string(CheckResult r) {
    return kCheckResultNames.name(r);
}

/// What a check compares (check_kind.def).
enum class CheckKind : std::uint8_t {
#define ENUM_NAME(value, spelling, ...) value,
#include "podsizer/core/check_kind.def"
};
inline constexpr auto kCheckKindNames = enum_names<CheckKind>({
#define ENUM_NAME(value, spelling, ...) {CheckKind::value, spelling},
#include "podsizer/core/check_kind.def"
});
constexpr std::string_view to_string(CheckKind k) {
    return kCheckKindNames.name(k);
}

struct Check {
    CheckKind kind = CheckKind::read;
    CheckResult result = CheckResult::pass;
    SizeFor state = SizeFor::intact; ///< read and write: the state checked
    double need = 0.0;               ///< in unit(): TB/s, PB, nines; availability: an Outage
    double delivered = 0.0;
    /// constraint checks: the finding that failed (its message is the detail).
    FindingCode code = FindingCode::too_large;
};

/// The overall status (docs/model.md §15; verdict_status.def).
enum class VerdictStatus : std::uint8_t {
#define ENUM_NAME(value, spelling, ...) value,
#include "podsizer/core/verdict_status.def"
};
inline constexpr auto kVerdictStatusNames = enum_names<VerdictStatus>({
#define ENUM_NAME(value, spelling, ...) {VerdictStatus::value, spelling},
#include "podsizer/core/verdict_status.def"
});
constexpr std::string_view to_string(VerdictStatus s) {
    return kVerdictStatusNames.name(s);
}

struct Verdict {
    VerdictStatus status = VerdictStatus::meets;
    std::vector<Check> checks;
    /// ρ, the rebuild share the failure states were judged at: printed in
    /// the sentence beside the degraded figures it sets.
    double rebuild_share = 0.0;
    /// The first failing (or not sized) check, when there is one.
    const Check* first_failing() const;
};

/// The unit a check's figures are in ("TB/s", "PB", "nines", "").
std::string_view check_unit(CheckKind k);
/// Decimals every output prints a check's figures with (one rule a figure).
int check_decimals(CheckKind k);

/// A delivered figure and its need as text, rounded so that the text never
/// contradicts the result: a short figure never prints equal to (or above)
/// its need, a met one never below it (more decimals where needed).
struct CheckFigures {
    std::string delivered;
    std::string need;
};
CheckFigures check_figures(const Check& c);
/// "read, one D-box down: 9.67 of 10.80 TB/s" / "availability: tolerates none, needs one D-box".
std::string check_text(const Check& c);
/// The status as scripts see it: "meets", "capacity only", "short".
std::string verdict_word(const Verdict& v);
/// The verdict in one table cell: "meets", "capacity only", "short: read, one D-box down".
std::string verdict_cell_text(const Verdict& v);
/// One plain sentence, e.g. "Meets the need intact; with one D-box down read
/// falls to 9.67 of 10.80 TB/s."
std::string verdict_sentence(const Verdict& v, const Design& d);

/// A read or write check: `need` and `got` in TB/s; `sized`: the need has a
/// basis; `applies`: the design serves GPUs (docs/model.md §15).
Check throughput_check(CheckKind kind, SizeFor state, double need, double got, bool sized,
                       bool applies);
/// The usable capacity against its need; not applicable without one.
Check capacity_check(Capacity need, Capacity got);
/// The status the checks add up to: short, capacity only or meets.
VerdictStatus status_of(const std::vector<Check>& checks);

/// Judges `d` against its requirement set: its requirements, size_for,
/// headroom, availability and durability targets and its error findings. ρ
/// is the rebuild share the failure state is evaluated at.
Verdict judge(const Design& d, double rho);

} // namespace podsizer

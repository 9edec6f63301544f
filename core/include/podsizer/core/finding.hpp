// What the engine noticed about a valid design or its resilience: data, not
// exceptions (docs/model.md §11).
#pragma once

#include "podsizer/core/units.hpp"

#include <cstdint>
#include <fmt/format.h>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

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

/// One figure of a finding, kept as a value until the message is shown: an
/// optimiser or a sweep evaluates thousands of designs whose findings are
/// only counted or listed by code (docs/performance.md, issue 34). Made by
/// the functions of namespace `figure` below; `text()` is what the message
/// shows, formatted as the reports format numbers (no locale).
struct FindingFigure {
    enum class Kind : std::uint8_t { text, count, grouped, number, quantity, percent, probability };
    Kind kind = Kind::text;
    int decimals = 0;
    double value = 0.0; ///< quantity: in base units; percent: a fraction
    std::int64_t count = 0;
    AnyUnit unit{units::TB}; ///< quantity only
    std::string words{};     ///< text only

    std::string text() const;
};

/// The figures a finding's message is made of.
namespace figure {
/// Words as they are: an id, a name, a phrase chosen by the rule.
FindingFigure text(std::string words);
/// A count without separators: "1234" (std::to_string's text).
FindingFigure count(std::int64_t n);
/// A count with thousands separators: "1,234" (format_number).
FindingFigure grouped(std::int64_t n);
/// A number with `decimals` decimals and separators (format_number).
FindingFigure number(double v, int decimals);
/// A quantity in a unit: "217.9 PB" (format_in).
FindingFigure quantity(double base_value, const AnyUnit& unit, int decimals);
template <Dimension D> FindingFigure in(Quantity<D> q, const Unit<D>& unit, int decimals) {
    return quantity(q.base(), unit, decimals);
}
/// A fraction as a percentage: "5 %", "2.5 %" (percent_text).
FindingFigure percent(double fraction, int decimals);
/// A probability in scientific notation with one decimal: "1.7e-03".
FindingFigure probability(double p);
} // namespace figure

} // namespace podsizer

/// Lets {fmt} check a finding's template against its figures when compiled.
template <> struct fmt::formatter<podsizer::FindingFigure> {
    constexpr auto parse(fmt::format_parse_context& ctx) { return ctx.begin(); }
    template <class Context> auto format(const podsizer::FindingFigure& f, Context& ctx) const {
        const std::string t = f.text();
        return std::copy(t.begin(), t.end(), ctx.out());
    }
};

namespace podsizer {

/// Something the engine noticed about a valid design (docs/model.md §11). Findings
/// are data, not exceptions: an error finding means a requirement or
/// constraint is not met (CLI exit 1), not that the input was bad.
///
/// The code says what, and its row in findings.def how severe; the message
/// is a {fmt} template and its figures, made into text only by message(),
/// when a report shows it.
struct Finding {
    Finding() = default;
    /// A message already made (findings reported once, not per design).
    Finding(FindingCode c, std::string text) : code(c), figures_{figure::text(std::move(text))} {}
    /// A template checked against its figures when compiled: every argument
    /// is a FindingFigure.
    template <class... Figures>
    Finding(FindingCode c, fmt::format_string<Figures...> text, Figures&&... figures)
        : code(c), template_(view(text)), figures_{std::forward<Figures>(figures)...} {
        static_assert((std::is_same_v<std::remove_cvref_t<Figures>, FindingFigure> && ...),
                      "a finding's figures are FindingFigure (namespace figure)");
    }

    /// The same finding with the operator's hint: which scenario field or flag
    /// changes it, kept apart from the message, which says what the finding
    /// means for the system (issue 51). Customer pages (the PDF, the
    /// workbook) print the message alone; the CLI, JSON and the GUI print
    /// both. `hint` is a string literal; it may show the figures by index
    /// ("raise max_racks to {5}").
    Finding with_hint(std::string_view hint) && {
        hint_ = hint;
        return std::move(*this);
    }

    FindingCode code = FindingCode::partial_su;

    /// What the finding means for the system, in the customer's words: the
    /// template with its figures.
    std::string message() const;
    /// The operator's hint with its figures, or empty.
    std::string hint() const;
    /// The message and, in brackets, the hint: what the CLI and the GUI show.
    std::string message_and_hint() const;
    /// The same finding about `subject` ("site A: ..."), its hint kept.
    Finding about(const std::string& subject) const;
    Severity severity() const { return kind_of(code).severity; }
    std::string_view name() const { return to_string(code); }

private:
    static std::string_view view(fmt::string_view s) { return {s.data(), s.size()}; }

    std::string_view template_ = "{}"; ///< a string literal (format_string is compile-time)
    std::string_view hint_;            ///< a string literal, or empty
    std::vector<FindingFigure> figures_;
};

} // namespace podsizer

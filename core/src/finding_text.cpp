// Making a finding's message: its {fmt} template and its figures, formatted
// only when a report shows it (core/include/podsizer/core/finding.hpp).
#include "podsizer/core/finding.hpp"
#include "podsizer/core/text.hpp"

#include <fmt/args.h>
#include <fmt/format.h>

namespace podsizer {

std::string FindingFigure::text() const {
    switch (kind) {
    case Kind::text:
        return words;
    case Kind::count:
        return fmt::format("{}", count);
    case Kind::grouped:
        return format_number(static_cast<double>(count), 0);
    // A figure that is not zero never reads as zero in a message either
    // (third red-team round, m-a; a site's max_power of 1 W read "allows
    // 0.0 kW"): format_significant is format_number wherever the decimals
    // keep the figure.
    case Kind::number:
        return format_significant(value, decimals);
    case Kind::quantity:
        return format_significant(value / unit.factor, decimals) + " " + std::string(unit.symbol);
    case Kind::percent:
        return percent_text(value, decimals);
    case Kind::probability:
        return fmt::format("{:.1e}", value);
    }
    return words;
}

namespace figure {

FindingFigure text(std::string words) {
    return {.words = std::move(words)};
}

FindingFigure count(std::int64_t n) {
    return {.kind = FindingFigure::Kind::count, .count = n};
}

FindingFigure grouped(std::int64_t n) {
    return {.kind = FindingFigure::Kind::grouped, .count = n};
}

FindingFigure number(double v, int decimals) {
    return {.kind = FindingFigure::Kind::number, .decimals = decimals, .value = v};
}

FindingFigure quantity(double base_value, const AnyUnit& unit, int decimals) {
    return {.kind = FindingFigure::Kind::quantity,
            .decimals = decimals,
            .value = base_value,
            .unit = unit};
}

FindingFigure percent(double fraction, int decimals) {
    return {.kind = FindingFigure::Kind::percent, .decimals = decimals, .value = fraction};
}

FindingFigure probability(double p) {
    return {.kind = FindingFigure::Kind::probability, .decimals = 1, .value = p};
}

} // namespace figure

namespace {

std::string with_figures(std::string_view text, const std::vector<FindingFigure>& figures) {
    fmt::dynamic_format_arg_store<fmt::format_context> args;
    args.reserve(figures.size(), 0);
    for (const FindingFigure& f : figures) {
        args.push_back(f.text());
    }
    return fmt::vformat(fmt::string_view(text.data(), text.size()), args);
}

} // namespace

std::string Finding::message() const {
    if (template_ == "{}") { // a message made when found, or none
        return figures_.empty() ? std::string() : figures_.front().text();
    }
    return with_figures(template_, figures_);
}

std::string Finding::hint() const {
    return hint_.empty() ? std::string() : with_figures(hint_, figures_);
}

std::string Finding::message_and_hint() const {
    std::string text = message();
    if (!hint_.empty()) {
        text += " (" + hint() + ")";
    }
    return text;
}

Finding Finding::about(const std::string& subject) const {
    Finding f(code, subject + ": " + message());
    if (!hint_.empty()) {
        f.figures_.push_back(figure::text(hint()));
        f.hint_ = "{1}";
    }
    return f;
}

} // namespace podsizer

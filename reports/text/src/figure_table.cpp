#include "figure_table.hpp"

#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/reports/checkpoint_report.hpp"

#include <cmath>
#include <fmt/format.h>

namespace podsizer::detail {

namespace {

template <class... F> struct Visit : F... { using F::operator()...; };
// The asan preset's clang (14) has no deduction for aggregates (C++20 P1816).
template <class... F> Visit(F...) -> Visit<F...>;

} // namespace

nlohmann::ordered_json figure_json(const FigureValue& v) {
    using J = nlohmann::ordered_json;
    return std::visit(Visit{[](Absent) { return J(nullptr); },
                            [](std::nullptr_t) { return J(nullptr); },
                            [](double d) { return std::isfinite(d) ? J(d) : J(nullptr); },
                            [](const J& j) { return j; }, [](const auto& x) { return J(x); }},
                      v);
}

nlohmann::ordered_json figure_json(FigureValue&& v) {
    // A nested object or a text is moved, not copied: a record's design and
    // requirements are whole objects (the sweep writes one per run).
    if (auto* j = std::get_if<nlohmann::ordered_json>(&v)) {
        return std::move(*j);
    }
    if (auto* s = std::get_if<std::string>(&v)) {
        return nlohmann::ordered_json(std::move(*s));
    }
    return figure_json(static_cast<const FigureValue&>(v));
}

std::string figure_csv(const FigureValue& v, std::string (*number)(double)) {
    return std::visit(Visit{[](Absent) { return std::string(); },
                            [](std::nullptr_t) { return std::string(); },
                            [](bool b) { return std::string(b ? "true" : "false"); },
                            [](std::int64_t n) { return fmt::format("{}", n); },
                            [](std::uint64_t n) { return fmt::format("{}", n); },
                            [number](double d) {
                                return !std::isfinite(d)   ? ""
                                       : number != nullptr ? number(d)
                                                           : format_shortest(d);
                            },
                            [](const std::string& s) { return s; },
                            [](const nlohmann::ordered_json&) { return std::string(); }},
                      v);
}

namespace {

/// `v` in base units as a number of `unit` (core's table of units).
double scaled(double v, std::string_view unit) {
    for (const AnyUnit& u : all_units()) {
        if (u.symbol == unit) {
            return v / u.factor;
        }
    }
    return v;
}

std::string shown_number(double v, Shown shown, int decimals, std::string_view unit) {
    switch (shown) {
    case Shown::scaled:
        return format_number(scaled(v, unit), decimals);
    case Shown::least:
        return format_significant(scaled(v, unit), decimals);
    case Shown::percent:
        return format_percent(v, decimals);
    case Shown::interval:
        return format_interval(Duration::from_base(v));
    case Shown::write:
        return format_write(Throughput::from_base(v));
    case Shown::bytes:
        return format(Capacity::from_base(v), decimals);
    case Shown::number:
        break;
    }
    return format_number(v, decimals) + (unit.empty() ? "" : " " + std::string(unit));
}

} // namespace

std::optional<std::string> figure_text(const FigureValue& v, Shown shown, int decimals,
                                       std::string_view unit) {
    using Text = std::optional<std::string>;
    return std::visit(
        Visit{[](Absent) { return Text(); }, [](std::nullptr_t) { return Text(); },
              [](bool b) { return Text(b ? "yes" : "NO"); },
              [&](std::int64_t n) { return Text(shown_number(double(n), shown, 0, unit)); },
              [&](std::uint64_t n) { return Text(shown_number(double(n), shown, 0, unit)); },
              [&](double d) { return Text(shown_number(d, shown, decimals, unit)); },
              [](const std::string& s) { return Text(s); },
              [](const nlohmann::ordered_json&) { return Text(); }},
        v);
}

} // namespace podsizer::detail

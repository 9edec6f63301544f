#include "report_json.hpp"

#include "cost_json.hpp"
#include "figure_table.hpp"
#include "podsizer/reports/metrics.hpp"
#include "sizing_json.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <string_view>

namespace podsizer::detail {

std::string three_significant(double v) {
    if (!std::isfinite(v)) {
        return format_number(v); // "∞": one rule for every figure (units.hpp)
    }
    if (v == 0.0) {
        return "0";
    }
    if (std::abs(v) >= 1e6 || std::abs(v) < 1e-3) {
        std::string s = fmt::format("{:.2e}", v); // "3.04e+07"
        const auto e = s.find('e');
        std::string exponent = s.substr(e + 1);
        const bool negative = exponent.front() == '-';
        exponent.erase(0, 1);
        exponent.erase(0, std::min(exponent.find_first_not_of('0'), exponent.size() - 1));
        return s.substr(0, e) + "e" + (negative ? "-" : "") + exponent;
    }
    const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(v))));
    return format_number(v, std::max(0, 2 - magnitude));
}

std::string plain(double v, int decimals) {
    std::string s = format_number(v, decimals);
    s.erase(std::remove(s.begin(), s.end(), ','), s.end());
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') {
            s.pop_back();
        }
        if (s.back() == '.') {
            s.pop_back();
        }
    }
    return s == "-0" ? "0" : s;
}

std::string ordinal(std::int64_t n) {
    const std::int64_t tens = n % 100;
    const std::int64_t ones = n % 10;
    const char* suffix = (tens >= 11 && tens <= 13) ? "th"
                         : ones == 1                ? "st"
                         : ones == 2                ? "nd"
                         : ones == 3                ? "rd"
                                                    : "th";
    return fmt::format("{}{}", n, suffix);
}

std::string percent_text(double fraction) {
    std::string s = format_number(fraction * 100.0, 1);
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) {
        s.resize(s.size() - 2);
    }
    return s + " %";
}

ojson source_json(const Source& s) {
    return {{"kind", to_string(s.kind)}, {"ref", s.ref}, {"note", s.note}};
}

namespace {

using F = Finding;
using FRow = FigureRow<Finding>;

// The message says what the finding means for the system; the hint, where
// there is one, which field or flag changes it (issue 51).
constexpr std::array kFinding{
    FRow{.key = "severity", .value = of<&F::severity>},
    FRow{.key = "code", .value = of<&F::code>},
    FRow{.key = "message", .value = of<&F::message>},
    FRow{.key = "hint", .value = only<[](const F& f) { return !f.hint().empty(); }, &F::hint>},
};

} // namespace

ojson finding_json(const Finding& f) {
    return figures_json(kFinding, f);
}

ojson findings_json(const std::vector<Finding>& fs) {
    return figures_json(kFinding, fs);
}

ojson assumptions_by_metric_json(const std::vector<AssumedFigure>& of) {
    ojson by_metric = ojson::object();
    for (const Metric& m : metric_registry()) {
        std::vector<std::string> ids = metric_assumptions(m.id, of);
        if (!ids.empty()) {
            by_metric[std::string(m.key)] = std::move(ids);
        }
    }
    return by_metric;
}

namespace {

using A = std::vector<AssumedFigure>;
constexpr std::array kAssumptions{
    FigureRow<A>{.key = "assumptions", .value = by<headline_assumptions>},
    FigureRow<A>{.key = "assumptions_by_metric", .value = by<assumptions_by_metric_json>},
};

} // namespace

void add_assumptions(ojson& j, const std::vector<AssumedFigure>& of) {
    put_json(j, kAssumptions, of);
}

ojson design_summary_json(const Design& d) {
    // The one design writer's fields (`size --format json`), fewer of them,
    // so the summary cannot drift from it: same keys, same values.
    static constexpr std::array<std::string_view, 12> kFigures{"raw_capacity_bytes",
                                                               "usable_capacity_bytes",
                                                               "read_bytes_per_s",
                                                               "write_bytes_per_s",
                                                               "read_bottleneck",
                                                               "write_bottleneck",
                                                               "power_w",
                                                               "pb_per_rack",
                                                               "read_gb_per_s_per_kw",
                                                               "feasible",
                                                               "findings",
                                                               "assumptions"};
    return design_fields_json(d, {kDesignHeadKeys, kFigures});
}

namespace {

/// A design's record as `write` writes it, then its cost with a price book.
struct Priced {
    const Design& d;
    const PriceBook* prices;
    ojson (*write)(const Design&);
};
constexpr auto kPriced = [](const Priced& p) { return p.prices != nullptr; };
constexpr std::array kPricedRows{
    FigureRow<Priced>{.value = by<[](const Priced& p) { return p.write(p.d); }>},
    FigureRow<Priced>{
        .key = "cost",
        .value =
            only<kPriced,
                 [](const Priced& p) { return design_cost_json(design_cost(p.d, *p.prices)); }>},
};

} // namespace

ojson priced_summary_json(const Design& d, const PriceBook* prices, ojson (*write)(const Design&)) {
    return figures_json(kPricedRows, Priced{d, prices, write});
}

ojson priced_summaries_json(const std::vector<Design>& designs,
                            const std::optional<PriceBook>& prices, ojson (*write)(const Design&)) {
    ojson all = ojson::array();
    for (const Design& d : designs) {
        all.push_back(priced_summary_json(d, prices ? &*prices : nullptr, write));
    }
    return all;
}

namespace {

using K = Check;
using KRow = FigureRow<Check>;
using DRow = FigureRow<Design>;

/// Whether a check has figures in a unit (not availability's outages, not a
/// constraint, not one that does not apply or was not sized against a need).
bool in_unit(const K& c) {
    return c.kind != CheckKind::availability && c.kind != CheckKind::constraint &&
           c.result != CheckResult::not_applicable &&
           !(c.result == CheckResult::not_sized && c.need <= 0.0);
}
bool sized(const K& c) {
    return c.result != CheckResult::not_sized;
}
/// An availability figure (an Outage) by name, else the figure in its unit.
FigureValue figure(const K& c, double v, bool given) {
    return c.kind == CheckKind::availability ? figure_of(static_cast<Outage>(static_cast<int>(v)))
           : in_unit(c) && given             ? FigureValue(v)
                                             : FigureValue(Absent{});
}
constexpr auto kSized = [](const K& c) { return in_unit(c) && sized(c); };

// The figures as every output prints them (never a short figure equal to its need).
constexpr std::array kCheck{
    KRow{.key = "need", .value = by<[](const K& c) {
                            return c.kind == CheckKind::constraint ? to_string(c.code)
                                                                   : to_string(c.kind);
                        }>},
    KRow{.key = "result", .value = of<&K::result>},
    KRow{
        .key = "state",
        .value =
            only<[](const K& c) { return c.kind == CheckKind::read || c.kind == CheckKind::write; },
                 &K::state>},
    KRow{.key = "unit", .value = only<in_unit, [](const K& c) { return check_unit(c.kind); }>},
    KRow{.key = "required", .value = [](const K& c) { return figure(c, c.need, true); }},
    KRow{.key = "delivered", .value = [](const K& c) { return figure(c, c.delivered, sized(c)); }},
    KRow{.key = "required_text",
         .value = only<in_unit, [](const K& c) { return check_figures(c).need; }>},
    KRow{.key = "delivered_text",
         .value = only<kSized, [](const K& c) { return check_figures(c).delivered; }>},
    KRow{.key = "text", .value = by<check_text>},
};

constexpr std::array kVerdict{
    DRow{.key = "status", .value = by<[](const Design& d) { return verdict_word(d.verdict); }>},
    DRow{.key = "sentence",
         .value = by<[](const Design& d) { return verdict_sentence(d.verdict, d); }>},
    DRow{.key = "checks",
         .value = by<[](const Design& d) { return figures_json(kCheck, d.verdict.checks); }>},
};

} // namespace

ojson verdict_json(const Design& d) {
    return figures_json(kVerdict, d);
}

std::string verdict_lines(const std::vector<Design>& designs) {
    std::string out;
    for (const Design& d : designs) {
        out += (designs.size() > 1 ? "  " + d.name + ": " : "  ") + verdict_sentence(d.verdict, d) +
               "\n";
    }
    return out.empty() ? "" : "\nVerdict:\n" + out;
}

std::string findings_block(const std::vector<std::pair<std::string, Finding>>& fs) {
    std::string out;
    for (const auto& [subject, f] : fs) {
        out += "  [" + std::string(to_string(f.severity())) + "] " + subject + ": " +
               f.message_and_hint() + "\n";
    }
    return out.empty() ? "" : "\nFindings:\n" + out;
}

std::string findings_markdown(const std::vector<std::pair<std::string, Finding>>& fs) {
    const std::string block = findings_block(fs);
    return block.empty() ? "" : "\n```" + block + "```\n";
}

} // namespace podsizer::detail

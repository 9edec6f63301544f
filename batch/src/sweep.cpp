#include "podsizer/batch/sweep.hpp"

#include "podsizer/catalog/suggest.hpp"
#include "podsizer/catalog/validate.hpp"
#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/text.hpp"
#include "podsizer/core/units.hpp"
#include "sweep_direct.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fmt/format.h>

namespace podsizer {

namespace {

constexpr std::array kAliases{
    SweepAlias{"gpus", "fleet.gpus"},        SweepAlias{"dbox", "options[*].dbox"},
    SweepAlias{"cnode", "options[*].cnode"}, SweepAlias{"drive", "options[*].drive"},
    SweepAlias{"rack", "options[*].rack"},   SweepAlias{"tier", "performance.rule"},
};

// A range may not expand to more values than this (a typo such as
// "1..1000000000+1" should fail fast, not allocate).
constexpr std::size_t kMaxValuesPerParameter = 100'000;
// Range ends are compared with this relative slack, so 0.1..0.3+0.1 ends at 0.3.
constexpr double kRangeSlack = 1e-9;

/// A number in the shortest form that reads back the same at 10 digits.
std::string short_number(double v) {
    return fmt::format("{:.10g}", v);
}

/// The unit symbol at the end of a quantity as written ("100PB" -> "PB").
std::string unit_of(std::string_view s) {
    std::size_t e = s.size();
    while (e > 0 && s[e - 1] != ' ' && std::isdigit(static_cast<unsigned char>(s[e - 1])) == 0 &&
           s[e - 1] != '.') {
        --e;
    }
    return std::string(s.substr(e));
}

std::string_view kind_phrase(FieldKind k) {
    switch (k) {
    case FieldKind::count:
        return "a whole number";
    case FieldKind::number:
        return "a number";
    case FieldKind::quantity:
        return "a quantity with a unit";
    case FieldKind::id:
        return "a catalog id";
    case FieldKind::ratio:
        return "a C:D ratio";
    case FieldKind::boolean:
        return "true or false";
    case FieldKind::text:
    case FieldKind::choice: // a name from a list is text to a range
        return "text";
    case FieldKind::quantity_or_auto:
        return "a quantity with a unit, or auto";
    case FieldKind::cnodes:
        return "a C-node count, knee or auto";
    case FieldKind::percent:
        return "a percentage";
    case FieldKind::params:
        return "a parameter count";
    case FieldKind::number_or_id:
        return "a number or a catalog id";
    }
    return "a value";
}

/// Parses one expression; `fail` builds the error for it. A `--set`
/// expression (single) holds one value, taken whole: no list, no range, so a
/// name with a comma stays one value.
class VaryParser {
public:
    VaryParser(std::string_view expression, bool single) : expr_(expression), single_(single) {}

    SweepParameter parse() {
        SweepParameter p;
        p.expression = expr_;
        const auto eq = expr_.find('=');
        if (eq == std::string::npos) {
            throw fail(single_ ? "expected PATH=VALUE such as 'options[0].drive=30.72TB' or "
                                 "fleet.gpus=16384"
                               : "expected PATH=VALUES such as gpus=4096..65536*2 or "
                                 "dbox=ID1,ID2");
        }
        p.name = trim(std::string_view(expr_).substr(0, eq));
        const std::string values(trim(std::string_view(expr_).substr(eq + 1)));
        std::string path_text = p.name;
        for (const SweepAlias& a : kAliases) {
            if (a.name == p.name) {
                path_text = std::string(a.path);
                p.tier = a.name == "tier";
            }
        }
        p.path = parse_scenario_path(path_text, where());
        p.field = find_scenario_field(p.path.pattern);
        if (p.field == nullptr) {
            std::vector<std::string> known;
            for (const SweepAlias& a : kAliases) {
                known.emplace_back(a.name);
            }
            for (const ScenarioField& f : scenario_fields()) {
                if (f.sweepable) {
                    known.emplace_back(f.pattern);
                }
            }
            throw fail("unknown path \"" + p.name + "\" (" +
                       suggestion_phrase(p.path.pattern, known) +
                       "); expected a scenario path or alias listed in docs/batch.md");
        }
        if (single_) {
            if (values.empty()) {
                throw fail("no value after '='; expected " +
                           std::string(kind_phrase(p.field->kind)) + " for " + p.path.text);
            }
            p.values.push_back(list_value(p, values));
            return p;
        }
        if (values.empty()) {
            throw fail("no values after '='; expected a list a,b,c or a range START..END+STEP "
                       "or START..END*FACTOR");
        }
        std::size_t start = 0;
        while (start <= values.size()) {
            const std::size_t comma = values.find(',', start);
            const std::size_t stop = comma == std::string::npos ? values.size() : comma;
            const std::string item(trim(std::string_view(values).substr(start, stop - start)));
            if (item.empty()) {
                throw fail("an empty value in the list; expected values separated by single "
                           "commas (no thousands separators)");
            }
            if (item.find("..") != std::string::npos) {
                expand_range(p, item);
            } else {
                p.values.push_back(list_value(p, item));
            }
            if (p.values.size() > kMaxValuesPerParameter) {
                throw fail("expands to more than " + format_number(kMaxValuesPerParameter) +
                           " values; expected a smaller range or a larger step");
            }
            start = stop + 1;
        }
        return p;
    }

private:
    std::string where() const { return (single_ ? "--set " : "--vary ") + expr_; }
    InputError fail(const std::string& message) const { return InputError(where(), message); }

    SweepValue list_value(const SweepParameter& p, const std::string& item) const {
        if (p.tier) {
            if (item.find(' ') != std::string::npos) {
                throw fail(quoted(item) +
                           " is not a tier; expected a tier name such as good, better or best");
            }
            return {item, item};
        }
        const FieldData data = read_item(p, item);
        if (const auto* n = std::get_if<std::int64_t>(&data)) {
            check_range(p, *n, item);
            return {fmt::format("{}", *n), *n};
        }
        if (const auto* b = std::get_if<bool>(&data)) {
            return {item, *b};
        }
        // A plain number is written as one; a quantity, percentage or
        // parameter count as written, which the document's reader reads again.
        const FieldKind kind = p.field->kind;
        if (kind == FieldKind::number || kind == FieldKind::number_or_id) {
            if (const std::optional<double> d = parse_decimal(item)) {
                return {item, *d};
            }
        }
        return {item, item};
    }

    /// A list item or a --set value read by the field's one text reading
    /// (parse_field_text), as a flag, a file's string and the GUI read it.
    /// Refused in the sweep's words where a list may misread it: a count
    /// with a leading zero ("1,024" split at the comma must not become 1 and
    /// 24) or with a thousands separator. A whole number past the field's
    /// range is kept (past 10^15 as 10^15 + 1) for check_range's message,
    /// the reader's, naming the value as written.
    FieldData read_item(const SweepParameter& p, const std::string& item) const {
        const FieldKind kind = p.field->kind;
        const bool whole = kind == FieldKind::count || kind == FieldKind::cnodes;
        if (whole && item.size() > 1 && item[0] == '0') {
            throw fail(not_whole(kind, item));
        }
        try {
            return parse_field_text(*p.field, item);
        } catch (const InputError& e) {
            if (whole) {
                const std::optional<double> d = parse_decimal(item);
                if (d && *d == std::floor(*d) && *d >= 1.0) {
                    return *d > static_cast<double>(kMaxCount) ? kMaxCount + 1
                                                               : static_cast<std::int64_t>(*d);
                }
                throw fail(not_whole(kind, item));
            }
            if (kind == FieldKind::number) {
                throw fail("\"" + item + "\" is not a number; expected a plain number such as 1.5");
            }
            throw fail(e.message());
        }
    }

    /// Why a count item is refused: a list's counts are written plain.
    static std::string not_whole(FieldKind kind, const std::string& item) {
        return quoted(item) +
               (kind == FieldKind::cnodes
                    ? " is not a C-node count; expected a whole number >= 1, knee or auto"
                    : " is not a whole number >= 1; expected a count such as 4096 (no unit, no "
                      "thousands separators)");
    }

    /// A count within the field's range, by the reader's rule and message
    /// (ids are not involved, so no catalog is needed).
    void check_range(const SweepParameter& p, std::int64_t v, const std::string& item) const {
        // `item` is the value as written; the message names it.
        static const Catalog kNoCatalog;
        const std::string problem = field_problem(*p.field, FieldData{v}, item, kNoCatalog);
        if (!problem.empty()) {
            throw fail(problem);
        }
    }

    /// A value with a unit or suffix ("100 PB", "5%", "1.8T") in its base
    /// unit (bytes, a fraction, parameters), read as the scenario reader does.
    double read_with_unit(const SweepParameter& p, const std::string& text) const {
        try {
            // "auto" reads as itself; in a range it must be a quantity.
            const FieldData d = parse_field_text(*p.field, text);
            return std::holds_alternative<double>(d)
                       ? std::get<double>(d)
                       : parse_quantity_base(text, p.field->dimension);
        } catch (const InputError& e) {
            throw fail(e.message());
        }
    }

    /// A range as written: START..END+STEP or START..END*FACTOR.
    struct RangeText {
        std::string first, last, by;
        bool multiply = false;
    };

    /// A range's numbers in the field's base unit (plain numbers without one).
    struct RangeNumbers {
        double start = 0.0, end = 0.0, step = 0.0, factor = 1.0;
    };

    static bool numeric_kind(FieldKind kind) {
        return kind == FieldKind::count || kind == FieldKind::number ||
               kind == FieldKind::quantity || kind == FieldKind::quantity_or_auto ||
               kind == FieldKind::cnodes || kind == FieldKind::ratio ||
               kind == FieldKind::percent || kind == FieldKind::params ||
               kind == FieldKind::number_or_id;
    }

    static bool with_unit(FieldKind kind) {
        return kind == FieldKind::quantity || kind == FieldKind::quantity_or_auto ||
               kind == FieldKind::percent || kind == FieldKind::params;
    }

    RangeText split_range(const std::string& item) const {
        const std::size_t dots = item.find("..");
        const std::string first(trim(std::string_view(item).substr(0, dots)));
        const std::string rest(trim(std::string_view(item).substr(dots + 2)));
        // The step follows the last '+' that is not an exponent sign (1e+3).
        std::size_t op = rest.find('*');
        if (op == std::string::npos) {
            for (std::size_t i = rest.size(); i-- > 0;) {
                if (rest[i] == '+' &&
                    !(i > 0 && (rest[i - 1] == 'e' || rest[i - 1] == 'E') && i >= 2 &&
                      std::isdigit(static_cast<unsigned char>(rest[i - 2])))) {
                    op = i;
                    break;
                }
            }
        }
        if (first.empty() || op == std::string::npos || op == 0 || op + 1 >= rest.size()) {
            throw fail(quoted(item) +
                       " is not a range; expected START..END+STEP or START..END*FACTOR");
        }
        return {first, std::string(trim(std::string_view(rest).substr(0, op))),
                std::string(trim(std::string_view(rest).substr(op + 1))), rest[op] == '*'};
    }

    /// An endpoint or step in the field's base unit.
    double read_bound(const SweepParameter& p, const std::string& text, const char* role) const {
        if (with_unit(p.field->kind)) {
            return read_with_unit(p, text);
        }
        const std::optional<double> v = parse_decimal(text);
        if (!v) {
            throw fail(std::string(role) + " \"" + text + "\" is not a number; expected " +
                       std::string(kind_phrase(p.field->kind)) + " without a unit");
        }
        return *v;
    }

    RangeNumbers read_range(const SweepParameter& p, const RangeText& r) const {
        RangeNumbers n;
        n.start = read_bound(p, r.first, "start");
        n.end = read_bound(p, r.last, "end");
        if (r.multiply) {
            const std::optional<double> factor = parse_decimal(r.by);
            n.factor = factor.value_or(0.0);
            if (!factor) {
                throw fail("factor \"" + r.by +
                           "\" is not a number; expected a plain factor "
                           "greater than 1 such as 2");
            }
            if (!(n.factor > 1.0)) {
                throw fail("factor " + r.by + " does not grow; expected a factor greater than 1");
            }
            if (!(n.start > 0.0)) {
                throw fail("a range with a factor needs a start above zero");
            }
        } else {
            n.step = read_bound(p, r.by, "step");
            if (!(n.step > 0.0)) {
                throw fail("step " + r.by +
                           " is not above zero; expected a step greater than zero");
            }
        }
        if (n.end < n.start) {
            throw fail("empty range: the end " + r.last + " is below the start " + r.first +
                       "; expected START..END with END >= START");
        }
        const FieldKind kind = p.field->kind;
        const bool whole = kind == FieldKind::count || kind == FieldKind::cnodes;
        if (whole && (n.start < 1.0 || n.start != std::floor(n.start))) {
            throw fail("start " + r.first + " is not a whole number >= 1; expected a count");
        }
        return n;
    }

    void expand_range(SweepParameter& p, const std::string& item) const {
        const FieldKind kind = p.field->kind;
        if (p.tier || !numeric_kind(kind)) {
            throw fail("\"" + item + "\" is a range, but " + p.path.text + " holds " +
                       std::string(p.tier ? "a tier name" : kind_phrase(kind)) +
                       "; expected a list such as a,b,c");
        }
        const RangeText r = split_range(item);
        const RangeNumbers n = read_range(p, r);
        // Values are written in the start's unit ("100 PB", "200 PB", ...):
        // "100 PB" but "5%" and "1.8T", as each is usually written.
        const bool unit = with_unit(kind);
        const std::string separator =
            kind == FieldKind::percent || kind == FieldKind::params ? "" : " ";
        const std::string unit_text = unit ? unit_of(r.first) : std::string();
        const double unit_factor = unit ? read_with_unit(p, "1" + separator + unit_text) : 1.0;
        const double limit = n.end + kRangeSlack * std::max(std::abs(n.end), n.step);
        for (std::size_t i = 0;; ++i) {
            const double v = r.multiply ? n.start * std::pow(n.factor, static_cast<double>(i))
                                        : n.start + n.step * static_cast<double>(i);
            if (v > limit) {
                break;
            }
            if (p.values.size() >= kMaxValuesPerParameter) {
                throw fail("expands to more than " + format_number(kMaxValuesPerParameter) +
                           " values; expected a smaller range or a larger step");
            }
            p.values.push_back(unit ? unit_value(v / unit_factor, separator + unit_text)
                                    : plain_value(p, v));
        }
    }

    /// A range value with its unit ("200 PB").
    static SweepValue unit_value(double v, const std::string& unit) {
        const std::string text = short_number(v) + unit;
        return {text, text};
    }

    /// A range value without a unit: a count must come out whole.
    SweepValue plain_value(const SweepParameter& p, double v) const {
        const FieldKind kind = p.field->kind;
        if (kind == FieldKind::count || kind == FieldKind::cnodes) {
            const double r = std::round(v);
            if (std::abs(v - r) > kRangeSlack * r) {
                throw fail(short_number(v) +
                           " is not a whole number; expected a whole-number step or a "
                           "factor that keeps counts whole");
            }
            // Beyond 10^15 the value stands as 10^15 + 1, as a list item
            // does (read_item), and the field's range check refuses it in the
            // reader's words. Converting it as it was is undefined past 2^63:
            // "gpus=818..6888…(45 digits)…*2" reached 1.5 × 10^19 (fuzzing,
            // round 11, bug 17 in docs/robustness.md).
            const std::int64_t n =
                r > static_cast<double>(kMaxCount) ? kMaxCount + 1 : static_cast<std::int64_t>(r);
            const std::string text = fmt::format("{}", n);
            // Named whole while it fits in 18 digits ("1000000000000001", where
            // short_number would show "1e+15", the limit itself).
            check_range(p, n,
                        n <= kMaxCount ? text
                        : r < 1e18     ? fmt::format("{:.0f}", r)
                                       : short_number(r));
            return {text, n};
        }
        const std::string text = short_number(v);
        return {text, parse_decimal(text).value_or(0.0)};
    }

    std::string expr_;
    bool single_ = false;
};

} // namespace

std::string field_clash(const SweepParameter& later, const SweepParameter& earlier,
                        std::string_view verb) {
    const std::string by = std::string(verb) + " " + earlier.flag + " " + earlier.expression;
    // "drive" is options[*].drive: say so when the names differ.
    const std::string alias = earlier.name != earlier.path.text
                                  ? " (" + earlier.name + " is " + earlier.path.text + ")"
                                  : std::string();
    if (paths_overlap(later.path, earlier.path)) {
        return later.path.text + " is " + by + alias + "; expected each field once";
    }
    if (path_excludes(later.path, *later.field, earlier.path) ||
        path_excludes(earlier.path, *earlier.field, later.path)) {
        return later.path.text + " excludes " + earlier.path.text + ", which is " + by + alias +
               "; expected one of the two";
    }
    return {};
}

bool located_at(const InputError& e, const std::string& origin,
                const std::vector<std::string>& written) {
    for (const std::string& w : written) {
        const std::string at = origin + ": " + w;
        if (e.where() == at || e.where().rfind(at + ".", 0) == 0 ||
            e.where().rfind(at + "[", 0) == 0) {
            return true;
        }
    }
    return false;
}

std::span<const SweepAlias> sweep_aliases() {
    return kAliases;
}

SweepParameter parse_vary(std::string_view expression) {
    return VaryParser(expression, false).parse();
}

SweepParameter parse_set(std::string_view expression) {
    SweepParameter p = VaryParser(expression, true).parse();
    p.flag = "--set";
    return p;
}

std::vector<std::string> apply_value(const SweepParameter& p, std::size_t k, ScenarioDocument& doc,
                                     const Catalog& catalog) {
    const SweepValue& v = p.values.at(k);
    if (!p.tier) {
        return doc.set(p.path, v.value, p.field->excludes);
    }
    // A tier names the platform's rule "<platform>-<tier>" (h100-good, ...).
    const auto platform = doc.text_at("fleet.platform");
    if (!platform) {
        throw InputError(p.flag + " " + p.expression,
                         "a tier needs the scenario's fleet.platform to pick the rule "
                         "<platform>-<tier>");
    }
    const std::string rule = *platform + "-" + v.label;
    if (catalog.rule(rule) == nullptr) {
        std::string rules;
        for (const PerformanceRule& r : catalog.rules) {
            if (r.platform == *platform) {
                rules += (rules.empty() ? "" : ", ") + r.id;
            }
        }
        throw InputError(p.flag + " " + p.expression,
                         "tier \"" + v.label + "\" needs the performance rule \"" + rule +
                             "\", which the catalog lacks (a tier maps to <platform>-<tier>); "
                             "rules of platform " +
                             *platform + ": " + (rules.empty() ? "none" : rules) + " (" +
                             (p.flag == "--set" ? "set" : "vary") + " performance.rule instead)");
    }
    return doc.set(p.path, rule, p.field->excludes);
}

namespace {

/// The sweep's runs, every combination of the values: refused above
/// kMaxSweepRuns runs or kMaxSweepDesigns designs.
std::size_t count_runs(const std::vector<SweepParameter>& params,
                       const std::optional<Scenario>& base) {
    std::size_t runs = 1;
    for (const SweepParameter& p : params) {
        if (runs > kMaxSweepRuns / p.values.size()) {
            throw InputError("--vary", "the sweep has more than " + format_number(kMaxSweepRuns) +
                                           " runs; expected fewer values");
        }
        runs *= p.values.size();
    }
    // Each run sizes every option of the scenario (a --vary never adds
    // one). A base the reader refuses is reported by the caller or each run.
    const std::size_t options = base ? std::max<std::size_t>(1, base->options.size()) : 1;
    if (runs > kMaxSweepDesigns / options) {
        throw InputError("--vary",
                         fmt::format("the sweep has {} runs × {} options, more than {} designs; "
                                     "expected fewer values or fewer options",
                                     format_number(static_cast<double>(runs)), options,
                                     format_number(kMaxSweepDesigns)));
    }
    return runs;
}

/// Whether value `k` of `p` alone on the base scenario passes every rule,
/// written directly (sweep_direct.hpp): then the document path would pass too.
bool passes_directly(const SweepParameter& p, std::size_t k, const Scenario& base,
                     const Catalog& catalog) {
    Scenario s = base;
    return detail::write_directly(p, k, s, catalog) && validate(s, catalog).empty();
}

/// Each value alone on the base document, before any run starts.
void check_each_value(const std::vector<SweepParameter>& params, const ScenarioDocument& base,
                      const std::optional<Scenario>& base_scenario, const Catalog& catalog) {
    bool platform_varied = false;
    for (const SweepParameter& p : params) {
        platform_varied = platform_varied || p.path.pattern == "fleet.platform";
    }
    // The JSON paths each parameter writes (the same for all its values).
    std::vector<std::vector<std::string>> touched(params.size());
    for (std::size_t q = 0; q < params.size(); ++q) {
        ScenarioDocument doc = base;
        try {
            touched[q] = apply_value(params[q], 0, doc, catalog);
        } catch (const InputError&) {
            // Reported by the check below.
        }
    }
    // Each value alone on the base document: the scenario reader's own
    // message for a bad value, before any run starts. An error at a field
    // another --vary writes may go away in combination ("gpus=4096" with
    // "fleet.gpus_per_cluster=..."), so that one is left to the runs; any
    // other error would repeat in every run with this value.
    for (std::size_t i = 0; i < params.size(); ++i) {
        const SweepParameter& p = params[i];
        if (p.tier && platform_varied) {
            continue; // checked per run, against that run's platform
        }
        const bool direct = base_scenario && detail::writes_directly(p, base);
        for (std::size_t k = 0; k < p.values.size(); ++k) {
            if (direct && passes_directly(p, k, *base_scenario, catalog)) {
                continue;
            }
            ScenarioDocument doc = base;
            try {
                apply_value(p, k, doc, catalog);
            } catch (const InputError& e) {
                throw InputError("--vary " + p.expression, e.where().rfind("--vary", 0) == 0
                                                               ? e.message()
                                                               : std::string(e.what()));
            }
            try {
                doc.parse(catalog);
            } catch (const InputError& e) {
                bool elsewhere = false;
                for (std::size_t q = 0; q < params.size(); ++q) {
                    elsewhere = elsewhere || (q != i && located_at(e, base.origin(), touched[q]));
                }
                if (!elsewhere) {
                    throw InputError("--vary " + p.expression,
                                     "value \"" + p.values[k].label + "\": " + e.what());
                }
            }
        }
    }
}

} // namespace

Sweep::Sweep(ScenarioDocument base, const std::vector<std::string>& expressions,
             const Catalog& catalog)
    : base_(std::move(base)) {
    for (const std::string& e : expressions) {
        SweepParameter p = parse_vary(e);
        for (const SweepParameter& q : params_) {
            if (std::string clash = field_clash(p, q, "already varied by"); !clash.empty()) {
                throw InputError("--vary " + p.expression, clash);
            }
        }
        params_.push_back(std::move(p));
    }
    std::optional<Scenario> base_scenario;
    try {
        base_scenario = base_.parse(catalog);
    } catch (const InputError&) {
        // Reported by the caller or by each run.
    }
    runs_ = count_runs(params_, base_scenario);
    check_each_value(params_, base_, base_scenario, catalog);
    if (base_scenario && std::all_of(params_.begin(), params_.end(), [&](const SweepParameter& p) {
            return detail::writes_directly(p, base_);
        })) {
        direct_base_ = std::move(base_scenario);
    }
}

std::vector<std::size_t> Sweep::choice(std::size_t run) const {
    std::vector<std::size_t> idx(params_.size(), 0);
    for (std::size_t i = params_.size(); i-- > 0;) {
        idx[i] = run % params_[i].values.size();
        run /= params_[i].values.size();
    }
    return idx;
}

ScenarioDocument Sweep::document(std::size_t run, const Catalog& catalog) const {
    ScenarioDocument doc = base_;
    const std::vector<std::size_t> idx = choice(run);
    // Tiers last, so a varied platform counts; otherwise in the order given.
    for (const bool tiers : {false, true}) {
        for (std::size_t i = 0; i < params_.size(); ++i) {
            if (params_[i].tier == tiers) {
                apply_value(params_[i], idx[i], doc, catalog);
            }
        }
    }
    return doc;
}

Scenario Sweep::scenario(std::size_t run, const Catalog& catalog) const {
    if (direct_base_) {
        Scenario s = *direct_base_;
        const std::vector<std::size_t> idx = choice(run);
        bool direct = true;
        for (std::size_t i = 0; i < params_.size() && direct; ++i) {
            direct = detail::write_directly(params_[i], idx[i], s, catalog);
        }
        // The rules between fields, as the reader checks them last; a
        // problem is read again from the document for the reader's message.
        if (direct && validate(s, catalog).empty()) {
            return s;
        }
    }
    return document(run, catalog).parse(catalog);
}

} // namespace podsizer

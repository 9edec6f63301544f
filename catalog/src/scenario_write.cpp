// Writing scenarios back to JSON (docs/scenario-format.md), so the GUI can save
// what it edits. The reader is the specification: every field written here is
// one parse_scenario reads, and a test checks that save → load gives an
// identical Scenario and identical sizing output.
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"
#include "price_book_reader.hpp"
#include "scenario_objects.hpp"
#include "scenario_text.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <vector>

namespace podsizer {

namespace {

using json = nlohmann::ordered_json;

/// Units a file may be written in: byte-based, one spelling per factor (the
/// first the parser lists, so "kB" rather than "KB", "GB/s" rather than "GBps").
std::vector<AnyUnit> writable_units(Dimension d) {
    std::vector<AnyUnit> out;
    for (const AnyUnit& u : all_units()) {
        if (u.dimension != d || u.symbol.find('b') != std::string_view::npos) {
            continue; // bit units all carry a lower-case b ("Tbps", "Gb/s")
        }
        bool seen = false;
        for (const AnyUnit& o : out) {
            seen = seen || o.factor == u.factor;
        }
        if (!seen) {
            out.push_back(u);
        }
    }
    return out;
}

int significant_digits(const std::string& number) {
    int n = 0;
    bool leading = true;
    for (char c : number) {
        if (c < '0' || c > '9') {
            continue;
        }
        if (leading && c == '0') {
            continue;
        }
        leading = false;
        ++n;
    }
    return n;
}

/// Whether `parse` reads a text back to exactly `value` (false when it refuses it).
template <class F> bool reads_back(F parse, double value) {
    try {
        return parse() == value;
    } catch (const InputError&) {
        return false;
    }
}

json ratio_json(const Ratio& r) {
    // A ratio read from a JSON number keeps format_number(v, 2) as its text;
    // writing the number back reproduces that text exactly.
    if (r.text == format_number(r.c_per_d, 2)) {
        return r.c_per_d;
    }
    return r.text;
}

/// A value as the field table's kind writes it.
json value_json(const ScenarioField& f, const FieldData& v) {
    if (const auto* b = std::get_if<bool>(&v)) {
        return *b;
    }
    if (const auto* n = std::get_if<std::int64_t>(&v)) {
        return *n;
    }
    if (const auto* t = std::get_if<std::string>(&v)) {
        return *t;
    }
    if (const auto* r = std::get_if<Ratio>(&v)) {
        return ratio_json(*r);
    }
    if (f.kind == FieldKind::quantity || f.kind == FieldKind::quantity_or_auto ||
        f.kind == FieldKind::percent) {
        return field_text(f, v); // the exact quantity or percent text
    }
    // nlohmann writes the shortest decimal that reads back to the same double.
    return std::get<double>(v);
}

/// The value at `path`, making the objects and array elements on the way.
json& at_path(json& root, const JsonPath& path) {
    json* node = &root;
    for (const JsonPath::Step& step : path.steps) {
        if (const auto* key = std::get_if<std::string>(&step)) {
            node = &(*node)[*key];
            continue;
        }
        const std::size_t i = std::get<std::size_t>(step);
        if (!node->is_array()) {
            *node = json::array();
        }
        while (node->size() <= i) {
            node->push_back(nullptr);
        }
        node = &(*node)[i];
    }
    return *node;
}

/// Keeps the objects a scenario holds empty (an option's `"capacity": {}`),
/// at the place of their first member.
void keep_empty_objects(json& j, const ScenarioField& f, const Scenario& s, std::size_t i) {
    for (const detail::ScenarioObject& o : detail::scenario_objects()) {
        if (o.exists != nullptr && f.pattern.starts_with(o.pattern) &&
            f.pattern.substr(o.pattern.size()).starts_with(".") && o.exists(s, i)) {
            json& node = at_path(j, pattern_path(o.pattern, i));
            if (node.is_null()) {
                node = json::object();
            }
        }
    }
}

} // namespace

/// The shortest "N%" text parse_percent reads back to exactly `fraction`:
/// the shortest round trip of fraction × 100 (number_text.hpp). When the
/// division by 100 on reading lands on a neighbouring double, the 17-digit
/// form, which names the product exactly, is written instead.
std::string exact_percent_text(double fraction) {
    const double percent = fraction * 100.0;
    std::string text = format_shortest_fixed(percent) + "%";
    if (text.size() <= 24 && reads_back([&] { return parse_percent(text); }, fraction)) {
        return text;
    }
    return format_shortest(percent) + "%";
}

std::string exact_quantity_text(double base, Dimension dimension) {
    std::string best;
    // Ranked by a value from 1 to below 1000 in its unit ("1 PB" over
    // "1000 TB" or "0.001 EB", "800 W" over "0.8 kW"), then by significant
    // digits ("195.6 PiB" over "220.2216... PB"), then by length.
    std::tuple<int, int, std::size_t> best_rank{1, 99, 0};
    // In each unit the candidate is the shortest fixed-point text of the
    // value (std::to_chars); it counts only if it reads back to exactly
    // `base` (value × factor can land on a neighbouring double).
    for (const AnyUnit& u : writable_units(dimension)) {
        const double v = base / u.factor;
        const std::string number = format_shortest_fixed(v);
        if (number.size() > 24) {
            continue; // "0.000000000000000001 EB" is no way to write 1 B
        }
        const std::string text = number + " " + std::string(u.symbol);
        if (!reads_back([&] { return parse_quantity_base(text, dimension); }, base)) {
            continue;
        }
        const std::tuple<int, int, std::size_t> rank{v >= 1.0 && v < 1000.0 ? 0 : 1,
                                                     significant_digits(number), text.size()};
        if (best.empty() || rank < best_rank) {
            best = text;
            best_rank = rank;
        }
    }
    if (best.empty()) {
        // The shortest round trip of the base value; the base unit's factor is 1.
        best = format_shortest(base) + " " + std::string(writable_units(dimension).front().symbol);
    }
    return best;
}

std::string scenario_to_json(const Scenario& s) {
    // Field by field in table order, which is the order of the keys in the file.
    json j = json::object();
    for (const ScenarioField& f : scenario_fields()) {
        for (std::size_t i = 0; i < field_count(f, s); ++i) {
            keep_empty_objects(j, f, s, i);
            const FieldData v = f.get(s, i);
            if (!std::holds_alternative<std::monostate>(v)) {
                at_path(j, field_path(f, i)) = value_json(f, v);
            }
        }
    }
    if (s.prices) { // beside the field table, as the reader reads it
        j["prices"] = detail::price_book_json(*s.prices);
    }
    return j.dump(2) + "\n";
}

} // namespace podsizer

#include "podsizer/catalog/scenario_io.hpp"

#include "json_node.hpp"
#include "podsizer/catalog/price_book_io.hpp"
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/catalog/validate.hpp"
#include "podsizer/core/extrapolation.hpp"
#include "price_book_reader.hpp"
#include "scenario_objects.hpp"
#include "scenario_reader.hpp"

#include <charconv>
#include <cmath>
#include <fmt/format.h>

namespace podsizer {

using detail::Node;

namespace {

/// A side of a C:D ratio: a plain decimal above zero. Digits and one point
/// only, as a count is written: "1e300:1" read as a bound of 10^300, which is
/// a typo (fourth red-team round, D12).
double parse_positive_number(std::string_view s, bool& ok) {
    ok = !s.empty() && s.find_first_not_of("0123456789.") == std::string_view::npos;
    if (!ok) {
        return 0.0;
    }
    double v = 0.0;
    const auto res = std::from_chars(s.data(), s.data() + s.size(), v);
    ok = res.ec == std::errc() && res.ptr == s.data() + s.size() && std::isfinite(v) && v > 0.0;
    return v;
}

Ratio read_ratio(const Node& n) {
    if (n.is_number()) {
        const double v = n.number();
        if (!(v > 0.0)) {
            n.fail("expected a C:D ratio above zero such as \"1:2\"");
        }
        return Ratio{v, format_number(v, 2)};
    }
    return parse_ratio(n.text(), n.where());
}

/// The string at `n` read by a core parser, whose unlocated InputError is located here.
double parsed_text(const Node& n, double (*parse)(std::string_view)) {
    const std::string text = n.text();
    try {
        return parse(text);
    } catch (const InputError& e) {
        n.fail(e.message());
    }
}

/// A percentage written as a string ("5%").
double read_percent(const Node& n, const ScenarioField& f) {
    if (n.is_number()) {
        if (f.noun.empty()) {
            n.fail("expected a percentage as a string such as \"10%\"");
        }
        n.fail(n.raw().dump() + " has no % sign; expected " + std::string(f.noun) +
               " as a string such as \"5%\"");
    }
    return parsed_text(n, parse_percent);
}

FieldData read_choice(const Node& n, const ScenarioField& f) {
    if (!n.is_string() && f.range_text.find("{}") == std::string_view::npos) {
        n.fail(std::string(f.range_text));
    }
    return n.text();
}

/// A number, or else text read by `parse`.
FieldData number_or(const Node& n, double (*parse)(std::string_view)) {
    return n.is_number() ? n.number() : parsed_text(n, parse);
}

/// The value's JSON type and syntax, by the field's kind.
FieldData parse_value(const Node& n, const ScenarioField& f) {
    switch (f.kind) {
    case FieldKind::count:
        return n.count(static_cast<std::int64_t>(f.bounds.min));
    case FieldKind::number:
        return n.number();
    case FieldKind::quantity:
        return n.quantity_base(f.dimension);
    case FieldKind::quantity_or_auto:
        if (n.is_string() && n.text() == "auto") {
            return std::string("auto");
        }
        return n.quantity_base(f.dimension);
    case FieldKind::id:
        return n.id();
    case FieldKind::ratio:
        return read_ratio(n);
    case FieldKind::boolean:
        return n.boolean();
    case FieldKind::text:
        // A name is one line: a title, a table row, a sheet header.
        return is_name_field(f) ? n.name() : n.text();
    case FieldKind::cnodes:
        return n.is_string() ? FieldData{n.text()} : FieldData{n.count(1)};
    case FieldKind::percent:
        return read_percent(n, f);
    case FieldKind::params:
        return number_or(n, parse_param_count);
    case FieldKind::number_or_id:
        if (f.ids != IdList::none) {
            return n.is_number() ? FieldData{n.number()} : FieldData{n.id()};
        }
        return number_or(n, parse_bytes_per_param);
    case FieldKind::choice:
        return read_choice(n, f);
    }
    n.fail("unsupported field");
}

/// One value: its JSON form here, then the field's rules (field_problem).
FieldData read_value(const Node& n, const ScenarioField& f, const Catalog& cat) {
    FieldData v = parse_value(n, f);
    const std::string shown = n.is_string() ? n.text() : n.raw().dump();
    const std::string problem = field_problem(f, v, shown, cat);
    if (!problem.empty()) {
        n.fail(problem);
    }
    return v;
}

class Reader {
public:
    Reader(const Catalog& cat, Scenario& s) : cat_(cat), s_(s) {}

    /// Reads the object at `n` whose members are the fields under `prefix`.
    void object(const Node& n, std::string_view prefix, std::size_t index) {
        n.require_object();
        const std::vector<detail::Member> members = detail::members_at(prefix);
        std::vector<std::string_view> keys;
        for (const detail::Member& m : members) {
            keys.push_back(m.key);
        }
        if (prefix.empty()) {
            keys.push_back("prices"); // read beside the field table (read_prices)
        }
        n.check_fields(keys);
        const auto* self = detail::find_scenario_object(prefix.substr(0, prefix.size() - 1));
        if (self != nullptr && self->check != nullptr) {
            self->check(n);
        }
        for (const detail::Member& m : members) {
            member(n, m, index);
        }
    }

private:
    void member(const Node& n, const detail::Member& m, std::size_t index) {
        const auto* object = detail::find_scenario_object(m.pattern);
        const bool required = object != nullptr ? object->required : m.field->required;
        const auto child = n.find(m.key);
        if (!child) {
            if (required) {
                (void)n.at(m.key);
            }
            return;
        }
        switch (m.shape) {
        case detail::Member::Shape::value:
            if (const auto* list_form = detail::list_form_of(m); list_form && child->is_array()) {
                const detail::Member as_list{m.key, detail::Member::Shape::object_list,
                                             list_form->pattern, m.field};
                list(*child, as_list, *list_form);
                break;
            }
            m.field->set(s_, index, read_value(*child, *m.field, cat_));
            break;
        case detail::Member::Shape::object:
            element(*child, *object, index);
            break;
        case detail::Member::Shape::object_list:
        case detail::Member::Shape::value_list:
            list(*child, m, *object);
            break;
        }
    }

    void element(const Node& n, const detail::ScenarioObject& object, std::size_t index) {
        object.open(s_, index);
        this->object(n, std::string(object.pattern) + ".", index);
        if (object.close != nullptr) {
            object.close(s_, index);
        }
    }

    void list(const Node& n, const detail::Member& m, const detail::ScenarioObject& object) {
        if (n.is_array() && object.max_items > 0 && n.raw().size() > object.max_items) {
            n.fail(fmt::format("has {} {}; expected at most {} (split the scenario into several "
                               "files)",
                               n.raw().size(), object.noun, object.max_items));
        }
        if (n.is_array() && n.raw().empty() && !object.empty_text.empty()) {
            n.fail(std::string(object.empty_text));
        }
        const std::vector<Node> items = n.items();
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (m.shape == detail::Member::Shape::value_list) {
                m.field->set(s_, i, read_value(items[i], *m.field, cat_));
            } else {
                element(items[i], object, i);
            }
        }
    }

    const Catalog& cat_;
    Scenario& s_;
};

/// The scenario's `prices` (docs/cost.md §1): a price book in the scenario.
/// A file's path is read by take_own_catalog, which has the scenario's
/// directory, and replaced by the book it holds before this reader runs.
void read_prices(const Node& root, Scenario& s) {
    const std::optional<Node> prices = root.is_object() ? root.find("prices") : std::nullopt;
    if (!prices) {
        return;
    }
    if (prices->is_string()) {
        prices->fail("names a price-book file, which this reader cannot find without the "
                     "scenario's directory; expected a reader that resolves it "
                     "(load_scenario_with_catalog, as every podsizer command and the GUI use)");
    }
    s.prices = detail::read_price_book(*prices);
}

} // namespace

Ratio parse_ratio(std::string_view text, const std::string& where) {
    const std::string shown = "\"" + std::string(text) + "\"";
    const auto colon = text.find(':');
    bool ok = false;
    if (colon == std::string_view::npos) {
        const double v = parse_positive_number(text, ok);
        if (ok) {
            return Ratio{v, std::string(text)};
        }
    } else {
        bool ok_c = false;
        bool ok_d = false;
        const double c = parse_positive_number(text.substr(0, colon), ok_c);
        const double d = parse_positive_number(text.substr(colon + 1), ok_d);
        // "1e300:1e-300" is two fine numbers whose ratio is not (infinite or zero).
        if (ok_c && ok_d && std::isfinite(c / d) && c / d > 0.0) {
            return Ratio{c / d, std::string(text)};
        }
    }
    throw InputError(where, shown +
                                " is not a C:D ratio; expected C-nodes:D-boxes such as \"1:2\" or "
                                "\"2.5:1\", both plain decimals above zero");
}

Scenario detail::read_scenario(const json& doc, const std::string& origin, const Catalog& catalog,
                               Diagnostics* diag) {
    const Node root = detail::root(doc, origin, diag);
    // A scenario's own catalog (scenario_catalog.hpp) changes the catalog it
    // is sized with, which a caller of this reader does not get back: it must
    // not pass for an unknown field and then fail on the ids it defines.
    if (root.is_object()) {
        if (const std::optional<Node> own = root.find("catalog")) {
            own->fail("the scenario carries its own catalog entries, which this reader cannot "
                      "use; expected a reader that merges them (load_scenario_with_catalog, "
                      "as every podsizer command and the GUI use)");
        }
    }
    // Before the fields' warnings: a price book or catalog is one error.
    check_schema(root, "podsizer-scenario/1");
    Scenario s;
    Reader(catalog, s).object(root, "", 0);
    read_prices(root, s);
    if (s.prices) { // the book's items against the catalog it is sized with
        check_price_book_items(*s.prices, catalog, origin + ": $.prices");
    }
    // The rules between fields, the same the GUI checks its form with.
    const std::vector<Problem> problems = validate(s, catalog);
    if (!problems.empty()) {
        throw InputError(origin + ": " + problems.front().path.to_string(),
                         problems.front().message);
    }
    return s;
}

Scenario parse_scenario(std::string_view text, const std::string& origin, const Catalog& catalog,
                        Diagnostics* diag) {
    return detail::read_scenario(detail::parse_json_text(text, origin), origin, catalog, diag);
}

Scenario load_scenario(const std::string& path, const Catalog& catalog, Diagnostics* diag) {
    return parse_scenario(read_text_file(path), path, catalog, diag);
}

} // namespace podsizer

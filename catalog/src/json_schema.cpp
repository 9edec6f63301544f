// JSON Schema (draft 2020-12) from the scenario field table and the catalog
// field list. The readers stay the specification: the schema says no more
// than they check, and a test validates every example and the default
// catalog against it with python3-jsonschema (docs/scenario-format.md).
#include "podsizer/catalog/json_schema.hpp"

#include "podsizer/catalog/catalog_fields.hpp"
#include "podsizer/catalog/scenario_fields.hpp"
#include "scenario_objects.hpp"

#include <charconv>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

namespace podsizer {

namespace {

using json = nlohmann::ordered_json;

constexpr std::string_view kDraft = "https://json-schema.org/draft/2020-12/schema";

void add_bounds(json& j, const Bounds& b, bool integer) {
    auto value = [&](double v) { return integer ? json(static_cast<std::int64_t>(v)) : json(v); };
    if (std::isfinite(b.min)) {
        j[b.min_open ? "exclusiveMinimum" : "minimum"] = value(b.min);
    }
    if (std::isfinite(b.max)) {
        j[b.max_open ? "exclusiveMaximum" : "maximum"] = value(b.max);
    }
}

json number_schema(const Bounds& b, bool integer) {
    json j{{"type", integer ? "integer" : "number"}};
    add_bounds(j, b, integer);
    return j;
}

/// An id: a non-empty string without spaces, as Node::id reads it.
json id_schema(const std::vector<std::string>& examples, bool allows_auto) {
    json j{{"type", "string"}, {"pattern", "^[^ \\t\\n]+$"}};
    json ex = examples;
    if (allows_auto) {
        ex.push_back("auto");
    }
    if (!ex.empty()) {
        j["examples"] = ex;
    }
    return j;
}

json quantity_schema(Dimension d) {
    return json{{"type", "string"}, {"examples", json::array({dimension_example(d)})}};
}

json kind_schema(const ScenarioField& f, const Catalog& cat) {
    switch (f.kind) {
    case FieldKind::count:
        return number_schema(f.bounds, true);
    case FieldKind::number:
        return number_schema(f.bounds, false);
    case FieldKind::quantity:
        return quantity_schema(f.dimension);
    case FieldKind::quantity_or_auto: {
        json j = quantity_schema(f.dimension);
        j["examples"].push_back("auto");
        return j;
    }
    case FieldKind::id:
        return id_schema(catalog_ids(cat, f.ids), f.allows_auto);
    case FieldKind::ratio:
        return json{
            {"anyOf",
             json::array({json{{"type", "string"}, {"examples", {"1:2", "2.5:1"}}},
                          number_schema(Bounds{0.0, std::numeric_limits<double>::infinity(), true},
                                        false)})}};
    case FieldKind::boolean:
        return json{{"type", "boolean"}};
    case FieldKind::text:
        return f.required ? json{{"type", "string"}, {"pattern", "[^ \\t\\r\\n]"}}
                          : json{{"type", "string"}};
    case FieldKind::cnodes:
        return json{{"anyOf", json::array({number_schema(f.bounds, true),
                                           json{{"enum", {"knee", "auto"}}}})}};
    case FieldKind::percent:
        return json{{"type", "string"}, {"pattern", "%\\s*$"}, {"examples", {"5%"}}};
    case FieldKind::params:
        return json{{"anyOf", json::array({json{{"type", "string"}, {"examples", {"1.8T", "70B"}}},
                                           number_schema(f.bounds, false)})}};
    case FieldKind::number_or_id: {
        json text = f.ids == IdList::none ? json{{"type", "string"}}
                                          : id_schema(catalog_ids(cat, f.ids), false);
        return json{{"anyOf", json::array({number_schema(f.bounds, false), text})}};
    }
    case FieldKind::choice:
        return json{{"enum", f.choices}};
    }
    return json::object();
}

json default_json(const ScenarioField& f) {
    const std::string_view text = f.default_text;
    switch (f.kind) {
    case FieldKind::count: {
        std::int64_t v = 0;
        std::from_chars(text.data(), text.data() + text.size(), v);
        return v;
    }
    case FieldKind::boolean:
        return text == "true";
    case FieldKind::number:
    case FieldKind::number_or_id: {
        double v = 0.0;
        std::from_chars(text.data(), text.data() + text.size(), v);
        return v;
    }
    default:
        return text;
    }
}

json field_schema(const ScenarioField& f, const Catalog& cat) {
    json j;
    if (!f.label.empty()) {
        j["title"] = f.label;
    }
    if (!f.help.empty()) {
        j["description"] = f.help;
    }
    if (!f.default_text.empty()) {
        j["default"] = default_json(f);
    }
    const json kind = kind_schema(f, cat);
    for (const auto& [key, value] : kind.items()) {
        j[key] = value;
    }
    return j;
}

/// An object of `props` and no other keys: the readers warn about unknown
/// fields (a typo must not pass silently); an editor can mark them at once.
/// Keys starting with "_" are comments: the readers skip them without a
/// warning (docs/scenario-format.md), so the schema takes any value there.
json closed_object(json props, json required = json::array()) {
    json j{{"type", "object"}, {"properties", std::move(props)}};
    if (!required.empty()) {
        j["required"] = std::move(required);
    }
    j["patternProperties"] = json{{"^_", json::object()}};
    j["additionalProperties"] = false;
    return j;
}

json object_schema(std::string_view prefix, const Catalog& cat);

json list_schema(const detail::Member& m, const detail::ScenarioObject& o, const Catalog& cat) {
    json j{{"type", "array"}};
    if (m.shape == detail::Member::Shape::value_list) {
        j["items"] = field_schema(*m.field, cat);
        j["uniqueItems"] = true; // a reference system may be listed once
    } else {
        j["items"] = object_schema(std::string(m.pattern) + ".", cat);
    }
    if (o.required) {
        j["minItems"] = 1;
    }
    if (o.max_items > 0) {
        j["maxItems"] = o.max_items;
    }
    return j;
}

json object_schema(std::string_view prefix, const Catalog& cat) {
    json props = json::object();
    json required = json::array();
    for (const detail::Member& m : detail::members_at(prefix)) {
        const detail::ScenarioObject* o = detail::find_scenario_object(m.pattern);
        const std::string key(m.key);
        switch (m.shape) {
        case detail::Member::Shape::value:
            props[key] = field_schema(*m.field, cat);
            if (const detail::ScenarioObject* list_form = detail::list_form_of(m)) {
                const detail::Member as_list{m.key, detail::Member::Shape::object_list,
                                             list_form->pattern, m.field};
                props[key] = json{{"anyOf", {props[key], list_schema(as_list, *list_form, cat)}}};
            }
            break;
        case detail::Member::Shape::object:
            props[key] = object_schema(std::string(m.pattern) + ".", cat);
            break;
        case detail::Member::Shape::object_list:
        case detail::Member::Shape::value_list:
            props[key] = list_schema(m, *o, cat);
            break;
        }
        if (o != nullptr ? o->required : m.field->required) {
            required.push_back(key);
        }
    }
    return closed_object(props, required);
}

json source_schema() {
    return closed_object(
        {{"kind",
          {{"enum", {"spec", "vendor", "paper", "press", "customer", "derived", "assumption"}}}},
         {"ref", {{"type", "string"}}},
         {"note", {{"type", "string"}}}},
        json::array({"kind"}));
}

/// A number's bounds within a type's own: a fraction is from 0 up to 1,
/// and its row may narrow that; a count's maximum is its member's.
Bounds number_bounds(const CatalogFieldInfo& f) {
    Bounds b = f.bounds;
    if (f.type == CatalogType::count) {
        b.max = f.wide_count ? 1e15 : 1e6;
    }
    if (f.type == CatalogType::fraction) {
        if (b.min < 0.0) {
            b.min = 0.0;
            b.min_open = false;
        }
        if (b.max > 1.0) {
            b.max = 1.0;
            b.max_open = true;
        }
    }
    return b;
}

json catalog_field_schema(const CatalogFieldInfo& f, const std::vector<std::string_view>& names) {
    using T = CatalogType;
    switch (f.type) {
    case T::id: {
        json j = id_schema({}, false);
        if (f.name == "id") { // an entry's own id: never a scenario's word
            j["not"] = json{{"enum", reserved_ids()}};
        }
        return j;
    }
    case T::line:
    case T::text:
        return json{{"type", "string"}};
    case T::quantity:
    case T::quantity_any:
    case T::height:
        return quantity_schema(f.dimension);
    case T::count:
        return number_schema(number_bounds(f), true);
    case T::number:
    case T::fraction:
        return number_schema(number_bounds(f), false);
    case T::boolean:
        return json{{"type", "boolean"}};
    case T::quantities:
        return json{{"type", "array"}, {"items", quantity_schema(f.dimension)}, {"minItems", 1}};
    case T::stripe_steps: {
        const json step = number_schema(Bounds{1.0, 1e6}, true);
        return json{{"type", "array"},
                    {"items", closed_object({{"min_dboxes", step}, {"data_strips", step}},
                                            {"min_dboxes", "data_strips"})},
                    {"minItems", 1}};
    }
    case T::port_modes: {
        const json mode = closed_object({{"speed", quantity_schema(Dimension::throughput)},
                                         {"ports", number_schema(Bounds{2.0, 1e6}, true)}},
                                        {"speed", "ports"});
        return json{{"type", "array"}, {"items", mode}, {"minItems", 1}};
    }
    case T::switch_roles:
        return json{{"type", "array"},
                    {"items", {{"enum", {"leaf", "spine", "super_spine"}}}},
                    {"minItems", 1},
                    {"uniqueItems", true}};
    case T::basis:
        return json{{"enum", {"per_su", "per_gpu"}}};
    case T::source:
        return source_schema();
    case T::field_sources:
        return json{{"type", "object"},
                    {"propertyNames", {{"enum", names}}},
                    {"additionalProperties", source_schema()}};
    }
    return json::object();
}

/// A schema file's text: the draft, `title` and `description`, then `root`'s keys.
std::string document_schema(std::string_view title, std::string_view description,
                            const json& root) {
    json j{{"$schema", kDraft}, {"title", title}, {"description", description}};
    for (const auto& [key, value] : root.items()) {
        j[key] = value;
    }
    return j.dump(2) + "\n";
}

template <class M> json catalog_entry_schema(const CatalogKind<M>& kind) {
    std::vector<std::string_view> names;
    for (const CatalogField<M>& f : kind.fields) {
        names.push_back(f.name);
    }
    json props = json::object();
    json required = json::array();
    for (const CatalogField<M>& f : kind.fields) {
        props[std::string(f.name)] = catalog_field_schema(field_info(f), names);
        if (f.required) {
            required.push_back(f.name);
        }
    }
    return closed_object(props, required);
}

} // namespace

std::string catalog_json_schema() {
    json props{{"schema", {{"const", "podsizer-catalog/1"}}}};
    for_each_catalog_kind([&](const auto& kind) {
        props[std::string(kind.key)] =
            json{{"type", "array"}, {"items", catalog_entry_schema(kind)}, {"maxItems", 10000}};
    });
    const json id = id_schema({}, false);
    props["defaults"] = closed_object({{"rack", id}, {"switch", id}, {"failure_rate", id}});
    props["$schema"] = json{{"type", "string"}};
    return document_schema("podsizer catalog",
                           "A podsizer-catalog/1 document (docs/scenario-format.md). Generated "
                           "from the catalog field list; do not edit.",
                           closed_object(props));
}

std::string scenario_json_schema(const Catalog& catalog) {
    json root = object_schema("", catalog);
    // Read beside the field table (scenario_catalog.hpp): a catalog document,
    // a catalog file's path relative to the scenario, or a list of those.
    root["properties"]["catalog"] =
        json{{"type", {"object", "string", "array"}},
             {"description", "The scenario's own catalog entries, merged over the catalog: a "
                             "podsizer-catalog/1 document, the path of a catalog file relative to "
                             "the scenario, or a list of those."}};
    // Read beside the field table too (scenario_io.cpp, read_prices).
    root["properties"]["prices"] =
        json{{"type", {"object", "string"}},
             {"description", "The user's prices (docs/cost.md): a podsizer-prices/1 price book "
                             "(price-book.schema.json) or the path of a price-book file relative "
                             "to the scenario."}};
    return document_schema("podsizer scenario",
                           "A podsizer-scenario/1 document (docs/scenario-format.md). Generated "
                           "from the scenario field table; do not edit.",
                           root);
}

} // namespace podsizer

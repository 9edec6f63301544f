#include "podsizer/catalog/catalog_write.hpp"

#include "json_node.hpp"
#include "podsizer/catalog/catalog_fields.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

namespace podsizer {

namespace {

using detail::json;
using ordered = nlohmann::ordered_json;
using Keys = std::vector<std::string>;

const Keys kEntryFirst{"id", "name"};
const Keys kEntryLast{"source", "field_sources"};

bool contains(const Keys& keys, const std::string& k) {
    return std::find(keys.begin(), keys.end(), k) != keys.end();
}

/// `first` (those present), the other keys in name order, then `last`.
Keys key_order(const json& object, const Keys& first, const Keys& last) {
    Keys keys;
    for (const std::string& k : first) {
        if (object.contains(k)) {
            keys.push_back(k);
        }
    }
    for (const auto& item : object.items()) { // nlohmann::json keeps keys sorted
        if (!contains(first, item.key()) && !contains(last, item.key())) {
            keys.push_back(item.key());
        }
    }
    for (const std::string& k : last) {
        if (object.contains(k)) {
            keys.push_back(k);
        }
    }
    return keys;
}

ordered in_reading_order(const json& v, const Keys& first = kEntryFirst,
                         const Keys& last = kEntryLast) {
    if (v.is_object()) {
        ordered out = ordered::object();
        for (const std::string& k : key_order(v, first, last)) {
            out[k] = in_reading_order(v.at(k));
        }
        return out;
    }
    if (v.is_array()) {
        ordered out = ordered::array();
        for (const json& e : v) {
            out.push_back(in_reading_order(e));
        }
        return out;
    }
    switch (v.type()) {
    case json::value_t::string:
        return v.get<std::string>();
    case json::value_t::boolean:
        return v.get<bool>();
    case json::value_t::number_integer:
        return v.get<std::int64_t>();
    case json::value_t::number_unsigned:
        return v.get<std::uint64_t>();
    case json::value_t::number_float: {
        // A whole number reads as one ("racks_per_eb": 220), whichever way it
        // was stored.
        const double d = v.get<double>();
        if (std::floor(d) == d && std::abs(d) < 1e15) {
            return static_cast<std::int64_t>(d);
        }
        return d;
    }
    default:
        return nullptr;
    }
}

} // namespace

std::string catalog_document_text(std::string_view text, const std::string& origin) {
    json doc = detail::parse_json_text(text, origin);
    doc["schema"] = "podsizer-catalog/1";
    Keys first{"schema"};
    for (const CatalogKindName& kind : catalog_kind_names()) {
        first.emplace_back(kind.key);
    }
    first.emplace_back("defaults");
    return in_reading_order(doc, first, {}).dump(2) + "\n";
}

std::string catalog_entry_text(std::string_view text, const std::string& origin) {
    return in_reading_order(detail::parse_json_text(text, origin)).dump(2);
}

} // namespace podsizer

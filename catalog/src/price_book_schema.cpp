// The JSON Schema of a price book (docs/cost.md §1). The parts (an item,
// the site, a GPU-hour, the cloud) come from the rows the reader and writer
// use (price_book_io.cpp); this file holds the document around them. Editors
// read it; the schema tests validate examples/prices-*.json with it and
// check the committed copy in schemas/ is this text.
#include "podsizer/catalog/json_schema.hpp"
#include "price_book_reader.hpp"

#include <nlohmann/json.hpp>

namespace podsizer {

std::string price_book_json_schema() {
    using json = nlohmann::json; // keys sorted, as the generated schemas are
    const json text{{"type", "string"}};
    // Amounts: numbers of the book's currency, 0 to 10^12 (kMaxPrice). Shares:
    // percent strings as in a scenario ("10%"). Field sources: a source a field,
    // as a catalog entry's, declared once for every part that takes them; its
    // "_" keys are comments the reader skips, as everywhere else.
    const json source{
        {"type", "object"},
        {"required", json::array({"kind"})},
        {"properties",
         {{"kind",
           {{"enum", {"spec", "vendor", "paper", "press", "customer", "derived", "assumption"}}}},
          {"ref", text},
          {"note", text}}},
        {"patternProperties", {{"^_", json::object()}}},
        {"additionalProperties", false}};
    json schema{{"$schema", "https://json-schema.org/draft/2020-12/schema"},
                {"title", "podsizer price book"},
                {"description",
                 "A podsizer-prices/1 document (docs/cost.md): the user's prices. Every "
                 "part carries a source like a catalog figure."},
                {"type", "object"},
                {"required", json::array({"currency"})},
                {"properties",
                 {{"$schema", text},
                  {"schema", {{"const", "podsizer-prices/1"}}},
                  {"currency",
                   {{"type", "string"},
                    {"pattern", "^[A-Z]{3}$"},
                    {"description", "ISO 4217 code, such as USD"}}},
                  {"items", {{"type", "array"}, {"maxItems", 10000}}}}},
                {"$defs",
                 {{"amount", {{"type", "number"}, {"minimum", 0}, {"maximum", 1e12}}},
                  {"share", {{"type", "string"}, {"pattern", "^[0-9]+(\\.[0-9]+)?%$"}}},
                  {"source", source},
                  {"field_sources",
                   {{"type", "object"}, {"additionalProperties", {{"$ref", "#/$defs/source"}}}}}}},
                {"patternProperties", {{"^_", json::object()}}},
                {"additionalProperties", false}};
    detail::add_price_book_parts(schema);
    return schema.dump(2) + "\n";
}

} // namespace podsizer

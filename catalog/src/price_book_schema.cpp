// The JSON Schema of a price book (docs/cost.md §1). The parts (an item,
// the site, a GPU-hour, the cloud) come from the rows the reader and writer
// use (price_book_io.cpp); this file holds the document around them. Editors
// read it; the schema tests validate examples/prices-*.json with it and
// check the committed copy in schemas/ is this text.
#include "podsizer/catalog/json_schema.hpp"
#include "price_book_reader.hpp"

#include <nlohmann/json.hpp>

namespace podsizer {

namespace {

// Amounts: numbers of the book's currency, 0 to 10^12 (kMaxPrice). Shares:
// percent strings as in a scenario ("10%"). Field sources: a source a field,
// as a catalog entry's, declared once for every part that takes them.
constexpr const char* kSchema = R"json({
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "podsizer price book",
  "description": "A podsizer-prices/1 document (docs/cost.md): the user's prices. Every part carries a source like a catalog figure.",
  "type": "object",
  "required": [
    "currency"
  ],
  "properties": {
    "$schema": {
      "type": "string"
    },
    "schema": {
      "const": "podsizer-prices/1"
    },
    "currency": {
      "type": "string",
      "pattern": "^[A-Z]{3}$",
      "description": "ISO 4217 code, such as USD"
    },
    "items": {
      "type": "array",
      "maxItems": 10000
    }
  },
  "$defs": {
    "amount": {
      "type": "number",
      "minimum": 0,
      "maximum": 1000000000000.0
    },
    "share": {
      "type": "string",
      "pattern": "^[0-9]+(\\.[0-9]+)?%$"
    },
    "source": {
      "type": "object",
      "required": [
        "kind"
      ],
      "properties": {
        "kind": {
          "enum": [
            "spec",
            "vendor",
            "paper",
            "press",
            "customer",
            "derived",
            "assumption"
          ]
        },
        "ref": {
          "type": "string"
        },
        "note": {
          "type": "string"
        }
      },
      "additionalProperties": false
    },
    "field_sources": {
      "type": "object",
      "additionalProperties": {
        "$ref": "#/$defs/source"
      }
    }
  },
  "patternProperties": {
    "^_": {}
  },
  "additionalProperties": false
})json";

} // namespace

std::string price_book_json_schema() {
    // Parsed and dumped as the generated schemas are: keys sorted, two spaces.
    nlohmann::json schema = nlohmann::json::parse(kSchema);
    detail::add_price_book_parts(schema);
    return schema.dump(2) + "\n";
}

} // namespace podsizer

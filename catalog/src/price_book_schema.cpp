// The JSON Schema of a price book (docs/cost.md §1). The reader
// (price_book_io.cpp) is the authority; this schema says the same for
// editors, and the schema tests validate examples/prices-*.json with it and
// check the committed copy in schemas/ is this text.
#include "podsizer/catalog/json_schema.hpp"

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
      "maxItems": 10000,
      "items": {
        "type": "object",
        "required": [
          "id",
          "unit_price",
          "source"
        ],
        "properties": {
          "id": {
            "type": "string",
            "description": "a catalog id: C-node, D-box, switch or rack model, or a part of the bill of materials (cable, transceiver, PDU, ...)"
          },
          "drive": {
            "type": "string",
            "description": "a D-box priced with this drive option only, such as \"61.44 TB\""
          },
          "unit_price": {
            "$ref": "#/$defs/amount",
            "description": "list price of one unit"
          },
          "discount": {
            "$ref": "#/$defs/share",
            "description": "share off the list price"
          },
          "support_per_year": {
            "$ref": "#/$defs/amount",
            "description": "support a year per unit"
          },
          "support_share": {
            "$ref": "#/$defs/share",
            "description": "support a year as a share of the net price"
          },
          "licence_per_usable_tb_year": {
            "$ref": "#/$defs/amount"
          },
          "sku": {
            "type": "string"
          },
          "source": {
            "$ref": "#/$defs/source"
          }
        },
        "not": {
          "required": [
            "support_per_year",
            "support_share"
          ]
        },
        "patternProperties": {
          "^_": {}
        },
        "additionalProperties": false
      }
    },
    "site": {
      "type": "object",
      "required": [
        "source"
      ],
      "properties": {
        "energy_per_kwh": {
          "$ref": "#/$defs/amount"
        },
        "space_per_rack_month": {
          "$ref": "#/$defs/amount"
        },
        "space_per_kw_month": {
          "$ref": "#/$defs/amount"
        },
        "years": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100
        },
        "discount_rate": {
          "$ref": "#/$defs/share"
        },
        "source": {
          "$ref": "#/$defs/source"
        },
        "field_sources": { "$ref": "#/$defs/field_sources" }
      },
      "not": {
        "required": [
          "space_per_rack_month",
          "space_per_kw_month"
        ]
      },
      "patternProperties": {
        "^_": {}
      },
      "additionalProperties": false
    },
    "gpu_hour": {
      "type": "object",
      "required": [
        "price",
        "source"
      ],
      "properties": {
        "price": {
          "$ref": "#/$defs/amount"
        },
        "source": {
          "$ref": "#/$defs/source"
        }
      },
      "patternProperties": {
        "^_": {}
      },
      "additionalProperties": false
    },
    "cloud": {
      "type": "object",
      "required": [
        "source"
      ],
      "properties": {
        "per_gb_month": {
          "type": "object",
          "maxProperties": 100,
          "additionalProperties": {
            "$ref": "#/$defs/amount"
          }
        },
        "tier": {
          "type": "string"
        },
        "egress_per_gb": {
          "$ref": "#/$defs/amount"
        },
        "egress": {
          "type": "object",
          "required": [
            "route"
          ],
          "properties": {
            "route": {
              "enum": [
                "internet",
                "private_link"
              ]
            },
            "tiers": {
              "type": "array",
              "minItems": 1,
              "maxItems": 100,
              "items": {
                "type": "object",
                "required": [
                  "per_gb"
                ],
                "properties": {
                  "up_to": {
                    "type": "string"
                  },
                  "per_gb": {
                    "$ref": "#/$defs/amount"
                  }
                },
                "additionalProperties": false
              }
            },
            "per_gb": {
              "$ref": "#/$defs/amount"
            }
          },
          "oneOf": [
            {
              "required": [
                "tiers"
              ]
            },
            {
              "required": [
                "per_gb"
              ]
            }
          ],
          "additionalProperties": false
        },
        "per_10k_operations": {
          "$ref": "#/$defs/amount"
        },
        "read_out_share_per_month": {
          "$ref": "#/$defs/share"
        },
        "request_size": {
          "type": "string"
        },
        "source": {
          "$ref": "#/$defs/source"
        },
        "field_sources": { "$ref": "#/$defs/field_sources" }
      },
      "dependentRequired": {
        "per_gb_month": [
          "tier"
        ]
      },
      "patternProperties": {
        "^_": {}
      },
      "additionalProperties": false
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
    return nlohmann::json::parse(kSchema).dump(2) + "\n";
}

} // namespace podsizer

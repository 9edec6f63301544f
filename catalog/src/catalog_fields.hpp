// The fields of each catalog list ("cnodes", "dboxes", …): the reader's
// unknown-field check and field_sources names, and the catalog JSON Schema,
// come from this one list (docs/scenario-format.md). Private to podsizer::catalog.
#pragma once

#include "podsizer/core/units.hpp"

#include <span>
#include <string_view>
#include <vector>

namespace podsizer::detail {

enum class CatalogType {
    id,            ///< a non-empty string without spaces
    text,          ///< free text
    quantity,      ///< a string with a unit of `dimension`
    count,         ///< a whole number from `min` to 1,000,000
    number,        ///< a plain number
    fraction,      ///< a number from 0 up to (not including) 1
    boolean,       ///< true or false
    quantities,    ///< a non-empty array of quantities
    stripe_steps,  ///< the erasure-coding steps
    port_modes,    ///< a switch's port modes: [{"speed", "ports"}]
    switch_roles,  ///< a non-empty array of "leaf", "spine", "super_spine"
    basis,         ///< "per_su" or "per_gpu"
    source,        ///< where a figure comes from
    field_sources, ///< a source per field
};

struct CatalogField {
    std::string_view name;
    CatalogType type = CatalogType::text;
    Dimension dimension = Dimension::capacity; ///< for quantity and quantities
    bool required = true;
    int min = 0; ///< for count
};

struct CatalogList {
    std::string_view key; ///< "cnodes"
    std::span<const CatalogField> fields;
};

/// The lists of a catalog document, in the order the reader merges them.
std::span<const CatalogList> catalog_lists();

/// The field names of the list `key`, for unknown-field warnings.
std::vector<std::string_view> catalog_field_names(std::string_view key);

} // namespace podsizer::detail

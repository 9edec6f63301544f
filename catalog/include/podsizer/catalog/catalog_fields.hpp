// The catalog field table: every field of every catalog kind ("cnodes",
// "dboxes", …) once, with the member it fills, its type, limits and how
// `catalog show` prints it. The reader (catalog_io.cpp), its unknown-field
// warnings and field_sources names, the JSON Schema (json_schema.cpp),
// `catalog show` (reports/catalog_report.cpp) and the GUI's catalog lists
// are derived from it, so adding a figure to a catalog entry is a member in
// core/catalog.hpp and a row in catalog_fields.cpp (docs/architecture.md).
//
// Rows hold member pointers over core's plain structs; core itself stays
// free of the table (and of JSON).
#pragma once

#include "podsizer/catalog/scenario_fields.hpp" // Bounds
#include "podsizer/core/catalog.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <variant>
#include <vector>

namespace podsizer {

namespace detail {
class Node; // the catalog reader's JSON value (private to podsizer::catalog)
}

enum class CatalogType {
    id,            ///< a non-empty string without spaces
    line,          ///< text on one line (names)
    text,          ///< free text
    quantity,      ///< a string with a unit, above zero
    quantity_any,  ///< a string with a unit, zero allowed
    height,        ///< a whole number of rack units, above 0 and at most 1,000
    count,         ///< a whole number from bounds.min (int: to 10^6, int64: to 10^15)
    number,        ///< a plain number within `bounds`
    fraction,      ///< a number from 0 up to (not including) 1, and within `bounds`
    boolean,       ///< true or false
    quantities,    ///< a non-empty array of quantities
    stripe_steps,  ///< the erasure-coding steps
    port_modes,    ///< a switch's port modes: [{"speed", "ports"}]
    switch_roles,  ///< a non-empty array of "leaf", "spine", "super_spine"
    basis,         ///< "per_su" or "per_gpu"
    source,        ///< where a figure comes from
    field_sources, ///< a source per field
};

/// How `catalog show` prints a field (and whether `catalog list` does).
struct CatalogShown {
    bool shown = false;
    std::optional<AnyUnit> unit{}; ///< quantities: the unit shown (of the member's dimension)
    int decimals = 0;
    bool key_figure = false;  ///< also in `catalog list`
    bool only_if_set = false; ///< left out when empty or zero
};

/// The members a row may fill.
template <class M>
using CatalogMember =
    std::variant<std::monostate, std::string M::*, int M::*, std::int64_t M::*, double M::*,
                 bool M::*, Power M::*, Throughput M::*, Capacity M::*, Duration M::*,
                 RackUnits M::*, std::vector<Capacity> M::*, std::vector<StripeStep> M::*,
                 std::vector<PortMode> M::*, unsigned M::*, PerformanceRule::Basis M::*>;

/// One field of a catalog entry of model type M.
template <class M> struct CatalogField {
    std::string_view name;
    CatalogType type = CatalogType::text;
    /// The member the reader fills and `catalog show` prints.
    CatalogMember<M> member{};
    bool required = true;
    Bounds bounds{};             ///< count: the minimum; number, fraction: the range
    std::string_view expected{}; ///< number, fraction: the message when out of `bounds`
    Dimension dimension = Dimension::capacity; ///< quantities without a member of their own
    CatalogShown shown{};
    /// A structured field (a list, the roles, the basis) or one checked
    /// against the fields before it: read by this function of the entry, in
    /// its place in the row order, instead of by its type.
    void (*read)(const detail::Node& entry, M& model) = nullptr;
};

/// A field without its member: what the schema and the unknown-field check need.
struct CatalogFieldInfo {
    std::string_view name;
    CatalogType type = CatalogType::text;
    bool required = true;
    Bounds bounds{};
    Dimension dimension = Dimension::capacity;
    bool wide_count = false; ///< a count held in 64 bits: up to 10^15, not 10^6
};

template <class M> CatalogFieldInfo field_info(const CatalogField<M>& f) {
    CatalogFieldInfo i{f.name, f.type, f.required, f.bounds, f.dimension};
    std::visit(
        [&](auto p) {
            using P = decltype(p);
            if constexpr (std::is_same_v<P, std::int64_t M::*>) {
                i.wide_count = true;
            } else if constexpr (!std::is_same_v<P, std::monostate>) {
                using V = std::remove_cvref_t<decltype(std::declval<M&>().*p)>;
                if constexpr (requires { V::dimension; }) {
                    i.dimension = V::dimension;
                }
            }
        },
        f.member);
    return i;
}

/// One kind of catalog entry: its list in the document and in Catalog, the
/// word reports use for it, its fields, and the rules between its fields.
template <class M> struct CatalogKind {
    std::string_view key;   ///< the list in a catalog document: "cnodes"
    std::string_view word;  ///< the kind in `catalog list` and `catalog show`: "cnode"
    std::string_view label; ///< for people: "C-nodes"
    std::vector<M> Catalog::*list;
    std::span<const CatalogField<M>> fields;
    /// The checks that join fields, after the rows and the provenance; null: none.
    void (*finish)(const detail::Node& entry, M& model) = nullptr;
};

using CatalogKinds =
    std::tuple<CatalogKind<CNodeModel>, CatalogKind<DBoxModel>, CatalogKind<ErasureCodingRule>,
               CatalogKind<SwitchModel>, CatalogKind<RackModel>, CatalogKind<GpuPlatform>,
               CatalogKind<PerformanceRule>, CatalogKind<ReferenceSystem>,
               CatalogKind<FailureRatePreset>, CatalogKind<Workload>, CatalogKind<Part>>;

/// Every kind, in the order the reader merges them and reports list them.
const CatalogKinds& catalog_kinds();

/// Calls f(kind) for each kind in order.
template <class F> void for_each_catalog_kind(F&& f) {
    std::apply([&](const auto&... kind) { (f(kind), ...); }, catalog_kinds());
}

/// The name of the field of M whose row fills `member`; empty when no row does.
template <class M> std::string_view catalog_field_name(const CatalogMember<M>& member) {
    std::string_view out;
    for_each_catalog_kind([&](const auto& kind) {
        if constexpr (std::is_same_v<std::remove_cvref_t<decltype(kind)>, CatalogKind<M>>) {
            for (const CatalogField<M>& f : kind.fields) {
                if (!std::holds_alternative<std::monostate>(member) && f.member == member) {
                    out = f.name;
                }
            }
        }
    });
    return out;
}

/// A kind without its model type (the GUI's lists, the writer's key order).
struct CatalogKindName {
    std::string_view key;
    std::string_view word;
    std::string_view label;
};
std::span<const CatalogKindName> catalog_kind_names();

/// The field names of the list `key`, for unknown-field warnings.
std::vector<std::string_view> catalog_field_names(std::string_view key);

} // namespace podsizer

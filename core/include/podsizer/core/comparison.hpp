// The side-by-side the architects draw: designs, designs grown to a target,
// and reference systems as columns; metrics and ratios as rows (docs/extrapolation-and-comparison.md §3-§4).
//
// Kept as plain data (numbers in a display unit named per row), so the text,
// Markdown, CSV and JSON reports and the Excel export render the same table.
#pragma once

#include "podsizer/core/design.hpp"
#include "podsizer/core/extrapolation.hpp"
#include "podsizer/core/reference.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace podsizer {

enum class ColumnKind { design, pods, reference };
std::string_view to_string(ColumnKind k);

struct ComparisonColumn {
    std::string name;
    ColumnKind kind = ColumnKind::design;
    std::string basis;     ///< what the column is: "1 pod", "5 × NCP pod", "at 1,000.0 PB"
    std::int64_t pods = 0; ///< 1 for a design, n for n pods, 0 for a reference
    std::int64_t cnodes = 0;
    std::int64_t dboxes = 0;
    std::int64_t accounts = 0; ///< references only
    std::int64_t racks = 0;
    Capacity usable;
    std::optional<Capacity> raw; ///< unknown for a reference without raw_per_usable
    Throughput read;
    Throughput write;
    Power power;
    bool feasible = true; ///< designs: no error finding; references: always

    // Densities (zero when the denominator is zero).
    double pb_per_rack() const;
    double gbps_read_per_kw() const;
    double mbps_read_per_tb() const;
    double mbps_write_per_tb() const;
};

/// One metric across the columns, in `unit` (empty for counts and "×" for
/// ratios); nullopt where it does not apply (C-nodes of a cloud store).
struct ComparisonRow {
    std::string key;   ///< stable id for scripts: "racks", "ratio_racks:cloud-object-store"
    std::string label; ///< for people: "Racks", "Racks ÷ Cloud HDD object store"
    std::string unit;
    int decimals = 0; ///< how many decimals a display shows
    std::vector<std::optional<double>> values;
};

/// A design column divided by a reference column.
struct ComparisonRatio {
    std::string column;
    std::string reference; ///< reference id
    double racks = 0.0;
    double power = 0.0;
    double usable = 0.0;
    double read = 0.0;
    double write = 0.0;
};

/// A finding with what it is about (a design, an extrapolation, a reference).
struct SubjectFinding {
    std::string subject;
    Finding finding;
};

struct Comparison {
    std::string title;
    Capacity reference_capacity; ///< the capacity every reference is sized at
    std::string reference_basis; ///< why that capacity: "the target", "the capacity of NCP pod"
    std::vector<ComparisonColumn> columns;
    std::vector<ComparisonRow> rows;
    std::vector<ReferenceSizing> references;
    std::vector<Extrapolation> extrapolations; ///< one per design, when a target is given
    std::vector<ComparisonRatio> ratios;
    std::vector<SubjectFinding> findings;

    bool all_feasible() const;
};

struct ComparisonSpec {
    std::optional<ExtrapolationSpec> target; ///< grow pod designs to it; size references at it
    std::vector<const ReferenceSystem*> references; ///< in column order
};

/// Columns: each design; after it, when a target is given and the design
/// needs more than one pod to reach it, the design grown to whole pods; then
/// each reference, sized at the target (or, without one, at the first
/// design's usable capacity). Rows: counts, racks, capacity, throughput in
/// TB/s and Tbps, power, densities, then each column's ratio to each reference.
Comparison compare_designs(const SizingResult& sizing, const ComparisonSpec& spec);

} // namespace podsizer

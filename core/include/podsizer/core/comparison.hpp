// The side-by-side the architects draw: designs, designs grown to a target,
// and reference systems as columns (docs/extrapolation-and-comparison.md).
//
// Numbers only: each column's figures in SI quantities and the ratios of
// design columns to reference columns. Labels, units and decimals are the
// reports' metric registry's (reports/metrics.hpp), so the text, Markdown, CSV
// and JSON reports and the Excel export render the same table.
#pragma once

#include "podsizer/core/cost.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/extrapolation.hpp"
#include "podsizer/core/reference.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace podsizer {

enum class ColumnKind { design, pods, reference };
std::string_view to_string(ColumnKind k);

/// A reference's own figures at the capacity it is sized at (a reference is
/// not a Design): what its column shows.
struct ReferenceFigures {
    std::int64_t racks = 0;
    Capacity usable;
    std::optional<Capacity> raw; ///< unknown without raw_per_usable
    Throughput read;
    Throughput write;
    Power power;
    /// Judged on the same read, write and capacity need as the designs, at
    /// what reaches the GPUs (docs/model.md §15).
    Verdict verdict;
    std::vector<AssumedFigure> assumptions; ///< docs/model.md §14
};

struct ComparisonColumn {
    std::string name;
    ColumnKind kind = ColumnKind::design;
    /// The design this column is (design) or grows (pods), or the reference
    /// (index into Comparison::references).
    std::size_t source = 0;
    std::int64_t pods = 0; ///< 1 for a design, n for n pods, 0 for a reference
    /// Design and pods: the design, one pod, shared by every copy of the
    /// comparison; n pods' figures follow from it (the accessors below).
    /// Null for a reference.
    std::shared_ptr<const Design> design;
    /// Pods: the limits n pods break (the extrapolation's errors), each a
    /// short constraint check added to the design's verdict.
    std::vector<Check> pods_checks;
    ReferenceFigures reference;     ///< references only
    std::int64_t accounts = 0;      ///< references only
    std::int64_t subscriptions = 0; ///< references only: 0 when no limit is known
    /// References only: the accounts the subscription count rests on, those
    /// the full read and write rates need at the default per-account limits
    /// (417 at 1 EB, beside 178 for the capacity alone; REVIEW-3 §5.3).
    std::int64_t accounts_for_subscriptions = 0;
    /// References only: what the accounts' aggregate limits let through.
    std::optional<Throughput> read_within_limits;
    std::optional<Throughput> write_within_limits;
    /// References only, with a WAN link: what reaches the GPU site.
    std::optional<Throughput> read_at_site;
    std::optional<Throughput> write_at_site;
    /// With a price book (docs/cost.md): a design's or its pods' cost, or
    /// the reference priced as the cloud store at the column's usable capacity.
    std::optional<DesignCost> cost;
    std::optional<CloudCost> cloud_cost;

    // The column's figures: a design's own, n pods' n times one pod's
    // (counts saturating), a reference's its own. C-nodes and D-boxes: 0
    // for a reference.
    std::int64_t cnodes() const;
    std::int64_t dboxes() const;
    std::int64_t racks() const;
    bool racks_fit() const; ///< false: no device fits the rack, racks() is n/a (Design::racks_fit)
    Capacity usable() const;
    std::optional<Capacity> raw() const;
    Throughput read() const;
    Throughput write() const;
    Power power() const;
    /// The verdict (docs/model.md §15): a design's own; n pods', the design's
    /// and short when the pods break a limit; a reference's judged.
    Verdict verdict() const;
    bool feasible() const; ///< the verdict is not short
    /// The design's or the reference's assumed catalog figures (docs/model.md §14).
    const std::vector<AssumedFigure>& assumptions() const;
    /// Design and pods: the design's bill of materials (docs/bom.md), n pods'
    /// every quantity n times one pod's; none for a reference.
    std::optional<DesignBom> bom() const;

    // Densities (zero when the denominator is zero).
    double pb_per_rack() const;
    double gbps_read_per_kw() const;
    double mbps_read_per_tb() const;
    double mbps_write_per_tb() const;
};

/// A design column against a reference system sized at the column's own
/// usable capacity: like for like, never a 218 PB pod against a 1 EB store
/// (docs/extrapolation-and-comparison.md, "Ratios").
struct ComparisonRatio {
    std::size_t column = 0;    ///< index into Comparison::columns (a design or pods column)
    std::size_t reference = 0; ///< index into Comparison::references
    Capacity basis;            ///< the capacity the reference is sized at: the column's usable
    std::int64_t reference_racks = 0; ///< the reference at `basis`
    Power reference_power;
    double racks = 0.0; ///< the column's over the reference's at `basis`
    double power = 0.0;
    double read = 0.0;
    double write = 0.0;
    /// The reference's power at `basis` less the column's (negative: the
    /// column draws more).
    Power power_saved;
    /// GPUs of the scenario's platform the saved power would feed, from the
    /// platform's power per scalable unit; unknown without one.
    std::optional<double> gpus_fed;
    /// The reference's power per rack at which the two draw the same power:
    /// below it the column draws more. The reference's own figure is an
    /// assumption in the default catalog, so the break-even is shown.
    Power break_even_rack_power;
};

/// A finding with what it is about (a design, an extrapolation, a reference).
struct SubjectFinding {
    std::string subject;
    Finding finding;
};

/// Why the references are sized at the capacity they are.
enum class ReferenceBasis { target, need, first_design };

struct Comparison {
    std::string title;
    Capacity reference_capacity; ///< the capacity every reference is sized at
    ReferenceBasis reference_basis = ReferenceBasis::target;
    std::vector<ComparisonColumn> columns;
    std::vector<ReferenceSizing> references;
    std::vector<Extrapolation> extrapolations; ///< one per design, when a target is given
    std::vector<ComparisonRatio> ratios;
    /// The scenario's GPU platform and its power per GPU, for the GPUs saved
    /// power feeds; empty and zero without a platform's SU power.
    std::string gpu_platform;
    Power power_per_gpu;
    /// The basis the designs' racks were checked on (docs/model.md §10): the
    /// scenario's constraints, the same for every design, so the first's.
    PowerBasis power_basis = PowerBasis::typical;
    double rack_derate = 1.0;
    double pue = kDefaultPue;
    /// The platform's assumed figures behind the GPUs freed power feeds.
    std::vector<AssumedFigure> platform_assumptions;
    std::vector<SubjectFinding> findings;
    /// The scenario's prices (docs/cost.md); none: no report shows a cost.
    std::optional<PriceBook> prices;

    bool all_feasible() const;
    /// The ratio of column `column` to reference `reference`; nullptr for a
    /// reference column (no ratio of a reference to a reference).
    const ComparisonRatio* ratio(std::size_t column, std::size_t reference) const;
};

struct ComparisonSpec {
    std::optional<ExtrapolationSpec> target; ///< grow pod designs to it; size references at it
    std::vector<const ReferenceSystem*> references; ///< in column order
    CloudAccess cloud;                              ///< how the GPU site reaches the references
    const GpuPlatform* platform = nullptr;          ///< the scenario's, for the GPUs power feeds
};

/// Columns: each design; after it, when a target is given and the design
/// needs more than one pod to reach it, the design grown to whole pods; then
/// each reference, sized at the target (or, without one, at the first
/// design's usable capacity). Ratios: each non-reference column's racks,
/// power, read and write over each reference's sized at the column's usable
/// capacity, with the power saved and the GPUs it would feed.
Comparison compare_designs(const SizingResult& sizing, const ComparisonSpec& spec);

} // namespace podsizer

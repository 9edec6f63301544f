// The metric registry: every figure of the side-by-side tables defined once,
// with its key, label, unit, decimals and how to read it from a design or a
// comparison column. The sizing table and CSV, the comparison in every format
// and the workbook's Summary sheet render their rows from it; adding a metric
// is one entry here (docs/architecture.md, "The metric registry").
#pragma once

#include "podsizer/core/comparison.hpp"
#include "podsizer/core/design.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace podsizer {

/// One per metric, in the registry's order.
enum class MetricId : std::uint8_t {
    pods,
    cnode_model,
    dbox_model,
    drive_size,
    cnodes,
    dboxes,
    // docs/model.md §5: what set each count.
    cnodes_sized_by,
    dboxes_sized_by,
    racks_sized_by,
    cd_ratio,
    switches,
    client_network,
    fabric_tiers,
    client_port_headroom,
    accounts,
    // docs/model.md §10, "The lead rack figure": the racks on the basis the
    // facility plans on, shown first where it differs from the laid-out basis.
    racks_planned,
    racks,
    racks_both_bases,
    device_units,
    rack_units,
    raw_capacity,
    usable_capacity,
    usable_pib,
    effective_capacity,
    erasure_coding,
    ec_layout,
    tolerates_dbox_loss,
    tolerates_rack_loss,
    read,
    write,
    // docs/model.md §5, docs/resilience.md §10: the state sized for and the
    // throughput with a D-box or a rack down.
    size_for,
    dbox_down_read,
    dbox_down_write,
    rack_down_read,
    rack_down_write,
    read_tbps,
    write_tbps,
    read_within_limits,
    write_within_limits,
    bottleneck,
    read_bottleneck,
    knee,
    power,
    pb_per_rack,
    read_per_kw,
    read_per_tb,
    write_per_tb,
    read_per_gpu,
    feasible,
    max_power,
    facility_power,
    cooling,
    // The comparison with a cloud store (docs/extrapolation-and-comparison.md).
    subscriptions,
    accounts_for_subscriptions,
    read_at_site,
    write_at_site,
    power_saved,
    gpus_fed,
    break_even_rack_power,
    // The resilience headline (docs/resilience.md §2, §13) and its largest term.
    durability_nines,
    durability_largest_term,
};

/// A density as the quotient of two metrics of the same column, times a
/// factor (read GB/s per kW = read TB/s × 1,000 / power kW), so a workbook can
/// write it as a formula over the column's own cells.
struct Quotient {
    MetricId numerator = MetricId::pods;
    MetricId denominator = MetricId::pods;
    int factor = 1;
};

/// What a metric's cells hold: a number in the metric's unit, a text (model
/// names), or a verdict (yes / NO).
enum class MetricKind : std::uint8_t { number, text, verdict };

/// How the metric of n identical pods follows from one pod's: n times it
/// (counts, capacity, throughput, power), the same (models, ratios), computed
/// again from the column's own totals (densities), or not at all.
enum class Scaling : std::uint8_t { none, total, same, density };

/// A design figure as the design JSON writes it (`size --format json`, SI
/// units): null, a verdict, a count, a number or a text. Its own type, so this
/// header needs no JSON library (the writer is reports/text/src/design_json.cpp).
using JsonValue = std::variant<std::nullptr_t, bool, std::int64_t, double, std::string>;

/// A metric's field in the design JSON and in a comparison column's JSON
/// (`compare --format json`, `columns[]`): its key and the value there.
struct JsonField {
    std::string_view key = {};
    /// A design's value; null when the design JSON has no such key.
    JsonValue (*of)(const Design&) = nullptr;
    /// A comparison column's own value (a reference's); null: the design's,
    /// scaled (column_json), or no such key for a reference.
    JsonValue (*of_column)(const ComparisonColumn&) = nullptr;
};

struct Metric {
    MetricId id = MetricId::pods;
    std::string_view key = {};   ///< stable id for scripts: comparison rows, CSV `key` column
    std::string_view label = {}; ///< for people, without the unit
    std::string_view unit = {};  ///< display unit; empty for counts, texts and labels naming theirs
    int decimals = 0;            ///< shown to people; machines get three more
    MetricKind kind = MetricKind::number;
    Scaling scaling = Scaling::none;
    /// The field in the design JSON and the comparison's column JSON (SI
    /// units), written from here; empty for a figure the JSON holds under
    /// another metric's key.
    JsonField json = {};
    std::string_view sheet = {}; ///< the design sheet's item the workbook links to, or empty
    bool sheet_precise = false;  ///< the workbook shows every decimal given (61.44 TB)
    /// A design's value in `unit`; nullopt where it does not apply. Null for
    /// texts; a number row without one reads json.of in `unit` (metrics.cpp).
    std::optional<double> (*of_design)(const Design&) = nullptr;
    /// A comparison column's own value in `unit` (a reference's, or n pods'
    /// as core scales them; a number row without one: json.of_column's in
    /// `unit`); null: the design's by `scaling` (column_value).
    std::optional<double> (*of_column)(const ComparisonColumn&) = nullptr;
    /// A design's text for people and for machines where the number alone is
    /// not what the tables show ("48 (40 + 8)", "2.5:1", model names).
    std::string (*text)(const Design&, bool machine) = nullptr;
    /// The headline figures the metric is computed from, so a cell resting
    /// on an assumed catalog figure is marked (docs/model.md §14); 0: none.
    FigureSet rests_on = 0;
    /// Densities: the two metrics it divides (Scaling::density).
    std::optional<Quotient> quotient = std::nullopt;
    /// The rack drawing's heading shows it after its totals, "· label value
    /// unit" (rack_svg.cpp), so a figure reaches the SVG by its row alone.
    bool in_heading = false;

    /// The label with its unit, as tables and CSV headers show it: "Read (TB/s)".
    std::string labelled() const;
    /// A design's cell: grouped with `decimals` (people) or plain (machines).
    std::string cell(const Design& d, bool machine) const;
};

/// A metric's label for a table of `designs`: labelled(), except that the
/// rack rows say their basis (issue 51 item 6): "Racks (typical draw)" for
/// the racks as laid out, "Racks to plan for (max draw)" for the planning
/// basis; "(each design's basis)" when the designs differ.
std::string metric_label(const Metric& m, std::span<const Design> designs);
/// Whether any of `designs` plans on another basis than it is laid out on
/// (the reference pod: laid out on typical draw, planned on max draw): only
/// then do the tables show the racks_planned row.
bool has_planning_racks(std::span<const Design> designs);

/// A comparison column's value of `m` in its unit: the column's own figure
/// where the row reads one (Metric::of_column: a reference's, or n pods'
/// quantities as core scales them), else a design or pods column's from the
/// design by the row's Scaling: n times one pod's (total), one pod's (same),
/// the quotient of the column's own values (density); nullopt otherwise.
std::optional<double> column_value(const Metric& m, const ComparisonColumn& c);
/// The same for the column's JSON field (SI units): JsonField::of_column,
/// else the design's field scaled as above; null where neither applies.
JsonValue column_json(const Metric& m, const ComparisonColumn& c);

/// Every metric, in the order of the widest table (the workbook's Summary).
std::span<const Metric> metric_registry();
/// " · label value unit" for each of `metrics` a design's drawing heading
/// shows (Metric::in_heading), in their order; empty when none does.
std::string heading_figures(const Design& d, std::span<const Metric> metrics);
const Metric& metric(MetricId id);

/// Whether any design has a data-reduction ratio other than 1: only then do
/// the tables show the effective capacity row.
bool has_data_reduction(std::span<const Design> designs);

/// The rows of each side-by-side table, in order.
const std::vector<MetricId>& sizing_table_metrics();
const std::vector<MetricId>& comparison_metrics();
const std::vector<MetricId>& summary_metrics();
/// The rows each design column gets against each reference sized at the
/// column's usable capacity: the figures divided (racks, power, read, write,
/// unit "×"), then the power saved, the GPUs it feeds and the break-even
/// rack power (their own units).
const std::vector<MetricId>& ratio_metrics();
/// Whether a ratio row divides (×) rather than stating a figure in its unit.
bool is_quotient(MetricId id);
/// A ratio row's label: "Racks ÷ Cloud HDD object store at the same usable
/// capacity", with the basis said on the row.
std::string ratio_label(MetricId id, const std::string& reference, const Comparison& c);

/// A ratio row's value; nullopt where it is unknown (GPUs without SU power).
std::optional<double> ratio_value(const ComparisonRatio& r, MetricId id);

/// The ids of the assumed catalog figures a metric of a design, a pods
/// column or a reference rests on (docs/model.md §14); empty for most.
std::vector<std::string> metric_assumptions(MetricId id, const std::vector<AssumedFigure>& of);
/// A ratio row's: the column's and the reference's figures it divides (or
/// subtracts), and the platform's for the GPUs the saved power feeds. The
/// break-even rack power rests on the column's power and the reference's
/// racks, not on the reference's assumed power per rack.
std::vector<std::string> ratio_assumptions(MetricId id, const Comparison& c,
                                           const ComparisonRatio& r);
/// Every assumption id any metric of the registry rests on: the JSON's
/// `assumptions` of a design or a reference.
std::vector<std::string> headline_assumptions(const std::vector<AssumedFigure>& of);

/// A number as a table cell: for people grouped with `decimals`, "n/a" when
/// absent; for machines plain with three more decimals, empty when absent.
std::string number_cell(std::optional<double> v, int decimals, bool machine);
/// A verdict cell: "yes" / "NO" for people, "true" / "false" for machines.
std::string verdict_cell(bool met, bool machine);

} // namespace podsizer

// The workbook's formula map (issue 48): every live formula the map declares
// is one row of reports/workbook/src/formula_map.def with its id, the sheet it
// goes on, its template and the engine figure it must equal. The writer fills
// the template's placeholders with cell references and caches the engine's
// figure; the LibreOffice test walks the rows written to a workbook and checks
// each recalculated cell against the same figure (docs/reports.md, "The
// formula map").
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/cost.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/fleet.hpp"
#include "podsizer/core/goodput_curve.hpp"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace podsizer {

struct WorkbookInput;
struct RackKind;
struct SiteStorage;

/// The sheet a row's formula is written on.
enum class FormulaSheet {
    design,      ///< a design's own sheet; placeholders: {item}, {cn:field}, {db:field}, ...
    bom,         ///< the BOM sheet, one design's lines
    facility,    ///< the Facility sheet, one design's racks
    fleet,       ///< the Fleet sheet, one per-pod design's storage per site
    resilience,  ///< the Resilience sheet, one column per design
    checkpoints, ///< the Checkpoints sheet, each job on each design
    racks,       ///< the Racks and Rack units sheets, each rack of each design
    growth,      ///< the Sites and phases sheet: sites, phases, cost by year
    charts,      ///< the Charts sheet's knee curve, one per design
    slide,       ///< the Slide: each design's need, the as-sized check
    cost,        ///< the Cost sheet, one column per design, pods or reference
    summary,     ///< the Summary: each column's figures, ratios to the references
    diff,        ///< the diff workbook's Differences sheet, each metric of each pair
};

/// What a row's engine figure is read from: the design the cell belongs to
/// and, for a row repeated over a design's parts, which part (a BOM line, a
/// rack of the Facility sheet, a site of the Fleet sheet, a checkpoint job;
/// -1 otherwise) and which of its points (`part`: a cadence or a point of a
/// job's goodput curve); the Fleet sheet's rows also read the fleet plan;
/// the Checkpoints sheet's jobs the result's plan (a project's site sized for
/// its own needs: its design's, own_site_of), a goodput curve every
/// design (its write share is among the points), the Sites and phases
/// sheet the sites, the phases and the prices: the workbook's input.
struct FigureSource {
    const Design& design;
    const Catalog& catalog;
    int item = -1;
    const FleetPlan* fleet = nullptr;
    int part = -1;
    const WorkbookInput* input = nullptr;
    /// The distinct rack `item` is, when the writer has it: grouping the
    /// design's racks again for every cell of the Racks sheet was a third
    /// of `compare --xlsx`'s instructions on the fleet.
    const RackKind* rack_kind = nullptr;
    /// The Cost sheet's column, when the writer has it (its design's cost
    /// worked out again per cell was 4 % of `compare --xlsx --prices`).
    const struct CostFigures* costs = nullptr;
    /// The diff workbook's diff (`podsizer diff A B --xlsx`): s.item the
    /// pair, s.part the metric's row of it.
    const struct SizingDiff* diff = nullptr;
};

/// The site of a project whose design `d` is, when the site is sized for its
/// own needs (docs/sites-and-phases.md, "A site's own needs"): its design
/// sheet reads the site's own inputs and its jobs table is the design's
/// plan; null otherwise.
const SiteStorage* own_site_of(const WorkbookInput& input, const Design& d);

/// The Checkpoints sheet's cadence table: every (s), the brief's 60 s and
/// 5-15 min, and around.
inline constexpr double kCheckpointCadences[] = {60, 120, 300, 600, 900, 1800, 3600};

/// The Charts sheet's knee curve: C-node counts from a quarter of the knee to
/// twice it, and the design's own count, so the flat part past the knee shows.
std::vector<std::int64_t> knee_points(const Design& d);

/// The goodput curve of checkpoint job `job` of the plan the Checkpoints
/// sheet draws: its knee rule, each design's write share among the points.
GoodputCurve checkpoint_curve(const CheckpointRequirement& job, std::span<const Design> designs,
                              std::size_t index);

/// A column of the Cost sheet (docs/cost.md §2-§3): a design, its pods
/// grown to a target (core/src/comparison.cpp: n pods cost n times one), or
/// a reference priced as the cloud store holding its usable capacity.
struct CostFigures {
    std::optional<DesignCost> cost; ///< design and pods columns
    CloudCost cloud;                ///< the cloud store at the column's usable capacity
    double pods = 1.0;
    double usable_tb = 0.0;
    double read_gbps = 0.0;
};

/// Column `column` of the input's comparison; -1: design `d` alone.
CostFigures cost_figures(const WorkbookInput& input, int column, const Design& d);

/// One declared formula.
struct FormulaRow {
    std::string_view id;
    FormulaSheet sheet;
    /// The formula with named placeholders in braces; "{{" is not used.
    std::string_view templ;
    /// The engine's figure the recalculated cell must equal; null for a text row.
    double (*number)(const FigureSource&) = nullptr;
    /// The engine's text for a formula whose result is text; null otherwise.
    std::string (*text)(const FigureSource&) = nullptr;
    /// An array formula (a search over ROW(1:n), which an ordinary formula
    /// would evaluate at one row).
    bool array = false;
};

/// Every row, in the order of formula_map.def.
std::span<const FormulaRow> formula_map();

/// The row with this id; throws std::logic_error when there is none (a
/// writer naming a row the map does not declare is a bug).
const FormulaRow& formula_row(std::string_view id);

/// `templ` with each {name} replaced by lookup(name).
std::string fill_formula(std::string_view templ,
                         const std::function<std::string(std::string_view)>& lookup);

} // namespace podsizer

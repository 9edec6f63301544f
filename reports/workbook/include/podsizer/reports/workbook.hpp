// The proposal workbook (.xlsx, written with libxlsxwriter): Slide (the
// headline in a few rows, on one page; the workbook opens on it), Summary
// (the full side-by-side table, with references and ratios when given a
// comparison), one sheet per design, Fleet (the split over sites, when given
// one), Sites and phases (with a site list or phases), Checkpoints (when
// there are checkpoint jobs), Racks (each distinct rack with its count; every
// U on request), Assumptions (every input and catalog figure used, with unit
// and source) and Charts.
//
// Derived numbers are live formulas that reference the Assumptions sheet and
// the design sheets, each written with its cached result (the engine's
// number), so viewers that do not recalculate still show the right values and
// a user who edits an assumption sees every dependent number follow.
// docs/reports.md describes the sheets and the formulas.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/comparison.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/fleet.hpp"
#include "podsizer/core/optimizer.hpp"
#include "podsizer/core/phases.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/core/sites.hpp"

#include <string>
#include <vector>

namespace podsizer {

/// What the workbook is built from. The catalog supplies the Assumptions
/// figures the formulas reference; the scenario (optional) its inputs.
struct WorkbookInput {
    const SizingResult* result = nullptr;
    const Catalog* catalog = nullptr;
    const Scenario* scenario = nullptr; ///< null: inputs not listed, default constraints
    /// The side-by-side with pods grown to a target and reference systems
    /// (podsizer compare / extrapolate); null: the designs only. Its design
    /// columns must be `result`'s designs, in order.
    const Comparison* comparison = nullptr;
    /// The fleet split of the scenario (core's split_fleet): its storage
    /// entries follow `result`'s designs in order and may be fewer. Null, no
    /// plan, or a fleet of one cluster on one site: no Fleet sheet.
    const FleetSplit* fleet = nullptr;
    /// The optimiser's answer whose best design `result` holds (podsizer
    /// optimize --xlsx): a "Pareto front" sheet after the Summary; null: none.
    const OptimizerResult* optimization = nullptr;
    /// The sites of a site list and the phases (docs/sites-and-phases.md);
    /// either set: a "Sites and phases" sheet after the Fleet sheet.
    const SitePlan* sites = nullptr;
    const PhasePlan* phases = nullptr;
};

struct WorkbookOptions {
    /// The date printed in every page header and stored as the creation date,
    /// as YYYY-MM-DD. Empty: today (UTC). Fixed in tests so files are reproducible.
    std::string date;
    /// The Racks sheet also lists every U of every rack after the typical
    /// racks (a long print-out: 53 pages for the fleet example); off, it shows
    /// each distinct rack once with its count.
    bool every_rack_unit = false;
};

/// One formula cell as written: where it is, the formula, and the cached
/// result (the engine's number, or its text for text formulas).
struct WorkbookFormula {
    std::string sheet;
    int row = 0; ///< 0-based, as in libxlsxwriter
    int col = 0;
    std::string formula;
    bool is_text = false;
    bool is_array = false; ///< an array formula (evaluated over ranges, as {=…})
    double number = 0.0;
    std::string text;
    /// The formula map's row it is (formula_map.hpp), with the design of the
    /// result it belongs to and the part (FigureSource::item); empty: a
    /// formula the map does not declare.
    std::string map_id;
    int design = -1;
    int item = -1;
    int part = -1; ///< FigureSource::part
};

/// What write_workbook wrote: the sheets in order and every formula cell, so
/// a test can compare a spreadsheet program's recalculation with the engine.
struct WorkbookManifest {
    std::vector<std::string> sheets;
    std::vector<WorkbookFormula> formulas;
};

/// Writes the workbook to `path` atomically (a temporary file in the same
/// directory, renamed over `path` only once complete). Throws InputError
/// naming the path when it cannot be written; an existing file is then left
/// as it was.
WorkbookManifest write_workbook(const std::string& path, const WorkbookInput& input,
                                const WorkbookOptions& options = {});

/// Today's date (UTC) as YYYY-MM-DD.
std::string today_iso_date();

/// The sheet name of each design: its name without the characters sheet
/// names forbid, cut to 31 characters, unique and not one of the fixed sheets.
std::vector<std::string> design_sheet_names(const SizingResult& result);

} // namespace podsizer

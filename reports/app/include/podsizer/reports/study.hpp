// One study of a scenario: what `podsizer size`, `compare` and `extrapolate`
// compute and what the GUI shows, decided in one place — which reference
// systems stand beside the designs, which target they grow to, the fleet
// split — and one way to export it (the workbook and the rack elevations,
// written atomically, dated by one rule). docs/architecture.md ("The study
// layer") says who calls what.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/comparison.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/extrapolation.hpp"
#include "podsizer/core/fleet.hpp"
#include "podsizer/core/phases.hpp"
#include "podsizer/core/rack_layout.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/core/sites.hpp"
#include "podsizer/reports/growth_report.hpp"
#include "podsizer/reports/rack_svg.hpp"
#include "podsizer/reports/workbook.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace podsizer {

struct StudyOptions {
    /// The reference systems to put beside the designs, by id; empty: the
    /// scenario's "comparisons", else every reference of the catalog.
    std::vector<std::string> references;
    /// With `references` empty and the scenario naming none, no reference at
    /// all instead of every one (what `extrapolate --xlsx` has always shown).
    bool only_named_references = false;
    /// The target to grow to; nullopt: the scenario's extrapolation target.
    std::optional<ExtrapolationSpec> target;
    /// Overrides of the scenario's cloud access (`--wan`, `--raised-account-limit`).
    std::optional<Throughput> wan;
    bool raised_account_limit = false;
    bool compare = true;      ///< put the designs beside the references
    bool extrapolate = false; ///< grow every design to the target (InputError without one)
    /// How much of each sized design to lay out. `racks`: a run that prints
    /// only tables (no rack drawing, no bill, no export) skips labelling each
    /// U and, without a price book, the bill: both were a fifth of `size`'s
    /// own work (docs/performance.md). The figures are the same either way.
    RackDetail detail = RackDetail::slots;
};

struct Study {
    /// The designs the study shows and exports: every option sized and, with
    /// an extrapolation, each design grown to the target in one namespace
    /// after them.
    SizingResult sizing;
    /// The fleet split of the sized designs (no plan without a fleet).
    FleetSplit fleet;
    /// `sizing`'s designs beside the reference systems, grown to the target
    /// when there is one; set when asked for.
    std::optional<Comparison> comparison;
    /// The scenario grown to the target with the fleet plan; set when asked for.
    std::optional<ScenarioExtrapolation> extrapolation;
    /// Each site of a fleet given as a list, within its limits
    /// (docs/sites-and-phases.md §1); unset for `"sites": N`.
    std::optional<SitePlan> sites;
    /// The scenario's phases on the installed base (§2); unset without phases.
    std::optional<PhasePlan> phases;
};

/// The reference systems a study compares with: `given` when not empty,
/// else the scenario's "comparisons", else (unless `only_named`) every
/// reference of the catalog. InputError for an id the catalog lacks.
std::vector<const ReferenceSystem*> study_references(const Scenario& scenario,
                                                     const Catalog& catalog,
                                                     const std::vector<std::string>& given,
                                                     bool only_named = false);

/// Sizes the scenario and adds what `options` ask for. Throws InputError
/// (from the engine) when the scenario cannot be sized.
Study run_study(const Scenario& scenario, const Catalog& catalog, const StudyOptions& options = {});

/// The study's sites and phases, for the reports that show them.
GrowthView growth_of(const Study& study);

/// A study of designs already evaluated (podsizer design): no comparison,
/// no fleet split.
Study study_of(SizingResult sizing);

/// What the workbook of a study is built from; the pointers point into
/// `study`, `catalog` and `scenario` (null: inputs not listed).
WorkbookInput workbook_input(const Study& study, const Catalog& catalog, const Scenario* scenario);

/// One rack elevation to write: the design's index in the study and the file.
struct SvgTarget {
    std::size_t design = 0;
    std::string path;
    RackView view = RackView::every_rack;
};

/// The files an export writes.
struct ExportTargets {
    std::string xlsx;             ///< the workbook; empty: none
    std::vector<SvgTarget> svg;   ///< rack elevations, written in this order
    bool every_rack_unit = false; ///< the workbook's "Rack units" sheet (WorkbookOptions)
    /// optimize --xlsx: the optimiser's answer, for the workbook's Pareto front sheet.
    const OptimizerResult* optimization = nullptr;
    /// Called with each path once its file is complete.
    std::function<void(const std::string& path)> written;
};

/// Writes the workbook (dated `date`, YYYY-MM-DD), then each elevation, each
/// atomically (a temporary file, then a rename). Throws InputError naming
/// the path that cannot be written; files already written stay.
void export_study(const Study& study, const Catalog& catalog, const Scenario* scenario,
                  const ExportTargets& targets, const std::string& date);

/// The date an export is stamped with: SOURCE_DATE_EPOCH (the reproducible
/// builds' convention: seconds since 1970) when set, else today; YYYY-MM-DD
/// in UTC. InputError (where "SOURCE_DATE_EPOCH") when it is not a count.
std::string export_date_from_env();

} // namespace podsizer

// `podsizer diff A B` (docs/cli.md, "diff"): two sized scenarios side by
// side, design by design in option order, with the headline metrics of the
// metric registry, their absolute and percent deltas, and the findings one
// side has and the other not. Rendered as table, Markdown, CSV and JSON; the
// workbook's Differences sheet is written from the same SizingDiff.
#pragma once

#include "podsizer/core/design.hpp"
#include "podsizer/reports/format.hpp"
#include "podsizer/reports/grid.hpp"
#include "podsizer/reports/growth_report.hpp"
#include "podsizer/reports/metrics.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace podsizer {

/// One metric of one pair of designs. Numbers are in the metric's unit.
struct DiffRow {
    MetricId id = MetricId::cnodes;
    std::optional<double> a; ///< a number metric's value on side A; nullopt: n/a or a text
    std::optional<double> b;
    std::string a_cell, b_cell;       ///< for people (the sizing table's cells)
    std::string a_machine, b_machine; ///< for machines (the sizing CSV's cells)
    std::optional<double> delta;      ///< b − a, when both are numbers
    std::optional<double> percent;    ///< delta / a × 100, when a is not 0
    bool changed = false;             ///< the cells differ (texts, verdicts, numbers)
};

/// The designs at one option position of A and B; either may be missing
/// when the scenarios have different numbers of options.
struct DesignPairDiff {
    std::size_t option = 0; ///< 0-based option position
    std::string a_name, b_name;
    bool a_present = true;
    bool b_present = true;
    std::vector<DiffRow> rows;
    /// Finding codes ("read-short") B has and A has not, and the reverse,
    /// each once, in the order the design lists them.
    std::vector<std::string> findings_added;
    std::vector<std::string> findings_removed;
};

struct SizingDiff {
    std::string a_label, b_label;       ///< the files as given
    std::string a_scenario, b_scenario; ///< the scenarios' names
    std::vector<DesignPairDiff> pairs;
    /// Every design of both sides meets its requirements, and no site or
    /// phase of either breaks a limit: `size` of each file would exit 0.
    bool all_feasible = true;
};

/// The metrics a diff shows, in order: models and drive, counts, racks on
/// both power bases, power (typical, maximum, facility), capacity, read and
/// write intact and degraded, the verdict.
const std::vector<MetricId>& diff_metrics();

/// The diff of two sizings, option by option. The sites and phases of each
/// side (when its scenario has them) add their finding codes to the pair of
/// the design they were planned with, and their verdict to all_feasible.
SizingDiff diff_sizings(const SizingResult& a, const std::string& a_label, const SizingResult& b,
                        const std::string& b_label, const GrowthView& a_growth = {},
                        const GrowthView& b_growth = {});

/// A pair's title, in text and in the workbook: "Option 1: A -> B".
std::string diff_pair_title(const DesignPairDiff& p);

/// One pair's table: Metric, A, B, Δ, Δ %; then the findings rows. For
/// people (grouped numbers, signed deltas) or machines (plain numbers).
Grid diff_grid(const DesignPairDiff& p, bool machine);

std::string render_diff(const SizingDiff& d, Format format);

} // namespace podsizer

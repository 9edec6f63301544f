// The pieces of the proposal workbook (reports/workbook.hpp), one file per
// sheet kind. Internal to podsizer::reports.
#pragma once

#include "podsizer/core/cash_flow.hpp"
#include "podsizer/core/counting.hpp"
#include "podsizer/reports/metrics.hpp"
#include "podsizer/reports/rack_kinds.hpp"
#include "podsizer/reports/workbook.hpp"
#include "xlsx_book.hpp"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace podsizer::wb {

// The number formats and cell roles every sheet writes with.
using xlsx::Num;
using xlsx::Role;

/// kSlack (core/counting.hpp) as the formulas write it, so a spreadsheet
/// rounds counts and checks requirements as the engine does.
inline const std::string kSlackText = "1E-9";
static_assert(kSlack == 1e-9, "kSlackText must spell kSlack");

/// Where a sheet's table begins: title, subtitle and a note above the header
/// on (0-based) row 3; the figures' columns from B on, labels in A.
inline constexpr int kHeaderRow = 3;
inline constexpr int kFirstCol = 1;

// ------------------------------------------------------------ Designs

/// One design of the workbook and what lines up with it, found once from the
/// design's origin rather than by matching positions in parallel lists.
struct DesignEntry {
    const Design* design = nullptr;
    std::size_t index = 0; ///< in the result: its Summary column, chart colour, sheet order
    std::string sheet;     ///< its sheet's name
    /// The scenario option it was sized for (FromOption), else null: grown
    /// and hand-made designs, or no scenario.
    const OptionSpec* option = nullptr;
    std::size_t option_index = 0; ///< FromOption::index, when `option` is set
    /// Its pods in the fleet split; null when it is not a per-pod design or
    /// there is no fleet.
    const FleetStorage* fleet = nullptr;
    /// The project's site sized for its own needs it is (own_site_of): its
    /// sheet reads the site's inputs on Assumptions; else null.
    const SiteStorage* site = nullptr;
};

/// The Assumptions id of a site's own inputs: "site A" (names "site_A_…").
inline std::string site_id(const SiteStorage& site) {
    return "site " + site.name;
}

/// Each design of `input.result` with its sheet name (design_sheet_names).
std::vector<DesignEntry> design_entries(const WorkbookInput& input,
                                        const std::vector<std::string>& sheets);

/// The scenario option `d` was sized for (its origin), or null.
const OptionSpec* option_of(const Design& d, const Scenario* s);

/// The Assumptions id of an option's own figures: "option_1" for index 0.
std::string option_id(std::size_t index);

// ------------------------------------------------------------ Assumptions

/// One row of the Assumptions sheet: an input or catalog figure with its unit
/// and source, and the defined name formulas use for it.
struct AssumptionRow {
    std::string group;  ///< "C-node cnode-1u", "Scenario", ...
    std::string figure; ///< "Read throughput per C-node"
    bool is_text = false;
    double value = 0.0;
    std::string text;
    xlsx::Num num = xlsx::Num::precise;
    std::string unit;
    std::string name; ///< defined name; empty when no formula uses the row alone
    std::string source_kind;
    std::string source_ref;
    std::string source_note;
};

/// A defined name over a run of consecutive rows (the stripe-width steps).
struct AssumptionRange {
    std::string name;
    std::size_t first = 0; ///< index into rows
    std::size_t last = 0;
};

class Assumptions {
public:
    /// The figures the workbook's formulas use: the scenario's inputs and the
    /// catalog entries of every model the designs are built from.
    static Assumptions build(const WorkbookInput& input);

    /// The defined name of (kind, id, field); std::logic_error when absent,
    /// which would be a bug: every formula's figure must be listed.
    const std::string& name(const std::string& kind, const std::string& id,
                            const std::string& field) const;
    bool has(const std::string& kind, const std::string& id, const std::string& field) const;
    double value(const std::string& kind, const std::string& id, const std::string& field) const;

    const std::vector<AssumptionRow>& rows() const { return rows_; }
    const std::vector<AssumptionRange>& ranges() const { return ranges_; }

    static constexpr int kHeaderRow = 3; ///< 0-based row of the table header
    static int row_of(std::size_t index) { return kHeaderRow + 1 + static_cast<int>(index); }

private:
    void add(const std::string& kind, const std::string& id, const std::string& field,
             AssumptionRow row);
    std::vector<AssumptionRow> rows_;
    std::vector<AssumptionRange> ranges_;
    std::map<std::string, std::size_t> index_;       ///< "kind|id|field" -> row
    std::map<std::string, std::string> taken_;       ///< defined name -> key
    std::map<std::string, std::string> range_names_; ///< key -> name of a range

    friend struct AssumptionsBuilder;
};

void write_assumptions(xlsx::Book& book, xlsx::Sheet& sheet, const Assumptions& a,
                       const std::string& scenario);

/// The widths of a sheet of sourced figures, the Assumptions and the Prices
/// sheet alike: group, figure, value, unit, defined name, status, source
/// reference and note, in that order.
struct SourcedColumns {
    double group = 30;
    double figure = 36;
    double ref = 34;
    double note = 60;
};
/// Sets the eight columns of a sheet of sourced figures.
void sourced_figure_columns(xlsx::Sheet& sheet, const SourcedColumns& widths);
/// Writes their headers in `row`.
void sourced_figure_headers(xlsx::Sheet& sheet, int row);

/// A defined name made from a catalog id and a field: "cnode-1u" and
/// "read_GBps" give "cnode_1u_read_GBps" (letters, digits and underscores;
/// never a cell reference since it holds an underscore).
std::string defined_name(const std::string& id, const std::string& field);

// ------------------------------------------------------------ Design sheets

struct CheckpointCells;

/// Where a design sheet put each figure (by key), for Summary and Charts.
struct DesignCells {
    std::string sheet;
    /// key -> 0-based row of the value cell (looked up by string_view too)
    std::map<std::string, int, std::less<>> rows;
    std::map<std::string, double> numbers;    ///< key -> value written (cached)
    std::map<std::string, std::string> texts; ///< key -> text written (cached)
    /// key -> the design's cell on another sheet (the Resilience sheet's
    /// column of it), for the Summary to link to like an item of its own.
    std::map<std::string, std::string> linked;
    static constexpr int kValueCol = 1;

    bool has(const std::string& key) const { return rows.count(key) != 0 || linked.count(key); }
    /// 'Sheet'!$B$n of `key`; std::logic_error when absent.
    std::string ref(const std::string& key) const;
};

/// `checkpoints` gives the cell of the checkpoint jobs' combined write when
/// the scenario has any (the write requirement is the larger of it and the
/// performance rule's).
DesignCells write_design_sheet(xlsx::Book& book, xlsx::Sheet& sheet, const DesignEntry& design,
                               const Assumptions& a, const WorkbookInput& input,
                               const CheckpointCells& checkpoints);

// ------------------------------------------------------------ Checkpoints

/// A chart series: its name and the x and y ranges ("='Sheet'!$B$5:$B$9").
struct ChartSeries {
    std::string name;
    std::string xs;
    std::string ys;
};

/// One jobs table of the Checkpoints sheet: the result's plan or, in a
/// project whose sites are sized for their own needs, a site design's own
/// (its GPUs, platform and failures; own_site_of).
struct JobTable {
    std::size_t design = 0; ///< the design its rows are cached and checked on
    const CheckpointPlan* plan = nullptr;
    std::string platform; ///< the platform of its GPUs
    std::string prefix;   ///< before each job's name: "" or "Site A: "
    int first_job_row = 0;
    int plan_row = 0;
    std::string plan_write_ref; ///< the jobs' combined required write (GB/s)
    std::string plan_peak_ref;  ///< the checkpoints kept locally at their peak (TB)
    std::string plan_wan_ref;   ///< the jobs' offsite rate (GB/s)
};

/// Where the Checkpoints sheet puts things. The layout is fixed before any
/// sheet is written, so design sheets can refer to the jobs' combined write.
struct CheckpointCells {
    std::string sheet = "Checkpoints";
    std::size_t jobs = 0; ///< the result's jobs; none: no sheet
    std::vector<JobTable> tables;
    std::vector<std::size_t> table_of; ///< each design's table
    /// The jobs table design `design` reads.
    const JobTable& of(std::size_t design) const { return tables.at(table_of.at(design)); }
    // Filled in by write_checkpoints, for the goodput charts.
    std::vector<ChartSeries> curves;  ///< goodput against write, one per job
    std::vector<ChartSeries> designs; ///< each design's jobs at its write share
    std::vector<ChartSeries> knees;   ///< one per jobs table
    /// GPU-hours a day one more knee step gives back, one per job, and each
    /// job's threshold as a flat line (docs/checkpoints.md §7).
    std::vector<ChartSeries> step_gains;
    std::vector<ChartSeries> thresholds;
    int chart_row = 0;
};

/// The layout of the jobs tables (jobs may be none).
CheckpointCells checkpoint_layout(const WorkbookInput& input);

/// GPU-hours a day one more step gives back against write, each job's
/// threshold beside it: the knee as a curve, not one number.
void insert_step_gain_chart(xlsx::Book& book, xlsx::Sheet& sheet, const CheckpointCells& cells,
                            int row, int col);

void write_checkpoints(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                       const std::vector<DesignCells>& designs, const Assumptions& a,
                       CheckpointCells& cells);

/// The goodput-vs-write-bandwidth chart over the Checkpoints sheet's data.
void insert_goodput_chart(xlsx::Book& book, xlsx::Sheet& sheet, const CheckpointCells& cells,
                          int row, int col);

// ------------------------------------------------------------ Summary, Racks, Charts

/// A Summary cell as written, so the Slide can link to it with the same
/// cached result.
struct SummaryValue {
    enum Kind { a_number, a_text, plain } kind = plain;
    double number = 0.0;
    std::string text;
    bool assumed = false; ///< rests on an assumed catalog figure (shaded)
};

/// Rows of the Summary sheet by key, for the charts and the Slide.
struct SummaryCells {
    std::string sheet;
    int header_row = 0;
    int first_design_col = 1;
    int designs = 0;             ///< columns (designs, pods, references)
    std::vector<bool> reference; ///< per column: a reference system
    std::vector<std::string> column_names;
    std::map<std::string, int> rows;
    std::map<MetricId, std::vector<SummaryValue>> values; ///< per metric shown, per column
    std::map<MetricId, std::string> labels;               ///< each metric row's label
    /// Per column: the design it shows (a design or its pods), -1 for a reference.
    std::vector<int> design_of;
    /// Per column: a design grown to whole pods (ColumnKind::pods).
    std::vector<bool> pods;
    /// A comparison's ratio rows (a column over a reference), in order.
    struct Ratio {
        MetricId id{};
        std::size_t reference = 0;
        std::string label;
        int row = 0;
        std::vector<SummaryValue> values; ///< per column
    };
    std::vector<Ratio> ratios;
};

/// The columns: each design, or with a comparison its columns (designs, pods
/// grown to the target, references) and ratio rows.
SummaryCells write_summary(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                           const std::vector<DesignCells>& designs, const Assumptions& a);

/// Whether the workbook has a Resilience sheet: a scenario and a design
/// whose resilience the engine assessed.
/// A relative A1 reference ("C7") to (row, col), for formulas within a sheet.
std::string a1(int row, int col);

/// A run of racks or U as the Racks and Facility sheets give it: "7" or "7–12".
inline std::string run_text(int first, int last) {
    return first == last ? std::to_string(first)
                         : std::to_string(first) + "\u2013" + std::to_string(last);
}
/// A row of column headers from `row` (the first left-aligned), 30 points tall.
void header_row(xlsx::Book& book, xlsx::Sheet& sheet, int row, const std::vector<std::string>& h);

/// The Sites and phases sheet (workbook_growth.cpp): with a site list or phases.
bool has_growth(const WorkbookInput& input);
/// Writes it into `sheet`; nothing without one.
/// With `project` (a site list), the Project sheet too (write_project).
void write_growth(xlsx::Book& book, std::optional<xlsx::Sheet>& sheet,
                  std::optional<xlsx::Sheet>& project, const WorkbookInput& input);
/// A phased plan's cost by year from `row` (workbook_cost_by_year.cpp);
/// returns the row after it.
int cost_by_year_block(xlsx::Book& book, xlsx::Sheet& sheet, int row, const CashFlow& flow,
                       const WorkbookInput& in);
/// Row `id` of the formula map at (row, col) of the Sites and phases sheet:
/// `item` and `part` of the input's sites, phases or cost by year, its
/// placeholders from `cells` (formula_map.def).
void growth_cell(xlsx::Sheet& sheet, const WorkbookInput& in, int row, int col, std::string_view id,
                 const std::map<std::string_view, std::string>& cells, int item, int part,
                 xlsx::Num num);
/// A project of sites (a site list): the "Project" sheet, first in the
/// workbook (workbook_project.cpp): each site's needs, verdict, racks and
/// power, the project after each phase and its cost by year.
void write_project(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input);

bool has_resilience(const WorkbookInput& input);

/// The Resilience sheet (docs/resilience.md §8–§13), one column per design
/// with its resilience. Each design's durability headline is linked into its
/// DesignCells (key "durability_nines") for the Summary and the Slide.
void write_resilience(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                      std::vector<DesignCells>& designs, const Assumptions& a,
                      const CheckpointCells& checkpoints);

/// The Fleet sheet; input.fleet and its plan must be set. One block per
/// design with fleet storage.
void write_fleet(xlsx::Book& book, xlsx::Sheet& sheet, const FleetPlan& plan,
                 const std::vector<DesignEntry>& entries, const std::vector<DesignCells>& designs,
                 const Catalog& catalog);

/// Where the Cost sheet keeps each Summary column's TCO (docs/cost.md §7).
struct CostCells {
    std::string sheet;
    int tco_row = 0;
    int first_col = 1;
    int years = 0;             ///< the book's, for the cached label
    std::vector<double> tco;   ///< cached, per Summary column
    std::vector<bool> assumed; ///< per column: rests on an assumed price
};

/// rack_kinds (reports/rack_kinds.hpp) of each design of a result, by
/// design index: the Racks sheet and the Slide's typical racks both use them,
/// worked out once (issue 34).
using RackKinds = std::vector<std::vector<RackKind>>;
RackKinds all_rack_kinds(const SizingResult& result);

/// The Slide sheet, an executive summary on one landscape page: the need and
/// what each column delivers (intact and with a D-box down), the counts,
/// racks and power on both bases, the verdict, the ratios against a cloud
/// store, the top three risks and each design's typical rack. Every figure
/// links to its Summary or design-sheet cell; with `cost` (a price book)
/// also a TCO row linking to the Cost sheet's TCO.
void write_slide(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                 const std::vector<DesignCells>& designs, const SummaryCells& summary,
                 const RackKinds& kinds, const CostCells* cost = nullptr);

/// The Slide's lower part from `row`: the top three risks (errors first,
/// then warnings) across the designs, and under each design column the
/// design's typical rack drawn in filled cells (the columns' widths in
/// characters: the label column's, each value column's). Returns the next
/// free row.
int write_slide_risks_and_racks(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                                const SummaryCells& summary, const RackKinds& kinds, int row,
                                double label_width, double column_width);

/// The Racks sheet: each distinct rack of each design once, with how many
/// racks are like it, in a few rows (runs of the same device).
void write_racks(xlsx::Book& book, xlsx::Sheet& sheet, const SizingResult& result,
                 const RackKinds& kinds, const Assumptions& a, const Catalog& catalog);

/// The "Rack units" sheet (on request): one row per U of every rack.
void write_rack_units(xlsx::Book& book, xlsx::Sheet& sheet, const SizingResult& result,
                      const Assumptions& a, const Catalog& catalog);

/// The Prices sheet (docs/reports.md): every price of the book in an input
/// cell with its source, each under a defined name the Cost sheet's formulas
/// use (price_names). Written only with a price book.
void write_prices(xlsx::Book& book, xlsx::Sheet& sheet, const PriceBook& prices);

/// The defined names of one priced catalog item (the book's items in order):
/// price_<id>[_<drive>], unique. Its figures are <base>_list, _discount,
/// _support or _support_share, and _licence.
std::vector<std::string> price_item_names(const PriceBook& prices);

/// The Cost sheet: live formulas over the Prices sheet and the design sheets
/// (one column per Summary column), cached with core's design_cost and
/// cloud_cost. Written only with a price book.
CostCells write_cost(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                     const std::vector<DesignCells>& designs, const SummaryCells& summary);

void write_charts(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                  const std::vector<DesignCells>& designs, const SummaryCells& summary,
                  const Assumptions& a, const CheckpointCells& checkpoints);

} // namespace podsizer::wb

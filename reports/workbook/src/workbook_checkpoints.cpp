// The Checkpoints sheet (when the scenario has checkpoint jobs): the jobs and
// what they require, the cadence table, each job on each design, and the
// goodput-vs-write-bandwidth curve with its chart. The formulas are those of
// docs/checkpoints.md as core/src/{checkpoint,failure,goodput_curve,
// checkpoint_plan}.cpp compute them; each is cached with the engine's value.
#include "podsizer/catalog/safe_text.hpp"
#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/failure.hpp"
#include "podsizer/reports/checkpoint_report.hpp"
#include "podsizer/reports/plain_number.hpp"
#include "workbook_parts.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>

namespace podsizer::wb {

namespace {

// Columns of the jobs table.
enum JobCol {
#define JOB_COLUMN(column, header, field) column,
#include "checkpoint_columns.def"
    kJobCols
};

constexpr int kJobsHeader = 5;
constexpr int kChartRows = 24; // rows kept free for the chart on this sheet

double gbps(Throughput t) {
    return in(t, units::GB_per_s);
}

/// The jobs table's columns in JobCol order: the header, and the name the
/// formula map's {job:field} gives the column ("": none).
constexpr std::pair<std::string_view, std::string_view> kJobColumns[] = {
#define JOB_COLUMN(column, header, field) {header, field},
#include "checkpoint_columns.def"
};

/// The jobs table's column named `field` by {job:field}.
int job_column(std::string_view field) {
    for (std::size_t c = 0; c < std::size(kJobColumns); ++c) {
        if (!field.empty() && kJobColumns[c].second == field) {
            return static_cast<int>(c);
        }
    }
    throw std::logic_error("workbook: no jobs column " + std::string(field));
}

/// A number written into a formula: the model's fixed overhead and staging
/// bandwidth are not inputs of the sheet (detail::plain, locale-free).
std::string literal(double v) {
    return detail::plain(v, 9);
}

/// Other placeholders of a row: their cells.
using Cells = std::map<std::string_view, std::string>;

/// One distinct (size, stall budget) among the jobs: a pair of columns of
/// the cadence table, computed with the first such job's cells.
struct CadenceGroup {
    std::size_t job;
    double size;
    double stall;
};

std::vector<CadenceGroup> cadence_groups(const CheckpointPlan& plan) {
    std::vector<CadenceGroup> groups;
    for (std::size_t i = 0; i < plan.jobs.size(); ++i) {
        const CheckpointJobModel& m = plan.jobs[i].model;
        const bool seen = std::any_of(groups.begin(), groups.end(), [&](const CadenceGroup& g) {
            return g.size == m.size.base() && g.stall == m.stall_budget;
        });
        if (!seen) {
            groups.push_back({i, m.size.base(), m.stall_budget});
        }
    }
    return groups;
}

/// Writes the Checkpoints sheet section by section; each section starts at
/// a row and returns the row after it.
class CheckpointSheet {
public:
    CheckpointSheet(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                    const Assumptions& a, CheckpointCells& cells)
        : book_(book), sheet_(sheet), a_(a), cells_(cells), catalog_(*input.catalog), input_(input),
          all_(input.result->designs) {
        has_rate_ = a.has("failure", "failure_rate", "per_1000_node_days");
    }

    void heading();
    void jobs(const std::vector<DesignCells>& designs);
    int cadences(int row);
    int designs(int row, const std::vector<Design>& designs, const std::vector<DesignCells>& cells);
    int curves(int row, const std::vector<Design>& designs);
    int curves(int row, const std::vector<Design>& designs, const JobTable& t);
    int band(int row);
    int band(int row, const JobTable& t);
    void finish();

private:
    void job_row(const JobTable& t, std::size_t i);
    void job_size(int row, const CheckpointRequirement& r, std::size_t i, std::size_t d);
    void job_failures(int row, const JobTable& t, std::size_t i);
    void job_interval(int row, const CheckpointRequirement& r, std::size_t i, std::size_t d);
    void job_knee_and_copies(int row, const CheckpointRequirement& r, std::size_t i, std::size_t d);
    void plan_totals(const JobTable& t);
    /// GPUs per node on Assumptions for the table's platform: nodes are a formula.
    bool has_gpn(const JobTable& t) const {
        return !t.platform.empty() && a_.has("platform", t.platform, "gpus_per_node");
    }
    /// Writes the formula map's row `id` at (row, col) for job `job` of
    /// design `design` (`part`: a cadence or a point of the curve): {job:field}
    /// the job's cells on the design's jobs table, {platform:gpus_per_node}
    /// and {failure:field} the Assumptions' names, the rest from `cells`
    /// (formula_map.def).
    void put(int row, int col, std::string_view id, Num num, std::size_t job,
             const Cells& cells = {}, std::size_t design = 0, int part = -1);
    /// The job's write time, interval run and goodput at the write in `at`
    /// in columns c, c+1, c+2.
    void job_at(int row, int c, std::size_t job, const std::string& at, std::size_t design,
                int part);
    void design_job(int row, const Design& d, std::size_t design, std::size_t job,
                    const std::string& write);
    void header_row(int row, const std::vector<std::string_view>& headers, int left_columns);

    xlsx::Book& book_;
    xlsx::Sheet& sheet_;
    const Assumptions& a_;
    CheckpointCells& cells_;
    const Catalog& catalog_;
    bool has_rate_ = false; ///< the failure rate on Assumptions
    const std::vector<DesignCells>* design_cells_ = nullptr;
    const WorkbookInput& input_;
    const std::vector<Design>& all_;
};

void CheckpointSheet::put(int row, int col, std::string_view id, Num num, std::size_t job,
                          const Cells& cells, std::size_t design, int part) {
    const JobTable& t = cells_.of(design);
    const CheckpointRequirement& r = t.plan->jobs[job];
    const int job_row = t.first_job_row + static_cast<int>(job);
    const FormulaRow& f = formula_row(id);
    const std::string filled = fill_formula(f.templ, [&](std::string_view name) -> std::string {
        const std::string key(name.substr(name.find(':') + 1));
        if (name == "job:overhead") {
            return literal(r.model.overhead.base());
        }
        if (name == "job:staging") {
            return literal(gbps(r.local_bandwidth));
        }
        if (name.starts_with("job:")) {
            return xlsx::cell(job_row, job_column(key));
        }
        if (name == "platform:gpus_per_node") {
            return has_gpn(t)
                       ? a_.name("platform", t.platform, key)
                       : fmt::format("{}", std::lround(r.platform_failures_per_1000_node_days *
                                                       r.failure_rate.gpus_per_node /
                                                       r.failure_rate.per_1000_node_days));
        }
        if (name.starts_with("failure:")) {
            return a_.name("failure", "failure_rate", key);
        }
        return name == "slack" ? kSlackText : cells.at(name);
    });
    sheet_.mapped(
        row, col, f, filled,
        FigureSource{all_[design], catalog_, static_cast<int>(job), nullptr, part, &input_}, design,
        num);
}

void CheckpointSheet::job_at(int row, int c, std::size_t job, const std::string& at,
                             std::size_t design, int part) {
    const Cells cells{
        {"at", at}, {"write_time", xlsx::cell(row, c)}, {"interval", xlsx::cell(row, c + 1)}};
    put(row, c, "ck_write_time", Num::two, job, cells, design, part);
    put(row, c + 1,
        cells_.of(design).plan->jobs[job].model.interval ? "ck_interval" : "ck_interval_daly",
        Num::one, job, cells, design, part);
    put(row, c + 2, "ck_goodput", Num::percent, job, cells, design, part);
}

void CheckpointSheet::heading() {
    sheet_.text(0, 0, "Checkpoints", book_.title());
    const JobTable& first = cells_.tables.front();
    sheet_.text(1, 0,
                std::string("Checkpoint jobs of ") +
                    (first.prefix.empty() ? "the pod (" : "each site's pod (") +
                    (first.plan->concurrent ? "concurrent: their writes add up"
                                            : "alternatives: the most demanding one counts") +
                    "), what each design sustains, and goodput against write throughput.",
                book_.subtitle());
    sheet_.text(2, 0,
                "Blue cells are inputs; failure rate and GPUs per node are on Assumptions. "
                "Formulas and sources: docs/checkpoints.md.",
                book_.subtitle());
}

/// The lines `text` wraps to at `width` characters: whole words, broken
/// after a hyphen as LibreOffice does ("node-" / "days"); a word longer
/// than the column is broken over lines of its own.
int wrapped_lines(std::string_view text, double width) {
    int lines = 1;
    double used = 0;
    std::size_t at = 0;
    bool after_space = false;
    while (at < text.size()) {
        std::size_t end = text.find_first_of(" -", at);
        end = end == std::string::npos ? text.size() : end + (text[end] == '-' ? 1 : 0);
        auto word = static_cast<double>(end - at);
        const double gap = used > 0 && after_space ? 1 : 0;
        if (used > 0 && used + gap + word > width) {
            ++lines;
            used = 0;
        } else {
            used += gap;
        }
        while (used + word > width) {
            word -= width - used;
            ++lines;
            used = 0;
        }
        used += word;
        after_space = end < text.size() && text[end] == ' ';
        at = end + (after_space ? 1 : 0);
    }
    return lines;
}

/// Header cells: the first `left_columns` left-aligned.
void CheckpointSheet::header_row(int row, const std::vector<std::string_view>& headers,
                                 int left_columns) {
    int lines = 3; // at least the 44 points the rows had
    for (std::size_t c = 0; c < headers.size(); ++c) {
        const int col = static_cast<int>(c);
        sheet_.text(row, col, std::string(headers[c]),
                    col < left_columns ? book_.header_left() : book_.header());
        // Bold white text in a 13-character column holds about 8 a line
        // ("node-days" did not fit on one).
        if (col >= left_columns) {
            lines = std::max(lines, wrapped_lines(headers[c], 8.0));
        }
    }
    // As high as the longest header wraps: "Failures per 1,000 node-days (as
    // stated)" ran past the row on paper (REVIEW-3 part B #6).
    sheet_.row_height(row, 13.0 * lines + 5.0);
}

void CheckpointSheet::jobs(const std::vector<DesignCells>& designs) {
    design_cells_ = &designs;
    sheet_.text(kJobsHeader - 1, 0, "Jobs and what they require", book_.section());
    std::vector<std::string_view> headers;
    for (const auto& [header, field] : kJobColumns) {
        headers.push_back(header);
    }
    header_row(kJobsHeader, headers, 1);
    for (const JobTable& t : cells_.tables) {
        for (std::size_t i = 0; i < t.plan->jobs.size(); ++i) {
            job_row(t, i);
        }
        plan_totals(t);
    }
}

/// One job's row, its cells in column order.
void CheckpointSheet::job_row(const JobTable& t, std::size_t i) {
    const CheckpointRequirement& r = t.plan->jobs[i];
    const int row = t.first_job_row + static_cast<int>(i);
    sheet_.text(row, kName, t.prefix + r.name, book_.label());
    job_size(row, r, i, t.design);
    const Design& d = all_[t.design];
    if (!t.prefix.empty() && r.gpus == d.requirements.gpus && design_cells_ != nullptr &&
        (*design_cells_)[t.design].has("gpus")) {
        // A site's job on its whole pod follows the site's GPUs.
        put(row, kGpus, "ck_site_gpus", Num::integer, i,
            {{"gpus", (*design_cells_)[t.design].ref("gpus")}}, t.design);
    } else {
        sheet_.number(row, kGpus, static_cast<double>(r.gpus), Num::integer, Role::input);
    }
    job_failures(row, t, i);
    job_interval(row, r, i, t.design);
    job_knee_and_copies(row, r, i, t.design);
}

/// Parameters x bytes per parameter, or the size itself.
void CheckpointSheet::job_size(int row, const CheckpointRequirement& r, std::size_t i,
                               std::size_t d) {
    if (r.params > 0) {
        sheet_.number(row, kParams, r.params, Num::integer, Role::input);
        sheet_.number(row, kBpp, r.bytes_per_param, Num::precise, Role::input);
        put(row, kSize, "ck_size", Num::two, i, {}, d);
    } else {
        sheet_.text(row, kParams, "", book_.label());
        sheet_.text(row, kBpp, "", book_.label());
        sheet_.number(row, kSize, in(r.model.size, units::TB), Num::two, Role::input);
    }
}

/// Nodes, the failure rate and the cluster's mean time between failures.
void CheckpointSheet::job_failures(int row, const JobTable& t, std::size_t i) {
    const CheckpointRequirement& r = t.plan->jobs[i];
    const std::size_t d = t.design;
    if (has_gpn(t)) {
        put(row, kNodes, "ck_nodes", Num::integer, i, {}, d);
    } else {
        sheet_.number(row, kNodes, static_cast<double>(r.nodes), Num::integer, Role::value);
    }
    if (has_rate_) {
        put(row, kRate, "ck_rate", Num::precise, i, {}, d);
        put(row, kRateGpus, "ck_rate_gpus", Num::integer, i, {}, d);
    } else {
        sheet_.number(row, kRate, r.failure_rate.per_1000_node_days, Num::precise, Role::input);
        sheet_.number(row, kRateGpus, r.failure_rate.gpus_per_node, Num::integer, Role::input);
    }
    put(row, kPlatformRate, "ck_platform_rate", Num::precise, i, {}, d);
    put(row, kMtbf, "ck_mtbf", Num::one, i, {}, d);
    put(row, kMtbfMinutes, "ck_mtbf_min", Num::one, i, {}, d);
}

/// Mode, interval, stall budget, restart and the write they require.
void CheckpointSheet::job_interval(int row, const CheckpointRequirement& r, std::size_t i,
                                   std::size_t d) {
    sheet_.text(row, kMode, std::string(to_string(r.model.mode)),
                book_.style(Num::text, Role::input));
    if (r.model.interval) {
        sheet_.number(row, kInterval, r.model.interval->base(), Num::one, Role::input);
    } else {
        sheet_.text(row, kInterval, "auto (Daly)", book_.text_value());
    }
    sheet_.number(row, kStall, r.model.stall_budget, Num::percent, Role::input);
    sheet_.number(row, kRestart, r.model.restart.base(), Num::integer, Role::input);
    // Computed for every job so that the mode cell can be changed.
    put(row, kLocalCopy, "ck_local_copy", Num::two, i, {}, d);
    put(row, kLocalWrite, "ck_local_write", Num::one, i, {}, d);
    put(row, kRequired, r.model.interval ? "ck_required" : "ck_required_daly", Num::one, i, {}, d);
}

/// The knee, and the copies: offsite every Nth over the WAN, kept locally.
void CheckpointSheet::job_knee_and_copies(int row, const CheckpointRequirement& r, std::size_t i,
                                          std::size_t d) {
    // The knee is found by bisection (core/src/goodput_curve.cpp): a value.
    if (r.knee) {
        sheet_.number(row, kKnee, gbps(*r.knee), Num::one, Role::value);
        // At the overhead the knee is taken at (at least 10 s, goodput_curve.hpp).
        const double g = evaluate_job(knee_job(r.model, r.knee_rule), *r.knee).goodput;
        sheet_.number(row, kKneeGoodput, g, Num::percent, Role::value);
    } else {
        sheet_.text(row, kKnee, "none", book_.text_value());
        sheet_.text(row, kKneeGoodput, "", book_.label());
    }
    sheet_.number(row, kEvery, static_cast<double>(r.offsite_every), Num::integer, Role::input);
    if (r.model.interval) {
        put(row, kWan, "ck_wan", Num::two, i, {}, d);
    } else {
        sheet_.number(row, kWan, gbps(r.offsite_write), Num::two, Role::value);
    }
    sheet_.number(row, kRetain, static_cast<double>(r.retain), Num::integer, Role::input);
    put(row, kPeak, "ck_peak", Num::one, i, {}, d);
}

/// The plan: concurrent jobs add up, alternatives need the largest.
void CheckpointSheet::plan_totals(const JobTable& t) {
    const int row = t.plan_row;
    const int first = t.first_job_row;
    const int last = t.plan_row - 1;
    const bool sum = t.plan->concurrent;
    auto over = [&](int col, const char* what, Num num) {
        const std::string id = fmt::format("ck_plan_{}_{}", what, sum ? "sum" : "max");
        put(row, col, id, num, 0,
            {{"column", xlsx::cell(first, col) + ":" + xlsx::cell(last, col)}}, t.design);
    };
    const std::string all =
        sum ? "ll jobs (concurrent: sum)" : "ll jobs (alternatives: the largest)";
    sheet_.text(row, kName, t.prefix.empty() ? "A" + all : t.prefix + "a" + all, book_.section());
    for (int c = 1; c < kJobCols; ++c) {
        sheet_.text(row, c, "", book_.section());
    }
    over(kRequired, "write", Num::one);
    over(kWan, "wan", Num::two);
    over(kPeak, "peak", Num::one);
}

/// The write throughput each cadence needs, sync and async, per distinct
/// (size, stall budget).
int CheckpointSheet::cadences(int row) {
    sheet_.text(row, 0, "Cadence table: write throughput a cadence needs", book_.section());
    ++row;
    const JobTable& t = cells_.tables.front(); // the same sizes and budgets in every table
    const std::vector<CadenceGroup> groups = cadence_groups(*t.plan);
    sheet_.text(row, 0, "Every (s)", book_.header());
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const CheckpointRequirement& r = t.plan->jobs[groups[g].job];
        const std::string what = format_number(in(r.model.size, units::TB), 1) + " TB";
        const int col = 1 + 2 * static_cast<int>(g);
        sheet_.text(row, col,
                    what + ", sync, " + format_number(100 * r.model.stall_budget, 0) +
                        " % stall (GB/s)",
                    book_.header());
        sheet_.text(row, col + 1, what + ", async (GB/s)", book_.header());
    }
    xlsx::check(worksheet_set_row(sheet_.raw(), static_cast<lxw_row_t>(row), 44, nullptr),
                "header height");
    ++row;
    for (std::size_t k = 0; k < std::size(kCheckpointCadences); ++k) {
        sheet_.number(row, 0, kCheckpointCadences[k], Num::integer, Role::input);
        const Cells every{{"every", xlsx::cell(row, 0)}};
        const Duration d = Duration::from_base(kCheckpointCadences[k]);
        for (std::size_t g = 0; g < groups.size(); ++g) {
            const CheckpointJobModel& m = t.plan->jobs[groups[g].job].model;
            const int col = 1 + 2 * static_cast<int>(g);
            const int part = static_cast<int>(k);
            if (std::isfinite(
                    required_write(m.size, d, CheckpointMode::sync, m.stall_budget, m.overhead)
                        .base())) {
                put(row, col, "ck_cadence_sync", Num::one, groups[g].job, every, t.design, part);
            } else {
                // The overhead alone fills the stall budget: no write meets it.
                sheet_.text(row, col, "none meets it", book_.text_value());
            }
            put(row, col + 1, "ck_cadence_async", Num::one, groups[g].job, every, t.design, part);
        }
        ++row;
    }
    return row;
}

/// Each job on each design at the design's write share; each design's jobs
/// become a chart series.
int CheckpointSheet::designs(int row, const std::vector<Design>& designs,
                             const std::vector<DesignCells>& cells) {
    sheet_.text(row, 0, "Each job on each design", book_.section());
    ++row;
    header_row(row,
               {"Design", "Job", "Needs (GB/s)", "Gets (GB/s)", "Write time (s)",
                "Interval run (s)", "Goodput (%)", "Shortest interval (s)",
                "GPU-hours lost per day", "Sustained", "Offsite WAN to the central store (GB/s)",
                "One more step gives (GPU-h/day)"},
               2);
    ++row;
    for (std::size_t di = 0; di < designs.size(); ++di) {
        const Design& d = designs[di];
        const int first = row;
        for (std::size_t i = 0; i < d.checkpoints.size() && i < cells_.of(di).plan->jobs.size();
             ++i) {
            design_job(row, d, di, i, cells[di].ref("write_GBps"));
            ++row;
        }
        if (row > first) {
            cells_.designs.push_back({d.name + " (as designed)",
                                      xlsx::range(sheet_.name(), first, 3, row - 1, 3),
                                      xlsx::range(sheet_.name(), first, 6, row - 1, 6)});
        }
    }
    return row;
}

/// One job on one design whose delivered write is in `write`; its formulas
/// are rows of the formula map (formula_map.def, Checkpoints sheet).
void CheckpointSheet::design_job(int row, const Design& d, std::size_t design, std::size_t job,
                                 const std::string& write) {
    const CheckpointAtDesign& c = d.checkpoints[job];
    const JobTable& t = cells_.of(design);
    sheet_.text(row, 0, d.name, book_.label());
    sheet_.text(row, 1, c.name, book_.label());
    const Cells cells{{"write", write},
                      {"plan_required", xlsx::cell(t.plan_row, kRequired)},
                      {"needs", xlsx::cell(row, 2)},
                      {"gets", xlsx::cell(row, 3)},
                      {"write_time", xlsx::cell(row, 4)},
                      {"interval", xlsx::cell(row, 5)},
                      {"goodput", xlsx::cell(row, 6)}};
    auto mapped = [&](int col, std::string_view id, Num num) {
        put(row, col, id, num, job, cells, design);
    };
    mapped(2, "ck_needs", Num::one);
    if (c.share.base() <= 0.0) {
        sheet_.number(row, 3, 0.0, Num::one, Role::value);
        sheet_.text(row, 9, c.sustainable ? "yes" : "NO", book_.text_value());
        return;
    }
    mapped(3, t.plan->concurrent ? "ck_gets_shared" : "ck_gets", Num::one);
    job_at(row, 4, job, xlsx::cell(row, 3), design, -1);
    // The shortest interval: sync, the stall (overhead + write) over the
    // budget; async, the drain.
    mapped(7, "ck_shortest", Num::one);
    mapped(8, "ck_lost", Num::integer);
    mapped(9, "ck_sustained", Num::text);
    mapped(10, "ck_offsite", Num::two);
    // GPU-hours a day one more knee step gives back here: two evaluations of
    // the model (core step_gain), a value.
    sheet_.number(row, 11, c.at_share.step_gain, Num::integer, Role::value);
}

/// Goodput against write throughput for each job (the chart's data), with
/// each design's write share among the points.
int CheckpointSheet::curves(int row, const std::vector<Design>& designs) {
    sheet_.text(row, 0, "Goodput against write throughput (chart data)", book_.section());
    ++row;
    header_row(row,
               {"Job", "Write (GB/s)", "Write time (s)", "Interval run (s)", "Goodput (%)",
                "One more step gives (GPU-h/day)", "Threshold (GPU-h/day)"},
               1);
    ++row;
    for (const JobTable& t : cells_.tables) {
        row = curves(row, designs, t);
    }
    return row;
}

/// The curves of one jobs table's jobs.
int CheckpointSheet::curves(int row, const std::vector<Design>& designs, const JobTable& t) {
    for (std::size_t i = 0; i < t.plan->jobs.size(); ++i) {
        const CheckpointRequirement& r = t.plan->jobs[i];
        const std::string name = t.prefix + r.name;
        const int first = row;
        const GoodputCurve curve = checkpoint_curve(r, designs, i);
        for (const GoodputPoint& p : curve.points) {
            sheet_.text(row, 0, name, book_.label());
            sheet_.number(row, 1, gbps(p.write), Num::one, Role::input);
            job_at(row, 2, i, xlsx::cell(row, 1), t.design,
                   static_cast<int>(&p - curve.points.data()));
            // Two evaluations of the model (core step_gain): a value. Left
            // empty where it is zero: the chart's axis is logarithmic.
            if (p.step_gain > 0.0) {
                sheet_.number(row, 5, p.step_gain, Num::integer, Role::value);
            }
            sheet_.number(row, 6, r.knee_rule.threshold, Num::integer, Role::value);
            ++row;
        }
        const std::string xs = xlsx::range(sheet_.name(), first, 1, row - 1, 1);
        cells_.curves.push_back({name, xs, xlsx::range(sheet_.name(), first, 4, row - 1, 4)});
        cells_.step_gains.push_back({name + ": one more " + format_write(r.knee_rule.step), xs,
                                     xlsx::range(sheet_.name(), first, 5, row - 1, 5)});
        cells_.thresholds.push_back(
            {name + ": threshold " + format_significant(r.knee_rule.threshold, 0) + " GPU-h/day",
             xs, xlsx::range(sheet_.name(), first, 6, row - 1, 6)});
    }
    const std::string knee =
        t.prefix.empty() ? "knee" : "knee, " + t.prefix.substr(0, t.prefix.size() - 2);
    cells_.knees.push_back(
        {knee, xlsx::range(sheet_.name(), t.first_job_row, kKnee, t.plan_row - 1, kKnee),
         xlsx::range(sheet_.name(), t.first_job_row, kKneeGoodput, t.plan_row - 1, kKneeGoodput)});
    return row;
}

/// The failure band (docs/checkpoints.md §10): each job under three sourced
/// failure cases, not one favourable point. Values: core failure_band().
int CheckpointSheet::band(int row) {
    const CheckpointPlan& first = *cells_.tables.front().plan;
    if (first.jobs.empty() || !first.jobs.front().band) {
        return row;
    }
    sheet_.text(row, 0,
                "Failure band: MTBF, goodput and required write under three failure cases "
                "(A100 and H100 rates; none is published for GB200 NVL72)",
                book_.section());
    ++row;
    header_row(row,
               {"Job", "Case (failure-rate preset)", "Failures per 1,000 node-days", "Restart (s)",
                "Cluster MTBF (min)", "Required write (GB/s)", "Goodput at it (%)"},
               2);
    ++row;
    for (const JobTable& t : cells_.tables) {
        row = band(row, t);
    }
    return row;
}

/// The failure band of one jobs table's jobs.
int CheckpointSheet::band(int row, const JobTable& t) {
    for (const CheckpointRequirement& r : t.plan->jobs) {
        if (!r.band) {
            continue;
        }
        const std::pair<const char*, const FailureBandCase*> cases[] = {
            {"low", &r.band->low}, {"central", &r.band->central}, {"high", &r.band->high}};
        for (const auto& [name, c] : cases) {
            sheet_.text(row, 0, t.prefix + r.name, book_.label());
            sheet_.text(row, 1, std::string(name) + " (" + c->input.rate.preset + ")",
                        book_.label());
            sheet_.number(row, 2, c->input.rate.per_1000_node_days, Num::two, Role::value);
            sheet_.number(row, 3, c->input.restart.base(), Num::integer, Role::value);
            sheet_.number(row, 4, in(c->mtbf, units::min), Num::one, Role::value);
            sheet_.number(row, 5, gbps(c->required_write), Num::one, Role::value);
            sheet_.number(row, 6, c->goodput, Num::percent, Role::value);
            ++row;
        }
    }
    return row;
}

/// The chart, page breaks around it, widths, panes and print set-up.
void CheckpointSheet::finish() {
    insert_goodput_chart(book_, sheet_, cells_, cells_.chart_row, 0);
    insert_step_gain_chart(book_, sheet_, cells_, cells_.chart_row + kChartRows, 0);
    // Each chart and the data start a printed page, so no chart is cut.
    // (libxlsxwriter copies the 0-terminated array.)
    lxw_row_t breaks[] = {static_cast<lxw_row_t>(cells_.chart_row),
                          static_cast<lxw_row_t>(cells_.chart_row + kChartRows),
                          static_cast<lxw_row_t>(cells_.chart_row + 2 * kChartRows), 0};
    xlsx::check(worksheet_set_h_pagebreaks(sheet_.raw(), breaks), "page breaks");
    sheet_.column_width(0, 0, 26);
    sheet_.column_width(1, kJobCols - 1, 13);
    sheet_.column_width(kParams, kParams, 19); // 1,800,000,000,000
    sheet_.freeze(kJobsHeader + 1, 1);
    sheet_.print_setup(-1);
}

} // namespace

CheckpointCells checkpoint_layout(const WorkbookInput& input) {
    CheckpointCells c;
    const CheckpointPlan& plan = input.result->requirements.checkpoints;
    c.jobs = plan.jobs.size();
    int row = kJobsHeader + 1;
    // Each table: its jobs, then their plan; the tables one after another.
    auto add = [&](std::size_t design, const CheckpointPlan& p, std::string platform,
                   std::string prefix) {
        JobTable& t = c.tables.emplace_back();
        t.design = design;
        t.plan = &p;
        t.platform = std::move(platform);
        t.prefix = std::move(prefix);
        t.first_job_row = row;
        t.plan_row = row + static_cast<int>(p.jobs.size());
        t.plan_write_ref = xlsx::ref(c.sheet, t.plan_row, kRequired);
        t.plan_peak_ref = xlsx::ref(c.sheet, t.plan_row, kPeak);
        t.plan_wan_ref = xlsx::ref(c.sheet, t.plan_row, kWan);
        row = t.plan_row + 1;
        return c.tables.size() - 1;
    };
    const Scenario* s = input.scenario;
    const std::string platform = s != nullptr && s->fleet ? s->fleet->platform : "";
    std::optional<std::size_t> shared; // the result's plan, its first design's rows
    const std::vector<Design>& designs = input.result->designs;
    for (std::size_t i = 0; i < designs.size(); ++i) {
        // A project's site sized for its own needs has its own jobs: its
        // GPUs, nodes and failures (docs/sites-and-phases.md).
        if (const SiteStorage* site = own_site_of(input, designs[i])) {
            c.table_of.push_back(add(i, designs[i].requirements.checkpoints, site->platform,
                                     designs[i].name + ": "));
            continue;
        }
        if (!shared) {
            shared = add(i, plan, platform, "");
        }
        c.table_of.push_back(*shared);
    }
    if (c.tables.empty()) {
        add(0, plan, platform, "");
    }
    return c;
}

void write_checkpoints(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                       const std::vector<DesignCells>& designs, const Assumptions& a,
                       CheckpointCells& cells) {
    const std::vector<Design>& all = input.result->designs;
    CheckpointSheet s(book, sheet, input, a, cells);
    s.heading();
    s.jobs(designs);
    int row = s.cadences(cells.tables.back().plan_row + 2);
    row = s.designs(row + 1, all, designs);
    row = s.band(row + 1);
    cells.chart_row = row + 1;
    s.curves(cells.chart_row + 2 * kChartRows, all);
    s.finish();
}

namespace {

/// Both checkpoint charts: the legend on the right, twice the default width
/// and one and a half its height.
constexpr xlsx::ChartPlacement kCheckpointChart{LXW_CHART_LEGEND_RIGHT, 2.0, 1.5};

/// Adds the series of `c` called `name` (xml_safe where it is c's: see Sheet::text).
lxw_chart_series* series(lxw_chart* chart, const ChartSeries& c, const std::string& name,
                         lxw_chart_line line, std::uint8_t marker, std::uint8_t size = 0) {
    return xlsx::add_series(chart, c.xs, c.ys, name, line, marker, size);
}

} // namespace

void insert_goodput_chart(xlsx::Book& book, xlsx::Sheet& sheet, const CheckpointCells& cells,
                          int row, int col) {
    // Okabe-Ito colours for the jobs; designs as black-edged diamonds.
    lxw_chart* chart = book.add_chart(LXW_CHART_SCATTER_SMOOTH);
    const lxw_chart_line none = xlsx::chart_line(0, 0);
    for (std::size_t i = 0; i < cells.curves.size(); ++i) {
        const ChartSeries& c = cells.curves[i];
        series(chart, c, xml_safe(c.name), xlsx::chart_line(xlsx::series_colour(i), 1.75),
               LXW_CHART_MARKER_NONE);
    }
    for (std::size_t i = 0; i < cells.designs.size(); ++i) {
        const ChartSeries& c = cells.designs[i];
        lxw_chart_series* s = series(chart, c, xml_safe(c.name), none, LXW_CHART_MARKER_DIAMOND, 9);
        lxw_chart_fill fill{};
        fill.color = i == 0 ? 0x000000 : 0x7F7F7F;
        chart_series_set_marker_fill(s, &fill);
    }
    for (const ChartSeries& knee : cells.knees) {
        series(chart, knee, knee.name + " (one more step buys less than the threshold)", none,
               LXW_CHART_MARKER_X, 8);
    }
    chart_title_set_name(chart, "Goodput against write throughput");
    chart_axis_set_name(chart->x_axis, "write throughput (GB/s, log scale)");
    chart_axis_set_name(chart->y_axis, "goodput");
    chart_axis_set_log_base(chart->x_axis, 10);
    chart_axis_set_num_format(chart->x_axis, "#,##0");
    chart_axis_set_num_format(chart->y_axis, "0%");
    xlsx::place_chart(sheet, chart, row, col, kCheckpointChart, "goodput chart");
}

void insert_step_gain_chart(xlsx::Book& book, xlsx::Sheet& sheet, const CheckpointCells& cells,
                            int row, int col) {
    lxw_chart* chart = book.add_chart(LXW_CHART_SCATTER_SMOOTH);
    for (std::size_t i = 0; i < cells.step_gains.size(); ++i) {
        const lxw_color_t colour = xlsx::series_colour(i);
        const ChartSeries& g = cells.step_gains[i];
        series(chart, g, xml_safe(g.name), xlsx::chart_line(colour, 1.75), LXW_CHART_MARKER_NONE);
        // The threshold: where the curve crosses it is the knee.
        const ChartSeries& t = cells.thresholds.at(i);
        series(chart, t, xml_safe(t.name), xlsx::chart_line(colour, 1.0, LXW_CHART_LINE_DASH_DASH),
               LXW_CHART_MARKER_NONE);
    }
    chart_title_set_name(chart, "GPU-hours a day one more step of write gives back");
    chart_axis_set_name(chart->x_axis, "write throughput (GB/s, log scale)");
    chart_axis_set_name(chart->y_axis, "GPU-hours a day (log scale)");
    chart_axis_set_log_base(chart->x_axis, 10);
    chart_axis_set_log_base(chart->y_axis, 10);
    chart_axis_set_num_format(chart->x_axis, "#,##0");
    chart_axis_set_num_format(chart->y_axis, "#,##0");
    xlsx::place_chart(sheet, chart, row, col, kCheckpointChart, "step gain chart");
}

} // namespace podsizer::wb

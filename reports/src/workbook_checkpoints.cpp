// The Checkpoints sheet (when the scenario has checkpoint jobs): the jobs and
// what they require, the cadence table, each job on each design, and the
// goodput-vs-write-bandwidth curve with its chart. The formulas are those of
// docs/checkpoints.md as core/src/{checkpoint,failure,goodput_curve,
// checkpoint_plan}.cpp compute them; each is cached with the engine's value.
#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/failure.hpp"
#include "workbook_parts.hpp"

#include <algorithm>
#include <cmath>

namespace podsizer::wb {

namespace {

using xlsx::Num;
using xlsx::Role;

// Columns of the jobs table.
enum JobCol {
    kName,
    kParams,
    kBpp,
    kSize,
    kGpus,
    kNodes,
    kRate,
    kMtbf,
    kMtbfMinutes,
    kMode,
    kInterval,
    kStall,
    kRestart,
    kRequired,
    kKnee,
    kKneeGoodput,
    kEvery,
    kWan,
    kRetain,
    kPeak,
    kJobCols
};

constexpr int kJobsHeader = 5;
// Cadences of the cadence table, in seconds: the brief's 60 s and 5-15 min, and around.
constexpr double kCadences[] = {60, 120, 300, 600, 900, 1800, 3600};
constexpr int kChartRows = 24; // rows kept free for the chart on this sheet

double gbps(Throughput t) {
    return in(t, units::GB_per_s);
}

/// expm1(x) without cancellation for small x: e^x − 1 = 2·sinh(x/2)·e^(x/2).
std::string expm1(const std::string& x) {
    return "(2*SINH((" + x + ")/2)*EXP((" + x + ")/2))";
}

/// Daly's interval (core/src/failure.cpp) for write time `d` and MTBF `m`.
std::string daly(const std::string& d, const std::string& m) {
    return "IF(" + d + ">=2*" + m + "," + m + ",SQRT(2*" + d + "*" + m + ")*(1+SQRT(" + d + "/(2*" +
           m + "))/3+" + d + "/(2*" + m + ")/9)-" + d + ")";
}

/// Goodput (core/src/failure.cpp): Daly's complete model for sync; for async
/// the drain moves into the restart. `tau` is the interval run (async: at
/// least the drain already).
std::string goodput_formula(const std::string& mode, const std::string& tau, const std::string& d,
                            const std::string& r, const std::string& m) {
    return "=IF(" + mode + "=\"sync\"," + tau + "/(" + m + "*EXP(" + r + "/" + m + ")*" +
           expm1("(" + tau + "+" + d + ")/" + m) + ")," + tau + "/(" + m + "*EXP((" + r + "+" + d +
           ")/" + m + ")*" + expm1(tau + "/" + m) + "))";
}

/// The refs of one job's row.
struct JobRefs {
    std::string size, mode, interval, stall, restart, mtbf, gpus, every, required;
    bool fixed = true; ///< a requested interval (else "auto": Daly's)
};

JobRefs job_refs(int row, const CheckpointRequirement& r) {
    JobRefs j;
    j.size = xlsx::cell(row, kSize);
    j.mode = xlsx::cell(row, kMode);
    j.interval = xlsx::cell(row, kInterval);
    j.stall = xlsx::cell(row, kStall);
    j.restart = xlsx::cell(row, kRestart);
    j.mtbf = xlsx::cell(row, kMtbf);
    j.gpus = xlsx::cell(row, kGpus);
    j.every = xlsx::cell(row, kEvery);
    j.required = xlsx::cell(row, kRequired);
    j.fixed = r.model.interval.has_value();
    return j;
}

/// The interval run at write time `d` (core evaluate_job): the requested one
/// or Daly's, and for async never shorter than the drain.
std::string interval_formula(const JobRefs& j, const std::string& d) {
    const std::string base = j.fixed ? j.interval : daly(d, j.mtbf);
    return "=IF(" + j.mode + "=\"async\",MAX(" + base + "," + d + ")," + base + ")";
}

/// Writes one job at a write bandwidth in `write` (a cell): write time,
/// interval, goodput at columns c, c+1, c+2; returns the refs.
void job_at(xlsx::Sheet& sheet, int row, int c, const JobRefs& j, const std::string& write,
            const GoodputPoint& p) {
    const std::string d = xlsx::cell(row, c);
    const std::string tau = xlsx::cell(row, c + 1);
    sheet.formula(row, c, "=" + j.size + "*1000/" + write, p.write_time.base(), Num::two);
    sheet.formula(row, c + 1, interval_formula(j, d), p.interval.base(), Num::one);
    sheet.formula(row, c + 2, goodput_formula(j.mode, tau, d, j.restart, j.mtbf), p.goodput,
                  Num::percent);
}

} // namespace

CheckpointCells checkpoint_layout(const Requirements& req) {
    CheckpointCells c;
    c.jobs = req.checkpoints.jobs.size();
    c.first_job_row = kJobsHeader + 1;
    c.plan_row = c.first_job_row + static_cast<int>(c.jobs);
    c.plan_write_ref = xlsx::ref(c.sheet, c.plan_row, kRequired);
    return c;
}

void write_checkpoints(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                       const std::vector<DesignCells>& designs, const Assumptions& a,
                       CheckpointCells& cells) {
    const SizingResult& result = *input.result;
    const CheckpointPlan& plan = result.requirements.checkpoints;
    const std::string platform =
        input.scenario != nullptr && input.scenario->fleet ? input.scenario->fleet->platform : "";
    const bool has_gpn = !platform.empty() && a.has("platform", platform, "gpus_per_node");
    const bool has_rate = a.has("failure", "failure_rate", "per_1000_node_days");

    sheet.text(0, 0, "Checkpoints", book.title());
    sheet.text(1, 0,
               std::string("Checkpoint jobs of the pod (") +
                   (plan.concurrent ? "concurrent: their writes add up"
                                    : "alternatives: the most demanding one counts") +
                   "), what each design sustains, and goodput against write throughput.",
               book.subtitle());
    sheet.text(2, 0,
               "Blue cells are inputs; failure rate and GPUs per node are on Assumptions. "
               "Formulas and sources: docs/checkpoints.md.",
               book.subtitle());

    // ---------------------------------------------------------------- jobs
    sheet.text(kJobsHeader - 1, 0, "Jobs and what they require", book.section());
    const char* headers[kJobCols] = {"Job",
                                     "Parameters",
                                     "Bytes per param. (B)",
                                     "Size (TB)",
                                     "GPUs",
                                     "Nodes",
                                     "Failures per 1,000 node-days",
                                     "Cluster MTBF (s)",
                                     "Cluster MTBF (min)",
                                     "Mode",
                                     "Interval (s)",
                                     "Stall budget (%)",
                                     "Restart (s)",
                                     "Required write (GB/s)",
                                     "Knee (GB/s)",
                                     "Goodput at the knee (%)",
                                     "Offsite every (Nth)",
                                     "Offsite WAN (GB/s)",
                                     "Kept (local)",
                                     "Peak retained (TB)"};
    for (int c = 0; c < kJobCols; ++c) {
        sheet.text(kJobsHeader, c, headers[c], c == 0 ? book.header_left() : book.header());
    }
    xlsx::check(worksheet_set_row(sheet.raw(), kJobsHeader, 56, nullptr), "header height");

    std::vector<JobRefs> refs;
    for (std::size_t i = 0; i < plan.jobs.size(); ++i) {
        const CheckpointRequirement& r = plan.jobs[i];
        const int row = cells.first_job_row + static_cast<int>(i);
        const JobRefs j = job_refs(row, r);
        refs.push_back(j);
        const double size_tb = in(r.model.size, units::TB);
        sheet.text(row, kName, r.name, book.label());
        if (r.params > 0) {
            sheet.number(row, kParams, r.params, Num::integer, Role::input);
            sheet.number(row, kBpp, r.bytes_per_param, Num::precise, Role::input);
            sheet.formula(row, kSize,
                          "=" + xlsx::cell(row, kParams) + "*" + xlsx::cell(row, kBpp) + "/1E12",
                          size_tb, Num::two);
        } else {
            sheet.text(row, kParams, "", book.label());
            sheet.text(row, kBpp, "", book.label());
            sheet.number(row, kSize, size_tb, Num::two, Role::input);
        }
        sheet.number(row, kGpus, static_cast<double>(r.gpus), Num::integer, Role::input);
        if (has_gpn) {
            sheet.formula(row, kNodes,
                          "=ROUNDUP(" + j.gpus + "/" +
                              a.name("platform", platform, "gpus_per_node") + ",0)",
                          static_cast<double>(r.nodes), Num::integer);
        } else {
            sheet.number(row, kNodes, static_cast<double>(r.nodes), Num::integer, Role::value);
        }
        if (has_rate) {
            sheet.formula(row, kRate, "=" + a.name("failure", "failure_rate", "per_1000_node_days"),
                          r.failure_rate.per_1000_node_days, Num::precise);
        } else {
            sheet.number(row, kRate, r.failure_rate.per_1000_node_days, Num::precise, Role::input);
        }
        // core/src/failure.cpp: M = 24 h / (nodes x rate per node-day).
        sheet.formula(row, kMtbf,
                      "=86400/(" + xlsx::cell(row, kNodes) + "*" + xlsx::cell(row, kRate) +
                          "/1000)",
                      r.model.mtbf.base(), Num::one);
        sheet.formula(row, kMtbfMinutes, "=" + j.mtbf + "/60", in(r.model.mtbf, units::min),
                      Num::one);
        xlsx::check(worksheet_write_string(sheet.raw(), static_cast<lxw_row_t>(row), kMode,
                                           std::string(to_string(r.model.mode)).c_str(),
                                           book.style(Num::text, Role::input)),
                    "mode");
        if (j.fixed) {
            sheet.number(row, kInterval, r.model.interval->base(), Num::one, Role::input);
        } else {
            sheet.text(row, kInterval, "auto (Daly)", book.text_value());
        }
        sheet.number(row, kStall, r.model.stall_budget, Num::percent, Role::input);
        sheet.number(row, kRestart, r.model.restart.base(), Num::integer, Role::input);
        if (j.fixed) {
            // sync: size / (stall budget x interval); async: size / interval.
            sheet.formula(row, kRequired,
                          "=" + j.size + "*1000/(IF(" + j.mode + "=\"sync\"," + j.stall + ",1)*" +
                              j.interval + ")",
                          gbps(r.required_write), Num::one);
        } else {
            // The write takes the budget b of the Daly interval: δ = 2M·u²,
            // u = 2b / (1 + 2b/3 + sqrt(1 + 4b/3)) (core/src/failure.cpp).
            const std::string& b = j.stall;
            sheet.formula(row, kRequired,
                          "=" + j.size + "*1000/(2*" + j.mtbf + "*(2*" + b + "/(1+2*" + b +
                              "/3+SQRT(1+4*" + b + "/3)))^2)",
                          gbps(r.required_write), Num::one);
        }
        // The knee is found by bisection (core/src/goodput_curve.cpp): a value.
        if (r.knee) {
            sheet.number(row, kKnee, gbps(*r.knee), Num::one, Role::value);
            const double g = evaluate_job(r.model, *r.knee).goodput;
            sheet.number(row, kKneeGoodput, g, Num::percent, Role::value);
        } else {
            sheet.text(row, kKnee, "none", book.text_value());
            sheet.text(row, kKneeGoodput, "", book.label());
        }
        sheet.number(row, kEvery, static_cast<double>(r.offsite_every), Num::integer, Role::input);
        if (j.fixed) {
            // Every Nth checkpoint crosses the WAN before the next copy is due.
            sheet.formula(row, kWan,
                          "=IF(" + j.every + ">0," + j.size + "*1000/(" + j.every + "*" +
                              j.interval + "),0)",
                          gbps(r.offsite_write), Num::two);
        } else {
            sheet.number(row, kWan, gbps(r.offsite_write), Num::two, Role::value);
        }
        sheet.number(row, kRetain, static_cast<double>(r.retain), Num::integer, Role::input);
        sheet.formula(row, kPeak, "=(" + xlsx::cell(row, kRetain) + "+1)*" + j.size,
                      in(r.peak_retained, units::TB), Num::one);
    }
    // The plan: concurrent jobs add up, alternatives need the largest.
    {
        const int row = cells.plan_row;
        const int first = cells.first_job_row;
        const int last = cells.plan_row - 1;
        const std::string fn = plan.concurrent ? "SUM" : "MAX";
        auto over = [&](int col) {
            return "=" + fn + "(" + xlsx::cell(first, col) + ":" + xlsx::cell(last, col) + ")";
        };
        sheet.text(row, kName,
                   plan.concurrent ? "All jobs (concurrent: sum)"
                                   : "All jobs (alternatives: the largest)",
                   book.section());
        for (int c = 1; c < kJobCols; ++c) {
            sheet.text(row, c, "", book.section());
        }
        sheet.formula(row, kRequired, over(kRequired), gbps(plan.write), Num::one);
        sheet.formula(row, kWan, over(kWan), gbps(plan.offsite_write), Num::two);
        sheet.formula(row, kPeak, over(kPeak), in(plan.peak_retained, units::TB), Num::one);
    }

    // ---------------------------------------------------------------- cadences
    int row = cells.plan_row + 2;
    sheet.text(row, 0, "Cadence table: write throughput a cadence needs", book.section());
    ++row;
    // One pair of columns per distinct (size, stall budget) among the jobs.
    struct Group {
        std::size_t job;
        double size;
        double stall;
    };
    std::vector<Group> groups;
    for (std::size_t i = 0; i < plan.jobs.size(); ++i) {
        const CheckpointJobModel& m = plan.jobs[i].model;
        const bool seen = std::any_of(groups.begin(), groups.end(), [&](const Group& g) {
            return g.size == m.size.base() && g.stall == m.stall_budget;
        });
        if (!seen) {
            groups.push_back({i, m.size.base(), m.stall_budget});
        }
    }
    sheet.text(row, 0, "Every (s)", book.header());
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const CheckpointRequirement& r = plan.jobs[groups[g].job];
        const std::string what = format_number(in(r.model.size, units::TB), 1) + " TB";
        sheet.text(row, 1 + 2 * static_cast<int>(g),
                   what + ", sync, " + format_number(100 * r.model.stall_budget, 0) +
                       " % stall (GB/s)",
                   book.header());
        sheet.text(row, 2 + 2 * static_cast<int>(g), what + ", async (GB/s)", book.header());
    }
    xlsx::check(worksheet_set_row(sheet.raw(), static_cast<lxw_row_t>(row), 44, nullptr),
                "header height");
    ++row;
    for (double tau : kCadences) {
        sheet.number(row, 0, tau, Num::integer, Role::input);
        const std::string t = xlsx::cell(row, 0);
        for (std::size_t g = 0; g < groups.size(); ++g) {
            const CheckpointRequirement& r = plan.jobs[groups[g].job];
            const JobRefs& j = refs[groups[g].job];
            const Duration d = Duration::from_base(tau);
            sheet.formula(
                row, 1 + 2 * static_cast<int>(g),
                "=" + j.size + "*1000/(" + j.stall + "*" + t + ")",
                gbps(required_write(r.model.size, d, CheckpointMode::sync, r.model.stall_budget)),
                Num::one);
            sheet.formula(
                row, 2 + 2 * static_cast<int>(g), "=" + j.size + "*1000/" + t,
                gbps(required_write(r.model.size, d, CheckpointMode::async, r.model.stall_budget)),
                Num::one);
        }
        ++row;
    }

    // ---------------------------------------------------------------- designs
    row += 1;
    sheet.text(row, 0, "Each job on each design", book.section());
    ++row;
    const char* dh[] = {"Design",
                        "Job",
                        "Needs (GB/s)",
                        "Gets (GB/s)",
                        "Write time (s)",
                        "Interval run (s)",
                        "Goodput (%)",
                        "Shortest interval (s)",
                        "GPU-hours lost per day",
                        "Sustained",
                        "Offsite WAN (GB/s)"};
    for (int c = 0; c < 11; ++c) {
        sheet.text(row, c, dh[c], c < 2 ? book.header_left() : book.header());
    }
    xlsx::check(worksheet_set_row(sheet.raw(), static_cast<lxw_row_t>(row), 44, nullptr),
                "header height");
    ++row;
    for (std::size_t di = 0; di < result.designs.size(); ++di) {
        const Design& d = result.designs[di];
        const int first = row;
        for (std::size_t i = 0; i < d.checkpoints.size() && i < plan.jobs.size(); ++i) {
            const CheckpointAtDesign& c = d.checkpoints[i];
            const JobRefs& j = refs[i];
            sheet.text(row, 0, d.name, book.label());
            sheet.text(row, 1, c.name, book.label());
            sheet.formula(row, 2, "=" + j.required, gbps(c.required_write), Num::one);
            const std::string write = designs[di].ref("write_GBps");
            const std::string gets = xlsx::cell(row, 3);
            if (c.share.base() <= 0.0) {
                sheet.number(row, 3, 0.0, Num::one, Role::value);
                sheet.text(row, 9, c.sustainable ? "yes" : "NO", book.text_value());
                ++row;
                continue;
            }
            sheet.formula(row, 3,
                          plan.concurrent ? "=" + write + "*" + j.required + "/" +
                                                xlsx::cell(cells.plan_row, kRequired)
                                          : "=" + write,
                          gbps(c.share), Num::one);
            job_at(sheet, row, 4, j, gets, c.at_share);
            const std::string budget =
                j.fixed ? "IF(" + j.mode + "=\"sync\"," + j.stall + ",1)" : j.stall;
            sheet.formula(row, 7, "=" + xlsx::cell(row, 4) + "/" + budget,
                          c.shortest_interval.base(), Num::one);
            sheet.formula(row, 8, "=(1-" + xlsx::cell(row, 6) + ")*" + j.gpus + "*24",
                          c.at_share.gpu_hours_lost_per_day, Num::integer);
            sheet.formula_text(
                row, 9, "=IF(" + gets + ">=" + xlsx::cell(row, 2) + "*(1-1E-9),\"yes\",\"NO\")",
                c.sustainable ? "yes" : "NO");
            sheet.formula(row, 10,
                          "=IF(" + j.every + ">0," + j.size + "*1000/(" + j.every + "*" +
                              xlsx::cell(row, 5) + "),0)",
                          gbps(c.offsite_write), Num::two);
            ++row;
        }
        if (row > first) {
            cells.designs.push_back({d.name + " (as designed)",
                                     xlsx::range(sheet.name(), first, 3, row - 1, 3),
                                     xlsx::range(sheet.name(), first, 6, row - 1, 6)});
        }
    }

    // ---------------------------------------------------------------- curve
    row += 1;
    cells.chart_row = row;
    row += kChartRows;
    sheet.text(row, 0, "Goodput against write throughput (chart data)", book.section());
    ++row;
    const char* ch[] = {"Job", "Write (GB/s)", "Write time (s)", "Interval run (s)", "Goodput (%)"};
    for (int c = 0; c < 5; ++c) {
        sheet.text(row, c, ch[c], c == 0 ? book.header_left() : book.header());
    }
    ++row;
    for (std::size_t i = 0; i < plan.jobs.size(); ++i) {
        const CheckpointRequirement& r = plan.jobs[i];
        CurveOptions o;
        o.knee_tolerance = r.knee_tolerance;
        for (const Design& d : result.designs) {
            if (i < d.checkpoints.size()) {
                o.include.push_back(d.checkpoints[i].share);
            }
        }
        const GoodputCurve curve = goodput_curve(r.model, o);
        const int first = row;
        for (const GoodputPoint& p : curve.points) {
            sheet.text(row, 0, r.name, book.label());
            sheet.number(row, 1, gbps(p.write), Num::one, Role::input);
            job_at(sheet, row, 2, refs[i], xlsx::cell(row, 1), p);
            ++row;
        }
        cells.curves.push_back({r.name, xlsx::range(sheet.name(), first, 1, row - 1, 1),
                                xlsx::range(sheet.name(), first, 4, row - 1, 4)});
    }
    cells.knees = {"knee",
                   xlsx::range(sheet.name(), cells.first_job_row, kKnee, cells.plan_row - 1, kKnee),
                   xlsx::range(sheet.name(), cells.first_job_row, kKneeGoodput, cells.plan_row - 1,
                               kKneeGoodput)};

    insert_goodput_chart(book, sheet, cells, cells.chart_row, 0);
    // The chart and its data each start a printed page, so the chart is not cut.
    // (libxlsxwriter copies the 0-terminated array.)
    lxw_row_t breaks[] = {static_cast<lxw_row_t>(cells.chart_row),
                          static_cast<lxw_row_t>(cells.chart_row + kChartRows), 0};
    xlsx::check(worksheet_set_h_pagebreaks(sheet.raw(), breaks), "page breaks");

    sheet.column_width(0, 0, 26);
    sheet.column_width(1, kJobCols - 1, 13);
    sheet.column_width(kParams, kParams, 19); // 1,800,000,000,000
    sheet.freeze(kJobsHeader + 1, 1);
    sheet.print_setup(-1);
}

void insert_goodput_chart(xlsx::Book& book, xlsx::Sheet& sheet, const CheckpointCells& cells,
                          int row, int col) {
    // Okabe-Ito colours for the jobs; designs as black-edged diamonds.
    constexpr lxw_color_t palette[] = {0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7, 0x56B4E9, 0xD55E00};
    lxw_chart* chart = book.add_chart(LXW_CHART_SCATTER_SMOOTH);
    for (std::size_t i = 0; i < cells.curves.size(); ++i) {
        const ChartSeries& c = cells.curves[i];
        lxw_chart_series* s = chart_add_series(chart, c.xs.c_str(), c.ys.c_str());
        chart_series_set_name(s, c.name.c_str());
        lxw_chart_line line{};
        line.color = palette[i % std::size(palette)];
        line.width = 1.75;
        chart_series_set_line(s, &line);
        chart_series_set_marker_type(s, LXW_CHART_MARKER_NONE);
    }
    lxw_chart_line none{};
    none.none = LXW_TRUE;
    for (std::size_t i = 0; i < cells.designs.size(); ++i) {
        const ChartSeries& c = cells.designs[i];
        lxw_chart_series* s = chart_add_series(chart, c.xs.c_str(), c.ys.c_str());
        chart_series_set_name(s, c.name.c_str());
        chart_series_set_line(s, &none);
        chart_series_set_marker_type(s, LXW_CHART_MARKER_DIAMOND);
        chart_series_set_marker_size(s, 9);
        lxw_chart_fill fill{};
        fill.color = i == 0 ? 0x000000 : 0x7F7F7F;
        chart_series_set_marker_fill(s, &fill);
    }
    if (!cells.knees.xs.empty()) {
        lxw_chart_series* s =
            chart_add_series(chart, cells.knees.xs.c_str(), cells.knees.ys.c_str());
        chart_series_set_name(s, "knee (more write buys < 1 point)");
        chart_series_set_line(s, &none);
        chart_series_set_marker_type(s, LXW_CHART_MARKER_X);
        chart_series_set_marker_size(s, 8);
    }
    chart_title_set_name(chart, "Goodput against write throughput");
    chart_axis_set_name(chart->x_axis, "write throughput (GB/s, log scale)");
    chart_axis_set_name(chart->y_axis, "goodput");
    chart_axis_set_log_base(chart->x_axis, 10);
    chart_axis_set_num_format(chart->x_axis, "#,##0");
    chart_axis_set_num_format(chart->y_axis, "0%");
    lxw_chart_font f{};
    f.size = 9;
    chart_axis_set_num_font(chart->x_axis, &f);
    chart_axis_set_num_font(chart->y_axis, &f);
    chart_legend_set_position(chart, LXW_CHART_LEGEND_RIGHT);
    lxw_chart_options opt{};
    opt.x_scale = 2.0;
    opt.y_scale = 1.5;
    xlsx::check(worksheet_insert_chart_opt(sheet.raw(), static_cast<lxw_row_t>(row),
                                           static_cast<lxw_col_t>(col), chart, &opt),
                "goodput chart");
}

} // namespace podsizer::wb

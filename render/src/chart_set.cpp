#include "podsizer/render/chart_set.hpp"

#include "podsizer/core/errors.hpp"
#include "podsizer/core/resilience.hpp"
#include "podsizer/render/bar_chart.hpp"
#include "podsizer/render/chart_parts.hpp"
#include "podsizer/render/goodput_chart.hpp"
#include "podsizer/render/knee_chart.hpp"
#include "podsizer/render/pareto_chart.hpp"
#include "podsizer/render/phases_chart.hpp"
#include "podsizer/render/resilience_charts.hpp"
#include "podsizer/render/series_palette.hpp"

#include <QLegend>
#include <QObject>
#include <algorithm>
#include <iterator>
#include <optional>

namespace podsizer::render {

namespace {

std::unique_ptr<QChart> chart() {
    return std::unique_ptr<QChart>(new_chart());
}

ChartEntry knee_entry(const ChartFile& f, const RenderInput& in) {
    ChartEntry e{f.file, chart(), {}};
    e.note = KneeChart(e.chart.get())
                 .update(&in.study->sizing.designs[f.design], *in.scenario, *in.catalog);
    return e;
}

ChartEntry goodput_entry(const ChartFile& f, const RenderInput& in) {
    ChartEntry e{f.file, chart(), {}};
    GoodputChart(e.chart.get()).update(in.study->sizing.designs[f.design], f.job);
    return e;
}

ChartEntry comparison_entry(const ChartFile& f, const Comparison& cmp) {
    struct Bars {
        ChartKind kind;
        QString axis;
        QString title;
        std::size_t colour;
        BarFigure figure;
    };
    const Bars bars[] = {
        {ChartKind::comparison_racks, QObject::tr("Racks (count)"),
         QObject::tr("<b>Racks</b> — designs and reference systems"), series::racks,
         racks_figure()},
        {ChartKind::comparison_power, QObject::tr("Power (kW)"),
         QObject::tr("<b>Power</b> — designs and reference systems"), series::power,
         power_figure()},
        {ChartKind::comparison_racks_per_pb, QObject::tr("Racks per PB usable"),
         QObject::tr("<b>Racks per PB usable</b> — like for like at any capacity"), series::racks,
         racks_per_pb_figure()},
        {ChartKind::comparison_power_per_pb, QObject::tr("kW per PB usable"),
         QObject::tr("<b>Power per PB usable</b> — like for like at any capacity"), series::power,
         power_per_pb_figure()},
    };
    const Bars& b = *std::find_if(std::begin(bars), std::end(bars),
                                  [&](const Bars& x) { return x.kind == f.kind; });
    ChartEntry e{f.file, chart(), {}};
    e.note =
        BarChart(e.chart.get(), b.axis, b.title, series_colour(b.colour)).update(&cmp, b.figure);
    return e;
}

/// compare: the optimiser's front for the scenario, with its designs beside.
std::optional<OptimizerResult> front_for_compare(const RenderInput& in) {
    if (in.command != "compare" || in.scenario == nullptr || in.catalog == nullptr) {
        return std::nullopt;
    }
    OptimizerOptions options;
    options.front_points = kReadableFrontPoints;
    try {
        return optimize(*in.scenario, *in.catalog, options);
    } catch (const InputError&) {
        return std::nullopt; // the comparison itself says what is wrong
    }
}

/// The Pareto chart; none when compare's optimiser finds no front.
std::optional<ChartEntry> pareto_entry(const ChartFile& f, const RenderInput& in) {
    std::optional<OptimizerResult> front;
    if (in.optimization == nullptr) {
        front = front_for_compare(in);
        if (!front) {
            return std::nullopt;
        }
    }
    ChartEntry e{f.file, chart(), {}};
    e.note = plot_pareto(e.chart.get(), front ? *front : *in.optimization,
                         front ? in.study->sizing.designs : std::vector<Design>{});
    return e;
}

/// Both resilience charts: one plot fills the two.
void add_resilience_charts(std::vector<ChartEntry>& out, const RenderInput& in) {
    std::vector<ResilienceColumn> own;
    const std::vector<ResilienceColumn>* cols = in.resilience;
    if (cols == nullptr) {
        for (const Design& d : in.study->sizing.designs) {
            if (d.resilience) {
                own.push_back({&d, *d.resilience});
            }
        }
        cols = &own;
    }
    const ResilienceCurves curves =
        resilience_curves(*cols, *in.catalog, resilience_inputs(*in.scenario, *in.catalog));
    ChartEntry nines{"resilience-nines.svg", chart(), {}};
    ChartEntry outage{"resilience-outage.svg", chart(), {}};
    nines.chart->setTitle(QObject::tr("<b>Nines vs rebuild share</b>"));
    outage.chart->setTitle(QObject::tr("<b>Local need vs WAN outage</b>"));
    std::tie(nines.note, outage.note) =
        plot_resilience(nines.chart.get(), outage.chart.get(), curves);
    for (ChartEntry* e : {&nines, &outage}) {
        e->chart->legend()->setAlignment(Qt::AlignBottom); // a file has no shared legend
        out.push_back(std::move(*e));
    }
}

} // namespace

ChartSources chart_sources(const RenderInput& in) {
    return chart_sources_of(in);
}

std::vector<ChartEntry> build_charts(const RenderInput& in) {
    std::vector<ChartEntry> out;
    for (const ChartFile& f : chart_files(chart_sources(in))) {
        switch (f.kind) {
        case ChartKind::knee:
            out.push_back(knee_entry(f, in));
            break;
        case ChartKind::goodput:
            out.push_back(goodput_entry(f, in));
            break;
        case ChartKind::comparison_racks:
        case ChartKind::comparison_power:
        case ChartKind::comparison_racks_per_pb:
        case ChartKind::comparison_power_per_pb:
            out.push_back(comparison_entry(f, *in.study->comparison));
            break;
        case ChartKind::pareto:
            if (std::optional<ChartEntry> e = pareto_entry(f, in)) {
                out.push_back(std::move(*e));
            }
            break;
        case ChartKind::phases: {
            ChartEntry e{f.file, chart(), {}};
            plot_phases(e.chart.get(), *in.study->phases);
            out.push_back(std::move(e));
            break;
        }
        case ChartKind::resilience_nines:
            add_resilience_charts(out, in);
            break;
        case ChartKind::resilience_outage:
            break; // drawn with the nines chart: one plot fills both
        }
    }
    return out;
}

} // namespace podsizer::render

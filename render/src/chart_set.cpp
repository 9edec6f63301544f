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
#include "podsizer/reports/rack_svg.hpp"

#include <QLegend>
#include <QObject>
#include <optional>

namespace podsizer::render {

namespace {

/// "01-ncp-pod" for design `i`: the rack drawings' naming, without ".svg".
std::string design_stem(const Design& d, std::size_t i) {
    const std::string name = rack_svg_file_name(d, i + 1);
    return name.substr(0, name.size() - 4);
}

void add_design_charts(std::vector<ChartEntry>& out, const RenderInput& in) {
    const std::vector<Design>& designs = in.study->sizing.designs;
    for (std::size_t i = 0; i < designs.size(); ++i) {
        const Design& d = designs[i];
        if (in.scenario != nullptr && in.catalog != nullptr) {
            ChartEntry knee{
                "knee-" + design_stem(d, i) + ".svg", std::unique_ptr<QChart>(new_chart()), {}};
            knee.note = KneeChart(knee.chart.get()).update(&d, *in.scenario, *in.catalog);
            out.push_back(std::move(knee));
        }
        for (std::size_t j = 0; j < d.checkpoints.size(); ++j) {
            const std::string job = d.checkpoints.size() > 1 ? "-job" + std::to_string(j + 1) : "";
            ChartEntry g{"goodput-" + design_stem(d, i) + job + ".svg",
                         std::unique_ptr<QChart>(new_chart()),
                         {}};
            GoodputChart(g.chart.get()).update(d, j);
            out.push_back(std::move(g));
        }
    }
}

void add_comparison_charts(std::vector<ChartEntry>& out, const Comparison& cmp) {
    struct Bars {
        const char* file;
        QString axis;
        QString title;
        std::size_t colour;
        BarFigure figure;
    };
    const Bars bars[] = {
        {"comparison-racks.svg", QObject::tr("Racks (count)"),
         QObject::tr("<b>Racks</b> — designs and reference systems"), series::racks,
         racks_figure()},
        {"comparison-power.svg", QObject::tr("Power (kW)"),
         QObject::tr("<b>Power</b> — designs and reference systems"), series::power,
         power_figure()},
        {"comparison-racks-per-pb.svg", QObject::tr("Racks per PB usable"),
         QObject::tr("<b>Racks per PB usable</b> — like for like at any capacity"), series::racks,
         racks_per_pb_figure()},
        {"comparison-power-per-pb.svg", QObject::tr("kW per PB usable"),
         QObject::tr("<b>Power per PB usable</b> — like for like at any capacity"), series::power,
         power_per_pb_figure()},
    };
    for (const Bars& b : bars) {
        ChartEntry e{b.file, std::unique_ptr<QChart>(new_chart()), {}};
        e.note = BarChart(e.chart.get(), b.axis, b.title, series_colour(b.colour))
                     .update(&cmp, b.figure);
        out.push_back(std::move(e));
    }
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
    if (cols->empty() || in.scenario == nullptr || in.catalog == nullptr) {
        return;
    }
    const ResilienceCurves curves =
        resilience_curves(*cols, *in.catalog, resilience_inputs(*in.scenario, *in.catalog));
    ChartEntry nines{"resilience-nines.svg", std::unique_ptr<QChart>(new_chart()), {}};
    ChartEntry outage{"resilience-outage.svg", std::unique_ptr<QChart>(new_chart()), {}};
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

std::vector<ChartEntry> build_charts(const RenderInput& in) {
    std::vector<ChartEntry> out;
    if (in.study == nullptr) {
        return out;
    }
    add_design_charts(out, in);
    if (in.study->comparison) {
        add_comparison_charts(out, *in.study->comparison);
    }
    const std::optional<OptimizerResult> front = front_for_compare(in);
    const OptimizerResult* optimization = in.optimization != nullptr ? in.optimization
                                          : front                    ? &*front
                                                                     : nullptr;
    if (optimization != nullptr) {
        ChartEntry p{"pareto.svg", std::unique_ptr<QChart>(new_chart()), {}};
        p.note = plot_pareto(p.chart.get(), *optimization,
                             front ? in.study->sizing.designs : std::vector<Design>{});
        out.push_back(std::move(p));
    }
    if (in.study->phases && !in.study->phases->phases.empty()) {
        ChartEntry p{"phases.svg", std::unique_ptr<QChart>(new_chart()), {}};
        plot_phases(p.chart.get(), *in.study->phases);
        out.push_back(std::move(p));
    }
    add_resilience_charts(out, in);
    return out;
}

} // namespace podsizer::render

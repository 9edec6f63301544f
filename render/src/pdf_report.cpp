#include "pdf_pages.hpp"
#include "pdf_summary.hpp"
#include "podsizer/core/cash_flow.hpp"
#include "podsizer/render/chart_image.hpp"
#include "podsizer/render/chart_parts.hpp"
#include "podsizer/render/chart_set.hpp"
#include "podsizer/render/report_files.hpp"
#include "podsizer/reports/bom_report.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/cost_by_year.hpp"
#include "podsizer/reports/extrapolation_report.hpp"
#include "podsizer/reports/growth_report.hpp"
#include "podsizer/reports/optimizer_report.hpp"
#include "podsizer/reports/rack_svg.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "podsizer/reports/version.hpp"

#include <QBuffer>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>

namespace podsizer::render {

namespace {

constexpr std::size_t kMostDrawn = 4; ///< designs whose rack drawings the report shows
constexpr qreal kFooter = 22;

void add_tables(std::vector<PageDrawer>& pages, const RenderInput& in, const QRectF& body,
                const QPaintDevice* device) {
    auto add = [&](const Grid& g, const QString& title, const std::string& note = {}) {
        if (g.rows.empty()) {
            return;
        }
        for (PageDrawer& d : table_pages(g, title, body, device, 8.5, q(note))) {
            pages.push_back(std::move(d));
        }
    };
    const Study& s = *in.study;
    auto growth = [&] {
        if (s.sites) {
            add(sites_grid(*s.sites), QObject::tr("Sites"));
            if (s.sites->replication) {
                add(replication_grid(*s.sites), QObject::tr("Replication between sites"));
            }
        }
        if (s.phases) {
            add(phases_grid(*s.phases), QObject::tr("Phases"));
            const std::optional<CashFlow> flow =
                s.sizing.prices ? cash_flow(*s.phases, *s.sizing.prices) : std::nullopt;
            if (flow) {
                add(cost_by_year_grid(*flow), QObject::tr("Cost by year"));
            }
        }
    };
    // A project of sites leads with its sites, phases and money (issue 49
    // item 5); the designs each site is built from follow.
    if (s.sites) {
        growth();
    }
    if (!s.sizing.designs.empty()) {
        add(side_by_side(s.sizing), QObject::tr("Designs"));
        // With the notes the CLI prints under it: the failure rate and its
        // source, each job's failure band, the offsite WAN (issue 51 item 4).
        add(checkpoint_grid(s.sizing), QObject::tr("Checkpoint jobs"), checkpoint_notes(s.sizing));
        // The order desk's list and the data-centre team's figures (issue 50).
        add(bom_grid(s.sizing), QObject::tr("Bill of materials"),
            "Quantities in total for each design; cables and transceivers by the run each link "
            "takes (in the rack, between racks, to the customer's fabric). Drives ship in the "
            "D-boxes.");
        add(facility_grid(s.sizing), QObject::tr("Facility"), facility_note(s.sizing));
    }
    if (!s.sites) {
        growth();
    }
    if (s.comparison) {
        add(comparison_grid(*s.comparison, false), QObject::tr("Comparison"));
    }
    if (s.extrapolation) {
        add(extrapolation_grid(*s.extrapolation, false), QObject::tr("Extrapolation"));
        add(fleet_grid(*s.extrapolation), QObject::tr("Fleet plan"));
    }
    if (in.optimization != nullptr) {
        add(pareto_grid(*in.optimization, false), QObject::tr("Pareto front"));
    }
    if (in.resilience != nullptr) {
        add(resilience_grid(*in.resilience, false), QObject::tr("Resilience"));
    }
}

void add_drawings(std::vector<PageDrawer>& pages, const RenderInput& in) {
    const std::vector<Design>& designs = in.study->sizing.designs;
    for (std::size_t i = 0; i < designs.size() && i < kMostDrawn; ++i) {
        for (RackView view : {RackView::typical, RackView::floor_plan}) {
            RackSvgOptions options;
            options.view = view;
            const QString what = view == RackView::typical ? QObject::tr("Typical racks")
                                                           : QObject::tr("Floor plan");
            // The drawing is of the layout on the design's basis; the
            // heading leads with the racks the facility plans on (issue 51
            // item 6).
            const std::string layout =
                designs[i].constraints.power_basis == PowerBasis::max ? "maximum" : "typical";
            pages.push_back(
                svg_page(QByteArray::fromStdString(render_rack_svg(designs[i], options)),
                         what + " — " + q(designs[i].name) + ": " + q(racks_on_bases(designs[i])) +
                             QObject::tr(", drawn as laid out on %1 draw").arg(q(layout))));
        }
    }
}

void add_charts(std::vector<PageDrawer>& pages, std::vector<ChartEntry>& charts) {
    for (ChartEntry& c : charts) {
        QChart* chart = c.chart.get();
        const QString note = c.note;
        pages.push_back(
            [chart, note](QPainter& p, const QRectF& body) { paint_chart(chart, p, body, note); });
    }
}

void draw_footer(QPainter& p, const QRectF& page, const QString& left, int n, int of) {
    p.save();
    p.setFont(body_font(7.5));
    p.setPen(QColor("#607d8b"));
    const QRectF foot(page.left(), page.bottom() - kFooter + 6, page.width(), kFooter - 6);
    p.drawText(foot, Qt::AlignLeft | Qt::AlignVCenter, left);
    p.drawText(foot, Qt::AlignRight | Qt::AlignVCenter,
               QObject::tr("page %1 of %2").arg(n).arg(of));
    p.restore();
}

} // namespace

QByteArray pdf_report(const RenderInput& in) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setCreator(QStringLiteral("podsizer ") + q(std::string(version())));
    writer.setTitle(
        QObject::tr("podsizer %1 — %2").arg(q(in.command), q(in.study->sizing.scenario)));
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                                     QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter));
    writer.setResolution(96);
    QPainter painter(&writer);
    const QRectF page(0, 0, writer.width(), writer.height());
    const QRectF body(0, 0, page.width(), page.height() - kFooter);

    std::vector<PageDrawer> pages{summary_page(in)};
    add_tables(pages, in, body, &writer);
    add_drawings(pages, in);
    std::vector<ChartEntry> charts = build_charts(in);
    add_charts(pages, charts);

    // The customer's deck names the tool, not the command that made it
    // (issue 51 item 3).
    const QString footer =
        QObject::tr("%1 · sized with podsizer · %2").arg(q(in.study->sizing.scenario), q(in.date));
    const int n = static_cast<int>(pages.size());
    for (int i = 0; i < n; ++i) {
        if (i > 0) {
            writer.newPage();
        }
        pages[static_cast<std::size_t>(i)](painter, body);
        draw_footer(painter, page, footer, i + 1, n);
    }
    painter.end();
    return bytes;
}

} // namespace podsizer::render

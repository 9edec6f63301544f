#include "pdf_summary.hpp"

#include "podsizer/core/cost.hpp"
#include "podsizer/core/text.hpp"
#include "podsizer/render/chart_parts.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/metrics.hpp"
#include "podsizer/reports/rack_svg.hpp"
#include "podsizer/reports/sizing_report.hpp"

#include <QObject>
#include <QPainter>
#include <algorithm>
#include <array>
#include <optional>

namespace podsizer::render {

namespace {

constexpr std::size_t kMostDesigns = 3; ///< columns of the summary's figures

/// Read and write as the CLI, the workbook and the verdict print them: TB/s,
/// two decimals (docs/model.md §15, one decimals rule a figure).
std::string tbps(Throughput read, Throughput write) {
    return format_in(read, units::TB_per_s, 2) + " / " + format_in(write, units::TB_per_s, 2);
}

/// Whether the facility plans on maximum draw: the design is laid out on it,
/// or at maximum draw its fullest rack would exceed the budget (issue 51
/// item 6). The racks and power then lead with that basis: the planning
/// basis (docs/model.md §10, "The lead rack figure").
bool leads_with_max(const Design& d) {
    return d.planning_basis() == PowerBasis::max;
}

/// "37 / 29" under "maximum / typical draw", or the other way round.
std::string bases(const std::string& typical, const std::string& max, bool max_first) {
    return max_first ? max + " / " + typical : typical + " / " + max;
}

/// The TCO over the book's years, in its currency; † when it rests on an
/// assumed price (as the cost table marks it).
std::string tco_cell(const Design& d, const PriceBook& book) {
    const DesignCost c = design_cost(d, book);
    return format_number(c.tco, 0) + " " + c.currency + (c.assumed.empty() ? "" : "†");
}

/// One column of the summary's figures: a design, the first design (whose
/// power basis leads the racks and power rows) and the price book, if any.
struct Column {
    const Design& d;
    const Design& first;
    const std::optional<PriceBook>& prices;
};
using Cell = std::optional<std::string>;

/// A row of the summary's figures: the metric's label and cell (the text
/// report's registry) unless the row gives its own; a design without a cell
/// reads "n/a", and a row no design has a cell for is left out.
struct SummaryRow {
    std::optional<MetricId> metric = {};
    std::string_view label = {};
    std::string (*label_of)(const Column&) = nullptr;
    Cell (*cell)(const Column&) = nullptr;
};

Cell dbox_down(const Column& c) {
    return c.d.resilience ? tbps(c.d.resilience->degraded_read, c.d.resilience->degraded_write)
                          : "n/a (no drive AFR)";
}
Cell rack_down(const Column& c) {
    if (c.d.constraints.size_for != SizeFor::rack_down) {
        return std::nullopt;
    }
    return c.d.resilience ? tbps(c.d.resilience->rack_down_read, c.d.resilience->rack_down_write)
                          : "n/a";
}
Cell drives(const Column& c) {
    return format_number(static_cast<double>(c.d.dboxes * c.d.drives_per_dbox)) + " × " +
           format(c.d.drive_size);
}
/// The first design's basis leads the row; the label says which.
std::string basis(const Column& c) {
    return leads_with_max(c.first) ? "maximum / typical draw" : "typical / maximum draw";
}
Cell racks(const Column& c) {
    return c.d.racks_fit ? bases(format_number(static_cast<double>(c.d.racks_on_typical)),
                                 format_number(static_cast<double>(c.d.racks_on_max)),
                                 leads_with_max(c.first))
                         : "n/a (a device fits no rack)";
}
Cell tco(const Column& c) {
    return c.prices ? Cell(tco_cell(c.d, *c.prices)) : std::nullopt;
}

using M = MetricId;
const std::array kSummary{
    SummaryRow{.metric = M::usable_capacity,
               .cell = [](const Column& c) -> Cell { return format(c.d.usable); }},
    SummaryRow{.label = "Read / write, intact",
               .cell = [](const Column& c) -> Cell { return tbps(c.d.read, c.d.write); }},
    SummaryRow{.label = "Read / write, one D-box down", .cell = dbox_down},
    SummaryRow{.label = "Read / write, one rack down", .cell = rack_down},
    // The state a design is sized for, as the verdict names it (no headroom).
    SummaryRow{.metric = M::size_for,
               .cell = [](const Column& c) -> Cell {
                   return std::string(size_for_words(c.d.constraints.size_for));
               }},
    SummaryRow{.metric = M::cnodes},
    SummaryRow{.metric = M::dboxes},
    SummaryRow{.label = "Drives", .cell = drives},
    SummaryRow{.label_of = [](const Column& c) { return "Racks, " + basis(c); }, .cell = racks},
    SummaryRow{.label_of = [](const Column& c) { return "IT power, " + basis(c); },
               .cell = [](const Column& c) -> Cell {
                   return bases(format(c.d.power), format(c.d.max_power), leads_with_max(c.first));
               }},
    SummaryRow{.label_of =
                   [](const Column& c) {
                       return fmt::format("TCO, {} years", c.prices ? c.prices->site.years : 0);
                   },
               .cell = tco},
    SummaryRow{.metric = M::feasible},
};

/// The summary's figures: a label and one cell per design.
Grid key_figures(const std::vector<Design>& designs, const std::optional<PriceBook>& prices) {
    Grid g;
    g.header = {"Figure"};
    const std::size_t n = std::min(designs.size(), kMostDesigns);
    for (std::size_t i = 0; i < n; ++i) {
        g.header.push_back(designs[i].name);
    }
    for (const SummaryRow& row : kSummary) {
        const Column first{designs.front(), designs.front(), prices};
        std::vector<std::string> cells{row.label_of != nullptr ? row.label_of(first)
                                       : row.metric && row.label.empty()
                                           ? std::string(metric(*row.metric).label)
                                           : std::string(row.label)};
        bool any = false;
        for (std::size_t i = 0; i < n; ++i) {
            const Column c{designs[i], designs.front(), prices};
            Cell cell = row.cell != nullptr ? row.cell(c) : metric(*row.metric).cell(c.d, false);
            any = any || cell.has_value();
            cells.push_back(cell.value_or("n/a"));
        }
        if (any) {
            g.rows.push_back(std::move(cells));
        }
    }
    return g;
}

/// Ratio rows of the comparison (ComparisonRow key "ratio_…"), as the text
/// report shows them: "Racks ÷ Cloud HDD object store: 0.4× (ncp-pod)".
std::vector<std::string> cloud_ratios(const Comparison& cmp, std::size_t most) {
    const std::vector<ComparisonRow> rows = comparison_rows(cmp);
    // comparison_grid's rows: "Basis", then one per comparison row.
    const Grid g = comparison_grid(cmp, false);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < rows.size() && out.size() < most; ++i) {
        const bool wanted = rows[i].key.starts_with("ratio_") || rows[i].key == "cost_tco";
        if (!wanted || i + 1 >= g.rows.size()) {
            continue;
        }
        std::string line = g.rows[i + 1][0] + ":";
        for (std::size_t c = 0; c < cmp.columns.size() && c + 1 < g.rows[i + 1].size(); ++c) {
            const std::string& cell = g.rows[i + 1][c + 1];
            if (!cell.empty() && cell != "n/a" && cell != "—") {
                line += " " + cell + " (" + cmp.columns[c].name + ")";
            }
        }
        out.push_back(line);
    }
    return out;
}

/// Where a site's WAN traffic goes: " to site C", " to the central store",
/// or both with each share (" 22 Gbps to site C, 8 Gbps to the central store").
std::string site_destinations(const SiteStorage& site) {
    const bool partner = site.replication_write.base() > 0.0 && !site.replicate_to.empty();
    const bool central = site.offsite_write.base() > 0.0;
    const std::string to_partner = " to site " + site.replicate_to;
    const std::string to_central = " to the central store";
    if (partner && central) {
        return ": " + format_in(site.replication_write, units::Gbps, 0) + to_partner + ", " +
               format_in(site.offsite_write, units::Gbps, 0) + to_central;
    }
    return partner ? to_partner : central ? to_central : std::string();
}

/// The WAN the design needs, when it sends anything off site: each site's
/// copies to its partner and off site, or the checkpoints' offsite copies
/// (issue 51 item 4). Empty when nothing leaves.
std::string wan_line(const Study& s) {
    std::string out;
    if (s.sites) {
        for (const SiteStorage& site : s.sites->sites) {
            if (site.wan_out().base() <= 0.0) {
                continue;
            }
            out += (out.empty() ? "" : "; ") + site.name + " sends " +
                   format_in(site.wan_out(), units::Gbps, 0) + site_destinations(site) +
                   (site.wan ? " (its link " + format_in(*site.wan, units::Gbps, 0) + ")"
                             : std::string());
        }
        return out.empty() ? out : "WAN — " + out + ".";
    }
    const Throughput offsite = s.sizing.requirements.checkpoints.offsite_write;
    if (offsite.base() > 0.0) {
        out = "WAN — the checkpoints' offsite copies to the central store need " +
              format_in(offsite, units::GB_per_s, 2) + " (" + format_in(offsite, units::Gbps, 0) +
              ").";
    }
    return out;
}

qreal paragraph(QPainter& p, const QRectF& area, const QString& text, const QFont& font) {
    p.setFont(font);
    const QRectF used = p.boundingRect(area, Qt::TextWordWrap, text);
    p.drawText(area, Qt::TextWordWrap, text);
    return used.height();
}

qreal bullet_list(QPainter& p, QRectF area, const QString& title,
                  const std::vector<std::string>& items, const QString& none) {
    const qreal top = area.top();
    area.setTop(area.top() + paragraph(p, area, title, heading_font(10)) + 2);
    if (items.empty()) {
        area.setTop(area.top() + paragraph(p, area, none, body_font(8.5)));
    }
    for (const std::string& s : items) {
        area.setTop(area.top() + paragraph(p, area, "• " + q(s), body_font(8.5)) + 2);
    }
    return area.top() - top;
}

/// The top `n` findings of the designs and the comparison, errors first,
/// then warnings, then notes, each "Error — design: message".
std::vector<std::string> top_risks(const RenderInput& in, std::size_t n) {
    struct Risk {
        Severity severity;
        std::string text;
    };
    std::vector<Risk> all;
    for (const Design& d : in.study->sizing.designs) {
        for (const Finding& f : d.findings) {
            all.push_back({f.severity(), d.name + ": " + f.message()});
        }
    }
    if (in.study->comparison) {
        for (const SubjectFinding& f : in.study->comparison->findings) {
            all.push_back({f.finding.severity(), f.subject + ": " + f.finding.message()});
        }
    }
    std::stable_sort(all.begin(), all.end(),
                     [](const Risk& a, const Risk& b) { return a.severity > b.severity; });
    std::vector<std::string> out;
    for (std::size_t i = 0; i < all.size() && i < n; ++i) {
        std::string label(to_string(all[i].severity));
        if (!label.empty()) {
            label[0] = static_cast<char>(label[0] - 'a' + 'A');
        }
        out.push_back(label + " — " + all[i].text);
    }
    return out;
}

} // namespace

std::string racks_on_bases(const Design& d) {
    if (!d.racks_fit) {
        return "racks n/a (a device fits no rack)";
    }
    const std::string typical = format_number(static_cast<double>(d.racks_on_typical));
    const std::string max = format_number(static_cast<double>(d.racks_on_max));
    return leads_with_max(d) ? max + " racks on maximum draw (" + typical + " on typical)"
                             : typical + " racks on typical draw (" + max + " on maximum)";
}

PageDrawer summary_page(const RenderInput& in) {
    return [&in](QPainter& p, const QRectF& page) {
        const SizingResult& sizing = in.study->sizing;
        QRectF body =
            draw_heading(p, page, QObject::tr("Executive summary — %1").arg(q(sizing.scenario)));
        p.setPen(QColor("#263238"));
        std::string need;
        for (const std::string& line : requirement_lines(sizing)) {
            need += (need.empty() ? "" : "; ") + line;
        }
        body.setTop(body.top() + paragraph(p, body, q(need), body_font(9)) + 4); // "Requirement: …"
        // docs/model.md §15: the verdict in words, the same sentence as the
        // CLI's and the workbook's, so the figures below cannot contradict it.
        for (std::size_t i = 0; i < sizing.designs.size() && i < kMostDesigns; ++i) {
            const Design& d = sizing.designs[i];
            const std::string who = sizing.designs.size() > 1 ? d.name + ": " : "";
            body.setTop(body.top() +
                        paragraph(p, body, q("Verdict — " + who + verdict_sentence(d.verdict, d)),
                                  heading_font(9)) +
                        2);
        }
        if (const std::string wan = wan_line(*in.study); !wan.empty()) {
            body.setTop(body.top() + paragraph(p, body, q(wan), body_font(9)) + 2);
        }
        body.setTop(body.top() + 6);
        // The figures on the left, the typical racks of the first design on
        // the right, as large as the page's upper part allows.
        const QRectF left(body.left(), body.top(), body.width() * 0.44, body.height());
        const QRectF right(body.left() + body.width() * 0.47, body.top(), body.width() * 0.53,
                           body.height() * 0.6);
        qreal y = left.top();
        if (!sizing.designs.empty()) {
            const Grid figures = key_figures(sizing.designs, sizing.prices);
            const std::vector<PageDrawer> table =
                table_pages(figures, {}, QRectF(QPointF(0, 0), left.size()), p.device(), 10);
            // An empty heading: the table starts where the heading would end.
            table.front()(p, QRectF(left.left(), y - 34, left.width(), left.height()));
            y += right.height();
            RackSvgOptions typical;
            typical.view = RackView::typical;
            const std::string rack = render_rack_svg(sizing.designs.front(), typical);
            draw_svg(p, QByteArray::fromStdString(rack), right);
        }
        QRectF lower(body.left(), std::max(y, right.bottom()) + 6, body.width(), body.bottom() - y);
        lower.setTop(lower.top() +
                     bullet_list(p, lower, QObject::tr("Top risks"), top_risks(in, 3),
                                 QObject::tr("None: no design has a finding.")) +
                     6);
        if (in.study->comparison) {
            bullet_list(p, lower, QObject::tr("Against the reference systems (like for like)"),
                        cloud_ratios(*in.study->comparison, 7), QObject::tr("No ratio."));
        }
    };
}

} // namespace podsizer::render

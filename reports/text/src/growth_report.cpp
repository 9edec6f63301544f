#include "podsizer/reports/growth_report.hpp"

#include "podsizer/core/cash_flow.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/units.hpp"
#include "podsizer/reports/cost_by_year.hpp"
#include "podsizer/reports/site_figures.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "report_json.hpp"
#include "sizing_json.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <utility>
#include <vector>

namespace podsizer {

namespace {

std::string n(std::int64_t v) {
    return format_number(static_cast<double>(v));
}

template <class Q, class U> std::string limit(const std::optional<Q>& q, const U& unit, int d) {
    return q ? format_significant(in(*q, unit), d) : std::string("-");
}

} // namespace

std::string sites_title(const SitePlan& plan) {
    // docs/sites-and-phases.md, "A site's own needs": such a site's pods are
    // sized for its GPUs and needs, not the scenario's cluster.
    return "Sites (" + plan.design +
           (plan.own_needs ? ", each site's pods sized for its own GPUs and needs"
                           : ", one pod per training cluster") +
           "; each site within its own limits)";
}

std::string phases_title(const PhasePlan& plan) {
    if (plan.by_site) {
        return "Phases by site (" + plan.design +
               ": each site grows on its own installed base, sized for its own needs; nothing "
               "installed is moved)";
    }
    return "Phases on the installed base (" + plan.design + ": " + plan.cnode_model + ", " +
           plan.dbox_model + ", " + format_in(plan.drive_size, units::TB, 2) +
           " drives; hardware and fabric planned for the final phase)";
}

std::string scratch_line(const PhasePlan& plan) {
    const PhaseCounts& s = plan.scratch;
    return "The final phase's target sized from scratch: " + n(s.cnodes) + " C-nodes, " +
           n(s.dboxes) + " D-boxes, " + n(s.switches) + " switches, " + n(s.racks) + " racks, " +
           fmt::format("{}-tier fabric.\n", plan.scratch_tiers);
}

namespace {

std::string growth_text(const GrowthView& g, bool markdown) {
    std::string out;
    auto table = [&](const std::string& title, const Grid& grid) {
        out += markdown ? "\n### " + title + "\n\n" + render_markdown(grid)
                        : "\n" + title + ":\n\n" + render_text(grid);
    };
    if (g.sites != nullptr) {
        table(sites_title(*g.sites), sites_grid(*g.sites));
        if (g.sites->replication) {
            table(replication_title(), replication_grid(*g.sites));
        }
    }
    if (g.phases != nullptr) {
        table(phases_title(*g.phases), phases_grid(*g.phases));
        if (!g.phases->by_site) {
            out += (markdown ? "\n" : "") + scratch_line(*g.phases);
        }
        const std::optional<CashFlow> flow =
            g.prices != nullptr ? cash_flow(*g.phases, *g.prices) : std::nullopt;
        if (flow) {
            table(cost_by_year_title(*flow), cost_by_year_grid(*flow));
            for (const std::string& line : cost_by_year_notes(*flow)) {
                out += (markdown ? "\n" : "") + line + "\n";
            }
        }
    }
    const auto findings = growth_findings(g);
    return out +
           (markdown ? detail::findings_markdown(findings) : detail::findings_block(findings));
}

detail::ojson counts_json(const PhaseCounts& c) {
    return detail::ojson{
        {"cnodes", c.cnodes}, {"dboxes", c.dboxes}, {"switches", c.switches}, {"racks", c.racks}};
}

detail::ojson number_or_null(const std::optional<double>& v) {
    return v ? detail::ojson(*v) : detail::ojson(nullptr);
}

template <class Q> detail::ojson base_or_null(const std::optional<Q>& q) {
    return q ? detail::ojson(q->base()) : detail::ojson(nullptr);
}

/// docs/sites-and-phases.md, "Replication between sites": the keys appear only when a site
/// replicates.
void add_replication_json(detail::ojson& j, const SiteStorage& s) {
    j["replicate_to"] =
        s.replicate_to.empty() ? detail::ojson(nullptr) : detail::ojson(s.replicate_to);
    j["replication_write_bytes_per_s"] = s.replication_write.base();
    j["wan_out_bytes_per_s"] = s.wan_out().base();
    j["dataset_copy_bytes"] = s.dataset_copy.base();
    j["seeding_s"] = base_or_null(s.seeding);
    j["dataset_change_bytes_per_s"] = s.dataset_change.base();
    if (!s.replica) {
        j["replica"] = nullptr;
        return;
    }
    const SiteReplica& r = *s.replica;
    j["replica"] = {{"from", r.from},
                    {"separate", r.separate},
                    {"checkpoints_bytes", r.checkpoints.base()},
                    {"datasets_bytes", r.datasets.base()},
                    {"need_bytes", r.need().base()},
                    {"inbound_bytes_per_s", r.inbound.base()},
                    {"cnodes", r.cnodes},
                    {"dboxes", r.dboxes},
                    {"switches", r.switches},
                    {"racks", r.racks},
                    {"usable_capacity_bytes", r.usable.base()},
                    {"write_bytes_per_s", r.write.base()},
                    {"power_w", r.power.base()}};
}

detail::ojson site_json(const SitePlan& plan, const SiteStorage& s) {
    detail::ojson j;
    j["name"] = s.name;
    j["design"] = plan.design;
    j["clusters"] = s.clusters;
    j["gpus"] = s.gpus;
    j["rack"] = s.rack;
    j["pod_racks"] = s.pod_racks;
    j["racks"] = s.racks;
    j["max_racks"] = s.max_racks ? detail::ojson(*s.max_racks) : detail::ojson(nullptr);
    j["cnodes"] = s.cnodes;
    j["dboxes"] = s.dboxes;
    j["switches"] = s.switches;
    j["usable_capacity_bytes"] = s.usable.base();
    j["power_w"] = s.power.base();
    j["max_power_w"] = base_or_null(s.max_power);
    j["pue"] = s.pue;
    j["facility_power_w"] = s.facility_power.base();
    j["read_bytes_per_s"] = s.read.base();
    j["write_bytes_per_s"] = s.write.base();
    j["wan_bytes_per_s"] = base_or_null(s.wan);
    j["offsite_write_bytes_per_s"] = s.offsite_write.base();
    if (plan.replication) {
        add_replication_json(j, s);
    }
    for (const SiteFigure* f : site_figures(plan)) {
        if (f->text != nullptr) {
            j[std::string(f->key)] = f->text(s);
        } else {
            const std::optional<double> v = f->number(s);
            j[std::string(f->key)] = v ? detail::ojson(*v) : detail::ojson(nullptr);
        }
    }
    j["fits"] = s.fits();
    j["findings"] = detail::findings_json(s.findings);
    return j;
}

detail::ojson phase_json(const PhaseStep& p) {
    detail::ojson j;
    j["name"] = p.name;
    j["date"] = p.date.empty() ? detail::ojson(nullptr) : detail::ojson(p.date);
    j["gpus"] = p.gpus;
    j["required_usable_bytes"] = p.required_usable.base();
    j["required_read_bytes_per_s"] = p.required_read.base();
    j["required_write_bytes_per_s"] = p.required_write.base();
    j["needed"] = counts_json(p.needed);
    j["added"] = counts_json(p.added);
    j["total"] = counts_json(p.total);
    j["fabric_tiers"] = p.fabric_tiers;
    j["usable_capacity_bytes"] = p.usable.base();
    j["read_bytes_per_s"] = p.read.base();
    j["write_bytes_per_s"] = p.write.base();
    j["power_w"] = p.power.base();
    if (!p.site.empty()) {
        // Phases by site: the site, whether the phase opens it, and what it
        // delivers in the state it is sized for.
        j["site"] = p.site;
        j["opens"] = p.opens;
        j["size_for"] = std::string(to_string(p.state));
        j["read_in_state_bytes_per_s"] = p.read_in_state.base();
        j["write_in_state_bytes_per_s"] = p.write_in_state.base();
        j["wan_out_bytes_per_s"] = p.wan_out.base();
    }
    j["findings"] = detail::findings_json(p.findings);
    return j;
}

detail::ojson years_json(const CashFlow& flow, const std::vector<YearCost>& years) {
    detail::ojson out = detail::ojson::array();
    for (const YearCost& y : years) {
        detail::ojson r{{"year", y.year}, {"open", y.open}, {"usable_bytes", y.usable.base()}};
        for (const YearFigure* f : year_figures(flow)) {
            r[std::string(f->key)] = number_or_null(f->value(y));
        }
        out.push_back(r);
    }
    return out;
}

detail::ojson cost_by_year_json(const CashFlow& flow) {
    detail::ojson phases = detail::ojson::array();
    for (std::size_t k = 0; k < flow.phase_names.size(); ++k) {
        phases.push_back({{"phase", flow.phase_names[k]}, {"year", flow.phase_years[k]}});
    }
    detail::ojson sites = detail::ojson::array();
    for (const SiteCashFlow& s : flow.sites) {
        sites.push_back({{"site", s.site}, {"years", years_json(flow, s.years)}});
    }
    return {{"currency", flow.currency},
            {"years", flow.years},
            {"discount_rate", number_or_null(flow.rate)},
            {"phases", phases},
            {"sites", sites},
            {"total", years_json(flow, flow.total)},
            {"unpriced", flow.unpriced},
            {"assumed", flow.assumed}};
}

void add_growth_json(detail::ojson& j, const GrowthView& g) {
    if (g.sites != nullptr) {
        detail::ojson sites = detail::ojson::array();
        for (const SiteStorage& s : g.sites->sites) {
            sites.push_back(site_json(*g.sites, s));
        }
        j["sites"] = sites;
    }
    if (g.phases != nullptr) {
        const PhasePlan& plan = *g.phases;
        detail::ojson phases = detail::ojson::array();
        for (const PhaseStep& p : plan.phases) {
            phases.push_back(phase_json(p));
        }
        j["phases"] = phases;
        const std::optional<CashFlow> flow =
            g.prices != nullptr ? cash_flow(plan, *g.prices) : std::nullopt;
        if (flow) {
            j["cost_by_year"] = cost_by_year_json(*flow);
        }
        if (plan.by_site) {
            j["phase_plan"] = {{"design", plan.design}, {"by_site", true}};
            return;
        }
        j["phase_plan"] = {{"design", plan.design},
                           {"cnode", plan.cnode_model},
                           {"dbox", plan.dbox_model},
                           {"drive_bytes", plan.drive_size.base()},
                           {"from_scratch", counts_json(plan.scratch)},
                           {"from_scratch_fabric_tiers", plan.scratch_tiers}};
    }
}

std::string growth_json(const SizingResult& result, const GrowthView& g) {
    detail::ojson j = detail::sizing_document(result);
    add_growth_json(j, g);
    j["feasible"] = result.all_feasible() && g.ok();
    return detail::without_negative_zero(j).dump(2) + "\n";
}

} // namespace

std::vector<std::pair<std::string, Finding>> growth_findings(const GrowthView& g) {
    std::vector<std::pair<std::string, Finding>> out;
    if (g.sites != nullptr) {
        for (const SiteStorage& s : g.sites->sites) {
            for (const Finding& f : s.findings) {
                out.emplace_back(g.sites->design, f);
            }
        }
    }
    if (g.phases != nullptr) {
        for (const PhaseStep& p : g.phases->phases) {
            for (const Finding& f : p.findings) {
                out.emplace_back(g.phases->design, f);
            }
        }
    }
    return out;
}

bool GrowthView::ok() const {
    return (sites == nullptr || sites->fits()) && (phases == nullptr || phases->meets());
}

std::string replication_title() {
    return "Replication between sites (what each site copies to its partner over its WAN; "
           "seeding at the link's whole rate)";
}

Grid replication_grid(const SitePlan& plan) {
    Grid g;
    g.header = {"Site",
                "Copies to",
                "Checkpoint copies (Gbps)",
                "Dataset copy (PB)",
                "Seeding (days)",
                "Dataset changes (Gbps)",
                "WAN out (Gbps)",
                "WAN (Gbps)"};
    g.numeric_from = 2;
    for (const SiteStorage& s : plan.sites) {
        if (s.replicate_to.empty()) {
            continue;
        }
        const Throughput checkpoints = s.replication_write - s.dataset_change;
        const bool copied = s.dataset_copy.base() > 0.0;
        g.rows.push_back(
            {s.name, "site " + s.replicate_to, format_number(in(checkpoints, units::Gbps), 1),
             copied ? format_number(in(s.dataset_copy, units::PB), 1) : "-",
             s.seeding ? format_number(s.seeding->base() / 86400.0, 1)
             : copied  ? "no WAN given"
                       : "-",
             copied && s.dataset_change.base() > 0.0
                 ? format_number(in(s.dataset_change, units::Gbps), 1)
                 : "-",
             format_number(in(s.wan_out(), units::Gbps), 1), limit(s.wan, units::Gbps, 1)});
    }
    return g;
}

std::string site_fits_cell(const SiteStorage& s) {
    if (!s.fits()) {
        return "NO";
    }
    const bool unchecked = std::any_of(s.findings.begin(), s.findings.end(), [](const Finding& f) {
        return f.code == FindingCode::site_it_power_unknown;
    });
    return unchecked ? "not checked: IT power" : "yes";
}

Grid sites_grid(const SitePlan& plan) {
    Grid g;
    g.header = {"Site",
                "Clusters",
                "GPUs",
                "Rack model",
                "Racks",
                "Max racks",
                "IT power (kW)",
                "Max power (kW)",
                "PUE",
                "Facility power (kW)",
                "Usable capacity (PB)",
                "Fits"};
    if (plan.replication) {
        // Before "Fits": what the replica store at the site needs and takes
        // (in Racks above), and what leaves over the site's WAN.
        g.header.insert(g.header.end() - 1,
                        {"Replica need (PB)", "Replica racks", "WAN out (Gbps)", "WAN (Gbps)"});
    }
    const std::vector<const SiteFigure*> figures = site_figures(plan);
    for (const SiteFigure* f : figures) {
        g.header.insert(g.header.end() - 1, std::string(f->header));
    }
    for (const SiteStorage& s : plan.sites) {
        std::vector<std::string> row{s.name,
                                     n(s.clusters),
                                     n(s.gpus),
                                     s.rack,
                                     n(s.racks),
                                     s.max_racks ? n(*s.max_racks) : std::string("-"),
                                     format_number(in(s.power, units::kW), 1),
                                     limit(s.max_power, units::kW, 1),
                                     format_number(s.pue, 2),
                                     format_number(in(s.facility_power, units::kW), 1),
                                     format_number(in(s.usable, units::PB), 1)};
        if (plan.replication) {
            const bool held = s.replica.has_value();
            row.push_back(held ? format_number(in(s.replica->need(), units::PB), 1) : "-");
            row.push_back(!held                 ? std::string("-")
                          : s.replica->separate ? n(s.replica->racks)
                                                : std::string("in system"));
            row.push_back(format_number(in(s.wan_out(), units::Gbps), 1));
            row.push_back(limit(s.wan, units::Gbps, 1));
        }
        for (const SiteFigure* f : figures) {
            row.push_back(site_figure_cell(*f, s));
        }
        row.push_back(site_fits_cell(s));
        g.rows.push_back(std::move(row));
        // The verdict coloured as the side-by-side table colours its own.
        g.set_cell_role(g.rows.size() - 1, g.header.size() - 1,
                        s.fits() ? CellRole::met : CellRole::not_met);
    }
    return g;
}

namespace {

std::vector<std::string> site_phase_row(const PhaseStep& p, const std::string& site,
                                        const std::string& change) {
    return {p.name,
            p.date.empty() ? std::string("-") : p.date,
            site,
            change,
            n(p.gpus),
            n(p.added.cnodes),
            n(p.added.dboxes),
            n(p.added.racks),
            n(p.total.cnodes),
            n(p.total.dboxes),
            n(p.total.switches),
            n(p.total.racks),
            format_number(in(p.required_usable, units::PB), 1),
            format_number(in(p.usable, units::PB), 1),
            format_number(in(p.read, units::TB_per_s), 2),
            format_number(in(p.write, units::TB_per_s), 2),
            std::string(to_string(p.state)),
            format_number(in(p.read_in_state, units::TB_per_s), 2),
            format_number(in(p.write_in_state, units::TB_per_s), 2),
            format_number(in(p.power, units::kW), 1),
            format_number(in(p.wan_out, units::Gbps), 1)};
}

/// Phases by site: a row per site open after each phase (what the phase
/// adds there and what stands after it), and after each phase's sites a row
/// of the project's totals.
Grid site_phases_grid(const PhasePlan& plan) {
    Grid g;
    g.header = {"Phase",
                "Date",
                "Site",
                "Change",
                "GPUs",
                "+C-nodes",
                "+D-boxes",
                "+Racks",
                "C-nodes",
                "D-boxes",
                "Switches",
                "Racks",
                "Usable need (PB)",
                "Usable (PB)",
                "Read, intact (TB/s)",
                "Write, intact (TB/s)",
                "Sized for",
                "Read, sized state (TB/s)",
                "Write, sized state (TB/s)",
                "IT power (kW)",
                "WAN out (Gbps)"};
    g.numeric_from = 4;
    const std::vector<PhaseStep> totals = phase_totals(plan);
    std::size_t phase = 0;
    for (std::size_t k = 0; k < plan.phases.size(); ++k) {
        const PhaseStep& p = plan.phases[k];
        const bool added = p.added.cnodes + p.added.dboxes + p.added.racks > 0;
        g.rows.push_back(site_phase_row(p, p.site, p.opens ? "opens" : added ? "grows" : "-"));
        if (k + 1 == plan.phases.size() || plan.phases[k + 1].name != p.name) {
            // The project after the phase: its sites summed.
            std::vector<std::string> row = site_phase_row(totals[phase++], "all sites", "");
            row[16] = row[17] = row[18] = ""; // the sites' states may differ
            g.rows.push_back(std::move(row));
        }
    }
    return g;
}

} // namespace

Grid phases_grid(const PhasePlan& plan) {
    if (plan.by_site) {
        return site_phases_grid(plan);
    }
    Grid g;
    g.header = {"Phase",
                "Date",
                "GPUs",
                "Usable need (PB)",
                "+C-nodes",
                "+D-boxes",
                "+Switches",
                "+Racks",
                "C-nodes",
                "D-boxes",
                "Switches",
                "Racks",
                "Tiers",
                "Usable (PB)",
                "Read, intact (TB/s)",
                "Write, intact (TB/s)"};
    g.numeric_from = 2;
    for (const PhaseStep& p : plan.phases) {
        g.rows.push_back({p.name, p.date.empty() ? std::string("-") : p.date, n(p.gpus),
                          format_number(in(p.required_usable, units::PB), 1), n(p.added.cnodes),
                          n(p.added.dboxes), n(p.added.switches), n(p.added.racks),
                          n(p.total.cnodes), n(p.total.dboxes), n(p.total.switches),
                          n(p.total.racks), fmt::format("{}", p.fabric_tiers),
                          format_number(in(p.usable, units::PB), 1),
                          format_number(in(p.read, units::TB_per_s), 2),
                          format_number(in(p.write, units::TB_per_s), 2)});
    }
    return g;
}

std::string with_growth(std::string rendered, const GrowthView& growth, Format format) {
    switch (format) {
    case Format::table:
    case Format::md:
        return growth.empty() ? rendered : rendered + growth_text(growth, format == Format::md);
    case Format::json: {
        if (growth.empty()) {
            return rendered;
        }
        // The report's own document, read back in its key order.
        detail::ojson j = detail::ojson::parse(rendered);
        add_growth_json(j, growth);
        if (j.contains("feasible")) {
            j["feasible"] = j["feasible"].get<bool>() && growth.ok();
        }
        return detail::without_negative_zero(j).dump(2) + "\n";
    }
    case Format::csv:
        break;
    }
    return rendered;
}

std::string render_sizing(const SizingResult& result, const GrowthView& growth, Format format) {
    if (growth.empty() || format == Format::csv) {
        return render_sizing(result, format);
    }
    switch (format) {
    case Format::table:
        return render_sizing(result, format) + growth_text(growth, false);
    case Format::md:
        return render_sizing(result, format) + growth_text(growth, true);
    case Format::json:
        return growth_json(result, growth);
    case Format::csv:
        break;
    }
    return render_sizing(result, format);
}

} // namespace podsizer

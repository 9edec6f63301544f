#include "podsizer/reports/growth_report.hpp"

#include "figure_table.hpp"
#include "podsizer/core/cash_flow.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/units.hpp"
#include "podsizer/reports/cost_by_year.hpp"
#include "podsizer/reports/site_figures.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "report_json.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <utility>
#include <vector>

namespace podsizer {

namespace {

std::string n(std::int64_t v) {
    return format_number(static_cast<double>(v));
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

using detail::FigureValue;
using Text = std::optional<std::string>;
using detail::of;
using detail::only;
using enum detail::Shown;
using S = SiteStorage;
using SiteRow = detail::FigureRow<SiteStorage>;
constexpr unsigned kPeople = detail::kPeople;
using detail::kBoth;

/// A site's figures in its JSON and the Sites table (name and design first).
constexpr std::array kSite{
    SiteRow{"name", "Site", {}, 0, number, kPeople, of<&S::name>},
    SiteRow{"clusters", "Clusters", {}, 0, number, kBoth, of<&S::clusters>},
    SiteRow{"gpus", "GPUs", {}, 0, number, kBoth, of<&S::gpus>},
    SiteRow{"rack", "Rack model", {}, 0, number, kBoth, of<&S::rack>},
    SiteRow{.key = "pod_racks", .value = of<&S::pod_racks>},
    SiteRow{"racks", "Racks", {}, 0, number, kBoth, of<&S::racks>},
    SiteRow{"max_racks", "Max racks", {}, 0, number, kBoth, of<&S::max_racks>},
    SiteRow{.key = "cnodes", .value = of<&S::cnodes>},
    SiteRow{.key = "dboxes", .value = of<&S::dboxes>},
    SiteRow{.key = "switches", .value = of<&S::switches>},
    SiteRow{.key = "usable_capacity_bytes", .value = of<&S::usable>},
    SiteRow{"power_w", "IT power", "kW", 1, scaled, kBoth, of<&S::power>},
    SiteRow{"max_power_w", "Max power", "kW", 1, least, kBoth, of<&S::max_power>},
    SiteRow{"pue", "PUE", {}, 2, number, kBoth, of<&S::pue>},
    SiteRow{"facility_power_w", "Facility power", "kW", 1, scaled, kBoth, of<&S::facility_power>},
    SiteRow{"usable", "Usable capacity", "PB", 1, scaled, kPeople, of<&S::usable>},
    SiteRow{.key = "read_bytes_per_s", .value = of<&S::read>},
    SiteRow{.key = "write_bytes_per_s", .value = of<&S::write>},
    SiteRow{.key = "wan_bytes_per_s", .value = of<&S::wan>},
    SiteRow{.key = "offsite_write_bytes_per_s", .value = of<&S::offsite_write>},
};

using SR = SiteReplica;
using ReplicaRow = detail::FigureRow<SiteReplica>;
constexpr std::array kReplica{
    ReplicaRow{.key = "from", .value = of<&SR::from>},
    ReplicaRow{.key = "separate", .value = of<&SR::separate>},
    ReplicaRow{.key = "checkpoints_bytes", .value = of<&SR::checkpoints>},
    ReplicaRow{.key = "datasets_bytes", .value = of<&SR::datasets>},
    ReplicaRow{.key = "need_bytes", .value = of<&SR::need>},
    ReplicaRow{.key = "inbound_bytes_per_s", .value = of<&SR::inbound>},
    ReplicaRow{.key = "cnodes", .value = of<&SR::cnodes>},
    ReplicaRow{.key = "dboxes", .value = of<&SR::dboxes>},
    ReplicaRow{.key = "switches", .value = of<&SR::switches>},
    ReplicaRow{.key = "racks", .value = of<&SR::racks>},
    ReplicaRow{.key = "usable_capacity_bytes", .value = of<&SR::usable>},
    ReplicaRow{.key = "write_bytes_per_s", .value = of<&SR::write>},
    ReplicaRow{.key = "power_w", .value = of<&SR::power>},
};

/// docs/sites-and-phases.md, "Replication between sites": with a site that
/// replicates, every site's copies and the store it holds for others.
constexpr std::array kReplication{
    SiteRow{.key = "replicate_to", .value = detail::text_of<&S::replicate_to>},
    SiteRow{.key = "replication_write_bytes_per_s", .value = of<&S::replication_write>},
    SiteRow{"replica_need", "Replica need", "PB", 1, scaled, kPeople,
            [](const S& s) { return s.replica ? FigureValue(s.replica->need().base()) : nullptr; }},
    SiteRow{.key = "replica_racks",
            .label = "Replica racks",
            .out = kPeople,
            .text = [](const S& s) -> Text {
                return !s.replica ? "-" : s.replica->separate ? n(s.replica->racks) : "in system";
            }},
    SiteRow{"wan_out_bytes_per_s", "WAN out", "Gbps", 1, scaled, kBoth, of<&S::wan_out>},
    SiteRow{.key = "dataset_copy_bytes", .value = of<&S::dataset_copy>},
    SiteRow{.key = "seeding_s", .value = of<&S::seeding>},
    SiteRow{.key = "dataset_change_bytes_per_s", .value = of<&S::dataset_change>},
    SiteRow{.key = "replica",
            .value = [](const S& s) -> FigureValue {
                return s.replica ? detail::figures_json<SR>(kReplica, *s.replica) : nullptr;
            }},
    SiteRow{"wan", "WAN", "Gbps", 1, least, kPeople, of<&S::wan>},
};

/// The Replication table: what each site copies to its partner.
constexpr auto kCopied = [](const S& s) { return s.dataset_copy.base() > 0.0; };
constexpr auto kChanged = [](const S& s) { return kCopied(s) && s.dataset_change.base() > 0.0; };
Text seeding_days(const S& s) {
    return s.seeding ? format_number(s.seeding->base() / 86400.0, 1)
                     : (kCopied(s) ? "no WAN given" : "-");
}
constexpr std::array kCopies{
    SiteRow{"name", "Site", {}, 0, number, kPeople, of<&S::name>},
    SiteRow{"to", "Copies to", {}, 0, number, kPeople, detail::by<[](const S& s) {
                return "site " + s.replicate_to;
            }>},
    SiteRow{"checkpoints", "Checkpoint copies", "Gbps", 1, scaled, kPeople,
            detail::by<[](const S& s) { return s.replication_write - s.dataset_change; }>},
    SiteRow{"copy", "Dataset copy", "PB", 1, scaled, kPeople, only<kCopied, &S::dataset_copy>},
    SiteRow{.key = "seeding", .label = "Seeding (days)", .out = kPeople, .text = seeding_days},
    SiteRow{"changes", "Dataset changes", "Gbps", 1, scaled, kPeople,
            only<kChanged, &S::dataset_change>},
    SiteRow{"wan_out", "WAN out", "Gbps", 1, scaled, kPeople, of<&S::wan_out>},
    SiteRow{"wan", "WAN", "Gbps", 1, least, kPeople, of<&S::wan>},
};

/// After the site's own figures (site_figures.hpp): its verdict.
constexpr std::array kSiteEnd{
    SiteRow{.key = "fits",
            .label = "Fits",
            .value = of<&S::fits>,
            .text = [](const S& s) -> Text { return site_fits_cell(s); }},
    SiteRow{.key = "findings", .value = detail::via<&S::findings, detail::findings_json>},
};

/// A site's row of the Sites table, or with `header` the table's header.
std::vector<std::string> site_row(const SitePlan& plan, const SiteStorage& s, bool header) {
    std::vector<std::string> row;
    const auto add = [&](detail::Rows<SiteStorage> rows) {
        for (std::string& c :
             header ? detail::people_labels(rows, s) : detail::people_cells(rows, s, {}, "-")) {
            row.push_back(std::move(c));
        }
    };
    add(kSite);
    if (plan.replication) {
        add(kReplication);
    }
    for (const SiteFigure* f : site_figures(plan)) {
        row.push_back(header ? std::string(f->header) : site_figure_cell(*f, s));
    }
    add(kSiteEnd);
    return row;
}

detail::ojson site_json(const SitePlan& plan, const SiteStorage& s) {
    detail::ojson j{{"name", s.name}, {"design", plan.design}};
    detail::put_json<SiteStorage>(j, kSite, s);
    if (plan.replication) {
        detail::put_json<SiteStorage>(j, kReplication, s);
    }
    for (const SiteFigure* f : site_figures(plan)) {
        j[std::string(f->key)] = f->text ? detail::ojson(f->text(s)) : number_or_null(f->number(s));
    }
    detail::put_json<SiteStorage>(j, kSiteEnd, s);
    return j;
}

using P = PhaseStep;
using PC = PhaseCounts;
using PhaseRow = detail::FigureRow<PhaseStep>;

/// Phases by site: the site, whether the phase opens it, and what it
/// delivers in the state it is sized for; absent for one system.
template <auto M> FigureValue by_site(const P& p) {
    return p.site.empty() ? FigureValue(detail::Absent{}) : detail::figure_of(p.*M);
}

/// What a phase does at its site: opens it, grows it or leaves it ("-").
Text change(const P& p) {
    const bool added = p.added.cnodes + p.added.dboxes + p.added.racks > 0;
    return p.opens ? "opens" : added ? "grows" : "-";
}

/// A phase's figures in its JSON and the Phases tables (kFlat, kBySite).
constexpr std::array kPhase{
    PhaseRow{"name", "Phase", {}, 0, number, kBoth, of<&P::name>},
    PhaseRow{"date", "Date", {}, 0, number, kBoth, detail::text_of<&P::date>},
    PhaseRow{"gpus", "GPUs", {}, 0, number, kBoth, of<&P::gpus>},
    PhaseRow{"required_usable_bytes", "Usable need", "PB", 1, scaled, kBoth,
             of<&P::required_usable>},
    PhaseRow{.key = "required_read_bytes_per_s", .value = of<&P::required_read>},
    PhaseRow{.key = "required_write_bytes_per_s", .value = of<&P::required_write>},
    PhaseRow{.key = "needed", .value = detail::via<&P::needed, counts_json>},
    PhaseRow{.key = "added", .value = detail::via<&P::added, counts_json>},
    PhaseRow{.key = "total", .value = detail::via<&P::total, counts_json>},
    PhaseRow{"+cnodes", "+C-nodes", {}, 0, number, kPeople, of<&P::added, &PC::cnodes>},
    PhaseRow{"+dboxes", "+D-boxes", {}, 0, number, kPeople, of<&P::added, &PC::dboxes>},
    PhaseRow{"+switches", "+Switches", {}, 0, number, kPeople, of<&P::added, &PC::switches>},
    PhaseRow{"+racks", "+Racks", {}, 0, number, kPeople, of<&P::added, &PC::racks>},
    PhaseRow{"cnodes", "C-nodes", {}, 0, number, kPeople, of<&P::total, &PC::cnodes>},
    PhaseRow{"dboxes", "D-boxes", {}, 0, number, kPeople, of<&P::total, &PC::dboxes>},
    PhaseRow{"switches", "Switches", {}, 0, number, kPeople, of<&P::total, &PC::switches>},
    PhaseRow{"racks", "Racks", {}, 0, number, kPeople, of<&P::total, &PC::racks>},
    PhaseRow{"fabric_tiers", "Tiers", {}, 0, number, kBoth, of<&P::fabric_tiers>},
    PhaseRow{"usable_capacity_bytes", "Usable", "PB", 1, scaled, kBoth, of<&P::usable>},
    PhaseRow{"read_bytes_per_s", "Read, intact", "TB/s", 2, scaled, kBoth, of<&P::read>},
    PhaseRow{"write_bytes_per_s", "Write, intact", "TB/s", 2, scaled, kBoth, of<&P::write>},
    PhaseRow{"power_w", "IT power", "kW", 1, scaled, kBoth, of<&P::power>},
    PhaseRow{"site", "Site", {}, 0, number, kBoth, by_site<&P::site>},
    PhaseRow{.key = "opens", .value = by_site<&P::opens>},
    PhaseRow{"size_for", "Sized for", {}, 0, number, kBoth, by_site<&P::state>},
    PhaseRow{"read_in_state_bytes_per_s", "Read, sized state", "TB/s", 2, scaled, kBoth,
             by_site<&P::read_in_state>},
    PhaseRow{"write_in_state_bytes_per_s", "Write, sized state", "TB/s", 2, scaled, kBoth,
             by_site<&P::write_in_state>},
    PhaseRow{.key = "wan_out_bytes_per_s", .value = by_site<&P::wan_out>},
    PhaseRow{"wan_out", "WAN out", "Gbps", 1, scaled, kPeople, of<&P::wan_out>},
    PhaseRow{"change", "Change", {}, 0, number, kPeople, nullptr, change},
    PhaseRow{.key = "findings", .value = detail::via<&P::findings, detail::findings_json>},
};

/// The Phases table of one system, and of phases by site.
constexpr std::string_view kFlat = "name date gpus required_usable_bytes +cnodes +dboxes +switches "
                                   "+racks cnodes dboxes switches racks fabric_tiers "
                                   "usable_capacity_bytes read_bytes_per_s write_bytes_per_s";
constexpr std::string_view kBySite =
    "name date site change gpus +cnodes +dboxes +racks cnodes dboxes switches racks "
    "required_usable_bytes usable_capacity_bytes read_bytes_per_s write_bytes_per_s size_for "
    "read_in_state_bytes_per_s write_in_state_bytes_per_s power_w wan_out";

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

using PP = PhasePlan;
using PlanRow = detail::FigureRow<PhasePlan>;

/// How the phases were planned: the option grown, and by site or its
/// hardware and its final phase sized from scratch.
constexpr auto kOne = [](const PP& p) { return !p.by_site; };
constexpr std::array kPhasePlan{
    PlanRow{.key = "design", .value = of<&PP::design>},
    PlanRow{.key = "by_site", .value = only<[](const PP& p) { return p.by_site; }, &PP::by_site>},
    PlanRow{.key = "cnode", .value = only<kOne, &PP::cnode_model>},
    PlanRow{.key = "dbox", .value = only<kOne, &PP::dbox_model>},
    PlanRow{.key = "drive_bytes", .value = only<kOne, &PP::drive_size>},
    PlanRow{.key = "from_scratch",
            .value = only<kOne, [](const PP& p) { return counts_json(p.scratch); }>},
    PlanRow{.key = "from_scratch_fabric_tiers", .value = only<kOne, &PP::scratch_tiers>},
};

/// A document's growth: its sites, phases, their cost by year and plan; its
/// `feasible` (where it has one) false too when a site or phase breaks a limit.
struct Growth {
    const GrowthView& g;
    std::optional<bool> feasible;
};
using G = Growth;
using GRow = detail::FigureRow<Growth>;
using detail::figures_json;

detail::ojson sites_json(const G& x) {
    detail::ojson sites = detail::ojson::array();
    for (const SiteStorage& s : x.g.sites->sites) {
        sites.push_back(site_json(*x.g.sites, s));
    }
    return sites;
}
constexpr auto kSites = [](const G& x) { return x.g.sites != nullptr; };
constexpr auto kPhases = [](const G& x) { return x.g.phases != nullptr; };
/// The phases' cost by year, where a price book prices them.
FigureValue phases_cost(const G& x) {
    const std::optional<CashFlow> flow =
        x.g.prices != nullptr ? cash_flow(*x.g.phases, *x.g.prices) : std::nullopt;
    return flow ? FigureValue(cost_by_year_json(*flow)) : FigureValue(detail::Absent{});
}

constexpr std::array kGrowth{
    GRow{.key = "sites", .value = only<kSites, sites_json>},
    GRow{.key = "phases",
         .value =
             only<kPhases, [](const G& x) { return figures_json(kPhase, x.g.phases->phases); }>},
    GRow{.key = "cost_by_year", .value = only<kPhases, phases_cost>},
    GRow{.key = "phase_plan",
         .value = only<kPhases, [](const G& x) { return figures_json(kPhasePlan, *x.g.phases); }>},
    GRow{.key = "feasible",
         .value = only<[](const G& x) { return x.feasible.has_value(); },
                       [](const G& x) { return *x.feasible && x.g.ok(); }>},
};

/// Adds the growth to a document (its `feasible` stays in its place).
void add_growth_json(detail::ojson& j, const GrowthView& g) {
    const auto feasible =
        j.contains("feasible") ? std::optional(j.at("feasible").get<bool>()) : std::nullopt;
    detail::put_json(j, kGrowth, Growth{g, feasible});
}

} // namespace

std::vector<std::pair<std::string, Finding>> growth_findings(const GrowthView& g) {
    std::vector<std::pair<std::string, Finding>> out;
    const auto add = [&](const std::string& design, const auto& steps) {
        for (const auto& step : steps) {
            for (const Finding& f : step.findings) {
                out.emplace_back(design, f);
            }
        }
    };
    if (g.sites != nullptr) {
        add(g.sites->design, g.sites->sites);
    }
    if (g.phases != nullptr) {
        add(g.phases->design, g.phases->phases);
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
    g.header = detail::people_labels<SiteStorage>(kCopies, SiteStorage{});
    g.numeric_from = 2;
    for (const SiteStorage& s : plan.sites) {
        if (!s.replicate_to.empty()) {
            g.rows.push_back(detail::people_cells<SiteStorage>(kCopies, s, {}, "-"));
        }
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
    g.header = site_row(plan, SiteStorage{}, true);
    for (const SiteStorage& s : plan.sites) {
        g.rows.push_back(site_row(plan, s, false));
        // The verdict coloured as the side-by-side table colours its own.
        g.set_cell_role(g.rows.size() - 1, g.header.size() - 1,
                        s.fits() ? CellRole::met : CellRole::not_met);
    }
    return g;
}

Grid phases_grid(const PhasePlan& plan) {
    Grid g;
    const std::string_view order = plan.by_site ? kBySite : kFlat;
    g.header = detail::people_labels<PhaseStep>(kPhase, PhaseStep{}, order);
    g.numeric_from = plan.by_site ? 4 : 2;
    if (!plan.by_site) {
        for (const PhaseStep& p : plan.phases) {
            g.rows.push_back(detail::people_cells<PhaseStep>(kPhase, p, order, "-"));
        }
        return g;
    }
    // Phases by site: a row per site open after each phase (what the phase
    // adds there and what stands after it), and after each phase's sites a
    // row of the project's totals: its sites summed.
    const std::vector<PhaseStep> totals = phase_totals(plan);
    std::size_t phase = 0;
    for (std::size_t k = 0; k < plan.phases.size(); ++k) {
        g.rows.push_back(detail::people_cells<PhaseStep>(kPhase, plan.phases[k], order, "-"));
        if (k + 1 == plan.phases.size() || plan.phases[k + 1].name != plan.phases[k].name) {
            std::vector<std::string> row =
                detail::people_cells<PhaseStep>(kPhase, totals[phase++], order, "-");
            row[2] = "all sites";
            row[3] = row[16] = row[17] = row[18] = ""; // the sites' states may differ
            g.rows.push_back(std::move(row));
        }
    }
    return g;
}

std::string with_growth(std::string rendered, const GrowthView& growth, Format format) {
    if (growth.empty() || format == Format::csv) {
        return rendered;
    }
    if (format != Format::json) {
        return rendered + growth_text(growth, format == Format::md);
    }
    // The report's own document, read back in its key order.
    detail::ojson j = detail::ojson::parse(rendered);
    add_growth_json(j, growth);
    return detail::json_text(j);
}

std::string render_sizing(const SizingResult& result, const GrowthView& growth, Format format) {
    return with_growth(render_sizing(result, format), growth, format);
}

} // namespace podsizer

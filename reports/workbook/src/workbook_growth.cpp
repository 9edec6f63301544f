// The "Sites and phases" sheet (docs/sites-and-phases.md §4, issue 33 item 3):
// with a site list, each site's racks and IT power against its limits; with
// phases, what each phase adds and the totals after it. Figures derived in
// the sheet are formulas (a site's racks = clusters × racks per pod + the
// replica store's; a phase's total = the total before + what it adds), so a
// spreadsheet that recalculates shows where an edited count leads.
#include "podsizer/core/cash_flow.hpp"
#include "podsizer/reports/growth_report.hpp"
#include "podsizer/reports/site_figures.hpp"
#include "workbook_parts.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace podsizer::wb {

namespace {

/// A limit as a value, or an empty cell when the site has none.
void limit(xlsx::Sheet& sheet, int row, int col, std::optional<double> v, Num num) {
    if (v) {
        sheet.number(row, col, *v, num, Role::input);
    }
}

/// An error finding the racks and power limits do not show (a replica
/// store short of its need, the site's storage short, its whole IT power).
bool other_error(const SiteStorage& s) {
    return std::any_of(s.findings.begin(), s.findings.end(), [](const Finding& f) {
        return f.severity() == Severity::error && f.code != FindingCode::site_racks &&
               f.code != FindingCode::site_power;
    });
}

/// One site's row from `row`: columns A-N (A-K without replication).
/// Returns the column of its IT power.
int site_row(xlsx::Book& book, xlsx::Sheet& sheet, int row, const WorkbookInput& wi,
             std::size_t k) {
    const SiteStorage& s = wi.sites->sites[k];
    const bool rep = wi.sites->replication;
    const double replica_racks = s.replica ? static_cast<double>(s.replica->racks) : 0.0;
    const double replica_kw = s.replica ? in(s.replica->power, units::kW) : 0.0;
    const double pod_kw = (in(s.power, units::kW) - replica_kw) / static_cast<double>(s.clusters);
    sheet.text(row, 0, s.name, book.label());
    sheet.text(row, 1, s.rack, book.text_value());
    sheet.number(row, 2, static_cast<double>(s.clusters), Num::integer, Role::value);
    sheet.number(row, 3, static_cast<double>(s.pod_racks), Num::integer, Role::value);
    int c = 4;
    if (rep) {
        sheet.number(row, c++, replica_racks, Num::integer, Role::value);
    }
    const int racks = c++;
    auto put = [&](int col, std::string_view id, Num num,
                   const std::map<std::string_view, std::string>& cells) {
        growth_cell(sheet, wi, row, col, id, cells, static_cast<int>(k), -1, num);
    };
    put(racks, rep ? "site_racks_replica" : "site_racks", Num::integer,
        {{"clusters", a1(row, 2)}, {"pod_racks", a1(row, 3)}, {"replica_racks", a1(row, 4)}});
    const int max_racks = c++;
    limit(sheet, row, max_racks,
          s.max_racks ? std::optional(static_cast<double>(*s.max_racks)) : std::nullopt,
          Num::integer);
    const int pod_power = c++;
    sheet.number(row, pod_power, pod_kw, Num::one, Role::value);
    const int replica_power = rep ? c++ : -1;
    if (rep) {
        sheet.number(row, replica_power, replica_kw, Num::one, Role::value);
    }
    const int power = c++;
    put(power, rep ? "site_power_replica" : "site_power", Num::one,
        {{"clusters", a1(row, 2)},
         {"pod_power", a1(row, pod_power)},
         {"replica_power", a1(row, replica_power)}});
    const int max_power = c++;
    limit(sheet, row, max_power,
          s.max_power ? std::optional(in(*s.max_power, units::kW)) : std::nullopt, Num::one);
    const int pue = c++;
    sheet.number(row, pue, s.pue, Num::two, Role::input);
    put(c++, "site_facility", Num::one, {{"power", a1(row, power)}, {"pue", a1(row, pue)}});
    const std::string fits = site_fits_cell(s);
    if (other_error(s)) { // no limit can make it fit: the engine's "NO", a value
        sheet.text(row, c, fits, book.text_value());
        return power;
    }
    put(c, "site_fits", Num::text,
        {{"max_racks", a1(row, max_racks)},
         {"racks", a1(row, racks)},
         {"max_power", a1(row, max_power)},
         {"power", a1(row, power)},
         {"fits", fits == "NO" ? std::string("yes") : fits}});
    return power;
}

/// The figures a site sized as its own system adds, and its GPUs' draw
/// (site_figures.hpp), as values; the whole IT power is a formula: the GPUs'
/// MW + the site's storage IT power (kW) in the table above.
int site_figures_block(xlsx::Book& book, xlsx::Sheet& sheet, int row, const WorkbookInput& wi,
                       const std::vector<std::string>& power_refs) {
    const SitePlan& plan = *wi.sites;
    const std::vector<const SiteFigure*> figures = site_figures(plan);
    sheet.text(row, 0, "Each site's needs, verdict and whole IT power", book.section());
    std::vector<std::string> h{"Site"};
    for (const SiteFigure* f : figures) {
        h.emplace_back(f->header);
    }
    header_row(book, sheet, ++row, h);
    int gpu_col = -1;
    for (std::size_t k = 0; k < plan.sites.size(); ++k) {
        const SiteStorage& s = plan.sites[k];
        sheet.text(++row, 0, s.name, book.label());
        for (std::size_t c = 0; c < figures.size(); ++c) {
            const SiteFigure& f = *figures[c];
            const int col = static_cast<int>(c) + 1;
            const std::optional<double> v = f.number ? f.number(s) : std::nullopt;
            const double shown = v.value_or(0.0) / f.unit; // GCC 12 misreads *v below
            if (f.text != nullptr) {
                sheet.text(row, col, f.text(s), book.text_value());
            } else if (f.key == "gpu_power_w") {
                gpu_col = col;
                limit(sheet, row, col, v ? std::optional(shown) : std::nullopt, Num::two);
            } else if (f.key == "it_power_w" && v && gpu_col >= 0) {
                growth_cell(sheet, wi, row, col, "site_it_power",
                            {{"gpu_power", a1(row, gpu_col)}, {"storage_power", power_refs[k]}},
                            static_cast<int>(k), -1, Num::two);
            } else if (v) {
                sheet.number(row, col, shown, f.decimals == 2 ? Num::two : Num::one, Role::value);
            }
        }
    }
    return row + 2;
}

/// The sites table from `row`; returns the next free row.
int sites_block(xlsx::Book& book, xlsx::Sheet& sheet, int row, const WorkbookInput& wi) {
    const SitePlan& plan = *wi.sites;
    sheet.text(row, 0, sites_title(plan), book.section());
    ++row;
    std::vector<std::string> h{"Site", "Rack model", "Clusters", "Racks per pod"};
    if (plan.replication) {
        h.emplace_back("Replica racks");
    }
    for (const char* t : {"Racks", "Max racks", "IT power per pod (kW)"}) {
        h.emplace_back(t);
    }
    if (plan.replication) {
        h.emplace_back("Replica IT power (kW)");
    }
    for (const char* t :
         {"IT power (kW)", "Max power (kW)", "PUE", "Facility power (kW)", "Fits"}) {
        h.emplace_back(t);
    }
    header_row(book, sheet, row, h);
    std::vector<std::string> refs; // each site's IT power cell, for the block below
    for (std::size_t k = 0; k < plan.sites.size(); ++k) {
        const int power = site_row(book, sheet, ++row, wi, k);
        refs.push_back(a1(row, power));
    }
    row += 2;
    if (!site_figures(plan).empty()) {
        row = site_figures_block(book, sheet, row, wi, refs);
    }
    return row;
}

/// One phase's row: added counts are values, totals formulas over the row
/// above (`first`: the first phase's row, whose total is what it adds).
void phase_row(xlsx::Book& book, xlsx::Sheet& sheet, int row, const WorkbookInput& wi,
               std::size_t phase) {
    const PhaseStep& p = wi.phases->phases[phase];
    sheet.text(row, 0, p.name, book.label());
    sheet.text(row, 1, p.date.empty() ? "-" : p.date, book.text_value());
    sheet.number(row, 2, static_cast<double>(p.gpus), Num::integer, Role::value);
    sheet.number(row, 3, in(p.required_usable, units::PB), Num::one, Role::value);
    const std::int64_t added[] = {p.added.cnodes, p.added.dboxes, p.added.switches, p.added.racks};
    for (int k = 0; k < 4; ++k) {
        sheet.number(row, 4 + k, static_cast<double>(added[k]), Num::integer, Role::value);
        growth_cell(sheet, wi, row, 8 + k, phase == 0 ? "phase_total_first" : "phase_total",
                    {{"added", a1(row, 4 + k)}, {"before", a1(row - 1, 8 + k)}},
                    static_cast<int>(phase), k, Num::integer);
    }
    sheet.number(row, 12, static_cast<double>(p.fabric_tiers), Num::integer, Role::value);
    sheet.number(row, 13, in(p.usable, units::PB), Num::one, Role::value);
}

/// Phases by site: a row per site open after each phase, its totals formulas
/// over the same site's row before (what stands + what the phase adds), and
/// after each phase's sites a row of sums over them.
int site_phases_block(xlsx::Book& book, xlsx::Sheet& sheet, int row, const WorkbookInput& wi) {
    const PhasePlan& plan = *wi.phases;
    sheet.text(row, 0, phases_title(plan), book.section());
    header_row(book, sheet, ++row,
               {"Phase", "Date", "Site", "Change", "GPUs", "+C-nodes", "+D-boxes", "+Racks",
                "C-nodes", "D-boxes", "Racks", "Usable (PB)", "Read, sized state (TB/s)",
                "IT power (kW)"});
    std::map<std::string, int> last; // each site's row before
    int first = row + 1;             // the phase's first site row
    std::size_t phase = 0;
    for (std::size_t k = 0; k < plan.phases.size(); ++k) {
        const PhaseStep& p = plan.phases[k];
        ++row;
        sheet.text(row, 0, p.name, book.label());
        sheet.text(row, 1, p.date.empty() ? "-" : p.date, book.text_value());
        sheet.text(row, 2, p.site, book.text_value());
        const bool grows = p.added.cnodes + p.added.dboxes + p.added.racks > 0;
        sheet.text(row, 3, p.opens ? "opens" : grows ? "grows" : "-", book.text_value());
        sheet.number(row, 4, static_cast<double>(p.gpus), Num::integer, Role::value);
        const std::int64_t added[] = {p.added.cnodes, p.added.dboxes, p.added.racks};
        const auto before = last.find(p.site);
        for (int c = 0; c < 3; ++c) {
            sheet.number(row, 5 + c, static_cast<double>(added[c]), Num::integer, Role::value);
            growth_cell(sheet, wi, row, 8 + c,
                        before == last.end() ? "phase_total_first" : "phase_total",
                        {{"added", a1(row, 5 + c)},
                         {"before", before == last.end() ? "" : a1(before->second, 8 + c)}},
                        static_cast<int>(k), c, Num::integer);
        }
        sheet.number(row, 11, in(p.usable, units::PB), Num::one, Role::value);
        sheet.number(row, 12, in(p.read_in_state, units::TB_per_s), Num::two, Role::value);
        sheet.number(row, 13, in(p.power, units::kW), Num::one, Role::value);
        last[p.site] = row;
        if (k + 1 < plan.phases.size() && plan.phases[k + 1].name == p.name) {
            continue;
        }
        // The project after the phase: sums over its sites' rows.
        ++row;
        sheet.text(row, 0, p.name, book.label());
        sheet.text(row, 2, "all sites", book.label());
        for (int c = 4; c < 14; ++c) {
            if (c == 12) {
                continue; // the sites' sized states differ: no sum, as in the CLI's table
            }
            growth_cell(sheet, wi, row, c, "phase_sum",
                        {{"column", a1(first, c) + ":" + a1(row - 1, c)}}, static_cast<int>(phase),
                        c, c == 11 || c == 13 ? Num::one : Num::integer);
        }
        ++phase;
        first = row + 1;
    }
    return row + 2;
}

/// The phases table from `row`, the final target from scratch under it.
int phases_block(xlsx::Book& book, xlsx::Sheet& sheet, int row, const WorkbookInput& wi) {
    const PhasePlan& plan = *wi.phases;
    if (plan.by_site) {
        return site_phases_block(book, sheet, row, wi);
    }
    sheet.text(row, 0,
               "Phases on the installed base (" + plan.design + ": " + plan.cnode_model + ", " +
                   plan.dbox_model + "; hardware and fabric planned for the final phase)",
               book.section());
    ++row;
    header_row(book, sheet, row,
               {"Phase", "Date", "GPUs", "Usable need (PB)", "+C-nodes", "+D-boxes", "+Switches",
                "+Racks", "C-nodes", "D-boxes", "Switches", "Racks", "Tiers", "Usable (PB)"});
    for (std::size_t k = 0; k < plan.phases.size(); ++k) {
        phase_row(book, sheet, ++row, wi, k);
    }
    ++row;
    sheet.text(row, 0, "From scratch", book.label());
    sheet.text(row, 1, "final target", book.text_value());
    const std::int64_t scratch[] = {plan.scratch.cnodes, plan.scratch.dboxes, plan.scratch.switches,
                                    plan.scratch.racks};
    for (int k = 0; k < 4; ++k) {
        sheet.number(row, 8 + k, static_cast<double>(scratch[k]), Num::integer, Role::value);
    }
    sheet.number(row, 12, static_cast<double>(plan.scratch_tiers), Num::integer, Role::value);
    return row + 2;
}

} // namespace

std::string a1(int row, int col) {
    return xlsx::cell(row, col, false);
}

void growth_cell(xlsx::Sheet& sheet, const WorkbookInput& wi, int row, int col, std::string_view id,
                 const std::map<std::string_view, std::string>& cells, int item, int part,
                 xlsx::Num num) {
    sheet.mapped(row, col, id, cells,
                 FigureSource{wi.result->designs.front(), *wi.catalog, item, nullptr, part, &wi}, 0,
                 num);
}

void header_row(xlsx::Book& book, xlsx::Sheet& sheet, int row, const std::vector<std::string>& h) {
    for (std::size_t c = 0; c < h.size(); ++c) {
        sheet.text(row, static_cast<int>(c), h[c], c == 0 ? book.header_left() : book.header());
    }
    sheet.row_height(row, 30);
}

bool has_growth(const WorkbookInput& input) {
    return input.sites != nullptr || input.phases != nullptr;
}

void write_growth(xlsx::Book& book, std::optional<xlsx::Sheet>& into,
                  std::optional<xlsx::Sheet>& project, const WorkbookInput& input) {
    if (project) {
        write_project(book, *project, input);
    }
    if (!into) {
        return;
    }
    xlsx::Sheet& sheet = *into;
    sheet.titles(
        "Sites and phases",
        {"Racks = clusters × racks per pod (+ the replica store's); IT power likewise; "
         "a phase's totals = the totals before + what it adds (docs/sites-and-phases.md)."});
    int row = 3;
    if (input.sites != nullptr) {
        row = sites_block(book, sheet, row, input);
    }
    if (input.phases != nullptr) {
        row = phases_block(book, sheet, row, input);
        const std::optional<CashFlow> flow = input.result != nullptr && input.result->prices
                                                 ? cash_flow(*input.phases, *input.result->prices)
                                                 : std::nullopt;
        if (flow) {
            cost_by_year_block(book, sheet, row, *flow, input);
        }
    }
    // Each column set once (libxlsxwriter writes overlapping ranges twice).
    // Whole words in the text columns: the sites' "Fits" (last of its table)
    // and "Verdict" (8th of the need figures, below it).
    const int fits = input.sites != nullptr ? (input.sites->replication ? 15 : 11) : -1;
    const int verdict = input.sites != nullptr && input.sites->own_needs ? 8 : -1;
    sheet.column_width(0, 0, 16);
    sheet.column_width(1, 1, 14);
    for (int c = 2; c <= 17; ++c) {
        sheet.column_width(c, c, c == fits || c == verdict ? 21 : 11);
    }
    sheet.print_setup(0);
}

} // namespace podsizer::wb

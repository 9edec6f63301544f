// The sites of a fleet given as a list and the phases on the installed base
// (docs/sites-and-phases.md) as tables and JSON, beside the sizing report.
#pragma once

#include "podsizer/core/design.hpp"
#include "podsizer/core/phases.hpp"
#include "podsizer/core/sites.hpp"
#include "podsizer/reports/format.hpp"
#include "podsizer/reports/grid.hpp"

#include <string>
#include <utility>
#include <vector>

namespace podsizer {

/// What a study adds to its sizing: each may be null.
struct GrowthView {
    const SitePlan* sites = nullptr;
    const PhasePlan* phases = nullptr;
    /// With phases: the price book that prices them year by year
    /// (cost_by_year.hpp); null: no money over time.
    const PriceBook* prices = nullptr;

    bool empty() const { return sites == nullptr && phases == nullptr; }
    /// No site breaks a limit and every phase meets its requirement.
    bool ok() const;
};

/// One row per site: its clusters, GPUs and rack model, its racks against
/// max_racks, its IT power against max_power, facility power and usable.
Grid sites_grid(const SitePlan& plan);
/// A site's "Fits" cell: "NO" with an error finding; "yes" when every limit
/// it states was checked and met; "not checked: IT power" when its whole IT
/// power could not be (the platform's draw is unknown): never a plain yes.
std::string site_fits_cell(const SiteStorage& s);
/// With replication: a row per site that copies to another, naming the
/// partner site, the checkpoint copies' and the dataset changes' rates, the
/// dataset copy and how long seeding it takes over the site's WAN.
Grid replication_grid(const SitePlan& plan);
std::string replication_title();
/// One row per phase: what it adds, what is installed after it, and what
/// that delivers.
Grid phases_grid(const PhasePlan& plan);

/// The titles of the two tables, and the line after the phases that gives
/// the final target sized from scratch.
std::string sites_title(const SitePlan& plan);
std::string phases_title(const PhasePlan& plan);
std::string scratch_line(const PhasePlan& plan);

/// Every site's and phase's finding, each with the name of the design its
/// plan was made with, sites first.
std::vector<std::pair<std::string, Finding>> growth_findings(const GrowthView& g);

/// `rendered`, a report of `format` (compare's, extrapolate's), with the
/// sites and phases after it as render_sizing adds them: their tables and
/// findings in table and md; in JSON the keys `sites`, `phases` and
/// `phase_plan`, and `feasible` false when a site or phase breaks a limit.
/// CSV, and any report without sites or phases, unchanged.
std::string with_growth(std::string rendered, const GrowthView& growth, Format format);

/// The sizing report (render_sizing) with the sites and phases after it;
/// exactly render_sizing's text when `growth` is empty. CSV is the sizing
/// CSV alone; JSON adds `sites` and `phases` and counts them in `feasible`.
std::string render_sizing(const SizingResult& result, const GrowthView& growth, Format format);

} // namespace podsizer

// Fuzz harness: a scenario with sites and phases (docs/sites-and-phases.md) as
// `podsizer size` reads it: sized, its site list and its phases planned, and
// the whole rendered with them in every format. Checks, beyond the designs':
// a phase never shrinks the installed base and adds exactly the difference;
// a site's racks are its pods' and its replica store's; every count and figure is finite and not
// negative (fourth red-team round: the harnesses cover the new inputs).
#include "fuzz_checks.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/phases.hpp"
#include "podsizer/core/sites.hpp"
#include "podsizer/reports/growth_report.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace {

using namespace podsizer;

void check_counts(const char* what, const PhaseCounts& c) {
    if (c.cnodes < 0 || c.dboxes < 0 || c.switches < 0 || c.racks < 0) {
        fuzz::broken(what, static_cast<double>(c.cnodes));
    }
}

void check_phases(const PhasePlan& plan) {
    PhaseCounts before;
    for (const PhaseStep& p : plan.phases) {
        check_counts("a phase's installed base is negative", p.total);
        check_counts("a phase adds a negative count", p.added);
        if (!(p.total - before == p.added)) {
            fuzz::broken("a phase's added devices are not the growth of the installed base",
                         static_cast<double>(p.added.cnodes));
        }
        fuzz::check_figure("a phase's usable capacity", p.usable.base());
        fuzz::check_figure("a phase's read", p.read.base());
        fuzz::check_figure("a phase's write", p.write.base());
        fuzz::check_figure("a phase's power", p.power.base());
        before = p.total;
    }
}

void check_sites(const SitePlan& plan) {
    for (const SiteStorage& s : plan.sites) {
        if (s.clusters < 0 || s.gpus < 0 || s.cnodes < 0 || s.dboxes < 0 || s.racks < 0) {
            fuzz::broken("a site has a negative count", static_cast<double>(s.racks));
        }
        // A replica store for other sites' copies stands in the site's racks.
        if (s.racks != s.pod_racks * s.clusters + (s.replica ? s.replica->racks : 0)) {
            fuzz::broken("a site's racks are not its pods' and its replica store's",
                         static_cast<double>(s.racks));
        }
        fuzz::check_figure("a site's usable capacity", s.usable.base());
        fuzz::check_figure("a site's power", s.power.base());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const Catalog catalog = default_catalog();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        Diagnostics diag;
        const Scenario s = parse_scenario(text, "fuzz.json", catalog, &diag);
        const SizingResult r = size_scenario(s, catalog);
        fuzz::check_result(r);
        const std::optional<PhasePlan> phases = plan_phases(s, catalog);
        if (phases) {
            check_phases(*phases);
        }
        const std::optional<SitePlan> sites = size_sites(s, catalog, r);
        if (sites) {
            check_sites(*sites);
        }
        const GrowthView growth{sites ? &*sites : nullptr, phases ? &*phases : nullptr};
        for (Format f : {Format::table, Format::json, Format::csv, Format::md}) {
            (void)render_sizing(r, growth, f);
        }
    } catch (const InputError&) {
        // Rejected with a message naming the place: what bad input should get.
    }
    return 0;
}

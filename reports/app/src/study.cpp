#include "podsizer/reports/study.hpp"

#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/sizing_detail.hpp"
#include "podsizer/reports/atomic_file.hpp"
#include "podsizer/reports/rack_svg.hpp"

#include <charconv>
#include <cstdlib>
#include <ctime>
#include <fmt/format.h>
#include <utility>

namespace podsizer {

namespace {

/// A project of sites sized for their own needs shows each site's design
/// (one of its pods, with the copies it holds) in place of the scenario's
/// own, which is sized for the whole fleet as one system and built nowhere
/// (docs/sites-and-phases.md, "One project export").
void show_site_designs(SizingResult& sizing, const SitePlan& sites) {
    std::vector<Design> designs;
    SitesNeed need;
    for (const SiteStorage& s : sites.sites) {
        Design& d = designs.emplace_back(*s.pod);
        d.name = s.clusters > 1 ? fmt::format("Site {}, one of {} pods", s.name, s.clusters)
                                : "Site " + s.name;
        ++need.sites;
        need.gpus += s.gpus;
        need.read += s.read_need;
        need.write += s.write_need;
        need.usable += s.usable_need;
    }
    sizing.designs = std::move(designs);
    // The requirement line states the sites' needs, not the whole fleet as
    // one pod on the fleet's platform, which no design answers.
    sizing.sites_need = need;
}

/// The scenario sized or, with `extrapolate`, grown to `target`: the sized
/// designs, then each one-namespace design (the exports show both).
void size_or_grow(Study& study, const Scenario& scenario, const Catalog& catalog,
                  const std::optional<ExtrapolationSpec>& target, bool extrapolate,
                  RackDetail detail) {
    // Phases that name sites grow each site on its own base, not one system.
    const bool by_site = phases_by_site(scenario);
    if (!by_site) {
        study.phases = plan_phases(scenario, catalog);
    }
    if (extrapolate) {
        if (!target) {
            throw InputError("no target to grow to");
        }
        study.extrapolation = extrapolate_scenario(scenario, catalog, *target);
        study.sizing = study.extrapolation->sizing;
    } else {
        study.sizing = size_scenario(scenario, catalog, detail);
    }
    study.fleet = split_fleet(scenario, study.sizing.designs);
    study.sites = size_sites(scenario, catalog, study.sizing);
    const bool own_needs = study.sites && study.sites->own_needs;
    if (extrapolate && own_needs && scenario.fleet->gpus_per_cluster <= 0) {
        // Every site is its own system; growing the scenario's pod would
        // answer for one whole-fleet pod at the first site and none at the
        // others, contradicting the project's split.
        throw InputError("fleet.sites",
                         "its sites are each sized for their own needs (no "
                         "fleet.gpus_per_cluster), so there is no one pod to grow to a target; "
                         "size and compare show each site's design, and fleet.gpus_per_cluster "
                         "makes the sites pods of one cluster that extrapolate can grow");
    }
    if (by_site && study.sites) {
        study.phases = plan_site_phases(scenario, catalog, study.sizing, *study.sites);
    }
    if (extrapolate) {
        for (const Extrapolation& e : study.extrapolation->extrapolations) {
            if (e.single_namespace) {
                study.sizing.designs.push_back(*e.single_namespace);
            }
        }
    } else if (own_needs) {
        // The sites table is the project's split: an even spread of one
        // whole-fleet pod over the sites would contradict it.
        show_site_designs(study.sizing, *study.sites);
        study.fleet = {};
    }
}

} // namespace

GrowthView growth_of(const Study& study) {
    return {study.sites ? &*study.sites : nullptr, study.phases ? &*study.phases : nullptr,
            study.sizing.prices ? &*study.sizing.prices : nullptr};
}

std::vector<const ReferenceSystem*> study_references(const Scenario& scenario,
                                                     const Catalog& catalog,
                                                     const std::vector<std::string>& given,
                                                     bool only_named) {
    const std::vector<std::string>& ids = given.empty() ? scenario.comparisons : given;
    std::vector<const ReferenceSystem*> out;
    if (ids.empty() && !only_named) {
        for (const ReferenceSystem& r : catalog.references) {
            out.push_back(&r);
        }
        return out;
    }
    for (const std::string& id : ids) {
        const ReferenceSystem* r = catalog.reference(id);
        if (r == nullptr) {
            throw InputError(id, "unknown reference system");
        }
        out.push_back(r);
    }
    return out;
}

Study run_study(const Scenario& scenario, const Catalog& catalog, const StudyOptions& options) {
    const std::optional<ExtrapolationSpec> target =
        options.target ? options.target : scenario.extrapolation;
    Study study;
    size_or_grow(study, scenario, catalog, target, options.extrapolate, options.detail);
    if (options.compare) {
        ComparisonSpec spec;
        spec.target = target;
        spec.references =
            study_references(scenario, catalog, options.references, options.only_named_references);
        spec.cloud = scenario.cloud;
        if (options.wan) {
            spec.cloud.wan = options.wan;
        }
        spec.cloud.raised_account_limit =
            spec.cloud.raised_account_limit || options.raised_account_limit;
        spec.platform = scenario.fleet ? catalog.platform(scenario.fleet->platform) : nullptr;
        study.comparison = compare_designs(study.sizing, spec);
    }
    return study;
}

Study study_of(SizingResult sizing) {
    Study study;
    study.sizing = std::move(sizing);
    return study;
}

WorkbookInput workbook_input(const Study& study, const Catalog& catalog, const Scenario* scenario) {
    WorkbookInput in;
    in.result = &study.sizing;
    in.catalog = &catalog;
    in.scenario = scenario;
    in.comparison = study.comparison ? &*study.comparison : nullptr;
    in.fleet = study.fleet.plan ? &study.fleet : nullptr;
    in.sites = study.sites ? &*study.sites : nullptr;
    in.phases = study.phases ? &*study.phases : nullptr;
    return in;
}

void export_study(const Study& study, const Catalog& catalog, const Scenario* scenario,
                  const ExportTargets& targets, const std::string& date) {
    const auto written = [&](const std::string& path) {
        if (targets.written) {
            targets.written(path);
        }
    };
    if (!targets.xlsx.empty()) {
        WorkbookOptions options;
        options.date = date;
        options.every_rack_unit = targets.every_rack_unit;
        WorkbookInput input = workbook_input(study, catalog, scenario);
        input.optimization = targets.optimization;
        write_workbook(targets.xlsx, input, options);
        written(targets.xlsx);
    }
    for (const SvgTarget& t : targets.svg) {
        RackSvgOptions svg;
        svg.view = t.view;
        write_file_atomically(t.path, render_rack_svg(study.sizing.designs.at(t.design), svg));
        written(t.path);
    }
}

std::string export_date_from_env() {
    const char* epoch = std::getenv("SOURCE_DATE_EPOCH");
    if (epoch == nullptr || *epoch == '\0') {
        return today_iso_date();
    }
    const std::string text = epoch;
    long long secs = -1;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), secs);
    if (ec != std::errc{} || end != text.data() + text.size() || secs < 0) {
        throw InputError("SOURCE_DATE_EPOCH",
                         "\"" + text + "\" is not a count of seconds since 1970");
    }
    const auto t = static_cast<std::time_t>(secs);
    std::tm tm{};
    ::gmtime_r(&t, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

} // namespace podsizer

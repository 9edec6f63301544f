#include "growth_validate.hpp"

#include "podsizer/catalog/safe_text.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/units.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

namespace podsizer::detail {

namespace {

const JsonPath kRoot;

std::string gpus_text(std::int64_t n) {
    return format_number(static_cast<double>(n));
}

/// Each site holds GPUs one way; the sites together hold the fleet's.
void check_sites(const Fleet& f, std::vector<Problem>& out) {
    const JsonPath at = kRoot.key("fleet").key("sites");
    std::int64_t total = 0;
    for (std::size_t i = 0; i < f.site_list.size(); ++i) {
        const SiteSpec& site = f.site_list[i];
        if ((site.gpus > 0) == (site.clusters > 0)) {
            out.push_back({at.index(i), "give either \"gpus\" (the GPUs at the site) or "
                                        "\"clusters\" (its training clusters), not both or "
                                        "neither"});
        }
        if (site.clusters > 0 && f.gpus_per_cluster == 0) {
            out.push_back({at.index(i).key("clusters"),
                           "needs fleet.gpus_per_cluster (the GPUs of one cluster)"});
        }
        for (std::size_t k = 0; k < i; ++k) {
            if (f.site_list[k].name == site.name) {
                out.push_back(
                    {at.index(i).key("name"), "duplicate site name \"" + site.name + "\""});
                break;
            }
        }
        total += site.gpus > 0 ? site.gpus : site.clusters * f.gpus_per_cluster;
    }
    if (total != f.gpus) {
        out.push_back({at, "the sites hold " + gpus_text(total) + " GPUs; expected fleet.gpus (" +
                               gpus_text(f.gpus) + "): each GPU is at one site"});
    }
}

/// A site's copies go to another site of the list, and copy something
/// (docs/sites-and-phases.md, "Replication between sites").
void check_replication(const Scenario& s, std::size_t i, std::vector<Problem>& out) {
    const Fleet& f = *s.fleet;
    const SiteSpec& site = f.site_list[i];
    const JsonPath at = kRoot.key("fleet").key("sites").index(i);
    const bool copies = site.checkpoints_every > 0 || site.dataset;
    const bool receives =
        std::any_of(f.site_list.begin(), f.site_list.end(),
                    [&](const SiteSpec& o) { return o.replicate_to == site.name; });
    if (site.replica_store && !receives) {
        out.push_back({at.key("replica_store"),
                       "no site copies to \"" + site.name +
                           "\"; a replica store holds copies from sites whose replicate_to "
                           "names this one"});
    }
    if (site.dataset_change && !site.dataset) {
        out.push_back({at.key("dataset_change"),
                       "needs \"dataset\": true (the changes are those of the dataset copy)"});
    }
    if (site.replicate_to.empty()) {
        if (copies) {
            out.push_back({at.key(site.dataset ? "dataset" : "checkpoints_every"),
                           "needs \"replicate_to\" (the site the copies go to)"});
        }
        return;
    }
    const auto known = std::any_of(f.site_list.begin(), f.site_list.end(),
                                   [&](const SiteSpec& o) { return o.name == site.replicate_to; });
    if (site.replicate_to == site.name) {
        out.push_back({at.key("replicate_to"),
                       "\"" + site.replicate_to +
                           "\" is this site; a replica is held at another site of the list"});
    } else if (!known) {
        out.push_back({at.key("replicate_to"), "no site is named \"" + site.replicate_to +
                                                   "\"; expected the name of another site of "
                                                   "fleet.sites"});
    }
    if (!copies) {
        out.push_back({at.key("replicate_to"),
                       "copies nothing; give \"checkpoints_every\" (every Nth checkpoint is "
                       "copied) or \"dataset\": true (the site's usable target is held again)"});
    }
    const bool jobs = s.checkpoint && !s.checkpoint->jobs.empty();
    if (site.checkpoints_every > 0 && !jobs) {
        out.push_back(
            {at.key("checkpoints_every"), "needs checkpoint.jobs (the checkpoints to copy)"});
    }
}

/// Whether `d` is a calendar date written YYYY-MM-DD.
bool is_iso_date(std::string_view d) {
    if (d.size() != 10 || d[4] != '-' || d[7] != '-') {
        return false;
    }
    int parts[3] = {0, 0, 0};
    const std::array<std::pair<std::size_t, std::size_t>, 3> spans{{{0, 4}, {5, 2}, {8, 2}}};
    for (std::size_t k = 0; k < 3; ++k) {
        for (std::size_t c = 0; c < spans[k].second; ++c) {
            const char ch = d[spans[k].first + c];
            if (ch < '0' || ch > '9') {
                return false;
            }
            parts[k] = parts[k] * 10 + (ch - '0');
        }
    }
    const int year = parts[0];
    const int month = parts[1];
    const int day = parts[2];
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    constexpr std::array<int, 12> kDays{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12 || day < 1) {
        return false;
    }
    return day <= kDays[static_cast<std::size_t>(month - 1)] + (month == 2 && leap ? 1 : 0);
}

/// Phases by site (docs/sites-and-phases.md, "Phases by site"): a phase's
/// site is one of the site list, and either every phase names one or none.
void check_phase_site(const Scenario& s, std::size_t i, std::vector<Problem>& out) {
    const PhaseSpec& p = s.phases[i];
    const JsonPath at = kRoot.key("phases").index(i);
    const bool any = std::any_of(s.phases.begin(), s.phases.end(),
                                 [](const PhaseSpec& q) { return !q.site.empty(); });
    if (!any) {
        return;
    }
    if (p.site.empty()) {
        out.push_back({at, "name the site the phase opens or grows (\"site\"): another phase "
                           "names one, and phases either all name a site or none does"});
        return;
    }
    const std::vector<SiteSpec> none;
    const std::vector<SiteSpec>& sites = s.fleet ? s.fleet->site_list : none;
    if (std::none_of(sites.begin(), sites.end(),
                     [&](const SiteSpec& x) { return x.name == p.site; })) {
        out.push_back({at.key("site"), "\"" + printable(p.site, 60) +
                                           "\" is not a site of fleet.sites; expected one of "
                                           "its names"});
    }
}

/// Phases add to what is installed, so each holds at least what the one
/// before holds, and a later phase is not dated before an earlier one.
void check_phase(const Scenario& s, std::size_t i, std::vector<Problem>& out) {
    const PhaseSpec& p = s.phases[i];
    const JsonPath at = kRoot.key("phases").index(i);
    if (p.gpus == 0 && !p.usable && p.site.empty()) {
        out.push_back({at, "give \"gpus\" (GPUs in service after the phase), \"usable\" (usable "
                           "capacity in service after it) or both"});
    }
    check_phase_site(s, i, out);
    if (p.gpus > 0 && !s.fleet) {
        out.push_back({at.key("gpus"), "needs a \"fleet\" (its platform and performance rule "
                                       "turn GPUs into a requirement)"});
    }
    if (!p.date.empty()) {
        if (std::string problem = date_problem(p.date); !problem.empty()) {
            out.push_back({at.key("date"), std::move(problem)});
        }
    }
    for (std::size_t k = 0; k < i; ++k) {
        const PhaseSpec& q = s.phases[k];
        const std::string before = " phase \"" + q.name + "\"";
        if (q.name == p.name) {
            out.push_back({at.key("name"), "duplicate phase name \"" + p.name + "\""});
        }
        if (q.site != p.site) {
            // Phases by site: each site grows on its own installed base.
        } else if (p.gpus > 0 && q.gpus > p.gpus) {
            out.push_back({at.key("gpus"), gpus_text(p.gpus) + " GPUs is fewer than" + before +
                                               "'s " + gpus_text(q.gpus) +
                                               "; phases add to what is installed"});
        }
        if (q.site == p.site && p.usable && q.usable && *q.usable > *p.usable) {
            out.push_back({at.key("usable"), format_in(*p.usable, units::PB, 1) + " is less than" +
                                                 before + "'s " +
                                                 format_in(*q.usable, units::PB, 1) +
                                                 "; phases add to what is installed"});
        }
        if (!p.date.empty() && !q.date.empty() && is_iso_date(p.date) && is_iso_date(q.date) &&
            q.date > p.date) {
            out.push_back({at.key("date"), p.date + " is before" + before + "'s " + q.date});
        }
    }
}

} // namespace

std::string date_problem(std::string_view date) {
    if (is_iso_date(date)) {
        return {};
    }
    return "\"" + printable(date, 60) +
           "\" is not a date; expected YYYY-MM-DD such as \"2027-03-31\" (or leave the date out)";
}

void validate_growth(const Scenario& s, std::vector<Problem>& out) {
    if (s.fleet && !s.fleet->site_list.empty()) {
        check_sites(*s.fleet, out);
        for (std::size_t i = 0; i < s.fleet->site_list.size(); ++i) {
            check_replication(s, i, out);
        }
    }
    for (std::size_t i = 0; i < s.phases.size(); ++i) {
        check_phase(s, i, out);
    }
}

} // namespace podsizer::detail

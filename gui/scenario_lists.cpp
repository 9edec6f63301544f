#include "scenario_lists.hpp"

#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/design.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace podsizer::gui {

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

QString option_summary(const Scenario& s, std::size_t i) {
    const OptionSpec& o = s.options[i];
    QString mode;
    switch (o.cnode_sizing) {
    case CNodeSizing::requirement:
        mode = "sized";
        break;
    case CNodeSizing::knee:
        mode = "knee";
        break;
    case CNodeSizing::ratio:
        mode = "C:D " + (o.cd_ratio ? q(o.cd_ratio->text) : QString("?"));
        break;
    case CNodeSizing::fixed:
        mode = QString("%1 C-nodes").arg(o.cnodes);
        break;
    }
    const QString hw = (o.cnode.empty() ? QString("auto") : q(o.cnode)) + " + " +
                       (o.dbox.empty() ? QString("auto") : q(o.dbox));
    const QString name = o.name.empty() ? QString("(automatic name)") : q(o.name);
    return name + "  —  " + hw + ", " + mode;
}

std::vector<CheckpointJobSpec>& jobs(Scenario& s) {
    return (s.checkpoint ? *s.checkpoint : s.checkpoint.emplace()).jobs;
}

/// A first job to start from: the brief's 1.8T-parameter model every 5 min.
void starting_job(CheckpointJobSpec& j) {
    j.params = 1.8e12;
    j.size = checkpoint_size(j.params, j.bytes_per_param);
    j.interval = Duration::from_base(300.0);
}

QString job_summary(const Scenario& s, std::size_t i) {
    const CheckpointJobSpec& j = s.checkpoint->jobs[i];
    const QString size = j.params > 0 ? q(format_param_count(j.params)) + " params"
                                      : q(format_in(j.size, units::TB, 1));
    const QString cadence = j.interval ? q(format_interval(*j.interval)) : QString("auto");
    return q(j.name) + "  —  " + size + ", " + cadence + ", " + q(std::string(to_string(j.mode)));
}

std::vector<SiteSpec>& sites(Scenario& s) {
    return (s.fleet ? *s.fleet : s.fleet.emplace()).site_list;
}

std::vector<SiteSpec> sites_of(const Scenario& s) {
    return s.fleet ? s.fleet->site_list : std::vector<SiteSpec>{};
}

/// The next name not yet taken: "site 3", "phase 5" (names are unique).
template <class T> std::string next_name(const std::vector<T>& list, const char* noun) {
    for (std::size_t n = list.size() + 1;; ++n) {
        std::string name = std::string(noun) + " " + std::to_string(n);
        if (std::none_of(list.begin(), list.end(), [&](const T& e) { return e.name == name; })) {
            return name;
        }
    }
}

QString site_summary(const Scenario& s, std::size_t i) {
    const SiteSpec& site = s.fleet->site_list[i];
    const QString size =
        site.clusters > 0
            ? QString("%1 cluster%2").arg(site.clusters).arg(site.clusters == 1 ? "" : "s")
            : q(format_number(static_cast<double>(site.gpus))) + " GPUs";
    QString limits;
    if (site.max_racks) {
        limits += ", " + QString::number(*site.max_racks) + " racks";
    }
    if (site.max_power) {
        limits += ", " + q(format_in(*site.max_power, units::kW, 0));
    }
    return q(site.name) + "  —  " + size + limits;
}

QString phase_summary(const Scenario& s, std::size_t i) {
    const PhaseSpec& p = s.phases[i];
    QString what;
    if (p.gpus > 0) {
        what += q(format_number(static_cast<double>(p.gpus))) + " GPUs";
    }
    if (p.usable) {
        what += (what.isEmpty() ? "" : ", ") + q(format_in(*p.usable, units::PB, 0));
    }
    return q(p.name) + (p.date.empty() ? QString() : " (" + q(p.date) + ")") + "  —  " + what;
}

QString workload_summary(const Scenario& s, std::size_t i) {
    const WorkloadUse& w = s.performance->workloads[i];
    const QString on = w.gpus > 0      ? q(format_number(static_cast<double>(w.gpus))) + " GPUs"
                       : w.share > 0.0 ? q(format_number(w.share * 100.0, 0)) + " % of the GPUs"
                                       : QString("all the GPUs");
    return (w.id.empty() ? QString("(no workload)") : q(w.id)) + "  —  on " + on +
           (w.speed ? QString(", speed × %1").arg(q(format_number(*w.speed, 2))) : QString());
}

std::vector<WorkloadUse>& workloads(Scenario& s) {
    if (!s.performance) {
        s.performance.emplace();
    }
    return s.performance->workloads;
}

} // namespace

const ListKind* list_kind(std::string_view prefix) {
    for (const ListKind* k : {&kOptionList, &kJobList, &kSiteList, &kPhaseList, &kWorkloadList}) {
        if (k->prefix == prefix) {
            return k;
        }
    }
    return nullptr;
}

const ListKind kOptionList{
    .prefix = "options[N].",
    .name = "options",
    .title = "Option %1",
    .no_title = "Selected option",
    .noun = "option",
    .empty_line = "(no options: one design with automatic hardware)",
    .add_tip = "Add an option with automatic hardware",
    .size = [](const Scenario& s) { return s.options.size(); },
    .add = [](Scenario& s) { s.options.emplace_back(); },
    .duplicate =
        [](Scenario& s, std::size_t i) {
            OptionSpec copy = s.options[i];
            if (!copy.name.empty()) {
                copy.name += " (copy)";
            }
            s.options.insert(s.options.begin() + static_cast<std::ptrdiff_t>(i) + 1, copy);
        },
    .remove =
        [](Scenario& s, std::size_t i) {
            s.options.erase(s.options.begin() + static_cast<std::ptrdiff_t>(i));
        },
    .clear = [](Scenario& s, std::size_t i) { s.options[i] = OptionSpec{}; },
    .finish = [](Scenario&, std::size_t) {},
    .summary = option_summary,
    .copy_all = [](Scenario& to, const Scenario& from) { to.options = from.options; },
    .copy_one = [](Scenario& to, const Scenario& from,
                   std::size_t i) { to.options[i] = from.options[i]; },
};

const ListKind kJobList{
    .prefix = "checkpoint.jobs[N].",
    .name = "checkpoint-jobs",
    .title = "Job %1",
    .no_title = "Selected job",
    .noun = "checkpoint job",
    .empty_line = nullptr,
    .add_tip = "Add a job like the last one",
    .size = [](const Scenario& s) { return s.checkpoint ? s.checkpoint->jobs.size() : 0; },
    .add =
        [](Scenario& s) {
            std::vector<CheckpointJobSpec>& list = jobs(s);
            CheckpointJobSpec j = list.empty() ? CheckpointJobSpec{} : list.back();
            j.name = "job " + std::to_string(list.size() + 1);
            if (j.size.base() <= 0) {
                starting_job(j);
            }
            list.push_back(j);
        },
    .duplicate =
        [](Scenario& s, std::size_t i) {
            CheckpointJobSpec copy = jobs(s)[i];
            copy.name += " (copy)";
            jobs(s).insert(jobs(s).begin() + static_cast<std::ptrdiff_t>(i) + 1, copy);
        },
    .remove =
        [](Scenario& s, std::size_t i) {
            jobs(s).erase(jobs(s).begin() + static_cast<std::ptrdiff_t>(i));
        },
    .clear = [](Scenario& s, std::size_t i) { jobs(s)[i] = CheckpointJobSpec{}; },
    .finish =
        [](Scenario& s, std::size_t i) {
            CheckpointJobSpec& j = jobs(s)[i];
            if (j.params > 0.0) {
                j.size = checkpoint_size(j.params, j.bytes_per_param);
            }
        },
    .summary = job_summary,
    .copy_all =
        [](Scenario& to, const Scenario& from) {
            if (to.checkpoint) {
                to.checkpoint->jobs =
                    from.checkpoint ? from.checkpoint->jobs : std::vector<CheckpointJobSpec>{};
            }
        },
    .copy_one = [](Scenario& to, const Scenario& from,
                   std::size_t i) { jobs(to)[i] = from.checkpoint->jobs[i]; },
};

const ListKind kSiteList{
    .prefix = "fleet.sites[N].",
    .name = "sites",
    .title = "Site %1",
    .no_title = "Selected site",
    .noun = "site",
    .empty_line = "(no site list: the fleet's count of identical sites above)",
    .add_tip = "Add a site like the last one (a new site starts with one cluster)",
    .size = [](const Scenario& s) { return s.fleet ? s.fleet->site_list.size() : 0; },
    .add =
        [](Scenario& s) {
            std::vector<SiteSpec>& list = sites(s);
            SiteSpec site = list.empty() ? SiteSpec{} : list.back();
            site.name = next_name(list, "site");
            if (site.gpus <= 0 && site.clusters <= 0) {
                site.clusters = 1;
            }
            list.push_back(site);
            s.fleet->sites = static_cast<int>(list.size());
        },
    .duplicate =
        [](Scenario& s, std::size_t i) {
            SiteSpec copy = sites(s)[i];
            copy.name = next_name(sites(s), "site");
            sites(s).insert(sites(s).begin() + static_cast<std::ptrdiff_t>(i) + 1, copy);
            s.fleet->sites = static_cast<int>(sites(s).size());
        },
    .remove =
        [](Scenario& s, std::size_t i) {
            sites(s).erase(sites(s).begin() + static_cast<std::ptrdiff_t>(i));
            s.fleet->sites = std::max(1, static_cast<int>(sites(s).size()));
        },
    .clear = [](Scenario& s, std::size_t i) { sites(s)[i] = SiteSpec{}; },
    .finish = [](Scenario&, std::size_t) {},
    .summary = site_summary,
    .copy_all =
        [](Scenario& to, const Scenario& from) {
            if (to.fleet) {
                to.fleet->site_list = sites_of(from);
                if (!to.fleet->site_list.empty()) {
                    to.fleet->sites = static_cast<int>(to.fleet->site_list.size());
                }
            }
        },
    .copy_one = [](Scenario& to, const Scenario& from,
                   std::size_t i) { sites(to)[i] = from.fleet->site_list[i]; },
};

const ListKind kPhaseList{
    .prefix = "phases[N].",
    .name = "phases",
    .title = "Phase %1",
    .no_title = "Selected phase",
    .noun = "phase",
    .empty_line = "(no phases: the scenario is sized as one step)",
    .add_tip = "Add a phase after the last one, with its figures to start from",
    .size = [](const Scenario& s) { return s.phases.size(); },
    .add =
        [](Scenario& s) {
            PhaseSpec p = s.phases.empty() ? PhaseSpec{} : s.phases.back();
            p.name = next_name(s.phases, "phase");
            p.date.clear();
            if (p.gpus <= 0 && !p.usable) {
                p.usable = s.capacity.usable; // the scenario's need, when it gives one
                if (!p.usable) {
                    p.gpus = s.fleet ? s.fleet->gpus : 0;
                }
            }
            s.phases.push_back(p);
        },
    .duplicate =
        [](Scenario& s, std::size_t i) {
            PhaseSpec copy = s.phases[i];
            copy.name = next_name(s.phases, "phase");
            s.phases.insert(s.phases.begin() + static_cast<std::ptrdiff_t>(i) + 1, copy);
        },
    .remove =
        [](Scenario& s, std::size_t i) {
            s.phases.erase(s.phases.begin() + static_cast<std::ptrdiff_t>(i));
        },
    .clear = [](Scenario& s, std::size_t i) { s.phases[i] = PhaseSpec{}; },
    .finish = [](Scenario&, std::size_t) {},
    .summary = phase_summary,
    .copy_all = [](Scenario& to, const Scenario& from) { to.phases = from.phases; },
    .copy_one = [](Scenario& to, const Scenario& from,
                   std::size_t i) { to.phases[i] = from.phases[i]; },
};

// docs/workloads.md §3: what the GPUs run, each with its share of them.
const ListKind kWorkloadList{
    .prefix = "performance.workloads[N].",
    .name = "workloads",
    .title = "Workload %1",
    .no_title = "Selected workload",
    .noun = "workload",
    .empty_line = "(no workloads: the rule or per-GPU figures above set the need)",
    .add_tip = "Add a training-data workload on all the GPUs",
    .size = [](const Scenario& s) { return s.performance ? s.performance->workloads.size() : 0; },
    .add =
        [](Scenario& s) {
            WorkloadUse w;
            w.id = "unet3d-h100";
            workloads(s).push_back(w);
        },
    .duplicate =
        [](Scenario& s, std::size_t i) {
            WorkloadUse copy = workloads(s)[i];
            workloads(s).insert(workloads(s).begin() + static_cast<std::ptrdiff_t>(i) + 1, copy);
        },
    .remove =
        [](Scenario& s, std::size_t i) {
            workloads(s).erase(workloads(s).begin() + static_cast<std::ptrdiff_t>(i));
        },
    .clear = [](Scenario& s, std::size_t i) { workloads(s)[i] = WorkloadUse{}; },
    .finish = [](Scenario&, std::size_t) {},
    .summary = workload_summary,
    .copy_all =
        [](Scenario& to, const Scenario& from) {
            if (to.performance) {
                to.performance->workloads =
                    from.performance ? from.performance->workloads : std::vector<WorkloadUse>{};
            }
        },
    .copy_one = [](Scenario& to, const Scenario& from,
                   std::size_t i) { workloads(to)[i] = from.performance->workloads[i]; },
};

} // namespace podsizer::gui

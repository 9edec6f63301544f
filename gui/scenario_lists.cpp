#include "scenario_lists.hpp"

#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/design.hpp"
#include "qt_text.hpp"

#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

namespace podsizer::gui {

namespace {

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

/// The list at s.*M, or at (s.*O)->*M in an optional part O of the scenario
/// (made by an edit; absent, the list is empty).
template <auto... Path> struct At;
template <auto M> struct At<M> {
    static const auto* get(const Scenario& s) { return &(s.*M); }
    static auto& mut(Scenario& s) { return s.*M; }
};
template <auto O, auto M> struct At<O, M> {
    static const auto* get(const Scenario& s) { return s.*O ? &((*(s.*O)).*M) : nullptr; }
    static auto& mut(Scenario& s) { return (s.*O ? *(s.*O) : (s.*O).emplace()).*M; }
};

/// `k` with the element operations on the list A names that it leaves
/// null: a duplicate, inserted after its original, is named by `rename`;
/// `after` runs after a duplicate or removal (a count kept beside the list).
template <class A, auto rename = nullptr, auto after = nullptr> constexpr ListKind ops(ListKind k) {
    using List = std::remove_cvref_t<decltype(A::mut(std::declval<Scenario&>()))>;
    k.size = [](const Scenario& s) { return A::get(s) ? A::get(s)->size() : std::size_t{0}; };
    k.duplicate = [](Scenario& s, std::size_t i) {
        List& list = A::mut(s);
        typename List::value_type copy = list[i];
        if constexpr (rename != nullptr) {
            rename(list, copy);
        }
        list.insert(list.begin() + static_cast<std::ptrdiff_t>(i) + 1, copy);
        if constexpr (after != nullptr) {
            after(s);
        }
    };
    k.remove = [](Scenario& s, std::size_t i) {
        A::mut(s).erase(A::mut(s).begin() + static_cast<std::ptrdiff_t>(i));
        if constexpr (after != nullptr) {
            after(s);
        }
    };
    k.clear = [](Scenario& s, std::size_t i) { A::mut(s)[i] = {}; };
    k.finish = k.finish ? k.finish : [](Scenario&, std::size_t) {};
    k.copy_all = k.copy_all ? k.copy_all : [](Scenario& to, const Scenario& from) {
        if (A::get(to)) {
            A::mut(to) = A::get(from) ? *A::get(from) : List{};
        }
    };
    k.copy_one = [](Scenario& to, const Scenario& from, std::size_t i) {
        A::mut(to)[i] = (*A::get(from))[i];
    };
    return k;
}

using Options = At<&Scenario::options>;
using Jobs = At<&Scenario::checkpoint, &CheckpointSpec::jobs>;
using Sites = At<&Scenario::fleet, &Fleet::site_list>;
using Phases = At<&Scenario::phases>;
using Workloads = At<&Scenario::performance, &PerformanceSpec::workloads>;

void copy_name(const std::vector<OptionSpec>&, OptionSpec& o) {
    if (!o.name.empty()) {
        o.name += " (copy)";
    }
}
void copy_job_name(const std::vector<CheckpointJobSpec>&, CheckpointJobSpec& j) {
    j.name += " (copy)";
}
void next_site(const std::vector<SiteSpec>& list, SiteSpec& site) {
    site.name = next_name(list, "site");
}
void next_phase(const std::vector<PhaseSpec>& list, PhaseSpec& p) {
    p.name = next_name(list, "phase");
}
/// The fleet's count of sites follows its list (at least one).
void count_sites(Scenario& s) {
    s.fleet->sites = std::max(1, static_cast<int>(s.fleet->site_list.size()));
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

const ListKind kOptionList = ops<Options, copy_name>({
    .prefix = "options[N].",
    .name = "options",
    .title = "Option %1",
    .no_title = "Selected option",
    .noun = "option",
    .empty_line = "(no options: one design with automatic hardware)",
    .add_tip = "Add an option with automatic hardware",
    .add = [](Scenario& s) { s.options.emplace_back(); },
    .summary = option_summary,
});

const ListKind kJobList = ops<Jobs, copy_job_name>({
    .prefix = "checkpoint.jobs[N].",
    .name = "checkpoint-jobs",
    .title = "Job %1",
    .no_title = "Selected job",
    .noun = "checkpoint job",
    .empty_line = nullptr,
    .add_tip = "Add a job like the last one",
    .add =
        [](Scenario& s) {
            std::vector<CheckpointJobSpec>& list = Jobs::mut(s);
            CheckpointJobSpec j = list.empty() ? CheckpointJobSpec{} : list.back();
            j.name = "job " + std::to_string(list.size() + 1);
            if (j.size.base() <= 0) {
                starting_job(j);
            }
            list.push_back(j);
        },
    .finish =
        [](Scenario& s, std::size_t i) {
            CheckpointJobSpec& j = Jobs::mut(s)[i];
            if (j.params > 0.0) {
                j.size = checkpoint_size(j.params, j.bytes_per_param);
            }
        },
    .summary = job_summary,
});

const ListKind kSiteList = ops<Sites, next_site, count_sites>({
    .prefix = "fleet.sites[N].",
    .name = "sites",
    .title = "Site %1",
    .no_title = "Selected site",
    .noun = "site",
    .empty_line = "(no site list: the fleet's count of identical sites above)",
    .add_tip = "Add a site like the last one (a new site starts with one cluster)",
    .add =
        [](Scenario& s) {
            std::vector<SiteSpec>& list = Sites::mut(s);
            SiteSpec site = list.empty() ? SiteSpec{} : list.back();
            site.name = next_name(list, "site");
            if (site.gpus <= 0 && site.clusters <= 0) {
                site.clusters = 1;
            }
            list.push_back(site);
            count_sites(s);
        },
    .summary = site_summary,
    .copy_all =
        [](Scenario& to, const Scenario& from) {
            if (to.fleet) {
                to.fleet->site_list =
                    Sites::get(from) ? *Sites::get(from) : std::vector<SiteSpec>{};
                if (!to.fleet->site_list.empty()) {
                    count_sites(to);
                }
            }
        },
});

const ListKind kPhaseList = ops<Phases, next_phase>({
    .prefix = "phases[N].",
    .name = "phases",
    .title = "Phase %1",
    .no_title = "Selected phase",
    .noun = "phase",
    .empty_line = "(no phases: the scenario is sized as one step)",
    .add_tip = "Add a phase after the last one, with its figures to start from",
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
    .summary = phase_summary,
});

// docs/workloads.md §3: what the GPUs run, each with its share of them.
const ListKind kWorkloadList = ops<Workloads>({
    .prefix = "performance.workloads[N].",
    .name = "workloads",
    .title = "Workload %1",
    .no_title = "Selected workload",
    .noun = "workload",
    .empty_line = "(no workloads: the rule or per-GPU figures above set the need)",
    .add_tip = "Add a training-data workload on all the GPUs",
    .add = [](Scenario& s) { Workloads::mut(s).emplace_back().id = "unet3d-h100"; },
    .summary = workload_summary,
});

} // namespace podsizer::gui

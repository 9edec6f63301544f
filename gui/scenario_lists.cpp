#include "scenario_lists.hpp"

#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/design.hpp"

#include <string>

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

} // namespace

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
};

} // namespace podsizer::gui

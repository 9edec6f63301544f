#include "form_layout.hpp"

#include "podsizer/core/checkpoint.hpp"

namespace podsizer::gui {

namespace {

const std::array kSections{
    FormSection{.title = "Scenario", .prefixes = {"name", "description"}},
    FormSection{.title = "GPU fleet",
                .prefixes = {"fleet."},
                .open = [](Scenario& s) { s.fleet.emplace(); },
                .exists = [](const Scenario& s) { return s.fleet.has_value(); }},
    // docs/sites-and-phases.md: each site's GPUs and limits, instead of the
    // count of identical sites above.
    FormSection{.title = "Sites (each within its own limits)", .list = "fleet.sites[N]."},
    FormSection{.title = "Performance requirement",
                .prefixes = {"performance."},
                .open = [](Scenario& s) { s.performance.emplace(); },
                .exists = [](const Scenario& s) { return s.performance.has_value(); },
                .list = "performance.workloads[N]."},
    FormSection{.title = "Capacity need", .prefixes = {"capacity."}},
    FormSection{.title = "Constraints", .prefixes = {"constraints."}},
    FormSection{.title = "Options (one design each)", .list = "options[N]."},
    FormSection{.title = "Extrapolation (grow to a target)",
                .prefixes = {"extrapolation."},
                .open = [](Scenario& s) { s.extrapolation.emplace(); },
                .exists = [](const Scenario& s) { return s.extrapolation.has_value(); }},
    FormSection{.title = "Compare with (none ticked: no comparison column)",
                .prefixes = {"comparisons[N]"}},
    FormSection{.title = "Checkpoint jobs",
                .prefixes = {"checkpoint."},
                .open = [](Scenario& s) { s.checkpoint.emplace(); },
                .exists = [](const Scenario& s) { return s.checkpoint.has_value(); },
                .list = "checkpoint.jobs[N]."},
    FormSection{.title = "Resilience and the WAN", .prefixes = {"resilience.", "cloud."}},
    FormSection{.title = "Phases (growth on the installed base)", .list = "phases[N]."},
    FormSection{.title = "What-if", .prefixes = {"data_reduction"}},
};

OptionSpec& option(Scenario& s, std::size_t i) {
    return s.options[i];
}

const std::array kCapacityNeed{
    Choice{"none"},
    Choice{"usable per pod", {"capacity.usable"}},
    Choice{"usable per GPU", {"capacity.usable_per_gpu"}},
};

// The table's conditions on cnodes and cd_ratio read the sizing mode, so
// each choice sets it before the fields are read.
const std::array kCNodesFrom{
    Choice{"from the requirement"},
    Choice{"knee (full performance)",
           {},
           [](Scenario& s, std::size_t i) { option(s, i).cnode_sizing = CNodeSizing::knee; }},
    Choice{"C:D ratio",
           {"options[N].cd_ratio"},
           [](Scenario& s, std::size_t i) { option(s, i).cnode_sizing = CNodeSizing::ratio; }},
    Choice{"fixed count",
           {"options[N].cnodes"},
           [](Scenario& s, std::size_t i) { option(s, i).cnode_sizing = CNodeSizing::fixed; }},
};

void own_capacity(Scenario& s, std::size_t i) {
    option(s, i).capacity.emplace();
}

const std::array kOptionCapacity{
    Choice{"the scenario's need"},
    Choice{"its own: usable", {"options[N].capacity.usable"}, own_capacity},
    Choice{"its own: usable per GPU", {"options[N].capacity.usable_per_gpu"}, own_capacity},
    Choice{"its own: none", {}, own_capacity},
};

// The table's condition on a job's size fields asks whether it has a size
// and no parameters: choosing the size gives it a placeholder of 1 byte,
// which the size field's value replaces.
const std::array kJobSize{
    Choice{"model parameters × bytes each",
           {"checkpoint.jobs[N].params", "checkpoint.jobs[N].bytes_per_param"}},
    Choice{"checkpoint size",
           {"checkpoint.jobs[N].checkpoint_size"},
           [](Scenario& s, std::size_t i) {
               CheckpointJobSpec& j = s.checkpoint->jobs[i];
               j.params = 0.0;
               j.size = Capacity::from_base(1.0);
           }},
};

// A site gives its training clusters or its GPUs, not both.
const std::array kSiteSize{
    Choice{"training clusters", {"fleet.sites[N].clusters"}},
    Choice{"GPUs", {"fleet.sites[N].gpus"}},
};

const std::array kChoosers{
    Chooser{.name = "$.capacity",
            .label = "Need",
            .change = "capacity need",
            .choices = kCapacityNeed,
            .which =
                [](const Scenario& s, std::size_t) {
                    return s.capacity.usable ? 1 : s.capacity.usable_per_gpu ? 2 : 0;
                }},
    Chooser{.name = "$.options[].mode",
            .label = "C-nodes from",
            .change = "option C-node sizing",
            .prefix = "options[N].",
            .choices = kCNodesFrom,
            .which = [](const Scenario& s,
                        std::size_t i) { return static_cast<int>(s.options[i].cnode_sizing); }},
    Chooser{.name = "$.options[].capacity",
            .label = "Capacity",
            .change = "option capacity",
            .prefix = "options[N].",
            .choices = kOptionCapacity,
            .which =
                [](const Scenario& s, std::size_t i) {
                    const auto& c = s.options[i].capacity;
                    return !c ? 0 : c->usable ? 1 : c->usable_per_gpu ? 2 : 3;
                }},
    Chooser{.name = "$.fleet.sites[].size_from",
            .label = "Size from",
            .change = "site size",
            .prefix = "fleet.sites[N].",
            .choices = kSiteSize,
            .which =
                [](const Scenario& s, std::size_t i) {
                    const SiteSpec& site = s.fleet->site_list[i];
                    return site.gpus > 0 && site.clusters == 0 ? 1 : 0;
                }},
    Chooser{.name = "$.checkpoint.jobs[].size_from",
            .label = "Size from",
            .change = "checkpoint size",
            .prefix = "checkpoint.jobs[N].",
            .choices = kJobSize,
            .which =
                [](const Scenario& s, std::size_t i) {
                    const CheckpointJobSpec& j = s.checkpoint->jobs[i];
                    return j.params > 0.0 || j.size.base() == 0.0 ? 0 : 1;
                }},
};

} // namespace

std::span<const FormSection> form_sections() {
    return kSections;
}

std::span<const Chooser> form_choosers() {
    return kChoosers;
}

} // namespace podsizer::gui

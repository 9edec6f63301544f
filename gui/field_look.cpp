#include "field_look.hpp"

#include <array>

namespace podsizer::gui {

namespace {

const std::array kLooks{
    FieldLook{.pattern = "fleet.gpus", .placeholder = "41472", .one = "GPU", .many = "GPUs"},
    FieldLook{.pattern = "fleet.sites", .placeholder = "1", .one = "site", .many = "sites"},
    // docs/sites-and-phases.md §1: a site's GPUs or clusters (a chooser
    // picks one) and its limits, each optional.
    FieldLook{.pattern = "fleet.sites[N].name", .placeholder = "A"},
    FieldLook{
        .pattern = "fleet.sites[N].gpus", .placeholder = "41472", .one = "GPU", .many = "GPUs"},
    FieldLook{.pattern = "fleet.sites[N].clusters",
              .placeholder = "1",
              .one = "cluster",
              .many = "clusters"},
    FieldLook{.pattern = "fleet.sites[N].max_racks",
              .placeholder = "no limit",
              .empty_means = "no limit",
              .one = "rack",
              .many = "racks"},
    FieldLook{.pattern = "fleet.sites[N].max_power",
              .placeholder = "no limit",
              .empty_means = "no limit"},
    FieldLook{.pattern = "fleet.sites[N].rack", .first_item = "the scenario's rack model"},
    FieldLook{.pattern = "fleet.sites[N].pue",
              .placeholder = "the scenario's PUE",
              .empty_means = "the scenario's PUE"},
    FieldLook{
        .pattern = "fleet.sites[N].wan", .placeholder = "not given", .empty_means = "not given"},
    FieldLook{.pattern = "fleet.sites[N].replicate_to",
              .placeholder = "none",
              .empty_means = "no copies at another site"},
    FieldLook{.pattern = "fleet.sites[N].checkpoints_every",
              .placeholder = "none",
              .empty_means = "no checkpoint copies"},
    // docs/sites-and-phases.md, "A site's own needs": each left empty takes
    // the scenario's.
    FieldLook{.pattern = "fleet.sites[N].dataset_change",
              .placeholder = "not given",
              .empty_means = "not given: only the seeding is stated"},
    FieldLook{.pattern = "fleet.sites[N].platform", .first_item = "the fleet's platform"},
    FieldLook{.pattern = "fleet.sites[N].usable",
              .placeholder = "the scenario's, by GPUs",
              .empty_means = "the scenario's usable need scaled to the site's GPUs"},
    FieldLook{.pattern = "fleet.sites[N].rule", .first_item = "the scenario's performance"},
    FieldLook{.pattern = "fleet.sites[N].read_per_gpu",
              .placeholder = "the scenario's",
              .empty_means = "the scenario's performance"},
    FieldLook{.pattern = "fleet.sites[N].write_per_gpu",
              .placeholder = "the scenario's",
              .empty_means = "the scenario's performance"},
    FieldLook{.pattern = "fleet.sites[N].workload", .first_item = "none of its own"},
    FieldLook{.pattern = "fleet.sites[N].size_for",
              .choice_texts = "intact|one D-box down|one rack down",
              .short_label = "Size for"},
    FieldLook{.pattern = "fleet.sites[N].max_it_power",
              .placeholder = "no limit",
              .empty_means = "no limit"},
    FieldLook{.pattern = "fleet.gpus_per_cluster",
              .placeholder = "all GPUs",
              .empty_means = "one cluster of all GPUs",
              .one = "GPU per cluster",
              .many = "GPUs per cluster"},
    FieldLook{.pattern = "performance.rule", .last_item = "explicit per-GPU figures"},
    FieldLook{.pattern = "performance.workloads[N].gpus",
              .placeholder = "all the GPUs",
              .empty_means = "all the GPUs (or the share)",
              .one = "GPU",
              .many = "GPUs"},
    FieldLook{.pattern = "performance.workloads[N].share",
              .placeholder = "50%",
              .empty_means = "the GPUs above, else all of them"},
    FieldLook{.pattern = "performance.workloads[N].speed",
              .placeholder = "the catalog's factor",
              .empty_means = "the catalog's factor for the platform"},
    FieldLook{.pattern = "performance.read_per_gpu",
              .placeholder = "0.26 GB/s",
              .empty_means = "no read requirement"},
    FieldLook{.pattern = "performance.write_per_gpu",
              .placeholder = "0.11 GB/s",
              .empty_means = "no write requirement"},
    FieldLook{.pattern = "capacity.usable", .placeholder = "215 PB"},
    FieldLook{.pattern = "capacity.usable_per_gpu", .placeholder = "5.2 TB"},
    FieldLook{.pattern = "constraints.rack", .first_item = "catalog default (%1)"},
    FieldLook{.pattern = "constraints.max_racks",
              .placeholder = "no limit",
              .empty_means = "no limit",
              .one = "rack",
              .many = "racks"},
    FieldLook{.pattern = "constraints.rack_power",
              .placeholder = "rack model's budget",
              .empty_means = "the rack model's budget"},
    FieldLook{
        .pattern = "constraints.max_power", .placeholder = "no limit", .empty_means = "no limit"},
    // The older spelling of layout "rack-resilient": read from files, shown
    // as that layout (ScenarioEditor::load), never offered as a control.
    FieldLook{.pattern = "constraints.rack_resilient", .in_form = false},
    FieldLook{.pattern = "constraints.cd_min", .placeholder = "1:2"},
    FieldLook{.pattern = "constraints.cd_max", .placeholder = "4:1"},
    FieldLook{.pattern = "options[N].name", .placeholder = "automatic: D-box name and mode"},
    FieldLook{.pattern = "options[N].cnode", .first_item = "auto"},
    FieldLook{.pattern = "options[N].dbox", .first_item = "auto"},
    FieldLook{.pattern = "options[N].rack", .first_item = "the scenario's rack model"},
    FieldLook{.pattern = "options[N].switch", .first_item = "catalog default (%1)"},
    FieldLook{
        .pattern = "options[N].cnodes", .placeholder = "450", .one = "C-node", .many = "C-nodes"},
    FieldLook{.pattern = "options[N].cd_ratio", .placeholder = "1:2"},
    FieldLook{.pattern = "options[N].dboxes",
              .placeholder = "sized",
              .empty_means = "sized from the requirements",
              .one = "D-box",
              .many = "D-boxes"},
    FieldLook{
        .pattern = "options[N].capacity.usable", .placeholder = "1 EB", .short_label = "Usable"},
    FieldLook{.pattern = "options[N].capacity.usable_per_gpu",
              .placeholder = "5.2 TB",
              .short_label = "Usable per GPU"},
    FieldLook{.pattern = "checkpoint.failure_rate",
              .placeholder = "failures per 1,000 node-days, such as 6.5",
              .first_item = "catalog default (%1)",
              .last_item = "a number per 1,000 node-days",
              .short_label = "Failure rate"},
    FieldLook{.pattern = "cloud.wan", .placeholder = "not given", .empty_means = "not given"},
    // docs/bom.md §4: the site's supply and floor for the Facility figures.
    FieldLook{.pattern = "facility.voltage", .placeholder = "400", .short_label = "Voltage (V)"},
    FieldLook{.pattern = "facility.supply",
              .choice_texts = "three-phase|single-phase",
              .short_label = "Supply"},
    FieldLook{.pattern = "facility.rack_footprint_m2",
              .placeholder = "0.72",
              .short_label = "Rack footprint (m²)"},
    FieldLook{.pattern = "resilience.afr",
              .placeholder = "the D-box's drive AFR",
              .empty_means = "the catalog D-box's drive_afr"},
    FieldLook{.pattern = "resilience.dbox_losses",
              .placeholder = "0.1%",
              .empty_means = "the catalog D-box's dbox_losses_per_year",
              .share_of = "a D-box-year"},
    FieldLook{.pattern = "resilience.dbox_events",
              .placeholder = "the D-box's events a year",
              .empty_means = "the catalog D-box's dbox_events_per_year",
              .share_of = "a D-box-year"},
    FieldLook{.pattern = "constraints.headroom",
              .placeholder = "0%",
              .share_of = "on read and write",
              .short_label = "Headroom"},
    FieldLook{.pattern = "constraints.auto_layout_threshold",
              .placeholder = "1%",
              .share_of = "of the usable capacity",
              .short_label = "Auto layout threshold"},
    FieldLook{.pattern = "constraints.size_for",
              .choice_texts = "intact|one D-box down|one rack down",
              .short_label = "Size for"},
    // docs/model.md §15: the rest of the requirement set the verdict checks.
    FieldLook{.pattern = "constraints.availability",
              .choice_texts = "as the vendor's default layout|none|one D-box|one rack",
              .short_label = "Must survive"},
    FieldLook{.pattern = "constraints.min_nines",
              .placeholder = "5",
              .empty_means = "no durability target",
              .short_label = "Durability target (nines)"},
    FieldLook{.pattern = "resilience.outage", .placeholder = "24 h", .empty_means = "none"},
    // A phase gives GPUs, usable capacity or both in service after it.
    FieldLook{.pattern = "phases[N].name", .placeholder = "phase 1"},
    FieldLook{.pattern = "phases[N].date", .placeholder = "2027-03-31", .empty_means = "not given"},
    FieldLook{.pattern = "phases[N].gpus",
              .placeholder = "the fleet's",
              .empty_means = "the fleet's GPUs",
              .one = "GPU",
              .many = "GPUs"},
    FieldLook{.pattern = "phases[N].usable",
              .placeholder = "the scenario's",
              .empty_means = "the scenario's usable capacity"},
    FieldLook{.pattern = "resilience.dataset", .placeholder = "100 PB", .empty_means = "none"},
    FieldLook{.pattern = "resilience.fill", .placeholder = "80%", .share_of = "of the drives"},
    FieldLook{
        .pattern = "resilience.rebuild_share", .placeholder = "10%", .share_of = "of the backend"},
    FieldLook{.pattern = "checkpoint.knee_step", .placeholder = "100 GB/s"},
    FieldLook{.pattern = "checkpoint.knee_threshold",
              .placeholder = "100",
              .unit = "GPU-hours a day per step"},
    FieldLook{.pattern = "checkpoint.local_bandwidth", .placeholder = "3.2 GB/s"},
    FieldLook{.pattern = "checkpoint.overhead", .placeholder = "0 s"},
    FieldLook{.pattern = "checkpoint.rate_node_gpus", .placeholder = "8"},
    FieldLook{.pattern = "checkpoint.jobs[N].params", .placeholder = "1.8T"},
    FieldLook{.pattern = "checkpoint.jobs[N].bytes_per_param", .placeholder = "14"},
    FieldLook{.pattern = "checkpoint.jobs[N].checkpoint_size", .placeholder = "25.2 TB"},
    FieldLook{.pattern = "checkpoint.jobs[N].gpus",
              .placeholder = "whole pod",
              .empty_means = "the whole pod",
              .one = "GPU",
              .many = "GPUs"},
    FieldLook{.pattern = "checkpoint.jobs[N].interval",
              .placeholder = "auto (Daly)",
              .empty_means = "auto: Daly's optimum interval"},
    FieldLook{
        .pattern = "checkpoint.jobs[N].mode",
        .choice_texts =
            "sync (the job stalls while writing)|async (copies locally, drains before the next)"},
    FieldLook{.pattern = "checkpoint.jobs[N].stall_budget",
              .placeholder = "5%",
              .share_of = "of the interval"},
    FieldLook{.pattern = "checkpoint.jobs[N].restart_time", .placeholder = "10 min"},
    FieldLook{.pattern = "checkpoint.jobs[N].offsite_every",
              .placeholder = "none",
              .empty_means = "no offsite copies",
              .one = "checkpoint",
              .many = "checkpoints"},
    FieldLook{.pattern = "checkpoint.jobs[N].retain",
              .placeholder = "2",
              .one = "checkpoint",
              .many = "checkpoints"},
    FieldLook{.pattern = "extrapolation.target", .placeholder = "1 EB", .short_label = "Target"},
    FieldLook{.pattern = "extrapolation.tolerance",
              .placeholder = "0%",
              .empty_means = "0 %: the target exactly",
              .share_of = "short of the target still counts"},
    FieldLook{.pattern = "data_reduction", .placeholder = "1 (none)", .ratio_to_one = true},
};

const FieldLook kPlain{};

} // namespace

std::span<const FieldLook> field_looks() {
    return kLooks;
}

const FieldLook& field_look(std::string_view pattern) {
    for (const FieldLook& look : kLooks) {
        if (look.pattern == pattern) {
            return look;
        }
    }
    return kPlain;
}

QString row_label(const ScenarioField& field) {
    const FieldLook& look = field_look(field.pattern);
    if (look.short_label != nullptr) {
        return QString::fromUtf8(look.short_label);
    }
    QString label = QString::fromUtf8(field.label.data(), static_cast<int>(field.label.size()));
    if (!label.isEmpty()) {
        label[0] = label[0].toUpper();
    }
    return label;
}

std::string default_id(const Catalog& catalog, IdList list) {
    switch (list) {
    case IdList::racks:
        return catalog.defaults.rack;
    case IdList::switches:
        return catalog.defaults.network_switch;
    case IdList::failure_rates:
        return catalog.defaults.failure_rate;
    default:
        return {};
    }
}

} // namespace podsizer::gui

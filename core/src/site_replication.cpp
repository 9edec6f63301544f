#include "site_replication.hpp"

#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/counting.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/requirements.hpp"

#include <algorithm>

namespace podsizer::detail {

namespace {

/// Every Nth checkpoint of each job, at the interval the job runs at its
/// requirement: size / (interval × N) per job (as the offsite copies,
/// checkpoint.hpp), combined as the jobs' write is (concurrent jobs add up,
/// alternatives take the largest).
Throughput checkpoint_copies(const CheckpointPlan& plan, std::int64_t every) {
    std::vector<Throughput> jobs;
    for (const CheckpointRequirement& r : plan.jobs) {
        jobs.push_back(offsite_bandwidth(r.model.size, r.at_requirement.interval, every));
    }
    return combined_write(jobs, plan.concurrent);
}

/// The replica store: the pod's C-node, D-box, drive and switch models sized
/// for the copies' capacity, no read requirement, the arriving copies as its
/// write, laid out in the receiving site's rack model.
Design replica_design(const Scenario& s, const Catalog& cat, const Design& pod, int option,
                      const std::string& rack, const SiteReplica& store) {
    Scenario one = s;
    one.fleet->site_list.clear();
    one.fleet->sites = 1;
    one.phases.clear();
    one.constraints.rack = rack;
    OptionSpec o;
    o.name = "replica store";
    o.cnode = pod.cnode_model;
    o.dbox = pod.dbox_model;
    o.drive = pod.drive_size;
    o.network_switch = pod.switch_model;
    if (!s.options.empty()) {
        o.layout = s.options[static_cast<std::size_t>(option)].layout;
    }
    o.capacity = CapacitySpec{.usable = store.need(), .usable_per_gpu = std::nullopt};
    o.use_performance = false;
    one.options = {o};
    Requirements req = option_requirements(compute_requirements(one, cat), o);
    req.write = store.inbound;
    req.write_driver = "the copies arriving from other sites";
    return size_option(o, req, one, cat);
}

/// The store's figures into the site's; an error when it misses its need.
void hold(SiteStorage& site, SiteReplica store, const Design& d) {
    store.cnodes = d.cnodes;
    store.dboxes = d.dboxes;
    store.switches = d.switches();
    store.racks = d.racks;
    store.usable = d.usable;
    store.write = d.write;
    store.power = d.basis_power();
    if (!meets(store.usable.base(), store.need().base()) ||
        !meets(store.write.base(), store.inbound.base())) {
        store.findings.push_back(Finding(
            FindingCode::site_replica,
            "site {}: the replica store ({} D-boxes) holds {} and writes {}; the copies need {} "
            "and arrive at {}",
            figure::text(site.name), figure::grouped(store.dboxes),
            figure::in(store.usable, units::PB, 1), figure::in(store.write, units::GB_per_s, 1),
            figure::in(store.need(), units::PB, 1), figure::in(store.inbound, units::GB_per_s, 1)));
    }
    site.racks += store.racks;
    site.cnodes += store.cnodes;
    site.dboxes += store.dboxes;
    site.switches += store.switches;
    site.power += store.power;
    site.facility_power = site.power * site.pue;
    site.replica = std::move(store);
}

std::size_t site_index(const SitePlan& plan, const std::string& name) {
    const auto at = std::find_if(plan.sites.begin(), plan.sites.end(),
                                 [&](const SiteStorage& s) { return s.name == name; });
    return static_cast<std::size_t>(at - plan.sites.begin());
}

} // namespace

void hold_separately(SiteStorage& site, SiteReplica store, const Scenario& scenario,
                     const Catalog& catalog, const Design& pod, int option) {
    const Design d = replica_design(scenario, catalog, pod, option, site.rack, store);
    store.design = std::make_shared<const Design>(d);
    hold(site, std::move(store), d);
}

std::vector<std::optional<SiteReplica>> replication_stores(SitePlan& plan, const Scenario& scenario,
                                                           const std::vector<Design>& pods) {
    const std::vector<SiteSpec>& specs = scenario.fleet->site_list;
    std::vector<std::optional<SiteReplica>> stores(plan.sites.size());
    for (std::size_t k = 0; k < specs.size(); ++k) {
        const SiteSpec& spec = specs[k];
        const std::size_t to = site_index(plan, spec.replicate_to);
        if (spec.replicate_to.empty() || to >= plan.sites.size() || to == k) {
            continue; // the reader refuses the last two (growth_validate.cpp)
        }
        plan.replication = true;
        SiteStorage& from = plan.sites[k];
        const CheckpointPlan& ck = pods[k].requirements.checkpoints;
        const auto n = static_cast<double>(from.clusters);
        from.replicate_to = spec.replicate_to;
        SiteReplica& store = stores[to] ? *stores[to] : stores[to].emplace();
        store.separate = specs[to].replica_store;
        store.from.push_back(spec.name);
        if (spec.checkpoints_every > 0) {
            from.replication_write = checkpoint_copies(ck, spec.checkpoints_every) * n;
            // ASSUMPTION: the copies are kept as the site keeps its own
            // (retain, plus the one arriving): the jobs' peak retained.
            store.checkpoints += ck.peak_retained * n;
            from.copies_kept += ck.peak_retained * n;
            store.inbound += from.replication_write;
        }
        if (spec.dataset) {
            store.datasets += pods[k].requirements.usable_target * n;
            // Seeding is a one-off copy of the whole target over the
            // sender's link at its full rate (docs/sites-and-phases.md).
            from.dataset_copy = pods[k].requirements.usable_target * n;
            from.copies_kept += from.dataset_copy;
            if (from.wan && from.wan->base() > 0.0) {
                from.seeding = from.dataset_copy / *from.wan;
            }
            if (spec.dataset_change) {
                from.dataset_change = *spec.dataset_change;
                from.replication_write += *spec.dataset_change;
                store.inbound += *spec.dataset_change;
            }
        }
    }
    return stores;
}

} // namespace podsizer::detail

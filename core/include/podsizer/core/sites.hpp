// A fleet given as a list of sites, each sized within its own limits: the
// racks, IT power and WAN it has (docs/sites-and-phases.md §1).
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/finding.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/core/verdict.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace podsizer {

/// The replica store a site holds for other sites' copies
/// (docs/sites-and-phases.md, "Replication between sites"): the pod's hardware sized again for the
/// copies' capacity and their arriving write, in the site's own racks.
struct SiteReplica {
    std::vector<std::string> from; ///< the sites whose copies it holds
    Capacity checkpoints;          ///< the copied checkpoints kept: Σ clusters × peak retained
    Capacity datasets;             ///< the copied usable targets: Σ clusters × usable target
    Throughput inbound;            ///< the copies arriving: Σ the senders' replication write
    /// A store of its own beside the site's system (the site's replica_store);
    /// false: the copies are held in the site's own system, sized with them,
    /// and the counts below stay zero.
    bool separate = true;
    std::int64_t cnodes = 0;
    std::int64_t dboxes = 0;
    std::int64_t switches = 0;
    std::int64_t racks = 0;
    Capacity usable; ///< the store's usable capacity
    Throughput write;
    Power power;                   ///< IT power on the design's power basis
    std::vector<Finding> findings; ///< the store's own error findings
    /// The separate store as sized (what phases by site build and price).
    std::shared_ptr<const Design> design;

    Capacity need() const { return checkpoints + datasets; }
};

/// One site's storage: one pod per training cluster at the site, laid out in
/// the site's rack model, against the site's limits.
struct SiteStorage {
    std::string name;
    std::int64_t clusters = 0; ///< ceil(site GPUs / GPUs per cluster)
    std::int64_t gpus = 0;
    std::string rack;           ///< rack model id the site's pods are laid out in
    std::int64_t pod_racks = 0; ///< racks of one pod in that rack model
    std::int64_t pod_racks_for_space = 0;
    std::int64_t pod_racks_for_power = 0;
    std::int64_t racks = 0; ///< pod_racks × clusters
    std::optional<std::int64_t> max_racks;
    std::int64_t cnodes = 0;
    std::int64_t dboxes = 0;
    std::int64_t switches = 0;
    Capacity usable;
    Power power; ///< IT power on the design's power basis
    std::optional<Power> max_power;
    double pue = kDefaultPue;
    Power facility_power; ///< power × pue
    Throughput read;
    Throughput write;
    std::optional<Throughput> wan;
    Throughput offsite_write;     ///< the checkpoints' offsite copies leaving the site
    std::string replicate_to;     ///< the site its copies go to; empty: none
    Throughput replication_write; ///< those copies leaving the site (checkpoints, changes)
    /// The dataset copy held at replicate_to: its size and how long seeding
    /// it takes over the site's whole WAN (empty without a `wan`).
    Capacity dataset_copy;
    std::optional<Duration> seeding;
    Throughput dataset_change; ///< the dataset's changes copied after seeding
    /// What the site's copies take at replicate_to: the checkpoints kept
    /// there and the dataset copy (the receiver's share of its need).
    Capacity copies_kept;
    /// The store for other sites' copies; its racks, devices and power are in
    /// the site's figures above (not its usable capacity).
    std::optional<SiteReplica> replica;
    // Sized as the site's own system (docs/sites-and-phases.md, "A site's own
    // needs"): its platform and needs, and the verdict its pod got.
    bool own = false;
    std::string platform;               ///< the GPU platform of the site's GPUs
    std::int64_t pod_gpus = 0;          ///< GPUs one of the site's pods serves
    Capacity usable_need;               ///< the site's usable need (all its pods)
    Throughput read_need;               ///< the site's read need, all its pods, before headroom
    Throughput write_need;              ///< likewise
    SizeFor size_for = SizeFor::intact; ///< the failure state the need is checked in
    VerdictStatus verdict = VerdictStatus::meets; ///< its pod's verdict
    std::string verdict_cell;                     ///< "meets", "short: read, one D-box down"
    /// The GPUs' draw: GPUs / per SU × the platform's power per SU; empty
    /// when the catalog gives the platform no power.
    std::optional<Power> gpu_power;
    std::optional<Power> max_it_power; ///< the site's whole IT power, GPUs and storage
    std::vector<Finding> findings;
    /// One of the site's pods as sized (with the copies it holds in its own
    /// system): what a project's export shows as the site's design.
    std::shared_ptr<const Design> pod;

    /// What leaves over the WAN: the offsite copies and the replication.
    Throughput wan_out() const { return offsite_write + replication_write; }

    bool fits() const;
};

/// The sites sized with one per-pod design of the scenario.
struct SitePlan {
    std::string design; ///< the per-pod design's name
    std::vector<SiteStorage> sites;
    bool replication = false; ///< some site copies to another (§2)
    bool own_needs = false;   ///< some site is sized as its own system
    bool it_power = false;    ///< some site states its whole IT power

    /// No site has an error finding.
    bool fits() const;
};

/// With `fleet.sites` a list: every site sized with the scenario's first
/// per-pod design (`sized` is size_scenario's result); a site with its own
/// rack model sizes that option again in it. Nullopt without a site list or
/// without a per-pod design.
std::optional<SitePlan> size_sites(const Scenario& scenario, const Catalog& catalog,
                                   const SizingResult& sized);

/// How a site's GPUs are served (docs/sites-and-phases.md §1 and "A site's
/// own needs"): as its own system (own needs, or no fleet.gpus_per_cluster),
/// one pod for its GPUs or one per cluster it gives; else one pod of the
/// fleet's cluster size per training cluster, the last one whole.
struct SitePods {
    bool own = false;
    std::int64_t gpus = 0;     ///< the site's GPUs
    std::int64_t pods = 1;     ///< its pods (clusters)
    std::int64_t pod_gpus = 0; ///< GPUs one pod is sized for
};
SitePods site_pods(const SiteSpec& spec, const Fleet& fleet);

} // namespace podsizer

// A scenario: what the user asks to size (read from JSON by podsizer::catalog).
#pragma once

#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/client_network.hpp"
#include "podsizer/core/ec_layout.hpp"
#include "podsizer/core/facility.hpp"
#include "podsizer/core/failure_state.hpp"
#include "podsizer/core/goodput_curve.hpp"
#include "podsizer/core/power.hpp"
#include "podsizer/core/price_book.hpp"
#include "podsizer/core/units.hpp"
#include "podsizer/core/verdict.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace podsizer {

/// One site of a fleet given as a list (docs/sites-and-phases.md §1): its
/// GPUs (or training clusters) and the limits its storage must fit in.
struct SiteSpec {
    std::string name;
    std::int64_t gpus = 0;                 ///< GPUs at the site; 0: clusters × GPUs per cluster
    std::int64_t clusters = 0;             ///< training clusters at the site; 0: from `gpus`
    std::optional<std::int64_t> max_racks; ///< racks (floor positions) the site has
    std::optional<Power> max_power;        ///< IT power the site can give the storage
    std::string rack;                      ///< rack model id; empty: the scenario's
    std::optional<double> pue;             ///< the site's; empty: constraints.pue
    std::optional<Throughput> wan;         ///< the site's link to the cloud region
    /// Replication (docs/sites-and-phases.md, "Replication between sites"): the site its copies go
    /// to; empty: none.
    std::string replicate_to;
    std::int64_t checkpoints_every = 0; ///< every Nth checkpoint copied there; 0: none
    bool dataset = false;               ///< the site's usable target copied there
    /// The dataset's changes copied there after seeding; empty: not given.
    std::optional<Throughput> dataset_change;
    /// At a site other sites copy to: hold their copies in a replica store
    /// of its own beside its system; false: in its own system, whose
    /// capacity and write grow by them (the default).
    bool replica_store = false;
    // The site's own needs (docs/sites-and-phases.md, "A site's own needs"):
    // with any of them, or without fleet.gpus_per_cluster, the site gets one
    // system sized for its own GPUs and needs (several when it gives clusters).
    std::string platform;                    ///< the site's GPU platform; empty: the fleet's
    std::optional<Capacity> usable;          ///< the site's usable need, all its clusters
    std::string rule;                        ///< the site's performance rule
    std::optional<Throughput> read_per_gpu;  ///< instead of a rule
    std::optional<Throughput> write_per_gpu; ///< instead of a rule
    std::string workload;                    ///< a catalog workload on all the site's GPUs
    std::optional<SizeFor> size_for;         ///< the site's failure state; empty: the scenario's
    /// The site's whole IT power, the GPUs' draw and the storage's together.
    std::optional<Power> max_it_power;

    /// The site states a need of its own (its platform, capacity,
    /// performance or failure state).
    bool own_needs() const {
        return !platform.empty() || usable || !rule.empty() || read_per_gpu || write_per_gpu ||
               !workload.empty() || size_for;
    }
    bool own_performance() const {
        return !rule.empty() || read_per_gpu || write_per_gpu || !workload.empty();
    }

    bool operator==(const SiteSpec&) const = default;
};

/// The GPUs the storage serves. Sizing is per pod: one training cluster of
/// `gpus_per_cluster` GPUs (or all `gpus` when no cluster size is given).
struct Fleet {
    std::string platform;
    std::int64_t gpus = 0;
    int sites = 1;                     ///< with `site_list`: its length
    std::int64_t gpus_per_cluster = 0; ///< 0: one cluster of all GPUs
    /// `"sites": [ {...}, ... ]`: each site with its GPUs and limits; empty
    /// for `"sites": N` (identical sites, clusters spread evenly).
    std::vector<SiteSpec> site_list{};

    std::int64_t pod_gpus() const { return gpus_per_cluster > 0 ? gpus_per_cluster : gpus; }

    bool operator==(const Fleet&) const = default;
};

/// The performance requirement: a catalog rule, or explicit figures.
/// A training-data workload the cluster runs (docs/workloads.md §3): a
/// catalog workload, on some of the GPUs or a share of them (neither: all).
struct WorkloadUse {
    std::string id;              ///< a training-data workload of the catalog
    std::int64_t gpus = 0;       ///< GPUs running it; 0: see share
    double share = 0.0;          ///< share of the GPUs running it; 0 (and no gpus): all
    std::optional<double> speed; ///< the platform's speed against the workload's accelerator,
                                 ///< overriding the catalog's

    bool operator==(const WorkloadUse&) const = default;
};

struct PerformanceSpec {
    std::string rule; ///< catalog rule id; empty when explicit figures are given
    std::optional<Throughput> read_per_gpu;
    std::optional<Throughput> write_per_gpu;
    /// What the cluster runs: the reads of concurrent workloads add up.
    std::vector<WorkloadUse> workloads;

    bool operator==(const PerformanceSpec&) const = default;
};

/// Usable capacity a pod needs (before any data-reduction what-if).
struct CapacitySpec {
    std::optional<Capacity> usable;         ///< per pod
    std::optional<Capacity> usable_per_gpu; ///< times the pod's GPUs

    /// The usable target of a pod sized for `gpus` GPUs; zero when neither is given.
    Capacity target(std::int64_t gpus) const {
        return usable           ? *usable
               : usable_per_gpu ? *usable_per_gpu * static_cast<double>(gpus)
                                : Capacity{};
    }

    bool operator==(const CapacitySpec&) const = default;
};

/// A C:D ratio, C-nodes per D-box ("1:2" is 0.5).
struct Ratio {
    double c_per_d = 1.0;
    std::string text; ///< as the user wrote it, for messages

    bool operator==(const Ratio&) const = default;
};

struct Constraints {
    std::string rack; ///< rack model id; empty: catalog default
    std::optional<std::int64_t> max_racks;
    std::optional<Power> rack_power; ///< overrides the rack model's budget
    std::optional<Power> max_power;  ///< total for the design
    Ratio cd_min{0.5, "1:2"};        ///< brief: minimum C:D is 1:2
    Ratio cd_max{4.0, "4:1"};        ///< ASSUMPTION: beyond this a design is not sensible
    bool rack_resilient = false;     ///< the same as layout rack-resilient (the older key)
    /// How stripes are placed (docs/model.md §6); automatic by default.
    EcLayout layout = EcLayout::automatic;
    /// The failure state the design must still meet the requirement in
    /// (docs/model.md §5); intact: nothing broken.
    SizeFor size_for = SizeFor::intact;
    /// Margin on the read and write requirement, 0.2 for 20 %; 0: none.
    double headroom = 0.0;
    /// The outage the layout must keep serving through (docs/model.md §15);
    /// unset: the vendor's default layout rule (one D-box where DBox-HA is
    /// the default, none on small clusters where it is not).
    std::optional<Outage> availability;
    /// Durability target in nines (the headline of docs/resilience.md §9);
    /// unset: no target, the check is not applicable.
    std::optional<double> min_nines;
    /// The automatic layout takes the most resilient layout whose usable
    /// capacity is within this share of the best layout's (docs/model.md §6).
    double auto_layout_threshold = 0.01;
    /// The layout asked for: rack-resilient when rack_resilient is set, or
    /// when an automatic layout must survive the rack-down state it is sized
    /// for; dbox-ha when it must survive a D-box down.
    EcLayout effective_layout() const {
        if (rack_resilient) {
            return EcLayout::rack_resilient;
        }
        if (layout == EcLayout::automatic && size_for == SizeFor::rack_down) {
            return EcLayout::rack_resilient;
        }
        if (layout == EcLayout::automatic && size_for == SizeFor::dbox_down) {
            return EcLayout::dbox_ha;
        }
        return layout;
    }
    /// The draw racks are checked on; typical is the customer's basis.
    PowerBasis power_basis = PowerBasis::typical;
    /// Share of the rack budget the devices may draw (0.8: breakers loaded
    /// continuously to 80 %); 1: the whole budget.
    double rack_derate = 1.0;
    double pue = kDefaultPue; ///< the site's: facility power = IT power x PUE
    /// Where the C-nodes' client ports land (docs/model.md §8).
    ClientNetwork client_network = ClientNetwork::storage_leaves;
    /// The optimiser may choose the rack model among the catalog's; false:
    /// the rack is a site constraint (`rack`, else the catalog's default).
    bool optimize_rack = false;

    bool operator==(const Constraints&) const = default;
};

/// How an option sets its C-node count.
enum class CNodeSizing {
    requirement, ///< from the performance requirement (default)
    knee,        ///< as many as the D-boxes can keep busy (full performance)
    ratio,       ///< D-boxes times a C:D ratio
    fixed        ///< a given number
};

/// One design to size. "auto" (empty) hardware lets the engine pick.
struct OptionSpec {
    std::string name;
    std::string cnode; ///< model id, or empty for auto
    std::string dbox;  ///< model id, or empty for auto
    std::optional<Capacity> drive;
    std::string rack;           ///< overrides constraints.rack
    std::string network_switch; ///< switch model id; empty: catalog default
    CNodeSizing cnode_sizing = CNodeSizing::requirement;
    std::int64_t cnodes = 0;        ///< when fixed
    std::optional<Ratio> cd_ratio;  ///< when ratio
    std::int64_t dboxes = 0;        ///< 0: sized; > 0: fixed
    std::optional<EcLayout> layout; ///< replaces constraints.layout for this option
    /// Replaces the scenario's capacity need for this option only, e.g. an
    /// exabyte built as one namespace beside per-pod options.
    std::optional<CapacitySpec> capacity;
    /// false ("performance": "none"): the option carries no throughput
    /// requirement; its C-nodes follow from its sizing mode alone.
    bool use_performance = true;

    /// Sized for one pod (one training cluster) with the scenario's own
    /// requirement, so it repeats per cluster in a fleet plan.
    bool per_pod() const { return !capacity && use_performance; }

    bool operator==(const OptionSpec&) const = default;
};

/// Growing designs to a capacity target (docs/extrapolation-and-comparison.md §1-§2).
struct ExtrapolationSpec {
    Capacity target;
    /// Fraction short of the target that still counts as reaching it (brief:
    /// "10 % short of an EB is still an EB"); 0 to 0.5.
    double tolerance = 0.0;

    bool operator==(const ExtrapolationSpec&) const = default;
};

/// One training job that checkpoints to the pod (docs/checkpoints.md §8).
struct CheckpointJobSpec {
    std::string name;
    double params = 0.0; ///< model parameters; 0 when `size` was given directly
    double bytes_per_param = kDefaultBytesPerParam;
    Capacity size;                    ///< params × bytes per parameter, or as given
    std::int64_t gpus = 0;            ///< GPUs of the job; 0: the whole pod
    std::optional<Duration> interval; ///< requested cadence; empty: "auto" (Daly)
    CheckpointMode mode = CheckpointMode::sync;
    double stall_budget = 0.05; ///< sync: the stall's share of the interval
    Duration restart = Duration::from_base(kDefaultRestartSeconds); ///< ASSUMPTION, checkpoint.hpp
    std::int64_t offsite_every = 0; ///< every Nth checkpoint to the central store
    std::int64_t retain = 2;        ///< ASSUMPTION: local checkpoints kept

    bool operator==(const CheckpointJobSpec&) const = default;
};

/// The checkpoint workload of a pod and the failure rate it runs under.
struct CheckpointSpec {
    std::string failure_rate; ///< catalog preset id; empty: a number or the catalog default
    std::optional<double> failures_per_1000_node_days;
    /// GPUs per node the number above is stated on; 0: kDefaultRateGpusPerNode.
    /// A preset states its own.
    std::int64_t rate_node_gpus = 0;
    bool concurrent = true; ///< jobs run together (add up) or are alternatives
    /// The knee: where one more step of write gives back less than the
    /// threshold (docs/checkpoints.md §7; defaults in goodput_curve.hpp).
    Throughput knee_step = Throughput::from_base(kDefaultKneeStepBytesPerSecond);
    double knee_threshold = kDefaultKneeThreshold; ///< GPU-hours per day per step
    /// Async: each node's staging write (ASSUMPTION default, checkpoint.hpp).
    Throughput local_bandwidth = Throughput::from_base(kDefaultLocalBandwidthBytesPerSecond);
    /// Fixed stall of every checkpoint (ASSUMPTION default, checkpoint.hpp).
    Duration overhead = Duration::from_base(kDefaultCheckpointOverheadSeconds);
    std::vector<CheckpointJobSpec> jobs;

    bool operator==(const CheckpointSpec&) const = default;
};

/// How the GPU site reaches a cloud store it is compared with
/// (docs/extrapolation-and-comparison.md, "Cloud limits and the WAN").
struct CloudAccess {
    /// The WAN link between the GPU site and the store's region; unknown: the
    /// store's own throughput is all that is shown.
    std::optional<Throughput> wan;
    /// The provider raised the accounts-per-subscription limit on request.
    bool raised_account_limit = false;

    bool operator==(const CloudAccess&) const = default;
};

/// What the scenario says about resilience (docs/resilience.md §8–§13);
/// unset values take the defaults of ResilienceInputs and the catalog's.
struct ResilienceSpec {
    std::optional<double> afr;           ///< per drive-year
    std::optional<double> dbox_events;   ///< enclosure outages per D-box-year
    std::optional<double> dbox_losses;   ///< permanent enclosure losses per D-box-year
    std::optional<double> fill;          ///< share of the drives holding data
    std::optional<double> rebuild_share; ///< ρ
    std::optional<Duration> outage;      ///< WAN outage to ride through
    std::optional<Capacity> dataset;     ///< data to pre-stage over the WAN

    bool operator==(const ResilienceSpec&) const = default;
};

/// One step of growth on the installed base (docs/sites-and-phases.md §2):
/// what is in service after it.
struct PhaseSpec {
    std::string name;
    std::string date;               ///< ISO 8601 (YYYY-MM-DD); empty: not given
    std::int64_t gpus = 0;          ///< GPUs in service; 0: the fleet's
    std::optional<Capacity> usable; ///< usable capacity in service; empty: the scenario's
    /// The site of the site list the phase opens or grows; its gpus and
    /// usable are then that site's (docs/sites-and-phases.md, "Phases by site").
    std::string site;

    bool operator==(const PhaseSpec&) const = default;
};

struct Scenario {
    std::string name;
    std::string description;
    std::optional<Fleet> fleet;
    std::optional<PerformanceSpec> performance;
    CapacitySpec capacity;
    Constraints constraints;
    std::vector<OptionSpec> options;
    double data_reduction = 1.0; ///< what-if only; 1.0 means none
    std::optional<CheckpointSpec> checkpoint;
    std::optional<ExtrapolationSpec> extrapolation;
    std::vector<std::string> comparisons; ///< reference system ids to put beside the designs
    CloudAccess cloud;                    ///< how the GPU site reaches those references
    ResilienceSpec resilience;
    /// The user's prices (docs/cost.md); none: no output shows a cost.
    std::optional<PriceBook> prices;
    /// Growth on the installed base, in order; empty: one design from scratch.
    std::vector<PhaseSpec> phases{};
    /// The site's supply and floor for the facility figures (docs/bom.md §4).
    FacilitySpec facility{};

    // Field by field: saving and loading must give an identical scenario
    // (catalog's scenario writer is tested that way), and the GUI ignores an
    // edit that changes nothing.
    bool operator==(const Scenario&) const = default;
};

} // namespace podsizer

// What the engine computes for one design: the bill of materials, capacity,
// throughput, racks, power, and findings.
#pragma once

#include "podsizer/core/assumptions.hpp"
#include "podsizer/core/bom.hpp"
#include "podsizer/core/checkpoint_plan.hpp"
#include "podsizer/core/client_network.hpp"
#include "podsizer/core/ec_layout.hpp"
#include "podsizer/core/failure_state.hpp"
#include "podsizer/core/finding.hpp"
#include "podsizer/core/power.hpp"
#include "podsizer/core/price_book.hpp"
#include "podsizer/core/resilience_types.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/core/units.hpp"
#include "podsizer/core/verdict.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace podsizer {

/// A C:D ratio as people write it: 2.5 -> "2.5:1", 0.5 -> "1:2", 0.1 -> "1:10".
std::string format_cd_ratio(double c_per_d);

enum class Bottleneck { frontend, backend, balanced };
std::string_view to_string(Bottleneck b);

/// Which requirement set the write throughput (docs/model.md §3).
enum class WriteDriver { none, performance_rule, explicit_figures, checkpoints };
std::string_view to_string(WriteDriver w);

/// What the GPUs need from one pod's storage.
/// One workload's share of the read need (docs/workloads.md §3): GPUs ×
/// what one emulated accelerator reads × how much faster a GPU trains.
struct WorkloadNeed {
    std::string id;
    std::string name;
    std::string accelerator; ///< the workload's emulated accelerator ("h100")
    std::int64_t gpus = 0;
    Throughput per_accelerator; ///< the catalog workload's derived read
    double speed = 1.0;         ///< the platform against the accelerator
    /// Where the speed comes from: "the scenario", "b300 = h100" or the
    /// catalog field ("speed_vs_h100 of b300").
    std::string speed_from;
    bool speed_assumed = false; ///< the catalog marks it ASSUMPTION
    Throughput read;            ///< gpus × per_accelerator × speed
};

struct Requirements {
    std::int64_t gpus = 0;
    std::int64_t sus = 0;        ///< whole scalable units
    std::int64_t sized_gpus = 0; ///< sus × GPUs per SU: requirements multiply whole SUs
    std::string rule;            ///< rule id or "explicit"; empty when none
    Throughput read;
    Throughput write;
    std::string write_driver; ///< what set the write requirement, for people
    WriteDriver write_driven_by = WriteDriver::none;
    Throughput performance_write; ///< the rule's (or explicit) write before checkpoints
    Throughput performance_read;  ///< the rule's (or explicit) read before the workloads
    /// The workloads the scenario runs and what each reads; empty when none.
    std::vector<WorkloadNeed> workloads;
    /// What set the read requirement, for people ("workloads: …", "performance
    /// rule …"); empty when nothing did.
    std::string read_driver;
    /// The workloads set the need and nothing states a write (no rule, no
    /// per-GPU write, no checkpoint job): write has no need to meet, said so
    /// by the workloads-read-only finding (docs/workloads.md §3).
    bool reads_only = false;
    CheckpointPlan checkpoints; ///< the checkpoint jobs; empty when none
    /// Capacity need: the usable target plus the checkpoints kept locally at
    /// their peak (docs/resilience.md §11); zero when neither is given.
    Capacity usable;
    Capacity usable_target; ///< the scenario's (or option's) usable figure alone
    /// Line rate of the GPUs' storage (TAN) ports: nodes × the platform's
    /// storage_network; zero when the catalog gives none.
    Throughput gpu_storage_network;
    std::vector<Finding> findings; ///< about the requirement itself; copied to every design
};

enum class DeviceRole { cnode, dbox, network_switch };
std::string_view to_string(DeviceRole r);

/// Which tier of the storage fabric a switch serves (docs/model.md §8), so
/// drawings and the Racks sheet label leaves and spines apart.
enum class SwitchTier : std::uint8_t { none, leaf, spine, super_spine };
/// "leaf", "spine", "super-spine"; empty for none.
std::string_view to_string(SwitchTier t);

/// One device in a rack: occupies U `u` (1 = bottom) up to u + height - 1.
struct RackSlot {
    int u = 1;
    int height = 1;
    DeviceRole role = DeviceRole::cnode;
    std::string model;
    std::string label;                  ///< e.g. "C-node 17", "Leaf 3", "Spine 1"
    SwitchTier tier = SwitchTier::none; ///< switches only
    Power power;                        ///< typical draw
    Power max_power;                    ///< maximum draw
};

struct Rack {
    int index = 1; ///< 1-based
    std::vector<RackSlot> slots;
    int cnodes = 0;
    int dboxes = 0;
    int switches = 0;
    RackUnits used;
    Power power;                              ///< typical draw
    Power max_power;                          ///< maximum draw
    CoolingClass cooling = CoolingClass::air; ///< by the draw on the design's basis
};

/// A design sized for one of the scenario's options (size_scenario).
struct FromOption {
    /// Index into Scenario::options. A scenario that lists no option is sized
    /// as one default option: index 0, with Scenario::options empty.
    std::size_t index = 0;
};

/// A pod's hardware grown to a capacity target in one namespace
/// (grow_single_namespace): its need is the target, not the scenario's.
struct GrownToTarget {
    std::optional<std::size_t> option; ///< the pod's FromOption::index, when it had one
    Capacity target;
};

/// Counts given, not sized: the design command, the GUI's play panel, the
/// optimiser's candidates. The default.
struct HandMade {};

/// Where a design came from, recorded where it is made, so a report knows an
/// option's design from a grown one without guessing (docs/architecture.md).
using DesignOrigin = std::variant<HandMade, FromOption, GrownToTarget>;

/// One requirement or constraint and the count it alone would need.
struct CountNeed {
    std::string requirement; ///< "read", "capacity", "C:D minimum", "space", ...
    std::int64_t count = 0;
};

/// Why a count is what it is (docs/model.md §5): the requirement that set it
/// and what each requirement alone would need.
struct SizedBy {
    std::string by; ///< empty: not explained (a design read back)
    std::vector<CountNeed> needs;
};

struct DesignSizedBy {
    SizedBy cnodes;
    SizedBy dboxes;
    SizedBy racks;
    SizedBy switches;
};

struct Design {
    std::string name;
    DesignOrigin origin;
    std::string cnode_model;
    std::string dbox_model;
    std::string switch_model;
    std::string rack_model;
    // The catalog's display names of the models above ("Ceres D-box 1U, 22
    // QLC SSDs"), for people; the ids stay for JSON and the catalog commands.
    // Empty (a design read back without a catalog): show the id.
    std::string cnode_name;
    std::string dbox_name;
    std::string switch_name;
    std::string rack_name;
    /// What people read: the display name, else the id.
    const std::string& cnode_shown() const { return cnode_name.empty() ? cnode_model : cnode_name; }
    const std::string& dbox_shown() const { return dbox_name.empty() ? dbox_model : dbox_name; }
    const std::string& switch_shown() const {
        return switch_name.empty() ? switch_model : switch_name;
    }
    const std::string& rack_shown() const { return rack_name.empty() ? rack_model : rack_name; }
    Capacity drive_size;
    int drives_per_dbox = 0;

    std::int64_t cnodes = 0;
    std::int64_t dboxes = 0;
    // docs/model.md §8: the storage fabric.
    int fabric_tiers = 0; ///< 1: a leaf pair; 2: leaf/spine; 3: with super-spines
    std::int64_t leaf_switches = 0;
    std::int64_t spine_switches = 0;
    std::int64_t super_spine_switches = 0;
    std::int64_t switches() const { return leaf_switches + spine_switches + super_spine_switches; }
    Throughput gpu_fabric_uplink; ///< the C-nodes' client ports; zero: speed not known
    /// (Storage leaves, constraints.client_network) the links from the
    /// storage fabric to the customer's, at client_uplink_speed.
    std::int64_t client_uplinks = 0;
    Throughput client_uplink_speed;
    std::int64_t client_ports = 0; ///< C-nodes x client ports
    Throughput client_port_speed;  ///< one client port's; zero: not known
    /// The GPUs' storage NIC line rate over gpu_fabric_uplink (46 on the
    /// reference pod); zero when either is not known. A ratio of line rates,
    /// not an oversubscription: no fabric blocks at it (REVIEW-3 §4.3), so
    /// it is kept for JSON only.
    double gpu_nic_to_client_port_line_rate() const;
    /// The C-nodes' client-port capacity over the delivered read (2.1 on
    /// the reference pod: 180 Tb/s of ports for 86.4 Tb/s); zero when either
    /// is not known (docs/model.md §8).
    double client_port_headroom() const;
    std::int64_t racks = 0;
    /// False when a single device exceeds the rack's usable U or its power
    /// allowance: no number of such racks holds the design, `racks` is only
    /// the larger of the space and power quotients, and every output shows
    /// the rack figures as n/a (REDTEAM-3 #14; docs/model.md §9).
    bool racks_fit = true;

    RackUnits device_units; ///< C-nodes and D-boxes
    RackUnits switch_units;
    RackUnits rack_units() const { return device_units + switch_units; }
    RackUnits rack_usable; ///< usable U per rack
    Power rack_budget;     ///< power budget per rack
    // docs/model.md §9-§10: racks are checked on constraints.power_basis
    // against the budget times constraints.rack_derate (rack_limit).
    Power rack_limit; ///< rack_budget x rack_derate
    std::int64_t racks_for_space = 0;
    std::int64_t racks_for_power = 0;
    /// Racks on each power basis at the same derate, so "29 racks" on typical
    /// draw is never read without its count on maximum draw (REVIEW-3 §4.4);
    /// the one on constraints.power_basis is `racks`.
    std::int64_t racks_on_typical = 0;
    std::int64_t racks_on_max = 0;

    // docs/model.md §6: the stripe under the layout, and what it survives.
    EcLayout ec_layout = EcLayout::classic; ///< as built; never automatic
    bool ec_layout_auto = false;            ///< chosen by the automatic rule
    /// Under the automatic rule: the layout with the most usable capacity,
    /// and the share of it the chosen layout gives up (0: none).
    EcLayout ec_layout_widest = EcLayout::classic;
    double ec_layout_cost = 0.0;
    int data_strips = 0;
    int parity_strips = 0;
    int stripe_width() const { return data_strips + parity_strips; }
    double ec_efficiency = 0.0;
    double reserve = 0.0;
    std::int64_t failure_domains = 0; ///< racks holding D-boxes
    int strips_per_dbox = 0;          ///< most strips of a stripe on one D-box
    int strips_per_rack = 0;          ///< most strips of a stripe in one rack
    bool tolerates_dbox_loss = false; ///< keeps serving data after losing one D-box
    bool tolerates_rack_loss = false; ///< ... after losing one rack
    /// The outage the layout must tolerate (docs/model.md §15): the scenario's
    /// constraints.availability, else the vendor's default layout rule at this
    /// D-box count, and at least the state the design is sized for.
    Outage availability_need = Outage::none;
    Capacity raw;
    Capacity usable;
    double data_reduction = 1.0;
    Capacity effective; ///< usable × data reduction (what-if)

    Throughput frontend_read;
    Throughput frontend_write;
    Throughput backend_read;
    Throughput backend_write;
    Throughput read; ///< delivered: min(frontend, backend)
    Throughput write;
    Bottleneck read_bottleneck = Bottleneck::balanced;
    Bottleneck write_bottleneck = Bottleneck::balanced;
    double saturation = 0.0;      ///< C-nodes one D-box keeps busy
    std::int64_t knee_cnodes = 0; ///< C-node count beyond which the design is backend-bound

    Power power;                              ///< typical draw of every device
    Power max_power;                          ///< maximum draw of every device
    Power facility_power;                     ///< basis_power() x constraints.pue
    Power rack_peak;                          ///< the fullest rack's draw on the basis
    Power rack_peak_max;                      ///< the highest maximum draw of any rack
    CoolingClass cooling = CoolingClass::air; ///< of the fullest rack
    /// The IT power on the design's basis: typical or maximum.
    Power basis_power() const {
        return constraints.power_basis == PowerBasis::max ? max_power : power;
    }
    /// The basis a data-centre team plans floor and feeds on (docs/model.md
    /// §10, "The lead rack figure"): maximum draw when the racks are laid
    /// out on it, or when, laid out on typical draw, maximum draw would take
    /// more racks or put the fullest rack over its allowance; else typical.
    PowerBasis planning_basis() const;
    /// The racks on the planning basis: `racks_on_max` when it is max draw
    /// on a design laid out on typical draw, else `racks` (37 and 29 on the
    /// reference pod laid out on typical draw).
    std::int64_t planning_racks() const;

    Requirements requirements;
    /// The constraints the design was sized under: the scenario's, with the
    /// option's layout. Among them the failure state and headroom the counts
    /// were sized for (docs/model.md §5; what the design delivers in each
    /// state is in `resilience`), where the client ports land (§8), the power
    /// basis, derating and PUE (§9-§10) and the durability target. A new
    /// constraint is read here, not copied (docs/architecture.md, "Adding a
    /// scenario field").
    Constraints constraints;
    DesignSizedBy sized_by;
    std::vector<CheckpointAtDesign> checkpoints; ///< each job at the delivered write
    std::vector<Rack> layout;
    std::vector<Finding> findings;
    /// Rebuilds, degraded throughput, WAN outage, staging and endurance
    /// (docs/resilience.md §8–§13); set by size_scenario when the D-box gives
    /// a drive AFR (or the scenario one), unset otherwise.
    std::optional<DesignResilience> resilience;
    /// The catalog figures of kind assumption the headline figures rest on
    /// (docs/model.md §14).
    std::vector<AssumedFigure> assumptions;
    /// The bill of materials and the facility figures (docs/bom.md); set by
    /// size_scenario for the designs it lays out, unset otherwise.
    std::optional<DesignBom> bom;
    std::optional<DesignFacility> facility;

    /// Every check against the requirement set (docs/model.md §15), made by
    /// judge(); the engine judges again once the resilience is known.
    Verdict verdict;

    /// The verdict is not short: every check that applies passes (the
    /// performance need may lack a basis: capacity only).
    bool feasible() const;
    /// The verdict is "meets": every check that applies passed and the
    /// performance need was sized (exit 0, JSON `feasible`).
    bool meets() const;

    // Density metrics (docs/model.md §10); zero when the denominator is.
    double pb_per_rack() const;
    double pb_per_kw() const;
    double gbps_read_per_kw() const;   ///< GB/s per kW
    double gbps_read_per_rack() const; ///< GB/s per rack
    double read_per_gpu_gbps() const;  ///< delivered GB/s per GPU of the pod
};

/// The needs of a project's sites summed, when each site is sized as its own
/// system (docs/sites-and-phases.md, "A site's own needs"): no one pod
/// answers the scenario's whole-fleet requirement then, so the reports state
/// this in its place.
struct SitesNeed {
    std::int64_t sites = 0;
    std::int64_t gpus = 0;
    Throughput read;  ///< the sites' read needs, before headroom
    Throughput write; ///< likewise
    Capacity usable;  ///< the sites' usable needs
};

struct SizingResult {
    std::string scenario;
    /// The scenario's requirement: its whole fleet as one system.
    Requirements requirements;
    std::vector<Design> designs;
    /// Set when the designs are a project's sites sized for their own needs.
    std::optional<SitesNeed> sites_need;
    /// The scenario's prices (docs/cost.md); none: no report shows a cost.
    std::optional<PriceBook> prices;
    bool all_feasible() const;
};

} // namespace podsizer

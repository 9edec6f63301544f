// The hardware and rule catalog as plain data (loaded from JSON by podsizer::catalog).
//
// Every entry carries a Source: where its figures come from. A figure whose
// provenance differs from its entry's (a C-node whose height is a spec but
// whose throughput is derived from the customer pod) gets its own entry in
// `field_sources`, so the Assumptions sheet can say which is which.
#pragma once

#include "podsizer/core/assumptions.hpp"
#include "podsizer/core/enum_names.hpp"
#include "podsizer/core/units.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace podsizer {

enum class SourceKind {
#define ENUM_NAME(value, spelling, ...) value,
#include "podsizer/core/source_kind.def"
};
inline constexpr auto kSourceKindNames = enum_names<SourceKind>({
#define ENUM_NAME(value, spelling, ...) {SourceKind::value, spelling},
#include "podsizer/core/source_kind.def"
});

constexpr std::string_view to_string(SourceKind k) {
    return kSourceKindNames.name(k);
}
constexpr std::optional<SourceKind> source_kind_from_string(std::string_view s) {
    return kSourceKindNames.parse(s);
}

struct Source {
    SourceKind kind = SourceKind::assumption;
    std::string ref;  ///< where: document, article, "brief"
    std::string note; ///< how the figure was obtained or why it was chosen

    bool operator==(const Source&) const = default;
};

/// An entry's source, and the sources of those of its fields that differ.
struct Provenance {
    Source source;
    std::map<std::string, Source> field_sources;

    /// The source of one field: its own if given, else the entry's.
    const Source& of(const std::string& field) const {
        auto it = field_sources.find(field);
        return it == field_sources.end() ? source : it->second;
    }

    bool operator==(const Provenance&) const = default;
};

/// What C-nodes, D-boxes and switches have alike: a rack-mounted device
/// with a height and a typical and maximum draw (the catalog reads these
/// fields for all three with one row group, `device_rows`).
struct DeviceModel {
    std::string id;
    std::string name;
    std::string family; ///< the vendor's product family ("Ceres"); empty: none given
    RackUnits height;
    Power power;            ///< typical draw of one device
    Power max_power;        ///< maximum draw (docs/model.md §10)
    std::string sku;        ///< the vendor's part number (docs/bom.md); empty: not given
    double weight_kg = 0.0; ///< weight of one device, kg; 0: not given

    bool operator==(const DeviceModel&) const = default;
};

/// A stateless protocol server (C-node). Throughput is what one C-node can serve
/// to clients when the backend is not the limit.
struct CNodeModel : DeviceModel {
    Throughput read;
    Throughput write;
    int client_ports = 0;
    int backend_ports = 0;
    Throughput client_port_speed;  ///< line rate of one client port; zero: not known
    Throughput backend_port_speed; ///< line rate of one backend port; zero: not known
    Provenance provenance;

    bool operator==(const CNodeModel&) const = default;
};

/// An NVMe enclosure (D-box). Its backend throughput bounds how many C-nodes it
/// can keep busy: saturation = backend / per-C-node throughput (the knee).
struct DBoxModel : DeviceModel {
    int drives = 0;                    ///< drive slots, all populated
    std::vector<Capacity> drive_sizes; ///< the drive options, smallest first
    Capacity default_drive;
    Throughput backend_read;
    Throughput backend_write;
    int backend_ports = 0;
    Throughput backend_port_speed; ///< line rate of one backend port; zero: not known
    /// Under an HA layout the write buffer is protected with RAID 6 only
    /// from this many D-boxes (0: not known, not checked).
    int write_buffer_ha_min_dboxes = 0;
    /// Its drives' annual failure rate and rated drive writes per day; zero:
    /// not known (docs/resilience.md).
    double drive_afr = 0.0;
    double drive_dwpd = 0.0;
    /// Events a year that take the whole enclosure's drives offline until a
    /// rebuild (docs/resilience.md §9); zero: not known, no enclosure term.
    double dbox_events_per_year = 0.0;
    /// Permanent enclosure losses a D-box-year that need a rebuild of its
    /// drives (docs/resilience.md §9); 0: not given, and every event above
    /// counts as a loss (the earlier, conservative model).
    double dbox_losses_per_year = 0.0;
    std::string erasure_coding; ///< id of the ErasureCodingRule that applies
    bool ncp_certified = false; ///< certified for NVIDIA's reference architectures
    Provenance provenance;

    Capacity raw(Capacity drive) const { return drive * static_cast<double>(drives); }

    bool operator==(const DBoxModel&) const = default;
};

/// One row of the stripe-width step function: from `min_dboxes` enclosures on,
/// stripes hold `data_strips` data strips (plus the rule's parity strips).
struct StripeStep {
    int min_dboxes = 1;
    int data_strips = 0;

    bool operator==(const StripeStep&) const = default;
};

struct ErasureCodingRule {
    std::string id;
    std::string name;
    std::string software_version; ///< the release the reserve and limits are quoted for
    int parity = 4;
    int min_data_strips = 1; ///< narrower stripes are not built
    int max_data_strips = 0; ///< the widest stripe's data strips
    int excluded_ssds = 0;   ///< SSDs a classic stripe leaves out of its width
    int strips_per_dbox = 0; ///< cap per D-box under dbox-ha and rack-resilient (0: none)
    int strips_per_rack = 0; ///< cap per rack under rack-resilient (0: none)
    /// Optional legacy cap: from min_dboxes enclosures on, at most data_strips.
    std::vector<StripeStep> steps;
    double reserve = 0.0; ///< fraction held back on top of EC
    /// Share of a stripe's data strips read to rebuild one strip: 1 for
    /// Reed-Solomon, 0.25 for VAST's locally decodable code (docs/resilience.md).
    double rebuild_read_fraction = 1.0;
    int min_dboxes = 1;                     ///< smallest cluster the rule allows
    int enclosure_tolerance_min_dboxes = 0; ///< HA layouts need at least this many D-boxes
    int rack_resilience_min_racks = 0;      ///< rack-level resilience needs at least this
    std::int64_t max_dboxes = 0;            ///< largest cluster the software supports (0: unknown)
    std::int64_t max_cnodes = 0;            ///< likewise for C-nodes
    Provenance provenance;

    /// The legacy step that applies to a cluster of `dboxes` enclosures; null without steps.
    const StripeStep* step_for(std::int64_t dboxes) const;

    bool operator==(const ErasureCodingRule&) const = default;
};

/// One way to use a switch's ports: `ports` ports at `speed` each. A 51.2 Tb/s
/// switch offers 64 x 800G, 128 x 400G or 256 x 200G (docs/model.md §8).
struct PortMode {
    Throughput speed;
    int ports = 0;

    bool operator==(const PortMode&) const = default;
};

/// The places in a Clos fabric a switch model may take (docs/model.md §8).
enum class SwitchRole : unsigned { leaf = 1U, spine = 2U, super_spine = 4U };

struct SwitchModel : DeviceModel {
    /// Its port modes, slowest first; empty for an entry that gives only
    /// `ports` (one mode of unknown speed, devices and uplinks alike).
    std::vector<PortMode> port_modes;
    Throughput uplink_speed;        ///< speed of a leaf's and a spine's uplinks; zero: unknown
    int ports = 0;                  ///< without port modes: ports at the device port speed
    double downlink_fraction = 0.5; ///< share of a leaf's ports facing devices
    unsigned roles =
        static_cast<unsigned>(SwitchRole::leaf) | static_cast<unsigned>(SwitchRole::spine);
    bool plays(SwitchRole r) const { return (roles & static_cast<unsigned>(r)) != 0U; }
    Provenance provenance;

    bool operator==(const SwitchModel&) const = default;
};

std::string_view to_string(SwitchRole r);

struct RackModel {
    std::string id;
    std::string name;
    RackUnits usable; ///< U available for devices
    Power power_budget;
    std::string sku;        ///< the vendor's part number (docs/bom.md); empty: not given
    double weight_kg = 0.0; ///< the empty rack's weight, kg; 0: not given
    Provenance provenance;

    bool operator==(const RackModel&) const = default;
};

struct GpuPlatform {
    std::string id;
    std::string name;
    int gpus_per_node = 8;
    int gpus_per_su = 256; ///< GPUs in one NVIDIA scalable unit
    /// Power of one scalable unit's compute (docs/extrapolation-and-comparison.md,
    /// "Freed power in GPUs"); zero when the catalog gives none.
    Power power_per_su;
    /// Line rate of one node's storage (TAN) network ports, summed; zero when
    /// the catalog gives none (docs/model.md §8, the GPU side).
    Throughput storage_network;
    /// How much faster one GPU trains than the accelerator MLPerf Storage
    /// emulates (docs/workloads.md §2): samples a second against an H100's
    /// and an A100's; zero when the catalog gives none. Each carries its own
    /// source in the provenance (a published comparison, or ASSUMPTION).
    double speed_vs_h100 = 0.0;
    double speed_vs_a100 = 0.0;
    Provenance provenance;

    /// The factor against `accelerator` ("h100", "a100"): 1 for itself,
    /// else the catalog's figure; nullopt when there is none.
    std::optional<double> speed_vs(std::string_view accelerator) const;

    bool operator==(const GpuPlatform&) const = default;
};

/// A storage performance rule: read and write throughput per scalable unit of
/// a platform (NVIDIA's tiers), or per GPU.
struct PerformanceRule {
    enum class Basis { per_su, per_gpu };
    std::string id;
    std::string name;
    std::string platform; ///< the platform whose SU the figures refer to
    Basis basis = Basis::per_su;
    Throughput read;
    Throughput write;
    bool requires_certified = false; ///< only certified D-boxes may be used
    Provenance provenance;

    bool operator==(const PerformanceRule&) const = default;
};

/// A reference system to compare with (the customer's cloud object store).
struct ReferenceSystem {
    std::string id;
    std::string name;
    Throughput read_per_100pb;
    Throughput write_per_100pb;
    double racks_per_eb = 0.0;
    Power power_per_rack;
    Capacity account_capacity;
    Throughput account_ingress;
    Throughput account_egress;
    double raw_per_usable = 0.0; ///< raw bytes stored per usable byte (EC overhead); 0: unknown
    /// Accounts one subscription may hold in one region, by default and on
    /// request; 0: no limit known.
    std::int64_t accounts_per_subscription = 0;
    std::int64_t accounts_per_subscription_raised = 0;
    Provenance provenance;

    bool operator==(const ReferenceSystem&) const = default;
};

/// A published failure rate of GPU nodes (docs/checkpoints.md §4).
struct FailureRatePreset {
    std::string id;
    std::string name;
    double per_1000_node_days = 0.0; ///< failures (job interruptions) per 1,000 node-days
    /// GPUs per node of the cluster the rate was measured on (8 for every
    /// published rate of the default catalog): a rate per node-day means
    /// nothing without the node's size (docs/checkpoints.md §4).
    int gpus_per_node = 8;
    Provenance provenance;

    bool operator==(const FailureRatePreset&) const = default;
};

/// A workload of MLPerf Storage (docs/workloads.md): a training-data
/// workload gives what one emulated accelerator reads, from the benchmark's
/// own configuration (batch, sample size, compute time) and the least
/// accelerator utilisation a submission must sustain; a checkpoint workload
/// gives a model's checkpoint size. Which it is follows from its fields.
struct Workload {
    std::string id;
    std::string name;
    std::string accelerator;  ///< training: the emulated accelerator, "h100" or "a100"
    int batch = 0;            ///< training: samples a batch
    Capacity sample_size;     ///< training: bytes a sample (the mean)
    Duration compute_time;    ///< training: the emulated compute time a batch
    double min_au = 0.0;      ///< training: the least accelerator utilisation, 0.9 = 90 %
    Capacity checkpoint_size; ///< checkpoint: the whole checkpoint
    Provenance provenance;

    bool training() const { return batch > 0; }
    /// What one emulated accelerator must read at the least utilisation:
    /// batch × sample size ÷ compute time × min_au (zero for a checkpoint workload).
    Throughput read_per_accelerator() const;

    bool operator==(const Workload&) const = default;
};

/// A part of the bill of materials that is not a sized device (docs/bom.md):
/// a cable, a transceiver, a fibre, a PDU, a rail kit or a management switch.
struct Part {
    std::string id;
    std::string name;
    /// What it is: "dac", "aec", "optic", "fibre", "utp" (links), "pdu",
    /// "rail_kit", "power_cord", "management_switch" (kPartRoles).
    std::string role;
    Throughput speed;       ///< links: the line rate it carries; zero: any
    double reach_m = 0.0;   ///< links: the longest run, metres; 0: not given
    Power power;            ///< draw of one unit (a transceiver, an active cable)
    int ports = 0;          ///< a management switch's ports
    std::string fibre;      ///< an optic: the id of the fibre part a link of it takes
    std::string sku;        ///< the vendor's part number; empty: not given
    double weight_kg = 0.0; ///< kg; 0: not given
    Provenance provenance;

    bool operator==(const Part&) const = default;
};

/// The roles a Part may take.
inline constexpr std::string_view kPartRoles[] = {
    "dac", "aec", "optic", "fibre", "utp", "pdu", "rail_kit", "power_cord", "management_switch"};

/// Default choices for a scenario that does not name them.
struct CatalogDefaults {
    std::string rack;
    std::string network_switch;
    std::string failure_rate; ///< failure-rate preset for checkpoint jobs

    bool operator==(const CatalogDefaults&) const = default;
};

struct Catalog {
    std::vector<CNodeModel> cnodes;
    std::vector<DBoxModel> dboxes;
    std::vector<ErasureCodingRule> erasure_coding;
    std::vector<SwitchModel> switches;
    std::vector<RackModel> racks;
    std::vector<GpuPlatform> platforms;
    std::vector<PerformanceRule> rules;
    std::vector<ReferenceSystem> references;
    std::vector<FailureRatePreset> failure_rates;
    std::vector<Workload> workloads;
    std::vector<Part> parts; ///< cables, optics, PDUs, rails (docs/bom.md)
    CatalogDefaults defaults;
    /// What each hardware combination's design rests on, worked out once
    /// (core/include/podsizer/core/assumptions.hpp).
    AssumptionCache assumptions;

    const CNodeModel* cnode(std::string_view id) const;
    const DBoxModel* dbox(std::string_view id) const;
    const ErasureCodingRule* ec_rule(std::string_view id) const;
    const SwitchModel* network_switch(std::string_view id) const;
    const RackModel* rack(std::string_view id) const;
    const GpuPlatform* platform(std::string_view id) const;
    const PerformanceRule* rule(std::string_view id) const;
    const ReferenceSystem* reference(std::string_view id) const;
    const FailureRatePreset* failure_rate(std::string_view id) const;
    const Workload* workload(std::string_view id) const;
    const Part* part(std::string_view id) const;
};

} // namespace podsizer

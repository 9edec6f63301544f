// A reference system sized at a capacity (docs/extrapolation-and-comparison.md §3-§4): the
// customer's cloud HDD object store, to put beside the designs.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/scenario.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace podsizer {

struct ReferenceSizing {
    std::string id;
    std::string name;
    Capacity usable;
    std::optional<Capacity> raw; ///< usable × raw_per_usable, when the catalog gives it
    double racks_exact = 0.0;    ///< usable / 1 EB × racks per EB
    std::int64_t racks = 0;      ///< whole racks
    Throughput read;             ///< the system's rate at this capacity
    Throughput write;
    Power power; ///< racks × power per rack

    /// Accounts at the per-account capacity limit; 0 when the catalog gives no limit.
    std::int64_t accounts = 0;
    Throughput ingress_limit;       ///< accounts × per-account ingress (zero: no limit known)
    Throughput egress_limit;        ///< accounts × per-account egress
    bool write_capped = false;      ///< the aggregate ingress limit is below the write rate
    bool read_capped = false;       ///< the aggregate egress limit is below the read rate
    Throughput write_within_limits; ///< min(write, ingress limit)
    Throughput read_within_limits;  ///< min(read, egress limit)
    /// Accounts the full read and write rates need at the default limits.
    std::int64_t accounts_for_throughput = 0;
    /// Accounts one subscription holds in one region (the default or the
    /// raised limit), and the subscriptions (or regions) the accounts need;
    /// 0 when the catalog gives no limit.
    std::int64_t accounts_per_subscription = 0;
    std::int64_t subscriptions = 0;
    /// What reaches the GPU site: min(store, account limits, WAN); set only
    /// with a WAN link.
    std::optional<Throughput> wan;
    std::optional<Throughput> read_at_site;
    std::optional<Throughput> write_at_site;

    std::vector<Finding> findings;
    /// The system's figures of kind assumption (docs/model.md §14).
    std::vector<AssumedFigure> assumptions;

    double pb_per_rack() const;
    double gbps_read_per_kw() const;
};

/// racks = capacity / (1 EB / racks per EB); read and write = capacity × rate
/// per 100 PB; power = racks × power per rack; accounts = ceil(capacity /
/// account capacity), and whether their aggregate ingress (write) and egress
/// (read) limits fall below those rates. InputError for a capacity <= 0.
/// With `access`, also the subscriptions the accounts need and what reaches
/// the GPU site over the WAN.
ReferenceSizing size_reference(const ReferenceSystem& ref, Capacity usable,
                               const CloudAccess& access = {});

} // namespace podsizer

// The inputs and results of a design's resilience (docs/resilience.md
// §8–§13), apart from the functions so a Design can carry its own.
#pragma once

#include "podsizer/core/durability.hpp"
#include "podsizer/core/finding.hpp"
#include "podsizer/core/units.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace podsizer {

/// What the customer's reliability engineer sets; the catalog and the design
/// give the rest. Defaults: the worked numbers of docs/resilience.md.
struct ResilienceInputs {
    std::optional<double> afr; ///< per drive-year; unset: the D-box's drive_afr
    /// Enclosure events per D-box-year; unset: the D-box's dbox_events_per_year.
    std::optional<double> dbox_events;
    /// Permanent enclosure losses per D-box-year; unset: the D-box's
    /// dbox_losses_per_year (docs/resilience.md §9).
    std::optional<double> dbox_losses;
    double fill = 0.8;          ///< share of the drives holding data, (0, 1]
    double rebuild_share = 0.1; ///< ρ: the backend's bandwidth given to rebuilds, (0, 1]
    Duration outage;            ///< WAN outage to ride through; zero: none
    Throughput wan;             ///< WAN link to the cloud region; zero: not given
    Capacity dataset;           ///< data to pre-stage over the WAN; zero: none
    /// The cloud store's per-account limits (Azure standard accounts: 60 Gbps
    /// ingress, 200 Gbps egress, 5 PiB; 250 accounts a subscription per region,
    /// 500 on request); zero: not given.
    Throughput account_ingress;
    Throughput account_egress;
    Capacity account_capacity;
    std::int64_t account_limit = 0;
};

struct DesignResilience {
    double afr = 0.0;
    double fill = 0.0;
    double rebuild_share = 0.0;
    double rebuild_read_fraction = 1.0; ///< of the EC rule: 0.25 for a locally decodable code
    double read_amplification = 0.0;    ///< a = fraction × data strips (36.5 at 146+4)
    std::int64_t drives = 0;            ///< N = D-boxes × drives per D-box
    Throughput rebuild_bandwidth;       ///< ρ × the D-boxes' backend read
    Duration drive_rebuild;             ///< T_d
    Duration dbox_rebuild; ///< T_box: a whole D-box's drives, by the other D-boxes; 0: no other
                           ///< D-box (a lone one), shown as n/a / null
    DurabilityResult durability;        ///< independent drive failures, closed form
    double dbox_loss_given_failure = 0; ///< P(loss | one D-box fails), m = Nλ·T_box
    // docs/resilience.md §9: the headline combines the drive and enclosure
    // terms (exponential rebuilds, serial repair for the drive term).
    /// docs/resilience.md §9: enclosure events apart. Outages end without a
    /// rebuild (the drives come back): they count against availability where
    /// the layout does not tolerate a D-box, never against durability.
    /// Losses need one: they count against durability.
    double dbox_events = 0.0; ///< enclosure outages per D-box-year; 0: not known
    double dbox_losses = 0.0; ///< enclosure losses per D-box-year
    /// Outages a year that leave data unreachable: D × outages where the
    /// layout does not tolerate a D-box down, 0 where it does.
    double unreachable_events = 0.0;
    double drive_annual_loss = 0.0; ///< the drive term: durability.annual_loss_probability
    double dbox_annual_loss = 0.0;  ///< 1 − exp(−D × events × P(loss | a D-box fails))
    double annual_loss = 0.0;       ///< 1 − (1 − drive term)(1 − enclosure term)
    double nines = 0.0;             ///< −log10(annual_loss); infinite at zero
    /// The drive term with fixed rebuild windows (Backblaze's method): N·λ a
    /// year × P(K more of the other N − 1 fail within T_d); about K! lower.
    double fixed_window_annual_loss = 0.0;

    // docs/resilience.md §10: the rebuild takes ρ of every surviving C-node
    // and D-box; zero where the layout does not survive the state.
    Throughput degraded_read;        ///< one D-box down, rebuilding at ρ
    Throughput degraded_write;       ///< likewise
    bool survives_rack_loss = false; ///< the layout keeps serving with a rack down
    Throughput rack_down_read;       ///< the costliest rack's devices lost, rebuilding at ρ
    Throughput rack_down_write;      ///< likewise
    bool has_checkpoints = false;    ///< the scenario gives checkpoint jobs
    Throughput burst_write;          ///< the checkpoints' write averaged over their interval
    Throughput read_during_burst;    ///< R_max × (1 − W/W_max); zero without checkpoint jobs

    Throughput offsite_write;          ///< w_o: the checkpoint jobs' offsite copies
    Capacity backlog;                  ///< w_o × outage
    Capacity retained;                 ///< checkpoints kept locally (peak, while one is written)
    Capacity local_need;               ///< retained + backlog + dataset
    std::optional<Duration> catch_up;  ///< backlog / (WAN − w_o); unset: never (or no WAN)
    std::int64_t offsite_accounts = 0; ///< ceil(w_o / account ingress); 0: not given
    /// Accounts holding the data: max(offsite_accounts, ceil(dataset / account
    /// capacity)), at most the subscription's limit; 0: no limits given.
    std::int64_t accounts = 0;
    std::int64_t accounts_needed = 0; ///< before the subscription's limit
    Throughput accounts_egress;       ///< accounts × per-account egress; zero: not given
    Throughput staging_rate;          ///< min(WAN, accounts' egress, the design's write)
    std::optional<Duration> staging;  ///< dataset / staging_rate; unset: no dataset or no WAN

    Throughput average_write;  ///< the checkpoint jobs' size / interval; zero without jobs
    double dwpd_peak = 0.0;    ///< the design's write, all day
    double dwpd_average = 0.0; ///< at average_write
    double rated_dwpd = 0.0;   ///< the drive's rating; 0: not known

    std::vector<Finding> findings;
};

} // namespace podsizer

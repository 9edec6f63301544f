// What a design and the cloud store cost over the analysis period, from the
// user's price book (docs/cost.md). Every amount is in the book's currency.
#pragma once

#include "podsizer/core/design.hpp"
#include "podsizer/core/price_book.hpp"

#include <optional>
#include <string>
#include <vector>

namespace podsizer {

/// One named part of a cost; `amount` is nullopt when the book does not
/// price it, so an unpriced part is never read as zero.
struct CostPart {
    std::string name; ///< "cnodes", "energy", … (the JSON's key)
    std::optional<double> amount;
    std::string missing; ///< what the book would need to price it
};

/// Appends `name` unless `names` holds it: the unpriced and assumed lists
/// name each part or price once.
void add_once(std::vector<std::string>& names, const std::string& name);

/// The GPU-hours a day a design's write recovers over a reference write:
/// the write the scenario's performance rule (or explicit figures) asks
/// before the checkpoint jobs, that is a pod sized for the rule alone
/// (docs/cost.md §4). It is a value, not a cost: no total includes it.
struct RecoveredGpuHours {
    Throughput design_write;    ///< the design's delivered write
    Throughput reference_write; ///< Requirements::performance_write
    std::string rule;           ///< what set the reference: a rule id or "explicit"
    /// Alternatives: the job of the largest requirement, the one the pod
    /// carries; empty when it sums every concurrent job.
    std::string job;
    std::int64_t gpus = 0; ///< the GPUs whose goodput it counts
    double per_day = 0.0;  ///< GPU-hours a day; negative when the design writes less
    /// per_day × 365 × the book's GPU-hour price; nullopt without one.
    std::optional<double> value_per_year;
};

struct DesignCost {
    std::string currency;
    int years = 0;
    /// cnodes, dboxes, switches, racks; with a bill of materials (Design::bom)
    /// also its parts by group: management_switches, pdus_and_cords,
    /// rail_kits, cables, transceivers (docs/cost.md §2). A group the book
    /// prices only in part carries the priced lines and names the others in
    /// `missing`; unpriced() names it.
    std::vector<CostPart> capex_parts;
    std::vector<CostPart> opex_parts; ///< energy, space, support, licences (a year)
    double capex = 0.0;               ///< the priced parts
    double opex_per_year = 0.0;
    double tco = 0.0;                           ///< capex + years × opex_per_year
    std::optional<double> present_value;        ///< with the book's discount rate
    double per_usable_tb_month = 0.0;           ///< tco / (usable TB × years × 12)
    double per_read_gb_per_s = 0.0;             ///< tco / delivered read in GB/s
    std::optional<RecoveredGpuHours> recovered; ///< with checkpoint jobs only
    /// The prices it rests on that the book marks ASSUMPTION (illustrative),
    /// by name: an item's catalog id, "site.energy_per_kwh", "site.years", ….
    std::vector<std::string> assumed;
    /// Parts the book leaves unpriced; the totals leave them out.
    std::vector<std::string> unpriced() const;
    std::optional<double> part(const std::string& name) const;
};

/// The net price of one unit of a bill line (docs/bom.md §5): the book's
/// price of the line's catalog item, a D-box's for the design's drive.
/// Nullopt when the line names no item (the drives, shipped in the D-boxes),
/// the book has no price for it, or it is counted by the rack (racks, PDUs,
/// management switches) in a design no device fits (no rack count to price). The BOM's extended
/// prices and CapEx both use it, so the bill's total is the CapEx.
std::optional<double> bom_line_price(const BomLine& line, const Design& d, const PriceBook& book);

/// What a growth step orders of the bill's parts (docs/cost.md §8): for each
/// part of the bill (beyond the devices, switches and racks), its quantity in
/// `after` × `pods_after` less its quantity in `before` × `pods_before`, when
/// that is more (a part the step needs fewer of orders nothing and returns
/// nothing), priced as bom_line_price prices it.
struct PartsOrder {
    double amount = 0.0;               ///< the priced parts' sum
    std::vector<std::string> unpriced; ///< CapEx part names with a part left unpriced
    std::vector<std::string> assumed;  ///< items whose price the book marks ASSUMPTION
};
PartsOrder parts_ordered(const Design& before, std::int64_t pods_before, const Design& after,
                         std::int64_t pods_after, const PriceBook& book);

/// The design's cost: list less discount for every device, energy at its
/// facility power all year, space per rack or per kW, support and licences.
DesignCost design_cost(const Design& d, const PriceBook& book);

/// `n` copies of a design (n pods): every amount times n; the per usable
/// TB-month and per GB/s figures stay, as capacity and read grow with n.
DesignCost scaled_cost(DesignCost cost, std::int64_t n);

struct CloudCost {
    std::string currency;
    int years = 0;
    std::vector<CostPart> parts_per_year; ///< storage, egress, operations
    double per_year = 0.0;
    double tco = 0.0;
    /// The same without the egress part: the store and its operations only.
    double per_year_without_egress = 0.0;
    double tco_without_egress = 0.0;
    /// GB read out of the cloud a month, and the route they take (nullopt:
    /// the book prices no egress).
    double egress_gb_per_month = 0.0;
    std::optional<EgressRoute> egress_route;
    std::optional<double> present_value;
    /// The assumed prices it rests on: "cloud.per_gb_month", "site.years", ….
    std::vector<std::string> assumed;
    std::vector<std::string> unpriced() const;
};

/// The cloud store holding `usable` for the book's years, reading out the
/// book's share of it a month (docs/cost.md §3).
CloudCost cloud_cost(Capacity usable, const PriceBook& book);

/// A present value: capex now and `per_year` at the end of each of `years`
/// years, discounted at `rate`.
double present_value(double capex, double per_year, int years, double rate);

/// The GPU-hours recovered by raising goodput from `reference` to `design`
/// on `gpus` GPUs, priced for a year at the book's GPU-hour (nullopt without).
std::optional<double> recovered_gpu_hours_value(double design_goodput, double reference_goodput,
                                                std::int64_t gpus, const PriceBook& book);

} // namespace podsizer

// The user's prices (docs/cost.md): what each catalog item, the site, a
// GPU-hour and the cloud store cost. Vendor prices differ per deal and are
// not public, so they are the user's; every price carries a source like a
// catalog figure does (docs/model.md §2).
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/units.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace podsizer {

/// One catalog item's price: a C-node, D-box, switch or rack model (by id),
/// or a D-box with one of its drive options.
struct ItemPrice {
    std::string id;                ///< the catalog id
    std::optional<Capacity> drive; ///< a D-box priced with this drive option only
    double unit_price = 0.0;       ///< list price of one unit
    double discount = 0.0;         ///< share off the list price, in [0, 1)
    /// Support a year per unit: an amount, or a share of the net price.
    std::optional<double> support_per_year;
    std::optional<double> support_share;
    /// Software licence a year per usable TB of a design that uses the item.
    std::optional<double> licence_per_usable_tb_year;
    std::string sku; ///< the vendor's part number, for the bill of materials
    Source source;

    double net_price() const { return unit_price * (1.0 - discount); }
    /// Support a year for one unit; nullopt when the book gives none.
    std::optional<double> support() const;

    bool operator==(const ItemPrice&) const = default;
};

/// The site's running costs and the terms of the analysis.
struct SitePrices {
    std::optional<double> energy_per_kwh; ///< per kWh of facility power
    std::optional<double> space_per_rack_month;
    std::optional<double> space_per_kw_month; ///< per kW of IT power on the basis
    int years = 5;                            ///< the analysis period
    std::optional<double> discount_rate;      ///< a year, for a present value
    Provenance provenance;

    bool operator==(const SitePrices&) const = default;
};

/// One band of a month's egress: the GB read out past the band before it,
/// up to `up_to` in the month, at `per_gb` (docs/cost.md §3).
struct EgressTier {
    std::optional<Capacity> up_to; ///< the band's top in a month; none: the rest
    double per_gb = 0.0;

    bool operator==(const EgressTier&) const = default;
};

/// How the data read out of the cloud reaches the GPUs, and what a GB of it
/// costs: the internet at the provider's published tiers (or one flat
/// figure), or a private link with its own per-GB figure, possibly none.
enum class EgressRoute { internet, private_link };

std::string_view to_string(EgressRoute r);

struct CloudEgress {
    EgressRoute route = EgressRoute::internet;
    std::vector<EgressTier> tiers; ///< ascending; the last has no top

    /// The charge for `gb` read out in one month, each band at its price.
    double month_charge(double gb) const;

    bool operator==(const CloudEgress&) const = default;
};

/// The cloud object store's prices, by storage tier.
struct CloudPrices {
    std::map<std::string, double> per_gb_month; ///< tier → price per GB-month
    std::string tier;                           ///< the tier the comparison uses
    std::optional<double> egress_per_gb;        ///< one flat internet price (older books)
    std::optional<CloudEgress> egress;          ///< tiers or a private link
    std::optional<double> per_10k_operations;   ///< read operations
    double read_out_share_per_month = 0.0;      ///< of the stored data
    std::optional<Capacity> request_size;       ///< bytes per read operation
    Provenance provenance;

    /// The egress the book gives: `egress`, else `egress_per_gb` as one
    /// internet band; nullopt when the book prices no egress.
    std::optional<CloudEgress> egress_model() const;

    bool operator==(const CloudPrices&) const = default;
};

struct PriceBook {
    std::string currency; ///< ISO 4217 code, such as "USD"
    std::vector<ItemPrice> items;
    SitePrices site;
    std::optional<double> gpu_hour; ///< per GPU-hour, to price goodput
    Source gpu_hour_source;
    CloudPrices cloud;

    /// The price of a catalog item; for a D-box, the entry for its drive
    /// option before one for the model alone. Null when the book has none.
    const ItemPrice* item(const std::string& id, std::optional<Capacity> drive = {}) const;

    bool operator==(const PriceBook&) const = default;
};

} // namespace podsizer

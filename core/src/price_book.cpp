#include "podsizer/core/price_book.hpp"

#include <algorithm>

namespace podsizer {

std::string_view to_string(EgressRoute r) {
    return r == EgressRoute::private_link ? "private_link" : "internet";
}

double CloudEgress::month_charge(double gb) const {
    // Progressive, as a provider bills it: each band's GB at the band's price.
    double charge = 0.0;
    double floor = 0.0;
    for (const EgressTier& t : tiers) {
        const double top = t.up_to ? in(*t.up_to, units::GB) : gb;
        const double in_band = std::max(0.0, std::min(gb, top) - floor);
        charge += in_band * t.per_gb;
        floor = std::max(floor, top);
        if (gb <= floor) {
            break;
        }
    }
    return charge;
}

std::optional<CloudEgress> CloudPrices::egress_model() const {
    if (egress) {
        return egress;
    }
    if (egress_per_gb) {
        return CloudEgress{EgressRoute::internet, {EgressTier{std::nullopt, *egress_per_gb}}};
    }
    return std::nullopt;
}

std::optional<double> ItemPrice::support() const {
    if (support_per_year) {
        return *support_per_year;
    }
    if (support_share) {
        return *support_share * net_price();
    }
    return std::nullopt;
}

const ItemPrice* PriceBook::item(const std::string& id, std::optional<Capacity> drive) const {
    const ItemPrice* model_only = nullptr;
    for (const ItemPrice& p : items) {
        if (p.id != id) {
            continue;
        }
        if (!p.drive) {
            model_only = model_only != nullptr ? model_only : &p;
        } else if (drive && p.drive->base() == drive->base()) {
            return &p;
        }
    }
    return model_only;
}

} // namespace podsizer

#include "podsizer/core/price_book.hpp"

namespace podsizer {

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

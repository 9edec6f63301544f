#include "podsizer/core/degraded_throughput.hpp"

#include "podsizer/core/counting.hpp"

#include <algorithm>

namespace podsizer {

namespace {

/// What is left after losing `cnodes_lost` and `dboxes_lost`, each survivor
/// delivering what it did intact (the design's own per-device figures).
StateThroughput serving(const Design& d, std::int64_t cnodes_lost, std::int64_t dboxes_lost,
                        double rho) {
    if (d.cnodes <= 0 || d.dboxes <= 0) {
        return {};
    }
    const auto C = static_cast<double>(d.cnodes);
    const auto D = static_cast<double>(d.dboxes);
    Survivors read{d.cnodes - cnodes_lost, d.frontend_read / C, d.dboxes - dboxes_lost,
                   d.backend_read / D};
    Survivors write{d.cnodes - cnodes_lost, d.frontend_write / C, d.dboxes - dboxes_lost,
                    d.backend_write / D};
    return {serving_through_rebuild(read, rho), serving_through_rebuild(write, rho)};
}

StateThroughput rack_down(const Design& d, double rho) {
    if (!d.tolerates_rack_loss) {
        return {};
    }
    if (d.layout.empty()) {
        const std::int64_t racks = std::max<std::int64_t>(1, d.racks);
        return serving(d, (d.cnodes + racks - 1) / racks, (d.dboxes + racks - 1) / racks, rho);
    }
    std::optional<StateThroughput> worst;
    for (const Rack& r : d.layout) {
        const StateThroughput t = serving(d, r.cnodes, r.dboxes, rho);
        if (!worst) {
            worst = t;
        } else {
            worst->read = std::min(worst->read, t.read);
            worst->write = std::min(worst->write, t.write);
        }
    }
    return worst.value_or(StateThroughput{});
}

} // namespace

StateThroughput delivered_in(const Design& d, SizeFor s, double rho) {
    switch (s) {
    case SizeFor::intact:
        return {d.read, d.write};
    case SizeFor::dbox_down:
        return d.tolerates_dbox_loss ? serving(d, 0, 1, rho) : StateThroughput{};
    case SizeFor::rack_down:
        return rack_down(d, rho);
    }
    return {};
}

} // namespace podsizer

#include "podsizer/core/catalog.hpp"

#include <algorithm>
#include <array>

namespace podsizer {

namespace {
template <class T> const T* find_by_id(const std::vector<T>& items, std::string_view id) {
    auto it = std::find_if(items.begin(), items.end(), [&](const T& t) { return t.id == id; });
    return it == items.end() ? nullptr : &*it;
}
} // namespace

std::string_view to_string(SwitchRole r) {
    switch (r) {
    case SwitchRole::leaf:
        return "leaf";
    case SwitchRole::spine:
        return "spine";
    case SwitchRole::super_spine:
        return "super_spine";
    }
    return "leaf";
}

const StripeStep* ErasureCodingRule::step_for(std::int64_t dboxes) const {
    // steps are validated ascending when the catalog is read: the last step
    // whose min_dboxes is reached, found by bisection.
    if (steps.empty()) {
        return nullptr;
    }
    const auto after =
        std::upper_bound(steps.begin(), steps.end(), dboxes,
                         [](std::int64_t n, const StripeStep& s) { return n < s.min_dboxes; });
    return after == steps.begin() ? &steps.front() : &*(after - 1);
}

const CNodeModel* Catalog::cnode(std::string_view id) const {
    return find_by_id(cnodes, id);
}
const DBoxModel* Catalog::dbox(std::string_view id) const {
    return find_by_id(dboxes, id);
}
const ErasureCodingRule* Catalog::ec_rule(std::string_view id) const {
    return find_by_id(erasure_coding, id);
}
const SwitchModel* Catalog::network_switch(std::string_view id) const {
    return find_by_id(switches, id);
}
const RackModel* Catalog::rack(std::string_view id) const {
    return find_by_id(racks, id);
}
const GpuPlatform* Catalog::platform(std::string_view id) const {
    return find_by_id(platforms, id);
}
const PerformanceRule* Catalog::rule(std::string_view id) const {
    return find_by_id(rules, id);
}
const ReferenceSystem* Catalog::reference(std::string_view id) const {
    return find_by_id(references, id);
}
const FailureRatePreset* Catalog::failure_rate(std::string_view id) const {
    return find_by_id(failure_rates, id);
}
const Workload* Catalog::workload(std::string_view id) const {
    return find_by_id(workloads, id);
}

const Part* Catalog::part(std::string_view id) const {
    return find_by_id(parts, id);
}

std::optional<double> GpuPlatform::speed_vs(std::string_view accelerator) const {
    if (accelerator == id) {
        return 1.0;
    }
    const double f = accelerator == "h100"   ? speed_vs_h100
                     : accelerator == "a100" ? speed_vs_a100
                                             : 0.0;
    return f > 0.0 ? std::optional(f) : std::nullopt;
}

Throughput Workload::read_per_accelerator() const {
    if (!training() || !(compute_time.base() > 0.0)) {
        return {};
    }
    return Throughput::from_base(static_cast<double>(batch) * sample_size.base() /
                                 compute_time.base() * min_au);
}

} // namespace podsizer

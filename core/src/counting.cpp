#include "podsizer/core/counting.hpp"

#include <algorithm>
#include <cmath>

namespace podsizer {

namespace {

// The slack applied to x: relative, capped at a thousandth of a device. A
// purely relative slack dropped whole devices from counts above 10^9 (10^12
// GPUs were sized 10 C-nodes short; docs/robustness.md).
double slack_for(double x) {
    return std::min(std::abs(x) * kSlack, 1e-3);
}

} // namespace

std::int64_t ceil_to_count(double x) {
    if (!(x > 0.0)) {
        return 0;
    }
    if (x >= static_cast<double>(kCountCap)) {
        return kCountCap;
    }
    return static_cast<std::int64_t>(std::ceil(x - slack_for(x)));
}

std::int64_t saturating_product(std::int64_t a, std::int64_t b) {
    if (a <= 0 || b <= 0) {
        return 0;
    }
    return a >= kCountCap / b ? kCountCap : a * b;
}

std::int64_t floor_to_count(double x) {
    if (!(x > 0.0)) {
        return 0;
    }
    if (x >= static_cast<double>(kCountCap)) {
        return kCountCap;
    }
    return static_cast<std::int64_t>(std::floor(x + std::max(slack_for(x), kSlack)));
}

std::int64_t ceil_ratio(double a, double b) {
    return b > 0.0 ? ceil_to_count(a / b) : 0;
}

bool meets(double delivered, double required) {
    return !(required > 0.0) || delivered >= required * (1.0 - kSlack);
}

bool exceeds(double value, double limit) {
    return value > limit * (1.0 + kSlack);
}

std::int64_t knee_cnodes(std::int64_t dboxes, double saturation) {
    return floor_to_count(static_cast<double>(dboxes) * saturation);
}

} // namespace podsizer

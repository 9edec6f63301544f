// Whole counts from real-valued ratios, and "meets" with one slack.
//
// Every count the engine derives (C-nodes, D-boxes, racks, pods, accounts,
// switches) is a ratio of decimal figures rounded to a whole number, and every
// requirement check compares two products of such figures. Binary floating
// point lands a hair off an integer (450.0000000001 C-nodes, 4.5 TB/s
// delivered as 4.4999999999 TB/s), so each comparison carries the same slack.
// One definition here: the engine, extrapolation, references, the optimiser,
// the rack layout and the workbook's formulas (docs/model.md, "Rounding")
// all use it.
#pragma once

#include <cstdint>

namespace podsizer {

/// Relative float slack: 1 part in 10^9. Far below any catalog figure's
/// precision, far above double rounding error of a few operations.
inline constexpr double kSlack = 1e-9;

/// The largest count the engine produces; absurd inputs stop here and are
/// reported (`too-large`), never overflow an int64 in later arithmetic.
inline constexpr std::int64_t kCountCap = INT64_MAX / 4;

/// The whole number at or above x: 450.0000000001 -> 450, 450.2 -> 451.
/// 0 for x <= 0 or NaN; kCountCap for x at or above it (a bare cast of a huge
/// double is undefined behaviour). The slack is relative but at most a
/// thousandth, so counts above 10^9 keep every device (docs/robustness.md).
std::int64_t ceil_to_count(double x);

/// The whole number at or below x, with the same slack and cap:
/// 2067.9999999999 -> 2068, 2067.5 -> 2067.
std::int64_t floor_to_count(double x);

/// a × b for counts, kCountCap where the product would reach it (never an
/// int64 overflow: n pods × racks per pod at an absurd target wrapped negative).
std::int64_t saturating_product(std::int64_t a, std::int64_t b);

/// n pods' figure from one pod's, the rule written once (a comparison's
/// columns, an extrapolation, the reports' n-pods figures): n times it, a
/// count saturating.
inline std::int64_t pods_total(std::int64_t pod, std::int64_t n) {
    return saturating_product(pod, n);
}
template <class Q> Q pods_total(Q pod, std::int64_t n) {
    return pod * static_cast<double>(n);
}

/// ceil(a / b) as a count; 0 when b <= 0.
std::int64_t ceil_ratio(double a, double b);

/// a / b, 0 when b <= 0: a figure per rack or per kW of nothing is 0.
inline double ratio_or_zero(double a, double b) {
    return b > 0.0 ? a / b : 0.0;
}

/// Whether a delivered figure meets a required one: delivered >= required
/// within kSlack. A requirement of 0 or less is always met.
bool meets(double delivered, double required);

/// Whether `value` exceeds `limit` by more than kSlack.
bool exceeds(double value, double limit);

/// The knee: how many C-nodes `dboxes` D-boxes keep busy when one D-box keeps
/// `saturation` C-nodes busy (backend over per-C-node throughput, the lower of
/// read and write; docs/model.md, "Throughput and the knee").
std::int64_t knee_cnodes(std::int64_t dboxes, double saturation);

} // namespace podsizer

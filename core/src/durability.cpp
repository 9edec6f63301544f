#include "podsizer/core/durability.hpp"

#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"

#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <string>

namespace podsizer {

namespace {

double lambda_per_hour(double afr) {
    return afr / kHoursPerYear;
}

} // namespace

void check_durability_inputs(const DurabilityInputs& in) {
    if (in.data_strips < 1) {
        throw InputError("data_strips", fmt::format("{}: expected at least 1", in.data_strips));
    }
    if (in.parity < 0) {
        throw InputError("parity", fmt::format("{}: expected 0 or more", in.parity));
    }
    const std::int64_t width = static_cast<std::int64_t>(in.data_strips) + in.parity;
    if (in.drives < width) {
        throw InputError("drives", fmt::format("{}: expected at least the stripe's {} strips",
                                               in.drives, width));
    }
    if (!(in.afr > 0.0 && in.afr < 1.0)) {
        throw InputError("afr", format_shortest(in.afr) + ": expected above 0 and below 1");
    }
    if (!(in.drive_rebuild_s > 0.0) || !std::isfinite(in.drive_rebuild_s)) {
        throw InputError("drive_rebuild_s",
                         format_shortest(in.drive_rebuild_s) + ": expected a time above 0");
    }
}

double mttdl_serial_repair_s(const DurabilityInputs& in) {
    const double lambda = lambda_per_hour(in.afr);
    const double mu = 3600.0 / in.drive_rebuild_s; // rebuilds per hour
    const auto n = static_cast<double>(in.drives);
    // τ_i: mean time from the first entry into state i (i drives down) to the
    // first entry into i + 1. Leaving i by a failure takes (N − i)λ; leaving it
    // by a rebuild (rate μ) returns to i − 1, from which i is reached again in
    // τ_{i−1} on average — hence the recursion (a standard first-passage
    // argument for birth–death chains).
    double tau = 1.0 / (n * lambda);
    double total = tau;
    for (int i = 1; i <= in.parity; ++i) {
        tau = (1.0 + mu * tau) / ((n - i) * lambda);
        total += tau;
    }
    return total * 3600.0;
}

double first_order_loss_rate_per_hour(const DurabilityInputs& in) {
    const double lambda = lambda_per_hour(in.afr);
    const double window_h = in.drive_rebuild_s / 3600.0;
    const auto n = static_cast<double>(in.drives);
    double rate = n * lambda;
    for (int i = 1; i <= in.parity; ++i) {
        rate *= (n - i) * lambda * window_h;
    }
    return rate;
}

double annual_probability_of_rate(double losses_per_year) {
    return -std::expm1(-losses_per_year);
}

double nines_of(double probability) {
    if (!(probability > 0.0)) {
        return std::numeric_limits<double>::infinity();
    }
    return -std::log10(probability);
}

DurabilityResult durability_closed_form(const DurabilityInputs& in) {
    check_durability_inputs(in);
    DurabilityResult r;
    r.mttdl_s = mttdl_serial_repair_s(in);
    // Losses form a renewal process with mean spacing MTTDL; over a year much
    // shorter than the MTTDL (or with exponential spacing) the count is
    // Poisson with mean 1 year / MTTDL.
    r.annual_loss_probability = annual_probability_of_rate(kSecondsPerYear / r.mttdl_s);
    r.nines = nines_of(r.annual_loss_probability);
    r.first_order_rate_per_hour = first_order_loss_rate_per_hour(in);
    return r;
}

double rebuild_read_amplification(int data_strips, double rebuild_read_fraction) {
    return rebuild_read_fraction * static_cast<double>(data_strips);
}

Duration drive_rebuild_time(const RebuildInputs& in) {
    const double a = rebuild_read_amplification(in.data_strips, in.rebuild_read_fraction);
    return Duration::from_base(in.fill * in.drive_size.base() * a / in.bandwidth.base());
}

} // namespace podsizer

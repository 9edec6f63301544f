// Durability of an erasure-coded layout in closed form (docs/resilience.md §1–§3):
// the mean time to data loss (MTTDL) of N drives holding stripes of d data and
// K parity strips, the annual probability of loss and its nines, and the drive
// rebuild time that the repair rate comes from.
//
// The model is the classic birth–death Markov chain of RAID reliability
// (Patterson, Gibson and Katz 1988; Gibson's thesis 1991): drives fail
// independently at a constant rate λ, the state is the number of drives
// failed and not yet rebuilt, and data is lost when K + 1 are down at once.
// The stripes are taken as declustered over all N drives, so any K + 1
// concurrent failures share some stripe (the conservative reading for a wide
// declustered layout, where every drive pair shares many stripes).
#pragma once

#include "podsizer/core/units.hpp"

#include <cstdint>

namespace podsizer {

/// Hours in a (non-leap) year: the AFR is failures per drive-year — Backblaze's
/// Drive Stats compute it as failures / (drive-days / 365) — so a drive fails
/// at the constant rate λ = AFR / 8,760 h.
inline constexpr double kHoursPerYear = 8760.0;
inline constexpr double kSecondsPerYear = kHoursPerYear * 3600.0;

struct DurabilityInputs {
    std::int64_t drives = 0;      ///< N, the drives the stripes are declustered over
    int data_strips = 0;          ///< d
    int parity = 0;               ///< K: strips of a stripe that may be lost without losing data
    double afr = 0.0;             ///< annual failure rate per drive, a fraction (0.005 = 0.5 %)
    double drive_rebuild_s = 0.0; ///< T_d: time to rebuild one failed drive
};

struct DurabilityResult {
    double mttdl_s = 0.0;                   ///< mean time to data loss
    double annual_loss_probability = 0.0;   ///< P(at least one loss in a year)
    double nines = 0.0;                     ///< −log10(P_year); +inf when P_year is 0
    double first_order_rate_per_hour = 0.0; ///< Nλ·Π(N−i)λT_d, the small-λT_d limit
};

/// Throws InputError (naming the field) unless N ≥ d + K, d ≥ 1, K ≥ 0,
/// 0 < AFR < 1 and T_d > 0, all finite.
void check_durability_inputs(const DurabilityInputs& in);

/// The exact MTTDL of the birth–death chain with serial repair: rebuild
/// bandwidth is shared, so one drive is rebuilt at a time at rate μ = 1/T_d in
/// every degraded state. With τ_i the mean time to go from i to i + 1 failed,
///   τ_0 = 1/(Nλ),  τ_i = (1 + μ·τ_{i−1}) / ((N − i)λ)  for i = 1..K,
/// and MTTDL = Σ τ_i (i = 0..K). In seconds.
double mttdl_serial_repair_s(const DurabilityInputs& in);

/// The first-order loss rate per hour: Nλ · Π_{i=1..K} (N − i)λT_d — a failure,
/// then K more within the rebuild windows. 1/MTTDL tends to it as λT_d → 0, so
/// it scales as T_d^K.
double first_order_loss_rate_per_hour(const DurabilityInputs& in);

/// P(at least one loss in a year) of a Poisson loss process with this annual
/// rate: 1 − exp(−rate), through expm1 so tiny rates keep their digits.
double annual_probability_of_rate(double losses_per_year);

/// −log10(p): 2 nines for 1 %; +inf for p = 0.
double nines_of(double probability);

/// The closed form: MTTDL, the annual loss probability 1 − exp(−8,760 h / MTTDL),
/// its nines and the first-order rate.
DurabilityResult durability_closed_form(const DurabilityInputs& in);

/// What one drive rebuild reads and how fast.
struct RebuildInputs {
    Capacity drive_size;
    double fill = 0.8;   ///< share of the drive holding data, (0, 1]
    int data_strips = 0; ///< d of the stripe
    /// Fraction of the stripe's data strips read per rebuilt strip: 1 for
    /// Reed-Solomon (any d strips rebuild one), 0.25 for a locally decodable
    /// code that reads a quarter of the data (VAST Data's glossary,
    /// https://www.vastdata.com/glossary, "locally decodable erasure code").
    double rebuild_read_fraction = 1.0;
    Throughput bandwidth; ///< rebuild bandwidth of the whole backend
};

/// Drives' worth of data read to rebuild one drive: a = rebuild_read_fraction · d
/// (36.5 at 146+4 with a quarter read; 146 with Reed-Solomon).
double rebuild_read_amplification(int data_strips, double rebuild_read_fraction);

/// T_d = fill · drive size · a / bandwidth: the data on the failed drive, times
/// what each of its strips costs to rebuild, over the backend's rebuild bandwidth
/// (the rebuild is declustered, so every drive reads and writes a share).
Duration drive_rebuild_time(const RebuildInputs& in);

} // namespace podsizer

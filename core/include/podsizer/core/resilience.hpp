// Resilience of one design (docs/resilience.md §8–§12): rebuild times and the
// odds of losing data after a D-box failure, throughput with a D-box down
// and during a checkpoint burst, a WAN outage's backlog and catch-up, data
// staging, and flash endurance.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/resilience_types.hpp"
#include "podsizer/core/scenario.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace podsizer {

/// Drive writes per day of `write` sustained all day on `raw` capacity, each
/// byte written as a stripe of width/data strips: W × 86,400 s × (w/d) / raw.
double drive_writes_per_day(Throughput write, Capacity raw, int width, int data_strips);

/// P(at least k events) of a Poisson count with mean m: 1 − Σ_{i<k} e^{−m} mⁱ/i!.
double poisson_at_least(int k, double m);

/// Why a design has no resilience figures: its D-box gives no drive_afr and
/// the run gives no AFR. The one message of the engine and of `podsizer
/// resilience` (REVIEW-3 part C, R5: it was written twice, two ways).
std::string no_drive_afr_message(std::string_view dbox_id);

/// The resilience of `d`, built on `box` and its erasure-coding rule `ec`.
DesignResilience assess_resilience(const Design& d, const DBoxModel& box,
                                   const ErasureCodingRule& ec, const ResilienceInputs& in);

/// The annual probability of losing data to drive failures from the
/// first-order rate (docs/resilience.md §2), as the workbook's Resilience
/// sheet computes it: x(1 − x/2) below 1e-4 (which keeps the digits 1 − e^−x
/// loses), else 1 − e^−x, with x the rate over a year. An upper bound on the
/// exact chain's figure. Unset without resilience figures or with fewer
/// drives than a stripe.
std::optional<double> first_order_annual_loss(const Design& d);

/// The headline annual loss (docs/resilience.md §9): the drive term of
/// first_order_annual_loss combined with the enclosure term,
/// 1 − (1 − drives)(1 − D-boxes), computed as a + b − a·b so small terms
/// keep their digits. Unset where first_order_annual_loss is.
std::optional<double> headline_annual_loss(const Design& d);

/// The first reference system the scenario compares with that gives
/// per-account limits (the cloud store the offsite copies go to); null: none.
const ReferenceSystem* account_reference(const Scenario& s, const Catalog& catalog);

/// The scenario's resilience values over the defaults, its WAN, and the
/// per-account limits of the first reference it compares with that gives them.
ResilienceInputs resilience_inputs(const Scenario& s, const Catalog& catalog);

/// Sets every design's `resilience` whose D-box (or `in`) gives a drive AFR.
void assess_designs(SizingResult& sized, const Catalog& catalog, const ResilienceInputs& in);

} // namespace podsizer

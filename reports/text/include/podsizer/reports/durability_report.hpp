// The `podsizer durability` report (docs/resilience.md, docs/cli.md): the
// annual probability of data loss and its nines for one erasure-coded layout,
// by the closed form and, when asked, by the simulator with its interval.
#pragma once

#include "podsizer/core/durability.hpp"
#include "podsizer/core/durability_sim.hpp"
#include "podsizer/reports/format.hpp"
#include "podsizer/reports/grid.hpp"

#include <optional>
#include <string>

namespace podsizer {

/// Where the drive rebuild time came from when it was not given: the
/// backend's rebuild bandwidth, the drive and how full it is.
struct RebuildBasis {
    Throughput bandwidth;
    Capacity drive_size;
    double fill = 0.8;
};

/// What `podsizer durability` was asked.
struct DurabilityQuery {
    DurabilityInputs layout;
    /// Fraction of the stripe's data strips read per rebuilt strip (1 for
    /// Reed-Solomon, 0.25 for a locally decodable code).
    double rebuild_read_fraction = 1.0;
    std::optional<RebuildBasis> rebuild; ///< none: --rebuild-time was given
    /// Set with --method simulate: the run's settings (its layout is `layout`).
    std::optional<SimulationInputs> simulation;
};

/// The results the report shows: the closed form always (with simulate it is
/// the reference the interval is read against), the simulation when run.
struct DurabilityOutcome {
    DurabilityResult closed;
    std::optional<SimulationResult> simulated;
};

/// The Metric/Value table of the table and Markdown reports.
Grid durability_grid(const DurabilityQuery& q, const DurabilityOutcome& o);

/// One row per run for machines: SI numbers in full precision, the units in
/// the header (the CSV).
Grid durability_csv_grid(const DurabilityQuery& q, const DurabilityOutcome& o);

/// The whole report. JSON keys: method, stripe, data_strips, parity, drives,
/// afr, drive_rebuild_s, rebuild (or null), annual_loss_probability, nines,
/// mttdl_s, first_order_rate_per_hour, closed_form {...}; with simulate also
/// ci_low, ci_high, confidence, losses, simulated_years, drive_years, events,
/// seed, threads, service, annual_loss_rate, rate_low, rate_high, wall_s.
std::string render_durability(const DurabilityQuery& q, const DurabilityOutcome& o, Format format);

} // namespace podsizer

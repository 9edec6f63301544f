// Growth on the installed base (docs/sites-and-phases.md §2): each phase adds
// C-nodes, D-boxes, switches and racks to what the phases before it
// installed, nothing installed is moved or removed, and the hardware and the
// fabric are those of the final phase.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/finding.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/core/sites.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace podsizer {

/// A bill of the four things a phase installs.
struct PhaseCounts {
    std::int64_t cnodes = 0;
    std::int64_t dboxes = 0;
    std::int64_t switches = 0;
    std::int64_t racks = 0;

    bool operator==(const PhaseCounts&) const = default;
};

PhaseCounts operator-(const PhaseCounts& a, const PhaseCounts& b);

/// One phase: what it adds, what is installed after it and what that delivers.
struct PhaseStep {
    std::string name;
    std::string date;         ///< as given; empty: none
    std::int64_t gpus = 0;    ///< GPUs the phase's requirement is for
    Capacity required_usable; ///< the capacity need after the phase
    Throughput required_read; ///< zero without a performance requirement
    Throughput required_write;
    PhaseCounts needed; ///< the phase's target sized from scratch (same hardware)
    PhaseCounts added;  ///< total − the total before
    PhaseCounts total;  ///< installed after the phase
    int fabric_tiers = 0;
    Capacity usable; ///< what the installed base delivers
    Throughput read;
    Throughput write;
    Power power; ///< on the design's power basis
    /// What the installed base delivers in the failure state it is sized
    /// for (its verdict's read and write checks); intact without one.
    SizeFor state = SizeFor::intact;
    Throughput read_in_state;
    Throughput write_in_state;
    Throughput wan_out; ///< the checkpoints' offsite copies leaving (docs/checkpoints.md)
    /// Phases by site (docs/sites-and-phases.md, "Phases by site"): the
    /// site, and whether the phase opens it; empty for one system.
    std::string site;
    bool opens = false;
    /// One pod of the installed base as built after the phase, and how many
    /// such pods the step counts (a site's pods; 1 for one system): what the
    /// money over time prices (cash_flow.hpp). Null on phase_totals' rows.
    std::shared_ptr<const Design> built;
    std::int64_t pods = 1;
    /// A separate replica store at the site (its site's replica_store):
    /// built in the phase its first sender opens, its counts and power in
    /// `total` and `power` from then on (and in `added` when `store_added`).
    std::shared_ptr<const Design> store;
    bool store_added = false;
    std::vector<Finding> findings;
};

struct PhasePlan {
    std::string design;      ///< the option grown (its name)
    std::string cnode_model; ///< the hardware every phase installs: the final's
    std::string dbox_model;
    Capacity drive_size;
    PhaseCounts scratch; ///< the final phase's target sized from scratch
    int scratch_tiers = 0;
    std::vector<PhaseStep> phases;
    /// Phases by site: one step per site open after each phase, in phase
    /// order and the site list's order within a phase; each site grows on
    /// its own installed base. The models and scratch above are then unset.
    bool by_site = false;

    /// No phase has an error finding.
    bool meets() const;
};

/// The scenario's `phases`, grown with its first option (the automatic one
/// without options), with `added[k]`, when given, in phase k's requirements
/// (a site holding other sites' copies in its own system; one entry per
/// phase). Nullopt without phases. Throws InputError (from the engine) when a
/// phase cannot be sized.
std::optional<PhasePlan> plan_phases(const Scenario& scenario, const Catalog& catalog,
                                     const std::vector<AddedNeed>& added = {});

/// Phases that name a site (`phases[N].site`): each site of the list grown
/// on its own installed base, sized as its one-site scenario
/// (docs/sites-and-phases.md, "Phases by site"); a site no phase names is in
/// service from the first phase at its full size. Nullopt when no phase
/// names a site, or without a per-pod design.
///
/// `sites` is size_sites' plan of the same scenario: a site holding other
/// sites' copies in its own system grows by them from the phase each sender
/// opens ("Replication between sites"), so its last phase is its sites row.
std::optional<PhasePlan> plan_site_phases(const Scenario& scenario, const Catalog& catalog,
                                          const SizingResult& sized, const SitePlan& sites);
/// Phases by site summed per phase (the project after each phase: GPUs,
/// counts added and standing, usable, read and write intact and in the
/// sized state, power, WAN out); a one-system plan's own steps.
std::vector<PhaseStep> phase_totals(const PhasePlan& plan);
/// Some phase names a site.
bool phases_by_site(const Scenario& scenario);

} // namespace podsizer

// The sizing engine: a pure function of (scenario, catalog) → designs.
#pragma once

#include "podsizer/core/catalog.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/scenario.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace podsizer {

/// Sizes every option of the scenario (or one automatic option when it has
/// none). Throws InputError when the scenario names things the catalog lacks.
SizingResult size_scenario(const Scenario& scenario, const Catalog& catalog);

/// A need added to every option's requirements: a site holding other sites'
/// copies in its own system (docs/sites-and-phases.md, "Replication between
/// sites") grows its capacity by them and its write by their arrival.
struct AddedNeed {
    Capacity usable;
    Throughput write;
    std::string why; ///< appended to the write's driver ("the copies arriving …")
};

/// size_scenario with `added` in every option's requirements.
SizingResult size_scenario(const Scenario& scenario, const Catalog& catalog,
                           const AddedNeed& added);

/// The requirements one option is sized against: the scenario's, with the
/// option's own capacity need and without throughput when it says
/// "performance": "none".
Requirements option_requirements(const Requirements& base, const OptionSpec& option);

/// Sizes one option against already computed requirements.
Design size_option(const OptionSpec& option, const Requirements& req, const Scenario& scenario,
                   const Catalog& catalog);

/// Evaluates a hand-made design: the counts are taken as given (no sizing);
/// requirements, if any, only produce findings.
struct HandDesign {
    std::string name;
    std::string cnode;
    std::string dbox;
    std::optional<Capacity> drive;
    std::string rack;
    std::string network_switch;
    std::int64_t cnodes = 0;
    std::int64_t dboxes = 0;
    std::optional<EcLayout> layout; ///< replaces the constraints' layout
};

/// Where each model id of a design came from, as an error names it: a JSON
/// path key by default, the caller's own words otherwise (the CLI passes its
/// flags, "--cnode"), so core knows no front end's spelling.
struct HardwarePlaces {
    std::string cnode = "cnode";
    std::string dbox = "dbox";
    std::string drive = "drive";
};

/// Throws InputError naming `where` for an unknown C-node or D-box id or a
/// drive the D-box does not offer.
Design evaluate_design(const HandDesign& hand, const Requirements& req,
                       const Constraints& constraints, double data_reduction,
                       const Catalog& catalog, const HardwarePlaces& where = {});

/// The hardware one design is built from, already resolved against a catalog
/// (the pointers point into it). The optimiser enumerates these directly, so
/// evaluating a candidate never looks an id up again.
struct HardwareChoice {
    const CNodeModel* cnode = nullptr;
    const DBoxModel* dbox = nullptr;
    Capacity drive;
    const SwitchModel* network_switch = nullptr;
    const RackModel* rack = nullptr;
    const ErasureCodingRule* ec = nullptr; ///< the D-box's erasure-coding rule
    /// The catalog's cache of what a combination rests on; null: worked out
    /// for each design.
    const AssumptionCache* assumptions = nullptr;
};

/// The D-boxes automatic hardware chooses from: the NCP-certified ones when the
/// performance rule requires certification (and the catalog has any), else all.
/// Shared by size_option and the optimiser so both apply the same rule.
std::vector<const DBoxModel*> candidate_dboxes(const Catalog& catalog, const PerformanceRule* rule);

/// Resolves model ids against the catalog: an empty rack or switch id means
/// the catalog's default, no drive means the D-box's default drive. Throws
/// InputError (naming `where`) for an unknown C-node or D-box id or drive.
HardwareChoice resolve_hardware(const Catalog& catalog, const std::string& cnode,
                                const std::string& dbox, std::optional<Capacity> drive,
                                const std::string& rack, const std::string& network_switch,
                                const HardwarePlaces& where = {});

/// C-nodes one D-box keeps busy (docs/model.md §5): the smaller of the read and
/// write ratios of D-box backend to C-node throughput.
/// A device's read and write as delivered: the catalog figure capped by
/// what its ports carry (docs/model.md §7).
Throughput cnode_read(const HardwareChoice& hw);
Throughput cnode_write(const HardwareChoice& hw);
Throughput dbox_read(const HardwareChoice& hw);
Throughput dbox_write(const HardwareChoice& hw);

/// What `cnodes` C-nodes and `dboxes` D-boxes of `hw` deliver (docs/model.md
/// §7): each device as above, the pod the smaller of front end and back end.
/// The one statement of that rule: a design's throughput, the knee curve and
/// the workbook's knee data all come from it (the curves without laying out a
/// design per point).
struct DeliveredRates {
    Throughput frontend_read;
    Throughput frontend_write;
    Throughput backend_read;
    Throughput backend_write;
    Throughput read() const { return std::min(frontend_read, backend_read); }
    Throughput write() const { return std::min(frontend_write, backend_write); }
};
DeliveredRates delivered_rates(const HardwareChoice& hw, std::int64_t cnodes, std::int64_t dboxes);

double saturation(const HardwareChoice& hw);

struct DesignCounts {
    std::int64_t cnodes = 0;
    std::int64_t dboxes = 0;
};

/// C-node and D-box counts for one option's sizing mode (docs/model.md §5).
DesignCounts balance_counts(const OptionSpec& option, const HardwareChoice& hw,
                            const Requirements& req, const Constraints& constraints);

/// The counts `size` gives one hardware choice in requirement mode: the
/// requirement times 1 + headroom, grown to the rack width and to the failure
/// state the constraints size for (docs/model.md §5) at rebuild share `rho`.
/// The optimiser anchors its sweep here, so its front holds `size`'s design.
DesignCounts sized_counts(const HardwareChoice& hw, const Requirements& req,
                          const Constraints& constraints, double data_reduction,
                          const PerformanceRule* rule, double rho);

/// Everything that follows once the counts are known: capacity, throughput,
/// switches, racks, power and findings. With `with_layout` false the rack
/// count is still computed exactly (the same even spread, the same fit test)
/// but no U-by-U slots are built, `layout` stays empty and so does
/// `assumptions` (docs/model.md §14): the optimiser's fast path. `rule` may
/// be null.
Design build_design(const std::string& name, const HardwareChoice& hw, std::int64_t cnodes,
                    std::int64_t dboxes, const Requirements& req, const Constraints& constraints,
                    double data_reduction, const PerformanceRule* rule, bool with_layout = true);

} // namespace podsizer

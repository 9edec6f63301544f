#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "exports.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/requirements.hpp"
#include "podsizer/core/resilience.hpp"
#include "podsizer/reports/study.hpp"
#include "power_args.hpp"
#include "price_args.hpp"

#include <memory>
#include <optional>
#include <utility>

namespace podsizer::cli {

namespace {

struct DesignArgs {
    std::string cnode;
    std::string dbox;
    std::string drive;
    std::string cnodes;
    std::string dboxes;
    std::string rack;
    std::string network_switch;
    std::string scenario;
    std::string name;
    std::string layout;
    PowerArgs power;
    std::string prices;
    ExportOptions exports;
};

int run_design(const GlobalOptions& g, const DesignArgs& a) {
    const Format format = parse_format(g.format);
    Diagnostics diag;
    Catalog catalog = load_catalog(g, diag);
    // First, so the hardware flags may name the scenario's own catalog entries.
    std::optional<Scenario> scenario;
    if (!a.scenario.empty()) {
        scenario = read_scenario(a.scenario, catalog, diag);
    }
    HandDesign hand;
    hand.name = flag_name(a.name, "--name");
    hand.cnode = require_known(a.cnode, ids_of(catalog.cnodes), "--cnode", "C-node model");
    hand.dbox = require_known(a.dbox, ids_of(catalog.dboxes), "--dbox", "D-box model");
    if (!a.rack.empty()) {
        hand.rack = require_known(a.rack, ids_of(catalog.racks), "--rack", "rack model");
    }
    if (!a.network_switch.empty()) {
        hand.network_switch =
            require_known(a.network_switch, ids_of(catalog.switches), "--switch", "switch model");
    }
    if (!a.drive.empty()) {
        try {
            hand.drive = parse<Capacity>(a.drive);
        } catch (const InputError& e) {
            throw e.located("--drive");
        }
    }
    if (!a.layout.empty()) {
        hand.layout = ec_layout_from_string(a.layout);
        if (!hand.layout) {
            throw InputError("--layout", "\"" + a.layout +
                                             "\" is not an erasure-coding layout; expected auto, "
                                             "classic, dbox-ha or rack-resilient");
        }
    }
    hand.cnodes = parse_count(a.cnodes, "--cnodes");
    hand.dboxes = parse_count(a.dboxes, "--dboxes");

    Requirements req;
    Constraints constraints;
    double data_reduction = 1.0;
    std::string title = "Hand-made design";
    if (scenario) {
        const Scenario& s = *scenario;
        try {
            req = compute_requirements(s, catalog);
        } catch (const InputError& e) {
            throw e.located(a.scenario);
        }
        constraints = s.constraints;
        data_reduction = s.data_reduction;
        title = s.name;
    }
    print_warnings(diag);
    apply_power_flags(a.power, constraints, catalog);
    // Any C:D is evaluated: a ratio outside the constraints' bounds is a
    // finding (cd-below-min, cd-above-max; exit 1) like any other unmet
    // design, so the user sees what the design gives before changing it.
    SizingResult result;
    result.scenario = title;
    result.requirements = req;
    result.prices = scenario ? scenario->prices : std::nullopt;
    if (std::optional<PriceBook> book = read_prices_flag(a.prices)) {
        result.prices = std::move(book); // the flag over the scenario's
    }
    result.designs.push_back(evaluate_design(hand, req, constraints, data_reduction, catalog,
                                             {"--cnode", "--dbox", "--drive"}));
    // A hand-made design is assessed like a sized one: its throughput with a
    // D-box or a rack down, its durability and their risks (issue 28).
    assess_designs(result, catalog, resilience_inputs(scenario ? *scenario : Scenario{}, catalog));
    const Study study = study_of(std::move(result));
    write_exports(a.exports, study, catalog, scenario ? &*scenario : nullptr,
                  run_inputs(g, a.scenario));
    return emit_sizing(study.sizing, format);
}

} // namespace

void add_design_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    auto* design = app.add_subcommand("design", "Evaluate a hand-made design (no sizing)");
    auto da = std::make_shared<DesignArgs>();
    design->add_option("--cnode", da->cnode, "C-node model id")
        ->required()
        ->check(complete_catalog_ids("cnodes"));
    design->add_option("--dbox", da->dbox, "D-box model id")
        ->required()
        ->check(complete_catalog_ids("dboxes"));
    design->add_option("--drive", da->drive,
                       "Drive size, e.g. \"61.44 TB\" (default: the model's)");
    design->add_option("--cnodes", da->cnodes, "Number of C-nodes")->required();
    design->add_option("--dboxes", da->dboxes, "Number of D-boxes")->required();
    design->add_option("--rack", da->rack, "Rack model id (default: the catalog's)")
        ->check(complete_catalog_ids("racks"));
    design->add_option("--switch", da->network_switch, "Switch model id (default: the catalog's)")
        ->check(complete_catalog_ids("switches"));
    design
        ->add_option("--scenario", da->scenario,
                     "Scenario whose requirements and constraints to check against")
        ->check(complete_file());
    design->add_option("--name", da->name, "Name shown for the design");
    design
        ->add_option("--layout", da->layout,
                     "Erasure-coding layout: auto, classic, dbox-ha or rack-resilient "
                     "(default: the scenario's, else auto)")
        ->check(complete_choices({"auto", "classic", "dbox-ha", "rack-resilient"}));
    add_power_flags(*design, da->power);
    add_prices_flag(*design, da->prices);
    add_export_options(design, da->exports);
    design->callback([&g, &action, da] { action = [&g, da] { return run_design(g, *da); }; });
}

} // namespace podsizer::cli

#include "cli_common.hpp"
#include "completion_hints.hpp"
#include "exports.hpp"
#include "flag_binding.hpp"
#include "output_plan.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/ec_layout.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/requirements.hpp"
#include "podsizer/core/resilience.hpp"
#include "podsizer/reports/study.hpp"
#include "power_args.hpp"
#include "price_args.hpp"
#include "scenario_sets.hpp"

#include <fmt/format.h>
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
    std::vector<std::string> sets;
    std::string name;
    std::string layout;
    PowerArgs power;
    std::string prices;
    ExportOptions exports;
};

/// A model id given to `flag`, by the row of options[N].cnode (dbox): a
/// hand-made design names its model, so the row's "auto" is refused here.
std::string model_flag(const std::string& text, const FlagBinding& binding,
                       const Catalog& catalog) {
    std::string id = std::get<std::string>(flag_value(text, binding, catalog));
    if (id == "auto") {
        throw InputError(binding.flag,
                         fmt::format("\"auto\": a hand-made design names its "
                                     "model; expected a {} model id (podsizer catalog "
                                     "list), or podsizer size to choose one",
                                     bound_field(binding).label));
    }
    return id;
}

/// The design the flags describe. Each flag is bound to the row of the
/// scenario option field it stands for (options[N].cnode, .drive, .cnodes,
/// ...), so it is read, limited and described as an option in a file is.
HandDesign hand_design(const DesignArgs& a, const Catalog& catalog) {
    HandDesign hand;
    if (!a.name.empty()) {
        hand.name =
            std::get<std::string>(flag_value(a.name, {"--name", "options[N].name"}, catalog));
    }
    hand.cnode = model_flag(a.cnode, {"--cnode", "options[N].cnode"}, catalog);
    hand.dbox = model_flag(a.dbox, {"--dbox", "options[N].dbox"}, catalog);
    if (!a.rack.empty()) {
        hand.rack =
            std::get<std::string>(flag_value(a.rack, {"--rack", "options[N].rack"}, catalog));
    }
    if (!a.network_switch.empty()) {
        hand.network_switch = std::get<std::string>(
            flag_value(a.network_switch, {"--switch", "options[N].switch"}, catalog));
    }
    if (!a.drive.empty()) {
        if (const FieldData v = flag_value(a.drive, {"--drive", "options[N].drive"}, catalog);
            const double* bytes = std::get_if<double>(&v)) {
            hand.drive = Capacity::from_base(*bytes);
        }
    }
    if (!a.layout.empty()) {
        hand.layout = ec_layout_from_string(std::get<std::string>(
            flag_value(a.layout, {"--layout", "options[N].layout"}, catalog)));
    }
    const FieldData cnodes = flag_value(a.cnodes, {"--cnodes", "options[N].cnodes"}, catalog);
    if (!std::holds_alternative<std::int64_t>(cnodes)) {
        throw InputError("--cnodes", fmt::format("\"{}\": a hand-made design has a fixed C-node "
                                                 "count; expected a whole number (knee and auto "
                                                 "are for podsizer size)",
                                                 a.cnodes));
    }
    hand.cnodes = std::get<std::int64_t>(cnodes);
    hand.dboxes =
        std::get<std::int64_t>(flag_value(a.dboxes, {"--dboxes", "options[N].dboxes"}, catalog));
    return hand;
}

int run_design(const GlobalOptions& g, const DesignArgs& a) {
    const Format format = parse_format(g.format);
    Diagnostics diag;
    Catalog catalog = load_catalog(g, diag);
    // First, so the hardware flags may name the scenario's own catalog entries.
    std::optional<Scenario> scenario;
    if (!a.scenario.empty()) {
        scenario = read_scenario(a.scenario, catalog, diag, a.sets);
    }
    if (!a.sets.empty() && a.scenario.empty()) {
        throw InputError("--set", "changes a field of the --scenario file; expected --scenario "
                                  "FILE with it (the design itself is given by the flags)");
    }
    const HandDesign hand = hand_design(a, catalog);
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
    if (std::optional<PriceBook> book = read_prices_flag(a.prices, &catalog)) {
        result.prices = std::move(book); // the flag over the scenario's
    }
    result.designs.push_back(evaluate_design(hand, req, constraints, data_reduction, catalog,
                                             {"--cnode", "--dbox", "--drive"}));
    // A hand-made design is assessed like a sized one: its throughput with a
    // D-box or a rack down, its durability and their risks (issue 28).
    assess_designs(result, catalog, resilience_inputs(scenario ? *scenario : Scenario{}, catalog));
    const Study study = study_of(std::move(result));
    write_outputs(&a.exports, nullptr,
                  {"design", &study, &catalog, scenario ? &*scenario : nullptr},
                  run_inputs(g, a.scenario));
    return emit_sizing(study.sizing, format);
}

} // namespace

void add_design_command(CLI::App& app, const GlobalOptions& g, Action& action) {
    const auto [design, da] = add_command<DesignArgs>(
        app, g, action, "design", "Evaluate a hand-made design (no sizing)", run_design);
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
    add_set_option(*design, da->sets);
    design->add_option("--name", da->name, "Name shown for the design");
    design
        ->add_option("--layout", da->layout,
                     "Erasure-coding layout: auto, classic, dbox-ha or rack-resilient "
                     "(default: the scenario's, else auto)")
        ->check(complete_choices({kEcLayoutNames.names.begin(), kEcLayoutNames.names.end()}));
    add_power_flags(*design, da->power);
    add_prices_flag(*design, da->prices);
    add_export_options(design, da->exports);
}

} // namespace podsizer::cli

// podsizer — the scripting CLI. Exit codes (docs/cli.md): 0 ok; 1 sized but a
// requirement or constraint is not met; 2 bad input. Errors are one line on
// stderr, never a stack trace.
#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/catalog/suggest.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/requirements.hpp"
#include "podsizer/reports/catalog_report.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "podsizer/reports/version.hpp"

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace {

using namespace podsizer;

constexpr int kExitOk = 0;
constexpr int kExitNotMet = 1;
constexpr int kExitBadInput = 2;

struct GlobalOptions {
    std::vector<std::string> catalogs;
    std::string format = "table";
};

void print_warnings(const Diagnostics& diag) {
    for (const std::string& w : diag.warnings) {
        std::cerr << "podsizer: warning: " << w << "\n";
    }
}

Format parse_format(const std::string& s) {
    if (auto f = format_from_string(s)) {
        return *f;
    }
    throw InputError("--format", "\"" + s + "\" is not a format; expected table, json, csv or md");
}

Catalog load_catalog(const GlobalOptions& g, Diagnostics& diag) {
    Catalog catalog = default_catalog();
    for (const std::string& path : g.catalogs) {
        merge_catalog_file(catalog, path, &diag);
        validate_catalog(catalog, path);
    }
    return catalog;
}

std::int64_t parse_count(const std::string& text, const std::string& flag) {
    std::size_t used = 0;
    long long v = 0;
    try {
        v = std::stoll(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != text.size() || text.empty()) {
        throw InputError(flag, "\"" + text + "\" is not a whole number; expected a count >= 1");
    }
    if (v < 1 || v > 1'000'000'000'000LL) {
        throw InputError(flag, text + " is out of range; expected a count from 1 to 10^12");
    }
    return v;
}

std::string require_known(const std::string& id, const std::vector<std::string>& ids,
                          const std::string& flag, const char* what) {
    for (const std::string& known : ids) {
        if (known == id) {
            return id;
        }
    }
    throw InputError(flag, "unknown " + std::string(what) + " \"" + id + "\" (" +
                               suggestion_phrase(id, ids) + ")");
}

template <class T> std::vector<std::string> ids_of(const std::vector<T>& items) {
    std::vector<std::string> out;
    for (const T& t : items) {
        out.push_back(t.id);
    }
    return out;
}

int emit_sizing(const SizingResult& result, Format format) {
    std::cout << render_sizing(result, format);
    return result.all_feasible() ? kExitOk : kExitNotMet;
}

int run_size(const GlobalOptions& g, const std::string& scenario_path) {
    const Format format = parse_format(g.format);
    Diagnostics diag;
    const Catalog catalog = load_catalog(g, diag);
    const Scenario scenario = load_scenario(scenario_path, catalog, &diag);
    print_warnings(diag);
    SizingResult result;
    try {
        result = size_scenario(scenario, catalog);
    } catch (const InputError& e) {
        throw e.located(scenario_path);
    }
    return emit_sizing(result, format);
}

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
};

int run_design(const GlobalOptions& g, const DesignArgs& a) {
    const Format format = parse_format(g.format);
    Diagnostics diag;
    const Catalog catalog = load_catalog(g, diag);
    HandDesign hand;
    hand.name = a.name;
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
    hand.cnodes = parse_count(a.cnodes, "--cnodes");
    hand.dboxes = parse_count(a.dboxes, "--dboxes");

    Requirements req;
    Constraints constraints;
    double data_reduction = 1.0;
    std::string title = "Hand-made design";
    if (!a.scenario.empty()) {
        const Scenario s = load_scenario(a.scenario, catalog, &diag);
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
    const double cd = static_cast<double>(hand.cnodes) / static_cast<double>(hand.dboxes);
    if (cd < constraints.cd_min.c_per_d * (1 - 1e-9) ||
        cd > constraints.cd_max.c_per_d * (1 + 1e-9)) {
        throw InputError("--cnodes/--dboxes",
                         std::to_string(hand.cnodes) + " C-nodes on " +
                             std::to_string(hand.dboxes) + " D-boxes is a C:D ratio of " +
                             format_cd_ratio(cd) + ", outside the bounds " +
                             constraints.cd_min.text + " to " + constraints.cd_max.text);
    }
    SizingResult result;
    result.scenario = title;
    result.requirements = req;
    result.designs.push_back(evaluate_design(hand, req, constraints, data_reduction, catalog));
    return emit_sizing(result, format);
}

int run_catalog_list(const GlobalOptions& g) {
    const Format format = parse_format(g.format);
    Diagnostics diag;
    const Catalog catalog = load_catalog(g, diag);
    print_warnings(diag);
    std::cout << render_catalog_list(catalog, format);
    return kExitOk;
}

int run_catalog_show(const GlobalOptions& g, const std::string& id) {
    const Format format = parse_format(g.format);
    Diagnostics diag;
    const Catalog catalog = load_catalog(g, diag);
    print_warnings(diag);
    const std::string out = render_catalog_entry(catalog, id, format);
    if (out.empty()) {
        throw InputError("catalog show", "unknown id \"" + id + "\" (" +
                                             suggestion_phrase(id, catalog_ids(catalog)) + ")");
    }
    std::cout << out;
    return kExitOk;
}

int run_catalog_validate(const GlobalOptions& g, const std::string& path) {
    Diagnostics diag;
    Catalog catalog = load_catalog(g, diag);
    Catalog only;
    merge_catalog_file(only, path, &diag);
    merge_catalog_file(catalog, path, nullptr);
    validate_catalog(catalog, path);
    print_warnings(diag);
    const std::size_t n = only.cnodes.size() + only.dboxes.size() + only.erasure_coding.size() +
                          only.switches.size() + only.racks.size() + only.platforms.size() +
                          only.rules.size() + only.references.size();
    std::cout << path << ": ok, " << n << " entries"
              << (diag.warnings.empty() ? "" : " (with warnings)") << "\n";
    return kExitOk;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"podsizer — storage sizing for AI/GPU clusters", "podsizer"};
    app.fallthrough();
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string(podsizer::version()));

    GlobalOptions g;
    app.add_option("--catalog", g.catalogs,
                   "Catalog file adding or overriding entries of the default catalog (repeatable)");
    app.add_option("--format", g.format, "Output format: table, json, csv or md")
        ->capture_default_str();

    std::string scenario_path;
    auto* size = app.add_subcommand("size", "Size every option of a scenario file");
    size->add_option("SCENARIO", scenario_path, "Scenario JSON file")->required();

    DesignArgs da;
    auto* design = app.add_subcommand("design", "Evaluate a hand-made design (no sizing)");
    design->add_option("--cnode", da.cnode, "C-node model id")->required();
    design->add_option("--dbox", da.dbox, "D-box model id")->required();
    design->add_option("--drive", da.drive, "Drive size, e.g. \"61.44 TB\" (default: the model's)");
    design->add_option("--cnodes", da.cnodes, "Number of C-nodes")->required();
    design->add_option("--dboxes", da.dboxes, "Number of D-boxes")->required();
    design->add_option("--rack", da.rack, "Rack model id (default: the catalog's)");
    design->add_option("--switch", da.network_switch, "Switch model id (default: the catalog's)");
    design->add_option("--scenario", da.scenario,
                       "Scenario whose requirements and constraints to check against");
    design->add_option("--name", da.name, "Name shown for the design");

    auto* catalog = app.add_subcommand("catalog", "List, show or validate catalog entries");
    catalog->require_subcommand(1);
    auto* list = catalog->add_subcommand("list", "List every model with its key figures");
    std::string show_id;
    auto* show = catalog->add_subcommand("show", "Show one entry with every figure and source");
    show->add_option("ID", show_id, "Entry id")->required();
    std::string validate_path;
    auto* validate = catalog->add_subcommand("validate", "Check a catalog file");
    validate->add_option("PATH", validate_path, "Catalog JSON file")->required();

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "podsizer: error: " << e.what() << " (see podsizer --help)\n";
        return kExitBadInput;
    }

    try {
        if (*size) {
            return run_size(g, scenario_path);
        }
        if (*design) {
            return run_design(g, da);
        }
        if (*list) {
            return run_catalog_list(g);
        }
        if (*show) {
            return run_catalog_show(g, show_id);
        }
        if (*validate) {
            return run_catalog_validate(g, validate_path);
        }
    } catch (const podsizer::InputError& e) {
        std::cerr << "podsizer: error: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const std::exception& e) {
        // Not the user's fault: say so plainly, still without a stack trace.
        std::cerr << "podsizer: internal error: " << e.what() << "\n";
        return 3;
    }
    return kExitBadInput;
}

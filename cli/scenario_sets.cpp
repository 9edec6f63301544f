#include "scenario_sets.hpp"

#include "cli_common.hpp"
#include "output_paths.hpp"
#include "podsizer/batch/scenario_set.hpp"
#include "podsizer/catalog/scenario_catalog.hpp"
#include "podsizer/catalog/scenario_document.hpp"
#include "podsizer/core/errors.hpp"

namespace podsizer::cli {

void add_set_option(CLI::App& cmd, std::vector<std::string>& sets) {
    cmd.add_option("--set", sets,
                   "PATH=VALUE: change one field of the scenario file for this run, e.g. "
                   "'options[0].drive=30.72TB' (repeatable; the paths of sweep --vary)")
        ->allow_extra_args(false); // one expression per --set; SCENARIO may follow
}

Scenario read_scenario(const std::string& path, Catalog& catalog, Diagnostics& diag,
                       const std::vector<std::string>& sets) {
    if (sets.empty()) {
        return read_scenario(path, catalog, diag);
    }
    // The expressions first: a typo in a path is reported before the file.
    const ScenarioSets parsed = parse_sets(sets);
    try {
        // As sweep reads its base: the own catalog merged, then the document
        // edited and read by the scenario reader.
        ScenarioDocument doc(read_text_file(path), path);
        std::vector<std::string> named;
        std::vector<std::string> price_files;
        doc.take_catalog(catalog, scenario_base_dir(path), &diag, &named, &price_files);
        note_scenario_catalog_files(named);
        for (const std::string& f : price_files) {
            note_price_book_file(f);
        }
        Scenario s = parse_with_sets(doc, parsed, catalog, &diag);
        print_warnings(diag);
        diag.warnings.clear();
        return s;
    } catch (const InputError&) {
        print_warnings(diag);
        throw;
    }
}

} // namespace podsizer::cli

// A scenario that carries its own catalog entries (docs/scenario-format.md,
// "A scenario's own catalog"): a `catalog` block in the file, or the path of
// a catalog file relative to it, so a colleague opening the scenario sizes
// the same designs without a --catalog flag.
#pragma once

#include "podsizer/catalog/catalog_io.hpp"
#include "podsizer/core/scenario.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace podsizer {

/// What a scenario file holds beside its Scenario: its own `catalog` member
/// and its comments (keys starting with "_", at any depth), so an editor that
/// saves the Scenario writes them back (the GUI's Save).
struct ScenarioExtras {
    /// A comment: the JSON pointer of the object holding it ("" for the top,
    /// "/fleet"), its key and its value as JSON text.
    struct Comment {
        std::string parent;
        std::string key;
        std::string value;
        bool operator==(const Comment&) const = default;
    };
    std::string catalog; ///< the `catalog` member as JSON text; empty when there is none
    /// The `prices` member when it names a price-book file (the path as
    /// written); empty when the scenario embeds its book or has none.
    std::string prices;
    std::string base_dir; ///< the directory its relative catalog paths are taken from
    std::vector<Comment> comments;
    bool operator==(const ScenarioExtras&) const = default;
};

/// A scenario and the catalog to size it with: the given catalog with the
/// scenario's own entries merged over it (and checked whole).
struct ScenarioWithCatalog {
    Scenario scenario;
    Catalog catalog;
    std::size_t own_entries = 0; ///< entries the scenario's own catalog adds or replaces
    /// The catalog files its own catalog named, as read (each once): inputs
    /// of the run that no export may replace (third red-team round, defect 2).
    std::vector<std::string> catalog_files;
    /// The price-book file its `prices` named, as read: an input too.
    std::vector<std::string> price_files;
    ScenarioExtras extras; ///< the own catalog and comments, as written in the file
};

/// Reads a scenario document whose `catalog` member (a catalog document, the
/// path of a catalog file relative to `base_dir`, or a list of those) is
/// merged over `catalog` before the scenario's ids are checked against it.
/// Errors name `origin` and the JSON path, inside the block too
/// ("s.json: $.catalog.cnodes[0].power: …").
ScenarioWithCatalog parse_scenario_with_catalog(std::string_view text, const std::string& origin,
                                                const std::string& base_dir, const Catalog& catalog,
                                                Diagnostics* diag = nullptr);

/// The directory a scenario file's relative catalog paths are taken from:
/// the real file's, with symbolic links resolved (docs/scenario-format.md).
std::string scenario_base_dir(const std::string& path);

/// The same for a file; relative catalog paths are taken from the directory
/// of the real file (scenario_base_dir).
ScenarioWithCatalog load_scenario_with_catalog(const std::string& path, const Catalog& catalog,
                                               Diagnostics* diag = nullptr);

/// `catalog` with the extras' own catalog merged over it and checked whole,
/// as when the file was read (the GUI re-merges it when its own catalog
/// entries change). Errors name `origin` and the JSON path.
Catalog merge_scenario_catalog(const Catalog& catalog, const ScenarioExtras& extras,
                               const std::string& origin);

/// The extras as they must read from a file saved in `save_dir`: relative
/// catalog paths are rewritten to name the same files from there.
ScenarioExtras rebase_extras(const ScenarioExtras& extras, const std::string& save_dir);

/// scenario_to_json with the extras written back: the own catalog as
/// `catalog`, each comment in its object when the object is still there.
std::string scenario_to_json(const Scenario& scenario, const ScenarioExtras& extras);

/// Whether a document is a scenario (its `schema` is "podsizer-scenario/1",
/// or it has none and a top-level `name`, which no catalog has) rather than a
/// catalog; malformed JSON is an InputError naming `origin`.
bool is_scenario_document(std::string_view text, const std::string& origin);

/// Whether a document is a catalog rather than a scenario: its `schema` is
/// "podsizer-catalog/1", or it has no schema and no `name` but a catalog list
/// or `defaults`. Malformed JSON is no catalog (false), for the reader that
/// then reads it as a scenario to say what is wrong.
bool is_catalog_document(std::string_view text);

/// The catalog files a scenario's own catalog names (its string items),
/// resolved from extras.base_dir as the reader resolves them; for the GUI,
/// whose exports must not replace them.
std::vector<std::string> own_catalog_files(const ScenarioExtras& extras);

/// Entries in a catalog, over all its lists.
std::size_t catalog_entry_count(const Catalog& catalog);

} // namespace podsizer

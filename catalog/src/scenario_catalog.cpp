#include "podsizer/catalog/scenario_catalog.hpp"

#include "catalog_reader.hpp"
#include "json_node.hpp"
#include "podsizer/core/errors.hpp"
#include "scenario_reader.hpp"

#include <filesystem>

namespace podsizer {

namespace {

using detail::Node;

/// Merges one element of the scenario's `catalog`: a catalog document in the
/// scenario, or a catalog file's path relative to the scenario.
void merge_one(Catalog& catalog, const Node& n, const std::string& base_dir, Diagnostics* diag) {
    if (n.is_string()) {
        const std::filesystem::path file(n.text());
        if (file.empty()) {
            n.fail("an empty path; expected a catalog file relative to the scenario, such as "
                   "\"my-catalog.json\"");
        }
        const std::string path =
            file.is_absolute() ? file.string() : (std::filesystem::path(base_dir) / file).string();
        try {
            merge_catalog_file(catalog, path, diag);
        } catch (const InputError& e) {
            throw e.located(n.where());
        }
        return;
    }
    if (!n.is_object()) {
        n.fail("expected a catalog (an object with cnodes, dboxes, … as in a catalog file) or "
               "the path of a catalog file relative to the scenario");
    }
    detail::merge_catalog_node(catalog, n);
}

void merge_own(Catalog& catalog, const Node& own, const std::string& base_dir, Diagnostics* diag) {
    if (own.is_array()) {
        for (const Node& item : own.items()) {
            merge_one(catalog, item, base_dir, diag);
        }
        return;
    }
    merge_one(catalog, own, base_dir, diag);
}

} // namespace

bool is_scenario_document(std::string_view text, const std::string& origin) {
    const detail::json doc = detail::parse_json_text(text, origin);
    if (!doc.is_object()) {
        return false;
    }
    if (const auto schema = doc.find("schema"); schema != doc.end() && schema->is_string()) {
        return schema->get<std::string>() == "podsizer-scenario/1";
    }
    return doc.contains("name");
}

std::size_t catalog_entry_count(const Catalog& c) {
    return c.cnodes.size() + c.dboxes.size() + c.erasure_coding.size() + c.switches.size() +
           c.racks.size() + c.platforms.size() + c.rules.size() + c.references.size() +
           c.failure_rates.size();
}

ScenarioWithCatalog parse_scenario_with_catalog(std::string_view text, const std::string& origin,
                                                const std::string& base_dir, const Catalog& catalog,
                                                Diagnostics* diag) {
    detail::json doc = detail::parse_json_text(text, origin);
    ScenarioWithCatalog out;
    out.catalog = catalog;
    const Node root = detail::root(doc, origin, diag);
    if (root.is_object()) {
        if (const std::optional<Node> own = root.find("catalog")) {
            // Counted on their own, as catalog validate counts a file.
            Catalog only;
            merge_own(only, *own, base_dir, nullptr);
            out.own_entries = catalog_entry_count(only);
            merge_own(out.catalog, *own, base_dir, diag);
            validate_catalog(out.catalog, own->where());
        }
    }
    // The scenario reader knows no `catalog` member (detail::read_scenario
    // refuses one, for readers that cannot size with it); it is read above.
    if (doc.is_object()) {
        doc.erase("catalog");
    }
    out.scenario = detail::read_scenario(doc, origin, out.catalog, diag);
    return out;
}

ScenarioWithCatalog load_scenario_with_catalog(const std::string& path, const Catalog& catalog,
                                               Diagnostics* diag) {
    return parse_scenario_with_catalog(read_text_file(path), path,
                                       std::filesystem::path(path).parent_path().string(), catalog,
                                       diag);
}

} // namespace podsizer

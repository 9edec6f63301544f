#include "podsizer/catalog/scenario_catalog.hpp"

#include "catalog_reader.hpp"
#include "json_node.hpp"
#include "podsizer/catalog/scenario_io.hpp"
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

/// Every "_" key of every object in `j`, with the JSON pointer of its object.
void collect_comments(const detail::json& j, const detail::json::json_pointer& at,
                      std::vector<ScenarioExtras::Comment>& out) {
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (it.key().starts_with('_')) {
                out.push_back({at.to_string(), it.key(), it.value().dump()});
            } else if (!(at.empty() && it.key() == "catalog")) { // the catalog is kept whole
                collect_comments(it.value(), at / it.key(), out);
            }
        }
    } else if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i) {
            collect_comments(j[i], at / i, out);
        }
    }
}

ScenarioExtras extras_of(const detail::json& doc, const std::string& base_dir) {
    ScenarioExtras x;
    x.base_dir = base_dir;
    if (doc.is_object()) {
        if (const auto own = doc.find("catalog"); own != doc.end() && !own->is_null()) {
            x.catalog = own->dump();
        }
    }
    collect_comments(doc, detail::json::json_pointer(), x.comments);
    return x;
}

/// `path` (relative to `from`) as a path relative to `to`; absolute paths and
/// paths on another root stay as they are.
std::string rebased(const std::string& path, const std::string& from, const std::string& to) {
    namespace fs = std::filesystem;
    const fs::path p(path);
    if (p.empty() || p.is_absolute()) {
        return path;
    }
    std::error_code ec;
    const fs::path target = fs::weakly_canonical(fs::absolute(fs::path(from) / p, ec), ec);
    const fs::path dir = fs::weakly_canonical(fs::absolute(to.empty() ? "." : to, ec), ec);
    if (ec) {
        return path;
    }
    const fs::path rel = target.lexically_relative(dir);
    return rel.empty() ? target.generic_string() : rel.generic_string();
}

} // namespace

std::size_t detail::take_own_catalog(json& doc, const std::string& origin,
                                     const std::string& base_dir, Catalog& catalog,
                                     Diagnostics* diag) {
    std::size_t own_entries = 0;
    const Node root = detail::root(doc, origin, diag);
    if (root.is_object()) {
        if (const std::optional<Node> own = root.find("catalog")) {
            // Counted on their own, as catalog validate counts a file.
            Catalog only;
            merge_own(only, *own, base_dir, nullptr);
            own_entries = catalog_entry_count(only);
            merge_own(catalog, *own, base_dir, diag);
            validate_catalog(catalog, own->where());
        }
    }
    // The scenario reader knows no `catalog` member (detail::read_scenario
    // refuses one, for readers that cannot size with it); it is read above.
    if (doc.is_object()) {
        doc.erase("catalog");
    }
    return own_entries;
}

Catalog merge_scenario_catalog(const Catalog& catalog, const ScenarioExtras& extras,
                               const std::string& origin) {
    Catalog out = catalog;
    if (!extras.catalog.empty()) {
        detail::json doc = detail::json::object();
        doc["catalog"] = detail::parse_json_text(extras.catalog, origin);
        detail::take_own_catalog(doc, origin, extras.base_dir, out, nullptr);
    }
    return out;
}

ScenarioExtras rebase_extras(const ScenarioExtras& extras, const std::string& save_dir) {
    ScenarioExtras out = extras;
    out.base_dir = save_dir;
    if (extras.catalog.empty()) {
        return out;
    }
    detail::json own = detail::json::parse(extras.catalog);
    auto rebase = [&](detail::json& item) {
        if (item.is_string()) {
            item = rebased(item.get<std::string>(), extras.base_dir, save_dir);
        }
    };
    if (own.is_array()) {
        for (detail::json& item : own) {
            rebase(item);
        }
    } else {
        rebase(own);
    }
    out.catalog = own.dump();
    return out;
}

std::string scenario_to_json(const Scenario& scenario, const ScenarioExtras& extras) {
    detail::json doc = detail::json::parse(scenario_to_json(scenario));
    if (!extras.catalog.empty()) {
        doc["catalog"] = detail::json::parse(extras.catalog);
    }
    for (const ScenarioExtras::Comment& c : extras.comments) {
        const detail::json::json_pointer parent(c.parent);
        // A comment on an object the edit removed (an option deleted) goes with it.
        if (doc.contains(parent) && doc.at(parent).is_object()) {
            doc.at(parent)[c.key] = detail::json::parse(c.value);
        }
    }
    return doc.dump(2) + "\n";
}

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
    out.extras = extras_of(doc, base_dir);
    out.own_entries = detail::take_own_catalog(doc, origin, base_dir, out.catalog, diag);
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

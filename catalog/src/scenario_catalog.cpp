#include "podsizer/catalog/scenario_catalog.hpp"

#include "catalog_reader.hpp"
#include "json_node.hpp"
#include "podsizer/catalog/catalog_fields.hpp"
#include "podsizer/catalog/price_book_io.hpp"
#include "podsizer/catalog/safe_text.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/errors.hpp"
#include "price_book_reader.hpp"
#include "scenario_reader.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <sys/stat.h>
#include <utility>

namespace podsizer {

namespace {

using detail::Node;

std::size_t largest_list(const Catalog& c) {
    std::size_t most = 0;
    for_each_catalog_kind([&](const auto& kind) { most = std::max(most, (c.*kind.list).size()); });
    return most;
}

/// What reading a scenario's own catalog costs at most (docs/robustness.md,
/// "Limits"; third red-team round, defect 3: 200,000 inline items took 12 s
/// and 60 references to one 1.3 MB file 16–20 s). Real scenarios name one or
/// two catalogs.
constexpr std::size_t kMaxOwnCatalogItems = 64;
/// Entries of the own catalog in all, per list: what one catalog document may
/// hold (read_list), so the merge costs what one file's does.
constexpr std::size_t kMaxOwnEntriesPerList = 10'000;

/// `file` as named from `base_dir`: an absolute path stays as it is.
std::string resolved(const std::filesystem::path& file, const std::string& base_dir) {
    return file.is_absolute() ? file.string() : (std::filesystem::path(base_dir) / file).string();
}

/// `f` on each element of a scenario's own `catalog`: a list's items, or the one value.
template <class J, class F> void for_each_own(J& own, F f) {
    if (own.is_array()) {
        for (auto& item : own) {
            f(item);
        }
    } else {
        f(own);
    }
}

/// The state of one read of a scenario's own catalog: the files read so far
/// (each once, by device and inode, however it is named) and their bytes.
struct OwnRead {
    const std::string& base_dir;
    Diagnostics* diag;
    std::vector<std::string> files; ///< resolved paths, in the order read
    std::vector<std::pair<dev_t, ino_t>> ids;
    std::size_t bytes = 0;
};

/// The catalog file an element names, read once: a second naming of the
/// same file and the files' bytes past kMaxDocumentBytes in all are errors.
std::string read_named_file(const Node& n, const std::string& path, OwnRead& st) {
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0) {
        const std::pair<dev_t, ino_t> id{info.st_dev, info.st_ino};
        for (std::size_t i = 0; i < st.ids.size(); ++i) {
            if (st.ids[i] == id) {
                n.fail("names the same file as an earlier item (" + printable(st.files[i], 60) +
                       "); expected each catalog file once");
            }
        }
        st.ids.push_back(id);
        if (S_ISREG(info.st_mode) &&
            static_cast<std::size_t>(info.st_size) > kMaxDocumentBytes - st.bytes) {
            n.fail("the scenario's catalog files come to more than 16 MiB; expected at most "
                   "16 MiB in all");
        }
    }
    std::string text = read_text_file(path);
    if (text.size() > kMaxDocumentBytes - st.bytes) {
        n.fail("the scenario's catalog files come to more than 16 MiB; expected at most 16 MiB "
               "in all");
    }
    st.bytes += text.size();
    st.files.push_back(path);
    return text;
}

/// Merges one element of the scenario's `catalog`: a catalog document in the
/// scenario, or a catalog file's path relative to the scenario.
void merge_one(Catalog& catalog, const Node& n, OwnRead& st) {
    if (n.is_string()) {
        const std::filesystem::path file(n.text());
        if (file.empty()) {
            n.fail("an empty path; expected a catalog file relative to the scenario, such as "
                   "\"my-catalog.json\"");
        }
        const std::string path = resolved(file, st.base_dir);
        try {
            merge_catalog_text(catalog, read_named_file(n, path, st), path, st.diag);
        } catch (const InputError& e) {
            throw e.where().starts_with(n.where()) ? e : e.located(n.where());
        }
    } else if (n.is_object()) {
        detail::merge_catalog_node(catalog, n);
    } else {
        n.fail("expected a catalog (an object with cnodes, dboxes, … as in a catalog file) or "
               "the path of a catalog file relative to the scenario");
    }
    if (const std::size_t most = largest_list(catalog); most > kMaxOwnEntriesPerList) {
        n.fail(fmt::format("the scenario's own catalog holds {} entries in one list with this "
                           "item; expected at most 10,000 per list in all",
                           most));
    }
}

/// The scenario's own catalog on its own (every element merged in order),
/// read once: its entries are counted and merged over the given catalog from
/// this result (defect 10: it was read and merged twice).
Catalog read_own(const Node& own, OwnRead& st) {
    Catalog only;
    if (own.is_array()) {
        if (own.raw().size() > kMaxOwnCatalogItems) {
            own.fail(fmt::format("has {} items; expected at most 64 catalogs and catalog files",
                                 own.raw().size()));
        }
        for (const Node& item : own.items()) {
            merge_one(only, item, st);
        }
    } else {
        merge_one(only, own, st);
    }
    return only;
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
        if (const auto prices = doc.find("prices"); prices != doc.end() && prices->is_string()) {
            x.prices = prices->get<std::string>();
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

/// A `prices` member naming a price-book file (relative to the scenario's
/// directory): the file is read (bounded like every input), checked with
/// errors naming it, and its book replaces the name in `doc`.
void take_price_file(detail::json& doc, const Node& root, const std::string& base_dir,
                     const Catalog& catalog, Diagnostics* diag, std::vector<std::string>& files) {
    const std::optional<Node> prices = root.find("prices");
    if (!prices || !prices->is_string()) {
        return;
    }
    const std::filesystem::path file(prices->text());
    if (file.empty()) {
        prices->fail("an empty path; expected a price-book file relative to the scenario, such "
                     "as \"prices.json\", or a price book");
    }
    const std::string path = resolved(file, base_dir);
    detail::json book;
    try {
        book = detail::parse_json_text(read_text_file(path), path);
        const PriceBook read = detail::read_price_book(detail::root(book, path, diag));
        check_price_book_items(read, catalog, path + ": $");
    } catch (const InputError& e) {
        throw e.where().starts_with(prices->where()) ? e : e.located(prices->where());
    }
    files.push_back(path);
    doc["prices"] = std::move(book);
}

} // namespace

detail::OwnCatalogRead detail::take_own_catalog(json& doc, const std::string& origin,
                                                const std::string& base_dir, Catalog& catalog,
                                                Diagnostics* diag) {
    OwnCatalogRead out;
    const Node root = detail::root(doc, origin, diag);
    if (root.is_object()) {
        if (const std::optional<Node> own = root.find("catalog")) {
            OwnRead st{base_dir, diag, {}, {}, 0};
            const Catalog only = read_own(*own, st);
            // Counted on their own, as catalog validate counts a file.
            out.entries = catalog_entry_count(only);
            out.files = std::move(st.files);
            merge_catalog(catalog, only);
            validate_catalog(catalog, own->where());
        }
        take_price_file(doc, root, base_dir, catalog, diag, out.price_files);
    }
    // The scenario reader knows no `catalog` member (detail::read_scenario
    // refuses one, for readers that cannot size with it); it is read above.
    if (doc.is_object()) {
        doc.erase("catalog");
    }
    return out;
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
    if (!extras.prices.empty()) {
        out.prices = rebased(extras.prices, extras.base_dir, save_dir);
    }
    if (extras.catalog.empty()) {
        return out;
    }
    detail::json own = detail::json::parse(extras.catalog);
    for_each_own(own, [&](detail::json& item) {
        if (item.is_string()) {
            item = rebased(item.get<std::string>(), extras.base_dir, save_dir);
        }
    });
    out.catalog = own.dump();
    return out;
}

std::string scenario_to_json(const Scenario& scenario, const ScenarioExtras& extras) {
    detail::json doc = detail::json::parse(scenario_to_json(scenario));
    if (!extras.catalog.empty()) {
        doc["catalog"] = detail::json::parse(extras.catalog);
    }
    if (!extras.prices.empty()) { // the file it was read from, not the book it held
        doc["prices"] = extras.prices;
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

bool is_catalog_document(std::string_view text) {
    detail::json doc;
    try {
        doc = detail::parse_json_text(text, "");
    } catch (const InputError&) {
        return false;
    }
    if (!doc.is_object()) {
        return false;
    }
    if (const auto schema = doc.find("schema"); schema != doc.end()) {
        return schema->is_string() && schema->get<std::string>() == "podsizer-catalog/1";
    }
    if (doc.contains("name")) {
        return false;
    }
    for (const CatalogKindName& kind : catalog_kind_names()) {
        if (doc.contains(std::string(kind.key))) {
            return true;
        }
    }
    return doc.contains("defaults");
}

std::vector<std::string> own_catalog_files(const ScenarioExtras& extras) {
    std::vector<std::string> files;
    if (extras.catalog.empty()) {
        return files;
    }
    const detail::json own = detail::json::parse(extras.catalog);
    for_each_own(own, [&](const detail::json& item) {
        if (item.is_string() && !item.get<std::string>().empty()) {
            files.push_back(resolved(item.get<std::string>(), extras.base_dir));
        }
    });
    return files;
}

std::size_t catalog_entry_count(const Catalog& c) {
    std::size_t n = 0;
    for_each_catalog_kind([&](const auto& kind) { n += (c.*kind.list).size(); });
    return n;
}

ScenarioWithCatalog parse_scenario_with_catalog(std::string_view text, const std::string& origin,
                                                const std::string& base_dir, const Catalog& catalog,
                                                Diagnostics* diag) {
    detail::json doc = detail::parse_json_text(text, origin);
    ScenarioWithCatalog out;
    out.catalog = catalog;
    out.extras = extras_of(doc, base_dir);
    detail::OwnCatalogRead own = detail::take_own_catalog(doc, origin, base_dir, out.catalog, diag);
    out.own_entries = own.entries;
    out.catalog_files = std::move(own.files);
    out.price_files = std::move(own.price_files);
    out.scenario = detail::read_scenario(doc, origin, out.catalog, diag);
    return out;
}

std::string scenario_base_dir(const std::string& path) {
    // Next to the real file, not next to a link to it (third red-team round,
    // defect 9): a scenario opened through a symbolic link reads the catalog
    // that sits beside it, as the GUI's save (weakly_canonical) assumes.
    std::error_code ec;
    const std::filesystem::path real = std::filesystem::canonical(path, ec);
    return (ec ? std::filesystem::path(path) : real).parent_path().string();
}

ScenarioWithCatalog load_scenario_with_catalog(const std::string& path, const Catalog& catalog,
                                               Diagnostics* diag) {
    return parse_scenario_with_catalog(read_text_file(path), path, scenario_base_dir(path), catalog,
                                       diag);
}

} // namespace podsizer

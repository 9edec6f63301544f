#include "podsizer/catalog/catalog_io.hpp"

#include "catalog_reader.hpp"
#include "json_node.hpp"
#include "podsizer/catalog/catalog_fields.hpp"
#include "podsizer/catalog/suggest.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <span>
#include <system_error>
#include <unordered_map>
#include <utility>

namespace podsizer {

using detail::Node;

Source detail::read_source(const Node& n) {
    n.require_object();
    n.check_fields({"kind", "ref", "note"});
    Source s;
    const Node kind = n.at("kind");
    const std::string k = kind.text();
    const auto parsed = source_kind_from_string(k);
    if (!parsed) {
        kind.fail(fmt::format("unknown source kind \"{}\"; expected one of {}", k,
                              fmt::join(kSourceKindNames.names, ", ")));
    }
    s.kind = *parsed;
    if (auto ref = n.find("ref")) {
        s.ref = ref->text();
    }
    if (auto note = n.find("note")) {
        s.note = note->text();
    }
    if (s.kind != SourceKind::assumption && s.ref.empty()) {
        n.fail(
            "a " + std::string(to_string(s.kind)) +
            " source needs a \"ref\" saying where the figure comes from (or kind \"assumption\")");
    }
    return s;
}

Provenance detail::read_provenance(const Node& n, std::span<const std::string_view> fields,
                                   const char* unknown) {
    Provenance p;
    p.source = read_source(n.at("source"));
    if (auto fs = n.find("field_sources")) {
        for (const auto& [key, node] : fs->members()) {
            if (std::find(fields.begin(), fields.end(), key) == fields.end()) {
                node.fail(unknown);
            }
            p.field_sources.emplace(key, read_source(node));
        }
    }
    return p;
}

namespace {

using detail::read_source;

// A device or rack height. Rack layouts place whole U and convert heights to
// int: "1e300 U" overflowed that conversion and a design of 4.5e302 U was laid
// out in 30 racks and reported as meeting its requirements (docs/robustness.md).
// The tallest racks are under 60 U.
RackUnits rack_height(const Node& n) {
    const RackUnits h = n.positive<RackUnits>();
    if (h.base() > 1000.0) {
        n.fail("expected a rack height from above 0 to 1,000 U, such as \"2 U\"");
    }
    // Devices take whole U: a 0.4 U box laid out as 0 U (or 1.5 U as 2) would
    // disagree with the U reported.
    if (in(h, units::U) != std::floor(in(h, units::U))) {
        n.fail("expected a whole number of rack units, such as \"2 U\"");
    }
    return h;
}

// A field's value by its member's type and its row (catalog_fields.hpp).
template <class M> void read_value(const Node& v, const CatalogField<M>& f, std::string& out) {
    switch (f.type) {
    case CatalogType::id:
        out = v.id();
        // An entry's own id, not one it refers to: never a scenario's word.
        if (f.name == "id") {
            if (const std::string problem = reserved_id_problem(out); !problem.empty()) {
                v.fail(problem);
            }
        }
        return;
    case CatalogType::line:
        out = v.name();
        return;
    default:
        out = v.text();
    }
}
template <class M> void read_value(const Node& v, const CatalogField<M>& f, int& out) {
    out = v.small_count(static_cast<std::int64_t>(f.bounds.min));
}
template <class M> void read_value(const Node& v, const CatalogField<M>& f, std::int64_t& out) {
    out = v.count(static_cast<std::int64_t>(f.bounds.min));
}
template <class M> void read_value(const Node& v, const CatalogField<M>& f, double& out) {
    out = f.type == CatalogType::fraction ? v.fraction() : v.number();
    if (!f.bounds.contains(out)) {
        v.fail(std::string(f.expected));
    }
}
template <class M> void read_value(const Node& v, const CatalogField<M>&, bool& out) {
    out = v.boolean();
}
template <class M, Dimension D>
void read_value(const Node& v, const CatalogField<M>& f, Quantity<D>& out) {
    if constexpr (D == Dimension::rack_units) {
        if (f.type == CatalogType::height) {
            out = rack_height(v);
            return;
        }
    }
    out =
        f.type == CatalogType::quantity_any ? v.quantity<Quantity<D>>() : v.positive<Quantity<D>>();
}
/// Lists, roles and the basis: read by their row's `read`.
template <class M, class V> void read_value(const Node&, const CatalogField<M>&, V&) {}

/// One field into its member, as its row says.
template <class M> void read_field(const Node& n, const CatalogField<M>& f, M& m) {
    if (f.read != nullptr) {
        f.read(n, m);
        return;
    }
    const std::optional<Node> v = f.required ? std::optional<Node>(n.at(f.name)) : n.find(f.name);
    if (!v) {
        return;
    }
    std::visit(
        [&](auto member) {
            using P = decltype(member);
            if constexpr (!std::is_same_v<P, std::monostate>) {
                read_value(*v, f, m.*member);
            }
        },
        f.member);
}

/// One entry of a kind: its fields by the table, its sources, then the
/// rules that join its fields.
template <class M> M read_entry(const Node& n, const CatalogKind<M>& kind) {
    std::vector<std::string_view> fields;
    for (const CatalogField<M>& f : kind.fields) {
        fields.push_back(f.name);
    }
    n.require_object();
    n.check_fields(fields);
    M m;
    for (const CatalogField<M>& f : kind.fields) {
        read_field(n, f, m);
    }
    m.provenance = detail::read_provenance(
        n, fields, "names no field of this entry; expected one of its fields");
    if (kind.finish != nullptr) {
        kind.finish(n, m);
    }
    return m;
}

/// `over`'s entries upserted into `into` through an index of its ids.
template <class T> void merge_list(std::vector<T>& into, const std::vector<T>& over) {
    std::unordered_map<std::string, std::size_t> at;
    at.reserve(into.size() + over.size());
    for (std::size_t i = 0; i < into.size(); ++i) {
        at.emplace(into[i].id, i);
    }
    for (const T& t : over) {
        if (const auto it = at.find(t.id); it != at.end()) {
            into[it->second] = t;
        } else {
            at.emplace(t.id, into.size());
            into.push_back(t);
        }
    }
}

template <class T> void read_list(const Node& doc, const CatalogKind<T>& kind, Catalog& catalog) {
    std::vector<T>& into = catalog.*kind.list;
    if (auto list = doc.find(kind.key)) {
        // Merging is linear per entry; the cap keeps a hostile document from
        // taking minutes (docs/robustness.md). Real lists hold a few dozen.
        constexpr std::size_t kMaxEntries = 10'000;
        if (list->is_array() && list->raw().size() > kMaxEntries) {
            list->fail(fmt::format("has {} entries; expected at most 10,000 per list",
                                   list->raw().size()));
        }
        std::vector<T> read;
        for (const Node& item : list->items()) {
            const T& t = read.emplace_back(read_entry(item, kind));
            if (std::any_of(read.begin(), read.end() - 1,
                            [&](const T& r) { return r.id == t.id; })) {
                item.at("id").fail("duplicate id \"" + t.id + "\" in this document");
            }
        }
        merge_list(into, read);
    }
}

} // namespace

std::string read_text_file(const std::string& path) {
    if (path.empty()) {
        throw InputError("expected a file name, got an empty one");
    }
    // A directory opens and reads as empty: say what it is, not "malformed JSON".
    std::error_code dir_ec;
    if (std::filesystem::is_directory(path, dir_ec)) {
        throw InputError(path, "is a directory; expected a JSON file");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        // The system's reason when it is not the usual one (a name too long,
        // too many links): third red-team round, defect 12.
        const int err = errno;
        const bool usual = err == 0 || err == ENOENT || err == EACCES || err == ENOTDIR;
        throw InputError(path, "cannot open file (" +
                                   (usual ? std::string("missing or unreadable")
                                          : std::generic_category().message(err)) +
                                   ")");
    }
    // Checked before reading, so a huge regular file is refused without
    // loading it; devices and FIFOs report no size and are bounded below.
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > kMaxDocumentBytes) {
        throw InputError(path, "the file is " + format_number(static_cast<double>(size)) +
                                   " bytes; expected a document of at most 16 MiB");
    }
    // Read in blocks and stop one byte past the limit: a FIFO or a device
    // reports no size, and must not be read without end.
    std::string text;
    char block[65536];
    while (in && text.size() <= kMaxDocumentBytes) {
        const std::size_t want = std::min(sizeof block, kMaxDocumentBytes + 1 - text.size());
        in.read(block, static_cast<std::streamsize>(want));
        text.append(block, static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad()) {
        throw InputError(path, "cannot read file");
    }
    if (text.size() > kMaxDocumentBytes) {
        throw InputError(path, "the file is larger than " +
                                   format_number(static_cast<double>(kMaxDocumentBytes)) +
                                   " bytes; expected a document of at most 16 MiB");
    }
    return text;
}

void detail::merge_catalog_node(Catalog& catalog, const Node& root) {
    root.require_object();
    std::vector<std::string_view> known{"schema"};
    for (const CatalogKindName& kind : catalog_kind_names()) {
        known.push_back(kind.key);
    }
    known.push_back("defaults");
    known.push_back("$schema");               // editors find the JSON Schema through it
    check_schema(root, "podsizer-catalog/1"); // before the fields' warnings
    root.check_fields(known);
    catalog.assumptions.clear(); // its entries change below
    for_each_catalog_kind([&](const auto& kind) { read_list(root, kind, catalog); });
    if (auto defs = root.find("defaults")) {
        defs->require_object();
        defs->check_fields({"rack", "switch", "failure_rate"});
        for (auto [key, to] : {std::pair{"rack", &catalog.defaults.rack},
                               std::pair{"switch", &catalog.defaults.network_switch},
                               std::pair{"failure_rate", &catalog.defaults.failure_rate}}) {
            if (auto d = defs->find(key)) {
                *to = d->id();
            }
        }
    }
}

void merge_catalog_text(Catalog& catalog, std::string_view text, const std::string& origin,
                        Diagnostics* diag) {
    const detail::json doc = detail::parse_json_text(text, origin);
    detail::merge_catalog_node(catalog, detail::root(doc, origin, diag));
}

void merge_catalog(Catalog& catalog, const Catalog& over) {
    catalog.assumptions.clear(); // its entries change below
    // Every kind of the kinds' table: the hand list this replaced had left
    // out workloads and parts, so a scenario's own catalog lost its
    // workloads and parts in silence (issue 48 item 4).
    for_each_catalog_kind(
        [&](const auto& kind) { merge_list(catalog.*kind.list, over.*kind.list); });
    for (auto [to, from] :
         {std::pair{&catalog.defaults.rack, &over.defaults.rack},
          std::pair{&catalog.defaults.network_switch, &over.defaults.network_switch},
          std::pair{&catalog.defaults.failure_rate, &over.defaults.failure_rate}}) {
        if (!from->empty()) {
            *to = *from;
        }
    }
}

void merge_catalog_file(Catalog& catalog, const std::string& path, Diagnostics* diag) {
    merge_catalog_text(catalog, read_text_file(path), path, diag);
}

void validate_catalog(const Catalog& catalog, const std::string& origin) {
    auto fail = [&](const std::string& where, const std::string& msg) {
        throw InputError(origin + ": " + where, msg);
    };
    const auto ec_ids = ids_of(catalog.erasure_coding);
    for (const DBoxModel& d : catalog.dboxes) {
        if (catalog.ec_rule(d.erasure_coding) == nullptr) {
            fail("dboxes." + d.id + ".erasure_coding",
                 "unknown erasure-coding rule \"" + d.erasure_coding + "\" (" +
                     suggestion_phrase(d.erasure_coding, ec_ids) + ")");
        }
    }
    const auto platform_ids = ids_of(catalog.platforms);
    for (const PerformanceRule& r : catalog.rules) {
        if (!r.platform.empty() && catalog.platform(r.platform) == nullptr) {
            fail("performance_rules." + r.id + ".platform",
                 "unknown GPU platform \"" + r.platform + "\" (" +
                     suggestion_phrase(r.platform, platform_ids) + ")");
        }
    }
    if (catalog.cnodes.empty() || catalog.dboxes.empty()) {
        fail("$", "the catalog needs at least one C-node and one D-box model");
    }
    const auto unknown = [&](const char* key, const std::string& id, const char* noun,
                             const std::vector<std::string>& ids) {
        fail(std::string("defaults.") + key,
             "\"" + id + "\" is not " + noun + " (" + suggestion_phrase(id, ids) + ")");
    };
    const auto& d = catalog.defaults;
    if (d.rack.empty() || catalog.rack(d.rack) == nullptr) {
        unknown("rack", d.rack, "a rack model", ids_of(catalog.racks));
    }
    if (d.network_switch.empty() || catalog.network_switch(d.network_switch) == nullptr) {
        unknown("switch", d.network_switch, "a switch model", ids_of(catalog.switches));
    }
    if (!d.failure_rate.empty() && catalog.failure_rate(d.failure_rate) == nullptr) {
        unknown("failure_rate", d.failure_rate, "a failure-rate preset",
                ids_of(catalog.failure_rates));
    }
}

Catalog default_catalog_from_json(Diagnostics* diag) {
    Catalog catalog;
    for (const EmbeddedFile& f : embedded_catalog_files()) {
        merge_catalog_text(catalog, f.text, "catalog/data/" + std::string(f.name), diag);
    }
    validate_catalog(catalog, "default catalog");
    return catalog;
}

} // namespace podsizer

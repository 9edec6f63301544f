#include "podsizer/reports/catalog_report.hpp"

#include "figure_table.hpp"
#include "podsizer/catalog/catalog_fields.hpp"
#include "podsizer/reports/grid.hpp"
#include "report_json.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <variant>

namespace podsizer {

namespace {

using json = nlohmann::ordered_json;

/// One figure of an entry: shown as text, exported with its SI key and value.
struct Fact {
    std::string field; ///< catalog field name (for its source)
    std::string text;  ///< for people: "24 GB/s"
    std::string key;   ///< for scripts: "read_bytes_per_s"
    json value;
    bool key_figure = false; ///< shown in `catalog list`
    /// A figure worked out from others (no field of its own): its source.
    std::optional<Source> derived{};
};

struct Entry {
    std::string id;
    std::string kind;
    std::string name;
    std::vector<Fact> facts;
    const Provenance* provenance = nullptr;
};

Fact num(const std::string& field, double v, int decimals, bool key_figure = false) {
    // Whole numbers go to JSON as integers (22, not 22.0).
    json value = decimals == 0 ? json(static_cast<std::int64_t>(v)) : json(v);
    return {field, format_number(v, decimals), field, value, key_figure};
}

Fact flag(const std::string& field, bool v, bool key_figure = false) {
    return {field, v ? "yes" : "no", field, v, key_figure};
}

Fact txt(const std::string& field, const std::string& v, bool key_figure = false) {
    return {field, v, field, v, key_figure};
}

/// The JSON key of a quantity: its field and its SI unit.
std::string si_key(std::string_view field, Dimension d) {
    switch (d) {
    case Dimension::rack_units:
        return std::string(field) + "_rack_units";
    case Dimension::power:
        return std::string(field) + "_w";
    case Dimension::throughput:
        return std::string(field) + "_bytes_per_s";
    case Dimension::duration:
        return std::string(field) + "_s";
    default:
        return std::string(field) + "_bytes";
    }
}

// One figure by its member's type and its row (catalog_fields.hpp); nothing
// when the row leaves it out.
using Shown = std::optional<Fact>;
// The overloads below take Exact; the fallback, for the types no row of a
// kind shows, takes Any and so loses to every other.
struct Any {};
struct Exact : Any {};

template <class M> Shown fact_of(const CatalogField<M>& f, const std::string& v, const M&, Exact) {
    if (f.shown.only_if_set && v.empty()) {
        return std::nullopt;
    }
    return txt(std::string(f.name), v, f.shown.key_figure);
}
template <class M, class N>
requires std::is_arithmetic_v<N> Shown fact_of(const CatalogField<M>& f, N v, const M&, Exact) {
    if constexpr (std::is_same_v<N, bool>) {
        return flag(std::string(f.name), v, f.shown.key_figure);
    } else {
        if (f.shown.only_if_set && v == 0) {
            return std::nullopt;
        }
        return num(std::string(f.name), static_cast<double>(v), f.shown.decimals,
                   f.shown.key_figure);
    }
}
template <class M, Dimension D>
Shown fact_of(const CatalogField<M>& f, Quantity<D> v, const M&, Exact) {
    if (f.shown.only_if_set && !(v.base() > 0.0)) {
        return std::nullopt;
    }
    // A row's unit is of its member's dimension (tests/catalog/catalog_fields_test.cpp).
    if (f.shown.unit && f.shown.unit->dimension != D) {
        throw std::logic_error("catalog show: the unit of " + std::string(f.name));
    }
    const AnyUnit unit = f.shown.unit.value_or(AnyUnit(Unit<D>{"", 1.0}));
    return Fact{std::string(f.name), format_in(v.base(), unit, f.shown.decimals), si_key(f.name, D),
                v.base(), f.shown.key_figure};
}
template <class M>
Shown fact_of(const CatalogField<M>& f, PerformanceRule::Basis b, const M&, Exact) {
    return txt(std::string(f.name), b == PerformanceRule::Basis::per_su ? "per_su" : "per_gpu",
               f.shown.key_figure);
}
/// "64 x 800G, 128 x 400G, 256 x 200G": the ports each speed gives.
template <class M>
Shown fact_of(const CatalogField<M>& f, const std::vector<PortMode>& modes, const M&, Exact) {
    if (f.shown.only_if_set && modes.empty()) {
        return std::nullopt;
    }
    std::string text;
    json modes_json = json::array();
    for (const PortMode& p : modes) {
        text += fmt::format("{}{} x {}", text.empty() ? "" : ", ", p.ports,
                            format_in(p.speed, units::Gbps, 0));
        modes_json.push_back({{"speed_bytes_per_s", p.speed.base()}, {"ports", p.ports}});
    }
    return Fact{std::string(f.name), text, std::string(f.name), modes_json, f.shown.key_figure};
}
/// A switch's roles (the only member held as bits).
Shown fact_of(const CatalogField<SwitchModel>& f, unsigned, const SwitchModel& m, Exact) {
    std::string roles;
    json roles_json = json::array();
    for (SwitchRole r : {SwitchRole::leaf, SwitchRole::spine, SwitchRole::super_spine}) {
        if (m.plays(r)) {
            roles += (roles.empty() ? "" : ", ") + std::string(to_string(r));
            roles_json.push_back(to_string(r));
        }
    }
    return Fact{std::string(f.name), roles, std::string(f.name), roles_json, f.shown.key_figure};
}
/// The stripe steps, with the rule's parity: "1+ boxes: 8+4, 12+ boxes: 16+4".
Shown fact_of(const CatalogField<ErasureCodingRule>& f, const std::vector<StripeStep>& steps,
              const ErasureCodingRule& m, Exact) {
    std::string text;
    for (const StripeStep& s : steps) {
        text += fmt::format("{}{}+ boxes: {}+{}", text.empty() ? "" : ", ", s.min_dboxes,
                            s.data_strips, m.parity);
    }
    if (f.shown.only_if_set && text.empty()) {
        return std::nullopt;
    }
    return txt(std::string(f.name), text, f.shown.key_figure);
}
/// A D-box's drive options, each with the raw capacity of a box of them.
Shown fact_of(const CatalogField<DBoxModel>& f, const std::vector<Capacity>& sizes,
              const DBoxModel& m, Exact) {
    std::string text;
    json sizes_json = json::array();
    for (Capacity s : sizes) {
        text += (text.empty() ? "" : ", ") + format_in(s, units::TB, 2) + " (" +
                format_in(m.raw(s), units::TB, 1) + " raw)";
        sizes_json.push_back(s.base());
    }
    return Fact{std::string(f.name), text, "drive_sizes_bytes", sizes_json, f.shown.key_figure};
}
/// A D-box's default drive, shown with the raw capacity per box (its one
/// scalar capacity field).
Shown fact_of(const CatalogField<DBoxModel>& f, Capacity drive, const DBoxModel& m, Exact) {
    return Fact{std::string(f.name),
                format_in(drive, units::TB, 2) + " drives, " +
                    format_in(m.raw(drive), units::TB, 1) + " raw per box",
                "default_raw_bytes", m.raw(drive).base(), f.shown.key_figure};
}
/// Types no row of this kind shows.
template <class M, class V> Shown fact_of(const CatalogField<M>&, const V&, const M&, Any) {
    return std::nullopt;
}

/// Figures worked out from an entry's fields, after them: none but a
/// training-data workload's read (docs/workloads.md §1), with its arithmetic.
template <class M> void add_derived(const M&, Entry&) {}
void add_derived(const Workload& w, Entry& e) {
    if (!w.training()) {
        return;
    }
    const Throughput r = w.read_per_accelerator();
    const std::string arithmetic =
        fmt::format("{} × {} ÷ {} × {} (batch × sample_size ÷ compute_time × min_au)", w.batch,
                    format_in(w.sample_size, units::MB, 3), format_in(w.compute_time, units::s, 4),
                    format_number(w.min_au, 2));
    e.facts.push_back(Fact{"read_per_accelerator",
                           format_in(r, units::GB_per_s, 3) + " = " + arithmetic,
                           "read_per_accelerator_bytes_per_s", r.base(), true,
                           Source{SourceKind::derived, arithmetic,
                                  "what one emulated " + w.accelerator +
                                      " reads at the least utilisation a submission sustains"}});
}

/// The figures `catalog show` lists for one entry, in its kind's row order.
template <class M> Entry entry_of(const M& m, const CatalogKind<M>& kind) {
    Entry e{m.id, std::string(kind.word), m.name, {}, &m.provenance};
    for (const CatalogField<M>& f : kind.fields) {
        if (!f.shown.shown) {
            continue;
        }
        const Shown fact = std::visit(
            [&](auto member) -> Shown {
                if constexpr (std::is_same_v<decltype(member), std::monostate>) {
                    return std::nullopt;
                } else {
                    return fact_of(f, m.*member, m, Exact{});
                }
            },
            f.member);
        if (fact) {
            e.facts.push_back(*fact);
        }
    }
    add_derived(m, e);
    return e;
}

/// Every entry of the catalog, kind by kind in the file's order.
std::vector<Entry> entries(const Catalog& c) {
    std::vector<Entry> out;
    for_each_catalog_kind([&](const auto& kind) {
        for (const auto& m : c.*kind.list) {
            out.push_back(entry_of(m, kind));
        }
    });
    return out;
}

std::string source_text(const Source& s) {
    std::string out = "[" + std::string(to_string(s.kind)) + "]";
    if (!s.ref.empty()) {
        out += " " + s.ref;
    }
    if (!s.note.empty()) {
        out += " — " + s.note;
    }
    return out;
}

} // namespace

std::vector<std::string> catalog_ids(const Catalog& catalog) {
    std::vector<std::string> ids;
    for (const Entry& e : entries(catalog)) {
        ids.push_back(e.id);
    }
    return ids;
}

Grid catalog_list_grid(const Catalog& catalog) {
    Grid g;
    g.header = {"id", "kind", "name", "key figures", "source"};
    g.numeric_from = 99;
    for (const Entry& e : entries(catalog)) {
        std::string figures;
        for (const Fact& f : e.facts) {
            if (f.key_figure) {
                figures += (figures.empty() ? "" : ", ") + f.field + " " + f.text;
            }
        }
        g.rows.push_back(
            {e.id, e.kind, e.name, figures, std::string(to_string(e.provenance->source.kind))});
    }
    return g;
}

namespace {

using ERow = detail::FigureRow<Entry>;
using detail::by;
using detail::of;
using detail::source_json;

/// An entry's key figures by their keys, or every figure with its text and source.
json figures_json(const Entry& e, bool all) {
    json figures = json::object();
    for (const Fact& f : e.facts) {
        if (all) {
            figures[f.key] = {
                {"value", f.value},
                {"text", f.text},
                {"source", source_json(f.derived ? *f.derived : e.provenance->of(f.field))}};
        } else if (f.key_figure) {
            figures[f.key] = f.value;
        }
    }
    return figures;
}

/// `catalog list`'s record of a model (its key figures in place), and `catalog show`'s.
constexpr std::array kListed{
    ERow{.key = "id", .value = of<&Entry::id>},
    ERow{.key = "kind", .value = of<&Entry::kind>},
    ERow{.key = "name", .value = of<&Entry::name>},
    ERow{.value = by<[](const Entry& e) { return figures_json(e, false); }>},
    ERow{.key = "source_kind",
         .value = by<[](const Entry& e) { return e.provenance->source.kind; }>},
};
constexpr std::array kEntry{
    kListed[0],
    kListed[1],
    kListed[2],
    ERow{.key = "figures", .value = by<[](const Entry& e) { return figures_json(e, true); }>},
    ERow{.key = "source",
         .value = by<[](const Entry& e) { return source_json(e.provenance->source); }>},
};

} // namespace

std::string render_catalog_list(const Catalog& catalog, Format format) {
    if (format == Format::json) {
        const json models = detail::figures_json<Entry>(kListed, entries(catalog));
        return detail::json_text(json{{"models", models}});
    }
    const Grid g = catalog_list_grid(catalog);
    switch (format) {
    case Format::md:
        return render_markdown(g);
    case Format::csv:
        return render_csv(g);
    default:
        return render_text(g);
    }
}

namespace {

Grid figures_grid(const Entry& e) {
    Grid g;
    g.header = {"field", "value", "source"};
    g.numeric_from = 99;
    for (const Fact& f : e.facts) {
        g.rows.push_back(
            {f.field, f.text, source_text(f.derived ? *f.derived : e.provenance->of(f.field))});
    }
    return g;
}

} // namespace

std::vector<CatalogEntryView> catalog_entry_views(const Catalog& catalog) {
    std::vector<CatalogEntryView> out;
    for (const Entry& e : entries(catalog)) {
        out.push_back({e.id, e.kind, e.name, source_text(e.provenance->source), figures_grid(e)});
    }
    return out;
}

std::string render_catalog_entry(const Catalog& catalog, const std::string& id, Format format) {
    for (const Entry& e : entries(catalog)) {
        if (e.id != id) {
            continue;
        }
        if (format == Format::json) {
            return detail::json_text(detail::figures_json<Entry>(kEntry, e));
        }
        const Grid g = figures_grid(e);
        const std::string title = e.id + " (" + e.kind + "): " + e.name;
        switch (format) {
        case Format::md:
            return "## " + title + "\n\n" + render_markdown(g);
        case Format::csv:
            return render_csv(g);
        default:
            return title + "\nsource: " + source_text(e.provenance->source) + "\n\n" +
                   render_text(g);
        }
    }
    return {};
}

} // namespace podsizer

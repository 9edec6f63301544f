// The bill of materials as CSV (docs/bom.md §5) and the design JSON's `bom`
// and `facility` blocks.
#include "podsizer/reports/bom_report.hpp"

#include "bom_json.hpp"
#include "podsizer/core/cost.hpp"
#include "podsizer/core/units.hpp"
#include "podsizer/reports/grid.hpp"
#include "podsizer/reports/plain_number.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace podsizer {

namespace {

/// Why a line carries no price (docs/bom.md §5): never a silent blank.
std::string price_note(const BomLine& l, const Design& d) {
    if (l.item.empty()) {
        return l.category == "Drives" ? "priced within the D-boxes"
                                      : "not priced: no catalog part carries these links";
    }
    const bool by_rack = l.category == "Racks" || l.category == "Management" || l.per_rack > 0;
    if (by_rack && !d.racks_fit) {
        return "not priced: no rack count (no single device fits the rack)";
    }
    return "not priced: the price book has no price for " + l.item + "; counted as 0 in CapEx";
}

std::vector<std::string> bom_row(const Design& d, const BomLine& l,
                                 const std::optional<PriceBook>& book) {
    std::vector<std::string> row = detail::csv_cells<BomLine>(detail::bom_line_figures(), l);
    row.insert(row.begin(), d.name);
    if (book) {
        row.push_back(book->currency);
        const auto unit = bom_line_price(l, d, *book);
        row.push_back(unit ? detail::plain(*unit, 2) : "");
        row.push_back(unit ? detail::plain(*unit * static_cast<double>(l.quantity), 2) : "");
        row.push_back(unit ? std::string() : price_note(l, d));
    }
    return row;
}

} // namespace

std::string bom_csv(const SizingResult& r) {
    std::vector<std::string> header = detail::csv_keys<BomLine>(detail::bom_line_figures());
    header.insert(header.begin(), "design");
    if (r.prices) {
        header.insert(header.end(), {"currency", "unit_price", "extended_price", "price_note"});
    }
    std::string out;
    append_csv_line(out, header, header.size());
    for (const Design& d : r.designs) {
        if (!d.bom) {
            continue;
        }
        for (const BomLine& l : d.bom->lines) {
            append_csv_line(out, bom_row(d, l, r.prices), header.size());
        }
    }
    return out;
}

Grid bom_grid(const SizingResult& r) {
    Grid g;
    g.header = {"Group", "Item"};
    g.numeric_from = 2;
    // A line is its group, item and rule: one fibre for the links inside
    // and one for those to the customer's fabric are two lines.
    using Key = std::tuple<std::string, std::string, std::string>;
    std::vector<Key> keys;
    std::map<Key, std::vector<std::string>> qty;
    std::map<std::pair<std::string, std::string>, int> seen; // rules per item
    std::size_t col = 0;
    for (const Design& d : r.designs) {
        if (!d.bom) {
            continue;
        }
        g.header.push_back(d.name);
        for (const BomLine& l : d.bom->lines) {
            const Key key{l.category, l.description, l.rule};
            auto [it, fresh] = qty.try_emplace(key);
            if (fresh) {
                keys.push_back(key);
                ++seen[{l.category, l.description}];
            }
            it->second.resize(col + 1);
            it->second[col] = format_number(static_cast<double>(l.quantity), 0);
        }
        ++col;
    }
    for (const Key& key : keys) {
        const auto& [category, description, rule] = key;
        // An item on more than one line says which links each is for.
        const std::size_t colon = rule.find(": ");
        const bool twice = seen[{category, description}] > 1 && colon != std::string::npos;
        std::vector<std::string> row{
            category, twice ? description + " (" + rule.substr(colon + 2) + ")" : description};
        std::vector<std::string> q = qty[key];
        q.resize(col);
        row.insert(row.end(), q.begin(), q.end());
        g.rows.push_back(std::move(row));
    }
    return g;
}

namespace {

/// The rack of the design with the highest `of`.
double highest(const DesignFacility& f, double RackFacility::*of) {
    double top = 0.0;
    for (const RackFacility& rack : f.racks) {
        top = std::max(top, rack.*of);
    }
    return top;
}

std::string supply_text(const FacilitySpec& s) {
    return fmt::format("{} V {}, A and B feeds", format_number(s.voltage, 0),
                       s.phase_count == 1 ? "single-phase" : "three-phase");
}

} // namespace

Grid facility_grid(const SizingResult& r) {
    Grid g;
    g.header = {"Figure"};
    std::vector<const Design*> ds;
    for (const Design& d : r.designs) {
        if (d.facility) {
            g.header.push_back(d.name);
            ds.push_back(&d);
        }
    }
    if (ds.empty()) {
        return g;
    }
    using F = const DesignFacility&;
    using Figure = std::function<std::string(const Design&, F)>;
    auto num = [](double v, int decimals = 0) { return format_number(v, decimals); };
    // A design too large to lay out has totals but no racks to take the highest of.
    auto top = [](F f, double v, int decimals = 0) {
        return f.racks.empty() ? std::string("-") : format_number(v, decimals);
    };
    const std::vector<std::pair<std::string, Figure>> figures{
        {"Racks laid out", [&](const Design&, F f) { return num(double(f.racks.size())); }},
        {"Racks laid out on",
         [](const Design& d, F) {
             return std::string(d.constraints.power_basis == PowerBasis::max ? "maximum draw"
                                                                             : "typical draw");
         }},
        {"Power, highest rack (kW)",
         [&](const Design&, F f) { return top(f, highest(f, &RackFacility::power_w) / 1e3, 1); }},
        {"Power in total (kW)", [&](const Design&, F f) { return num(f.total.power_w / 1e3, 1); }},
        {"Heat, highest rack (BTU/h)",
         [&](const Design&, F f) { return top(f, highest(f, &RackFacility::btu_per_h)); }},
        {"Heat in total (BTU/h)", [&](const Design&, F f) { return num(f.total.btu_per_h); }},
        {"Weight, heaviest rack (kg)",
         [&](const Design&, F f) { return top(f, highest(f, &RackFacility::weight_kg)); }},
        {"Weight in total (kg)", [&](const Design&, F f) { return num(f.total.weight_kg); }},
        {"Floor load, heaviest rack (kg/m²)",
         [&](const Design&, F f) { return top(f, f.total.floor_load_kg_m2); }},
        {"On one 600 mm floor tile (kg)",
         [&](const Design&, F f) { return top(f, f.total.tile_load_kg); }},
        {"Current per feed, highest rack (A)",
         [&](const Design&, F f) { return top(f, f.total.amps_per_feed, 1); }},
        {"Cooling", [](const Design&, F f) { return std::string(cooling_label(f.total.cooling)); }},
        {"Supply", [](const Design&, F f) { return supply_text(f.site); }}};
    for (const auto& [label, figure] : figures) {
        std::vector<std::string> row{label};
        for (const Design* d : ds) {
            row.push_back(figure(*d, *d->facility));
        }
        g.rows.push_back(std::move(row));
    }
    return g;
}

std::string facility_note(const SizingResult& r) {
    std::string out =
        "Power and heat are each rack's draw on the basis its racks are laid out on (typical or "
        "maximum draw), its management switch included; heat is watts x 3.412. The current "
        "per feed is the rack's maximum draw on one feed: with A and B feeds either one must "
        "carry the whole rack (unity power factor; divide by the power supplies' power factor "
        "when sizing breakers). Weights and the rack footprint are catalog figures or "
        "ASSUMPTIONS.";
    for (const Design& d : r.designs) {
        if (d.facility && !d.facility->weight_missing.empty()) {
            std::string names;
            for (const std::string& n : d.facility->weight_missing) {
                names += (names.empty() ? "" : ", ") + n;
            }
            out +=
                "\n" + d.name + ": weighed as 0 kg, the catalog gives no weight for " + names + ".";
        }
    }
    return out;
}

namespace {

using LineKey = std::tuple<std::string, std::string, std::string>;

/// The lines of B after A's, each once, with both quantities.
struct DeltaLine {
    const BomLine* line = nullptr;
    std::int64_t a = 0;
    std::int64_t b = 0;
};

std::vector<DeltaLine> delta_lines(const DesignBom& a, const DesignBom& b) {
    std::vector<DeltaLine> out;
    std::map<LineKey, std::size_t> at;
    auto add = [&](const BomLine& l, bool in_b) {
        const LineKey key{l.category, l.item, l.description};
        auto [it, fresh] = at.try_emplace(key, out.size());
        if (fresh) {
            out.push_back(DeltaLine{&l, 0, 0});
        }
        (in_b ? out[it->second].b : out[it->second].a) += l.quantity;
    };
    for (const BomLine& l : a.lines) {
        add(l, false);
    }
    for (const BomLine& l : b.lines) {
        add(l, true);
    }
    return out;
}

const std::vector<std::string> kDeltaHeader{"design_a", "design_b",    "category",   "item",
                                            "sku",      "description", "quantity_a", "quantity_b",
                                            "delta",    "unit",        "source_kind"};

/// The lines of `b` less `a` whose quantity differs, as CSV lines.
void append_delta(std::string& out, const std::string& name_a, const DesignBom& a,
                  const std::string& name_b, const DesignBom& b) {
    for (const DeltaLine& d : delta_lines(a, b)) {
        if (d.a == d.b) {
            continue;
        }
        const BomLine& l = *d.line;
        append_csv_line(out,
                        {name_a, name_b, l.category, l.item, l.sku, l.description,
                         fmt::format("{}", d.a), fmt::format("{}", d.b),
                         fmt::format("{}", d.b - d.a), l.unit,
                         std::string(to_string(l.source.kind))},
                        kDeltaHeader.size());
    }
}

} // namespace

std::string bom_delta_csv(const SizingResult& a, const SizingResult& b) {
    std::string out;
    append_csv_line(out, kDeltaHeader, kDeltaHeader.size());
    const std::size_t n = std::min(a.designs.size(), b.designs.size());
    for (std::size_t i = 0; i < n; ++i) {
        const Design& da = a.designs[i];
        const Design& db = b.designs[i];
        if (da.bom && db.bom) {
            append_delta(out, da.name, *da.bom, db.name, *db.bom);
        }
    }
    return out;
}

std::string bom_delta_csv(const Comparison& cmp) {
    std::string out;
    append_csv_line(out, kDeltaHeader, kDeltaHeader.size());
    const ComparisonColumn* base = nullptr;
    for (const ComparisonColumn& c : cmp.columns) {
        if (!c.design || !c.design->bom) {
            continue;
        }
        if (base == nullptr) {
            base = &c;
            continue;
        }
        append_delta(out, base->name, *base->bom(), c.name, *c.bom());
    }
    return out;
}

} // namespace podsizer

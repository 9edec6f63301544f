// The bill of materials as CSV (docs/bom.md §5) and the design JSON's `bom`
// and `facility` blocks.
#include "podsizer/reports/bom_report.hpp"

#include "bom_json.hpp"
#include "podsizer/reports/grid.hpp"
#include "podsizer/reports/plain_number.hpp"

#include <fmt/format.h>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace podsizer {

std::optional<double> bom_unit_price(const BomLine& line, const Design& d, const PriceBook& book) {
    if (line.item.empty()) {
        return std::nullopt;
    }
    const bool dbox = line.category == "D-boxes";
    const ItemPrice* p = book.item(line.item, dbox ? d.drive_size : std::optional<Capacity>{});
    if (p == nullptr) {
        return std::nullopt;
    }
    return p->net_price();
}

namespace {

std::string source_text(const Source& s) {
    if (s.ref.empty()) {
        return s.note;
    }
    return s.note.empty() ? s.ref : s.ref + ": " + s.note;
}

std::vector<std::string> bom_row(const Design& d, const BomLine& l,
                                 const std::optional<PriceBook>& book) {
    std::vector<std::string> row{d.name,
                                 l.category,
                                 l.item,
                                 l.sku,
                                 l.description,
                                 fmt::format("{}", l.quantity),
                                 l.unit,
                                 l.per_rack > 0 ? "per rack" : "total",
                                 l.per_rack > 0 ? fmt::format("{}", l.per_rack) : "",
                                 l.rule,
                                 std::string(to_string(l.source.kind)),
                                 source_text(l.source)};
    if (book) {
        row.push_back(book->currency);
        const auto unit = bom_unit_price(l, d, *book);
        row.push_back(unit ? detail::plain(*unit, 2) : "");
        row.push_back(unit ? detail::plain(*unit * static_cast<double>(l.quantity), 2) : "");
    }
    return row;
}

} // namespace

std::string bom_csv(const SizingResult& r) {
    std::vector<std::string> header{"design",      "category", "item",        "sku",
                                    "description", "quantity", "unit",        "basis",
                                    "per_rack",    "rule",     "source_kind", "source"};
    if (r.prices) {
        header.insert(header.end(), {"currency", "unit_price", "extended_price"});
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

} // namespace

std::string bom_delta_csv(const SizingResult& a, const SizingResult& b) {
    const std::vector<std::string> header{"design_a", "design_b",    "category",   "item",
                                          "sku",      "description", "quantity_a", "quantity_b",
                                          "delta",    "unit",        "source_kind"};
    std::string out;
    append_csv_line(out, header, header.size());
    const std::size_t n = std::min(a.designs.size(), b.designs.size());
    for (std::size_t i = 0; i < n; ++i) {
        const Design& da = a.designs[i];
        const Design& db = b.designs[i];
        if (!da.bom || !db.bom) {
            continue;
        }
        for (const DeltaLine& d : delta_lines(*da.bom, *db.bom)) {
            if (d.a == d.b) {
                continue;
            }
            const BomLine& l = *d.line;
            append_csv_line(out,
                            {da.name, db.name, l.category, l.item, l.sku, l.description,
                             fmt::format("{}", d.a), fmt::format("{}", d.b),
                             fmt::format("{}", d.b - d.a), l.unit,
                             std::string(to_string(l.source.kind))},
                            header.size());
        }
    }
    return out;
}

} // namespace podsizer

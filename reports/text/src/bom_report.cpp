// The bill of materials as CSV (docs/bom.md §5) and the design JSON's `bom`
// and `facility` blocks.
#include "podsizer/reports/bom_report.hpp"

#include "bom_json.hpp"
#include "podsizer/reports/grid.hpp"
#include "podsizer/reports/plain_number.hpp"

#include <string>
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
                                 std::to_string(l.quantity),
                                 l.unit,
                                 l.per_rack > 0 ? "per rack" : "total",
                                 l.per_rack > 0 ? std::to_string(l.per_rack) : "",
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

} // namespace podsizer

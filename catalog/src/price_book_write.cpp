// Writing a price book back (docs/cost.md §1): the keys in reading order,
// shares as the shortest percent text that reads back to the same figure,
// sizes as exact quantity texts, so parse_price_book(price_book_to_json(b))
// == b to the last bit (the scenario writer embeds a book the same way).
#include "podsizer/catalog/price_book_io.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "price_book_reader.hpp"
#include "scenario_text.hpp"

namespace podsizer {

namespace {

using ojson = nlohmann::ordered_json;

ojson source_json(const Source& s) {
    ojson j{{"kind", std::string(to_string(s.kind))}};
    if (!s.ref.empty()) {
        j["ref"] = s.ref;
    }
    if (!s.note.empty()) {
        j["note"] = s.note;
    }
    return j;
}

void put_provenance(ojson& j, const Provenance& p) {
    j["source"] = source_json(p.source);
    if (!p.field_sources.empty()) {
        ojson fs = ojson::object();
        for (const auto& [key, s] : p.field_sources) {
            fs[key] = source_json(s);
        }
        j["field_sources"] = fs;
    }
}

void put(ojson& j, const char* key, const std::optional<double>& v) {
    if (v) {
        j[key] = *v;
    }
}

void put_share(ojson& j, const char* key, const std::optional<double>& v) {
    if (v) {
        j[key] = exact_percent_text(*v);
    }
}

ojson item_json(const ItemPrice& p) {
    ojson j{{"id", p.id}};
    if (p.drive) {
        j["drive"] = exact_quantity_text(p.drive->base(), Dimension::capacity);
    }
    j["unit_price"] = p.unit_price;
    if (p.discount != 0.0) {
        j["discount"] = exact_percent_text(p.discount);
    }
    put(j, "support_per_year", p.support_per_year);
    put_share(j, "support_share", p.support_share);
    put(j, "licence_per_usable_tb_year", p.licence_per_usable_tb_year);
    if (!p.sku.empty()) {
        j["sku"] = p.sku;
    }
    j["source"] = source_json(p.source);
    return j;
}

ojson site_json(const SitePrices& s) {
    ojson j = ojson::object();
    put(j, "energy_per_kwh", s.energy_per_kwh);
    put(j, "space_per_rack_month", s.space_per_rack_month);
    put(j, "space_per_kw_month", s.space_per_kw_month);
    j["years"] = s.years;
    put_share(j, "discount_rate", s.discount_rate);
    put_provenance(j, s.provenance);
    return j;
}

ojson egress_json(const CloudEgress& e) {
    ojson j{{"route", std::string(to_string(e.route))}};
    if (e.tiers.size() == 1 && !e.tiers.front().up_to) {
        j["per_gb"] = e.tiers.front().per_gb;
        return j;
    }
    ojson tiers = ojson::array();
    for (const EgressTier& t : e.tiers) {
        ojson tier = ojson::object();
        if (t.up_to) {
            tier["up_to"] = exact_quantity_text(t.up_to->base(), Dimension::capacity);
        }
        tier["per_gb"] = t.per_gb;
        tiers.push_back(tier);
    }
    j["tiers"] = tiers;
    return j;
}

ojson cloud_json(const CloudPrices& c) {
    ojson j = ojson::object();
    if (!c.per_gb_month.empty()) {
        ojson tiers = ojson::object();
        for (const auto& [tier, price] : c.per_gb_month) {
            tiers[tier] = price;
        }
        j["per_gb_month"] = tiers;
        j["tier"] = c.tier;
    }
    put(j, "egress_per_gb", c.egress_per_gb);
    if (c.egress) {
        j["egress"] = egress_json(*c.egress);
    }
    put(j, "per_10k_operations", c.per_10k_operations);
    if (c.read_out_share_per_month != 0.0) {
        j["read_out_share_per_month"] = exact_percent_text(c.read_out_share_per_month);
    }
    if (c.request_size) {
        j["request_size"] = exact_quantity_text(c.request_size->base(), Dimension::capacity);
    }
    put_provenance(j, c.provenance);
    return j;
}

} // namespace

ojson detail::price_book_json(const PriceBook& b) {
    ojson j{{"schema", "podsizer-prices/1"}, {"currency", b.currency}};
    ojson items = ojson::array();
    for (const ItemPrice& p : b.items) {
        items.push_back(item_json(p));
    }
    j["items"] = items;
    j["site"] = site_json(b.site);
    if (b.gpu_hour) {
        j["gpu_hour"] = ojson{{"price", *b.gpu_hour}, {"source", source_json(b.gpu_hour_source)}};
    }
    j["cloud"] = cloud_json(b.cloud);
    return j;
}

std::string price_book_to_json(const PriceBook& book) {
    return detail::price_book_json(book).dump(2) + "\n";
}

} // namespace podsizer

// The Prices sheet: every price of the user's price book (docs/cost.md §1)
// in an input cell, with its unit and source, under a defined name the Cost
// sheet's formulas use. Type a different discount here and the Cost sheet's
// TCO follows.
#include "podsizer/core/units.hpp"
#include "workbook_parts.hpp"

#include <fmt/format.h>
#include <set>

namespace podsizer::wb {

namespace {

// The Assumptions sheet's columns, with room for the longer price sources.
constexpr SourcedColumns kColumns{.ref = 40};

/// One row of the sheet: a price (or a text input) with its source.
struct PriceRow {
    std::string group;
    std::string figure;
    bool is_text = false;
    double value = 0.0;
    std::string text;
    Num num = Num::precise;
    std::string unit;
    std::string name; ///< defined name; empty when no formula uses it
    Source source;
};

std::string item_group(const ItemPrice& p) {
    std::string g = "Item " + p.id;
    if (p.drive) {
        g += " with " + format_in(*p.drive, units::TB, 2) + " drives";
    }
    return g;
}

/// Appends a number row to `rows` when `v` is set.
void add(std::vector<PriceRow>& rows, const std::string& group, std::string figure,
         std::optional<double> v, Num num, std::string unit, std::string name, const Source& src) {
    if (v) {
        rows.push_back(
            {group, std::move(figure), false, *v, "", num, std::move(unit), std::move(name), src});
    }
}

/// Appends a text row to `rows`.
void add_text(std::vector<PriceRow>& rows, const std::string& group, std::string figure,
              std::string text, std::string name, const Source& src) {
    rows.push_back({group, std::move(figure), true, 0.0, std::move(text), Num::text, "",
                    std::move(name), src});
}

void add_item_rows(const ItemPrice& p, const std::string& base, const std::string& currency,
                   std::vector<PriceRow>& rows) {
    const std::string g = item_group(p);
    add(rows, g, "List price of one unit", p.unit_price, Num::integer, currency, base + "_list",
        p.source);
    add(rows, g, "Discount off list", p.discount, Num::percent, "", base + "_discount", p.source);
    if (p.support_per_year) {
        add(rows, g, "Support a year per unit", p.support_per_year, Num::integer, currency,
            base + "_support", p.source);
    } else {
        add(rows, g, "Support a year, share of the net price", p.support_share, Num::percent, "",
            base + "_support_share", p.source);
    }
    add(rows, g, "Licence a year per usable TB", p.licence_per_usable_tb_year, Num::precise,
        currency, base + "_licence", p.source);
    if (!p.sku.empty()) {
        add_text(rows, g, "SKU (part number)", p.sku, "", p.source);
    }
}

void add_site_rows(const SitePrices& s, const std::string& currency, std::vector<PriceRow>& rows) {
    const Provenance& p = s.provenance;
    const std::string g = "Site";
    add(rows, g, "Energy per kWh of facility power", s.energy_per_kwh, Num::precise, currency,
        "price_energy_per_kWh", p.of("energy_per_kwh"));
    add(rows, g, "Space per rack-month", s.space_per_rack_month, Num::precise, currency,
        "price_space_per_rack_month", p.of("space_per_rack_month"));
    add(rows, g, "Space per kW-month of IT power on the basis", s.space_per_kw_month, Num::precise,
        currency, "price_space_per_kW_month", p.of("space_per_kw_month"));
    add(rows, g, "Years of the analysis", static_cast<double>(s.years), Num::integer, "years",
        "price_years", p.of("years"));
    add(rows, g, "Discount rate a year (present value)", s.discount_rate, Num::percent, "",
        "price_discount_rate", p.of("discount_rate"));
}

/// The egress bands of `cloud.egress`: each band's top in GB a month (none
/// on the last) and its price per GB, named for the Cost sheet's formula
/// (price_cloud_egress_top_N, price_cloud_egress_per_GB_N, N from 1).
void add_egress_rows(const CloudEgress& e, const std::string& currency, const Source& source,
                     std::vector<PriceRow>& rows) {
    const std::string g = "Cloud store";
    add_text(rows, g, "Egress route", std::string(to_string(e.route)), "", source);
    for (std::size_t i = 0; i < e.tiers.size(); ++i) {
        const std::string n = fmt::format("{}", i + 1);
        const EgressTier& t = e.tiers[i];
        if (t.up_to) {
            add(rows, g, "Egress band " + n + ": top, GB a month", in(*t.up_to, units::GB),
                Num::precise, "GB", "price_cloud_egress_top_" + n, source);
        }
        add(rows, g, "Egress band " + n + (t.up_to ? ": per GB" : ": per GB beyond the tops"),
            t.per_gb, Num::precise, currency, "price_cloud_egress_per_GB_" + n, source);
    }
}

void add_cloud_rows(const CloudPrices& c, const std::string& currency,
                    std::vector<PriceRow>& rows) {
    const Provenance& p = c.provenance;
    const std::string g = "Cloud store";
    add_text(rows, g, "Tier compared", c.tier, "price_cloud_tier", p.of("tier"));
    for (const auto& [tier, price] : c.per_gb_month) {
        // The Cost sheet finds the compared tier's price by this label.
        add(rows, g, "Per GB-month, tier " + tier, price, Num::precise, currency, "",
            p.of("per_gb_month"));
    }
    add(rows, g, "Egress per GB read out", c.egress_per_gb, Num::precise, currency,
        "price_cloud_egress_per_GB", p.of("egress_per_gb"));
    if (c.egress) {
        add_egress_rows(*c.egress, currency, p.of("egress"), rows);
    }
    add(rows, g, "Per 10,000 read operations", c.per_10k_operations, Num::precise, currency,
        "price_cloud_per_10k_operations", p.of("per_10k_operations"));
    add(rows, g, "Share of the data read out a month", c.read_out_share_per_month, Num::percent, "",
        "price_cloud_read_out_share", p.of("read_out_share_per_month"));
    if (c.request_size) {
        add(rows, g, "Bytes per read operation", c.request_size->base(), Num::integer, "bytes",
            "price_cloud_request_bytes", p.of("request_size"));
    }
}

std::vector<PriceRow> price_rows(const PriceBook& book) {
    std::vector<PriceRow> rows;
    const std::vector<std::string> names = price_item_names(book);
    for (std::size_t i = 0; i < book.items.size(); ++i) {
        add_item_rows(book.items[i], names[i], book.currency, rows);
    }
    add_site_rows(book.site, book.currency, rows);
    add(rows, "GPUs", "Price per GPU-hour", book.gpu_hour, Num::precise, book.currency,
        "price_gpu_hour", book.gpu_hour_source);
    add_cloud_rows(book.cloud, book.currency, rows);
    return rows;
}

void write_header(xlsx::Sheet& sheet, const PriceBook& prices) {
    sheet.titles("Prices",
                 {"The price book's prices in " + prices.currency +
                      " (docs/cost.md), each with its source. Blue cells are inputs: type a "
                      "different discount, energy price or number of years and the Cost sheet "
                      "follows.",
                  "Source kind \"assumption\": an illustrative price, not a quote; the Cost "
                  "figures resting on one are shaded."});
    sourced_figure_headers(sheet, kHeaderRow);
}

} // namespace

std::vector<std::string> price_item_names(const PriceBook& prices) {
    std::vector<std::string> out;
    std::set<std::string> taken;
    for (std::size_t i = 0; i < prices.items.size(); ++i) {
        const ItemPrice& p = prices.items[i];
        std::string base =
            defined_name("price_" + p.id, p.drive ? format_in(*p.drive, units::TB, 2) : "item");
        if (!p.drive) {
            base.resize(base.size() - 5); // defined_name joins with "_": drop "_item"
        }
        if (!taken.insert(base).second) {
            base += fmt::format("_{}", i + 1); // two ids that differ only in punctuation
            taken.insert(base);
        }
        out.push_back(base);
    }
    return out;
}

void write_prices(xlsx::Book& book, xlsx::Sheet& sheet, const PriceBook& prices) {
    write_header(sheet, prices);
    const std::vector<PriceRow> rows = price_rows(prices);
    int row = kHeaderRow + 1;
    int first_tier = -1;
    int last_tier = -1;
    for (const PriceRow& r : rows) {
        sheet.text(row, 0, r.group, book.label());
        sheet.text(row, 1, r.figure, book.label());
        if (r.is_text) {
            sheet.text(row, 2, r.text, book.style(Num::text, Role::input));
        } else {
            sheet.number(row, 2, r.value, r.num, Role::input);
        }
        sheet.text(row, 3, r.unit, book.label());
        sheet.text(row, 4, r.name, book.note());
        sheet.text(row, 5, std::string(to_string(r.source.kind)), book.label());
        sheet.text(row, 6, r.source.ref, book.note());
        sheet.text(row, 7, r.source.note, book.note());
        if (!r.name.empty()) {
            book.define_name(r.name, "=" + sheet.ref(row, 2));
        }
        if (r.figure.rfind("Per GB-month, tier ", 0) == 0) {
            first_tier = first_tier < 0 ? row : first_tier;
            last_tier = row;
        }
        sheet.fit_height(row, {{r.figure, kColumns.figure, 10.0},
                               {r.source.ref, kColumns.ref, 9.0},
                               {r.source.note, kColumns.note, 9.0}});
        ++row;
    }
    if (first_tier >= 0) {
        const std::string q = xlsx::quoted(sheet.name()) + "!";
        book.define_name("price_cloud_tier_labels",
                         "=" + q + xlsx::cell(first_tier, 1) + ":" + xlsx::cell(last_tier, 1));
        book.define_name("price_cloud_tier_prices",
                         "=" + q + xlsx::cell(first_tier, 2) + ":" + xlsx::cell(last_tier, 2));
    }
    sourced_figure_columns(sheet, kColumns);
    sheet.freeze(kHeaderRow + 1, 0);
    sheet.print_setup(kHeaderRow);
}

} // namespace podsizer::wb

// Reading a price book (docs/cost.md §1). Every price is a number of the
// book's currency from 0 to kMaxPrice; shares are percent strings ("10%") as
// in a scenario; every part carries a `source` (read like a catalog's).
#include "podsizer/catalog/price_book_io.hpp"

#include "catalog_reader.hpp"
#include "json_node.hpp"
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/catalog/suggest.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"
#include "price_book_reader.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <fmt/format.h>
#include <span>

namespace podsizer {

using detail::Node;

namespace {

/// An amount of money: finite, from 0 to kMaxPrice.
double amount(const Node& n) {
    const double v = n.number();
    if (v < 0.0 || v > kMaxPrice) {
        n.fail("is " + n.raw().dump() +
               "; expected an amount of the book's currency from 0 to 10^12");
    }
    return v;
}

std::optional<double> optional_amount(const Node& n, std::string_view key) {
    if (const auto child = n.find(key)) {
        return amount(*child);
    }
    return std::nullopt;
}

/// A share written as a percent string ("10%"), from 0 % to below `top` %.
double share(const Node& n, double top = 100.0) {
    if (!n.is_string()) {
        n.fail(n.raw().dump() + " has no % sign; expected a share as a string such as \"10%\"");
    }
    double v = 0.0;
    try {
        v = parse_percent(n.text());
    } catch (const InputError& e) {
        n.fail(e.message());
    }
    if (!(v >= 0.0) || !(v < top / 100.0)) {
        n.fail("\"" + n.text() + "\" is out of range; expected from 0% to below " +
               format_number(top, 0) + "%");
    }
    return v;
}

std::optional<double> optional_share(const Node& n, std::string_view key, double top = 100.0) {
    if (const auto child = n.find(key)) {
        return share(*child, top);
    }
    return std::nullopt;
}

/// A part's source and the sources of those of its fields that differ.
Provenance provenance(const Node& n, std::span<const std::string_view> fields) {
    Provenance p;
    p.source = detail::read_source(n.at("source"));
    if (const auto fs = n.find("field_sources")) {
        fs->require_object();
        for (const auto& [key, node] : fs->members()) {
            if (std::find(fields.begin(), fields.end(), key) == fields.end()) {
                node.fail("names no price of this part; expected one of its prices");
            }
            p.field_sources.emplace(key, detail::read_source(node));
        }
    }
    return p;
}

ItemPrice read_item(const Node& n) {
    n.require_object();
    n.check_fields({"id", "drive", "unit_price", "discount", "support_per_year", "support_share",
                    "licence_per_usable_tb_year", "sku", "source"});
    ItemPrice p;
    p.id = n.at("id").id();
    if (const auto drive = n.find("drive")) {
        p.drive = drive->positive<Capacity>();
    }
    p.unit_price = amount(n.at("unit_price"));
    p.discount = optional_share(n, "discount").value_or(0.0);
    p.support_per_year = optional_amount(n, "support_per_year");
    p.support_share = optional_share(n, "support_share", 1000.0);
    if (p.support_per_year && p.support_share) {
        n.at("support_share")
            .fail("gives support as a share beside support_per_year; expected one of the two");
    }
    p.licence_per_usable_tb_year = optional_amount(n, "licence_per_usable_tb_year");
    if (const auto sku = n.find("sku")) {
        p.sku = sku->name();
    }
    p.source = detail::read_source(n.at("source"));
    return p;
}

std::vector<ItemPrice> read_items(const Node& n) {
    if (n.is_array() && n.raw().size() > kMaxPriceItems) {
        n.fail(fmt::format("has {} prices; expected at most 10,000 (one per catalog entry and "
                           "drive option)",
                           n.raw().size()));
    }
    std::vector<ItemPrice> items;
    for (const Node& item : n.items()) {
        items.push_back(read_item(item));
        for (std::size_t i = 0; i + 1 < items.size(); ++i) {
            if (items[i].id == items.back().id && items[i].drive == items.back().drive) {
                item.fail(fmt::format("prices {} again (item {}); expected one price per "
                                      "catalog id and drive option",
                                      items.back().id, i));
            }
        }
    }
    return items;
}

constexpr std::string_view kSiteFields[] = {"energy_per_kwh", "space_per_rack_month",
                                            "space_per_kw_month", "years", "discount_rate"};

SitePrices read_site(const Node& n) {
    n.require_object();
    std::vector<std::string_view> known(std::begin(kSiteFields), std::end(kSiteFields));
    known.insert(known.end(), {"source", "field_sources"});
    n.check_fields(known);
    SitePrices s;
    s.energy_per_kwh = optional_amount(n, "energy_per_kwh");
    s.space_per_rack_month = optional_amount(n, "space_per_rack_month");
    s.space_per_kw_month = optional_amount(n, "space_per_kw_month");
    if (s.space_per_rack_month && s.space_per_kw_month) {
        n.at("space_per_kw_month")
            .fail("prices space per kW beside space per rack; expected one of the two");
    }
    if (const auto years = n.find("years")) {
        const std::int64_t y = years->count(1);
        if (y > kMaxPriceYears) {
            years->fail(fmt::format("is {}; expected from 1 to 100 years", y));
        }
        s.years = static_cast<int>(y);
    }
    s.discount_rate = optional_share(n, "discount_rate");
    s.provenance = provenance(n, kSiteFields);
    return s;
}

constexpr std::string_view kCloudFields[] = {"per_gb_month",       "tier",
                                             "egress_per_gb",      "egress",
                                             "per_10k_operations", "read_out_share_per_month",
                                             "request_size"};

std::map<std::string, double> read_tiers(const Node& n) {
    n.require_object();
    if (n.raw().size() > kMaxCloudTiers) {
        n.fail(fmt::format("has {} tiers; expected at most 100", n.raw().size()));
    }
    std::map<std::string, double> tiers;
    for (const auto& [key, node] : n.members()) {
        tiers.emplace(key, amount(node));
    }
    return tiers;
}

/// The bands of `egress.tiers`: each with a top above the one before but
/// the last, which has none and takes the rest of the month's egress.
std::vector<EgressTier> read_egress_tiers(const Node& n) {
    const std::vector<Node> items = n.items();
    if (items.empty() || items.size() > kMaxCloudTiers) {
        n.fail(fmt::format("has {} tiers; expected from 1 to 100", items.size()));
    }
    std::vector<EgressTier> tiers;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const Node& t = items[i];
        t.require_object();
        t.check_fields({"up_to", "per_gb"});
        EgressTier tier{std::nullopt, amount(t.at("per_gb"))};
        const bool last = i + 1 == items.size();
        if (const auto top = t.find("up_to"); top && !last) {
            tier.up_to = top->positive<Capacity>();
            if (!tiers.empty() && tier.up_to->base() <= tiers.back().up_to->base()) {
                top->fail("is not above the tier before; expected tops in ascending order");
            }
        } else if (top) {
            top->fail("is given on the last tier; expected none: the last tier takes the rest");
        } else if (!last) {
            t.fail("has no up_to; expected the top of the tier in a month, such as \"10 TB\" "
                   "(only the last tier has none)");
        }
        tiers.push_back(tier);
    }
    return tiers;
}

/// `egress`: a route ("internet" or "private_link") with `tiers` or one
/// `per_gb` figure (docs/cost.md §3).
CloudEgress read_egress(const Node& n) {
    n.require_object();
    n.check_fields({"route", "tiers", "per_gb"});
    CloudEgress e;
    const Node route = n.at("route");
    const std::string r = route.text();
    if (r == "private_link") {
        e.route = EgressRoute::private_link;
    } else if (r != "internet") {
        route.fail("\"" + r + "\" is no route; expected \"internet\" or \"private_link\"");
    }
    const auto tiers = n.find("tiers");
    const auto flat = n.find("per_gb");
    if (tiers && flat) {
        flat->fail("is given beside tiers; expected one of the two");
    }
    if (tiers) {
        e.tiers = read_egress_tiers(*tiers);
    } else if (flat) {
        e.tiers = {EgressTier{std::nullopt, amount(*flat)}};
    } else {
        n.fail("has neither tiers nor per_gb; expected one of the two (per_gb 0 for a link "
               "that charges nothing per GB)");
    }
    return e;
}

CloudPrices read_cloud(const Node& n) {
    n.require_object();
    std::vector<std::string_view> known(std::begin(kCloudFields), std::end(kCloudFields));
    known.insert(known.end(), {"source", "field_sources"});
    n.check_fields(known);
    CloudPrices c;
    if (const auto tiers = n.find("per_gb_month")) {
        c.per_gb_month = read_tiers(*tiers);
        const Node tier = n.at("tier");
        c.tier = tier.id();
        if (!c.per_gb_month.contains(c.tier)) {
            tier.fail("\"" + c.tier + "\" is no tier of per_gb_month; expected one of its keys");
        }
    }
    c.egress_per_gb = optional_amount(n, "egress_per_gb");
    if (const auto egress = n.find("egress")) {
        if (c.egress_per_gb) {
            egress->fail("is given beside egress_per_gb; expected one of the two");
        }
        c.egress = read_egress(*egress);
    }
    c.per_10k_operations = optional_amount(n, "per_10k_operations");
    c.read_out_share_per_month =
        optional_share(n, "read_out_share_per_month", 1000.0).value_or(0.0);
    if (const auto size = n.find("request_size")) {
        c.request_size = size->positive<Capacity>();
    }
    c.provenance = provenance(n, kCloudFields);
    return c;
}

std::string read_currency(const Node& n) {
    const std::string c = n.text();
    const bool iso = c.size() == 3 && std::all_of(c.begin(), c.end(), [](char ch) {
                         return std::isupper(static_cast<unsigned char>(ch)) != 0;
                     });
    if (!iso) {
        n.fail("\"" + c + "\" is no currency code; expected an ISO 4217 code such as \"USD\"");
    }
    return c;
}

} // namespace

PriceBook detail::read_price_book(const Node& n) {
    n.require_object();
    check_schema(n, "podsizer-prices/1"); // before the fields' warnings
    n.check_fields({"$schema", "schema", "currency", "items", "site", "gpu_hour", "cloud"});
    PriceBook b;
    b.currency = read_currency(n.at("currency"));
    if (const auto items = n.find("items")) {
        b.items = read_items(*items);
    }
    if (const auto site = n.find("site")) {
        b.site = read_site(*site);
    }
    if (const auto gpu = n.find("gpu_hour")) {
        gpu->require_object();
        gpu->check_fields({"price", "source"});
        b.gpu_hour = amount(gpu->at("price"));
        b.gpu_hour_source = detail::read_source(gpu->at("source"));
    }
    if (const auto cloud = n.find("cloud")) {
        b.cloud = read_cloud(*cloud);
    }
    return b;
}

PriceBook parse_price_book(std::string_view text, const std::string& origin, Diagnostics* diag) {
    const detail::json doc = detail::parse_json_text(text, origin);
    return detail::read_price_book(detail::root(doc, origin, diag));
}

PriceBook load_price_book(const std::string& path, Diagnostics* diag) {
    return parse_price_book(read_text_file(path), path, diag);
}

namespace {

/// The catalog lists a price item may name, as core's cost counts them.
struct PricedList {
    IdList list;
    std::string_view noun;
};
constexpr std::array kPricedLists{
    PricedList{IdList::cnodes, "a C-node"}, PricedList{IdList::dboxes, "a D-box"},
    PricedList{IdList::switches, "a switch"}, PricedList{IdList::racks, "a rack"}};

/// Why item `p` can never apply, and the key it is at ("id" or "drive"); empty when it can.
std::pair<std::string, std::string_view> item_problem(const ItemPrice& p, const Catalog& catalog) {
    std::vector<std::string> every;
    // A part of the bill of materials (docs/bom.md): a cable, transceiver,
    // PDU, rail kit, power cord or management switch.
    if (catalog.part(p.id) != nullptr) {
        if (p.drive) {
            return {"\"" + p.id + "\" is a part, which has no drive options; expected \"drive\" " +
                        "only on a D-box's price",
                    "drive"};
        }
        return {};
    }
    for (const PricedList& l : kPricedLists) {
        const std::vector<std::string> ids = catalog_ids(catalog, l.list);
        if (std::find(ids.begin(), ids.end(), p.id) == ids.end()) {
            every.insert(every.end(), ids.begin(), ids.end());
            continue;
        }
        if (!p.drive) {
            return {};
        }
        const DBoxModel* box = catalog.dbox(p.id);
        if (box == nullptr) {
            return {"\"" + p.id + "\" is " + std::string(l.noun) +
                        ", which has no drive options; expected \"drive\" only on a D-box's price",
                    "drive"};
        }
        std::string list;
        for (Capacity size : box->drive_sizes) {
            if (size.base() == p.drive->base()) {
                return {};
            }
            list += (list.empty() ? "" : ", ") + format_in(size, units::TB, 2);
        }
        return {format_in(*p.drive, units::TB, 2) + " is not a drive option of " + p.id +
                    "; expected one of " + list,
                "drive"};
    }
    for (const Part& part : catalog.parts) {
        every.push_back(part.id);
    }
    return {"unknown catalog id \"" + p.id + "\" (" + suggestion_phrase(p.id, every) +
                "); expected the id of a C-node, D-box, switch, rack or part",
            "id"};
}

} // namespace

void check_price_book_items(const PriceBook& book, const Catalog& catalog,
                            const std::string& where) {
    for (std::size_t i = 0; i < book.items.size(); ++i) {
        const auto [problem, key] = item_problem(book.items[i], catalog);
        if (!problem.empty()) {
            throw InputError(fmt::format("{}.items[{}].{}", where, i, key), problem);
        }
    }
}

bool is_price_book_document(std::string_view text) {
    try {
        const detail::json doc = detail::parse_json_text(text, "");
        const auto schema = doc.is_object() ? doc.find("schema") : doc.end();
        return schema != doc.end() && schema->is_string() &&
               schema->get<std::string>() == "podsizer-prices/1";
    } catch (const InputError&) {
        return false;
    }
}

} // namespace podsizer

// Reading and writing a price book (docs/cost.md §1). Every price is a
// number of the book's currency from 0 to kMaxPrice; shares are percent
// strings ("10%") as in a scenario; every part carries a `source` (read like
// a catalog's). Each part's keys are rows (kItem, kSite, kGpuHour, kCloud,
// kEgressTier) from which its reader, its writer and its JSON Schema are
// generated. The writer puts the keys in row order, shares as the shortest
// percent text that reads back to the same figure and sizes as exact
// quantity texts, so parse_price_book(price_book_to_json(b)) == b to the
// last bit (a scenario embeds a book the same way).
#include "podsizer/catalog/price_book_io.hpp"

#include "catalog_reader.hpp"
#include "json_node.hpp"
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/catalog/suggest.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"
#include "price_book_reader.hpp"
#include "scenario_text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <fmt/format.h>
#include <variant>

namespace podsizer {

using detail::json;
using detail::Node;
using ojson = nlohmann::ordered_json;

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

// The price book's keys, one row each: the member of the part it fills and
// writes, and its kind.
enum class PriceKind {
    money,      ///< an amount from 0 to kMaxPrice
    share,      ///< a percent string from 0 % to below `top` %
    count,      ///< a whole number from 1 to `top`
    quantity,   ///< a capacity above zero
    id,         ///< text without spaces
    line,       ///< text on one line
    source,     ///< a source object
    provenance, ///< the part's `source` and its prices' `field_sources`
    custom,     ///< read and written by the row's functions
    with_before ///< read and written by the custom row before it
};
using K = PriceKind;

template <class M>
using PriceMember =
    std::variant<std::monostate, double M::*, std::optional<double> M::*, int M::*,
                 std::optional<Capacity> M::*, std::string M::*, Source M::*, Provenance M::*>;

/// A member with no value (an empty optional or text, a share of 0 that is
/// not required) is left out of the written part.
template <class M> struct PriceRow {
    std::string_view key;
    PriceKind kind;
    PriceMember<M> member{};
    bool required = false;
    std::string_view help{};    ///< the schema's description
    double top = 100.0;         ///< share: the bound in %; count: the largest
    std::string_view beside{};  ///< a key this one is refused beside, with `message`
    std::string_view message{}; ///< count: what was expected; `beside`: the error
    void (*read)(const Node& part, M& m) = nullptr;
    void (*write)(ojson& part, const M& m) = nullptr;
    std::string_view schema{}; ///< custom, with_before: the key's JSON Schema
};

/// The value at `v` into `out`, as row `r` reads it.
template <class M, class V> void read_value(const Node& v, const PriceRow<M>& r, V& out) {
    if constexpr (std::is_same_v<V, int>) {
        const std::int64_t n = v.count(1);
        if (static_cast<double>(n) > r.top) {
            v.fail(fmt::format("is {}; expected {}", n, r.message));
        }
        out = static_cast<int>(n);
    } else if constexpr (std::is_same_v<V, std::string>) {
        out = r.kind == K::id ? v.id() : v.name();
    } else if constexpr (std::is_same_v<V, Source>) {
        out = detail::read_source(v);
    } else if constexpr (std::is_same_v<V, std::optional<Capacity>>) {
        out = v.positive<Capacity>();
    } else if constexpr (!std::is_same_v<V, Provenance>) {
        out = r.kind == K::share ? share(v, r.top) : amount(v);
    }
}

/// The part at `n` into `m`, row by row; a key no row names is warned about.
template <class M, std::size_t N>
void read_part(const Node& n, const PriceRow<M> (&rows)[N], M& m) {
    n.require_object();
    std::vector<std::string_view> prices; // the keys a `field_sources` may name
    std::vector<std::string_view> known;
    for (const PriceRow<M>& r : rows) {
        (r.kind == K::provenance ? known : prices).push_back(r.key);
    }
    known.insert(known.begin(), prices.begin(), prices.end());
    if (known.size() > prices.size()) {
        known.push_back("field_sources");
    }
    n.check_fields(known);
    for (const PriceRow<M>& r : rows) {
        const auto v = r.required && r.kind != K::provenance ? std::optional<Node>(n.at(r.key))
                                                             : n.find(r.key);
        if (r.read != nullptr) {
            r.read(n, m);
        } else if (r.kind == K::provenance) {
            m.*std::get<Provenance M::*>(r.member) = detail::read_provenance(
                n, prices, "names no price of this part; expected one of its prices");
        } else if (v) {
            std::visit(
                [&](auto p) {
                    if constexpr (!std::is_same_v<decltype(p), std::monostate>) {
                        read_value(*v, r, m.*p);
                    }
                },
                r.member);
            if (!r.beside.empty() && n.find(r.beside)) {
                v->fail(std::string(r.message));
            }
        }
    }
}

void put(ojson& j, std::string_view key, ojson v) {
    j[std::string(key)] = std::move(v);
}

ojson source_json(const Source& s) {
    ojson j{{"kind", std::string(to_string(s.kind))}};
    for (const auto& [key, text] : {std::pair{"ref", &s.ref}, std::pair{"note", &s.note}}) {
        if (!text->empty()) {
            put(j, key, *text);
        }
    }
    return j;
}

/// Row `r`'s value as written: shares as the shortest percent text that
/// reads back to the same figure, sizes as exact quantity texts; null when
/// the part leaves it out.
template <class M, class V> ojson value_json(const PriceRow<M>& r, const V& v) {
    if constexpr (std::is_same_v<V, double>) {
        return r.required || v != 0.0 ? value_json(r, std::optional(v)) : ojson();
    } else if constexpr (std::is_same_v<V, std::optional<double>>) {
        return !v ? ojson() : r.kind == K::share ? ojson(exact_percent_text(*v)) : ojson(*v);
    } else if constexpr (std::is_same_v<V, std::optional<Capacity>>) {
        return v ? ojson(exact_quantity_text(v->base(), Dimension::capacity)) : ojson();
    } else if constexpr (std::is_same_v<V, std::string>) {
        return r.required || !v.empty() ? ojson(v) : ojson();
    } else if constexpr (std::is_same_v<V, Source>) {
        return source_json(v);
    } else if constexpr (std::is_same_v<V, Provenance>) { // its two keys: part_json
        return nullptr;
    } else {
        return v;
    }
}

void put_provenance(ojson& j, const Provenance& p) {
    put(j, "source", source_json(p.source));
    if (!p.field_sources.empty()) {
        ojson fs = ojson::object();
        for (const auto& [key, s] : p.field_sources) {
            put(fs, key, source_json(s));
        }
        put(j, "field_sources", fs);
    }
}

/// The part `m` as its rows write it, in their order.
template <class M, std::size_t N> ojson part_json(const PriceRow<M> (&rows)[N], const M& m) {
    ojson j = ojson::object();
    for (const PriceRow<M>& r : rows) {
        ojson v = std::visit(
            [&](auto p) {
                if constexpr (std::is_same_v<decltype(p), std::monostate>) {
                    return ojson();
                } else {
                    return value_json(r, m.*p);
                }
            },
            r.member);
        if (r.write != nullptr) {
            r.write(j, m);
        } else if (r.kind == K::provenance) {
            put_provenance(j, m.*std::get<Provenance M::*>(r.member));
        } else if (!v.is_null()) {
            put(j, r.key, std::move(v));
        }
    }
    return j;
}

void read_per_gb_month(const Node& n, CloudPrices& c) {
    if (const auto tiers = n.find("per_gb_month")) {
        c.per_gb_month = read_tiers(*tiers);
        const Node tier = n.at("tier");
        c.tier = tier.id();
        if (!c.per_gb_month.contains(c.tier)) {
            tier.fail("\"" + c.tier + "\" is no tier of per_gb_month; expected one of its keys");
        }
    }
}

void write_per_gb_month(ojson& j, const CloudPrices& c) {
    if (!c.per_gb_month.empty()) {
        put(j, "per_gb_month", c.per_gb_month);
        put(j, "tier", c.tier);
    }
}

void read_egress_member(const Node& n, CloudPrices& c) {
    if (const auto egress = n.find("egress")) {
        if (c.egress_per_gb) {
            egress->fail("is given beside egress_per_gb; expected one of the two");
        }
        c.egress = read_egress(*egress);
    }
}

/// Written from the rows; read by read_egress_tiers, which orders the tops.
const PriceRow<EgressTier> kEgressTier[] = {
    {"up_to", K::quantity, &EgressTier::up_to},
    {"per_gb", K::money, &EgressTier::per_gb, true},
};

void write_egress(ojson& j, const CloudPrices& c) {
    if (!c.egress) {
        return;
    }
    const std::string route(to_string(c.egress->route));
    const std::vector<EgressTier>& tiers = c.egress->tiers;
    if (tiers.size() == 1 && !tiers.front().up_to) { // one flat figure
        put(j, "egress", {{"route", route}, {"per_gb", tiers.front().per_gb}});
        return;
    }
    ojson list = ojson::array();
    for (const EgressTier& t : tiers) {
        list.push_back(part_json(kEgressTier, t));
    }
    put(j, "egress", {{"route", route}, {"tiers", list}});
}

// The book's parts, each key in reading order, which is the written order.
const PriceRow<ItemPrice> kItem[] = {
    {"id", K::id, &ItemPrice::id, true,
     "a catalog id: C-node, D-box, switch or rack model, or a part of the bill of materials "
     "(cable, transceiver, PDU, ...)"},
    {"drive", K::quantity, &ItemPrice::drive, false,
     "a D-box priced with this drive option only, such as \"61.44 TB\""},
    {"unit_price", K::money, &ItemPrice::unit_price, true, "list price of one unit"},
    {"discount", K::share, &ItemPrice::discount, false, "share off the list price"},
    {"support_per_year", K::money, &ItemPrice::support_per_year, false, "support a year per unit"},
    {"support_share", K::share, &ItemPrice::support_share, false,
     "support a year as a share of the net price", 1000.0, "support_per_year",
     "gives support as a share beside support_per_year; expected one of the two"},
    {"licence_per_usable_tb_year", K::money, &ItemPrice::licence_per_usable_tb_year},
    {"sku", K::line, &ItemPrice::sku},
    {"source", K::source, &ItemPrice::source, true},
};
const PriceRow<SitePrices> kSite[] = {
    {"energy_per_kwh", K::money, &SitePrices::energy_per_kwh},
    {"space_per_rack_month", K::money, &SitePrices::space_per_rack_month},
    {"space_per_kw_month", K::money, &SitePrices::space_per_kw_month, false, "", 100.0,
     "space_per_rack_month", "prices space per kW beside space per rack; expected one of the two"},
    {"years", K::count, &SitePrices::years, false, "", kMaxPriceYears, "", "from 1 to 100 years"},
    {"discount_rate", K::share, &SitePrices::discount_rate},
    {"source", K::provenance, &SitePrices::provenance, true},
};
const PriceRow<PriceBook> kGpuHour[] = {
    {"price", K::money, &PriceBook::gpu_hour, true},
    {"source", K::source, &PriceBook::gpu_hour_source, true},
};
const PriceRow<CloudPrices> kCloud[] = {
    {.key = "per_gb_month",
     .kind = K::custom,
     .read = read_per_gb_month,
     .write = write_per_gb_month,
     .schema = R"({"type": "object", "maxProperties": 100,
                   "additionalProperties": {"$ref": "#/$defs/amount"}})"},
    {.key = "tier", .kind = K::with_before, .schema = R"({"type": "string"})"},
    {"egress_per_gb", K::money, &CloudPrices::egress_per_gb},
    // Its tiers' items are kEgressTier's schema (add_price_book_parts).
    {.key = "egress",
     .kind = K::custom,
     .read = read_egress_member,
     .write = write_egress,
     .schema = R"({"type": "object", "required": ["route"], "additionalProperties": false,
      "properties": {"route": {"enum": ["internet", "private_link"]},
        "tiers": {"type": "array", "minItems": 1, "maxItems": 100, "items": {}},
        "per_gb": {"$ref": "#/$defs/amount"}},
      "oneOf": [{"required": ["tiers"]}, {"required": ["per_gb"]}]})"},
    {"per_10k_operations", K::money, &CloudPrices::per_10k_operations},
    {"read_out_share_per_month", K::share, &CloudPrices::read_out_share_per_month, false, "",
     1000.0},
    {"request_size", K::quantity, &CloudPrices::request_size},
    {"source", K::provenance, &CloudPrices::provenance, true},
};

/// The JSON Schema of a part: its rows' keys, the ones it needs, the pairs
/// it refuses together, and (but for an egress tier) `_` comment keys.
template <class M, std::size_t N> json part_schema(const PriceRow<M> (&rows)[N]) {
    json out{{"type", "object"}, {"required", json::array()}, {"additionalProperties", false}};
    for (std::size_t i = 0; i < N; ++i) {
        const PriceRow<M>& r = rows[i];
        json& key = out["properties"][std::string(r.key)];
        switch (r.kind) {
        case K::money:
        case K::share:
            key = {{"$ref", r.kind == K::money ? "#/$defs/amount" : "#/$defs/share"}};
            break;
        case K::count:
            key = {{"type", "integer"}, {"minimum", 1}, {"maximum", static_cast<int>(r.top)}};
            break;
        case K::source:
        case K::provenance:
            key = {{"$ref", "#/$defs/source"}};
            break;
        case K::custom:
        case K::with_before:
            key = json::parse(r.schema);
            break;
        default:
            key = {{"type", "string"}};
        }
        if (!r.help.empty()) {
            key["description"] = r.help;
        }
        if (r.kind == K::provenance) {
            out["properties"]["field_sources"] = {{"$ref", "#/$defs/field_sources"}};
        }
        if (r.kind == K::with_before) {
            out["dependentRequired"][std::string(rows[i - 1].key)] = {r.key};
        }
        if (r.required) {
            out["required"].push_back(r.key);
        }
        if (!r.beside.empty()) {
            out["not"] = {{"required", {r.beside, r.key}}};
        }
    }
    if constexpr (!std::is_same_v<M, EgressTier>) {
        out["patternProperties"] = {{"^_", json::object()}};
    }
    return out;
}

std::vector<ItemPrice> read_items(const Node& n) {
    if (n.is_array() && n.raw().size() > kMaxPriceItems) {
        n.fail(fmt::format("has {} prices; expected at most 10,000 (one per catalog entry and "
                           "drive option)",
                           n.raw().size()));
    }
    std::vector<ItemPrice> items;
    for (const Node& item : n.items()) {
        read_part(item, kItem, items.emplace_back());
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
        read_part(*site, kSite, b.site);
    }
    if (const auto gpu = n.find("gpu_hour")) {
        read_part(*gpu, kGpuHour, b);
    }
    if (const auto cloud = n.find("cloud")) {
        read_part(*cloud, kCloud, b.cloud);
    }
    return b;
}

ojson detail::price_book_json(const PriceBook& b) {
    ojson items = ojson::array();
    for (const ItemPrice& p : b.items) {
        items.push_back(part_json(kItem, p));
    }
    ojson j{{"schema", "podsizer-prices/1"}, {"currency", b.currency}, {"items", items}};
    put(j, "site", part_json(kSite, b.site));
    if (b.gpu_hour) {
        put(j, "gpu_hour", part_json(kGpuHour, b));
    }
    put(j, "cloud", part_json(kCloud, b.cloud));
    return j;
}

void detail::add_price_book_parts(json& schema) {
    json& parts = schema["properties"];
    parts["items"]["items"] = part_schema(kItem);
    parts["site"] = part_schema(kSite);
    parts["gpu_hour"] = part_schema(kGpuHour);
    parts["cloud"] = part_schema(kCloud);
    parts["cloud"]["properties"]["egress"]["properties"]["tiers"]["items"] =
        part_schema(kEgressTier);
}

std::string price_book_to_json(const PriceBook& book) {
    return detail::price_book_json(book).dump(2) + "\n";
}

PriceBook parse_price_book(std::string_view text, const std::string& origin, Diagnostics* diag) {
    const detail::json doc = detail::parse_json_text(text, origin);
    return detail::read_price_book(detail::root(doc, origin, diag));
}

PriceBook load_price_book(const std::string& path, Diagnostics* diag) {
    return parse_price_book(read_text_file(path), path, diag);
}

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

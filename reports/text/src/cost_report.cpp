// The cost rows and blocks of the reports (docs/cost.md). Every figure is the
// core's (core/src/cost.cpp); here they are labelled, marked where they rest
// on a price the book marks ASSUMPTION, and left out entirely without a book.
#include "podsizer/reports/cost_report.hpp"

#include "podsizer/core/number_text.hpp"
#include "podsizer/core/units.hpp"
#include "podsizer/reports/checkpoint_report.hpp"
#include "report_json.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <fmt/format.h>
#include <functional>
#include <type_traits>

namespace podsizer {

namespace {

using detail::plain;

std::string money_cell(const std::optional<double>& v, int decimals, bool marked) {
    if (!v) {
        return "unpriced";
    }
    return format_number(*v, decimals) + (marked ? std::string(kIllustrativeMarker) : "");
}

bool has_part(const std::vector<DesignCost>& costs, std::string_view name) {
    const auto named = [&](const CostPart& p) { return p.name == name; };
    return std::any_of(costs.begin(), costs.end(), [&](const DesignCost& c) {
        return std::ranges::any_of(c.capex_parts, named) ||
               std::ranges::any_of(c.opex_parts, named);
    });
}

/// `words` joined by spaces in lines of at most 100 bytes, the later ones
/// indented by two, as the footnotes under a table are.
std::string wrapped(const std::vector<std::string>& words) {
    std::string out;
    std::string line;
    for (const std::string& word : words) {
        if (!line.empty() && line.size() + 1 + word.size() > 100) {
            out += line + "\n";
            line = "  " + word;
        } else {
            line += (line.empty() ? "" : " ") + word;
        }
    }
    return out + line + "\n";
}

/// Wraps `text` at spaces (wrapped).
std::string word_wrapped(const std::string& text) {
    std::vector<std::string> words;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find(' ', at), text.size());
        words.push_back(text.substr(at, end - at));
        at = end + 1;
    }
    return wrapped(words);
}

} // namespace

std::vector<std::string> unpriced_figures(const DesignCost& c) {
    std::vector<std::string> out = c.unpriced();
    if (c.recovered && !c.recovered->value_per_year) {
        out.push_back("gpu_hours_recovered");
    }
    return out;
}

std::string recovered_reference(const RecoveredGpuHours& r) {
    const std::string by = r.rule.empty() || r.rule == "explicit"
                               ? std::string("the scenario's explicit performance figures ask")
                               : "rule " + r.rule + " asks";
    return format_write(r.reference_write) + ", the write " + by +
           " before the checkpoint jobs (a pod sized without them)";
}

std::string recovered_note(const std::vector<const DesignCost*>& costs, const PriceBook& book,
                           bool markdown) {
    std::vector<std::string> lines;
    for (const DesignCost* c : costs) {
        if (c == nullptr || !c->recovered) {
            continue;
        }
        const RecoveredGpuHours& r = *c->recovered;
        const std::string line =
            "GPU-hours recovered: the design's write against " + recovered_reference(r) +
            ", by the goodput of " +
            (r.job.empty() ? std::string("every checkpoint job")
                           : "job " + r.job + " (the alternative that sets the checkpoint write)") +
            " at each write; negative is GPU-hours lost; " +
            (book.gpu_hour ? "valued at " + format_significant(*book.gpu_hour, 2, 2) + " " +
                                 book.currency + " a GPU-hour, 365 days a year"
                           : std::string("unpriced: the price book gives no gpu_hour price")) +
            " (docs/cost.md §4).";
        if (std::find(lines.begin(), lines.end(), line) == lines.end()) {
            lines.push_back(line);
        }
    }
    std::string out;
    for (const std::string& l : lines) {
        out += markdown ? l + "\n" : word_wrapped(l);
    }
    return out;
}

std::vector<std::string> assumed_book_prices(const PriceBook& book) {
    std::vector<std::string> out;
    for (const ItemPrice& p : book.items) {
        if (p.source.kind == SourceKind::assumption) {
            out.push_back(p.id);
        }
    }
    const SitePrices& site = book.site;
    const std::pair<const char*, bool> given[] = {
        {"energy_per_kwh", site.energy_per_kwh.has_value()},
        {"space_per_rack_month", site.space_per_rack_month.has_value()},
        {"space_per_kw_month", site.space_per_kw_month.has_value()},
        {"years", true}};
    for (const auto& [f, is] : given) {
        if (is && site.provenance.of(f).kind == SourceKind::assumption) {
            out.push_back(std::string("site.") + f);
        }
    }
    return out;
}

std::string illustrative_footnote(std::vector<std::string> names, bool markdown) {
    if (names.empty()) {
        return {};
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    const std::string head = (markdown ? "\\" : "") + std::string(kIllustrativeMarker) +
                             " rests on prices the price book marks ASSUMPTION (illustrative, "
                             "not a quote):";
    if (markdown) {
        return fmt::format("{} {}\n", head, fmt::join(names, ", "));
    }
    std::vector<std::string> words{head};
    for (std::size_t i = 0; i < names.size(); ++i) {
        words.push_back(names[i] + (i + 1 < names.size() ? "," : ""));
    }
    return wrapped(words);
}

namespace {

using Assumed = std::vector<std::string>;

bool names(const Assumed& a, std::string_view name) {
    return std::find(a.begin(), a.end(), name) != a.end();
}

/// A row of the cost grid: a total (the label followed by the currency) or,
/// indented, a part by the core's name (core/src/cost.cpp), shown when a
/// design has it; a cell marked when `marked` finds the figure resting on an
/// assumed price of that design.
struct CostLine {
    std::string_view label;
    std::string_view part; ///< empty for a total
    int decimals;
    std::optional<double> (*total)(const DesignCost&);
    bool (*marked)(const Design&, const Assumed&);
};

template <auto M> std::optional<double> total(const DesignCost& c) {
    return c.*M;
}
bool any(const Design&, const Assumed& a) {
    return !a.empty();
}
template <auto M> bool model(const Design& d, const Assumed& a) {
    return names(a, d.*M);
}
/// A bill part's price marked ASSUMPTION: an assumed item other than the models.
bool bill(const Design& d, const Assumed& a) {
    return std::any_of(a.begin(), a.end(), [&](const std::string& n) {
        return n.find('.') == std::string::npos && n != d.cnode_model && n != d.dbox_model &&
               n != d.switch_model && n != d.rack_model;
    });
}
bool item(const Design&, const Assumed& a) {
    return std::any_of(a.begin(), a.end(),
                       [](const std::string& n) { return n.find('.') == std::string::npos; });
}
bool energy(const Design&, const Assumed& a) {
    return names(a, "site.energy_per_kwh");
}
bool space(const Design&, const Assumed& a) {
    return names(a, "site.space_per_rack_month") || names(a, "site.space_per_kw_month");
}

using DC = DesignCost;
/// "TCO" and "Present value" are labelled from the book (cost_line_label).
constexpr std::array<CostLine, 19> kCostLines{{
    {"CapEx", "", 0, total<&DC::capex>, any},
    {"C-nodes", "cnodes", 0, nullptr, model<&Design::cnode_model>},
    {"D-boxes", "dboxes", 0, nullptr, model<&Design::dbox_model>},
    {"Switches", "switches", 0, nullptr, model<&Design::switch_model>},
    {"Racks", "racks", 0, nullptr, model<&Design::rack_model>},
    // The bill of materials' parts (core/src/cost.cpp bill_parts; docs/cost.md §2).
    {"Management switches", "management_switches", 0, nullptr, bill},
    {"PDUs and power cords", "pdus_and_cords", 0, nullptr, bill},
    {"Rail kits", "rail_kits", 0, nullptr, bill},
    {"Cables", "cables", 0, nullptr, bill},
    {"Transceivers", "transceivers", 0, nullptr, bill},
    {"OpEx a year", "", 0, total<&DC::opex_per_year>, any},
    {"Energy a year", "energy", 0, nullptr, energy},
    {"Space a year", "space", 0, nullptr, space},
    {"Support a year", "support", 0, nullptr, item},
    {"Licences a year", "licences", 0, nullptr, item},
    {"TCO", "", 0, total<&DC::tco>, any},
    {"Present value", "", 0, total<&DC::present_value>, any},
    {"Per usable TB-month", "", 2, total<&DC::per_usable_tb_month>, any},
    {"Per GB/s of read (intact)", "", 0, total<&DC::per_read_gb_per_s>, any},
}};

/// A line's label; empty for the present value without a discount rate.
std::string cost_line_label(std::string_view label, const SitePrices& site) {
    if (label == "TCO") {
        return fmt::format("TCO, {} year{}", site.years, site.years == 1 ? "" : "s");
    }
    if (label == "Present value") {
        return site.discount_rate ? "Present value at " + detail::percent_text(*site.discount_rate)
                                  : "";
    }
    return std::string(label);
}

/// GPU-hours a day recovered and their value a year (docs/cost.md §4):
/// rows only when a design has checkpoint jobs; "-" for one without.
void add_recovered_rows(Grid& g, const std::vector<DesignCost>& costs, const std::string& cur) {
    if (std::none_of(costs.begin(), costs.end(),
                     [](const DC& c) { return c.recovered.has_value(); })) {
        return;
    }
    std::vector<std::string> hours{"GPU-hours a day recovered"};
    std::vector<std::string> value{"  their value a year" + cur};
    for (const DesignCost& c : costs) {
        const auto& r = c.recovered;
        hours.push_back(r ? format_number(r->per_day, 0) : "-");
        // Nothing recovered rests on no price: no marker on a 0.
        const bool marked =
            names(c.assumed, "gpu_hour") && r && r->value_per_year.value_or(0.0) != 0.0;
        value.push_back(r ? money_cell(r->value_per_year, 0, marked) : "-");
    }
    g.rows.push_back(std::move(hours));
    g.rows.push_back(std::move(value));
}

std::vector<DesignCost> design_costs(const SizingResult& r) {
    std::vector<DesignCost> costs;
    for (const Design& d : r.designs) {
        costs.push_back(design_cost(d, *r.prices));
    }
    return costs;
}

} // namespace

Grid cost_grid(const SizingResult& r) {
    Grid g;
    g.header.push_back("Cost");
    if (!r.prices) {
        return g;
    }
    const std::vector<DesignCost> costs = design_costs(r);
    for (const Design& d : r.designs) {
        g.header.push_back(d.name);
    }
    const std::string cur = " (" + r.prices->currency + ")";
    for (const CostLine& line : kCostLines) {
        const std::string label = cost_line_label(line.label, r.prices->site);
        if (label.empty() || (!line.part.empty() && !has_part(costs, line.part))) {
            continue;
        }
        g.rows.push_back({line.part.empty() ? label + cur : "  " + label});
        for (std::size_t k = 0; k < costs.size(); ++k) {
            const std::optional<double> v =
                line.part.empty() ? line.total(costs[k]) : costs[k].part(std::string(line.part));
            g.rows.back().push_back(
                money_cell(v, line.decimals, line.marked(r.designs[k], costs[k].assumed)));
        }
    }
    add_recovered_rows(g, costs, cur);
    std::vector<std::string> unpriced{"Unpriced"};
    for (const DesignCost& c : costs) {
        const std::string names = fmt::format("{}", fmt::join(unpriced_figures(c), ", "));
        unpriced.push_back(names.empty() ? "-" : names);
    }
    if (std::any_of(unpriced.begin() + 1, unpriced.end(), [](auto& n) { return n != "-"; })) {
        g.rows.push_back(std::move(unpriced));
    }
    return g;
}

std::string cost_section(const SizingResult& r, bool markdown) {
    if (!r.prices) {
        return {};
    }
    const std::vector<DesignCost> costs = design_costs(r);
    std::vector<std::string> assumed;
    std::vector<const DesignCost*> of;
    for (const DesignCost& c : costs) {
        assumed.insert(assumed.end(), c.assumed.begin(), c.assumed.end());
        of.push_back(&c);
    }
    const std::string note = recovered_note(of, *r.prices, markdown);
    const std::string assumed_line = illustrative_footnote(assumed, markdown);
    if (markdown) {
        return "\n### Cost\n\n" + render_markdown(cost_grid(r)) +
               (note.empty() ? "" : "\n" + note) +
               (assumed_line.empty() ? "" : "\n" + assumed_line);
    }
    return "\nCost (from the price book; docs/cost.md):\n" + render_text(cost_grid(r)) + note +
           assumed_line;
}

std::vector<std::string> cost_csv_headers(const PriceBook& book) {
    const std::string cur = " (" + book.currency + ")";
    return {"CapEx" + cur,
            "OpEx a year" + cur,
            fmt::format("TCO {} years{}", book.site.years, cur),
            "Per usable TB-month" + cur,
            "Per GB/s of read (intact)" + cur,
            "Unpriced"};
}

std::vector<std::string> cost_csv_cells(const DesignCost& c) {
    const std::string unpriced = fmt::format("{}", fmt::join(c.unpriced(), "; "));
    return {plain(c.capex, 2),
            plain(c.opex_per_year, 2),
            plain(c.tco, 2),
            plain(c.per_usable_tb_month, 4),
            plain(c.per_read_gb_per_s, 2),
            unpriced};
}

namespace {

const ComparisonColumn* cloud_column(const Comparison& c) {
    const auto k =
        std::find_if(c.columns.begin(), c.columns.end(),
                     [](const ComparisonColumn& col) { return col.cloud_cost.has_value(); });
    return k == c.columns.end() ? nullptr : &*k;
}

using Col = ComparisonColumn;
using Value = std::optional<double>;

/// A figure of a design's (or its pods') cost, or of the cloud store's: a
/// member of CloudCost or a function of the column.
template <auto D, auto K> Value either(const Col& c) {
    if (c.cost) {
        return std::invoke(D, *c.cost);
    }
    if constexpr (std::is_member_pointer_v<decltype(K)>) {
        return c.cloud_cost ? Value(std::invoke(K, *c.cloud_cost)) : std::nullopt;
    } else {
        return c.cloud_cost ? K(c) : std::nullopt;
    }
}
/// Nothing bought: the cloud store is rented.
Value nothing(const Col&) {
    return 0.0;
}
// Per usable TB-month and per GB/s of read as for a design (docs/cost.md §2),
// on the reference's capacity and read.
Value tb_month(const Col& c) {
    const double tb_months = in(c.usable(), units::TB) * c.cloud_cost->years * 12.0;
    return tb_months > 0.0 ? Value(c.cloud_cost->tco / tb_months) : std::nullopt;
}
Value gb_per_s(const Col& c) {
    const double gbps = in(c.read(), units::GB_per_s);
    return gbps > 0.0 ? Value(c.cloud_cost->tco / gbps) : std::nullopt;
}
/// The cloud's bill apart: storage, egress, read operations a year.
template <std::size_t I> Value part(const Col& c) {
    return c.cloud_cost ? c.cloud_cost->parts_per_year[I].amount : std::nullopt;
}
/// Recovered GPU-hours (docs/cost.md §4); null for a column without.
template <auto M> Value hours(const Col& c) {
    return c.cost && c.cost->recovered ? Value(c.cost->recovered.value().*M) : std::nullopt;
}

/// Which comparisons have a row: all with a book, those with a cloud column,
/// those where a column has recovered GPU-hours.
enum Has : std::uint8_t { kAll, kCloud, kHours };
struct ComparisonCostRow {
    std::string_view key, label; ///< "{}": the book's years
    int decimals;
    Has has;
    Value (*value)(const Col&);
};
using RG = RecoveredGpuHours;
using CC = CloudCost;
/// The cloud's parts under its OpEx, its TCO without egress under the TCO:
/// a design pays no egress, so that is its TCO (docs/cost.md §3). The key of
/// the GPU-hours a day has no "cost_" prefix: not a cost, no currency.
constexpr std::array<ComparisonCostRow, 11> kComparisonCost{{
    {"cost_capex", "CapEx", 0, kAll, either<&DC::capex, nothing>},
    {"cost_opex_per_year", "OpEx a year", 0, kAll, either<&DC::opex_per_year, &CC::per_year>},
    {"cost_cloud_storage_per_year", "Cloud storage a year", 0, kCloud, part<0>},
    {"cost_cloud_egress_per_year", "", 0, kCloud, part<1>}, // egress_row_label
    {"cost_cloud_operations_per_year", "Cloud read operations a year", 0, kCloud, part<2>},
    {"cost_tco", "TCO, {} years", 0, kAll, either<&DC::tco, &CC::tco>},
    {"cost_tco_without_egress", "TCO, {} years, without cloud egress", 0, kCloud,
     either<&DC::tco, &CC::tco_without_egress>},
    {"cost_per_usable_tb_month", "Per usable TB-month", 2, kAll,
     either<&DC::per_usable_tb_month, tb_month>},
    {"cost_per_read_gb_per_s", "Per GB/s of read (intact)", 0, kAll,
     either<&DC::per_read_gb_per_s, gb_per_s>},
    {"gpu_hours_recovered_per_day", "GPU-hours a day recovered", 0, kHours, hours<&RG::per_day>},
    {"cost_gpu_hours_recovered_per_year", "GPU-hours recovered, value a year", 0, kHours,
     hours<&RG::value_per_year>},
}};

std::string egress_row_label(const CloudCost& k) {
    if (!k.egress_route) {
        return "Cloud egress a year";
    }
    return *k.egress_route == EgressRoute::private_link ? "Cloud egress a year (private link)"
                                                        : "Cloud egress a year (internet)";
}

} // namespace

std::vector<ComparisonRow> comparison_cost_rows(const Comparison& c) {
    std::vector<ComparisonRow> rows;
    if (!c.prices) {
        return rows;
    }
    const ComparisonColumn* cloud = cloud_column(c);
    const bool any_recovered = std::any_of(c.columns.begin(), c.columns.end(), [](const Col& col) {
        return col.cost && col.cost->recovered.has_value();
    });
    for (const ComparisonCostRow& r : kComparisonCost) {
        if ((r.has == kCloud && cloud == nullptr) || (r.has == kHours && !any_recovered)) {
            continue;
        }
        ComparisonRow& row = rows.emplace_back();
        row.key = r.key;
        row.label = r.label.empty() ? egress_row_label(*cloud->cloud_cost)
                                    : fmt::format(fmt::runtime(r.label), c.prices->site.years);
        row.unit = r.key.starts_with("cost_") ? c.prices->currency : "";
        row.decimals = r.decimals;
        for (const ComparisonColumn& col : c.columns) {
            row.values.push_back(r.value(col));
        }
    }
    return rows;
}

std::string cloud_egress_note(const Comparison& c, bool markdown) {
    const ComparisonColumn* cloud = c.prices ? cloud_column(c) : nullptr;
    if (cloud == nullptr || !cloud->cloud_cost->egress_route) {
        return {};
    }
    const CloudCost& k = *cloud->cloud_cost;
    const std::optional<double> egress = k.parts_per_year[1].amount;
    const std::string& cur = c.prices->currency;
    const std::string volume =
        format_auto(k.egress_gb_per_month * 1e9, Dimension::capacity) + " a month";
    std::string line;
    if (*k.egress_route == EgressRoute::private_link) {
        line = "Cloud egress: " + volume + " over a private link" +
               (egress && *egress == 0.0
                    ? std::string(" that charges nothing per GB: the cloud's totals include no "
                                  "egress (the link's own port or circuit fee is not priced)")
                    : " at the price book's per-GB figure") +
               " (docs/cost.md §3).";
    } else {
        const double gb_year = k.egress_gb_per_month * 12.0;
        line = "Cloud egress: " + volume + " over the internet, billed a month at a time through " +
               "the price book's bands: " +
               (egress && gb_year > 0.0 ? format_fixed(*egress / gb_year, 4) : "0") + " " + cur +
               " per GB on average; the TCO without cloud egress shows the store " +
               "alone (docs/cost.md §3).";
    }
    return markdown ? line + "\n" : word_wrapped(line);
}

namespace {

std::string source_text(const Source& s) {
    std::string out(to_string(s.kind));
    if (!s.ref.empty()) {
        out += ", " + s.ref;
    }
    if (!s.note.empty()) {
        out += " (" + s.note + ")";
    }
    return out;
}

std::string egress_figure(const CloudEgress& e, const std::string& cur) {
    std::string out = e.route == EgressRoute::private_link ? "private link" : "internet";
    double floor = 0.0;
    for (std::size_t i = 0; i < e.tiers.size(); ++i) {
        const EgressTier& t = e.tiers[i];
        const std::string band =
            t.up_to
                ? (i == 0 ? std::string("first ") : format_auto(floor, Dimension::capacity) + "-") +
                      format_auto(t.up_to->base(), Dimension::capacity)
                : (i == 0 ? std::string("every GB")
                          : "over " + format_auto(floor, Dimension::capacity));
        out += (i == 0 ? ": " : "; ") + band + " " + format_shortest(t.per_gb) + " " + cur + "/GB";
        floor = t.up_to ? t.up_to->base() : floor;
    }
    return out;
}

} // namespace

std::vector<std::string> cloud_price_lines(const PriceBook& book) {
    const CloudPrices& c = book.cloud;
    const Provenance& p = c.provenance;
    const std::string& cur = book.currency;
    std::vector<std::string> out;
    const auto tier = c.per_gb_month.find(c.tier);
    if (tier != c.per_gb_month.end()) {
        out.push_back("storage, tier " + c.tier + ": " + format_shortest(tier->second) + " " + cur +
                      " a GB-month; " + source_text(p.of("per_gb_month")));
    }
    if (const std::optional<CloudEgress> e = c.egress_model()) {
        out.push_back("egress, " + egress_figure(*e, cur) + "; " +
                      source_text(p.of(c.egress ? "egress" : "egress_per_gb")));
    }
    if (c.per_10k_operations) {
        out.push_back("read operations: " + format_shortest(*c.per_10k_operations) + " " + cur +
                      " per 10,000; " + source_text(p.of("per_10k_operations")));
    }
    out.push_back("read out a month: " + format_percent(c.read_out_share_per_month) +
                  " of the data; " + source_text(p.of("read_out_share_per_month")));
    if (c.request_size) {
        out.push_back("bytes per read operation: " + format_number(c.request_size->base()) +
                      " bytes" + "; " + source_text(p.of("request_size")));
    }
    return out;
}

std::string cloud_price_block(const PriceBook& book, bool markdown) {
    std::string out = markdown ? "\nCloud prices (price book; the source and date of each):\n\n"
                               : "Cloud prices (price book; the source and date of each):\n";
    for (const std::string& l : cloud_price_lines(book)) {
        out += markdown ? "- " + l + "\n" : word_wrapped("- " + l);
    }
    return out;
}

const std::vector<std::string>& column_assumed_prices(const ComparisonColumn& c) {
    static const std::vector<std::string> none;
    return c.cost ? c.cost->assumed : c.cloud_cost ? c.cloud_cost->assumed : none;
}

} // namespace podsizer

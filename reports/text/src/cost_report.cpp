// The cost rows and blocks of the reports (docs/cost.md). Every figure is the
// core's (core/src/cost.cpp); here they are labelled, marked where they rest
// on a price the book marks ASSUMPTION, and left out entirely without a book.
#include "podsizer/reports/cost_report.hpp"

#include "cost_json.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/units.hpp"
#include "podsizer/reports/checkpoint_report.hpp"
#include "report_json.hpp"

#include <algorithm>
#include <array>
#include <fmt/format.h>

namespace podsizer {

namespace {

using detail::ojson;
using detail::plain;

/// The parts of a design's cost by name, as core names them, with labels.
struct PartLabel {
    const char* name;
    const char* label;
};
constexpr std::array<PartLabel, 4> kCapexParts{
    {{"cnodes", "C-nodes"}, {"dboxes", "D-boxes"}, {"switches", "Switches"}, {"racks", "Racks"}}};
/// The bill of materials' parts (core/src/cost.cpp bill_parts; docs/cost.md §2).
constexpr std::array<PartLabel, 5> kBillParts{{{"management_switches", "Management switches"},
                                               {"pdus_and_cords", "PDUs and power cords"},
                                               {"rail_kits", "Rail kits"},
                                               {"cables", "Cables"},
                                               {"transceivers", "Transceivers"}}};
constexpr std::array<PartLabel, 4> kOpexParts{{{"energy", "Energy a year"},
                                               {"space", "Space a year"},
                                               {"support", "Support a year"},
                                               {"licences", "Licences a year"}}};

std::string money_cell(const std::optional<double>& v, int decimals, bool marked) {
    if (!v) {
        return "unpriced";
    }
    return format_number(*v, decimals) + (marked ? std::string(kIllustrativeMarker) : "");
}

bool has_part(const std::vector<DesignCost>& costs, const char* name) {
    return std::any_of(costs.begin(), costs.end(), [&](const DesignCost& c) {
        for (const auto* parts : {&c.capex_parts, &c.opex_parts}) {
            for (const CostPart& p : *parts) {
                if (p.name == name) {
                    return true;
                }
            }
        }
        return false;
    });
}

std::string wrapped(const std::string& head, const std::vector<std::string>& items) {
    std::string out;
    std::string line = head;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string item = items[i] + (i + 1 < items.size() ? "," : "");
        if (line.size() + 1 + item.size() > 100) {
            out += line + "\n";
            line = "  " + item;
        } else {
            line += " " + item;
        }
    }
    return out + line + "\n";
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

namespace {

/// Wraps `text` at spaces to lines of at most 100 characters, the later ones
/// indented by two, as the footnotes under a table are.
std::string word_wrapped(const std::string& text) {
    std::string out;
    std::string line;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = std::min(text.find(' ', start), text.size());
        const std::string word = text.substr(start, end - start);
        if (!line.empty() && line.size() + 1 + word.size() > 100) {
            out += line + "\n";
            line = "  " + word;
        } else {
            line += (line.empty() ? "" : " ") + word;
        }
        start = end + 1;
    }
    return out + line + "\n";
}

} // namespace

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
    const Provenance& s = book.site.provenance;
    for (const char* f : {"energy_per_kwh", "space_per_rack_month", "space_per_kw_month"}) {
        const SitePrices& site = book.site;
        const bool given = std::string_view(f) == "energy_per_kwh" ? site.energy_per_kwh.has_value()
                           : std::string_view(f) == "space_per_rack_month"
                               ? site.space_per_rack_month.has_value()
                               : site.space_per_kw_month.has_value();
        if (given && s.of(f).kind == SourceKind::assumption) {
            out.push_back(std::string("site.") + f);
        }
    }
    if (s.of("years").kind == SourceKind::assumption) {
        out.push_back("site.years");
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
        std::string text = head;
        for (std::size_t i = 0; i < names.size(); ++i) {
            text += (i == 0 ? " " : ", ") + names[i];
        }
        return text + "\n";
    }
    return wrapped(head, names);
}

namespace {

/// Builds the cost grid row by row: designs as columns, each cell marked
/// when the figure rests on an assumed price of that design.
class CostGridBuilder {
public:
    CostGridBuilder(const SizingResult& r, Grid& g) : g_(g) {
        for (const Design& d : r.designs) {
            costs_.push_back(design_cost(d, *r.prices));
            assumed_.push_back(costs_.back().assumed);
            g.header.push_back(d.name);
        }
        currency_ = " (" + r.prices->currency + ")";
    }

    void total(const std::string& label, int decimals, auto value) {
        std::vector<std::string> row{label + currency_};
        for (std::size_t k = 0; k < costs_.size(); ++k) {
            row.push_back(money_cell(value(costs_[k]), decimals, !assumed_[k].empty()));
        }
        g_.rows.push_back(std::move(row));
    }

    void parts(const PartLabel& part, auto is_assumed) {
        if (!has_part(costs_, part.name)) {
            return;
        }
        std::vector<std::string> row{std::string("  ") + part.label};
        for (std::size_t k = 0; k < costs_.size(); ++k) {
            row.push_back(money_cell(costs_[k].part(part.name), 0, is_assumed(k)));
        }
        g_.rows.push_back(std::move(row));
    }

    /// GPU-hours a day recovered and their value a year (docs/cost.md §4):
    /// rows only when a design has checkpoint jobs; "-" for one without.
    void recovered() {
        if (std::none_of(costs_.begin(), costs_.end(),
                         [](const DesignCost& c) { return c.recovered.has_value(); })) {
            return;
        }
        std::vector<std::string> hours{"GPU-hours a day recovered"};
        std::vector<std::string> value{"  their value a year" + currency_};
        for (std::size_t k = 0; k < costs_.size(); ++k) {
            const auto& r = costs_[k].recovered;
            hours.push_back(r ? format_number(r->per_day, 0) : "-");
            // Nothing recovered rests on no price: no marker on a 0.
            const bool marked = named(k, "gpu_hour") && r && r->value_per_year.value_or(0.0) != 0.0;
            value.push_back(r ? money_cell(r->value_per_year, 0, marked) : "-");
        }
        g_.rows.push_back(std::move(hours));
        g_.rows.push_back(std::move(value));
    }

    void unpriced() {
        std::vector<std::string> row{"Unpriced"};
        bool any = false;
        for (const DesignCost& c : costs_) {
            const std::string names = fmt::format("{}", fmt::join(unpriced_figures(c), ", "));
            any = any || !names.empty();
            row.push_back(names.empty() ? "-" : names);
        }
        if (any) {
            g_.rows.push_back(std::move(row));
        }
    }

    bool named(std::size_t k, const std::string& name) const {
        const auto& a = assumed_[k];
        return std::find(a.begin(), a.end(), name) != a.end();
    }
    bool any_item(std::size_t k) const {
        return std::any_of(assumed_[k].begin(), assumed_[k].end(),
                           [](const std::string& n) { return n.find('.') == std::string::npos; });
    }
    const std::vector<DesignCost>& costs() const { return costs_; }
    const std::vector<std::string>& assumed(std::size_t k) const { return assumed_[k]; }

private:
    Grid& g_;
    std::vector<DesignCost> costs_;
    std::vector<std::vector<std::string>> assumed_;
    std::string currency_;
};

} // namespace

Grid cost_grid(const SizingResult& r) {
    Grid g;
    g.header.push_back("Cost");
    if (!r.prices) {
        return g;
    }
    CostGridBuilder b(r, g);
    b.total("CapEx", 0, [](const DesignCost& c) { return std::optional<double>(c.capex); });
    for (std::size_t i = 0; i < kCapexParts.size(); ++i) {
        b.parts(kCapexParts[i], [&](std::size_t k) {
            const Design& d = r.designs[k];
            const std::string* id[] = {&d.cnode_model, &d.dbox_model, &d.switch_model,
                                       &d.rack_model};
            return b.named(k, *id[i]);
        });
    }
    for (const PartLabel& part : kBillParts) {
        b.parts(part, [&](std::size_t k) {
            // A part's price marked ASSUMPTION: an assumed item other than the models.
            const Design& d = r.designs[k];
            return std::any_of(b.assumed(k).begin(), b.assumed(k).end(), [&](const std::string& n) {
                return n.find('.') == std::string::npos && n != d.cnode_model &&
                       n != d.dbox_model && n != d.switch_model && n != d.rack_model;
            });
        });
    }
    b.total("OpEx a year", 0,
            [](const DesignCost& c) { return std::optional<double>(c.opex_per_year); });
    b.parts(kOpexParts[0], [&](std::size_t k) { return b.named(k, "site.energy_per_kwh"); });
    b.parts(kOpexParts[1], [&](std::size_t k) {
        return b.named(k, "site.space_per_rack_month") || b.named(k, "site.space_per_kw_month");
    });
    b.parts(kOpexParts[2], [&](std::size_t k) { return b.any_item(k); });
    b.parts(kOpexParts[3], [&](std::size_t k) { return b.any_item(k); });
    const int years = r.prices->site.years;
    b.total(fmt::format("TCO, {} year{}", years, years == 1 ? "" : "s"), 0,
            [](const DesignCost& c) { return std::optional<double>(c.tco); });
    if (r.prices->site.discount_rate) {
        b.total("Present value at " + detail::percent_text(*r.prices->site.discount_rate), 0,
                [](const DesignCost& c) { return c.present_value; });
    }
    b.total("Per usable TB-month", 2,
            [](const DesignCost& c) { return std::optional<double>(c.per_usable_tb_month); });
    b.total("Per GB/s of read (intact)", 0,
            [](const DesignCost& c) { return std::optional<double>(c.per_read_gb_per_s); });
    b.recovered();
    b.unpriced();
    return g;
}

std::string cost_section(const SizingResult& r, bool markdown) {
    if (!r.prices) {
        return {};
    }
    const Grid g = cost_grid(r);
    std::vector<std::string> assumed;
    std::vector<DesignCost> costs;
    for (const Design& d : r.designs) {
        costs.push_back(design_cost(d, *r.prices));
        assumed.insert(assumed.end(), costs.back().assumed.begin(), costs.back().assumed.end());
    }
    std::vector<const DesignCost*> of;
    for (const DesignCost& c : costs) {
        of.push_back(&c);
    }
    const std::string footnote =
        recovered_note(of, *r.prices, markdown) + illustrative_footnote(assumed, markdown);
    if (markdown) {
        const std::string note = recovered_note(of, *r.prices, true);
        const std::string assumed_line = illustrative_footnote(assumed, true);
        return "\n### Cost\n\n" + render_markdown(g) + (note.empty() ? "" : "\n" + note) +
               (assumed_line.empty() ? "" : "\n" + assumed_line);
    }
    return "\nCost (from the price book; docs/cost.md):\n" + render_text(g) + footnote;
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

/// The recovered GPU-hours rows of a comparison, when a column has them:
/// GPU-hours a day (not a cost, so its key has no "cost_" prefix) and their
/// value a year; null for a column without (a reference, or no jobs).
void add_recovered_rows(const Comparison& c, std::vector<ComparisonRow>& rows) {
    const auto has = [](const ComparisonColumn& col) { return col.cost && col.cost->recovered; };
    if (std::none_of(c.columns.begin(), c.columns.end(), has)) {
        return;
    }
    ComparisonRow hours{"gpu_hours_recovered_per_day", "GPU-hours a day recovered", "", 0, {}, {}};
    ComparisonRow value{"cost_gpu_hours_recovered_per_year",
                        "GPU-hours recovered, value a year",
                        c.prices->currency,
                        0,
                        {},
                        {}};
    for (const ComparisonColumn& col : c.columns) {
        const bool r = has(col);
        hours.values.push_back(r ? std::optional(col.cost->recovered->per_day) : std::nullopt);
        value.values.push_back(r ? col.cost->recovered->value_per_year : std::nullopt);
    }
    rows.push_back(std::move(hours));
    rows.push_back(std::move(value));
}

} // namespace

namespace {

const ComparisonColumn* cloud_column(const Comparison& c) {
    for (const ComparisonColumn& col : c.columns) {
        if (col.cloud_cost) {
            return &col;
        }
    }
    return nullptr;
}

std::string egress_row_label(const CloudCost& k) {
    if (!k.egress_route) {
        return "Cloud egress a year";
    }
    return *k.egress_route == EgressRoute::private_link ? "Cloud egress a year (private link)"
                                                        : "Cloud egress a year (internet)";
}

/// The cloud's bill apart (storage, egress, read operations) and its TCO
/// without egress; a design's column has no cloud parts and pays no egress,
/// so its "without egress" TCO is its TCO (docs/cost.md §3).
std::vector<ComparisonRow> cloud_part_rows(const Comparison& c, const std::string& years) {
    const ComparisonColumn* cloud = cloud_column(c);
    if (cloud == nullptr) {
        return {};
    }
    const std::string& cur = c.prices->currency;
    std::vector<ComparisonRow> rows{
        {"cost_cloud_storage_per_year", "Cloud storage a year", cur, 0, {}, {}},
        {"cost_cloud_egress_per_year", egress_row_label(*cloud->cloud_cost), cur, 0, {}, {}},
        {"cost_cloud_operations_per_year", "Cloud read operations a year", cur, 0, {}, {}},
        {"cost_tco_without_egress",
         "TCO, " + years + " years, without cloud egress",
         cur,
         0,
         {},
         {}}};
    for (const ComparisonColumn& col : c.columns) {
        if (col.cloud_cost) {
            const CloudCost& k = *col.cloud_cost;
            for (std::size_t i = 0; i < 3; ++i) {
                rows[i].values.push_back(k.parts_per_year[i].amount);
            }
            rows[3].values.push_back(k.tco_without_egress);
            continue;
        }
        for (std::size_t i = 0; i < 3; ++i) {
            rows[i].values.push_back(std::nullopt);
        }
        rows[3].values.push_back(col.cost ? std::optional(col.cost->tco) : std::nullopt);
    }
    return rows;
}

} // namespace

std::vector<ComparisonRow> comparison_cost_rows(const Comparison& c) {
    std::vector<ComparisonRow> rows;
    if (!c.prices) {
        return rows;
    }
    const std::string& cur = c.prices->currency;
    const std::string years = fmt::format("{}", c.prices->site.years);
    rows.push_back({"cost_capex", "CapEx", cur, 0, {}, {}});
    rows.push_back({"cost_opex_per_year", "OpEx a year", cur, 0, {}, {}});
    rows.push_back({"cost_tco", "TCO, " + years + " years", cur, 0, {}, {}});
    rows.push_back({"cost_per_usable_tb_month", "Per usable TB-month", cur, 2, {}, {}});
    rows.push_back({"cost_per_read_gb_per_s", "Per GB/s of read (intact)", cur, 0, {}, {}});
    for (const ComparisonColumn& col : c.columns) {
        std::array<std::optional<double>, 5> v{};
        if (col.cost) {
            const DesignCost& d = *col.cost;
            v = {d.capex, d.opex_per_year, d.tco, d.per_usable_tb_month, d.per_read_gb_per_s};
        } else if (col.cloud_cost) {
            // Per usable TB-month and per GB/s of read as for a design
            // (docs/cost.md §2), on the reference's capacity and read.
            const CloudCost& k = *col.cloud_cost;
            const double tb_months = in(col.usable(), units::TB) * k.years * 12.0;
            const double gbps = in(col.read(), units::GB_per_s);
            v = {0.0, k.per_year, k.tco,
                 tb_months > 0.0 ? std::optional(k.tco / tb_months) : std::nullopt,
                 gbps > 0.0 ? std::optional(k.tco / gbps) : std::nullopt};
        }
        for (std::size_t i = 0; i < rows.size(); ++i) {
            rows[i].values.push_back(v[i]);
        }
    }
    std::vector<ComparisonRow> parts = cloud_part_rows(c, years);
    // The cloud's parts under its OpEx, its TCO without egress under the TCO.
    if (!parts.empty()) {
        rows.insert(rows.begin() + 3, std::move(parts[3]));
        rows.insert(rows.begin() + 2, std::make_move_iterator(parts.begin()),
                    std::make_move_iterator(parts.begin() + 3));
    }
    add_recovered_rows(c, rows);
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

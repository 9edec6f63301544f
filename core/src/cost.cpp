#include "podsizer/core/cost.hpp"

#include "podsizer/core/counting.hpp"
#include "podsizer/core/durability.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <map>

namespace podsizer {

namespace {

// kHoursPerYear (durability.hpp): 8,760 h, a year of 365 days; docs/cost.md §2.
constexpr double kMonthsPerYear = 12.0;

/// The devices of a design by kind, with the catalog id each is priced by.
struct Counted {
    const char* name;
    const std::string* id;
    double count;
    std::optional<Capacity> drive;
};

std::vector<Counted> counted(const Design& d) {
    return {{"cnodes", &d.cnode_model, static_cast<double>(d.cnodes), std::nullopt},
            {"dboxes", &d.dbox_model, static_cast<double>(d.dboxes), d.drive_size},
            {"switches", &d.switch_model, static_cast<double>(d.switches()), std::nullopt},
            {"racks", &d.rack_model, static_cast<double>(d.racks), std::nullopt}};
}

double priced_sum(const std::vector<CostPart>& parts) {
    double sum = 0.0;
    for (const CostPart& p : parts) {
        sum += p.amount.value_or(0.0);
    }
    return sum;
}

std::vector<std::string> unpriced_of(const std::vector<CostPart>& a,
                                     const std::vector<CostPart>& b = {}) {
    std::vector<std::string> out;
    for (const auto* parts : {&a, &b}) {
        for (const CostPart& p : *parts) {
            if (!p.amount || !p.missing.empty()) {
                out.push_back(p.name);
            }
        }
    }
    return out;
}

CostPart energy_part(const Design& d, const SitePrices& site) {
    if (!site.energy_per_kwh) {
        return {"energy", std::nullopt, "site.energy_per_kwh"};
    }
    return {"energy", in(d.facility_power, units::kW) * kHoursPerYear * *site.energy_per_kwh, ""};
}

/// What a rack-counted price waits for when no single device fits the rack
/// (Design::racks_fit): the rack count is n/a, so pricing the engine's power
/// quotient would print a sum for racks the design cannot have (REDTEAM-3 #14).
std::string no_rack_count(const Design& d) {
    return fmt::format("racks a device fits (no single device fits rack {})", d.rack_model);
}

CostPart space_part(const Design& d, const SitePrices& site) {
    if (site.space_per_rack_month && !d.racks_fit) {
        return {"space", std::nullopt, no_rack_count(d)};
    }
    if (site.space_per_rack_month) {
        return {"space", static_cast<double>(d.racks) * *site.space_per_rack_month * kMonthsPerYear,
                ""};
    }
    if (site.space_per_kw_month) {
        return {"space", in(d.basis_power(), units::kW) * *site.space_per_kw_month * kMonthsPerYear,
                ""};
    }
    return {"space", std::nullopt, "site.space_per_rack_month or site.space_per_kw_month"};
}

/// Support and licences a year over every priced device kind.
void running_parts(const Design& d, const PriceBook& book, std::vector<CostPart>& out) {
    CostPart support{"support", 0.0, ""};
    std::optional<double> licence;
    for (const Counted& c : counted(d)) {
        const ItemPrice* p = book.item(*c.id, c.drive);
        if (c.count <= 0.0) {
            continue;
        }
        const std::optional<double> s = p != nullptr ? p->support() : std::nullopt;
        const bool uncounted = c.id == &d.rack_model && !d.racks_fit && s && *s > 0.0;
        if (uncounted || !s) {
            support.amount.reset();
            support.missing += (support.missing.empty() ? "" : ", ") +
                               (uncounted ? no_rack_count(d) : *c.id + " support");
        } else if (support.amount) {
            *support.amount += c.count * *s;
        }
        if (p != nullptr && p->licence_per_usable_tb_year) {
            licence =
                licence.value_or(0.0) + in(d.usable, units::TB) * *p->licence_per_usable_tb_year;
        }
    }
    out.push_back(support);
    if (licence) { // no licence in the book: not a cost, not an unpriced one
        out.push_back({"licences", licence, ""});
    }
}

bool assumed(const Source& s) {
    return s.kind == SourceKind::assumption;
}

/// "site.years" and the site's other assumed prices that a cost uses.
void add_site_assumptions(const SitePrices& s, bool racks_counted, std::vector<std::string>& out) {
    const Provenance& p = s.provenance;
    if (s.energy_per_kwh && assumed(p.of("energy_per_kwh"))) {
        out.push_back("site.energy_per_kwh");
    }
    if (s.space_per_rack_month && racks_counted && assumed(p.of("space_per_rack_month"))) {
        out.push_back("site.space_per_rack_month");
    }
    if (s.space_per_kw_month && assumed(p.of("space_per_kw_month"))) {
        out.push_back("site.space_per_kw_month");
    }
    if (assumed(p.of("years"))) {
        out.push_back("site.years");
    }
    if (s.discount_rate && assumed(p.of("discount_rate"))) {
        out.push_back("site.discount_rate");
    }
}

std::vector<std::string> assumed_design_prices(const PriceBook& book, const Design& d) {
    std::vector<std::string> out;
    for (const Counted& c : counted(d)) {
        const ItemPrice* p = book.item(*c.id, c.drive);
        const bool uncounted = c.id == &d.rack_model && !d.racks_fit;
        if (c.count > 0.0 && p != nullptr && assumed(p->source) && !uncounted) {
            add_once(out, *c.id);
        }
    }
    add_site_assumptions(book.site, d.racks_fit, out);
    return out;
}

std::vector<std::string> assumed_cloud_prices(const PriceBook& book) {
    std::vector<std::string> out;
    const CloudPrices& c = book.cloud;
    const Provenance& p = c.provenance;
    const std::array<std::pair<const char*, bool>, 6> given{
        {{"per_gb_month", !c.per_gb_month.empty()},
         {"egress_per_gb", c.egress_per_gb.has_value()},
         {"egress", c.egress.has_value()},
         {"per_10k_operations", c.per_10k_operations.has_value()},
         {"read_out_share_per_month", c.read_out_share_per_month != 0.0},
         {"request_size", c.request_size.has_value()}}};
    for (const auto& [name, present] : given) {
        if (present && assumed(p.of(name))) {
            out.push_back(std::string("cloud.") + name);
        }
    }
    if (assumed(book.site.provenance.of("years"))) {
        out.push_back("site.years");
    }
    return out;
}

/// The CapEx part of each group of the bill's parts (docs/cost.md §2).
struct PartGroup {
    const char* category; ///< BomLine::category
    const char* name;     ///< the CostPart's
};
constexpr std::array<PartGroup, 5> kPartGroups{{{"Management", "management_switches"},
                                                {"Power", "pdus_and_cords"},
                                                {"Rails", "rail_kits"},
                                                {"Cables", "cables"},
                                                {"Transceivers", "transceivers"}}};

/// The bill was made for these counts: a copy of a design whose counts were
/// changed afterwards (a phase's added devices, cash_flow.cpp) keeps its
/// base's bill, which is not its own, and is priced on its counts alone.
bool bill_is_of(const Design& d) {
    std::int64_t cnodes = 0, dboxes = 0, switches = 0, racks = 0;
    for (const BomLine& l : d.bom->lines) {
        std::int64_t* n = l.category == "C-nodes"    ? &cnodes
                          : l.category == "D-boxes"  ? &dboxes
                          : l.category == "Switches" ? &switches
                          : l.category == "Racks"    ? &racks
                                                     : nullptr;
        if (n != nullptr) {
            *n += l.quantity;
        }
    }
    return cnodes == d.cnodes && dboxes == d.dboxes && switches == d.switches() && racks == d.racks;
}

/// The bill's parts (its lines beyond the devices, switches and racks that
/// counted() prices), one CapEx part per group: the sum of the lines the
/// book prices; the others named in `missing` (0 in the sum, never hidden).
void bill_parts(const Design& d, const PriceBook& book, DesignCost& c) {
    for (const PartGroup& g : kPartGroups) {
        CostPart part{g.name, std::nullopt, ""};
        std::string unlisted;
        bool any = false;
        for (const BomLine& l : d.bom->lines) {
            if (l.in_capex || l.category != g.category || l.quantity <= 0) {
                continue;
            }
            any = true;
            if (l.item.empty()) { // links no catalog part carries (bom.cpp): no price to take
                unlisted += fmt::format("{}a catalog part for {} × \"{}\"",
                                        unlisted.empty() ? "" : ", ", l.quantity, l.description);
                continue;
            }
            const std::optional<double> unit = bom_line_price(l, d, book);
            if (!unit) {
                part.missing += (part.missing.empty() ? "a price for " : ", ") + l.item;
                continue;
            }
            part.amount = part.amount.value_or(0.0) + static_cast<double>(l.quantity) * *unit;
            if (assumed(book.item(l.item)->source)) {
                add_once(c.assumed, l.item);
            }
        }
        if (!unlisted.empty()) {
            part.missing += (part.missing.empty() ? "" : "; ") + unlisted;
        }
        if (any) {
            c.capex_parts.push_back(std::move(part));
        }
    }
}

/// A part line of the bill: not a device, switch or rack (counted() prices
/// those), and a catalog item.
bool is_part(const BomLine& l) {
    return !l.in_capex && !l.item.empty() && l.quantity > 0;
}

const char* part_name(const std::string& category) {
    for (const PartGroup& g : kPartGroups) {
        if (category == g.category) {
            return g.name;
        }
    }
    return nullptr;
}

/// Each part's quantity (category and item; a part on two lines, as the
/// cables of two link kinds, counted once) in `pods` copies of `d`.
std::map<std::pair<std::string, std::string>, std::int64_t> part_quantities(const Design& d,
                                                                            std::int64_t pods) {
    std::map<std::pair<std::string, std::string>, std::int64_t> q;
    if (d.bom && bill_is_of(d)) {
        for (const BomLine& l : d.bom->lines) {
            if (is_part(l)) {
                q[{l.category, l.item}] += saturating_product(l.quantity, pods);
            }
        }
    }
    return q;
}

/// The recovered GPU-hours of a design with checkpoint jobs; nullopt when it
/// has none, or no reference write (no performance write) or no write.
std::optional<RecoveredGpuHours> recovered_gpu_hours(const Design& d, const PriceBook& book) {
    const CheckpointPlan& plan = d.requirements.checkpoints;
    const Throughput reference = d.requirements.performance_write;
    if (plan.jobs.empty() || d.checkpoints.size() != plan.jobs.size() || reference.base() <= 0.0 ||
        d.write.base() <= 0.0) {
        return std::nullopt;
    }
    // Each job's goodput at its share of the reference write, shared as the
    // design's write is (checkpoint_plan.hpp).
    const std::vector<CheckpointAtDesign> at_reference = checkpoints_on_design(plan, reference);
    std::vector<std::size_t> counted;
    if (plan.concurrent) {
        for (std::size_t i = 0; i < plan.jobs.size(); ++i) {
            counted.push_back(i);
        }
    } else { // alternatives: the job that sets the pod's checkpoint write
        std::size_t top = 0;
        for (std::size_t i = 1; i < plan.jobs.size(); ++i) {
            if (plan.jobs[i].required_write.base() > plan.jobs[top].required_write.base()) {
                top = i;
            }
        }
        counted.push_back(top);
    }
    RecoveredGpuHours r;
    r.design_write = d.write;
    r.reference_write = reference;
    r.rule = d.requirements.rule;
    r.job = plan.concurrent ? std::string() : plan.jobs[counted.front()].name;
    double value = 0.0;
    for (std::size_t i : counted) {
        const double gain = d.checkpoints[i].at_share.goodput - at_reference[i].at_share.goodput;
        r.gpus += plan.jobs[i].gpus;
        r.per_day += gain * static_cast<double>(plan.jobs[i].gpus) * 24.0;
        value +=
            recovered_gpu_hours_value(d.checkpoints[i].at_share.goodput,
                                      at_reference[i].at_share.goodput, plan.jobs[i].gpus, book)
                .value_or(0.0);
    }
    if (book.gpu_hour) {
        r.value_per_year = value;
    }
    return r;
}

} // namespace

void add_once(std::vector<std::string>& names, const std::string& name) {
    if (std::find(names.begin(), names.end(), name) == names.end()) {
        names.push_back(name);
    }
}

PartsOrder parts_ordered(const Design& before, std::int64_t pods_before, const Design& after,
                         std::int64_t pods_after, const PriceBook& book) {
    PartsOrder order;
    const auto had = part_quantities(before, pods_before);
    const auto has = part_quantities(after, pods_after);
    if (has.empty()) {
        return order;
    }
    std::map<std::pair<std::string, std::string>, bool> done;
    for (const BomLine& l : after.bom->lines) {
        const std::pair<std::string, std::string> key{l.category, l.item};
        if (!is_part(l) || done[key]) {
            continue;
        }
        done[key] = true;
        const auto it = had.find(key);
        const std::int64_t more = has.at(key) - (it != had.end() ? it->second : 0);
        if (more <= 0) {
            continue;
        }
        const std::optional<double> unit = bom_line_price(l, after, book);
        const char* name = part_name(l.category);
        if (!unit) {
            if (name != nullptr) {
                add_once(order.unpriced, name);
            }
            continue;
        }
        order.amount += static_cast<double>(more) * *unit;
        if (assumed(book.item(l.item)->source)) {
            add_once(order.assumed, l.item);
        }
    }
    return order;
}

std::vector<std::string> DesignCost::unpriced() const {
    return unpriced_of(capex_parts, opex_parts);
}

std::optional<double> DesignCost::part(const std::string& name) const {
    for (const auto* parts : {&capex_parts, &opex_parts}) {
        for (const CostPart& p : *parts) {
            if (p.name == name) {
                return p.amount;
            }
        }
    }
    return std::nullopt;
}

double present_value(double capex, double per_year, int years, double rate) {
    double pv = capex;
    for (int t = 1; t <= years; ++t) {
        pv += per_year / std::pow(1.0 + rate, t);
    }
    return pv;
}

std::optional<double> bom_line_price(const BomLine& line, const Design& d, const PriceBook& book) {
    // No rack count when no single device fits the rack (Design::racks_fit):
    // nothing counted by the rack is priced, as the racks are not.
    const bool by_rack =
        line.category == "Racks" || line.category == "Management" || line.per_rack > 0;
    if (line.item.empty() || (by_rack && !d.racks_fit)) {
        return std::nullopt;
    }
    const bool dbox = line.category == "D-boxes";
    const ItemPrice* p = book.item(line.item, dbox ? d.drive_size : std::optional<Capacity>{});
    if (p == nullptr) {
        return std::nullopt;
    }
    return p->net_price();
}

DesignCost design_cost(const Design& d, const PriceBook& book) {
    DesignCost c;
    c.currency = book.currency;
    c.years = book.site.years;
    for (const Counted& k : counted(d)) {
        const ItemPrice* p = book.item(*k.id, k.drive);
        if (k.id == &d.rack_model && !d.racks_fit && k.count > 0.0) {
            c.capex_parts.push_back({k.name, std::nullopt, no_rack_count(d)});
        } else if (p == nullptr && k.count > 0.0) {
            c.capex_parts.push_back({k.name, std::nullopt, "a price for " + *k.id});
        } else {
            c.capex_parts.push_back({k.name, p != nullptr ? k.count * p->net_price() : 0.0, ""});
        }
    }
    if (d.bom && bill_is_of(d)) {
        bill_parts(d, book, c);
    }
    c.opex_parts.push_back(energy_part(d, book.site));
    c.opex_parts.push_back(space_part(d, book.site));
    running_parts(d, book, c.opex_parts);
    c.capex = priced_sum(c.capex_parts);
    c.opex_per_year = priced_sum(c.opex_parts);
    c.tco = c.capex + c.years * c.opex_per_year;
    if (book.site.discount_rate) {
        c.present_value =
            present_value(c.capex, c.opex_per_year, c.years, *book.site.discount_rate);
    }
    const double tb_months = in(d.usable, units::TB) * c.years * kMonthsPerYear;
    c.per_usable_tb_month = tb_months > 0.0 ? c.tco / tb_months : 0.0;
    const double gbps = in(d.read, units::GB_per_s);
    c.per_read_gb_per_s = gbps > 0.0 ? c.tco / gbps : 0.0;
    std::vector<std::string> parts_assumed = std::move(c.assumed);
    c.assumed = assumed_design_prices(book, d);
    for (const std::string& id : parts_assumed) {
        add_once(c.assumed, id);
    }
    c.recovered = recovered_gpu_hours(d, book);
    if (c.recovered && c.recovered->value_per_year && assumed(book.gpu_hour_source)) {
        c.assumed.push_back("gpu_hour");
    }
    return c;
}

DesignCost scaled_cost(DesignCost c, std::int64_t n) {
    const double k = static_cast<double>(n);
    for (auto* parts : {&c.capex_parts, &c.opex_parts}) {
        for (CostPart& p : *parts) {
            if (p.amount) {
                *p.amount *= k;
            }
        }
    }
    c.capex *= k;
    c.opex_per_year *= k;
    c.tco *= k;
    if (c.present_value) {
        *c.present_value *= k;
    }
    if (c.recovered) { // n pods, each with its own GPUs and jobs
        c.recovered->gpus *= n;
        c.recovered->per_day *= k;
        if (c.recovered->value_per_year) {
            *c.recovered->value_per_year *= k;
        }
    }
    return c;
}

std::vector<std::string> CloudCost::unpriced() const {
    return unpriced_of(parts_per_year);
}

CloudCost cloud_cost(Capacity usable, const PriceBook& book) {
    const CloudPrices& p = book.cloud;
    CloudCost c;
    c.currency = book.currency;
    c.years = book.site.years;
    const double gb = in(usable, units::GB);
    const auto tier = p.per_gb_month.find(p.tier);
    c.parts_per_year.push_back(
        tier == p.per_gb_month.end()
            ? CostPart{"storage", std::nullopt, "cloud.per_gb_month for tier \"" + p.tier + "\""}
            : CostPart{"storage", gb * tier->second * kMonthsPerYear, ""});
    // Read out a month: the stored data times the share read out, billed a
    // month at a time through the egress bands (docs/cost.md §3).
    c.egress_gb_per_month = gb * p.read_out_share_per_month;
    const double out_gb = c.egress_gb_per_month * kMonthsPerYear;
    const std::optional<CloudEgress> egress = p.egress_model();
    if (egress) {
        c.egress_route = egress->route;
        c.parts_per_year.push_back(
            {"egress", egress->month_charge(c.egress_gb_per_month) * kMonthsPerYear, ""});
    } else {
        c.parts_per_year.push_back({"egress", std::nullopt, "cloud.egress or cloud.egress_per_gb"});
    }
    if (p.per_10k_operations && p.request_size && p.request_size->base() > 0.0) {
        const double ops = out_gb * 1e9 / p.request_size->base();
        c.parts_per_year.push_back({"operations", ops / 1e4 * *p.per_10k_operations, ""});
    } else {
        c.parts_per_year.push_back(
            {"operations", std::nullopt, "cloud.per_10k_operations and cloud.request_size"});
    }
    c.per_year = priced_sum(c.parts_per_year);
    c.tco = c.years * c.per_year;
    c.per_year_without_egress = c.per_year - c.parts_per_year[1].amount.value_or(0.0);
    c.tco_without_egress = c.years * c.per_year_without_egress;
    if (book.site.discount_rate) {
        c.present_value = present_value(0.0, c.per_year, c.years, *book.site.discount_rate);
    }
    c.assumed = assumed_cloud_prices(book);
    return c;
}

std::optional<double> recovered_gpu_hours_value(double design_goodput, double reference_goodput,
                                                std::int64_t gpus, const PriceBook& book) {
    if (!book.gpu_hour) {
        return std::nullopt;
    }
    // GPU-hours a year the higher goodput turns into useful work.
    const double hours =
        (design_goodput - reference_goodput) * static_cast<double>(gpus) * kHoursPerYear;
    return hours * *book.gpu_hour;
}

} // namespace podsizer

#include "podsizer/core/comparison.hpp"

#include "podsizer/core/counting.hpp"
#include "podsizer/core/errors.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace podsizer {

namespace {

/// n pods' bill: every count n times one pod's (the per-rack counts stay).
DesignBom pods_bom(DesignBom b, std::int64_t n) {
    for (BomLine& l : b.lines) {
        l.quantity = saturating_product(l.quantity, n);
    }
    for (std::int64_t* k :
         {&b.links.device_ports, &b.links.leaf_spine, &b.links.spine_super_spine,
          &b.links.client_uplinks, &b.links.client_ports_to_customer, &b.links.management_ports,
          &b.links.management_uplinks, &b.links.power_cords, &b.links.copper, &b.links.optical,
          &b.cables, &b.transceivers, &b.management_switches}) {
        *k = saturating_product(*k, n);
    }
    b.link_power_w *= static_cast<double>(n);
    return b;
}

bool no_errors(const std::vector<Finding>& findings) {
    return std::none_of(findings.begin(), findings.end(),
                        [](const Finding& f) { return f.severity() == Severity::error; });
}

/// A design (pods 1) or the design grown to `e.pods` pods: the column holds
/// the design, and the limits the pods break.
ComparisonColumn design_column(const std::shared_ptr<const Design>& d, std::size_t index,
                               const Extrapolation* e) {
    ComparisonColumn c;
    c.name = e != nullptr ? fmt::format("{} × {}", d->name, e->pods) : d->name;
    c.kind = e != nullptr ? ColumnKind::pods : ColumnKind::design;
    c.source = index;
    c.pods = e != nullptr ? e->pods : 1;
    c.design = d;
    for (const Finding& f : e != nullptr ? e->findings : std::vector<Finding>{}) {
        if (f.severity() == Severity::error) {
            c.pods_checks.push_back(
                {.kind = CheckKind::constraint, .result = CheckResult::short_, .code = f.code});
        }
    }
    return c;
}

ComparisonColumn reference_column(const ReferenceSizing& r, std::size_t index) {
    ComparisonColumn c;
    c.name = r.name;
    c.kind = ColumnKind::reference;
    c.source = index;
    c.accounts = r.accounts;
    c.subscriptions = r.subscriptions;
    c.accounts_for_subscriptions = std::max(r.accounts, r.accounts_for_throughput);
    c.read_at_site = r.read_at_site;
    c.write_at_site = r.write_at_site;
    c.reference = {.racks = r.racks,
                   .usable = r.usable,
                   .raw = r.raw,
                   .read = r.read,
                   .write = r.write,
                   .power = r.power,
                   .verdict = {},
                   .assumptions = r.assumptions};
    c.read_within_limits = r.read_within_limits;
    c.write_within_limits = r.write_within_limits;
    return c;
}

/// A reference judged on the designs' need (docs/model.md §15): what reaches
/// the GPUs (the least of its rate, its accounts' limits and the WAN) against
/// read and write times 1 + headroom, and its capacity against the need.
void judge_reference(ComparisonColumn& c, const Requirements& req, double headroom, bool feasible) {
    Verdict& v = c.reference.verdict;
    auto reaching = [](Throughput t, const std::optional<Throughput>& limits,
                       const std::optional<Throughput>& site) {
        return std::min({t, limits.value_or(t), site.value_or(t)});
    };
    const bool applies = req.gpus > 0;
    auto throughput = [&](CheckKind kind, Throughput need, Throughput got) {
        v.checks.push_back(throughput_check(kind, SizeFor::intact,
                                            in(need, units::TB_per_s) * (1.0 + headroom),
                                            in(got, units::TB_per_s), need.base() > 0.0, applies));
    };
    const ReferenceFigures& f = c.reference;
    throughput(CheckKind::read, req.read, reaching(f.read, c.read_within_limits, c.read_at_site));
    throughput(CheckKind::write, req.write,
               reaching(f.write, c.write_within_limits, c.write_at_site));
    v.checks.push_back(capacity_check(req.usable, f.usable));
    v.status = feasible ? status_of(v.checks) : VerdictStatus::short_;
}

/// The capacity references are sized at: the target, or the first design's.
void set_reference_capacity(Comparison& cmp, const SizingResult& sizing,
                            const ComparisonSpec& spec) {
    if (spec.target) {
        cmp.reference_capacity = spec.target->target;
        cmp.reference_basis = ReferenceBasis::target;
    } else if (sizing.requirements.usable.base() > 0.0) {
        // The need, not the first design's usable capacity (which rounds up
        // to whole D-boxes): the cloud is sized as the customer would buy it.
        cmp.reference_capacity = sizing.requirements.usable;
        cmp.reference_basis = ReferenceBasis::need;
    } else if (!sizing.designs.empty()) {
        cmp.reference_capacity = sizing.designs.front().usable;
        cmp.reference_basis = ReferenceBasis::first_design;
    }
}

/// Each design, and after it, when it needs more than one pod to reach the
/// target, the design grown to whole pods.
void add_designs(Comparison& cmp, const SizingResult& sizing, const ComparisonSpec& spec) {
    for (std::size_t i = 0; i < sizing.designs.size(); ++i) {
        const Design& d = sizing.designs[i];
        const auto shared = std::make_shared<const Design>(d);
        cmp.columns.push_back(design_column(shared, i, nullptr));
        for (const Finding& f : d.findings) {
            cmp.findings.push_back({d.name, f});
        }
        if (!spec.target) {
            continue;
        }
        Extrapolation e = extrapolate_pods(d, *spec.target);
        for (const Finding& f : e.findings) {
            cmp.findings.push_back({d.name + " to " + format_in(e.target, units::PB, 1), f});
        }
        if (e.pods > 1) {
            cmp.columns.push_back(design_column(shared, i, &e));
        }
        cmp.extrapolations.push_back(std::move(e));
    }
}

void add_references(Comparison& cmp, const ComparisonSpec& spec, const Requirements& need,
                    double headroom) {
    if (!spec.references.empty() && !(cmp.reference_capacity.base() > 0.0)) {
        throw InputError("no capacity to size the reference systems at: give a target or a design "
                         "with usable capacity");
    }
    for (const ReferenceSystem* ref : spec.references) {
        ReferenceSizing r = size_reference(*ref, cmp.reference_capacity, spec.cloud);
        cmp.columns.push_back(reference_column(r, cmp.references.size()));
        judge_reference(cmp.columns.back(), need, headroom, no_errors(r.findings));
        for (const Finding& f : r.findings) {
            cmp.findings.push_back({r.name, f});
        }
        cmp.references.push_back(std::move(r));
    }
}

/// The columns' costs from the book (docs/cost.md): a design's, n pods' (n
/// times one pod's), and each reference as the cloud store holding the
/// column's usable capacity for the same years.
void price_columns(Comparison& cmp, const PriceBook& book) {
    for (ComparisonColumn& c : cmp.columns) {
        if (c.kind == ColumnKind::reference) {
            c.cloud_cost = cloud_cost(c.usable(), book);
        } else {
            c.cost = scaled_cost(design_cost(*c.design, book), c.pods);
        }
    }
}

/// GPUs of `platform` that `power` feeds, at its power per GPU (power per
/// SU over GPUs per SU); nullopt when the catalog gives no SU power.
std::optional<double> gpus_fed_by(Power power, const GpuPlatform* platform) {
    if (platform == nullptr || !(platform->power_per_su.base() > 0.0)) {
        return std::nullopt;
    }
    const Power per_gpu = platform->power_per_su / static_cast<double>(platform->gpus_per_su);
    return power / per_gpu;
}

ComparisonRatio ratio_to(const ComparisonColumn& c, std::size_t column,
                         const ReferenceSystem& system, std::size_t reference,
                         const ComparisonSpec& spec) {
    // The reference at this column's capacity: like for like.
    const ReferenceSizing at = size_reference(system, c.usable(), spec.cloud);
    ComparisonRatio r;
    r.column = column;
    r.reference = reference;
    r.basis = c.usable();
    r.reference_racks = at.racks;
    r.reference_power = at.power;
    // No rack holds the column's devices: no ratio of racks (shown n/a).
    r.racks = c.racks_fit()
                  ? ratio_or_zero(static_cast<double>(c.racks()), static_cast<double>(at.racks))
                  : 0.0;
    r.power = ratio_or_zero(c.power().base(), at.power.base());
    r.read = ratio_or_zero(c.read().base(), at.read.base());
    r.write = ratio_or_zero(c.write().base(), at.write.base());
    r.power_saved = at.power - c.power();
    // A design that draws more saves nothing: it feeds no GPUs, never a
    // negative count of them (REVIEW-3 §5.2).
    r.gpus_fed = gpus_fed_by(std::max(r.power_saved, Power{}), spec.platform);
    r.break_even_rack_power = c.power() / static_cast<double>(std::max<std::int64_t>(1, at.racks));
    return r;
}

/// Each non-reference column against each reference, by reference.
void add_ratios(Comparison& cmp, const ComparisonSpec& spec) {
    for (std::size_t ref = 0; ref < spec.references.size(); ++ref) {
        for (std::size_t k = 0; k < cmp.columns.size(); ++k) {
            const ComparisonColumn& c = cmp.columns[k];
            if (c.kind != ColumnKind::reference && c.usable().base() > 0.0) {
                cmp.ratios.push_back(ratio_to(c, k, *spec.references[ref], ref, spec));
            }
        }
    }
}

} // namespace

std::string_view to_string(ColumnKind k) {
    switch (k) {
    case ColumnKind::design:
        return "design";
    case ColumnKind::pods:
        return "pods";
    case ColumnKind::reference:
        return "reference";
    }
    return "design";
}

std::int64_t ComparisonColumn::cnodes() const {
    return design ? pods_total(design->cnodes, pods) : 0;
}
std::int64_t ComparisonColumn::dboxes() const {
    return design ? pods_total(design->dboxes, pods) : 0;
}
std::int64_t ComparisonColumn::racks() const {
    return design ? pods_total(design->racks, pods) : reference.racks;
}
bool ComparisonColumn::racks_fit() const {
    return design ? design->racks_fit : true;
}
Capacity ComparisonColumn::usable() const {
    return design ? pods_total(design->usable, pods) : reference.usable;
}
std::optional<Capacity> ComparisonColumn::raw() const {
    return design ? pods_total(design->raw, pods) : reference.raw;
}
Throughput ComparisonColumn::read() const {
    return design ? pods_total(design->read, pods) : reference.read;
}
Throughput ComparisonColumn::write() const {
    return design ? pods_total(design->write, pods) : reference.write;
}
Power ComparisonColumn::power() const {
    return design ? pods_total(design->power, pods) : reference.power;
}

Verdict ComparisonColumn::verdict() const {
    if (!design) {
        return reference.verdict;
    }
    Verdict v = design->verdict;
    v.checks.insert(v.checks.end(), pods_checks.begin(), pods_checks.end());
    if (!pods_checks.empty()) {
        v.status = VerdictStatus::short_;
    }
    return v;
}

bool ComparisonColumn::feasible() const {
    return verdict().status != VerdictStatus::short_;
}

const std::vector<AssumedFigure>& ComparisonColumn::assumptions() const {
    // n pods rest on what one pod rests on.
    return design ? design->assumptions : reference.assumptions;
}

std::optional<DesignBom> ComparisonColumn::bom() const {
    if (!design || !design->bom) {
        return std::nullopt;
    }
    return pods_bom(*design->bom, pods);
}

double ComparisonColumn::pb_per_rack() const {
    return ratio_or_zero(in(usable(), units::PB), static_cast<double>(racks()));
}
double ComparisonColumn::gbps_read_per_kw() const {
    return ratio_or_zero(in(read(), units::GB_per_s), in(power(), units::kW));
}
double ComparisonColumn::mbps_read_per_tb() const {
    return ratio_or_zero(in(read(), units::MB_per_s), in(usable(), units::TB));
}
double ComparisonColumn::mbps_write_per_tb() const {
    return ratio_or_zero(in(write(), units::MB_per_s), in(usable(), units::TB));
}

const ComparisonRatio* Comparison::ratio(std::size_t column, std::size_t reference) const {
    for (const ComparisonRatio& r : ratios) {
        if (r.column == column && r.reference == reference) {
            return &r;
        }
    }
    return nullptr;
}

bool Comparison::all_feasible() const {
    // The proposal's columns; a reference that cannot deliver the need is
    // said in its column, not in the exit code.
    return std::all_of(columns.begin(), columns.end(), [](const ComparisonColumn& c) {
        return c.kind == ColumnKind::reference || c.verdict().status == VerdictStatus::meets;
    });
}

Comparison compare_designs(const SizingResult& sizing, const ComparisonSpec& spec) {
    Comparison cmp;
    cmp.title = sizing.scenario;
    cmp.prices = sizing.prices;
    if (!sizing.designs.empty()) {
        const Design& first = sizing.designs.front();
        cmp.power_basis = first.constraints.power_basis;
        cmp.rack_derate = first.constraints.rack_derate;
        cmp.pue = first.constraints.pue;
    }
    set_reference_capacity(cmp, sizing, spec);
    add_designs(cmp, sizing, spec);
    add_references(cmp, spec, sizing.requirements,
                   sizing.designs.empty() ? 0.0 : sizing.designs.front().constraints.headroom);
    if (sizing.prices) {
        price_columns(cmp, *sizing.prices);
    }
    if (spec.platform != nullptr && spec.platform->power_per_su.base() > 0.0) {
        cmp.gpu_platform = spec.platform->name;
        cmp.power_per_gpu =
            spec.platform->power_per_su / static_cast<double>(spec.platform->gpus_per_su);
        cmp.platform_assumptions = platform_assumptions(*spec.platform);
    }
    add_ratios(cmp, spec);
    return cmp;
}

} // namespace podsizer

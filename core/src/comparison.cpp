#include "podsizer/core/comparison.hpp"

#include "podsizer/core/counting.hpp"
#include "podsizer/core/errors.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace podsizer {

namespace {

double ratio(double num, double den) {
    return den > 0.0 ? num / den : 0.0;
}

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

ComparisonColumn design_column(const Design& d, std::size_t index) {
    ComparisonColumn c;
    c.name = d.name;
    c.kind = ColumnKind::design;
    c.source = index;
    c.pods = 1;
    c.cnodes = d.cnodes;
    c.dboxes = d.dboxes;
    c.racks = d.racks;
    c.racks_fit = d.racks_fit;
    c.usable = d.usable;
    c.raw = d.raw;
    c.read = d.read;
    c.write = d.write;
    c.power = d.power;
    c.verdict = d.verdict;
    c.feasible = d.feasible();
    c.assumptions = d.assumptions;
    c.bom = d.bom;
    return c;
}

bool no_errors(const std::vector<Finding>& findings) {
    return std::none_of(findings.begin(), findings.end(),
                        [](const Finding& f) { return f.severity() == Severity::error; });
}

ComparisonColumn pods_column(const Design& d, std::size_t index, const Extrapolation& e) {
    ComparisonColumn c;
    c.name = fmt::format("{} × {}", d.name, e.pods);
    c.kind = ColumnKind::pods;
    c.source = index;
    c.pods = e.pods;
    c.cnodes = e.cnodes;
    c.dboxes = e.dboxes;
    c.racks = e.racks;
    c.racks_fit = e.racks_fit;
    c.usable = e.usable;
    c.raw = e.raw;
    c.read = e.read;
    c.write = e.write;
    c.power = e.power;
    c.verdict = d.verdict;
    for (const Finding& f : e.findings) {
        if (f.severity() == Severity::error) {
            c.verdict.checks.push_back(
                {.kind = CheckKind::constraint, .result = CheckResult::short_, .code = f.code});
            c.verdict.status = VerdictStatus::short_;
        }
    }
    c.feasible = c.verdict.status != VerdictStatus::short_;
    c.assumptions = d.assumptions; // n pods rest on what one pod rests on
    if (d.bom) {
        c.bom = pods_bom(*d.bom, e.pods);
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
    c.racks = r.racks;
    c.usable = r.usable;
    c.raw = r.raw;
    c.read = r.read;
    c.write = r.write;
    c.power = r.power;
    c.read_within_limits = r.read_within_limits;
    c.write_within_limits = r.write_within_limits;
    c.assumptions = r.assumptions;
    c.feasible = no_errors(r.findings);
    return c;
}

/// A reference judged on the designs' need (docs/model.md §15): what reaches
/// the GPUs (the least of its rate, its accounts' limits and the WAN) against
/// read and write times 1 + headroom, and its capacity against the need.
void judge_reference(ComparisonColumn& c, const Requirements& req, double headroom) {
    Verdict& v = c.verdict;
    auto reaching = [](Throughput t, const std::optional<Throughput>& limits,
                       const std::optional<Throughput>& site) {
        if (limits) {
            t = std::min(t, *limits);
        }
        if (site) {
            t = std::min(t, *site);
        }
        return t;
    };
    const bool applies = req.gpus > 0;
    auto throughput = [&](CheckKind kind, Throughput need, Throughput got) {
        v.checks.push_back(throughput_check(kind, SizeFor::intact,
                                            in(need, units::TB_per_s) * (1.0 + headroom),
                                            in(got, units::TB_per_s), need.base() > 0.0, applies));
    };
    throughput(CheckKind::read, req.read, reaching(c.read, c.read_within_limits, c.read_at_site));
    throughput(CheckKind::write, req.write,
               reaching(c.write, c.write_within_limits, c.write_at_site));
    v.checks.push_back(capacity_check(req.usable, c.usable));
    v.status = c.feasible ? status_of(v.checks) : VerdictStatus::short_;
    c.feasible = v.status != VerdictStatus::short_;
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
        cmp.columns.push_back(design_column(d, i));
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
            cmp.columns.push_back(pods_column(d, i, e));
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
        judge_reference(cmp.columns.back(), need, headroom);
        for (const Finding& f : r.findings) {
            cmp.findings.push_back({r.name, f});
        }
        cmp.references.push_back(std::move(r));
    }
}

/// The columns' costs from the book (docs/cost.md): a design's, n pods' (n
/// times one pod's), and each reference as the cloud store holding the
/// column's usable capacity for the same years.
void price_columns(Comparison& cmp, const SizingResult& sizing, const PriceBook& book) {
    for (ComparisonColumn& c : cmp.columns) {
        if (c.kind == ColumnKind::reference) {
            c.cloud_cost = cloud_cost(c.usable, book);
        } else {
            c.cost = scaled_cost(design_cost(sizing.designs[c.source], book), c.pods);
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
    const ReferenceSizing at = size_reference(system, c.usable, spec.cloud);
    ComparisonRatio r;
    r.column = column;
    r.reference = reference;
    r.basis = c.usable;
    r.reference_racks = at.racks;
    r.reference_power = at.power;
    // No rack holds the column's devices: no ratio of racks (shown n/a).
    r.racks =
        c.racks_fit ? ratio(static_cast<double>(c.racks), static_cast<double>(at.racks)) : 0.0;
    r.power = ratio(c.power.base(), at.power.base());
    r.read = ratio(c.read.base(), at.read.base());
    r.write = ratio(c.write.base(), at.write.base());
    r.power_saved = at.power - c.power;
    // A design that draws more saves nothing: it feeds no GPUs, never a
    // negative count of them (REVIEW-3 §5.2).
    r.gpus_fed = gpus_fed_by(std::max(r.power_saved, Power{}), spec.platform);
    r.break_even_rack_power = c.power / static_cast<double>(std::max<std::int64_t>(1, at.racks));
    return r;
}

/// Each non-reference column against each reference, by reference.
void add_ratios(Comparison& cmp, const ComparisonSpec& spec) {
    for (std::size_t ref = 0; ref < spec.references.size(); ++ref) {
        for (std::size_t k = 0; k < cmp.columns.size(); ++k) {
            const ComparisonColumn& c = cmp.columns[k];
            if (c.kind != ColumnKind::reference && c.usable.base() > 0.0) {
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

double ComparisonColumn::pb_per_rack() const {
    return ratio(in(usable, units::PB), static_cast<double>(racks));
}
double ComparisonColumn::gbps_read_per_kw() const {
    return ratio(in(read, units::GB_per_s), in(power, units::kW));
}
double ComparisonColumn::mbps_read_per_tb() const {
    return ratio(in(read, units::MB_per_s), in(usable, units::TB));
}
double ComparisonColumn::mbps_write_per_tb() const {
    return ratio(in(write, units::MB_per_s), in(usable, units::TB));
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
        return c.kind == ColumnKind::reference || c.verdict.status == VerdictStatus::meets;
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
        price_columns(cmp, sizing, *sizing.prices);
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

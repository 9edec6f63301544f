#include "podsizer/core/resilience.hpp"

#include "podsizer/core/counting.hpp"
#include "podsizer/core/degraded_throughput.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/network.hpp"
#include "podsizer/core/number_text.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>
#include <limits>
#include <string>

namespace podsizer {

namespace {

constexpr double kSecondsPerDay = 86'400.0;
// P(loss | a D-box fails) above this is a finding (issue 28 item 7): 1 in
// 10,000 box failures, while a pod of hundreds of boxes sees several a year.
constexpr double kDboxLossRisk = 1e-4;

/// The checkpoint jobs' write averaged over their intervals: size / interval
/// at the requirement (a sync job writes once per interval, an async one
/// drains once per interval). Zero without jobs.
Throughput checkpoint_average(const CheckpointPlan& plan) {
    Throughput sum;
    Throughput largest;
    for (const CheckpointRequirement& r : plan.jobs) {
        const Duration interval = r.at_requirement.interval;
        if (interval.base() > 0.0) {
            const Throughput avg = Throughput::from_base(r.model.size.base() / interval.base());
            sum += avg;
            largest = std::max(largest, avg);
        }
    }
    return plan.concurrent ? sum : largest;
}

void durability_part(const Design& d, const DBoxModel& box, const ErasureCodingRule& ec,
                     DesignResilience& r) {
    r.rebuild_read_fraction = ec.rebuild_read_fraction;
    r.read_amplification = rebuild_read_amplification(d.data_strips, ec.rebuild_read_fraction);
    r.drives = saturating_product(d.dboxes, d.drives_per_dbox);
    // A declustered rebuild reads from every D-box and is decoded on the
    // C-nodes (docs/resilience.md §10): ρ of the narrower side's read, each
    // box at what its ports carry (docs/model.md §7).
    const Throughput per_box = line_capped(box.backend_read, dbox_line_rate(box));
    const Throughput per_cnode =
        d.cnodes > 0 ? d.frontend_read / static_cast<double>(d.cnodes) : Throughput{};
    r.rebuild_bandwidth =
        rebuild_read_bandwidth({d.cnodes, per_cnode, d.dboxes, per_box}, r.rebuild_share);
    if (d.data_strips < 1 || r.rebuild_bandwidth.base() <= 0.0) {
        return;
    }
    const Capacity data_per_drive = d.drive_size * r.fill;
    r.drive_rebuild = Duration::from_base(data_per_drive.base() * r.read_amplification /
                                          r.rebuild_bandwidth.base());
    // A whole D-box: all its drives, rebuilt by the other D-boxes.
    if (d.dboxes > 1) {
        const Throughput others =
            rebuild_read_bandwidth({d.cnodes, per_cnode, d.dboxes - 1, per_box}, r.rebuild_share);
        r.dbox_rebuild = Duration::from_base(data_per_drive.base() * d.drives_per_dbox *
                                             r.read_amplification / others.base());
    }
    if (r.drives >= d.stripe_width()) {
        DurabilityInputs di;
        di.drives = r.drives;
        di.data_strips = d.data_strips;
        di.parity = d.parity_strips;
        di.afr = r.afr;
        di.drive_rebuild_s = r.drive_rebuild.base();
        r.durability = durability_closed_form(di);
    }
    // A D-box failure takes p strips of every stripe it holds; data is lost
    // when K − p + 1 more drives fail before the box is rebuilt (with wide
    // declustered stripes any such failures share a stripe with it).
    const int p = d.strips_per_dbox;
    if (p > d.parity_strips || d.dboxes <= 1) {
        r.dbox_loss_given_failure = 1.0;
    } else {
        const double lambda_s = r.afr / kSecondsPerYear;
        const double m = static_cast<double>(r.drives) * lambda_s * r.dbox_rebuild.base();
        r.dbox_loss_given_failure = poisson_at_least(d.parity_strips - p + 1, m);
    }
}

/// docs/resilience.md §9: drive failures and enclosure events, combined.
/// Each enclosure event loses data with P(loss | a D-box fails); D boxes each
/// seeing `events` a year make a Poisson count of losses.
void combined_part(const Design& d, DesignResilience& r) {
    r.drive_annual_loss = r.durability.annual_loss_probability;
    const double box_rate =
        static_cast<double>(d.dboxes) * r.dbox_losses * r.dbox_loss_given_failure;
    r.dbox_annual_loss = -std::expm1(-box_rate);
    // 1 − (1 − P_d)(1 − P_box), written as P_d + P_box − P_d·P_box so small
    // terms keep their digits (1 − ... loses them).
    r.annual_loss =
        r.drive_annual_loss + r.dbox_annual_loss - r.drive_annual_loss * r.dbox_annual_loss;
    r.nines =
        r.annual_loss > 0.0 ? -std::log10(r.annual_loss) : std::numeric_limits<double>::infinity();
    // Fixed windows: a failure, then K more among the other N − 1 drives
    // within T_d (REVIEW-3 part A §2.3; Backblaze's method).
    if (r.drives > d.parity_strips && r.drive_rebuild.base() > 0.0) {
        const double lambda_s = r.afr / kSecondsPerYear;
        const double m = static_cast<double>(r.drives - 1) * lambda_s * r.drive_rebuild.base();
        const double rate =
            static_cast<double>(r.drives) * r.afr * poisson_at_least(d.parity_strips, m);
        r.fixed_window_annual_loss = -std::expm1(-rate);
    }
}

void performance_part(const Design& d, DesignResilience& r) {
    const StateThroughput box_down = delivered_in(d, SizeFor::dbox_down, r.rebuild_share);
    const StateThroughput rack_down = delivered_in(d, SizeFor::rack_down, r.rebuild_share);
    r.degraded_read = box_down.read;
    r.degraded_write = box_down.write;
    r.survives_rack_loss = d.tolerates_rack_loss;
    r.rack_down_read = rack_down.read;
    r.rack_down_write = rack_down.write;
    // A device reads and writes from one budget: R/R_max + W/W_max <= 1. A
    // sync burst stalls the job (it is not reading), so the read is checked
    // against the checkpoints' write averaged over their interval, the duty
    // cycle (REVIEW-3 part A §3.3); without checkpoint jobs there is no burst
    // and no figure (docs/resilience.md §10).
    const CheckpointPlan& plan = d.requirements.checkpoints;
    r.has_checkpoints = !plan.jobs.empty();
    r.burst_write = checkpoint_average(plan);
    if (r.has_checkpoints && d.write.base() > 0.0) {
        const double share = std::clamp(r.burst_write.base() / d.write.base(), 0.0, 1.0);
        r.read_during_burst = d.read * (1.0 - share);
    }
}

void wan_part(const Design& d, const ResilienceInputs& in, DesignResilience& r) {
    const CheckpointPlan& plan = d.requirements.checkpoints;
    r.offsite_write = plan.offsite_write;
    r.backlog = Capacity::from_base(r.offsite_write.base() * in.outage.base());
    r.retained = plan.peak_retained;
    r.local_need = r.retained + r.backlog + in.dataset;
    if (in.wan.base() > r.offsite_write.base() && r.backlog.base() > 0.0) {
        r.catch_up = Duration::from_base(r.backlog.base() / (in.wan - r.offsite_write).base());
    } else if (r.backlog.base() <= 0.0) {
        r.catch_up = Duration{};
    }
    if (in.account_ingress.base() > 0.0) {
        r.offsite_accounts = ceil_ratio(r.offsite_write.base(), in.account_ingress.base());
    }
    // The cloud side (docs/resilience.md §11): enough accounts for the
    // offsite copies' ingress and to hold the dataset, within the
    // subscription's limit; their egress bounds how fast data comes back.
    if (in.account_capacity.base() > 0.0 || in.account_ingress.base() > 0.0) {
        std::int64_t n = std::max<std::int64_t>(1, r.offsite_accounts);
        if (in.account_capacity.base() > 0.0) {
            n = std::max(n, ceil_ratio(in.dataset.base(), in.account_capacity.base()));
        }
        r.accounts = in.account_limit > 0 ? std::min(n, in.account_limit) : n;
        r.accounts_needed = n;
        if (in.account_egress.base() > 0.0) {
            r.accounts_egress = in.account_egress * static_cast<double>(r.accounts);
        }
    }
    if (in.wan.base() > 0.0) {
        r.staging_rate = in.wan;
        if (r.accounts_egress.base() > 0.0) {
            r.staging_rate = std::min(r.staging_rate, r.accounts_egress);
        }
        if (d.write.base() > 0.0) {
            r.staging_rate = std::min(r.staging_rate, d.write);
        }
        if (in.dataset.base() > 0.0) {
            r.staging = Duration::from_base(in.dataset.base() / r.staging_rate.base());
        }
    }
}

void endurance_part(const Design& d, const DBoxModel& box, DesignResilience& r) {
    // The average is a stated workload's only: the checkpoint jobs'. Without
    // one it is not known, and full write all day is the peak figure, not an
    // average (REVIEW-3 part A §3.4).
    r.average_write = checkpoint_average(d.requirements.checkpoints);
    r.dwpd_peak = drive_writes_per_day(d.write, d.raw, d.stripe_width(), d.data_strips);
    r.dwpd_average = drive_writes_per_day(r.average_write, d.raw, d.stripe_width(), d.data_strips);
    r.rated_dwpd = box.drive_dwpd;
}

/// docs/resilience.md §9: the headline and its largest term, said once.
template <class Add> void durability_finding(const DesignResilience& r, Add add) {
    if (!(r.annual_loss > 0.0)) {
        return;
    }
    const FindingFigure loss = figure::probability(r.annual_loss);
    const FindingFigure nines = figure::number(r.nines, 1);
    const FindingFigure boxes = figure::probability(r.dbox_annual_loss);
    const FindingFigure drives = figure::probability(r.drive_annual_loss);
    const FindingFigure fixed = figure::probability(r.fixed_window_annual_loss);
    if (r.dbox_annual_loss > r.drive_annual_loss) {
        add(Finding(FindingCode::durability,
                    "annual loss probability {} ({} nines; exponential rebuilds, serial repair), "
                    "mostly D-box losses ({} at {} a D-box-year; drives {}); with fixed rebuild "
                    "windows the drive term is {}",
                    loss, nines, boxes, figure::percent(r.dbox_losses, 1), drives, fixed));
    } else {
        add(Finding(FindingCode::durability,
                    "annual loss probability {} ({} nines; exponential rebuilds, serial repair), "
                    "mostly drive failures ({}; D-box losses {}); with fixed rebuild windows the "
                    "drive term is {}",
                    loss, nines, drives, boxes, fixed));
    }
}

/// A short figure and its need as the verdict prints them (docs/model.md
/// §15): never "4.00 … below the 4.00 required".
std::array<FindingFigure, 2> short_figures(Throughput got, Throughput need) {
    const Check c{.kind = CheckKind::read,
                  .result = CheckResult::short_,
                  .need = in(need, units::TB_per_s),
                  .delivered = in(got, units::TB_per_s)};
    const CheckFigures f = check_figures(c);
    return {figure::text(f.delivered + " TB/s"), figure::text(f.need + " TB/s")};
}

void findings_part(const Design& d, const ResilienceInputs& in, DesignResilience& r) {
    const Requirements& req = d.requirements;
    auto add = [&](Finding finding) { r.findings.push_back(std::move(finding)); };
    const FindingFigure share = figure::percent(r.rebuild_share, 0);
    // Formatted only for a finding: every design a sweep sizes passes here.
    auto dbox_down = [&](FindingCode code, const char* what, Throughput got, Throughput need) {
        if (!meets(got.base(), need.base())) {
            const auto f = short_figures(got, need);
            add(Finding(code,
                        "{} falls to {} with one D-box down and its rebuild taking {} of every "
                        "C-node and D-box, below the {} required",
                        figure::text(what), f[0], share, f[1])
                    .with_hint("constraints.size_for \"dbox-down\" sizes for it"));
        }
    };
    auto rack_down = [&](FindingCode code, const char* what, Throughput got, Throughput need) {
        if (d.constraints.size_for == SizeFor::rack_down && !meets(got.base(), need.base())) {
            const auto f = short_figures(got, need);
            add(Finding(code,
                        "{} falls to {} with one rack's devices down and {} of the survivors' "
                        "C-nodes and D-boxes rebuilding them, below the {} required",
                        figure::text(what), f[0], share, f[1]));
        }
    };
    dbox_down(FindingCode::degraded_read_short, "read", r.degraded_read, req.read);
    dbox_down(FindingCode::degraded_write_short, "write", r.degraded_write, req.write);
    rack_down(FindingCode::rack_down_read_short, "read", r.rack_down_read, req.read);
    rack_down(FindingCode::rack_down_write_short, "write", r.rack_down_write, req.write);
    durability_finding(r, add);
    if (r.has_checkpoints && r.rated_dwpd > 0.0 && r.dwpd_average > r.rated_dwpd) {
        add({FindingCode::endurance,
             "the checkpoint jobs would write " + format_number(r.dwpd_average, 2) +
                 " drive writes per day on average, above the drives' rated " +
                 format_number(r.rated_dwpd, 2) +
                 " (a rating quoted for random writes; large sequential stripes wear less)"});
    }
    // docs/resilience.md §9: a D-box failure is a routine event at scale, so
    // the odds it costs data are a risk in their own right.
    if (r.dbox_loss_given_failure > kDboxLossRisk && d.tolerates_dbox_loss) {
        add(Finding(FindingCode::dbox_loss_risk,
                    "if a D-box fails, the odds of losing data before its {} rebuild ends are 1 "
                    "in {} (above 1 in 10,000): a higher rebuild share, more parity or smaller "
                    "drives shorten the window",
                    figure::in(r.dbox_rebuild, units::h, 1),
                    figure::number(1.0 / r.dbox_loss_given_failure, 0)));
    }
    if (in.outage.base() > 0.0 && r.offsite_write.base() > 0.0 && !r.catch_up &&
        in.wan.base() > 0.0) {
        add({FindingCode::wan_never_catches_up,
             "the WAN link (" + format_significant(podsizer::in(in.wan, units::Gbps), 0) + " Gbps" +
                 ") carries no more than the offsite copies need (" +
                 format_in(r.offsite_write, units::Gbps, 1) +
                 "): the backlog of an outage never drains"});
    }
    if (in.account_limit > 0 && r.accounts_needed > in.account_limit) {
        add({FindingCode::account_limit,
             fmt::format("the offsite copies and the dataset need {} storage accounts, more than "
                         "the {} a subscription may have in one region: spread them over "
                         "subscriptions",
                         r.accounts_needed, in.account_limit)});
    }
    if (exceeds(r.local_need.base(), d.usable.base())) {
        add({FindingCode::outage_capacity,
             "riding through the outage needs " + format_in(r.local_need, units::PB, 2) +
                 " locally (checkpoints kept, offsite backlog, staged data), more than the "
                 "design's " +
                 format_in(d.usable, units::PB, 1) + " usable"});
    }
}

bool is_design_risk(FindingCode code) {
    for (FindingCode risk : {FindingCode::degraded_read_short, FindingCode::degraded_write_short,
                             FindingCode::rack_down_read_short, FindingCode::rack_down_write_short,
                             FindingCode::dbox_loss_risk, FindingCode::durability}) {
        if (code == risk) {
            return true;
        }
    }
    return false;
}

/// Throws InputError naming the field unless 0 < afr < 1, 0 < fill <= 1,
/// 0 < rebuild_share <= 1, 0 <= outage <= a year and the rest >= 0.
void check_resilience_inputs(const ResilienceInputs& in) {
    if (in.afr && !(*in.afr > 0.0 && *in.afr < 1.0)) {
        throw InputError("$.resilience.afr",
                         format_shortest(*in.afr) + ": expected above 0 % and below 100 %");
    }
    for (const auto& [what, v] : {std::pair{"$.resilience.dbox_events", in.dbox_events},
                                  std::pair{"$.resilience.dbox_losses", in.dbox_losses}}) {
        if (v && !(*v >= 0.0 && *v <= 10.0)) {
            throw InputError(what,
                             format_shortest(*v) + ": expected from 0 % to 1000 % a D-box-year");
        }
    }
    for (const auto& [what, v] : {std::pair{"$.resilience.fill", in.fill},
                                  std::pair{"$.resilience.rebuild_share", in.rebuild_share}}) {
        if (!(v > 0.0 && v <= 1.0)) {
            throw InputError(what, format_shortest(v) + ": expected above 0 % and at most 100 %");
        }
    }
    if (!(in.outage.base() >= 0.0 && in.outage.base() <= kSecondsPerYear)) {
        throw InputError("$.resilience.outage", "expected a duration from 0 up to a year");
    }
    for (const auto& [what, v] : {std::pair{"$.cloud.wan", in.wan.base()},
                                  std::pair{"$.resilience.dataset", in.dataset.base()},
                                  // The account limits come from the catalog's cloud reference.
                                  std::pair{"account_ingress", in.account_ingress.base()},
                                  std::pair{"account_egress", in.account_egress.base()},
                                  std::pair{"account_capacity", in.account_capacity.base()}}) {
        if (!(v >= 0.0) || !std::isfinite(v)) {
            throw InputError(what, "expected zero or more");
        }
    }
}

} // namespace

double drive_writes_per_day(Throughput write, Capacity raw, int width, int data_strips) {
    if (raw.base() <= 0.0 || data_strips <= 0) {
        return 0.0;
    }
    const double stripe = static_cast<double>(width) / static_cast<double>(data_strips);
    return write.base() * kSecondsPerDay * stripe / raw.base();
}

double poisson_at_least(int k, double m) {
    if (k <= 0) {
        return 1.0;
    }
    // 1 − Σ_{i<k} e^{−m} mⁱ/i!, through the tail sum when it is small so a
    // 1e-12 probability keeps its digits.
    double term = std::exp(-m);
    double below = 0.0;
    for (int i = 0; i < k; ++i) {
        below += term;
        term *= m / (i + 1);
    }
    if (below < 0.5) {
        return 1.0 - below;
    }
    double tail = 0.0;
    for (int i = k; i < k + 200 && term > tail * 1e-17; ++i) {
        tail += term;
        term *= m / (i + 1);
    }
    return tail;
}

std::string no_drive_afr_message(std::string_view dbox_id) {
    return fmt::format("D-box {} gives no drive_afr; expected an annual failure rate such as "
                       "0.5% (resilience.afr in the scenario, --afr on the command line)",
                       dbox_id);
}

DesignResilience assess_resilience(const Design& d, const DBoxModel& box,
                                   const ErasureCodingRule& ec, const ResilienceInputs& in) {
    check_resilience_inputs(in);
    DesignResilience r;
    r.afr = in.afr.value_or(box.drive_afr);
    r.fill = in.fill;
    r.rebuild_share = in.rebuild_share;
    if (!(r.afr > 0.0 && r.afr < 1.0)) {
        throw InputError("$.resilience.afr", no_drive_afr_message(box.id));
    }
    r.dbox_events = in.dbox_events.value_or(box.dbox_events_per_year);
    // Losses: the scenario's, else the catalog's, else (an older catalog
    // without the figure) every event, as before (docs/resilience.md §9).
    r.dbox_losses = in.dbox_losses.value_or(
        box.dbox_losses_per_year > 0.0 ? box.dbox_losses_per_year : r.dbox_events);
    r.unreachable_events =
        d.tolerates_dbox_loss ? 0.0 : static_cast<double>(d.dboxes) * r.dbox_events;
    durability_part(d, box, ec, r);
    combined_part(d, r);
    performance_part(d, r);
    wan_part(d, in, r);
    endurance_part(d, box, r);
    findings_part(d, in, r);
    return r;
}

std::optional<double> headline_annual_loss(const Design& d) {
    const std::optional<double> drives = first_order_annual_loss(d);
    if (!drives) {
        return std::nullopt;
    }
    const double box = d.resilience->dbox_annual_loss;
    return *drives + box - *drives * box; // 1 − (1 − a)(1 − b), keeping small digits
}

std::optional<double> first_order_annual_loss(const Design& d) {
    if (!d.resilience || d.resilience->drives < d.stripe_width() || d.data_strips < 1) {
        return std::nullopt;
    }
    const double x = d.resilience->durability.first_order_rate_per_hour * kHoursPerYear;
    return x < 1e-4 ? x * (1.0 - x / 2.0) : -std::expm1(-x);
}

const ReferenceSystem* account_reference(const Scenario& s, const Catalog& catalog) {
    for (const std::string& id : s.comparisons) {
        const ReferenceSystem* ref = catalog.reference(id);
        if (ref != nullptr &&
            (ref->account_ingress.base() > 0.0 || ref->account_capacity.base() > 0.0)) {
            return ref;
        }
    }
    return nullptr;
}

ResilienceInputs resilience_inputs(const Scenario& s, const Catalog& catalog) {
    ResilienceInputs in;
    const ResilienceSpec& spec = s.resilience;
    in.afr = spec.afr;
    in.dbox_events = spec.dbox_events;
    in.dbox_losses = spec.dbox_losses;
    in.fill = spec.fill.value_or(in.fill);
    in.rebuild_share = spec.rebuild_share.value_or(in.rebuild_share);
    in.outage = spec.outage.value_or(Duration{});
    in.dataset = spec.dataset.value_or(Capacity{});
    in.wan = s.cloud.wan.value_or(Throughput{});
    if (const ReferenceSystem* ref = account_reference(s, catalog)) {
        in.account_ingress = ref->account_ingress;
        in.account_egress = ref->account_egress;
        in.account_capacity = ref->account_capacity;
        in.account_limit = s.cloud.raised_account_limit && ref->accounts_per_subscription_raised > 0
                               ? ref->accounts_per_subscription_raised
                               : ref->accounts_per_subscription;
    }
    return in;
}

void assess_designs(SizingResult& sized, const Catalog& catalog, const ResilienceInputs& in) {
    for (Design& d : sized.designs) {
        const DBoxModel* box = catalog.dbox(d.dbox_model);
        const ErasureCodingRule* ec =
            box != nullptr ? catalog.ec_rule(box->erasure_coding) : nullptr;
        if (box == nullptr || ec == nullptr || (!in.afr && !(box->drive_afr > 0.0))) {
            d.resilience.reset();
        } else {
            d.resilience = assess_resilience(d, *box, *ec, in);
            // Risks are the design's findings too, so `size` and the workbook
            // say them, not only `podsizer resilience` (issue 28 item 7).
            for (const Finding& f : d.resilience->findings) {
                if (is_design_risk(f.code)) {
                    d.findings.push_back(f);
                }
            }
        }
        // The verdict again, now with the durability and the scenario's ρ.
        d.verdict = judge(d, in.rebuild_share);
    }
}

} // namespace podsizer

#include "podsizer/core/verdict.hpp"

#include "podsizer/core/counting.hpp"
#include "podsizer/core/degraded_throughput.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/units.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <tuple>

namespace podsizer {

std::string_view check_unit(CheckKind k) {
    switch (k) {
    case CheckKind::read:
    case CheckKind::write:
        return "TB/s";
    case CheckKind::capacity:
        return "PB";
    case CheckKind::durability:
        return "nines";
    default:
        return "";
    }
}

int check_decimals(CheckKind k) {
    // The same decimals as the metric rows that show these figures
    // (reports/text/src/metrics.cpp: read and write 2, usable 1).
    switch (k) {
    case CheckKind::read:
    case CheckKind::write:
        return 2;
    case CheckKind::capacity:
    case CheckKind::durability:
        return 1;
    default:
        return 0;
    }
}

Check throughput_check(CheckKind kind, SizeFor state, double need, double got, bool sized,
                       bool applies) {
    Check c{.kind = kind, .state = state, .need = need, .delivered = got};
    if (!applies) {
        c.result = CheckResult::not_applicable;
    } else if (!sized) {
        c.result = CheckResult::not_sized;
    } else {
        c.result = meets(got, need) ? CheckResult::pass : CheckResult::short_;
    }
    return c;
}

Check capacity_check(Capacity need, Capacity got) {
    Check c{
        .kind = CheckKind::capacity, .need = in(need, units::PB), .delivered = in(got, units::PB)};
    c.result = need.base() <= 0.0               ? CheckResult::not_applicable
               : meets(got.base(), need.base()) ? CheckResult::pass
                                                : CheckResult::short_;
    return c;
}

VerdictStatus status_of(const std::vector<Check>& checks) {
    const bool any_short = std::any_of(checks.begin(), checks.end(), [](const Check& c) {
        return c.result == CheckResult::short_ ||
               (c.result == CheckResult::not_sized && c.kind == CheckKind::durability);
    });
    const bool unsized = std::any_of(checks.begin(), checks.end(), [](const Check& c) {
        return c.result == CheckResult::not_sized;
    });
    return any_short ? VerdictStatus::short_
           : unsized ? VerdictStatus::capacity_only
                     : VerdictStatus::meets;
}

const Check* Verdict::first_failing() const {
    for (CheckResult failing : {CheckResult::short_, CheckResult::not_sized}) {
        for (const Check& c : checks) {
            if (c.result == failing) {
                return &c;
            }
        }
    }
    return nullptr;
}

namespace {

enum class Toward { nearest, down, up };

/// `v` at `decimals`, rounded as asked (a hair of slack so 10.8 stays 10.80).
std::string rounded(double v, int decimals, Toward t) {
    if (!std::isfinite(v)) {
        return format_number(v, decimals);
    }
    const double scale = std::pow(10.0, decimals);
    double x = v * scale;
    switch (t) {
    case Toward::down:
        x = std::floor(x + 1e-9);
        break;
    case Toward::up:
        x = std::ceil(x - 1e-9);
        break;
    case Toward::nearest:
        return format_number(v, decimals);
    }
    return format_number(x / scale, decimals);
}

} // namespace

CheckFigures check_figures(const Check& c) {
    const int decimals = check_decimals(c.kind);
    CheckFigures nearest{rounded(c.delivered, decimals, Toward::nearest),
                         rounded(c.need, decimals, Toward::nearest)};
    if (c.result != CheckResult::short_) {
        // Met (within the slack of counting.hpp): never printed below the need.
        if (c.result == CheckResult::pass && c.delivered < c.need) {
            nearest.delivered = nearest.need; // inside the slack: it meets the need as printed
        }
        return nearest;
    }
    // Short: the figures as every table prints them (nearest), unless that
    // would read as met ("4.00 of 4.00"): then more decimals, the delivered
    // figure rounded down and the need up, until they differ.
    const double scale = std::pow(10.0, decimals);
    if (std::round(c.delivered * scale) < std::round(c.need * scale)) {
        return nearest;
    }
    for (int d = decimals + 1; d <= decimals + 6; ++d) {
        std::string got = rounded(c.delivered, d, Toward::down);
        std::string need = rounded(c.need, d, Toward::up);
        if (got != need) {
            return {got, need};
        }
    }
    return {rounded(c.delivered, decimals + 6, Toward::down),
            rounded(c.need, decimals + 6, Toward::up)};
}

std::string check_text(const Check& c) {
    const std::string name(to_string(c.kind));
    switch (c.kind) {
    case CheckKind::read:
    case CheckKind::write: {
        if (c.result == CheckResult::not_sized) {
            return name + " not sized (no performance basis)";
        }
        if (c.result == CheckResult::not_applicable) {
            return name + ": no need";
        }
        const CheckFigures f = check_figures(c);
        return fmt::format("{}, {}: {} of {} TB/s", name, size_for_words(c.state), f.delivered,
                           f.need);
    }
    case CheckKind::capacity: {
        if (c.result == CheckResult::not_applicable) {
            return "capacity: no need";
        }
        const CheckFigures f = check_figures(c);
        return fmt::format("usable capacity: {} of {} PB", f.delivered, f.need);
    }
    case CheckKind::availability:
        return fmt::format("availability: tolerates {}, needs {}",
                           outage_words(static_cast<Outage>(static_cast<int>(c.delivered))),
                           outage_words(static_cast<Outage>(static_cast<int>(c.need))));
    case CheckKind::durability: {
        if (c.result == CheckResult::not_applicable) {
            return "durability: no target";
        }
        if (c.result == CheckResult::not_sized) {
            return fmt::format("durability: {} nines asked, no basis (no drive AFR)",
                               rounded(c.need, 1, Toward::nearest));
        }
        const CheckFigures f = check_figures(c);
        return fmt::format("durability: {} of {} nines", f.delivered, f.need);
    }
    case CheckKind::constraint:
        return std::string(to_string(c.code));
    }
    return name;
}

std::string verdict_word(const Verdict& v) {
    return std::string(to_string(v.status));
}

namespace {

/// The short name of a failing check for a table cell.
std::string check_name(const Check& c) {
    switch (c.kind) {
    case CheckKind::read:
    case CheckKind::write:
        if (c.result == CheckResult::not_sized) {
            return std::string(to_string(c.kind)) + " not sized";
        }
        return c.state == SizeFor::intact
                   ? std::string(to_string(c.kind))
                   : std::string(to_string(c.kind)) + ", " + std::string(size_for_words(c.state));
    case CheckKind::constraint:
        return std::string(to_string(c.code));
    default:
        return std::string(to_string(c.kind));
    }
}

} // namespace

std::string verdict_cell_text(const Verdict& v) {
    if (v.status == VerdictStatus::short_) {
        const Check* c = v.first_failing();
        return c != nullptr ? "short: " + check_name(*c) : "short";
    }
    return verdict_word(v);
}

/// The rebuild share the degraded figures rest on, beside them (issue 46).
std::string rebuilding(const Verdict& v) {
    return fmt::format(" (the rebuild taking {} % of every device)",
                       format_number(v.rebuild_share * 100.0, 0));
}

std::string verdict_sentence(const Verdict& v, const Design& d) {
    const std::string state(size_for_words(d.constraints.size_for));
    std::string s;
    if (v.status == VerdictStatus::short_) {
        const Check* c = v.first_failing();
        s = "Short: " + (c != nullptr ? check_text(*c) : std::string("a check fails"));
        if (c != nullptr && c->state != SizeFor::intact &&
            (c->kind == CheckKind::read || c->kind == CheckKind::write)) {
            s += rebuilding(v);
        }
        if (c != nullptr && c->kind == CheckKind::constraint) {
            for (const Finding& f : d.findings) {
                if (f.code == c->code) {
                    s += " (" + f.message() + ")";
                    break;
                }
            }
        }
    } else if (v.status == VerdictStatus::capacity_only) {
        std::string unsized;
        for (const Check& c : v.checks) {
            if (c.result == CheckResult::not_sized) {
                unsized += (unsized.empty() ? "" : " and ") + std::string(to_string(c.kind));
            }
        }
        s = "Capacity only: checked for capacity and limits; " + unsized +
            " not sized (no performance rule, per-GPU figure or checkpoint job gives it)";
    } else if (!v.checks.empty() && v.checks.front().result == CheckResult::not_applicable) {
        s = "Meets the capacity need and the limits (no GPUs given, so no read or write need)";
    } else {
        s = "Meets the need " + state;
    }
    // Said, not checked, for a design sized intact: what a D-box down leaves
    // (worked out here, not in judge(), which every trial design passes).
    const Check& read = v.checks.front();
    const bool said = v.status != VerdictStatus::short_ &&
                      d.constraints.size_for == SizeFor::intact &&
                      read.result != CheckResult::not_applicable && d.dboxes > 1;
    if (said && !d.tolerates_dbox_loss) {
        // Nothing to serve from: the layout does not keep data reachable.
        s += "; with one D-box down data is unreachable (the layout does not tolerate it)";
    } else if (said) {
        const StateThroughput down = delivered_in(d, SizeFor::dbox_down, v.rebuild_share);
        const double h = 1.0 + d.constraints.headroom;
        std::string fall;
        for (const auto& [kind, need, got] :
             {std::tuple{CheckKind::read, d.requirements.read, down.read},
              std::tuple{CheckKind::write, d.requirements.write, down.write}}) {
            const Check c =
                throughput_check(kind, SizeFor::dbox_down, in(need, units::TB_per_s) * h,
                                 in(got, units::TB_per_s), need.base() > 0.0, true);
            if (c.result == CheckResult::short_) {
                const CheckFigures f = check_figures(c);
                fall += fmt::format("{}{} falls to {} of {} TB/s", fall.empty() ? "" : " and ",
                                    to_string(kind), f.delivered, f.need);
            }
        }
        if (!fall.empty()) {
            s += "; with one D-box down " + fall + rebuilding(v);
        }
    }
    return s + ".";
}

namespace {

Outage tolerated(const Design& d) {
    if (d.tolerates_rack_loss) {
        return Outage::rack;
    }
    return d.tolerates_dbox_loss ? Outage::dbox : Outage::none;
}

/// Error findings the read, write and capacity checks already say.
bool covered(FindingCode code) {
    return code == FindingCode::read_short || code == FindingCode::write_short ||
           code == FindingCode::capacity_short;
}

/// Capacity, availability and the durability target.
void add_other_checks(Verdict& v, const Design& d) {
    const Requirements& req = d.requirements;
    v.checks.push_back(capacity_check(req.usable, d.usable));
    const Outage got = tolerated(d);
    Check avail{.kind = CheckKind::availability,
                .need = static_cast<double>(d.availability_need),
                .delivered = static_cast<double>(got)};
    avail.result = static_cast<int>(got) >= static_cast<int>(d.availability_need)
                       ? CheckResult::pass
                       : CheckResult::short_;
    v.checks.push_back(avail);
    Check dur{.kind = CheckKind::durability};
    if (!d.constraints.min_nines) {
        dur.result = CheckResult::not_applicable;
    } else {
        dur.need = *d.constraints.min_nines;
        if (!d.resilience) {
            dur.result = CheckResult::not_sized;
        } else {
            dur.delivered = d.resilience->nines;
            dur.result = d.resilience->nines >= *d.constraints.min_nines ? CheckResult::pass
                                                                         : CheckResult::short_;
        }
    }
    v.checks.push_back(dur);
}

/// Every other error finding is a limit the design breaks.
void add_limit_checks(Verdict& v, const Design& d) {
    for (const Finding& f : d.findings) {
        if (f.severity() != Severity::error || covered(f.code)) {
            continue;
        }
        const bool seen = std::any_of(v.checks.begin(), v.checks.end(), [&](const Check& k) {
            return k.kind == CheckKind::constraint && k.code == f.code;
        });
        if (!seen) {
            v.checks.push_back(
                {.kind = CheckKind::constraint, .result = CheckResult::short_, .code = f.code});
        }
    }
}

} // namespace

Verdict judge(const Design& d, double rho) {
    Verdict v;
    v.rebuild_share = rho;
    const Requirements& req = d.requirements;
    const double h = 1.0 + d.constraints.headroom;
    // A performance need applies when the design serves GPUs; it is sized
    // when something (a rule, per-GPU figures, checkpoint jobs) set it.
    const bool applies = req.gpus > 0;
    const double need_read = in(req.read, units::TB_per_s) * h;
    const double need_write = in(req.write, units::TB_per_s) * h;
    const StateThroughput in_state = d.constraints.size_for == SizeFor::intact
                                         ? StateThroughput{d.read, d.write}
                                         : delivered_in(d, d.constraints.size_for, rho);
    v.checks.push_back(throughput_check(CheckKind::read, d.constraints.size_for, need_read,
                                        in(in_state.read, units::TB_per_s), req.read.base() > 0.0,
                                        applies));
    // Workloads that only read state no write need (docs/workloads.md §3):
    // not applicable, said by the workloads-read-only finding, not "not sized".
    v.checks.push_back(throughput_check(CheckKind::write, d.constraints.size_for, need_write,
                                        in(in_state.write, units::TB_per_s), req.write.base() > 0.0,
                                        applies && !req.reads_only));
    add_other_checks(v, d);
    add_limit_checks(v, d);
    v.status = status_of(v.checks);
    return v;
}

} // namespace podsizer

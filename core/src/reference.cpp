#include "podsizer/core/reference.hpp"

#include "podsizer/core/counting.hpp"
#include "podsizer/core/errors.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace podsizer {

namespace {

std::string tbps(Throughput t) {
    return format_significant(in(t, units::Tbps), 1) + " Tbps";
}

/// Accounts per subscription per region: above the limit the store needs more
/// subscriptions (or regions) than one, which a customer must plan for
/// (docs/extrapolation-and-comparison.md, "Cloud limits and the WAN").
void add_subscriptions(ReferenceSizing& r, const ReferenceSystem& ref, const CloudAccess& access) {
    const bool raised = access.raised_account_limit && ref.accounts_per_subscription_raised > 0;
    r.accounts_per_subscription =
        raised ? ref.accounts_per_subscription_raised : ref.accounts_per_subscription;
    if (r.accounts_per_subscription <= 0 || r.accounts == 0) {
        return;
    }
    const std::int64_t needed = std::max(r.accounts, r.accounts_for_throughput);
    r.subscriptions = ceil_to_count(static_cast<double>(needed) /
                                    static_cast<double>(r.accounts_per_subscription));
    if (r.subscriptions <= 1) {
        return;
    }
    std::string msg =
        fmt::format("{} accounts{} exceed the {} allowed per subscription per region", needed,
                    needed > r.accounts ? " (for the full read and write rates)" : "",
                    r.accounts_per_subscription);
    if (!raised && ref.accounts_per_subscription_raised > r.accounts_per_subscription) {
        msg += fmt::format(" ({} on request)", ref.accounts_per_subscription_raised);
    }
    msg += fmt::format(": {}", r.subscriptions) +
           " subscriptions or regions at default limits (higher per-account limits are granted "
           "on request, and Azure DNS zone endpoints allow 5,000 accounts per subscription, in "
           "preview; Microsoft Learn, storage account scalability targets)";
    r.findings.push_back({FindingCode::cloud_subscriptions, std::move(msg)});
}

/// What the GPUs see: the store's rate within its account limits, and at
/// most the WAN link between the sites.
void add_wan(ReferenceSizing& r, const CloudAccess& access) {
    if (!access.wan) {
        r.findings.push_back(
            Finding(FindingCode::cloud_wan_unknown,
                    "the store's throughput is its own; the GPUs reach it over a WAN, which caps "
                    "it, and the WAN link is not given")
                .with_hint("give the WAN link (cloud.wan in the scenario, --wan) to see what "
                           "reaches the GPU site"));
        return;
    }
    r.wan = *access.wan;
    r.read_at_site = std::min(r.read_within_limits, *access.wan);
    r.write_at_site = std::min(r.write_within_limits, *access.wan);
    if (*r.read_at_site < r.read_within_limits || *r.write_at_site < r.write_within_limits) {
        r.findings.push_back({FindingCode::cloud_wan_cap,
                              "the " + tbps(*access.wan) + " WAN link lets " +
                                  tbps(*r.read_at_site) + " of reads and " +
                                  tbps(*r.write_at_site) + " of writes reach the GPU site, of " +
                                  tbps(r.read_within_limits) + " and " +
                                  tbps(r.write_within_limits) + " the store allows"});
    }
}

/// One direction of a store's traffic and what its accounts' limit does to it.
struct Flow {
    Throughput per_account;     ///< the limit of one account; zero: none known
    Throughput rate;            ///< what the direction carries
    Throughput& limit;          ///< out: accounts x per_account
    bool& capped;               ///< out: the limit is below the rate
    Throughput& within;         ///< out: min(rate, limit)
    FindingCode code;           ///< the finding when capped
    std::string_view name;      ///< "ingress" or "egress"
    std::string_view rate_name; ///< "write" or "read"
};

/// Holds one direction to its accounts' limit (ingress for writes, egress
/// for reads) and raises `needed` to the accounts the rate alone would take.
void limit_flow(const Flow& f, std::int64_t accounts, std::int64_t& needed) {
    if (!(f.per_account.base() > 0.0)) {
        return;
    }
    f.limit = f.per_account * static_cast<double>(accounts);
    f.capped = !meets(f.limit.base(), f.rate.base());
    f.within = std::min(f.rate, f.limit);
    needed = std::max(needed, ceil_to_count(f.rate / f.per_account));
}

} // namespace

double ReferenceSizing::pb_per_rack() const {
    return ratio_or_zero(in(usable, units::PB), static_cast<double>(racks));
}

double ReferenceSizing::gbps_read_per_kw() const {
    return ratio_or_zero(in(read, units::GB_per_s), in(power, units::kW));
}

ReferenceSizing size_reference(const ReferenceSystem& ref, Capacity usable,
                               const CloudAccess& access) {
    if (!(usable.base() > 0.0)) {
        throw InputError(ref.id, "a reference system is sized at a capacity above zero");
    }
    ReferenceSizing r;
    r.id = ref.id;
    r.name = ref.name;
    r.assumptions = reference_assumptions(ref);
    r.usable = usable;
    if (ref.raw_per_usable > 0.0) {
        r.raw = usable * ref.raw_per_usable;
    }
    // docs/extrapolation-and-comparison.md §3; figures from the catalog entry (brief: ~220 racks
    // per EB, 2.5 Tbps per 100 PB for read and for write).
    r.racks_exact = in(usable, units::EB) * ref.racks_per_eb;
    r.racks = std::max<std::int64_t>(1, ceil_to_count(r.racks_exact));
    const double per_100pb = usable / of<Capacity>(100.0, units::PB);
    r.read = ref.read_per_100pb * per_100pb;
    r.write = ref.write_per_100pb * per_100pb;
    r.power = ref.power_per_rack * static_cast<double>(r.racks);

    r.read_within_limits = r.read;
    r.write_within_limits = r.write;
    if (ref.account_capacity.base() > 0.0) {
        r.accounts = ceil_to_count(usable / ref.account_capacity);
        // Data going into the store is account ingress (write); data coming
        // out is egress (read).
        const Flow flows[] = {
            {ref.account_ingress, r.write, r.ingress_limit, r.write_capped, r.write_within_limits,
             FindingCode::account_ingress_cap, "ingress", "write"},
            {ref.account_egress, r.read, r.egress_limit, r.read_capped, r.read_within_limits,
             FindingCode::account_egress_cap, "egress", "read"}};
        for (const Flow& f : flows) {
            limit_flow(f, r.accounts, r.accounts_for_throughput);
        }
        r.accounts_for_throughput = std::max(r.accounts_for_throughput, r.accounts);
        const std::string accounts = fmt::format("{} accounts of {} each", r.accounts,
                                                 format_in(ref.account_capacity, units::PiB, 0));
        for (const Flow& f : flows) {
            if (f.capped) {
                r.findings.push_back(
                    {f.code, fmt::format("{} allow {} of {} in total, below the {} {} rate; the "
                                         "full rate needs {} accounts at default limits, or "
                                         "raised limits (granted on request)",
                                         accounts, tbps(f.limit), f.name, tbps(f.rate), f.rate_name,
                                         r.accounts_for_throughput)});
            }
        }
    }
    add_subscriptions(r, ref, access);
    add_wan(r, access);
    if (std::max(r.racks, r.accounts) >= kCountCap) {
        r.findings.push_back(
            {FindingCode::too_large, "more racks or accounts than can be counted at " +
                                         format_in(usable, units::PB, 1) + " — check the target"});
    }
    return r;
}

} // namespace podsizer

#include "podsizer/core/reference.hpp"

#include "podsizer/core/counting.hpp"
#include "podsizer/core/errors.hpp"

#include <algorithm>
#include <cmath>

namespace podsizer {

namespace {

std::string tbps(Throughput t) {
    return format_in(t, units::Tbps, 1);
}

double ratio(double num, double den) {
    return den > 0.0 ? num / den : 0.0;
}

} // namespace

double ReferenceSizing::pb_per_rack() const {
    return ratio(in(usable, units::PB), static_cast<double>(racks));
}

double ReferenceSizing::gbps_read_per_kw() const {
    return ratio(in(read, units::GB_per_s), in(power, units::kW));
}

ReferenceSizing size_reference(const ReferenceSystem& ref, Capacity usable) {
    if (!(usable.base() > 0.0)) {
        throw InputError(ref.id, "a reference system is sized at a capacity above zero");
    }
    ReferenceSizing r;
    r.id = ref.id;
    r.name = ref.name;
    r.usable = usable;
    if (ref.raw_per_usable > 0.0) {
        r.raw = usable * ref.raw_per_usable;
    }
    // docs/extrapolation-and-comparison.md §3; figures from the catalog entry (brief: ~220 racks per EB,
    // 2.5 Tbps per 100 PB for read and for write).
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
        const auto n = static_cast<double>(r.accounts);
        // Data going into the store is account ingress (write); data coming
        // out is egress (read).
        if (ref.account_ingress.base() > 0.0) {
            r.ingress_limit = ref.account_ingress * n;
            r.write_capped = !meets(r.ingress_limit.base(), r.write.base());
            r.write_within_limits = std::min(r.write, r.ingress_limit);
            r.accounts_for_throughput =
                std::max(r.accounts_for_throughput, ceil_to_count(r.write / ref.account_ingress));
        }
        if (ref.account_egress.base() > 0.0) {
            r.egress_limit = ref.account_egress * n;
            r.read_capped = !meets(r.egress_limit.base(), r.read.base());
            r.read_within_limits = std::min(r.read, r.egress_limit);
            r.accounts_for_throughput =
                std::max(r.accounts_for_throughput, ceil_to_count(r.read / ref.account_egress));
        }
        r.accounts_for_throughput = std::max(r.accounts_for_throughput, r.accounts);
        const std::string accounts = std::to_string(r.accounts) + " accounts of " +
                                     format_in(ref.account_capacity, units::PiB, 0) + " each";
        if (r.write_capped) {
            r.findings.push_back(
                {Severity::warning, "account-ingress-cap",
                 accounts + " allow " + tbps(r.ingress_limit) + " of ingress in total, below the " +
                     tbps(r.write) + " write rate; the full rate needs " +
                     std::to_string(r.accounts_for_throughput) + " accounts or raised limits"});
        }
        if (r.read_capped) {
            r.findings.push_back(
                {Severity::warning, "account-egress-cap",
                 accounts + " allow " + tbps(r.egress_limit) + " of egress in total, below the " +
                     tbps(r.read) + " read rate; the full rate needs " +
                     std::to_string(r.accounts_for_throughput) + " accounts or raised limits"});
        }
    }
    return r;
}

} // namespace podsizer

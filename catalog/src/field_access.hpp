// Small helpers the field table's accessors are written with: the objects a
// value lives in (made on first use when setting) and conversions between a
// Scenario's members and FieldData. Private to podsizer::catalog.
#pragma once

#include "podsizer/catalog/scenario_fields.hpp"

#include <algorithm>
#include <optional>
#include <string>

namespace podsizer::detail::access {

using D = FieldData;

inline Fleet& fleet(Scenario& s) {
    return s.fleet ? *s.fleet : s.fleet.emplace();
}
inline PerformanceSpec& perf(Scenario& s) {
    return s.performance ? *s.performance : s.performance.emplace();
}
inline CheckpointSpec& ckpt(Scenario& s) {
    return s.checkpoint ? *s.checkpoint : s.checkpoint.emplace();
}
inline ExtrapolationSpec& extrapolation(Scenario& s) {
    return s.extrapolation ? *s.extrapolation : s.extrapolation.emplace();
}
inline OptionSpec& option(Scenario& s, std::size_t i) {
    s.options.resize(std::max(s.options.size(), i + 1));
    return s.options[i];
}
inline const OptionSpec& option(const Scenario& s, std::size_t i) {
    return s.options.at(i);
}
inline CapacitySpec& option_capacity(Scenario& s, std::size_t i) {
    OptionSpec& o = option(s, i);
    return o.capacity ? *o.capacity : o.capacity.emplace();
}
inline SiteSpec& site(Scenario& s, std::size_t i) {
    Fleet& f = fleet(s);
    f.site_list.resize(std::max(f.site_list.size(), i + 1));
    f.sites = static_cast<int>(f.site_list.size());
    return f.site_list[i];
}
inline const SiteSpec& site(const Scenario& s, std::size_t i) {
    return s.fleet.value().site_list.at(i);
}
inline PhaseSpec& phase(Scenario& s, std::size_t i) {
    s.phases.resize(std::max(s.phases.size(), i + 1));
    return s.phases[i];
}
inline const PhaseSpec& phase(const Scenario& s, std::size_t i) {
    return s.phases.at(i);
}
inline WorkloadUse& workload(Scenario& s, std::size_t i) {
    PerformanceSpec& p = perf(s);
    p.workloads.resize(std::max(p.workloads.size(), i + 1));
    return p.workloads[i];
}
inline const WorkloadUse& workload(const Scenario& s, std::size_t i) {
    return s.performance.value().workloads.at(i);
}
inline CheckpointJobSpec& job(Scenario& s, std::size_t i) {
    CheckpointSpec& c = ckpt(s);
    c.jobs.resize(std::max(c.jobs.size(), i + 1));
    return c.jobs[i];
}
inline const CheckpointJobSpec& job(const Scenario& s, std::size_t i) {
    return s.checkpoint.value().jobs.at(i);
}

inline const std::string& text(const D& v) {
    return std::get<std::string>(v);
}
inline std::int64_t count(const D& v) {
    return std::get<std::int64_t>(v);
}
inline double number(const D& v) {
    return std::get<double>(v);
}
template <class Q> Q quantity(const D& v) {
    return Q::from_base(std::get<double>(v));
}
/// A quantity, or empty for "auto".
template <class Q> std::optional<Q> quantity_or_auto(const D& v) {
    if (std::holds_alternative<std::string>(v)) {
        return std::nullopt;
    }
    return quantity<Q>(v);
}

inline D text_if_set(const std::string& t) {
    return t.empty() ? D{} : D{t};
}
inline D count_if_set(std::int64_t v) {
    return v > 0 ? D{v} : D{};
}
template <class Q> D base_if_set(const std::optional<Q>& q) {
    return q ? D{q->base()} : D{};
}
template <class Q> D auto_if_unset(const std::optional<Q>& q) {
    return q ? D{q->base()} : D{std::string("auto")};
}
inline D auto_if_empty(const std::string& id) {
    return D{id.empty() ? std::string("auto") : id};
}
inline std::string empty_if_auto(const D& v) {
    return text(v) == "auto" ? std::string() : text(v);
}

inline D cnodes_data(const OptionSpec& o) {
    switch (o.cnode_sizing) {
    case CNodeSizing::knee:
        return D{std::string("knee")};
    case CNodeSizing::fixed:
        return D{o.cnodes};
    case CNodeSizing::requirement:
    case CNodeSizing::ratio:
        break;
    }
    return D{};
}

inline void set_cnodes(OptionSpec& o, const D& v) {
    if (std::holds_alternative<std::int64_t>(v)) {
        o.cnode_sizing = CNodeSizing::fixed;
        o.cnodes = count(v);
    } else {
        o.cnode_sizing = text(v) == "knee" ? CNodeSizing::knee : CNodeSizing::requirement;
    }
}

inline D failure_rate_data(const Scenario& s) {
    if (!s.checkpoint) {
        return D{};
    }
    if (!s.checkpoint->failure_rate.empty()) {
        return D{s.checkpoint->failure_rate};
    }
    if (s.checkpoint->failures_per_1000_node_days) {
        return D{*s.checkpoint->failures_per_1000_node_days};
    }
    return D{};
}

inline void set_failure_rate(CheckpointSpec& c, const D& v) {
    if (std::holds_alternative<double>(v)) {
        c.failures_per_1000_node_days = number(v);
    } else {
        c.failure_rate = text(v);
    }
}

} // namespace podsizer::detail::access

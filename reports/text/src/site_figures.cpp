#include "podsizer/reports/site_figures.hpp"

#include "podsizer/core/number_text.hpp"

#include <algorithm>
#include <array>

namespace podsizer {

namespace {

using S = SiteStorage;
using F = SiteFigure;

/// A quantity member in base units; empty when an optional one is.
template <auto M> std::optional<double> base(const S& s) {
    if constexpr (requires { (s.*M).base(); }) {
        return (s.*M).base();
    } else {
        return s.*M ? std::optional((s.*M)->base()) : std::nullopt;
    }
}

std::string size_for(const S& s) {
    return std::string(to_string(s.size_for));
}

/// The GPUs' draw and the storage's: nothing without the GPUs'.
std::optional<double> it_power(const S& s) {
    return s.gpu_power ? std::optional(s.gpu_power->base() + s.power.base()) : std::nullopt;
}

// Header, key, number or text, base units per shown unit, decimals.
const std::array kNeeds{
    F{"Platform", "platform", nullptr, [](const S& s) { return s.platform; }},
    F{"Usable need (PB)", "usable_need_bytes", base<&S::usable_need>, nullptr, 1e15},
    F{"Read need (TB/s)", "read_need_bytes_per_s", base<&S::read_need>, nullptr, 1e12, 2},
    F{"Read, intact (TB/s)", "read_bytes_per_s", base<&S::read>, nullptr, 1e12, 2},
    F{"Write need (TB/s)", "write_need_bytes_per_s", base<&S::write_need>, nullptr, 1e12, 2},
    F{"Write, intact (TB/s)", "write_bytes_per_s", base<&S::write>, nullptr, 1e12, 2},
    F{"Size for", "size_for", nullptr, size_for},
    F{"Verdict", "verdict", nullptr, [](const S& s) { return s.verdict_cell; }},
};

const std::array kPower{
    F{"GPU power (MW)", "gpu_power_w", base<&S::gpu_power>, nullptr, 1e6, 2},
    F{"IT power with GPUs (MW)", "it_power_w", it_power, nullptr, 1e6, 2},
    F{"Max IT power (MW)", "max_it_power_w", base<&S::max_it_power>, nullptr, 1e6, 2},
};

} // namespace

std::vector<const SiteFigure*> site_figures(const SitePlan& plan) {
    std::vector<const SiteFigure*> out;
    // A site holding others' copies in its own system has needs of its own
    // too: its pods' grew by the copies.
    const bool grown = std::any_of(plan.sites.begin(), plan.sites.end(), [](const SiteStorage& s) {
        return s.replica && !s.replica->separate;
    });
    if (plan.own_needs || grown) {
        for (const SiteFigure& f : kNeeds) {
            out.push_back(&f);
        }
    }
    if (plan.it_power) {
        for (const SiteFigure& f : kPower) {
            out.push_back(&f);
        }
    }
    return out;
}

std::string site_figure_cell(const SiteFigure& f, const SiteStorage& s) {
    if (f.text != nullptr) {
        return f.text(s);
    }
    const std::optional<double> v = f.number(s);
    return v ? format_number(*v / f.unit, f.decimals) : std::string("-");
}

} // namespace podsizer

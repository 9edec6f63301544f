#include "podsizer/reports/site_figures.hpp"

#include "podsizer/core/number_text.hpp"

#include <algorithm>
#include <array>

namespace podsizer {

namespace {

template <class Q> std::optional<double> base(const std::optional<Q>& q) {
    return q ? std::optional(q->base()) : std::nullopt;
}

const std::array kNeeds{
    SiteFigure{.header = "Platform",
               .key = "platform",
               .text = [](const SiteStorage& s) { return s.platform; }},
    SiteFigure{.header = "Usable need (PB)",
               .key = "usable_need_bytes",
               .number = [](const SiteStorage& s) { return std::optional(s.usable_need.base()); },
               .unit = 1e15},
    SiteFigure{.header = "Read need (TB/s)",
               .key = "read_need_bytes_per_s",
               .number = [](const SiteStorage& s) { return std::optional(s.read_need.base()); },
               .unit = 1e12,
               .decimals = 2},
    SiteFigure{.header = "Read, intact (TB/s)",
               .key = "read_bytes_per_s",
               .number = [](const SiteStorage& s) { return std::optional(s.read.base()); },
               .unit = 1e12,
               .decimals = 2},
    SiteFigure{.header = "Write need (TB/s)",
               .key = "write_need_bytes_per_s",
               .number = [](const SiteStorage& s) { return std::optional(s.write_need.base()); },
               .unit = 1e12,
               .decimals = 2},
    SiteFigure{.header = "Write, intact (TB/s)",
               .key = "write_bytes_per_s",
               .number = [](const SiteStorage& s) { return std::optional(s.write.base()); },
               .unit = 1e12,
               .decimals = 2},
    SiteFigure{.header = "Size for",
               .key = "size_for",
               .text = [](const SiteStorage& s) { return std::string(to_string(s.size_for)); }},
    SiteFigure{.header = "Verdict",
               .key = "verdict",
               .text = [](const SiteStorage& s) { return s.verdict_cell; }},
};

const std::array kPower{
    SiteFigure{.header = "GPU power (MW)",
               .key = "gpu_power_w",
               .number = [](const SiteStorage& s) { return base(s.gpu_power); },
               .unit = 1e6,
               .decimals = 2},
    SiteFigure{.header = "IT power with GPUs (MW)",
               .key = "it_power_w",
               .number =
                   [](const SiteStorage& s) {
                       return s.gpu_power ? std::optional(s.gpu_power->base() + s.power.base())
                                          : std::nullopt;
                   },
               .unit = 1e6,
               .decimals = 2},
    SiteFigure{.header = "Max IT power (MW)",
               .key = "max_it_power_w",
               .number = [](const SiteStorage& s) { return base(s.max_it_power); },
               .unit = 1e6,
               .decimals = 2},
};

} // namespace

std::span<const SiteFigure> site_need_figures() {
    return kNeeds;
}

std::span<const SiteFigure> site_power_figures() {
    return kPower;
}

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

#include "podsizer/core/design.hpp"

#include "podsizer/core/counting.hpp"
#include "podsizer/core/units.hpp"

#include <algorithm>
#include <cmath>

namespace podsizer {

std::string_view to_string(Severity s) {
    switch (s) {
    case Severity::info:
        return "info";
    case Severity::warning:
        return "warning";
    case Severity::error:
        return "error";
    }
    return "info";
}

std::string format_cd_ratio(double c_per_d) {
    if (!(c_per_d > 0.0) || !std::isfinite(c_per_d)) {
        return "n/a";
    }
    auto trimmed = [](double v) {
        std::string s = format_number(v, 2);
        if (s.find('.') != std::string::npos) {
            while (s.back() == '0') {
                s.pop_back();
            }
            if (s.back() == '.') {
                s.pop_back();
            }
        }
        return s;
    };
    return c_per_d >= 1.0 ? trimmed(c_per_d) + ":1" : "1:" + trimmed(1.0 / c_per_d);
}

std::string_view to_string(Bottleneck b) {
    switch (b) {
    case Bottleneck::frontend:
        return "frontend";
    case Bottleneck::backend:
        return "backend";
    case Bottleneck::balanced:
        return "balanced";
    }
    return "balanced";
}

std::string_view to_string(WriteDriver w) {
    switch (w) {
    case WriteDriver::none:
        return "none";
    case WriteDriver::performance_rule:
        return "performance_rule";
    case WriteDriver::explicit_figures:
        return "explicit";
    case WriteDriver::checkpoints:
        return "checkpoints";
    }
    return "none";
}

std::string_view to_string(DeviceRole r) {
    switch (r) {
    case DeviceRole::cnode:
        return "C-node";
    case DeviceRole::dbox:
        return "D-box";
    case DeviceRole::network_switch:
        return "switch";
    }
    return "device";
}

std::string_view to_string(SwitchTier t) {
    switch (t) {
    case SwitchTier::none:
        return "";
    case SwitchTier::leaf:
        return "leaf";
    case SwitchTier::spine:
        return "spine";
    case SwitchTier::super_spine:
        return "super-spine";
    }
    return "";
}

bool Design::meets() const {
    return verdict.status == VerdictStatus::meets;
}

bool Design::feasible() const {
    return verdict.status != VerdictStatus::short_;
}

double Design::gpu_nic_to_client_port_line_rate() const {
    return ratio_or_zero(requirements.gpu_storage_network.base(), gpu_fabric_uplink.base());
}
double Design::client_port_headroom() const {
    return ratio_or_zero(gpu_fabric_uplink.base(), read.base());
}
PowerBasis Design::planning_basis() const {
    if (constraints.power_basis == PowerBasis::max) {
        return PowerBasis::max;
    }
    const bool over = exceeds(rack_peak_max.base(), rack_limit.base());
    return over || racks_on_max > racks_on_typical ? PowerBasis::max : PowerBasis::typical;
}

std::int64_t Design::planning_racks() const {
    return planning_basis() == constraints.power_basis ? racks : racks_on_max;
}

double Design::pb_per_rack() const {
    return ratio_or_zero(in(usable, units::PB), static_cast<double>(racks));
}
double Design::pb_per_kw() const {
    return ratio_or_zero(in(usable, units::PB), in(power, units::kW));
}
double Design::gbps_read_per_kw() const {
    return ratio_or_zero(in(read, units::GB_per_s), in(power, units::kW));
}
double Design::gbps_read_per_rack() const {
    return ratio_or_zero(in(read, units::GB_per_s), static_cast<double>(racks));
}
double Design::read_per_gpu_gbps() const {
    return ratio_or_zero(in(read, units::GB_per_s), static_cast<double>(requirements.gpus));
}

bool SizingResult::all_feasible() const {
    // Exit 0 only when every design meets: "capacity only" is exit 1 too
    // (docs/cli.md, "Exit codes").
    return std::all_of(designs.begin(), designs.end(), [](const Design& d) { return d.meets(); });
}

} // namespace podsizer

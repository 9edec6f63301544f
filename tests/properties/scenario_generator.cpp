#include "scenario_generator.hpp"

#include <cmath>
#include <cstdio>

namespace podsizer::testing {

std::int64_t Rng::between(std::int64_t lo, std::int64_t hi) {
    const auto span = static_cast<std::uint64_t>(hi - lo) + 1;
    return lo + static_cast<std::int64_t>(engine_() % span);
}

double Rng::real(double lo, double hi) {
    // 53 random bits give a double in [0, 1).
    const double unit = static_cast<double>(engine_() >> 11) * 0x1.0p-53;
    return lo + (hi - lo) * unit;
}

namespace {

std::string quantity(double value, const char* unit) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g %s", value, unit);
    return buf;
}

template <class T> std::vector<std::string> ids(const std::vector<T>& items) {
    std::vector<std::string> out;
    for (const T& t : items) {
        out.push_back(t.id);
    }
    return out;
}

// C:D ratios people write, each within the default bounds 1:2 to 4:1.
const std::vector<std::string> kRatios{"1:2", "2:3", "1:1", "3:2", "2:1", "2.5:1", "3:1", "4:1"};

nlohmann::json random_option(Rng& rng, const Catalog& catalog, const GeneratorOptions& opt) {
    nlohmann::json o = nlohmann::json::object();
    if (opt.named_hardware || rng.chance(0.5)) {
        const DBoxModel& box = catalog.dboxes[static_cast<std::size_t>(
            rng.between(0, static_cast<std::int64_t>(catalog.dboxes.size()) - 1))];
        o["cnode"] = rng.pick(ids(catalog.cnodes));
        o["dbox"] = box.id;
        o["drive"] = quantity(in(rng.pick(box.drive_sizes), units::TB), "TB");
    }
    if (rng.chance(0.3)) {
        o["rack"] = rng.pick(ids(catalog.racks));
    }
    switch (rng.between(0, 3)) {
    case 0: // sized from the requirement (the default)
        break;
    case 1:
        o["cnodes"] = "knee";
        break;
    case 2:
        o["cd_ratio"] = rng.pick(kRatios);
        break;
    default:
        o["cnodes"] = rng.between(1, 2000);
        break;
    }
    if (rng.chance(0.15)) {
        o["dboxes"] = rng.between(1, 1000);
    }
    return o;
}

} // namespace

std::string capacity_text(double bytes) {
    return quantity(bytes / 1e15, "PB");
}

nlohmann::json random_scenario(Rng& rng, const Catalog& catalog, const GeneratorOptions& opt) {
    nlohmann::json s;
    s["schema"] = "podsizer-scenario/1";
    s["name"] = "generated";
    const bool fleet = opt.fleet && rng.chance(0.8);
    if (fleet) {
        const GpuPlatform& platform = catalog.platforms[static_cast<std::size_t>(
            rng.between(0, static_cast<std::int64_t>(catalog.platforms.size()) - 1))];
        s["fleet"] = {{"platform", platform.id}, {"gpus", rng.between(1, 200'000)}};
        if (rng.chance(0.5)) {
            s["performance"] = {{"rule", rng.pick(ids(catalog.rules))}};
        } else {
            s["performance"] = {{"read_per_gpu", quantity(rng.real(0.01, 2.0), "GB/s")},
                                {"write_per_gpu", quantity(rng.real(0.005, 1.0), "GB/s")}};
        }
    }
    if (!fleet || rng.chance(0.7)) {
        if (fleet && rng.chance(0.3)) {
            s["capacity"] = {{"usable_per_gpu", quantity(rng.real(0.5, 50.0), "TB")}};
        } else {
            s["capacity"] = {{"usable", capacity_text(rng.real(0.1e15, 2000e15))}};
        }
    }
    nlohmann::json cons = nlohmann::json::object();
    if (rng.chance(0.5)) {
        cons["rack"] = rng.pick(ids(catalog.racks));
    }
    if (rng.chance(0.2)) {
        cons["rack_resilient"] = true;
    }
    if (rng.chance(0.2)) {
        cons["rack_power"] = quantity(rng.real(15.0, 60.0), "kW");
    }
    if (!cons.empty()) {
        s["constraints"] = cons;
    }
    const auto n = rng.between(opt.named_hardware ? 1 : 0, opt.max_options);
    if (n > 0) {
        s["options"] = nlohmann::json::array();
        for (std::int64_t i = 0; i < n; ++i) {
            s["options"].push_back(random_option(rng, catalog, opt));
        }
    }
    return s;
}

} // namespace podsizer::testing

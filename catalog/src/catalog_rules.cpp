#include "catalog_rules.hpp"

#include "podsizer/core/network.hpp"

#include <algorithm>
#include <array>
#include <fmt/format.h>

namespace podsizer::detail {

namespace {

// The drive sizes a catalog may hold: see read_drive_sizes.
constexpr Capacity kMinDrive = Capacity::from_base(1e10); // 10 GB
constexpr Capacity kMaxDrive = Capacity::from_base(1e16); // 10 PB

/// An EC rule's stripe steps (catalogs written before layouts were
/// modelled): ascending by min_dboxes from 1, never narrowing.
void read_steps(const Node& steps, ErasureCodingRule& e) {
    for (const Node& s : steps.items()) {
        s.require_object();
        s.check_fields({"min_dboxes", "data_strips"});
        StripeStep st;
        st.min_dboxes = s.at("min_dboxes").small_count(1);
        st.data_strips = s.at("data_strips").small_count(1);
        if (!e.steps.empty() && st.min_dboxes <= e.steps.back().min_dboxes) {
            s.at("min_dboxes").fail("must be larger than the previous step's min_dboxes");
        }
        if (!e.steps.empty() && st.data_strips < e.steps.back().data_strips) {
            // More enclosures never narrow the stripe; the capacity search relies on it.
            s.at("data_strips").fail("must not be smaller than the previous step's data_strips");
        }
        e.steps.push_back(st);
    }
    if (e.steps.empty() || e.steps.front().min_dboxes != 1) {
        steps.fail("expected steps ascending by min_dboxes, the first at min_dboxes 1");
    }
}

void check_min_data_strips(const Node& n, const ErasureCodingRule& e) {
    if (auto m = n.find("min_data_strips"); m && e.min_data_strips > e.max_data_strips) {
        m->fail(fmt::format("must not exceed max_data_strips ({})", e.max_data_strips));
    }
}

} // namespace

/// A switch's port modes (docs/scenario-format.md): speeds ascending, each
/// with a port count; the uplink speed one of them.
void read_port_modes(const Node& n, SwitchModel& s) {
    const auto modes = n.find("port_modes");
    if (!modes) {
        return;
    }
    for (const Node& m : modes->items()) {
        m.require_object();
        m.check_fields({"speed", "ports"});
        PortMode mode{m.at("speed").positive<Throughput>(), m.at("ports").small_count(2)};
        if (!s.port_modes.empty() && !(mode.speed > s.port_modes.back().speed)) {
            m.at("speed").fail("expected port modes in ascending order of speed, each speed once");
        }
        s.port_modes.push_back(mode);
    }
    if (s.port_modes.empty()) {
        modes->fail("expected at least one port mode, such as [{\"speed\": \"400 Gbps\", "
                    "\"ports\": 128}]");
    }
    if (auto up = n.find("uplink_speed")) {
        s.uplink_speed = up->positive<Throughput>();
        const bool offered =
            std::any_of(s.port_modes.begin(), s.port_modes.end(),
                        [&](const PortMode& m) { return m.speed == s.uplink_speed; });
        if (!offered) {
            up->fail("expected the speed of one of the switch's port_modes");
        }
    } else {
        s.uplink_speed = s.port_modes.back().speed;
    }
}

template <class M> void device_finish(const Node& n, M& m) {
    if (auto f = n.find("max_power")) {
        if (m.max_power < m.power) {
            f->fail("is below the typical \"power\" (" + format_in(m.power, units::W, 0) +
                    "); expected the maximum draw, at least the typical");
        }
        return;
    }
    m.max_power = m.power * kAssumedMaxPerTypical;
    m.provenance.field_sources.try_emplace(
        "max_power", Source{SourceKind::assumption, "",
                            "not given in the catalog: typical power x 1.3 (an assumed "
                            "max/typical ratio, docs/model.md §10)"});
}

template void device_finish(const Node&, CNodeModel&);
template void device_finish(const Node&, DBoxModel&);

void read_drive_sizes(const Node& n, DBoxModel& d) {
    const Node sizes = n.at("drive_sizes");
    for (const Node& s : sizes.items()) {
        const Capacity size = s.positive<Capacity>();
        // Drives are shown and compared in TB with two decimals: a "1 B"
        // drive read "0.00 TB" and a 1e30 TB one a 31-digit figure (second
        // red-team round, m7). Real SSDs span a few hundred GB to a few
        // hundred TB.
        if (size < kMinDrive || size > kMaxDrive) {
            s.fail("\"" + s.text() +
                   "\" is not a drive size; expected 10 GB to 10 PB, such as \"61.44 TB\"");
        }
        d.drive_sizes.push_back(size);
    }
    if (d.drive_sizes.empty()) {
        sizes.fail("empty; expected at least one drive size such as \"61.44 TB\"");
    }
    std::sort(d.drive_sizes.begin(), d.drive_sizes.end());
}

void read_default_drive(const Node& n, DBoxModel& d) {
    const Node def = n.at("default_drive");
    d.default_drive = def.positive<Capacity>();
    if (std::find(d.drive_sizes.begin(), d.drive_sizes.end(), d.default_drive) ==
        d.drive_sizes.end()) {
        def.fail("is not one of drive_sizes");
    }
}

void read_stripe_steps(const Node& n, ErasureCodingRule& e) {
    const auto steps = n.find("steps");
    if (!steps) {
        return;
    }
    read_steps(*steps, e);
    if (!n.find("max_data_strips")) { // the widest step's (read_max_data_strips)
        e.max_data_strips = e.steps.back().data_strips;
        check_min_data_strips(n, e);
    }
}

// Either the layout figures (max_data_strips, …) or, in catalogs written
// before layouts were modelled, the stripe steps; both: the steps cap the
// layout's width (docs/model.md §6). Without either the entry is refused
// here, at max_data_strips, before the fields after it are read.
void read_max_data_strips(const Node& n, ErasureCodingRule& e) {
    if (auto m = n.find("max_data_strips")) {
        e.max_data_strips = m->small_count(1);
        check_min_data_strips(n, e);
    } else if (!n.find("steps")) {
        n.fail("expected \"max_data_strips\" (the widest stripe's data strips, such as 146)");
    }
}

void read_ports(const Node& n, SwitchModel& s) {
    if (auto p = n.find("ports")) {
        if (!s.port_modes.empty()) {
            p->fail("give either ports or port_modes, not both: port_modes say how many ports "
                    "each speed gives");
        }
        s.ports = p->small_count(2);
    } else if (s.port_modes.empty()) {
        n.fail("expected port_modes (or ports, the ports at the devices' speed)");
    }
    if (auto r = n.find("uplink_speed"); r && s.port_modes.empty()) {
        r->fail("expected only with port_modes");
    }
}

void read_downlink_fraction(const Node& n, SwitchModel& s) {
    // Its range is checked with the uplink it leaves, in switch_finish.
    s.downlink_fraction = n.at("downlink_fraction").number();
}

void read_roles(const Node& n, SwitchModel& s) {
    s.roles = static_cast<unsigned>(SwitchRole::leaf) | static_cast<unsigned>(SwitchRole::spine);
    const auto roles = n.find("roles");
    if (!roles) {
        return;
    }
    unsigned out = 0;
    for (const Node& r : roles->items()) {
        const std::string name = r.text();
        bool known = false;
        for (SwitchRole role : {SwitchRole::leaf, SwitchRole::spine, SwitchRole::super_spine}) {
            if (name == to_string(role)) {
                out |= static_cast<unsigned>(role);
                known = true;
            }
        }
        if (!known) {
            r.fail("expected \"leaf\", \"spine\" or \"super_spine\"");
        }
    }
    if ((out & static_cast<unsigned>(SwitchRole::leaf)) == 0U) {
        roles->fail("expected a list of roles that includes \"leaf\"");
    }
    s.roles = out;
}

void switch_finish(const Node& n, SwitchModel& s) {
    // A leaf needs at least one uplink, or its devices reach no other leaf:
    // in every port mode, the ports the downlinks leave must give one uplink.
    bool uplink = s.downlink_fraction > 0.0 && s.downlink_fraction < 1.0;
    for (const PortMode& m :
         s.port_modes.empty() ? std::vector<PortMode>{{{}, s.ports}} : s.port_modes) {
        const LeafPlan leaf = leaf_plan(s, m.speed);
        uplink = uplink && leaf.uplinks >= 1;
    }
    if (!uplink) {
        n.at("downlink_fraction").fail(std::string(kLeafUplinkExpected));
    }
    device_finish(n, s);
}

void workload_finish(const Node& n, Workload& w) {
    static constexpr std::array<std::string_view, 5> kTraining{
        "accelerator", "batch", "sample_size", "compute_time", "min_au"};
    const auto given = std::count_if(kTraining.begin(), kTraining.end(),
                                     [&](std::string_view f) { return n.has(f); });
    if (n.has("checkpoint_size")) {
        if (given > 0) {
            n.fail("give either a training-data workload (accelerator, batch, sample_size, "
                   "compute_time, min_au) or a checkpoint workload (checkpoint_size), not both");
        }
        return;
    }
    if (given != static_cast<std::ptrdiff_t>(kTraining.size())) {
        for (std::string_view f : kTraining) {
            if (!n.has(f)) {
                n.fail("a training-data workload needs \"" + std::string(f) +
                       "\" too (accelerator, batch, sample_size, compute_time and min_au, from "
                       "the benchmark's configuration); a checkpoint workload gives "
                       "\"checkpoint_size\" alone");
            }
        }
    }
    if (w.accelerator != "h100" && w.accelerator != "a100") {
        n.at("accelerator")
            .fail("\"" + w.accelerator +
                  "\" is not an accelerator MLPerf Storage emulates; expected h100 or a100");
    }
}

void read_basis(const Node& n, PerformanceRule& r) {
    const Node basis = n.at("basis");
    const std::string b = basis.text();
    if (b == "per_su") {
        r.basis = PerformanceRule::Basis::per_su;
        if (r.platform.empty()) {
            n.fail("a per_su rule needs \"platform\": the SU size comes from it");
        }
    } else if (b == "per_gpu") {
        r.basis = PerformanceRule::Basis::per_gpu;
    } else {
        basis.fail("unknown basis \"" + b + "\"; expected per_su or per_gpu");
    }
}

void read_accounts_raised(const Node& n, ReferenceSystem& r) {
    const auto a = n.find("accounts_per_subscription_raised");
    if (!a) {
        return;
    }
    r.accounts_per_subscription_raised = a->count(1);
    if (r.accounts_per_subscription_raised < r.accounts_per_subscription) {
        a->fail(fmt::format("expected at least accounts_per_subscription ({}): the limit on "
                            "request is the higher one",
                            r.accounts_per_subscription));
    }
}

void read_part_role(const Node& n, Part& p) {
    const Node role = n.at("role");
    p.role = role.text();
    if (std::find(std::begin(kPartRoles), std::end(kPartRoles), p.role) == std::end(kPartRoles)) {
        role.fail(fmt::format("unknown part role \"{}\"; expected one of {}", p.role,
                              fmt::join(kPartRoles, ", ")));
    }
}

} // namespace podsizer::detail

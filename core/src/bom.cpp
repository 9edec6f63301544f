// The bill of materials of a design (docs/bom.md §1-§3): the counts come from
// the design, the fabric plan and the rack layout; every link's cable from
// the stated run rule and the catalog's parts.
#include "podsizer/core/bom.hpp"

#include "podsizer/core/counting.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/network.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <vector>

namespace podsizer {

namespace {

/// ASSUMPTION (docs/bom.md §2): a link inside one rack runs 2 m; between
/// racks of one row 3 m (up to the tray and down again) plus 0.6 m a rack
/// position apart (600 mm racks side by side); to the customer's fabric 50 m.
constexpr double kInRackRunM = 2.0;
constexpr double kBetweenRacksBaseM = 3.0;
constexpr double kRackPitchM = 0.6;
constexpr double kToCustomerRunM = 50.0;

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return b > 0 ? (a + b - 1) / b : 0;
}

/// Where each fabric switch sits, and what each rack holds, in rack order.
struct Placement {
    std::vector<int> switch_rack; ///< 1-based rack of each switch: leaves, spines, super-spines
    std::vector<std::int64_t> rack_ports; ///< device ports on the leaves, per rack
    bool known = false;                   ///< a layout gave the racks
};

Placement place(const Design& d, std::int64_t ports_per_cnode, std::int64_t ports_per_dbox) {
    Placement p;
    p.known = !d.layout.empty();
    for (const Rack& r : d.layout) {
        for (int i = 0; i < r.switches; ++i) {
            p.switch_rack.push_back(r.index);
        }
        p.rack_ports.push_back(r.cnodes * ports_per_cnode + r.dboxes * ports_per_dbox);
    }
    return p;
}

/// The links of one speed by run length, before parts are chosen. A pod adds a
/// few hundred runs of a few dozen distinct lengths: appended, then sorted and
/// merged once (a map node a run was most of the bill's time).
struct LinkTally {
    struct Run {
        double speed = 0.0; ///< bits/s
        double run_m = 0.0;
        std::int64_t links = 0;
    };
    std::vector<Run> runs;
    void add(Throughput speed, double run_m, std::int64_t n) {
        if (n <= 0) {
            return;
        }
        if (!runs.empty() && runs.back().speed == speed.base() && runs.back().run_m == run_m) {
            runs.back().links += n;
            return;
        }
        runs.push_back(Run{speed.base(), run_m, n});
    }
    /// By speed, then run length, each once.
    const std::vector<Run>& merged() {
        std::sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) {
            return a.speed != b.speed ? a.speed < b.speed : a.run_m < b.run_m;
        });
        std::size_t out = 0;
        for (std::size_t i = 0; i < runs.size(); ++i) {
            if (out > 0 && runs[out - 1].speed == runs[i].speed &&
                runs[out - 1].run_m == runs[i].run_m) {
                runs[out - 1].links += runs[i].links;
            } else {
                runs[out++] = runs[i];
            }
        }
        runs.resize(out);
        return runs;
    }
};

double run_between(const Placement& p, int rack_a, int rack_b) {
    if (!p.known) {
        return kToCustomerRunM;
    }
    if (rack_a == rack_b) {
        return kInRackRunM;
    }
    return kBetweenRacksBaseM + kRackPitchM * std::abs(rack_a - rack_b);
}

int rack_of(const Placement& p, std::size_t sw) {
    return sw < p.switch_rack.size() ? p.switch_rack[sw] : 0;
}

/// Device ports fill the leaves evenly in rack order: leaf j takes ports
/// [j·P/L, (j+1)·P/L) of the racks' ports laid end to end (docs/bom.md §2).
void tally_device_links(const Design& d, const Fabric& f, const Placement& p, LinkTally& t) {
    const std::int64_t P = f.ports;
    const std::int64_t L = d.leaf_switches;
    if (P <= 0 || L <= 0) {
        return;
    }
    if (!p.known) {
        t.add(f.leaf.port_speed, kToCustomerRunM, P);
        return;
    }
    std::int64_t start = 0;
    for (std::size_t r = 0; r < p.rack_ports.size(); ++r) {
        const std::int64_t end = start + p.rack_ports[r];
        // Only the leaves whose ports overlap this rack's.
        for (std::int64_t j = start * L / P; j < L && j * P / L < end; ++j) {
            const std::int64_t lo = std::max(start, j * P / L);
            const std::int64_t hi = std::min(end, (j + 1) * P / L);
            if (hi > lo) {
                const int leaf_rack = rack_of(p, static_cast<std::size_t>(j));
                t.add(f.leaf.port_speed, run_between(p, static_cast<int>(r) + 1, leaf_rack),
                      hi - lo);
            }
        }
        start = end;
    }
}

/// Each leaf sends its uplinks evenly to the spines of its pod; each spine
/// sends half its ports evenly to the super-spines of its plane (network.cpp).
std::int64_t tally_leaf_spine(const Design& d, const Fabric& f, const Placement& p, LinkTally& t) {
    const std::int64_t L = d.leaf_switches;
    const std::int64_t S = d.spine_switches;
    if (S <= 0 || f.pods <= 0 || f.leaf.uplinks <= 0) {
        return 0;
    }
    const std::int64_t per_pod = S / f.pods;
    const std::int64_t leaves_per_pod = ceil_div(L, f.pods);
    const std::int64_t each = std::max<std::int64_t>(1, f.leaf.uplinks / per_pod);
    if (!p.known) { // no layout: counted, not placed (a design too large to lay out)
        const std::int64_t all = saturating_product(saturating_product(L, per_pod), each);
        t.add(f.leaf.uplink_speed, kToCustomerRunM, all);
        return all;
    }
    std::int64_t links = 0;
    for (std::int64_t j = 0; j < L; ++j) {
        const std::int64_t pod = j / leaves_per_pod;
        for (std::int64_t s = pod * per_pod; s < (pod + 1) * per_pod; ++s) {
            const auto sw = static_cast<std::size_t>(L + s);
            t.add(f.leaf.uplink_speed, run_between(p, rack_of(p, j), rack_of(p, sw)), each);
            links += each;
        }
    }
    return links;
}

std::int64_t tally_spine_super(const Design& d, const Fabric& f, const Placement& p, LinkTally& t) {
    const std::int64_t L = d.leaf_switches;
    const std::int64_t S = d.spine_switches;
    const std::int64_t X = d.super_spine_switches;
    if (X <= 0 || S <= 0 || f.pods <= 0) {
        return 0;
    }
    const std::int64_t per_pod = S / f.pods;
    const std::int64_t per_plane = std::max<std::int64_t>(1, X / per_pod);
    const std::int64_t half = f.leaf.uplink_ports / 2;
    const std::int64_t each = std::max<std::int64_t>(1, half / per_plane);
    if (!p.known) {
        const std::int64_t all = saturating_product(saturating_product(S, per_plane), each);
        t.add(f.leaf.uplink_speed, kToCustomerRunM, all);
        return all;
    }
    std::int64_t links = 0;
    for (std::int64_t s = 0; s < S; ++s) {
        const std::int64_t plane = s % per_pod;
        for (std::int64_t x = plane * per_plane; x < (plane + 1) * per_plane; ++x) {
            const auto a = static_cast<std::size_t>(L + s);
            const auto b = static_cast<std::size_t>(L + S + x);
            t.add(f.leaf.uplink_speed, run_between(p, rack_of(p, a), rack_of(p, b)), each);
            links += each;
        }
    }
    return links;
}

/// The cheapest medium whose reach covers the run: passive copper, then active
/// copper, then optics (docs/bom.md §2); null when the catalog has none.
const Part* medium_for(const Catalog& cat, Throughput speed, double run_m) {
    for (std::string_view role : {"dac", "aec", "optic"}) {
        const Part* best = nullptr;
        for (const Part& part : cat.parts) {
            const bool fits = part.role == role && part.speed == speed && part.reach_m >= run_m;
            if (fits && (best == nullptr || part.reach_m < best->reach_m)) {
                best = &part;
            }
        }
        if (best != nullptr) {
            return best;
        }
    }
    return nullptr;
}

std::string speed_text(Throughput s) {
    return s.base() > 0.0 ? fmt::format("{:g} Gbps", s.base() / 1e9) : std::string("unknown speed");
}

/// Lines of one part, added up.
class Lines {
public:
    void add(const Part* part, std::string_view category, std::int64_t n, const std::string& rule,
             std::int64_t per_rack = 0) {
        if (part == nullptr || n <= 0) {
            return;
        }
        auto key = std::string(category) + "|" + part->id + "|" + rule;
        auto [it, fresh] = index_.try_emplace(key, lines_.size());
        if (fresh) {
            lines_.push_back(BomLine{.category = std::string(category),
                                     .item = part->id,
                                     .sku = part->sku,
                                     .description = part->name,
                                     .per_rack = per_rack,
                                     .rule = rule,
                                     .source = part->provenance.source});
        }
        lines_[it->second].quantity += n;
    }
    /// Links no catalog part carries: still on the bill, as a line with no
    /// item, so that the bill's cables add up to every link (docs/bom.md §2).
    void add_unlisted(std::string_view category, std::int64_t n, std::string description,
                      std::string rule) {
        if (n > 0) {
            lines_.push_back(BomLine{.category = std::string(category),
                                     .item = {},
                                     .sku = {},
                                     .description = std::move(description),
                                     .quantity = n,
                                     .rule = std::move(rule),
                                     .source = {SourceKind::derived, "the fabric plan",
                                                "its links that no catalog part carries "
                                                "(bom.missing); not priced"}});
        }
    }
    std::vector<BomLine> take() { return std::move(lines_); }

private:
    std::vector<BomLine> lines_;
    std::map<std::string, std::size_t> index_;
};

/// What plan_bom works with.
struct Context {
    const Design& d;
    const Catalog& cat;
    const CNodeModel* cnode = nullptr;
    const DBoxModel* dbox = nullptr;
    const SwitchModel* sw = nullptr;
    const RackModel* rack = nullptr;
    DesignBom bom;
    Lines parts;
};

/// Cables and transceivers for the tallied links; `ends` transceivers an
/// optical link (2 inside the pod, 1 to the customer's fabric: theirs is
/// theirs to list). Each part's line is added once, in the order the runs
/// first use it.
void cable(Context& c, LinkTally& t, int ends, const std::string& what) {
    enum class Use { copper, optic, fibre };
    struct Uses {
        const Part* part;
        Use use;
        std::int64_t n;
    };
    std::vector<Uses> uses;
    std::map<double, std::int64_t> unlisted; // links of a speed no part carries
    auto use = [&uses](const Part* part, Use u, std::int64_t n) {
        for (Uses& x : uses) {
            if (x.part == part && x.use == u) {
                x.n += n;
                return;
            }
        }
        uses.push_back(Uses{part, u, n});
    };
    for (const LinkTally::Run& r : t.merged()) {
        const std::int64_t n = r.links;
        const Throughput speed = Throughput::from_base(r.speed);
        const Part* part = medium_for(c.cat, speed, r.run_m);
        c.bom.cables += n;
        if (part == nullptr) {
            c.bom.missing.push_back(fmt::format("{} {} links of {:g} m: the catalog has no part "
                                                "at that speed and reach",
                                                n, speed_text(speed), r.run_m));
            unlisted[r.speed] += n;
            continue;
        }
        if (part->role != "optic") {
            use(part, Use::copper, n);
            c.bom.links.copper += n;
            c.bom.link_power_w += part->power.base() * static_cast<double>(n);
            continue;
        }
        use(part, Use::optic, n * ends);
        c.bom.transceivers += n * ends;
        c.bom.links.optical += n;
        c.bom.link_power_w += part->power.base() * static_cast<double>(n * ends);
        const Part* fibre = c.cat.part(part->fibre);
        if (fibre == nullptr) {
            c.bom.missing.push_back(fmt::format("the fibre of {} (\"{}\")", part->id, part->fibre));
            c.parts.add_unlisted("Cables", n, "Fibre patch cord (no fibre part in the catalog)",
                                 fmt::format("one a link of {}: {}", part->id, what));
        }
        use(fibre, Use::fibre, n);
    }
    for (const auto& [speed, n] : unlisted) {
        c.parts.add_unlisted("Cables", n,
                             fmt::format("Cable, {} (no part in the catalog)",
                                         speed_text(Throughput::from_base(speed))),
                             "one a link: " + what +
                                 "; the catalog has no part at that speed and reach");
    }
    for (const Uses& u : uses) {
        switch (u.use) {
        case Use::copper:
            c.parts.add(u.part, "Cables", u.n, what + ", " + u.part->role + " by run length");
            break;
        case Use::optic:
            c.parts.add(u.part, "Transceivers", u.n, fmt::format("{} a link: {}", ends, what));
            break;
        case Use::fibre:
            c.parts.add(u.part, "Cables", u.n, "one a link: " + what);
            break;
        }
    }
}

/// The storage fabric's links (docs/model.md §8) and their cables.
void fabric_links(Context& c) {
    const Design& d = c.d;
    const bool on_leaves = d.constraints.client_network == ClientNetwork::storage_leaves;
    const Fabric f =
        plan_fabric(*c.cnode, d.cnodes, *c.dbox, d.dboxes, *c.sw, d.constraints.client_network);
    const Placement p = place(d, c.cnode->backend_ports + (on_leaves ? c.cnode->client_ports : 0),
                              c.dbox->backend_ports);
    LinkTally inside;
    tally_device_links(d, f, p, inside);
    c.bom.links.device_ports = f.ports;
    c.bom.links.leaf_spine = tally_leaf_spine(d, f, p, inside);
    c.bom.links.spine_super_spine = tally_spine_super(d, f, p, inside);
    cable(c, inside, 2, "device ports and inter-switch links");
    LinkTally out;
    c.bom.links.client_uplinks = f.client_uplinks;
    out.add(f.client_uplink_speed, kToCustomerRunM, f.client_uplinks);
    if (!on_leaves) {
        c.bom.links.client_ports_to_customer = d.client_ports;
        out.add(d.client_port_speed, kToCustomerRunM, d.client_ports);
    }
    cable(c, out, 1, "links to the customer's fabric");
}

int category_rank(const std::string& c) {
    static constexpr std::string_view kOrder[] = {"Management", "Power", "Rails", "Cables",
                                                  "Transceivers"};
    for (std::size_t i = 0; i < std::size(kOrder); ++i) {
        if (c == kOrder[i]) {
            return static_cast<int>(i);
        }
    }
    return static_cast<int>(std::size(kOrder));
}

BomLine model_line(std::string category, const std::string& id, const std::string& sku,
                   std::string description, std::int64_t n, const Provenance& prov) {
    return {.category = std::move(category),
            .item = id,
            .sku = sku,
            .description = std::move(description),
            .quantity = n,
            .rule = "the design's count",
            .source = prov.source,
            .in_capex = true};
}

/// Devices, drives, fabric switches by role and racks.
void model_lines(Context& c) {
    const Design& d = c.d;
    auto& L = c.bom.lines;
    L.push_back(model_line("C-nodes", c.cnode->id, c.cnode->sku, d.cnode_shown(), d.cnodes,
                           c.cnode->provenance));
    L.push_back(model_line("D-boxes", c.dbox->id, c.dbox->sku, d.dbox_shown(), d.dboxes,
                           c.dbox->provenance));
    BomLine drives;
    drives.category = "Drives";
    drives.description = fmt::format("{:g} TB drive, in the D-boxes", d.drive_size.base() / 1e12);
    drives.quantity = saturating_product(d.dboxes, d.drives_per_dbox);
    drives.rule = fmt::format("{} a D-box, shipped in it", d.drives_per_dbox);
    drives.source = {SourceKind::derived, "the design's counts", "D-boxes x drives per D-box"};
    L.push_back(drives);
    const std::pair<const char*, std::int64_t> roles[] = {{"leaf", d.leaf_switches},
                                                          {"spine", d.spine_switches},
                                                          {"super-spine", d.super_spine_switches}};
    for (const auto& [role, n] : roles) {
        if (n > 0) {
            L.push_back(model_line("Switches", c.sw->id, c.sw->sku,
                                   fmt::format("{} ({})", d.switch_shown(), role), n,
                                   c.sw->provenance));
        }
    }
    L.push_back(
        model_line("Racks", c.rack->id, c.rack->sku, d.rack_shown(), d.racks, c.rack->provenance));
}

/// Per rack: management switches and their cables, PDUs, rails and cords.
void rack_parts(Context& c, const Part* mgmt) {
    const Design& d = c.d;
    const std::int64_t fabric = d.switches();
    std::int64_t ports = d.cnodes + d.dboxes + fabric;
    std::int64_t switches = 0;
    const std::int64_t per = mgmt != nullptr && mgmt->ports > 0 ? mgmt->ports : 48;
    if (d.layout.empty()) {
        switches = std::max(ceil_div(ports, per), d.racks);
    }
    for (const Rack& r : d.layout) {
        switches += ceil_div(r.cnodes + r.dboxes + r.switches, per);
    }
    c.bom.management_switches = switches;
    c.bom.links.management_ports = ports;
    c.bom.links.management_uplinks = switches;
    c.parts.add(mgmt, "Management", switches,
                fmt::format("one a rack per {} management ports", per));
    const Part* utp = first_part(c.cat, "utp");
    c.parts.add(utp, "Cables", ports + switches,
                "one a device and switch management port, one uplink a management switch");
    c.bom.cables += ports + switches;
    c.parts.add(first_part(c.cat, "pdu"), "Power", 2 * d.racks, "2 a rack: A and B feeds", 2);
    c.parts.add(first_part(c.cat, "rail_kit"), "Rails", d.cnodes + d.dboxes + fabric,
                "one a C-node, D-box and fabric switch");
    const std::int64_t cords = 2 * (d.cnodes + d.dboxes + fabric + switches);
    c.bom.links.power_cords = cords;
    c.parts.add(first_part(c.cat, "power_cord"), "Power", cords,
                "2 a device and switch: one to each feed");
    for (std::string_view role : {"utp", "pdu", "rail_kit", "power_cord", "management_switch"}) {
        if (first_part(c.cat, role) == nullptr) {
            c.bom.missing.push_back(fmt::format("a part of role {}", role));
        }
    }
}

} // namespace

const Part* first_part(const Catalog& cat, std::string_view role) {
    for (const Part& part : cat.parts) {
        if (part.role == role) {
            return &part;
        }
    }
    return nullptr;
}

BomAndFacility plan_bom(const Design& d, const Catalog& catalog, const FacilitySpec& site) {
    Context c{d, catalog, nullptr, nullptr, nullptr, nullptr, {}, {}};
    c.cnode = catalog.cnode(d.cnode_model);
    c.dbox = catalog.dbox(d.dbox_model);
    c.sw = catalog.network_switch(d.switch_model);
    c.rack = catalog.rack(d.rack_model);
    BomAndFacility out;
    if (c.cnode == nullptr || c.dbox == nullptr || c.sw == nullptr || c.rack == nullptr) {
        out.bom.missing.push_back("the design's models are not in the catalog");
        return out;
    }
    model_lines(c);
    const Part* mgmt = first_part(catalog, "management_switch");
    rack_parts(c, mgmt);
    fabric_links(c);
    // The parts after the models, grouped: management, power, rails, cables, optics.
    std::vector<BomLine> parts = c.parts.take();
    std::stable_sort(parts.begin(), parts.end(), [](const BomLine& a, const BomLine& b) {
        return category_rank(a.category) < category_rank(b.category);
    });
    for (BomLine& l : parts) {
        c.bom.lines.push_back(std::move(l));
    }
    out.bom = std::move(c.bom);
    out.facility = plan_facility(d, catalog, site, out.bom);
    return out;
}

} // namespace podsizer

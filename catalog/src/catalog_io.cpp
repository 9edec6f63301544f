#include "podsizer/catalog/catalog_io.hpp"

#include "catalog_fields.hpp"
#include "catalog_reader.hpp"
#include "json_node.hpp"
#include "podsizer/catalog/suggest.hpp"
#include "podsizer/core/network.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <span>
#include <system_error>
#include <unordered_map>
#include <utility>

namespace podsizer {

using detail::Node;

namespace {

// The drive sizes a catalog may hold: see read_dbox.
constexpr Capacity kMinDrive = Capacity::from_base(1e10); // 10 GB
constexpr Capacity kMaxDrive = Capacity::from_base(1e16); // 10 PB

Source read_source(const Node& n) {
    n.require_object();
    n.check_fields({"kind", "ref", "note"});
    Source s;
    const Node kind = n.at("kind");
    const std::string k = kind.text();
    const auto parsed = source_kind_from_string(k);
    if (!parsed) {
        kind.fail("unknown source kind \"" + k +
                  "\"; expected one of spec, vendor, paper, press, customer, derived, assumption");
    }
    s.kind = *parsed;
    if (auto ref = n.find("ref")) {
        s.ref = ref->text();
    }
    if (auto note = n.find("note")) {
        s.note = note->text();
    }
    if (s.kind != SourceKind::assumption && s.ref.empty()) {
        n.fail(
            "a " + std::string(to_string(s.kind)) +
            " source needs a \"ref\" saying where the figure comes from (or kind \"assumption\")");
    }
    return s;
}

Provenance read_provenance(const Node& entry, std::span<const std::string_view> fields) {
    Provenance p;
    p.source = read_source(entry.at("source"));
    if (auto fs = entry.find("field_sources")) {
        for (const auto& [key, node] : fs->members()) {
            if (std::find(fields.begin(), fields.end(), key) == fields.end()) {
                node.fail("names no field of this entry; expected one of its fields");
            }
            p.field_sources.emplace(key, read_source(node));
        }
    }
    return p;
}

// A device or rack height. Rack layouts place whole U and convert heights to
// int: "1e300 U" overflowed that conversion and a design of 4.5e302 U was laid
// out in 30 racks and reported as meeting its requirements (docs/robustness.md).
// The tallest racks are under 60 U.
RackUnits rack_height(const Node& n) {
    const RackUnits h = n.positive<RackUnits>();
    if (h.base() > 1000.0) {
        n.fail("expected a rack height from above 0 to 1,000 U, such as \"2 U\"");
    }
    // Devices take whole U: a 0.4 U box laid out as 0 U (or 1.5 U as 2) would
    // disagree with the U reported.
    if (in(h, units::U) != std::floor(in(h, units::U))) {
        n.fail("expected a whole number of rack units, such as \"2 U\"");
    }
    return h;
}

/// A device's maximum draw (docs/model.md §10). Where the entry gives none,
/// typical x kAssumedMaxPerTypical, recorded as an assumption of that field
/// so `catalog show` and the workbook say so.
template <class Model> void read_max_power(const Node& n, Model& m) {
    if (auto f = n.find("max_power")) {
        m.max_power = f->positive<Power>();
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

template <class T> void upsert(std::vector<T>& items, T item) {
    auto it = std::find_if(items.begin(), items.end(), [&](const T& t) { return t.id == item.id; });
    if (it == items.end()) {
        items.push_back(std::move(item));
    } else {
        *it = std::move(item);
    }
}

// Each reader takes its entry's fields from the catalog field list: for
// check_fields (unknown-field warnings) and for field_sources (which may only
// name real fields).
CNodeModel read_cnode(const Node& n) {
    const std::vector<std::string_view> fields = detail::catalog_field_names("cnodes");
    n.require_object();
    n.check_fields(fields);
    CNodeModel c;
    c.id = n.at("id").id();
    c.name = n.at("name").name();
    if (auto f = n.find("family")) {
        c.family = f->name();
    }
    c.height = rack_height(n.at("height"));
    c.power = n.at("power").positive<Power>();
    c.read = n.at("read").positive<Throughput>();
    c.write = n.at("write").positive<Throughput>();
    c.client_ports = n.at("client_ports").small_count(0);
    c.backend_ports = n.at("backend_ports").small_count(0);
    if (auto s = n.find("client_port_speed")) {
        c.client_port_speed = s->positive<Throughput>();
    }
    if (auto s = n.find("backend_port_speed")) {
        c.backend_port_speed = s->positive<Throughput>();
    }
    c.provenance = read_provenance(n, fields);
    read_max_power(n, c);
    return c;
}

DBoxModel read_dbox(const Node& n) {
    const std::vector<std::string_view> fields = detail::catalog_field_names("dboxes");
    n.require_object();
    n.check_fields(fields);
    DBoxModel d;
    d.id = n.at("id").id();
    d.name = n.at("name").name();
    if (auto f = n.find("family")) {
        d.family = f->name();
    }
    d.height = rack_height(n.at("height"));
    d.power = n.at("power").positive<Power>();
    d.drives = n.at("drives").small_count(1);
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
    const Node def = n.at("default_drive");
    d.default_drive = def.positive<Capacity>();
    if (std::find(d.drive_sizes.begin(), d.drive_sizes.end(), d.default_drive) ==
        d.drive_sizes.end()) {
        def.fail("is not one of drive_sizes");
    }
    d.backend_read = n.at("backend_read").positive<Throughput>();
    d.backend_write = n.at("backend_write").positive<Throughput>();
    d.backend_ports = n.at("backend_ports").small_count(0);
    if (auto s = n.find("backend_port_speed")) {
        d.backend_port_speed = s->positive<Throughput>();
    }
    if (auto afr = n.find("drive_afr")) {
        d.drive_afr = afr->fraction();
        if (!(d.drive_afr > 0.0)) {
            afr->fail("expected an annual failure rate above 0 and below 1, such as 0.005");
        }
    }
    if (auto dwpd = n.find("drive_dwpd")) {
        d.drive_dwpd = dwpd->number();
        if (!(d.drive_dwpd > 0.0 && d.drive_dwpd <= 100.0)) {
            dwpd->fail("expected drive writes per day above 0 and at most 100, such as 0.5");
        }
    }
    if (auto e = n.find("dbox_events_per_year")) {
        d.dbox_events_per_year = e->number();
        if (!(d.dbox_events_per_year >= 0.0 && d.dbox_events_per_year <= 10.0)) {
            e->fail("expected enclosure events per D-box-year from 0 to 10, such as 0.01");
        }
    }
    if (auto b = n.find("write_buffer_ha_min_dboxes")) {
        d.write_buffer_ha_min_dboxes = b->small_count(0);
    }
    d.erasure_coding = n.at("erasure_coding").id();
    d.ncp_certified = n.at("ncp_certified").boolean();
    d.provenance = read_provenance(n, fields);
    read_max_power(n, d);
    return d;
}

/// An EC rule's stripe steps (catalogs written before layouts were
/// modelled): ascending by min_dboxes from 1, never narrowing.
void read_stripe_steps(const Node& steps, ErasureCodingRule& e) {
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

ErasureCodingRule read_ec(const Node& n) {
    const std::vector<std::string_view> fields = detail::catalog_field_names("erasure_coding");
    n.require_object();
    n.check_fields(fields);
    ErasureCodingRule e;
    e.id = n.at("id").id();
    e.name = n.at("name").name();
    e.parity = n.at("parity").small_count(1);
    if (auto v = n.find("software_version")) {
        e.software_version = v->text();
    }
    // Either the layout figures (max_data_strips, …) or, in catalogs written
    // before layouts were modelled, the stripe steps; both: the steps cap
    // the layout's width (docs/model.md §6).
    if (auto steps = n.find("steps")) {
        read_stripe_steps(*steps, e);
    }
    if (auto m = n.find("max_data_strips")) {
        e.max_data_strips = m->small_count(1);
    } else if (!e.steps.empty()) {
        e.max_data_strips = e.steps.back().data_strips;
    } else {
        n.fail("expected \"max_data_strips\" (the widest stripe's data strips, such as 146)");
    }
    if (auto m = n.find("min_data_strips")) {
        e.min_data_strips = m->small_count(1);
        if (e.min_data_strips > e.max_data_strips) {
            m->fail("must not exceed max_data_strips (" + std::to_string(e.max_data_strips) + ")");
        }
    }
    if (auto x = n.find("excluded_ssds")) {
        e.excluded_ssds = x->small_count(0);
    }
    if (auto p = n.find("strips_per_dbox")) {
        e.strips_per_dbox = p->small_count(0);
    }
    if (auto p = n.find("strips_per_rack")) {
        e.strips_per_rack = p->small_count(0);
    }
    if (auto m = n.find("max_dboxes")) {
        e.max_dboxes = m->count(0);
    }
    if (auto m = n.find("max_cnodes")) {
        e.max_cnodes = m->count(0);
    }
    e.reserve = n.at("reserve").fraction();
    if (auto f = n.find("rebuild_read_fraction")) {
        e.rebuild_read_fraction = f->number();
        if (!(e.rebuild_read_fraction > 0.0 && e.rebuild_read_fraction <= 1.0)) {
            f->fail("expected the share of a stripe's data strips read per rebuilt strip, above 0 "
                    "and at most 1 (1 for Reed-Solomon)");
        }
    }
    e.min_dboxes = n.at("min_dboxes").small_count(1);
    if (auto t = n.find("enclosure_tolerance_min_dboxes")) {
        e.enclosure_tolerance_min_dboxes = t->small_count(0);
    }
    if (auto r = n.find("rack_resilience_min_racks")) {
        e.rack_resilience_min_racks = r->small_count(0);
    }
    e.provenance = read_provenance(n, fields);
    return e;
}

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

unsigned read_roles(const Node& n) {
    const auto roles = n.find("roles");
    if (!roles) {
        return static_cast<unsigned>(SwitchRole::leaf) | static_cast<unsigned>(SwitchRole::spine);
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
    return out;
}

SwitchModel read_switch(const Node& n) {
    const std::vector<std::string_view> fields = detail::catalog_field_names("switches");
    n.require_object();
    n.check_fields(fields);
    SwitchModel s;
    s.id = n.at("id").id();
    s.name = n.at("name").name();
    if (auto f = n.find("family")) {
        s.family = f->name();
    }
    s.height = rack_height(n.at("height"));
    s.power = n.at("power").positive<Power>();
    read_port_modes(n, s);
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
    const Node f = n.at("downlink_fraction");
    s.downlink_fraction = f.number();
    s.roles = read_roles(n);
    // A leaf needs at least one uplink, or its devices reach no other leaf:
    // in every port mode, the ports the downlinks leave must give one uplink.
    bool uplink = s.downlink_fraction > 0.0 && s.downlink_fraction < 1.0;
    for (const PortMode& m :
         s.port_modes.empty() ? std::vector<PortMode>{{{}, s.ports}} : s.port_modes) {
        const LeafPlan leaf = leaf_plan(s, m.speed);
        uplink = uplink && leaf.uplinks >= 1;
    }
    if (!uplink) {
        f.fail("expected a fraction above 0 and below 1 that leaves a leaf at least one uplink "
               "port, such as 0.5");
    }
    s.provenance = read_provenance(n, fields);
    read_max_power(n, s);
    return s;
}

RackModel read_rack(const Node& n) {
    const std::vector<std::string_view> fields = detail::catalog_field_names("racks");
    n.require_object();
    n.check_fields(fields);
    RackModel r;
    r.id = n.at("id").id();
    r.name = n.at("name").name();
    r.usable = rack_height(n.at("usable"));
    r.power_budget = n.at("power_budget").positive<Power>();
    r.provenance = read_provenance(n, fields);
    return r;
}

GpuPlatform read_platform(const Node& n) {
    const std::vector<std::string_view> fields = detail::catalog_field_names("gpu_platforms");
    n.require_object();
    n.check_fields(fields);
    GpuPlatform p;
    p.id = n.at("id").id();
    p.name = n.at("name").name();
    p.gpus_per_node = n.at("gpus_per_node").small_count(1);
    p.gpus_per_su = n.at("gpus_per_su").small_count(1);
    if (auto w = n.find("power_per_su")) {
        p.power_per_su = w->positive<Power>();
    }
    if (auto net = n.find("storage_network")) {
        p.storage_network = net->positive<Throughput>();
    }
    p.provenance = read_provenance(n, fields);
    return p;
}

PerformanceRule read_rule(const Node& n) {
    const std::vector<std::string_view> fields = detail::catalog_field_names("performance_rules");
    n.require_object();
    n.check_fields(fields);
    PerformanceRule r;
    r.id = n.at("id").id();
    r.name = n.at("name").name();
    if (auto p = n.find("platform")) {
        r.platform = p->id();
    }
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
    r.read = n.at("read").quantity<Throughput>();
    r.write = n.at("write").quantity<Throughput>();
    if (auto c = n.find("requires_certified")) {
        r.requires_certified = c->boolean();
    }
    r.provenance = read_provenance(n, fields);
    return r;
}

ReferenceSystem read_reference(const Node& n) {
    const std::vector<std::string_view> fields = detail::catalog_field_names("references");
    n.require_object();
    n.check_fields(fields);
    ReferenceSystem r;
    r.id = n.at("id").id();
    r.name = n.at("name").name();
    r.read_per_100pb = n.at("read_per_100pb").positive<Throughput>();
    r.write_per_100pb = n.at("write_per_100pb").positive<Throughput>();
    const Node rpe = n.at("racks_per_eb");
    r.racks_per_eb = rpe.number();
    if (!(r.racks_per_eb > 0.0)) {
        rpe.fail("expected a number of racks per exabyte greater than zero");
    }
    r.power_per_rack = n.at("power_per_rack").positive<Power>();
    if (auto a = n.find("account_capacity")) {
        r.account_capacity = a->positive<Capacity>();
    }
    if (auto a = n.find("account_ingress")) {
        r.account_ingress = a->positive<Throughput>();
    }
    if (auto a = n.find("account_egress")) {
        r.account_egress = a->positive<Throughput>();
    }
    if (auto o = n.find("raw_per_usable")) {
        r.raw_per_usable = o->number();
        if (!(r.raw_per_usable >= 1.0) || r.raw_per_usable > 10.0) {
            o->fail("expected raw bytes per usable byte from 1 to 10, e.g. 1.33 for a 12+4 code");
        }
    }
    if (auto a = n.find("accounts_per_subscription")) {
        r.accounts_per_subscription = a->count(1);
    }
    if (auto a = n.find("accounts_per_subscription_raised")) {
        r.accounts_per_subscription_raised = a->count(1);
        if (r.accounts_per_subscription_raised < r.accounts_per_subscription) {
            a->fail("expected at least accounts_per_subscription (" +
                    std::to_string(r.accounts_per_subscription) +
                    "): the limit on request is the higher one");
        }
    }
    r.provenance = read_provenance(n, fields);
    return r;
}

FailureRatePreset read_failure_rate(const Node& n) {
    const std::vector<std::string_view> fields = detail::catalog_field_names("failure_rates");
    n.require_object();
    n.check_fields(fields);
    FailureRatePreset f;
    f.id = n.at("id").id();
    f.name = n.at("name").name();
    const Node rate = n.at("failures_per_1000_node_days");
    f.per_1000_node_days = rate.number();
    if (!(f.per_1000_node_days > 0.0) || f.per_1000_node_days > 1e6) {
        rate.fail("expected failures per 1,000 node-days above 0 (and at most 10^6), such as 6.5");
    }
    // A rate per node-day is only comparable across platforms with the node
    // it was counted on (docs/checkpoints.md §4), so every preset states it.
    f.gpus_per_node = n.at("gpus_per_node").small_count(1);
    f.provenance = read_provenance(n, fields);
    return f;
}

template <class T, class Reader>
void read_list(const Node& doc, std::string_view key, std::vector<T>& into, Reader reader) {
    if (auto list = doc.find(key)) {
        // Merging is linear per entry; the cap keeps a hostile document from
        // taking minutes (docs/robustness.md). Real lists hold a few dozen.
        constexpr std::size_t kMaxEntries = 10'000;
        if (list->is_array() && list->raw().size() > kMaxEntries) {
            list->fail("has " + std::to_string(list->raw().size()) +
                       " entries; expected at most 10,000 per list");
        }
        std::vector<std::string> seen;
        for (const Node& item : list->items()) {
            T t = reader(item);
            if (std::find(seen.begin(), seen.end(), t.id) != seen.end()) {
                item.at("id").fail("duplicate id \"" + t.id + "\" in this document");
            }
            seen.push_back(t.id);
            upsert(into, std::move(t));
        }
    }
}

template <class T> std::vector<std::string> ids_of(const std::vector<T>& items) {
    std::vector<std::string> out;
    for (const T& t : items) {
        out.push_back(t.id);
    }
    return out;
}

} // namespace

std::string read_text_file(const std::string& path) {
    if (path.empty()) {
        throw InputError("expected a file name, got an empty one");
    }
    // A directory opens and reads as empty: say what it is, not "malformed JSON".
    std::error_code dir_ec;
    if (std::filesystem::is_directory(path, dir_ec)) {
        throw InputError(path, "is a directory; expected a JSON file");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        // The system's reason when it is not the usual one (a name too long,
        // too many links): third red-team round, defect 12.
        const int err = errno;
        const bool usual = err == 0 || err == ENOENT || err == EACCES || err == ENOTDIR;
        throw InputError(path, "cannot open file (" +
                                   (usual ? std::string("missing or unreadable")
                                          : std::generic_category().message(err)) +
                                   ")");
    }
    // Checked before reading, so a huge regular file is refused without
    // loading it; devices and FIFOs report no size and are bounded below.
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > kMaxDocumentBytes) {
        throw InputError(path, "the file is " + format_number(static_cast<double>(size)) +
                                   " bytes; expected a document of at most 16 MiB");
    }
    // Read in blocks and stop one byte past the limit: a FIFO or a device
    // reports no size, and must not be read without end.
    std::string text;
    char block[65536];
    while (in && text.size() <= kMaxDocumentBytes) {
        const std::size_t want = std::min(sizeof block, kMaxDocumentBytes + 1 - text.size());
        in.read(block, static_cast<std::streamsize>(want));
        text.append(block, static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad()) {
        throw InputError(path, "cannot read file");
    }
    if (text.size() > kMaxDocumentBytes) {
        throw InputError(path, "the file is larger than " +
                                   format_number(static_cast<double>(kMaxDocumentBytes)) +
                                   " bytes; expected a document of at most 16 MiB");
    }
    return text;
}

void detail::merge_catalog_node(Catalog& catalog, const Node& root) {
    root.require_object();
    std::vector<std::string_view> known{"schema"};
    for (const detail::CatalogList& list : detail::catalog_lists()) {
        known.push_back(list.key);
    }
    known.push_back("defaults");
    known.push_back("$schema"); // editors find the JSON Schema through it
    root.check_fields(known);
    if (auto schema = root.find("schema")) {
        if (schema->text() != "podsizer-catalog/1") {
            schema->fail("unknown schema \"" + schema->text() +
                         "\"; expected \"podsizer-catalog/1\"");
        }
    }
    read_list(root, "cnodes", catalog.cnodes, read_cnode);
    read_list(root, "dboxes", catalog.dboxes, read_dbox);
    read_list(root, "erasure_coding", catalog.erasure_coding, read_ec);
    read_list(root, "switches", catalog.switches, read_switch);
    read_list(root, "racks", catalog.racks, read_rack);
    read_list(root, "gpu_platforms", catalog.platforms, read_platform);
    read_list(root, "performance_rules", catalog.rules, read_rule);
    read_list(root, "references", catalog.references, read_reference);
    read_list(root, "failure_rates", catalog.failure_rates, read_failure_rate);
    if (auto defs = root.find("defaults")) {
        defs->require_object();
        defs->check_fields({"rack", "switch", "failure_rate"});
        if (auto r = defs->find("rack")) {
            catalog.defaults.rack = r->id();
        }
        if (auto s = defs->find("switch")) {
            catalog.defaults.network_switch = s->id();
        }
        if (auto f = defs->find("failure_rate")) {
            catalog.defaults.failure_rate = f->id();
        }
    }
}

void merge_catalog_text(Catalog& catalog, std::string_view text, const std::string& origin,
                        Diagnostics* diag) {
    const detail::json doc = detail::parse_json_text(text, origin);
    detail::merge_catalog_node(catalog, detail::root(doc, origin, diag));
}

namespace {

/// `over`'s entries upserted into `into` through an index of its ids.
template <class T> void merge_list(std::vector<T>& into, const std::vector<T>& over) {
    std::unordered_map<std::string, std::size_t> at;
    at.reserve(into.size() + over.size());
    for (std::size_t i = 0; i < into.size(); ++i) {
        at.emplace(into[i].id, i);
    }
    for (const T& t : over) {
        if (const auto it = at.find(t.id); it != at.end()) {
            into[it->second] = t;
        } else {
            at.emplace(t.id, into.size());
            into.push_back(t);
        }
    }
}

} // namespace

void merge_catalog(Catalog& catalog, const Catalog& over) {
    merge_list(catalog.cnodes, over.cnodes);
    merge_list(catalog.dboxes, over.dboxes);
    merge_list(catalog.erasure_coding, over.erasure_coding);
    merge_list(catalog.switches, over.switches);
    merge_list(catalog.racks, over.racks);
    merge_list(catalog.platforms, over.platforms);
    merge_list(catalog.rules, over.rules);
    merge_list(catalog.references, over.references);
    merge_list(catalog.failure_rates, over.failure_rates);
    for (auto [to, from] :
         {std::pair{&catalog.defaults.rack, &over.defaults.rack},
          std::pair{&catalog.defaults.network_switch, &over.defaults.network_switch},
          std::pair{&catalog.defaults.failure_rate, &over.defaults.failure_rate}}) {
        if (!from->empty()) {
            *to = *from;
        }
    }
}

void merge_catalog_file(Catalog& catalog, const std::string& path, Diagnostics* diag) {
    merge_catalog_text(catalog, read_text_file(path), path, diag);
}

void validate_catalog(const Catalog& catalog, const std::string& origin) {
    auto fail = [&](const std::string& where, const std::string& msg) {
        throw InputError(origin + ": " + where, msg);
    };
    const auto ec_ids = ids_of(catalog.erasure_coding);
    for (const DBoxModel& d : catalog.dboxes) {
        if (catalog.ec_rule(d.erasure_coding) == nullptr) {
            fail("dboxes." + d.id + ".erasure_coding",
                 "unknown erasure-coding rule \"" + d.erasure_coding + "\" (" +
                     suggestion_phrase(d.erasure_coding, ec_ids) + ")");
        }
    }
    const auto platform_ids = ids_of(catalog.platforms);
    for (const PerformanceRule& r : catalog.rules) {
        if (!r.platform.empty() && catalog.platform(r.platform) == nullptr) {
            fail("performance_rules." + r.id + ".platform",
                 "unknown GPU platform \"" + r.platform + "\" (" +
                     suggestion_phrase(r.platform, platform_ids) + ")");
        }
    }
    if (catalog.cnodes.empty() || catalog.dboxes.empty()) {
        fail("$", "the catalog needs at least one C-node and one D-box model");
    }
    if (catalog.defaults.rack.empty() || catalog.rack(catalog.defaults.rack) == nullptr) {
        fail("defaults.rack", "\"" + catalog.defaults.rack + "\" is not a rack model (" +
                                  suggestion_phrase(catalog.defaults.rack, ids_of(catalog.racks)) +
                                  ")");
    }
    if (catalog.defaults.network_switch.empty() ||
        catalog.network_switch(catalog.defaults.network_switch) == nullptr) {
        fail("defaults.switch",
             "\"" + catalog.defaults.network_switch + "\" is not a switch model (" +
                 suggestion_phrase(catalog.defaults.network_switch, ids_of(catalog.switches)) +
                 ")");
    }
    if (!catalog.defaults.failure_rate.empty() &&
        catalog.failure_rate(catalog.defaults.failure_rate) == nullptr) {
        fail("defaults.failure_rate",
             "\"" + catalog.defaults.failure_rate + "\" is not a failure-rate preset (" +
                 suggestion_phrase(catalog.defaults.failure_rate, ids_of(catalog.failure_rates)) +
                 ")");
    }
}

Catalog default_catalog(Diagnostics* diag) {
    Catalog catalog;
    for (const EmbeddedFile& f : embedded_catalog_files()) {
        merge_catalog_text(catalog, f.text, "catalog/data/" + std::string(f.name), diag);
    }
    validate_catalog(catalog, "default catalog");
    return catalog;
}

} // namespace podsizer

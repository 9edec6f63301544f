#include "podsizer/reports/catalog_report.hpp"

#include "podsizer/reports/grid.hpp"
#include "report_json.hpp"

#include <nlohmann/json.hpp>

namespace podsizer {

namespace {

using json = nlohmann::ordered_json;

/// One figure of an entry: shown as text, exported with its SI key and value.
struct Fact {
    std::string field; ///< catalog field name (for its source)
    std::string text;  ///< for people: "24 GB/s"
    std::string key;   ///< for scripts: "read_bytes_per_s"
    json value;
    bool key_figure = false; ///< shown in `catalog list`
};

struct Entry {
    std::string id;
    std::string kind;
    std::string name;
    std::vector<Fact> facts;
    const Provenance* provenance = nullptr;
};

template <Dimension D>
Fact q(std::string field, Quantity<D> v, const Unit<D>& unit, int decimals, std::string key,
       bool key_figure = false) {
    return {std::move(field), format_in(v, unit, decimals), std::move(key), v.base(), key_figure};
}

Fact num(std::string field, double v, int decimals, bool key_figure = false) {
    std::string key = field;
    // Whole numbers go to JSON as integers (22, not 22.0).
    json value = decimals == 0 ? json(static_cast<std::int64_t>(v)) : json(v);
    return {std::move(field), format_number(v, decimals), std::move(key), value, key_figure};
}

Fact flag(std::string field, bool v, bool key_figure = false) {
    std::string key = field;
    return {std::move(field), v ? "yes" : "no", std::move(key), v, key_figure};
}

Fact txt(std::string field, std::string v, bool key_figure = false) {
    std::string key = field;
    return {std::move(field), v, std::move(key), v, key_figure};
}

/// The vendor family first when the catalog gives one, so `catalog show`
/// lists it with its source.
std::vector<Fact> with_family(const std::string& family, std::vector<Fact> facts) {
    if (!family.empty()) {
        facts.insert(facts.begin(), txt("family", family));
    }
    return facts;
}

Entry entry_of(const CNodeModel& m) {
    return Entry{
        m.id, "cnode", m.name,
        with_family(m.family, {q("height", m.height, units::U, 0, "height_rack_units"),
                               q("power", m.power, units::W, 0, "power_w", true),
                               q("read", m.read, units::GB_per_s, 1, "read_bytes_per_s", true),
                               q("write", m.write, units::GB_per_s, 1, "write_bytes_per_s", true),
                               num("client_ports", m.client_ports, 0),
                               num("backend_ports", m.backend_ports, 0)}),
        &m.provenance};
}

Entry entry_of(const DBoxModel& m) {
    std::string sizes;
    json sizes_json = json::array();
    for (Capacity s : m.drive_sizes) {
        sizes += (sizes.empty() ? "" : ", ") + format_in(s, units::TB, 2) + " (" +
                 format_in(m.raw(s), units::TB, 1) + " raw)";
        sizes_json.push_back(s.base());
    }
    return Entry{m.id, "dbox", m.name,
                 with_family(m.family,
                             {q("height", m.height, units::U, 0, "height_rack_units", true),
                              q("power", m.power, units::W, 0, "power_w", true),
                              num("drives", m.drives, 0, true),
                              {"drive_sizes", sizes, "drive_sizes_bytes", sizes_json, false},
                              {"default_drive",
                               format_in(m.default_drive, units::TB, 2) + " drives, " +
                                   format_in(m.raw(m.default_drive), units::TB, 1) + " raw per box",
                               "default_raw_bytes", m.raw(m.default_drive).base(), true},
                              q("backend_read", m.backend_read, units::GB_per_s, 1,
                                "backend_read_bytes_per_s", true),
                              q("backend_write", m.backend_write, units::GB_per_s, 1,
                                "backend_write_bytes_per_s"),
                              num("backend_ports", m.backend_ports, 0),
                              num("write_buffer_ha_min_dboxes", m.write_buffer_ha_min_dboxes, 0),
                              num("drive_afr", m.drive_afr, 4),
                              num("drive_dwpd", m.drive_dwpd, 2),
                              num("dbox_events_per_year", m.dbox_events_per_year, 4),
                              txt("erasure_coding", m.erasure_coding),
                              flag("ncp_certified", m.ncp_certified, true)}),
                 &m.provenance};
}

Entry entry_of(const ErasureCodingRule& m) {
    std::string steps;
    for (const StripeStep& s : m.steps) {
        steps += (steps.empty() ? "" : ", ") + std::to_string(s.min_dboxes) +
                 "+ boxes: " + std::to_string(s.data_strips) + "+" + std::to_string(m.parity);
    }
    std::vector<Fact> rows{txt("software_version", m.software_version),
                           num("parity", m.parity, 0, true),
                           num("min_data_strips", m.min_data_strips, 0),
                           num("max_data_strips", m.max_data_strips, 0, true),
                           num("excluded_ssds", m.excluded_ssds, 0),
                           num("strips_per_dbox", m.strips_per_dbox, 0),
                           num("strips_per_rack", m.strips_per_rack, 0)};
    if (!steps.empty()) {
        rows.push_back(txt("steps", steps));
    }
    for (Fact r : {num("reserve", m.reserve, 2, true),
                   num("rebuild_read_fraction", m.rebuild_read_fraction, 2),
                   num("min_dboxes", m.min_dboxes, 0),
                   num("enclosure_tolerance_min_dboxes", m.enclosure_tolerance_min_dboxes, 0),
                   num("rack_resilience_min_racks", m.rack_resilience_min_racks, 0),
                   num("max_dboxes", static_cast<double>(m.max_dboxes), 0),
                   num("max_cnodes", static_cast<double>(m.max_cnodes), 0)}) {
        rows.push_back(std::move(r));
    }
    return Entry{m.id, "erasure_coding", m.name, std::move(rows), &m.provenance};
}

Entry entry_of(const SwitchModel& m) {
    std::vector<Fact> facts{q("height", m.height, units::U, 0, "height_rack_units", true),
                            q("power", m.power, units::W, 0, "power_w", true)};
    if (m.port_modes.empty()) {
        facts.push_back(num("ports", m.ports, 0, true));
    } else {
        // "64 x 800G, 128 x 400G, 256 x 200G": the ports each speed gives.
        std::string modes;
        json modes_json = json::array();
        for (const PortMode& p : m.port_modes) {
            modes += (modes.empty() ? "" : ", ") + std::to_string(p.ports) + " x " +
                     format_in(p.speed, units::Gbps, 0);
            modes_json.push_back({{"speed_bytes_per_s", p.speed.base()}, {"ports", p.ports}});
        }
        facts.push_back({"port_modes", modes, "port_modes", modes_json, true});
        facts.push_back(
            q("uplink_speed", m.uplink_speed, units::Gbps, 0, "uplink_speed_bytes_per_s"));
    }
    facts.push_back(num("downlink_fraction", m.downlink_fraction, 2));
    std::string roles;
    json roles_json = json::array();
    for (SwitchRole r : {SwitchRole::leaf, SwitchRole::spine, SwitchRole::super_spine}) {
        if (m.plays(r)) {
            roles += (roles.empty() ? "" : ", ") + std::string(to_string(r));
            roles_json.push_back(to_string(r));
        }
    }
    facts.push_back({"roles", roles, "roles", roles_json, false});
    return Entry{m.id, "switch", m.name, with_family(m.family, std::move(facts)), &m.provenance};
}

Entry entry_of(const RackModel& m) {
    return Entry{m.id,
                 "rack",
                 m.name,
                 {q("usable", m.usable, units::U, 0, "usable_rack_units", true),
                  q("power_budget", m.power_budget, units::kW, 1, "power_budget_w", true)},
                 &m.provenance};
}

Entry entry_of(const GpuPlatform& m) {
    std::vector<Fact> facts{num("gpus_per_node", m.gpus_per_node, 0, true),
                            num("gpus_per_su", m.gpus_per_su, 0, true)};
    if (m.storage_network.base() > 0.0) {
        facts.push_back(
            q("storage_network", m.storage_network, units::Gbps, 0, "storage_network_bytes_per_s"));
    }
    return Entry{m.id, "gpu_platform", m.name, std::move(facts), &m.provenance};
}

Entry entry_of(const PerformanceRule& m) {
    return Entry{
        m.id,
        "performance_rule",
        m.name,
        {txt("platform", m.platform, true),
         txt("basis", m.basis == PerformanceRule::Basis::per_su ? "per_su" : "per_gpu", true),
         q("read", m.read, units::GB_per_s, 2, "read_bytes_per_s", true),
         q("write", m.write, units::GB_per_s, 2, "write_bytes_per_s", true),
         flag("requires_certified", m.requires_certified)},
        &m.provenance};
}

Entry entry_of(const ReferenceSystem& m) {
    return Entry{
        m.id,
        "reference",
        m.name,
        {q("read_per_100pb", m.read_per_100pb, units::Tbps, 2, "read_per_100pb_bytes_per_s", true),
         q("write_per_100pb", m.write_per_100pb, units::Tbps, 2, "write_per_100pb_bytes_per_s",
           true),
         num("racks_per_eb", m.racks_per_eb, 0, true),
         q("power_per_rack", m.power_per_rack, units::kW, 1, "power_per_rack_w"),
         q("account_capacity", m.account_capacity, units::PiB, 1, "account_capacity_bytes"),
         q("account_ingress", m.account_ingress, units::Gbps, 0, "account_ingress_bytes_per_s"),
         q("account_egress", m.account_egress, units::Gbps, 0, "account_egress_bytes_per_s"),
         num("raw_per_usable", m.raw_per_usable, 2)},
        &m.provenance};
}

Entry entry_of(const FailureRatePreset& m) {
    return Entry{m.id,
                 "failure_rate",
                 m.name,
                 {num("failures_per_1000_node_days", m.per_1000_node_days, 2, true),
                  num("gpus_per_node", m.gpus_per_node, 0, true)},
                 &m.provenance};
}

template <class Model> void append(std::vector<Entry>& out, const std::vector<Model>& models) {
    for (const Model& m : models) {
        out.push_back(entry_of(m));
    }
}

/// Every entry of the catalog, kind by kind in the file's order.
std::vector<Entry> entries(const Catalog& c) {
    std::vector<Entry> out;
    append(out, c.cnodes);
    append(out, c.dboxes);
    append(out, c.erasure_coding);
    append(out, c.switches);
    append(out, c.racks);
    append(out, c.platforms);
    append(out, c.rules);
    append(out, c.references);
    append(out, c.failure_rates);
    return out;
}

json source_json(const Source& s) {
    return {{"kind", to_string(s.kind)}, {"ref", s.ref}, {"note", s.note}};
}

std::string source_text(const Source& s) {
    std::string out = "[" + std::string(to_string(s.kind)) + "]";
    if (!s.ref.empty()) {
        out += " " + s.ref;
    }
    if (!s.note.empty()) {
        out += " — " + s.note;
    }
    return out;
}

} // namespace

std::vector<std::string> catalog_ids(const Catalog& catalog) {
    std::vector<std::string> ids;
    for (const Entry& e : entries(catalog)) {
        ids.push_back(e.id);
    }
    return ids;
}

Grid catalog_list_grid(const Catalog& catalog) {
    Grid g;
    g.header = {"id", "kind", "name", "key figures", "source"};
    g.numeric_from = 99;
    for (const Entry& e : entries(catalog)) {
        std::string figures;
        for (const Fact& f : e.facts) {
            if (f.key_figure) {
                figures += (figures.empty() ? "" : ", ") + f.field + " " + f.text;
            }
        }
        g.rows.push_back(
            {e.id, e.kind, e.name, figures, std::string(to_string(e.provenance->source.kind))});
    }
    return g;
}

std::string render_catalog_list(const Catalog& catalog, Format format) {
    if (format == Format::json) {
        json arr = json::array();
        for (const Entry& e : entries(catalog)) {
            json j{{"id", e.id}, {"kind", e.kind}, {"name", e.name}};
            for (const Fact& f : e.facts) {
                if (f.key_figure) {
                    j[f.key] = f.value;
                }
            }
            j["source_kind"] = to_string(e.provenance->source.kind);
            arr.push_back(j);
        }
        return detail::without_negative_zero(json{{"models", arr}}).dump(2) + "\n";
    }
    const Grid g = catalog_list_grid(catalog);
    switch (format) {
    case Format::md:
        return render_markdown(g);
    case Format::csv:
        return render_csv(g);
    default:
        return render_text(g);
    }
}

namespace {

Grid figures_grid(const Entry& e) {
    Grid g;
    g.header = {"field", "value", "source"};
    g.numeric_from = 99;
    for (const Fact& f : e.facts) {
        g.rows.push_back({f.field, f.text, source_text(e.provenance->of(f.field))});
    }
    return g;
}

} // namespace

std::vector<CatalogEntryView> catalog_entry_views(const Catalog& catalog) {
    std::vector<CatalogEntryView> out;
    for (const Entry& e : entries(catalog)) {
        out.push_back({e.id, e.kind, e.name, source_text(e.provenance->source), figures_grid(e)});
    }
    return out;
}

std::string render_catalog_entry(const Catalog& catalog, const std::string& id, Format format) {
    for (const Entry& e : entries(catalog)) {
        if (e.id != id) {
            continue;
        }
        if (format == Format::json) {
            json j{{"id", e.id}, {"kind", e.kind}, {"name", e.name}};
            json figures = json::object();
            for (const Fact& f : e.facts) {
                figures[f.key] = {{"value", f.value},
                                  {"text", f.text},
                                  {"source", source_json(e.provenance->of(f.field))}};
            }
            j["figures"] = figures;
            j["source"] = source_json(e.provenance->source);
            return detail::without_negative_zero(j).dump(2) + "\n";
        }
        const Grid g = figures_grid(e);
        const std::string title = e.id + " (" + e.kind + "): " + e.name;
        switch (format) {
        case Format::md:
            return "## " + title + "\n\n" + render_markdown(g);
        case Format::csv:
            return render_csv(g);
        default:
            return title + "\nsource: " + source_text(e.provenance->source) + "\n\n" +
                   render_text(g);
        }
    }
    return {};
}

} // namespace podsizer

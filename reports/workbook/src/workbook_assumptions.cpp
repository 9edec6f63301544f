// The Assumptions sheet: every input and catalog figure the formulas use, with
// its unit and source, each under a defined name (reports/workbook.hpp).
#include "podsizer/catalog/catalog_fields.hpp"
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/core/network.hpp"
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/resilience.hpp"
#include "workbook_parts.hpp"

#include <algorithm>
#include <array>
#include <fmt/format.h>
#include <optional>
#include <set>
#include <stdexcept>
#include <type_traits>
#include <variant>

namespace podsizer::wb {

namespace {

constexpr SourcedColumns kColumns{};

std::string key_of(const std::string& kind, const std::string& id, const std::string& field) {
    return kind + "|" + id + "|" + field;
}

AssumptionRow number_row(std::string group, std::string figure, double v, xlsx::Num num,
                         std::string unit, const Source& src) {
    AssumptionRow r;
    r.group = std::move(group);
    r.figure = std::move(figure);
    r.value = v;
    r.num = num;
    r.unit = std::move(unit);
    r.source_kind = std::string(to_string(src.kind));
    r.source_ref = src.ref;
    r.source_note = src.note;
    return r;
}

/// A number_row whose figure is an input of the scenario: its source kind
/// shown as "scenario" (not a catalog SourceKind).
AssumptionRow input_row(std::string group, std::string figure, double v, xlsx::Num num,
                        std::string unit, const Source& src) {
    AssumptionRow r = number_row(std::move(group), std::move(figure), v, num, std::move(unit), src);
    r.source_kind = "scenario";
    return r;
}

AssumptionRow text_row(std::string group, std::string figure, std::string text, const Source& src) {
    AssumptionRow r =
        number_row(std::move(group), std::move(figure), 0.0, xlsx::Num::text, "", src);
    r.is_text = true;
    r.text = std::move(text);
    return r;
}

/// A scenario input: the user's own figure.
Source scenario_source(const std::string& scenario) {
    // Not a catalog SourceKind: shown as "scenario" (see below).
    return Source{SourceKind::assumption, scenario, "input of the scenario"};
}

/// "usable capacity" -> "Usable capacity".
std::string sentence_case(std::string_view label) {
    std::string out(label);
    if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') {
        out[0] = static_cast<char>(out[0] - 'a' + 'A');
    }
    return out;
}

/// A top-level field's value in `s`, or its documented default when the
/// scenario leaves it out (a written file omits defaults).
FieldData value_or_default(const ScenarioField& f, const Scenario& s) {
    FieldData v = f.get(s, 0);
    if (!std::holds_alternative<std::monostate>(v) || f.default_text.empty()) {
        return v;
    }
    if (f.kind == FieldKind::boolean) {
        return FieldData{f.default_text == "true"};
    }
    if (f.kind == FieldKind::number) {
        if (const std::optional<double> d = parse_decimal(f.default_text)) {
            return FieldData{*d};
        }
    }
    return FieldData{std::string(f.default_text)};
}

} // namespace

std::string defined_name(const std::string& id, const std::string& field) {
    std::string out;
    for (unsigned char c : id + "_" + field) {
        const bool alnum =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        out += alnum ? static_cast<char>(c) : '_';
    }
    if (out.empty() || !((out[0] >= 'a' && out[0] <= 'z') || (out[0] >= 'A' && out[0] <= 'Z'))) {
        out = "x_" + out;
    }
    return out;
}

void Assumptions::add(const std::string& kind, const std::string& id, const std::string& field,
                      AssumptionRow row) {
    const std::string key = key_of(kind, id, field);
    if (index_.count(key) != 0) {
        return; // listed once, however many designs use it
    }
    std::string name = defined_name(id, field);
    if (auto it = taken_.find(name); it != taken_.end() && it->second != key) {
        name = defined_name(kind + "_" + id, field); // two kinds share an id
    }
    taken_[name] = key;
    row.name = name;
    index_[key] = rows_.size();
    rows_.push_back(std::move(row));
}

bool Assumptions::has(const std::string& kind, const std::string& id,
                      const std::string& field) const {
    const std::string key = key_of(kind, id, field);
    return index_.count(key) != 0 || range_names_.count(key) != 0;
}

const std::string& Assumptions::name(const std::string& kind, const std::string& id,
                                     const std::string& field) const {
    const std::string key = key_of(kind, id, field);
    if (auto r = range_names_.find(key); r != range_names_.end()) {
        return r->second;
    }
    auto it = index_.find(key);
    if (it == index_.end()) {
        throw std::logic_error("workbook: no assumption " + key);
    }
    return rows_[it->second].name;
}

double Assumptions::value(const std::string& kind, const std::string& id,
                          const std::string& field) const {
    auto it = index_.find(key_of(kind, id, field));
    if (it == index_.end()) {
        throw std::logic_error("workbook: no assumption " + key_of(kind, id, field));
    }
    return rows_[it->second].value;
}

namespace {

/// One catalog figure of a model kind as an Assumptions row: a number under
/// a defined name, or (with `text`) a text row without one. The rows keep
/// the sheet's order and words; the figure is a catalog field by its member
/// (catalog_fields.hpp), which gives its value and its source.
template <class M> struct Figure {
    const char* field;  ///< the defined name's field ("read_GBps")
    const char* figure; ///< what the row says ("Read per C-node")
    Num num;
    const char* unit;
    CatalogMember<M> member;              ///< the catalog field
    std::optional<AnyUnit> in_unit{};     ///< a quantity's unit on the sheet; none: its base unit
    double (*number)(const M&) = nullptr; ///< set: a figure computed from the field
    std::string (*text)(const M&) = nullptr; ///< set: a text row
    bool (*when)(const M&) = nullptr;        ///< set: listed only when it holds
};

/// The source of the catalog field of `m` that `member` fills: by the field's
/// name in the catalog field table, never a name typed again here.
template <class M>
const Source& source_of(const M& m, const std::type_identity_t<CatalogMember<M>>& member) {
    const std::string_view field = catalog_field_name(member);
    if (field.empty()) {
        throw std::logic_error("workbook: a figure names no catalog field");
    }
    return m.provenance.of(std::string(field));
}

/// A Figure's `when`: listed only when the member is above zero (not known: 0).
template <auto member, class M> bool positive(const M& m) {
    return m.*member > 0;
}

/// A figure's unit when the sheet shows it in its base unit (U, W) or it has none.
constexpr std::optional<AnyUnit> kBase = std::nullopt;

/// A figure's number: computed, or its member's value in the figure's unit.
template <class M> double figure_value(const Figure<M>& f, const M& m) {
    if (f.number != nullptr) {
        return f.number(m);
    }
    return std::visit(
        [&](auto member) -> double {
            using P = decltype(member);
            if constexpr (std::is_same_v<P, std::monostate>) {
                return 0.0;
            } else {
                using V = std::remove_cvref_t<decltype(m.*member)>;
                if constexpr (std::is_arithmetic_v<V>) {
                    return static_cast<double>(m.*member);
                } else if constexpr (requires { V::dimension; }) {
                    if (f.in_unit && f.in_unit->dimension != V::dimension) {
                        throw std::logic_error(std::string("workbook: unit of ") + f.figure);
                    }
                    return f.in_unit ? (m.*member).base() / f.in_unit->factor : (m.*member).base();
                } else {
                    throw std::logic_error(std::string("workbook: no number for ") + f.figure);
                }
            }
        },
        f.member);
}

const Figure<CNodeModel> kCNodeFigures[] = {
    // clang-format off
    {"height_U", "Height", Num::integer, "U", &CNodeModel::height},
    {"power_W", "Power (typical)", Num::integer, "W", &CNodeModel::power},
    {"max_power_W", "Power (maximum)", Num::integer, "W", &CNodeModel::max_power},
    {"read_GBps", "Read per C-node", Num::precise, "GB/s", &CNodeModel::read, units::GB_per_s},
    {"write_GBps", "Write per C-node", Num::precise, "GB/s", &CNodeModel::write, units::GB_per_s},
    {"client_ports", "Client-side network ports", Num::integer, "ports", &CNodeModel::client_ports},
    {"backend_ports", "Backend network ports", Num::integer, "ports", &CNodeModel::backend_ports},
    {"client_port_Gbps", "Client port speed (0: not known)", Num::integer, "Gbps", &CNodeModel::client_port_speed, units::Gbps},
    {"backend_port_Gbps", "Backend port speed (0: not known)", Num::integer, "Gbps", &CNodeModel::backend_port_speed, units::Gbps},
    // clang-format on
};

std::string drive_options(const DBoxModel& d) {
    std::string sizes;
    for (Capacity size : d.drive_sizes) {
        sizes += (sizes.empty() ? "" : ", ") + format_number(in(size, units::TB), 2);
    }
    return sizes;
}

const Figure<DBoxModel> kDBoxFigures[] = {
    // clang-format off
    {"height_U", "Height", Num::integer, "U", &DBoxModel::height},
    {"power_W", "Power (typical)", Num::integer, "W", &DBoxModel::power},
    {"max_power_W", "Power (maximum)", Num::integer, "W", &DBoxModel::max_power},
    {"drives", "Drives per D-box", Num::integer, "drives", &DBoxModel::drives},
    {"", "Drive options", Num::text, "TB", &DBoxModel::drive_sizes, kBase, nullptr, drive_options},
    {"backend_read_GBps", "Backend read per D-box", Num::precise, "GB/s", &DBoxModel::backend_read, units::GB_per_s},
    {"backend_write_GBps", "Backend write per D-box", Num::precise, "GB/s", &DBoxModel::backend_write, units::GB_per_s},
    {"backend_ports", "Backend network ports", Num::integer, "ports", &DBoxModel::backend_ports},
    {"backend_port_Gbps", "Backend port speed (0: not known)", Num::integer, "Gbps", &DBoxModel::backend_port_speed, units::Gbps},
    {"write_buffer_ha_min_dboxes", "Write buffer RAID 6 under DBox-HA from", Num::integer, "D-boxes", &DBoxModel::write_buffer_ha_min_dboxes},
    {"", "Certified for NVIDIA reference architectures", Num::text, "", &DBoxModel::ncp_certified, kBase, nullptr, [](const DBoxModel& d) { return std::string(d.ncp_certified ? "yes" : "no"); }},
    // docs/resilience.md §8, §12
    {"drive_afr", "Drive annual failure rate", Num::percent, "%", &DBoxModel::drive_afr, kBase, nullptr, nullptr, positive<&DBoxModel::drive_afr>},
    {"drive_dwpd", "Drive rated writes per day", Num::precise, "DWPD", &DBoxModel::drive_dwpd, kBase, nullptr, nullptr, positive<&DBoxModel::drive_dwpd>},
    // docs/resilience.md §9: the durability's enclosure term.
    {"dbox_events_per_year", "D-box outages a year", Num::percent, "per D-box", &DBoxModel::dbox_events_per_year, kBase, nullptr, nullptr, positive<&DBoxModel::dbox_events_per_year>},
    {"dbox_losses_per_year", "D-box losses a year", Num::percent, "per D-box", &DBoxModel::dbox_losses_per_year, kBase, nullptr, nullptr, positive<&DBoxModel::dbox_losses_per_year>},
    // clang-format on
};

const Figure<ErasureCodingRule> kErasureCodingFigures[] = {
    // clang-format off
    {"parity", "Parity strips per stripe", Num::integer, "strips", &ErasureCodingRule::parity},
    {"max_data_strips", "Widest stripe: data strips", Num::integer, "strips", &ErasureCodingRule::max_data_strips},
    {"min_data_strips", "Narrowest stripe: data strips", Num::integer, "strips", &ErasureCodingRule::min_data_strips},
    {"excluded_ssds", "SSDs left out of a classic stripe", Num::integer, "SSDs", &ErasureCodingRule::excluded_ssds},
    {"strips_per_dbox", "Most strips per D-box (dbox-ha, rack-resilient)", Num::integer, "strips", &ErasureCodingRule::strips_per_dbox},
    {"strips_per_rack", "Most strips per rack (rack-resilient)", Num::integer, "strips", &ErasureCodingRule::strips_per_rack},
    {"reserve", "Reserve held back on top of erasure coding", Num::percent, "%", &ErasureCodingRule::reserve},
    {"min_dboxes", "Smallest cluster", Num::integer, "D-boxes", &ErasureCodingRule::min_dboxes},
    {"enclosure_tolerance_min_dboxes", "Enclosure-failure tolerance from", Num::integer, "D-boxes", &ErasureCodingRule::enclosure_tolerance_min_dboxes},
    {"rack_resilience_min_racks", "Rack-level resilience needs at least", Num::integer, "racks", &ErasureCodingRule::rack_resilience_min_racks},
    {"max_dboxes", "Largest cluster the software supports", Num::integer, "D-boxes", &ErasureCodingRule::max_dboxes},
    {"max_cnodes", "Largest cluster the software supports", Num::integer, "C-nodes", &ErasureCodingRule::max_cnodes},
    {"rebuild_read_fraction", "Share of the data strips a rebuild reads", Num::precise, "× data", &ErasureCodingRule::rebuild_read_fraction},
    // clang-format on
};

bool has_port_modes(const SwitchModel& s) {
    return !s.port_modes.empty();
}

/// "256 x 100G, 256 x 200G, 128 x 400G, 64 x 800G".
std::string port_modes_text(const SwitchModel& s) {
    std::string out;
    for (const PortMode& m : s.port_modes) {
        out += fmt::format("{}{} x {}", out.empty() ? "" : ", ", m.ports,
                           format_in(m.speed, units::Gbps, 0));
    }
    return out;
}

double uplink_ports(const SwitchModel& s) {
    return leaf_plan(s, s.uplink_speed).uplink_ports;
}

std::string roles_text(const SwitchModel& s) {
    std::string out;
    for (SwitchRole r : {SwitchRole::leaf, SwitchRole::spine, SwitchRole::super_spine}) {
        if (s.plays(r)) {
            out += (out.empty() ? "" : ", ") + std::string(to_string(r));
        }
    }
    return out;
}

const Figure<SwitchModel> kSwitchFigures[] = {
    // clang-format off
    {"height_U", "Height", Num::integer, "U", &SwitchModel::height},
    {"power_W", "Power (typical)", Num::integer, "W", &SwitchModel::power},
    {"max_power_W", "Power (maximum)", Num::integer, "W", &SwitchModel::max_power},
    {"ports", "Ports at device speed", Num::integer, "ports", &SwitchModel::ports, kBase, nullptr, nullptr, [](const SwitchModel& s) { return s.port_modes.empty(); }},
    {"", "Port modes", Num::text, "ports x speed", &SwitchModel::port_modes, kBase, nullptr, port_modes_text, has_port_modes},
    {"uplink_ports", "Ports at the uplink speed (a spine's radix)", Num::integer, "ports", &SwitchModel::port_modes, kBase, [](const SwitchModel& s) -> double { return uplink_ports(s); }, nullptr, has_port_modes},
    {"uplink_Gbps", "Uplink speed", Num::integer, "Gbps", &SwitchModel::uplink_speed, units::Gbps, nullptr, nullptr, has_port_modes},
    {"downlink_fraction", "Share of a leaf's ports facing devices", Num::percent, "%", &SwitchModel::downlink_fraction},
    {"", "Roles in the fabric", Num::text, "", &SwitchModel::roles, kBase, nullptr, roles_text},
    // clang-format on
};

const Figure<RackModel> kRackFigures[] = {
    // clang-format off
    {"usable_U", "Usable space", Num::integer, "U", &RackModel::usable},
    {"budget_kW", "Power budget", Num::precise, "kW", &RackModel::power_budget, units::kW},
    // clang-format on
};

bool has_account(const ReferenceSystem& r) {
    return r.account_capacity.base() > 0;
}

const Figure<ReferenceSystem> kReferenceFigures[] = {
    // clang-format off
    {"read_per_100PB_Tbps", "Read per 100 PB", Num::precise, "Tbps", &ReferenceSystem::read_per_100pb, units::Tbps},
    {"write_per_100PB_Tbps", "Write per 100 PB", Num::precise, "Tbps", &ReferenceSystem::write_per_100pb, units::Tbps},
    {"racks_per_EB", "Racks per EB", Num::precise, "racks", &ReferenceSystem::racks_per_eb},
    {"power_per_rack_kW", "Power per rack", Num::precise, "kW", &ReferenceSystem::power_per_rack, units::kW},
    {"raw_per_usable", "Raw stored per usable byte", Num::precise, "B/B", &ReferenceSystem::raw_per_usable, kBase, nullptr, nullptr, positive<&ReferenceSystem::raw_per_usable>},
    {"account_capacity_PiB", "Capacity per account", Num::precise, "PiB", &ReferenceSystem::account_capacity, units::PiB, nullptr, nullptr, has_account},
    {"account_ingress_Gbps", "Ingress (write) per account", Num::precise, "Gbps", &ReferenceSystem::account_ingress, units::Gbps, nullptr, nullptr, [](const ReferenceSystem& r) { return has_account(r) && r.account_ingress.base() > 0; }},
    {"account_egress_Gbps", "Egress (read) per account", Num::precise, "Gbps", &ReferenceSystem::account_egress, units::Gbps, nullptr, nullptr, [](const ReferenceSystem& r) { return has_account(r) && r.account_egress.base() > 0; }},
    {"accounts_per_subscription", "Accounts per subscription per region", Num::integer, "accounts", &ReferenceSystem::accounts_per_subscription, kBase, nullptr, nullptr, [](const ReferenceSystem& r) { return has_account(r) && r.accounts_per_subscription > 0; }},
    {"accounts_per_subscription_raised", "Accounts per subscription per region, on request", Num::integer, "accounts", &ReferenceSystem::accounts_per_subscription_raised, kBase, nullptr, nullptr, [](const ReferenceSystem& r) { return has_account(r) && r.accounts_per_subscription_raised > 0; }},
    // clang-format on
};

/// Appends `v` to `ids` unless it is there: catalog models in first-use order.
void once(std::vector<std::string>& ids, const std::string& v) {
    if (std::find(ids.begin(), ids.end(), v) == ids.end()) {
        ids.push_back(v);
    }
}

} // namespace

/// Fills an Assumptions from a workbook's input, one group of rows at a time
/// in the order the sheet lists them.
struct AssumptionsBuilder {
    Assumptions& a;
    const WorkbookInput& input;
    const Scenario* s;   ///< null: the requirement itself is the input
    const Source source; ///< of every scenario input

    void num(const std::string& kind, const std::string& id, const std::string& field,
             AssumptionRow row) {
        a.add(kind, id, field, std::move(row));
    }
    void text(AssumptionRow row) { a.rows_.push_back(std::move(row)); }
    void range(const std::string& kind, const std::string& id, const std::string& field,
               std::size_t first, std::size_t last) {
        const std::string name = defined_name(id, field);
        a.range_names_[key_of(kind, id, field)] = name;
        a.ranges_.push_back({name, first, last});
    }
    std::size_t size() const { return a.rows_.size(); }

    /// A scenario input under "scenario_<field>".
    void scenario_row(const std::string& field, const std::string& figure, double v, Num format,
                      const std::string& unit) {
        num("scenario", "scenario", field, input_row("Scenario", figure, v, format, unit, source));
    }
    /// A scenario field a formula uses, shown as its row's `sheet` says: the
    /// table's label as the figure, its JSON path and help as the source.
    void field_row(std::string_view pattern) {
        const ScenarioField* f = find_scenario_field(pattern);
        if (f == nullptr || f->sheet.name == nullptr) {
            throw std::logic_error("no workbook figure for scenario field " + std::string(pattern));
        }
        const FieldSheet& fig = f->sheet;
        const FieldData v = value_or_default(*f, *s);
        const double* base = std::get_if<double>(&v);
        if (base == nullptr) {
            return; // left out, no default: no formula reads it
        }
        const double shown = fig.unit ? *base / fig.unit->factor : *base;
        constexpr Num kFormats[] = {Num::precise, Num::two, Num::percent}; // by SheetFormat
        num("scenario", "scenario", fig.name,
            input_row("Scenario", sentence_case(f->label), shown,
                      kFormats[static_cast<int>(fig.format)],
                      std::string(fig.unit_text != nullptr ? fig.unit_text : fig.unit->symbol),
                      field_source(*f)));
    }
    /// A scenario input no formula uses (a constraint), shown as the file
    /// would spell it.
    void info(const ScenarioField& f) {
        const FieldData v = value_or_default(f, *s);
        if (std::holds_alternative<std::monostate>(v)) {
            return;
        }
        const bool* flag = std::get_if<bool>(&v);
        const std::string shown = flag != nullptr ? (*flag ? "yes" : "no") : field_text(f, v);
        AssumptionRow r = text_row("Scenario", sentence_case(f.label), shown, field_source(f));
        r.source_kind = "scenario";
        text(std::move(r));
    }
    /// Where a field's value comes from: its JSON path in the scenario, and
    /// the table's help as the note.
    Source field_source(const ScenarioField& f) const {
        return Source{source.kind, source.ref + ": " + field_path(f, 0).to_string(),
                      std::string(f.help)};
    }

    template <class M, std::size_t N>
    void figures(const char* kind, const std::string& group, const M& m,
                 const Figure<M> (&table)[N]) {
        for (const Figure<M>& f : table) {
            if (f.when != nullptr && !f.when(m)) {
                continue;
            }
            const Source& src = source_of(m, f.member);
            if (f.text != nullptr) {
                AssumptionRow r = text_row(group, f.figure, f.text(m), src);
                r.unit = f.unit;
                text(std::move(r));
            } else {
                num(kind, m.id, f.field,
                    number_row(group, f.figure, figure_value(f, m), f.num, f.unit, src));
            }
        }
    }

    void fleet();
    void platform(const GpuPlatform& p, bool jobs);
    void sites();
    void site(const SiteStorage& site, const Design& d);
    void failure_rate();
    void performance(const GpuPlatform* platform);
    void workloads();
    void workload(const WorkloadNeed& n, const std::string& platform, bool whole = false);
    /// The designs are a project's sites, each with its own rows.
    bool whole_fleet() const { return input.result->sites_need.has_value(); }
    std::map<std::string, std::string> speed_from{}; ///< of each workload's speed row
    void capacity();
    void options();
    void scenario_figures();
    void constraints();
    void comparison();
    void models();
    void erasure_coding(const ErasureCodingRule& ec);
    void resilience();
};

void AssumptionsBuilder::fleet() {
    if (s == nullptr || !s->fleet) {
        return;
    }
    // A project's sites sized for their own needs read their own rows (the
    // Site groups below); this one is then the whole fleet, which no sheet sizes.
    scenario_row("pod_gpus",
                 whole_fleet() ? "GPUs of the whole fleet (each site's pod: its Site rows)"
                               : "GPUs in the pod (one training cluster)",
                 static_cast<double>(s->fleet->pod_gpus()), Num::integer, "GPUs");
    const GpuPlatform* p = input.catalog->platform(s->fleet->platform);
    const bool jobs = !input.result->requirements.checkpoints.jobs.empty();
    if (p != nullptr) {
        platform(*p, jobs);
    }
    if (jobs) {
        failure_rate();
    }
    performance(p);
}

/// A GPU platform's figures the formulas use.
void AssumptionsBuilder::platform(const GpuPlatform& p, bool jobs) {
    auto row = [&](const char* field, const char* figure, double v, Num f, const char* unit,
                   CatalogMember<GpuPlatform> member) {
        num("platform", p.id, field,
            number_row("GPU platform " + p.id, figure, v, f, unit, source_of(p, member)));
    };
    row("gpus_per_su", "GPUs per scalable unit (SU)", p.gpus_per_su, Num::integer, "GPUs",
        &GpuPlatform::gpus_per_su);
    if (input.comparison != nullptr && p.power_per_su.base() > 0.0) {
        // For the GPUs the power saved against a reference would feed.
        row("power_per_su_kW", "Power per scalable unit", in(p.power_per_su, units::kW),
            Num::precise, "kW", &GpuPlatform::power_per_su);
    }
    if (jobs) {
        row("gpus_per_node", "GPUs per node", p.gpus_per_node, Num::integer, "GPUs",
            &GpuPlatform::gpus_per_node);
    }
}

/// A project's sites sized for their own needs (docs/sites-and-phases.md):
/// each site's inputs its design sheet reads in place of the scenario's.
void AssumptionsBuilder::sites() {
    for (const Design& d : input.result->designs) {
        if (const SiteStorage* site = own_site_of(input, d)) {
            this->site(*site, d);
        }
    }
}

/// One site's pod GPUs, usable need and platform, and its workloads' GPUs
/// and speed where they are not the scenario's rows.
void AssumptionsBuilder::site(const SiteStorage& site, const Design& d) {
    const std::vector<SiteSpec>& specs = s->fleet->site_list;
    const auto k = static_cast<std::size_t>(&site - input.sites->sites.data());
    const std::string id = site_id(site);
    const std::string g = "Site " + site.name;
    const std::string path = fmt::format("$.fleet.sites[{}]", k);
    auto row = [&](const std::string& field, const std::string& figure, double v, Num f,
                   const std::string& unit, const std::string& at, const std::string& note,
                   const Source* catalog = nullptr) {
        AssumptionRow r =
            number_row(g, figure, v, f, unit,
                       catalog ? *catalog : Source{source.kind, source.ref + ": " + at, note});
        if (catalog == nullptr) {
            r.source_kind = "scenario";
        }
        num("site", id, field, std::move(r));
    };
    row("pod_gpus", "GPUs in a pod of the site", static_cast<double>(site.pod_gpus), Num::integer,
        "GPUs", path + ".gpus",
        site.clusters > 1 ? "the site's GPUs over its pods" : "the site's GPUs: one pod");
    const bool own_usable = k < specs.size() && specs[k].usable.has_value();
    if (own_usable || s->capacity.usable) {
        row("usable_PB", "Usable capacity needed per pod",
            in(d.requirements.usable_target, units::PB), Num::precise, "PB",
            own_usable ? path + ".usable" : "$.capacity.usable",
            own_usable ? "the site's usable need over its pods"
                       : "the scenario's usable need scaled to the pod's GPUs");
    }
    const GpuPlatform* p = input.catalog->platform(site.platform);
    if (p != nullptr) {
        platform(*p, !d.requirements.checkpoints.jobs.empty());
    }
    for (const WorkloadNeed& n : d.requirements.workloads) {
        if (!a.has("workload", n.id, "speed")) { // the site's own workload
            workload(n, site.platform);
        }
        if (n.gpus != d.requirements.sized_gpus) {
            row(n.id + "_gpus", "GPUs running " + n.id, static_cast<double>(n.gpus), Num::integer,
                "GPUs", path + ".workload", "the GPUs the site's workload runs on");
        }
        if (speed_from[n.id] != n.speed_from) { // another platform's speed on the row
            const Source catalog =
                p != nullptr ? p->provenance.of("speed_vs_" + n.accelerator) : source;
            row(n.id + "_speed", "Speed of " + n.id + " (" + n.speed_from + ")", n.speed,
                Num::precise, "×", path + ".platform", "",
                n.speed_from == "the scenario" ? nullptr : &catalog);
        }
    }
}

void AssumptionsBuilder::failure_rate() {
    // Every job of a plan runs under the same failure rate, stated per node of
    // its own size (docs/checkpoints.md §4).
    const FailureRate& rate = input.result->requirements.checkpoints.jobs.front().failure_rate;
    const FailureRatePreset* preset =
        rate.preset.empty() ? nullptr : input.catalog->failure_rate(rate.preset);
    auto row = [&](const char* field, const std::string& fig, double v, Num f, const char* unit,
                   CatalogMember<FailureRatePreset> member) {
        num("failure", "failure_rate", field,
            preset != nullptr ? number_row("Failure rate " + preset->id, fig, v, f, unit,
                                           source_of(*preset, member))
                              : input_row("Scenario", fig, v, f, unit, source));
    };
    row("per_1000_node_days", "Job interruptions per 1,000 node-days", rate.per_1000_node_days,
        Num::precise, "failures", &FailureRatePreset::per_1000_node_days);
    row("gpus_per_node", "GPUs per node the rate was counted on", rate.gpus_per_node, Num::integer,
        "GPUs", &FailureRatePreset::gpus_per_node);
}

/// The performance rule's figures, or the scenario's explicit per-GPU ones.
/// Each workload's derivation (docs/workloads.md §4): the benchmark's four
/// inputs with their source, what one accelerator reads, the GPUs running it,
/// the speed factor with its source, and its read.
void AssumptionsBuilder::workloads() {
    for (const WorkloadNeed& n : input.result->requirements.workloads) {
        workload(n, s->fleet ? s->fleet->platform : "", whole_fleet());
    }
}

/// One workload's rows, run on `platform`'s GPUs.
void AssumptionsBuilder::workload(const WorkloadNeed& n, const std::string& platform, bool whole) {
    const std::string fleet = whole ? ", whole fleet (each site's: its Site rows)" : "";
    const Workload* w = input.catalog->workload(n.id);
    if (w == nullptr) {
        return;
    }
    const std::string g = "Workload " + w->id;
    auto row = [&](const char* field, AssumptionRow r) {
        num("workload", w->id, field, std::move(r));
    };
    const Source& src = w->provenance.source;
    row("batch", number_row(g, "Batch (samples)", w->batch, Num::integer, "samples", src));
    row("sample_MB",
        number_row(g, "Sample size", in(w->sample_size, units::MB), Num::precise, "MB", src));
    row("compute_s", number_row(g, "Compute time a batch", in(w->compute_time, units::s),
                                Num::precise, "s", src));
    row("min_au",
        number_row(g, "Least accelerator utilisation", w->min_au, Num::precise, "share", src));
    const Source derived{SourceKind::derived,
                         "batch × sample size ÷ compute time × least utilisation",
                         "what one emulated " + w->accelerator + " reads"};
    row("per_accelerator_GBps",
        number_row(g, "Read per emulated " + w->accelerator, in(n.per_accelerator, units::GB_per_s),
                   Num::precise, "GB/s", derived));
    const GpuPlatform* p = input.catalog->platform(platform);
    row("gpus", input_row(g, "GPUs running it" + fleet, static_cast<double>(n.gpus), Num::integer,
                          "GPUs", source));
    const std::string speed = "Speed against the " + w->accelerator + " (" + n.speed_from + ")";
    // The scenario's speed is its input; else the platform's figure, with its source.
    const bool own = n.speed_from == "the scenario";
    row("speed",
        (own ? input_row : number_row)(
            g, speed, n.speed, Num::precise, "×",
            own || p == nullptr ? source : p->provenance.of("speed_vs_" + w->accelerator)));
    speed_from[w->id] = n.speed_from;
    row("read_TBps",
        number_row(g, "Read: GPUs × read per accelerator × speed" + fleet,
                   in(n.read, units::TB_per_s), Num::precise, "TB/s",
                   Source{SourceKind::derived, "the three rows above", "docs/workloads.md §3"}));
}

void AssumptionsBuilder::performance(const GpuPlatform* platform) {
    if (!s->performance) {
        return;
    }
    workloads();
    if (!s->performance->workloads.empty() && s->performance->rule.empty() &&
        !s->performance->read_per_gpu && !s->performance->write_per_gpu) {
        return;
    }
    if (s->performance->rule.empty()) {
        field_row("performance.read_per_gpu");
        field_row("performance.write_per_gpu");
        return;
    }
    const PerformanceRule* rule = input.catalog->rule(s->performance->rule);
    if (rule == nullptr) {
        return;
    }
    const bool per_su = rule->basis == PerformanceRule::Basis::per_su;
    const std::string g = "Performance rule " + rule->id;
    const std::string per = per_su ? " per SU" : " per GPU";
    num("rule", rule->id, "read_GBps",
        number_row(g, "Read" + per, in(rule->read, units::GB_per_s), Num::precise, "GB/s",
                   source_of(*rule, &PerformanceRule::read)));
    num("rule", rule->id, "write_GBps",
        number_row(g, "Write" + per, in(rule->write, units::GB_per_s), Num::precise, "GB/s",
                   source_of(*rule, &PerformanceRule::write)));
    const GpuPlatform* rp = input.catalog->platform(rule->platform);
    const double basis =
        per_su
            ? (rp != nullptr ? rp->gpus_per_su : (platform != nullptr ? platform->gpus_per_su : 1))
            : 1.0;
    num("rule", rule->id, "basis_gpus",
        number_row(g, "GPUs the figures are for", basis, Num::integer, "GPUs",
                   Source{SourceKind::derived, "catalog: platform " + rule->platform,
                          per_su ? "the SU size of the rule's platform" : "per-GPU figures"}));
}

/// The capacity need per pod; without a scenario, the requirement itself.
void AssumptionsBuilder::capacity() {
    const Requirements& req = input.result->requirements;
    if (s != nullptr) {
        field_row("capacity.usable");
        field_row("capacity.usable_per_gpu");
        return;
    }
    if (req.read.base() > 0 || req.write.base() > 0) {
        scenario_row("required_read_GBps", "Required read", in(req.read, units::GB_per_s),
                     Num::precise, "GB/s");
        scenario_row("required_write_GBps", "Required write", in(req.write, units::GB_per_s),
                     Num::precise, "GB/s");
    }
    if (req.usable.base() > 0) {
        scenario_row("usable_PB", "Usable capacity needed per pod", in(req.usable, units::PB),
                     Num::precise, "PB");
    }
}

/// Options with their own capacity need (an exabyte beside per-pod
/// options), found by each design's origin.
void AssumptionsBuilder::options() {
    for (const Design& d : input.result->designs) {
        const OptionSpec* o = option_of(d, s);
        if (o == nullptr || !o->capacity || !o->capacity->usable) {
            continue;
        }
        num("option", option_id(std::get<FromOption>(d.origin).index), "usable_PB",
            input_row("Scenario", "Usable capacity needed by " + d.name,
                      in(*o->capacity->usable, units::PB), Num::precise, "PB", source));
    }
}

/// Data reduction, the rack power override, its derating, the PUE, the
/// headroom and the automatic layout's threshold, in this order; then every
/// other field a formula reads (its row's `sheet`) but the performance and
/// capacity fields above, in the table's order.
void AssumptionsBuilder::scenario_figures() {
    if (s != nullptr) {
        constexpr std::array<std::string_view, 6> kFirst{
            "data_reduction",  "constraints.rack_power", "constraints.rack_derate",
            "constraints.pue", "constraints.headroom",   "constraints.auto_layout_threshold"};
        for (std::string_view pattern : kFirst) {
            field_row(pattern);
        }
        for (const ScenarioField& f : scenario_fields()) {
            if (f.sheet.name != nullptr && std::ranges::find(kFirst, f.pattern) == kFirst.end() &&
                !f.pattern.starts_with("performance.") && !f.pattern.starts_with("capacity.")) {
                field_row(f.pattern);
            }
        }
        return;
    }
    const std::vector<Design>& designs = input.result->designs;
    const double dr = designs.empty() ? 1.0 : designs[0].data_reduction;
    scenario_row("data_reduction", "Data-reduction ratio (what-if; 1 = none)", dr, Num::two, ":1");
    // Without a scenario the designs' own derating and PUE (the defaults).
    scenario_row("rack_derate", "Rack budget derating (1 = the whole budget)",
                 designs.empty() ? 1.0 : designs[0].constraints.rack_derate, Num::two, "× budget");
    scenario_row("pue", "Site PUE (facility power = IT power x PUE)",
                 designs.empty() ? kDefaultPue : designs[0].constraints.pue, Num::two,
                 "× IT power");
}

void AssumptionsBuilder::constraints() {
    if (s == nullptr) {
        return;
    }
    // Every constraint but the rack model (listed with the models) and those
    // a formula reads (rows above), in the table's order.
    for (const ScenarioField& f : scenario_fields()) {
        if (f.pattern.starts_with("constraints.") && f.kind != FieldKind::id &&
            f.sheet.name == nullptr) {
            info(f);
        }
    }
}

/// The target the pods grow to (and the references are sized at), and the
/// reference systems' figures.
void AssumptionsBuilder::comparison() {
    const Comparison* cmp = input.comparison;
    if (cmp == nullptr) {
        return;
    }
    if (!cmp->extrapolations.empty()) {
        const Extrapolation& e = cmp->extrapolations.front();
        scenario_row("target_PB", "Capacity target (pods grow to it)", in(e.target, units::PB),
                     Num::precise, "PB");
        scenario_row("tolerance", "Tolerance short of the target", e.tolerance, Num::percent, "%");
    }
    if (!cmp->references.empty() && cmp->references.front().wan) {
        const ScenarioField* f = find_scenario_field("cloud.wan");
        scenario_row("wan_Tbps", sentence_case(f != nullptr ? f->label : "WAN"),
                     in(*cmp->references.front().wan, units::Tbps), Num::precise, "Tbps");
    }
    for (const ReferenceSizing& r : cmp->references) {
        if (const ReferenceSystem* sys = input.catalog->reference(r.id)) {
            figures("reference", "Reference " + sys->id, *sys, kReferenceFigures);
        }
    }
}

/// What the Resilience sheet's formulas read (docs/resilience.md §8–§13):
/// the values in force (the scenario's or the defaults), and the per-account
/// limits of the cloud store the offsite copies go to.
void AssumptionsBuilder::resilience() {
    const std::vector<Design>& designs = input.result->designs;
    const bool any = std::any_of(designs.begin(), designs.end(),
                                 [](const Design& d) { return d.resilience.has_value(); });
    if (s == nullptr || !any) {
        return;
    }
    const ResilienceInputs ri = resilience_inputs(*s, *input.catalog);
    // Each figure in force under its scenario field's label; none: not listed.
    const std::optional<double> wan =
        ri.wan.base() > 0.0 ? std::optional(in(ri.wan, units::Gbps)) : std::nullopt;
    const std::tuple<const char*, const char*, std::optional<double>, Num, const char*> rows[] = {
        {"resilience.afr", "afr", ri.afr, Num::percent, "%"},
        {"resilience.dbox_events", "dbox_events", ri.dbox_events, Num::percent, "%"},
        {"resilience.dbox_losses", "dbox_losses", ri.dbox_losses, Num::percent, "%"},
        {"resilience.fill", "fill", ri.fill, Num::percent, "%"},
        {"resilience.rebuild_share", "rebuild_share", ri.rebuild_share, Num::percent, "%"},
        {"resilience.outage", "outage_h", in(ri.outage, units::h), Num::precise, "h"},
        {"resilience.dataset", "dataset_PB", in(ri.dataset, units::PB), Num::precise, "PB"},
        {"cloud.wan", "wan_Gbps", wan, Num::precise, "Gbps"},
    };
    for (const auto& [pattern, name, v, format, unit] : rows) {
        const ScenarioField* f = find_scenario_field(pattern);
        if (v) {
            num("scenario", "scenario", name,
                input_row("Scenario", sentence_case(f->label), *v, format, unit, field_source(*f)));
        }
    }
    if (const ReferenceSystem* ref = account_reference(*s, *input.catalog)) {
        figures("reference", "Reference " + ref->id, *ref, kReferenceFigures);
    }
}

/// Catalog entries of every model the designs use, in first-use order.
void AssumptionsBuilder::models() {
    const Catalog& cat = *input.catalog;
    std::vector<std::string> cnodes, dboxes, switches, racks, ec_rules;
    for (const Design& d : input.result->designs) {
        once(cnodes, d.cnode_model);
        once(dboxes, d.dbox_model);
        once(switches, d.switch_model);
        once(racks, d.rack_model);
    }
    for (const std::string& id : cnodes) {
        if (const CNodeModel* c = cat.cnode(id)) {
            figures("cnode", "C-node " + c->id, *c, kCNodeFigures);
        }
    }
    for (const std::string& id : dboxes) {
        if (const DBoxModel* d = cat.dbox(id)) {
            figures("dbox", "D-box " + d->id, *d, kDBoxFigures);
            once(ec_rules, d->erasure_coding);
        }
    }
    for (const std::string& id : ec_rules) {
        if (const ErasureCodingRule* ec = cat.ec_rule(id)) {
            erasure_coding(*ec);
        }
    }
    for (const std::string& id : switches) {
        if (const SwitchModel* sw = cat.network_switch(id)) {
            figures("switch", "Switch " + sw->id, *sw, kSwitchFigures);
        }
    }
    for (const std::string& id : racks) {
        if (const RackModel* r = cat.rack(id)) {
            figures("rack", "Rack " + r->id, *r, kRackFigures);
        }
    }
}

/// The rule's figures, then its stripe-width step function as two
/// contiguous runs (from, data), so a design's data strips are
/// LOOKUP(D-boxes, from, data). The steps share one source: given in full on
/// the first row only.
void AssumptionsBuilder::erasure_coding(const ErasureCodingRule& ec) {
    const std::string g = "Erasure coding " + ec.id;
    figures("ec", g, ec, kErasureCodingFigures);
    if (ec.steps.empty()) {
        return;
    }
    const Source& steps = source_of(ec, &ErasureCodingRule::steps);
    const Source same{steps.kind, "", "as step 1"};
    const std::size_t from_first = size();
    for (std::size_t i = 0; i < ec.steps.size(); ++i) {
        text(number_row(g, fmt::format("Stripe width step {}: from", i + 1), ec.steps[i].min_dboxes,
                        Num::integer, "D-boxes", i == 0 ? steps : same));
    }
    const std::size_t data_first = size();
    for (std::size_t i = 0; i < ec.steps.size(); ++i) {
        text(number_row(g, fmt::format("Stripe width step {}: data strips", i + 1),
                        ec.steps[i].data_strips, Num::integer, "strips", same));
    }
    range("ec", ec.id, "steps_from", from_first, data_first - 1);
    range("ec", ec.id, "steps_data", data_first, size() - 1);
}

Assumptions Assumptions::build(const WorkbookInput& input) {
    Assumptions a;
    const Scenario* s = input.scenario;
    const std::string scenario = s != nullptr ? s->name : input.result->scenario;
    AssumptionsBuilder b{a, input, s, scenario_source(scenario)};
    b.fleet();
    b.sites();
    b.capacity();
    b.options();
    b.scenario_figures();
    b.constraints();
    b.comparison();
    b.resilience();
    b.models();
    return a;
}

void write_assumptions(xlsx::Book& book, xlsx::Sheet& sheet, const Assumptions& a,
                       const std::string& scenario) {
    sheet.titles(
        "Assumptions",
        {"Every input and catalog figure the formulas use, with its source. Scenario: " + scenario,
         "Blue cells are inputs: change one and every dependent number in the workbook "
         "follows."});
    const int h = Assumptions::kHeaderRow;
    sourced_figure_headers(sheet, h);
    const auto& rows = a.rows();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const AssumptionRow& r = rows[i];
        const int row = Assumptions::row_of(i);
        sheet.text(row, 0, r.group, book.label());
        sheet.text(row, 1, r.figure, book.label());
        if (r.is_text) {
            sheet.text(row, 2, r.text, book.label()); // wraps: "15.36, 30.72, 61.44"
        } else {
            sheet.number(row, 2, r.value, r.num, Role::input);
        }
        sheet.text(row, 3, r.unit, book.label());
        sheet.text(row, 4, r.name, book.note());
        sheet.text(row, 5, r.source_kind, book.label());
        sheet.text(row, 6, r.source_ref, book.note());
        sheet.text(row, 7, r.source_note, book.note());
        if (!r.name.empty()) {
            book.define_name(r.name, "=" + sheet.ref(row, 2));
        }
        sheet.fit_height(row, {{r.is_text ? r.text : std::string(), 12, 10.0},
                               {r.group, kColumns.group, 10.0},
                               {r.figure, kColumns.figure, 10.0},
                               {r.source_ref, kColumns.ref, 9.0},
                               {r.source_note, kColumns.note, 9.0}});
    }
    for (const AssumptionRange& r : a.ranges()) {
        const int first = Assumptions::row_of(r.first);
        const int last = Assumptions::row_of(r.last);
        book.define_name(r.name, "=" + xlsx::quoted(sheet.name()) + "!" + xlsx::cell(first, 2) +
                                     ":" + xlsx::cell(last, 2));
        for (std::size_t i = r.first; i <= r.last; ++i) {
            sheet.text(Assumptions::row_of(i), 4, r.name, book.note());
        }
    }
    sourced_figure_columns(sheet, kColumns);
    sheet.freeze(h + 1, 0);
    xlsx::check(worksheet_autofilter(sheet.raw(), static_cast<lxw_row_t>(h), 0,
                                     static_cast<lxw_row_t>(Assumptions::row_of(rows.size()) - 1),
                                     7),
                "autofilter");
    sheet.print_setup(h);
}

void sourced_figure_headers(xlsx::Sheet& sheet, int row) {
    sheet.headers(row,
                  {"Group", "Figure", "Value", "Unit", "Name in formulas", "Source kind",
                   "Reference", "Note"},
                  8);
}

void sourced_figure_columns(xlsx::Sheet& sheet, const SourcedColumns& widths) {
    sheet.column_widths({{0, 0, widths.group}, {1, 1, widths.figure}, {2, 2, 12}, {3, 3, 8}});
    sheet.column_widths({{4, 4, 30}, {5, 5, 11}, {6, 6, widths.ref}, {7, 7, widths.note}});
}

} // namespace podsizer::wb

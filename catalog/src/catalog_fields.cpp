// The catalog field table (podsizer/catalog/catalog_fields.hpp): one row per
// field of each catalog kind, and the table of kinds. The structured fields'
// readers and the rules that join fields (a default drive among the drive
// sizes, a switch's uplink) are in catalog_rules.cpp.
#include "podsizer/catalog/catalog_fields.hpp"

#include "catalog_rules.hpp"

#include <algorithm>
#include <array>
#include <limits>

namespace podsizer {

namespace {

using T = CatalogType;

/// Concatenates row groups into one kind's table.
template <class F, std::size_t... N> constexpr auto rows(const std::array<F, N>&... parts) {
    std::array<F, (N + ...)> out{};
    std::size_t at = 0;
    ((std::copy(parts.begin(), parts.end(), out.begin() + static_cast<std::ptrdiff_t>(at)),
      at += N),
     ...);
    return out;
}

/// Shown by `catalog show`, in `unit` with `decimals`.
constexpr CatalogShown show(int decimals = 0, std::optional<AnyUnit> unit = std::nullopt) {
    return CatalogShown{true, unit, decimals};
}
/// The same, and a key figure of `catalog list`.
constexpr CatalogShown key(int decimals = 0, std::optional<AnyUnit> unit = std::nullopt) {
    return CatalogShown{true, unit, decimals, true};
}
/// Shown only when given (not empty, not zero).
constexpr CatalogShown if_set(CatalogShown s) {
    s.only_if_set = true;
    return s;
}

/// A field of `type` read and shown as its type says (no bounds, no reader).
template <class M, class V>
constexpr CatalogField<M> plain(std::string_view name, CatalogType type, V M::*member,
                                CatalogShown shown = {}, bool required = true) {
    return CatalogField<M>{
        .name = name, .type = type, .member = member, .required = required, .shown = shown};
}

/// Every entry starts with its id and name.
template <class M> constexpr std::array<CatalogField<M>, 2> entry_rows() {
    return {CatalogField<M>{"id", T::id, &M::id}, CatalogField<M>{"name", T::line, &M::name}};
}

/// A weight in kg, above 0 and at most 10 t (docs/bom.md); optional.
template <class M> constexpr CatalogField<M> weight_row() {
    return CatalogField<M>{.name = "weight_kg",
                           .type = T::number,
                           .member = &M::weight_kg,
                           .required = false,
                           .bounds = Bounds{0.0, 10'000.0, true},
                           .expected = "expected a weight in kg above 0 and at most 10,000, "
                                       "such as 22.5",
                           .shown = if_set(show(1))};
}

/// The part C-nodes, D-boxes and switches share: family, height and power
/// (typical and maximum, docs/model.md §10), part number and weight. Read
/// and described once.
template <class M> constexpr std::array<CatalogField<M>, 6> device_rows(bool height_is_key) {
    using F = CatalogField<M>;
    return {
        F{.name = "family",
          .type = T::line,
          .member = &M::family,
          .required = false,
          .shown = if_set(show())},
        F{.name = "height",
          .type = T::height,
          .member = &M::height,
          .shown = height_is_key ? key(0, units::U) : show(0, units::U)},
        F{.name = "power", .type = T::quantity, .member = &M::power, .shown = key(0, units::W)},
        // Not given: typical x 1.3, recorded as an assumption (device_finish).
        // Shown, as every figure a report's assumption list may name is: the
        // list sends the reader to `catalog show ID` for it.
        F{.name = "max_power",
          .type = T::quantity,
          .member = &M::max_power,
          .required = false,
          .shown = if_set(show(0, units::W))},
        // The bill of materials (docs/bom.md): optional, ASSUMPTION when guessed.
        F{.name = "sku",
          .type = T::line,
          .member = &M::sku,
          .required = false,
          .shown = if_set(show())},
        weight_row<M>(),
    };
}

/// Every entry ends with its sources.
template <class M> constexpr std::array<CatalogField<M>, 2> source_rows() {
    return {CatalogField<M>{"source", T::source},
            CatalogField<M>{.name = "field_sources", .type = T::field_sources, .required = false}};
}

/// A number or fraction within `bounds`, refused outside with `expected`.
template <class M, class V>
constexpr CatalogField<M> ranged(std::string_view name, CatalogType type, V M::*member,
                                 Bounds bounds, std::string_view expected, CatalogShown shown,
                                 bool required = true) {
    return CatalogField<M>{.name = name,
                           .type = type,
                           .member = member,
                           .required = required,
                           .bounds = bounds,
                           .expected = expected,
                           .shown = shown};
}

/// A count of at least `min`.
template <class M, class V>
constexpr CatalogField<M> count(std::string_view name, V M::*member, double min,
                                bool required = true, CatalogShown shown = {}) {
    return CatalogField<M>{.name = name,
                           .type = T::count,
                           .member = member,
                           .required = required,
                           .bounds = Bounds{min},
                           .shown = shown};
}

const auto kCnode =
    rows(entry_rows<CNodeModel>(), device_rows<CNodeModel>(false),
         std::array{
             plain("read", T::quantity, &CNodeModel::read, key(1, units::GB_per_s)),
             plain("write", T::quantity, &CNodeModel::write, key(1, units::GB_per_s)),
             count("client_ports", &CNodeModel::client_ports, 0, true, show()),
             count("backend_ports", &CNodeModel::backend_ports, 0, true, show()),
             plain("client_port_speed", T::quantity, &CNodeModel::client_port_speed,
                   if_set(show(0, units::Gbps)), false),
             plain("backend_port_speed", T::quantity, &CNodeModel::backend_port_speed,
                   if_set(show(0, units::Gbps)), false),
         },
         source_rows<CNodeModel>());

using DB = CatalogField<DBoxModel>;
const auto kDbox = rows(
    entry_rows<DBoxModel>(), device_rows<DBoxModel>(true),
    std::array{
        count("drives", &DBoxModel::drives, 1, true, key()),
        DB{.name = "drive_sizes",
           .type = T::quantities,
           .member = &DBoxModel::drive_sizes,
           .shown = show(),
           .read = detail::read_drive_sizes},
        // One of drive_sizes.
        DB{.name = "default_drive",
           .type = T::quantity,
           .member = &DBoxModel::default_drive,
           .shown = key(),
           .read = detail::read_default_drive},
        plain("backend_read", T::quantity, &DBoxModel::backend_read, key(1, units::GB_per_s)),
        plain("backend_write", T::quantity, &DBoxModel::backend_write, show(1, units::GB_per_s)),
        count("backend_ports", &DBoxModel::backend_ports, 0, true, show()),
        plain("backend_port_speed", T::quantity, &DBoxModel::backend_port_speed,
              if_set(show(0, units::Gbps)), false),
        count("write_buffer_ha_min_dboxes", &DBoxModel::write_buffer_ha_min_dboxes, 0, false,
              show()),
        // docs/resilience.md §8, §12, §9
        ranged("drive_afr", T::fraction, &DBoxModel::drive_afr, Bounds{0.0, 1.0, true, true},
               "expected an annual failure rate above 0 and below 1, such as 0.005", show(4),
               false),
        ranged("drive_dwpd", T::number, &DBoxModel::drive_dwpd, Bounds{0.0, 100.0, true, false},
               "expected drive writes per day above 0 and at most 100, such as 0.5", show(2),
               false),
        ranged(
            "dbox_events_per_year", T::number, &DBoxModel::dbox_events_per_year, Bounds{0.0, 10.0},
            "expected enclosure events per D-box-year from 0 to 10, such as 0.01", show(4), false),
        ranged("dbox_losses_per_year", T::number, &DBoxModel::dbox_losses_per_year,
               Bounds{0.0, 10.0},
               "expected permanent enclosure losses per D-box-year from 0 to 10, such as 0.001",
               show(4), false),
        plain("erasure_coding", T::id, &DBoxModel::erasure_coding, show()),
        plain("ncp_certified", T::boolean, &DBoxModel::ncp_certified, key()),
    },
    source_rows<DBoxModel>());

using EC = ErasureCodingRule;
using ECF = CatalogField<EC>;
const auto kErasureCoding =
    rows(entry_rows<EC>(),
         std::array{
             plain("software_version", T::text, &EC::software_version, show(), false),
             count("parity", &EC::parity, 1, true, key()),
             // Either the layout figures or, in catalogs written before layouts
             // were modelled, the stripe steps (read_max_data_strips).
             count("min_data_strips", &EC::min_data_strips, 1, false, show()),
             ECF{.name = "max_data_strips",
                 .type = T::count,
                 .member = &EC::max_data_strips,
                 .required = false,
                 .bounds = Bounds{1.0},
                 .shown = key(),
                 .read = detail::read_max_data_strips},
             count("excluded_ssds", &EC::excluded_ssds, 0, false, show()),
             count("strips_per_dbox", &EC::strips_per_dbox, 0, false, show()),
             count("strips_per_rack", &EC::strips_per_rack, 0, false, show()),
             ECF{.name = "steps",
                 .type = T::stripe_steps,
                 .member = &EC::steps,
                 .required = false,
                 .shown = if_set(show()),
                 .read = detail::read_stripe_steps},
             plain("reserve", T::fraction, &EC::reserve, key(2)),
             ranged("rebuild_read_fraction", T::number, &EC::rebuild_read_fraction,
                    Bounds{0.0, 1.0, true, false},
                    "expected the share of a stripe's data strips read per rebuilt strip, above 0 "
                    "and at most 1 (1 for Reed-Solomon)",
                    show(2), false),
             count("min_dboxes", &EC::min_dboxes, 1, true, show()),
             count("enclosure_tolerance_min_dboxes", &EC::enclosure_tolerance_min_dboxes, 0, false,
                   show()),
             count("rack_resilience_min_racks", &EC::rack_resilience_min_racks, 0, false, show()),
             count("max_dboxes", &EC::max_dboxes, 0, false, show()),
             count("max_cnodes", &EC::max_cnodes, 0, false, show()),
         },
         source_rows<EC>());

using SW = CatalogField<SwitchModel>;
// Its range is checked with the uplink it leaves (switch_finish).
constexpr std::string_view kLeafUplink = detail::kLeafUplinkExpected;
const auto kSwitch =
    rows(entry_rows<SwitchModel>(), device_rows<SwitchModel>(true),
         std::array{
             SW{.name = "port_modes",
                .type = T::port_modes,
                .member = &SwitchModel::port_modes,
                .required = false,
                .shown = if_set(key()),
                .read = detail::read_port_modes},
             // Only with port modes, one of their speeds (read_port_modes, read_ports).
             plain("uplink_speed", T::quantity, &SwitchModel::uplink_speed,
                   if_set(show(0, units::Gbps)), false),
             // Either ports or port modes.
             SW{.name = "ports",
                .type = T::count,
                .member = &SwitchModel::ports,
                .required = false,
                .bounds = Bounds{2.0},
                .shown = if_set(key()),
                .read = detail::read_ports},
             SW{.name = "downlink_fraction",
                .type = T::number,
                .member = &SwitchModel::downlink_fraction,
                .bounds = Bounds{0.0, 1.0, true, true},
                .expected = kLeafUplink,
                .shown = show(2),
                .read = detail::read_downlink_fraction},
             SW{.name = "roles",
                .type = T::switch_roles,
                .member = &SwitchModel::roles,
                .required = false,
                .shown = show(),
                .read = detail::read_roles},
         },
         source_rows<SwitchModel>());

const auto kRack =
    rows(entry_rows<RackModel>(),
         std::array{
             plain("usable", T::height, &RackModel::usable, key(0, units::U)),
             plain("power_budget", T::quantity, &RackModel::power_budget, key(1, units::kW)),
             plain("sku", T::line, &RackModel::sku, if_set(show()), false),
             weight_row<RackModel>(),
         },
         source_rows<RackModel>());

using PL = CatalogField<GpuPlatform>;
const auto kPlatform = rows(
    entry_rows<GpuPlatform>(),
    std::array{
        count("gpus_per_node", &GpuPlatform::gpus_per_node, 1, true, key()),
        count("gpus_per_su", &GpuPlatform::gpus_per_su, 1, true, key()),
        PL{.name = "power_per_su",
           .type = T::quantity,
           .member = &GpuPlatform::power_per_su,
           .required = false},
        plain("storage_network", T::quantity, &GpuPlatform::storage_network,
              if_set(show(0, units::Gbps)), false),
        // docs/workloads.md §2: each with its own
        // source in field_sources.
        ranged("speed_vs_h100", T::number, &GpuPlatform::speed_vs_h100, Bounds{0.0, 1000.0, true},
               "expected how many times faster than an H100 one GPU trains, above 0 and at most "
               "1,000, such as 2.2",
               if_set(show(2)), false),
        ranged("speed_vs_a100", T::number, &GpuPlatform::speed_vs_a100, Bounds{0.0, 1000.0, true},
               "expected how many times faster than an A100 one GPU trains, above 0 and at most "
               "1,000, such as 2.5",
               if_set(show(2)), false),
    },
    source_rows<GpuPlatform>());

using PR = CatalogField<PerformanceRule>;
const auto kRule =
    rows(entry_rows<PerformanceRule>(),
         std::array{
             plain("platform", T::id, &PerformanceRule::platform, key(), false),
             PR{.name = "basis",
                .type = T::basis,
                .member = &PerformanceRule::basis,
                .shown = key(),
                .read = detail::read_basis},
             plain("read", T::quantity_any, &PerformanceRule::read, key(2, units::GB_per_s)),
             plain("write", T::quantity_any, &PerformanceRule::write, key(2, units::GB_per_s)),
             plain("requires_certified", T::boolean, &PerformanceRule::requires_certified, show(),
                   false),
         },
         source_rows<PerformanceRule>());

using RS = ReferenceSystem;
using RF = CatalogField<RS>;
const auto kReference = rows(
    entry_rows<RS>(),
    std::array{
        plain("read_per_100pb", T::quantity, &RS::read_per_100pb, key(2, units::Tbps)),
        plain("write_per_100pb", T::quantity, &RS::write_per_100pb, key(2, units::Tbps)),
        ranged("racks_per_eb", T::number, &RS::racks_per_eb,
               Bounds{0.0, std::numeric_limits<double>::infinity(), true},
               "expected a number of racks per exabyte greater than zero", key()),
        plain("power_per_rack", T::quantity, &RS::power_per_rack, show(1, units::kW)),
        plain("account_capacity", T::quantity, &RS::account_capacity, show(1, units::PiB), false),
        plain("account_ingress", T::quantity, &RS::account_ingress, show(0, units::Gbps), false),
        plain("account_egress", T::quantity, &RS::account_egress, show(0, units::Gbps), false),
        ranged("raw_per_usable", T::number, &RS::raw_per_usable, Bounds{1.0, 10.0},
               "expected raw bytes per usable byte from 1 to 10, e.g. 1.33 for a 12+4 code",
               show(2), false),
        count("accounts_per_subscription", &RS::accounts_per_subscription, 1, false),
        // The limit on request is the higher one.
        RF{.name = "accounts_per_subscription_raised",
           .type = T::count,
           .member = &RS::accounts_per_subscription_raised,
           .required = false,
           .bounds = Bounds{1.0},
           .read = detail::read_accounts_raised},
    },
    source_rows<RS>());

using FR = CatalogField<FailureRatePreset>;
const auto kFailureRate =
    rows(entry_rows<FailureRatePreset>(),
         std::array{
             FR{.name = "failures_per_1000_node_days",
                .type = T::number,
                .member = &FailureRatePreset::per_1000_node_days,
                .bounds = Bounds{0.0, 1e6, true, false},
                .expected =
                    "expected failures per 1,000 node-days above 0 (and at most 10^6), such as 6.5",
                .shown = key(2)},
             // A rate per node-day is only comparable across platforms with the
             // node it was counted on (docs/checkpoints.md §4), so every preset
             // states it.
             count("gpus_per_node", &FailureRatePreset::gpus_per_node, 1, true, key()),
         },
         source_rows<FailureRatePreset>());

// docs/workloads.md §1: a training-data workload gives the first five
// fields, a checkpoint workload the last (workload_finish checks which).
const auto kWorkload =
    rows(entry_rows<Workload>(),
         std::array{
             plain("accelerator", T::id, &Workload::accelerator, if_set(key()), false),
             count("batch", &Workload::batch, 1, false, if_set(show())),
             plain("sample_size", T::quantity, &Workload::sample_size, if_set(show(3, units::MB)),
                   false),
             plain("compute_time", T::quantity, &Workload::compute_time, if_set(show(4, units::s)),
                   false),
             ranged("min_au", T::number, &Workload::min_au, Bounds{0.0, 1.0, true, false},
                    "expected the least accelerator utilisation as a share above 0 and at most 1, "
                    "such as 0.9 for 90 %",
                    if_set(show(2)), false),
             plain("checkpoint_size", T::quantity, &Workload::checkpoint_size,
                   if_set(key(2, units::TB)), false),
         },
         source_rows<Workload>());

// docs/bom.md: cables, optics, PDUs, rails and management switches.
using PT = CatalogField<Part>;
const auto kPart =
    rows(entry_rows<Part>(),
         std::array{
             PT{.name = "role",
                .type = T::id,
                .member = &Part::role,
                .shown = key(),
                .read = detail::read_part_role},
             plain("speed", T::quantity, &Part::speed, if_set(key(0, units::Gbps)), false),
             ranged("reach_m", T::number, &Part::reach_m, Bounds{0.0, 100'000.0, true},
                    "expected the longest run in metres above 0 and at most 100,000, such as 3",
                    if_set(key(1)), false),
             plain("power", T::quantity_any, &Part::power, if_set(show(1, units::W)), false),
             count("ports", &Part::ports, 1, false, if_set(show())),
             plain("fibre", T::id, &Part::fibre, if_set(show()), false),
             plain("sku", T::line, &Part::sku, if_set(show()), false),
             weight_row<Part>(),
         },
         source_rows<Part>());

const CatalogKinds kKinds{
    CatalogKind<CNodeModel>{"cnodes", "cnode", "C-nodes", &Catalog::cnodes, kCnode,
                            detail::device_finish<CNodeModel>},
    CatalogKind<DBoxModel>{"dboxes", "dbox", "D-boxes", &Catalog::dboxes, kDbox,
                           detail::device_finish<DBoxModel>},
    CatalogKind<ErasureCodingRule>{"erasure_coding", "erasure_coding", "Erasure coding",
                                   &Catalog::erasure_coding, kErasureCoding},
    CatalogKind<SwitchModel>{"switches", "switch", "Switches", &Catalog::switches, kSwitch,
                             detail::switch_finish},
    CatalogKind<RackModel>{"racks", "rack", "Racks", &Catalog::racks, kRack},
    CatalogKind<GpuPlatform>{"gpu_platforms", "gpu_platform", "GPU platforms", &Catalog::platforms,
                             kPlatform},
    CatalogKind<PerformanceRule>{"performance_rules", "performance_rule", "Performance rules",
                                 &Catalog::rules, kRule},
    CatalogKind<ReferenceSystem>{"references", "reference", "Reference systems",
                                 &Catalog::references, kReference},
    CatalogKind<FailureRatePreset>{"failure_rates", "failure_rate", "Failure rates",
                                   &Catalog::failure_rates, kFailureRate},
    CatalogKind<Workload>{"workloads", "workload", "Workloads", &Catalog::workloads, kWorkload,
                          detail::workload_finish},
    CatalogKind<Part>{"parts", "part", "Parts", &Catalog::parts, kPart},
};

std::vector<CatalogKindName> kind_names() {
    std::vector<CatalogKindName> out;
    for_each_catalog_kind([&](const auto& k) { out.push_back({k.key, k.word, k.label}); });
    return out;
}

} // namespace

const CatalogKinds& catalog_kinds() {
    return kKinds;
}

std::span<const CatalogKindName> catalog_kind_names() {
    static const std::vector<CatalogKindName> names = kind_names();
    return names;
}

std::vector<std::string_view> catalog_field_names(std::string_view key) {
    std::vector<std::string_view> out;
    for_each_catalog_kind([&](const auto& kind) {
        if (kind.key == key) {
            for (const auto& f : kind.fields) {
                out.push_back(f.name);
            }
        }
    });
    return out;
}

} // namespace podsizer

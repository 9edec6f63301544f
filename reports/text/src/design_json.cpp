// The design JSON: one design as `size --format json` writes it (`designs[]`),
// and the batch and sweep records that carry it or a part of it. Every key a
// metric of the registry shows is written from the metric's row (its `json`
// field in metrics.cpp, key and value); this file only says where it goes
// among the design's other keys, and writes those (the details no table
// shows: the fabric's tiers, the rack quotients, the stripe, the layout).
// A metric given a JSON field and placed nowhere here is written after the
// last figure, so adding a metric to the registry puts it in the JSON
// (docs/architecture.md, "The metric registry").
#include "bom_json.hpp"
#include "checkpoint_json.hpp"
#include "podsizer/reports/metrics.hpp"
#include "report_json.hpp"
#include "sizing_json.hpp"

#include <algorithm>
#include <stdexcept>
#include <variant>
#include <vector>

namespace podsizer::detail {

namespace {

using json = nlohmann::ordered_json;
using D = const Design&;
using M = MetricId;

/// One key of the design JSON, in order: a metric's field, written from its
/// registry row, or a field of the design's own.
struct Entry {
    std::string_view key = {};      ///< own fields: the key
    FigureValue (*of)(D) = nullptr; ///< own fields: the value
    std::optional<MetricId> metric; ///< a metric's field: key and value are its row's
};

/// An own field; one whose value is absent is not written.
Entry own(std::string_view key, FigureValue (*of)(D)) {
    return {.key = key, .of = of, .metric = std::nullopt};
}

Entry from(MetricId id) {
    return {.metric = id};
}

/// One count's reason: the requirement that set it, what each alone would
/// need, and (docs/workloads.md §4) where the read set it, what set the read.
struct Count {
    const SizedBy& s;
    const Requirements& req;
};
json needs_json(const Count& c) {
    json needs = json::object();
    for (const CountNeed& n : c.s.needs) {
        needs[n.requirement] = n.count;
    }
    return needs;
}
constexpr auto kReadSet = [](const Count& c) {
    return c.s.by == "read" && !c.req.workloads.empty();
};
constexpr std::array kCount{
    FigureRow<Count>{.key = "by", .value = by<[](const Count& c) { return c.s.by; }>},
    FigureRow<Count>{.key = "needs", .value = by<needs_json>},
    FigureRow<Count>{.key = "read_set_by",
                     .value = only<kReadSet, [](const Count& c) { return c.req.read_driver; }>},
};

/// docs/model.md §5: what set each count, and what each requirement alone
/// would need.
json sized_by_json(const DesignSizedBy& by, const Requirements& req) {
    json out;
    for (const auto& [key, s] :
         {std::pair{"cnodes", &by.cnodes}, std::pair{"dboxes", &by.dboxes},
          std::pair{"racks", &by.racks}, std::pair{"switches", &by.switches}}) {
        out[key] = figures_json(kCount, Count{*s, req});
    }
    return out;
}

json layout_json(D d) {
    json racks = json::array();
    for (const Rack& r : d.layout) {
        racks.push_back({{"rack", r.index},
                         {"cnodes", r.cnodes},
                         {"dboxes", r.dboxes},
                         {"switches", r.switches},
                         {"rack_units_used", r.used.base()},
                         {"power_w", r.power.base()},
                         {"max_power_w", r.max_power.base()},
                         {"cooling", to_string(r.cooling)}});
    }
    return racks;
}

json checkpoints_json(D d) {
    json checkpoints = json::array();
    for (std::size_t i = 0; i < d.checkpoints.size(); ++i) {
        checkpoints.push_back(
            checkpoint_at_design_json(d.requirements.checkpoints.jobs[i], d.checkpoints[i]));
    }
    return checkpoints;
}

/// A rack figure, null when a single device fits no rack (REDTEAM-3 #14).
template <auto M> FigureValue fit(D d) {
    return d.racks_fit ? of<M>(d) : nullptr;
}

// The figures, in the order scripts have read them since the first release.
const Entry kFigures[] = {
    own("name", of<&Design::name>),
    from(M::cnode_model),
    from(M::dbox_model),
    own("switch_model", of<&Design::switch_model>),
    own("rack_model", of<&Design::rack_model>),
    from(M::drive_size),
    own("drives_per_dbox", of<&Design::drives_per_dbox>),
    from(M::cnodes),
    from(M::dboxes),
    // The fabric and the GPU side (docs/model.md §8).
    from(M::switches),
    own("leaf_switches", of<&Design::leaf_switches>),
    own("spine_switches", of<&Design::spine_switches>),
    own("super_spine_switches", of<&Design::super_spine_switches>),
    from(M::fabric_tiers),
    own("gpu_fabric_uplink_bytes_per_s", of<&Design::gpu_fabric_uplink>),
    own("gpu_storage_network_bytes_per_s",
        of<&Design::requirements, &Requirements::gpu_storage_network>),
    // A ratio of line rates, not an oversubscription (REVIEW-3 §4.3): JSON only.
    own("gpu_nic_to_client_port_line_rate_ratio", of<&Design::gpu_nic_to_client_port_line_rate>),
    from(M::client_port_headroom),
    // Where the client ports land; on storage leaves, the links from the
    // storage fabric to the customer's (each at the speed given).
    from(M::client_network),
    own("client_ports", of<&Design::client_ports>),
    own("client_port_bytes_per_s", of<&Design::client_port_speed>),
    own("client_uplinks", of<&Design::client_uplinks>),
    own("client_uplink_bytes_per_s", of<&Design::client_uplink_speed>),
    // The racks on both power bases; null when a single device fits no rack
    // (REDTEAM-3 #14); the space and power quotients are still what they are.
    from(M::racks),
    own("racks_for_space", of<&Design::racks_for_space>),
    own("racks_for_power", of<&Design::racks_for_power>),
    own("racks_on_typical", fit<&Design::racks_on_typical>),
    own("racks_on_max", fit<&Design::racks_on_max>),
    // The basis the facility plans on and its racks (docs/model.md §10).
    own("racks_planning_basis", of<&Design::planning_basis>),
    own("racks_planned", fit<&Design::planning_racks>),
    from(M::rack_units),
    from(M::device_units),
    own("switch_rack_units", of<&Design::switch_units>),
    own("rack_usable_units", of<&Design::rack_usable>),
    own("rack_power_budget_w", of<&Design::rack_budget>),
    // Raw, usable and effective capacity and the stripe.
    from(M::raw_capacity),
    from(M::usable_capacity),
    from(M::effective_capacity),
    own("data_reduction", of<&Design::data_reduction>),
    from(M::erasure_coding),
    own("parity_strips", of<&Design::parity_strips>),
    own("ec_efficiency", of<&Design::ec_efficiency>),
    own("reserve", of<&Design::reserve>),
    // docs/model.md §6: the layout and what the design survives.
    from(M::ec_layout),
    own("ec_layout_auto", of<&Design::ec_layout_auto>),
    own("stripe_width", of<&Design::stripe_width>),
    own("failure_domains", of<&Design::failure_domains>),
    own("strips_per_dbox", of<&Design::strips_per_dbox>),
    own("strips_per_rack", of<&Design::strips_per_rack>),
    from(M::tolerates_dbox_loss),
    from(M::tolerates_rack_loss),
    from(M::read),
    from(M::write),
    // docs/model.md §5: what set each count, and the state and margin the
    // counts were sized for.
    own("sized_by", by<[](D d) { return sized_by_json(d.sized_by, d.requirements); }>),
    from(M::size_for),
    own("headroom", of<&Design::constraints, &Constraints::headroom>),
    own("frontend_read_bytes_per_s", of<&Design::frontend_read>),
    own("frontend_write_bytes_per_s", of<&Design::frontend_write>),
    own("backend_read_bytes_per_s", of<&Design::backend_read>),
    own("backend_write_bytes_per_s", of<&Design::backend_write>),
    // The read side under the name of the first release.
    own("bottleneck", of<&Design::read_bottleneck>),
    from(M::read_bottleneck),
    from(M::bottleneck),
    own("saturation_cnodes_per_dbox", of<&Design::saturation>),
    from(M::knee),
    from(M::power),
    // docs/model.md §10: the basis every rack figure was checked on.
    from(M::max_power),
    own("power_basis", of<&Design::constraints, &Constraints::power_basis>),
    own("rack_derate", of<&Design::constraints, &Constraints::rack_derate>),
    own("rack_power_limit_w", of<&Design::rack_limit>),
    own("pue", of<&Design::constraints, &Constraints::pue>),
    from(M::facility_power),
    own("rack_peak_power_w", of<&Design::rack_peak>),
    from(M::cooling),
    from(M::pb_per_rack),
    own("pb_per_kw", of<&Design::pb_per_kw>),
    from(M::read_per_kw),
    own("read_gb_per_s_per_rack", fit<&Design::gbps_read_per_rack>),
    from(M::read_per_gpu),
    from(M::feasible),
    // docs/model.md §15: the verdict, its checks and its sentence.
    own("verdict", by<verdict_json>),
};

// After the figures: findings, assumptions and the parts with structure.
const Entry kTail[] = {
    own("findings", by<[](D d) { return findings_json(d.findings); }>),
    own("assumptions", by<[](D d) { return headline_assumptions(d.assumptions); }>),
    own("assumptions_by_metric", by<[](D d) { return assumptions_by_metric_json(d.assumptions); }>),
    own("layout", by<layout_json>),
    own("write_driver", of<&Design::requirements, &Requirements::write_driver>),
    own("write_driven_by", of<&Design::requirements, &Requirements::write_driven_by>),
    own("checkpoints", by<checkpoints_json>),
    own("resilience", [](D d) { return given_as(d.resilience, resilience_json); }),
    // docs/bom.md: the bill of materials and the facility figures.
    own("bom", [](D d) { return given_as(d.bom, bill_json); }),
    own("facility", [](D d) { return given_as(d.facility, facility_json); }),
};

/// Every entry in order: the figures, the metrics with a JSON field that
/// kFigures and kTail do not place (in registry order), then the tail.
const std::vector<Entry>& layout() {
    static const std::vector<Entry> all = [] {
        auto placed = [](MetricId id) {
            auto is = [id](const Entry& e) { return e.metric == id; };
            return std::any_of(std::begin(kFigures), std::end(kFigures), is) ||
                   std::any_of(std::begin(kTail), std::end(kTail), is);
        };
        std::vector<Entry> out(std::begin(kFigures), std::end(kFigures));
        for (const Metric& m : metric_registry()) {
            if (m.json.of != nullptr && !placed(m.id)) {
                out.push_back(from(m.id));
            }
        }
        out.insert(out.end(), std::begin(kTail), std::end(kTail));
        return out;
    }();
    return all;
}

void write(json& j, const Entry& e, D d) {
    if (e.metric) {
        const JsonField& f = metric(*e.metric).json;
        j[std::string(f.key)] = std::visit([](const auto& v) { return json(v); }, f.of(d));
    } else if (FigureValue v = e.of(d); !std::holds_alternative<Absent>(v)) {
        j[std::string(e.key)] = figure_json(std::move(v));
    }
}

} // namespace

nlohmann::ordered_json design_to_json(const Design& d) {
    json j;
    for (const Entry& e : layout()) {
        write(j, e, d);
    }
    return j;
}

nlohmann::ordered_json
design_fields_json(const Design& d, std::initializer_list<std::span<const std::string_view>> keys) {
    json j;
    const auto& all = layout();
    for (std::span<const std::string_view> part : keys) {
        for (std::string_view key : part) {
            const auto e = std::find_if(all.begin(), all.end(), [key](const Entry& x) {
                return (x.metric ? metric(*x.metric).json.key : x.key) == key;
            });
            if (e == all.end()) {
                throw std::logic_error("no design JSON field " + std::string(key));
            }
            write(j, *e, d);
        }
    }
    return j;
}

} // namespace podsizer::detail

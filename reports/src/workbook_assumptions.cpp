// The Assumptions sheet: every input and catalog figure the formulas use, with
// its unit and source, each under a defined name (reports/workbook.hpp).
#include "workbook_parts.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace podsizer::wb {

namespace {

constexpr double kGroupWidth = 30;
constexpr double kFigureWidth = 36;
constexpr double kRefWidth = 34;
constexpr double kNoteWidth = 60;

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

struct AssumptionsBuilder {
    Assumptions& a;

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
};

Assumptions Assumptions::build(const WorkbookInput& input) {
    using xlsx::Num;
    Assumptions a;
    AssumptionsBuilder b{a};
    const SizingResult& result = *input.result;
    const Catalog& cat = *input.catalog;
    const Requirements& req = result.requirements;

    // Scenario inputs.
    const std::string sc = input.scenario != nullptr ? input.scenario->name : result.scenario;
    const Source ssrc = scenario_source(sc);
    auto scenario_row = [&](const std::string& field, const std::string& figure, double v, Num num,
                            const std::string& unit) {
        AssumptionRow r = number_row("Scenario", figure, v, num, unit, ssrc);
        r.source_kind = "scenario";
        b.num("scenario", "scenario", field, std::move(r));
    };
    const Scenario* s = input.scenario;
    if (s != nullptr && s->fleet) {
        scenario_row("pod_gpus", "GPUs in the pod (one training cluster)",
                     static_cast<double>(s->fleet->pod_gpus()), Num::integer, "GPUs");
        const GpuPlatform* p = cat.platform(s->fleet->platform);
        if (p != nullptr) {
            const std::string g = "GPU platform " + p->id;
            b.num("platform", p->id, "gpus_per_su",
                  number_row(g, "GPUs per scalable unit (SU)", p->gpus_per_su, Num::integer, "GPUs",
                             p->provenance.of("gpus_per_su")));
            if (!req.checkpoints.jobs.empty()) {
                b.num("platform", p->id, "gpus_per_node",
                      number_row(g, "GPUs per node", p->gpus_per_node, Num::integer, "GPUs",
                                 p->provenance.of("gpus_per_node")));
            }
        }
        if (!req.checkpoints.jobs.empty()) {
            // Every job of a plan runs under the same failure rate.
            const FailureRate& rate = req.checkpoints.jobs.front().failure_rate;
            const FailureRatePreset* preset =
                rate.preset.empty() ? nullptr : cat.failure_rate(rate.preset);
            if (preset != nullptr) {
                b.num("failure", "failure_rate", "per_1000_node_days",
                      number_row("Failure rate " + preset->id,
                                 "Job interruptions per 1,000 node-days", rate.per_1000_node_days,
                                 Num::precise, "failures",
                                 preset->provenance.of("per_1000_node_days")));
            } else {
                AssumptionRow r =
                    number_row("Scenario", "Job interruptions per 1,000 node-days",
                               rate.per_1000_node_days, Num::precise, "failures", ssrc);
                r.source_kind = "scenario";
                b.num("failure", "failure_rate", "per_1000_node_days", std::move(r));
            }
        }
        if (s->performance && !s->performance->rule.empty()) {
            const PerformanceRule* rule = cat.rule(s->performance->rule);
            if (rule != nullptr) {
                const bool per_su = rule->basis == PerformanceRule::Basis::per_su;
                const std::string g = "Performance rule " + rule->id;
                const std::string per = per_su ? " per SU" : " per GPU";
                b.num("rule", rule->id, "read_GBps",
                      number_row(g, "Read" + per, in(rule->read, units::GB_per_s), Num::precise,
                                 "GB/s", rule->provenance.of("read")));
                b.num("rule", rule->id, "write_GBps",
                      number_row(g, "Write" + per, in(rule->write, units::GB_per_s), Num::precise,
                                 "GB/s", rule->provenance.of("write")));
                const GpuPlatform* rp = cat.platform(rule->platform);
                const double basis =
                    per_su ? (rp != nullptr ? rp->gpus_per_su : (p != nullptr ? p->gpus_per_su : 1))
                           : 1.0;
                b.num("rule", rule->id, "basis_gpus",
                      number_row(g, "GPUs the figures are for", basis, Num::integer, "GPUs",
                                 Source{SourceKind::derived, "catalog: platform " + rule->platform,
                                        per_su ? "the SU size of the rule's platform"
                                               : "per-GPU figures"}));
            }
        } else if (s->performance) {
            scenario_row("read_per_gpu_GBps", "Read per GPU",
                         in(s->performance->read_per_gpu.value_or(Throughput{}), units::GB_per_s),
                         Num::precise, "GB/s");
            scenario_row("write_per_gpu_GBps", "Write per GPU",
                         in(s->performance->write_per_gpu.value_or(Throughput{}), units::GB_per_s),
                         Num::precise, "GB/s");
        }
    }
    if (s != nullptr && s->capacity.usable) {
        scenario_row("usable_PB", "Usable capacity needed per pod",
                     in(*s->capacity.usable, units::PB), Num::precise, "PB");
    } else if (s != nullptr && s->capacity.usable_per_gpu) {
        scenario_row("usable_per_gpu_TB", "Usable capacity needed per GPU",
                     in(*s->capacity.usable_per_gpu, units::TB), Num::precise, "TB");
    }
    if (s == nullptr) {
        // Without the scenario, the requirement itself is the input.
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
    // Options with their own capacity need (an exabyte beside per-pod options).
    if (s != nullptr) {
        for (std::size_t i = 0; i < s->options.size() && i < result.designs.size(); ++i) {
            const OptionSpec& o = s->options[i];
            if (o.capacity && o.capacity->usable) {
                AssumptionRow r =
                    number_row("Scenario", "Usable capacity needed by " + result.designs[i].name,
                               in(*o.capacity->usable, units::PB), Num::precise, "PB", ssrc);
                r.source_kind = "scenario";
                b.num("option", "option_" + std::to_string(i + 1), "usable_PB", std::move(r));
            }
        }
    }
    const double dr = s != nullptr
                          ? s->data_reduction
                          : (result.designs.empty() ? 1.0 : result.designs[0].data_reduction);
    scenario_row("data_reduction", "Data-reduction ratio (what-if; 1 = none)", dr, Num::two, ":1");
    if (s != nullptr && s->constraints.rack_power) {
        scenario_row("rack_power_kW", "Power budget per rack (overrides the rack model)",
                     in(*s->constraints.rack_power, units::kW), Num::precise, "kW");
    }
    if (s != nullptr) {
        const Constraints& c = s->constraints;
        auto info = [&](const std::string& figure, const std::string& text) {
            AssumptionRow r = text_row("Scenario", figure, text, ssrc);
            r.source_kind = "scenario";
            b.text(std::move(r));
        };
        info("Minimum C:D ratio", c.cd_min.text);
        info("Maximum C:D ratio", c.cd_max.text);
        if (c.max_racks) {
            info("Maximum racks", format_number(static_cast<double>(*c.max_racks)));
        }
        if (c.max_power) {
            info("Maximum power", format_in(*c.max_power, units::kW, 1));
        }
        info("Rack-level resilience required", c.rack_resilient ? "yes" : "no");
    }

    // The comparison: the target the pods grow to (and the references are
    // sized at), and the reference systems' figures.
    if (const Comparison* cmp = input.comparison) {
        if (!cmp->extrapolations.empty()) {
            const Extrapolation& e = cmp->extrapolations.front();
            scenario_row("target_PB", "Capacity target (pods grow to it)", in(e.target, units::PB),
                         Num::precise, "PB");
            scenario_row("tolerance", "Tolerance short of the target", e.tolerance, Num::percent,
                         "%");
        }
        for (const ReferenceSizing& r : cmp->references) {
            const ReferenceSystem* sys = cat.reference(r.id);
            if (sys == nullptr) {
                continue;
            }
            const std::string g = "Reference " + sys->id;
            const Provenance& pv = sys->provenance;
            b.num("reference", sys->id, "read_per_100PB_Tbps",
                  number_row(g, "Read per 100 PB", in(sys->read_per_100pb, units::Tbps),
                             Num::precise, "Tbps", pv.of("read_per_100pb")));
            b.num("reference", sys->id, "write_per_100PB_Tbps",
                  number_row(g, "Write per 100 PB", in(sys->write_per_100pb, units::Tbps),
                             Num::precise, "Tbps", pv.of("write_per_100pb")));
            b.num("reference", sys->id, "racks_per_EB",
                  number_row(g, "Racks per EB", sys->racks_per_eb, Num::precise, "racks",
                             pv.of("racks_per_eb")));
            b.num("reference", sys->id, "power_per_rack_kW",
                  number_row(g, "Power per rack", in(sys->power_per_rack, units::kW), Num::precise,
                             "kW", pv.of("power_per_rack")));
            if (sys->raw_per_usable > 0) {
                b.num("reference", sys->id, "raw_per_usable",
                      number_row(g, "Raw stored per usable byte", sys->raw_per_usable, Num::precise,
                                 "B/B", pv.of("raw_per_usable")));
            }
            if (sys->account_capacity.base() > 0) {
                b.num("reference", sys->id, "account_capacity_PiB",
                      number_row(g, "Capacity per account", in(sys->account_capacity, units::PiB),
                                 Num::precise, "PiB", pv.of("account_capacity")));
                if (sys->account_ingress.base() > 0) {
                    b.num("reference", sys->id, "account_ingress_Gbps",
                          number_row(g, "Ingress (write) per account",
                                     in(sys->account_ingress, units::Gbps), Num::precise, "Gbps",
                                     pv.of("account_ingress")));
                }
                if (sys->account_egress.base() > 0) {
                    b.num("reference", sys->id, "account_egress_Gbps",
                          number_row(g, "Egress (read) per account",
                                     in(sys->account_egress, units::Gbps), Num::precise, "Gbps",
                                     pv.of("account_egress")));
                }
            }
        }
    }

    // Catalog entries of every model the designs use, in first-use order.
    std::vector<std::string> cnodes, dboxes, switches, racks;
    auto once = [](std::vector<std::string>& v, const std::string& id) {
        if (std::find(v.begin(), v.end(), id) == v.end()) {
            v.push_back(id);
        }
    };
    for (const Design& d : result.designs) {
        once(cnodes, d.cnode_model);
        once(dboxes, d.dbox_model);
        once(switches, d.switch_model);
        once(racks, d.rack_model);
    }
    for (const std::string& id : cnodes) {
        const CNodeModel* c = cat.cnode(id);
        if (c == nullptr) {
            continue;
        }
        const std::string g = "C-node " + c->id;
        const Provenance& pv = c->provenance;
        b.num("cnode", id, "height_U",
              number_row(g, "Height", c->height.base(), Num::integer, "U", pv.of("height")));
        b.num("cnode", id, "power_W",
              number_row(g, "Power (typical)", c->power.base(), Num::integer, "W", pv.of("power")));
        b.num("cnode", id, "read_GBps",
              number_row(g, "Read per C-node", in(c->read, units::GB_per_s), Num::precise, "GB/s",
                         pv.of("read")));
        b.num("cnode", id, "write_GBps",
              number_row(g, "Write per C-node", in(c->write, units::GB_per_s), Num::precise, "GB/s",
                         pv.of("write")));
        b.num("cnode", id, "client_ports",
              number_row(g, "Client-side network ports", c->client_ports, Num::integer, "ports",
                         pv.of("client_ports")));
        b.num("cnode", id, "backend_ports",
              number_row(g, "Backend network ports", c->backend_ports, Num::integer, "ports",
                         pv.of("backend_ports")));
    }
    std::vector<std::string> ec_rules;
    for (const std::string& id : dboxes) {
        const DBoxModel* d = cat.dbox(id);
        if (d == nullptr) {
            continue;
        }
        const std::string g = "D-box " + d->id;
        const Provenance& pv = d->provenance;
        b.num("dbox", id, "height_U",
              number_row(g, "Height", d->height.base(), Num::integer, "U", pv.of("height")));
        b.num("dbox", id, "power_W",
              number_row(g, "Power (typical)", d->power.base(), Num::integer, "W", pv.of("power")));
        b.num(
            "dbox", id, "drives",
            number_row(g, "Drives per D-box", d->drives, Num::integer, "drives", pv.of("drives")));
        std::string sizes;
        for (Capacity size : d->drive_sizes) {
            sizes += (sizes.empty() ? "" : ", ") + format_number(in(size, units::TB), 2);
        }
        AssumptionRow options = text_row(g, "Drive options", sizes, pv.of("drive_sizes"));
        options.unit = "TB";
        b.text(std::move(options));
        b.num("dbox", id, "backend_read_GBps",
              number_row(g, "Backend read per D-box", in(d->backend_read, units::GB_per_s),
                         Num::precise, "GB/s", pv.of("backend_read")));
        b.num("dbox", id, "backend_write_GBps",
              number_row(g, "Backend write per D-box", in(d->backend_write, units::GB_per_s),
                         Num::precise, "GB/s", pv.of("backend_write")));
        b.num("dbox", id, "backend_ports",
              number_row(g, "Backend network ports", d->backend_ports, Num::integer, "ports",
                         pv.of("backend_ports")));
        b.text(text_row(g, "Certified for NVIDIA reference architectures",
                        d->ncp_certified ? "yes" : "no", pv.of("ncp_certified")));
        once(ec_rules, d->erasure_coding);
    }
    for (const std::string& id : ec_rules) {
        const ErasureCodingRule* ec = cat.ec_rule(id);
        if (ec == nullptr) {
            continue;
        }
        const std::string g = "Erasure coding " + ec->id;
        const Provenance& pv = ec->provenance;
        b.num("ec", id, "parity",
              number_row(g, "Parity strips per stripe", ec->parity, Num::integer, "strips",
                         pv.of("parity")));
        b.num("ec", id, "reserve",
              number_row(g, "Reserve held back on top of erasure coding", ec->reserve, Num::percent,
                         "%", pv.of("reserve")));
        b.num("ec", id, "min_dboxes",
              number_row(g, "Smallest cluster", ec->min_dboxes, Num::integer, "D-boxes",
                         pv.of("min_dboxes")));
        b.num("ec", id, "enclosure_tolerance_min_dboxes",
              number_row(g, "Enclosure-failure tolerance from", ec->enclosure_tolerance_min_dboxes,
                         Num::integer, "D-boxes", pv.of("enclosure_tolerance_min_dboxes")));
        b.num("ec", id, "rack_resilience_min_racks",
              number_row(g, "Rack-level resilience needs at least", ec->rack_resilience_min_racks,
                         Num::integer, "racks", pv.of("rack_resilience_min_racks")));
        // The stripe-width step function as two contiguous runs (from, data),
        // so a design's data strips are LOOKUP(D-boxes, from, data).
        // The steps share one source: given in full on the first row only.
        const Source& steps = pv.of("steps");
        const Source same{steps.kind, "", "as step 1"};
        const std::size_t from_first = b.size();
        for (std::size_t i = 0; i < ec->steps.size(); ++i) {
            b.text(number_row(g, "Stripe width step " + std::to_string(i + 1) + ": from",
                              ec->steps[i].min_dboxes, Num::integer, "D-boxes",
                              i == 0 ? steps : same));
        }
        const std::size_t data_first = b.size();
        for (std::size_t i = 0; i < ec->steps.size(); ++i) {
            b.text(number_row(g, "Stripe width step " + std::to_string(i + 1) + ": data strips",
                              ec->steps[i].data_strips, Num::integer, "strips", same));
        }
        b.range("ec", id, "steps_from", from_first, data_first - 1);
        b.range("ec", id, "steps_data", data_first, b.size() - 1);
    }
    for (const std::string& id : switches) {
        const SwitchModel* sw = cat.network_switch(id);
        if (sw == nullptr) {
            continue;
        }
        const std::string g = "Switch " + sw->id;
        const Provenance& pv = sw->provenance;
        b.num("switch", id, "height_U",
              number_row(g, "Height", sw->height.base(), Num::integer, "U", pv.of("height")));
        b.num(
            "switch", id, "power_W",
            number_row(g, "Power (typical)", sw->power.base(), Num::integer, "W", pv.of("power")));
        b.num("switch", id, "ports",
              number_row(g, "Ports at device speed", sw->ports, Num::integer, "ports",
                         pv.of("ports")));
        b.num("switch", id, "downlink_fraction",
              number_row(g, "Share of a leaf's ports facing devices", sw->downlink_fraction,
                         Num::percent, "%", pv.of("downlink_fraction")));
    }
    for (const std::string& id : racks) {
        const RackModel* r = cat.rack(id);
        if (r == nullptr) {
            continue;
        }
        const std::string g = "Rack " + r->id;
        const Provenance& pv = r->provenance;
        b.num("rack", id, "usable_U",
              number_row(g, "Usable space", r->usable.base(), Num::integer, "U", pv.of("usable")));
        b.num("rack", id, "budget_kW",
              number_row(g, "Power budget", in(r->power_budget, units::kW), Num::precise, "kW",
                         pv.of("power_budget")));
    }
    return a;
}

void write_assumptions(xlsx::Book& book, xlsx::Sheet& sheet, const Assumptions& a,
                       const std::string& scenario) {
    using xlsx::Num;
    using xlsx::Role;
    sheet.text(0, 0, "Assumptions", book.title());
    sheet.text(1, 0,
               "Every input and catalog figure the formulas use, with its source. Scenario: " +
                   scenario,
               book.subtitle());
    sheet.text(2, 0,
               "Blue cells are inputs: change one and every dependent number in the workbook "
               "follows.",
               book.subtitle());
    const int h = Assumptions::kHeaderRow;
    const char* headers[] = {"Group",       "Figure",    "Value", "Unit", "Name in formulas",
                             "Source kind", "Reference", "Note"};
    for (int c = 0; c < 8; ++c) {
        sheet.text(h, c, headers[c], book.header_left());
    }
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
                               {r.group, kGroupWidth, 10.0},
                               {r.figure, kFigureWidth, 10.0},
                               {r.source_ref, kRefWidth, 9.0},
                               {r.source_note, kNoteWidth, 9.0}});
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
    sheet.column_width(0, 0, kGroupWidth);
    sheet.column_width(1, 1, kFigureWidth);
    sheet.column_width(2, 2, 12);
    sheet.column_width(3, 3, 8);
    sheet.column_width(4, 4, 30);
    sheet.column_width(5, 5, 11);
    sheet.column_width(6, 6, kRefWidth);
    sheet.column_width(7, 7, kNoteWidth);
    sheet.freeze(h + 1, 0);
    xlsx::check(worksheet_autofilter(sheet.raw(), static_cast<lxw_row_t>(h), 0,
                                     static_cast<lxw_row_t>(Assumptions::row_of(rows.size()) - 1),
                                     7),
                "autofilter");
    sheet.print_setup(h);
}

} // namespace podsizer::wb

#include "podsizer/core/comparison.hpp"

#include "podsizer/core/errors.hpp"

#include <algorithm>
#include <functional>

namespace podsizer {

namespace {

double ratio(double num, double den) {
    return den > 0.0 ? num / den : 0.0;
}

ComparisonColumn design_column(const Design& d) {
    ComparisonColumn c;
    c.name = d.name;
    c.kind = ColumnKind::design;
    c.basis = "1 pod";
    c.pods = 1;
    c.cnodes = d.cnodes;
    c.dboxes = d.dboxes;
    c.racks = d.racks;
    c.usable = d.usable;
    c.raw = d.raw;
    c.read = d.read;
    c.write = d.write;
    c.power = d.power;
    c.feasible = d.feasible();
    return c;
}

ComparisonColumn pods_column(const Design& d, const Extrapolation& e) {
    ComparisonColumn c;
    c.name = d.name + " × " + std::to_string(e.pods);
    c.kind = ColumnKind::pods;
    c.basis = std::to_string(e.pods) + " pods to " + format_in(e.target, units::PB, 1);
    c.pods = e.pods;
    c.cnodes = e.cnodes;
    c.dboxes = e.dboxes;
    c.racks = e.racks;
    c.usable = e.usable;
    c.raw = e.raw;
    c.read = e.read;
    c.write = e.write;
    c.power = e.power;
    c.feasible = d.feasible();
    return c;
}

ComparisonColumn reference_column(const ReferenceSizing& r) {
    ComparisonColumn c;
    c.name = r.name;
    c.kind = ColumnKind::reference;
    c.basis = "at " + format_in(r.usable, units::PB, 1);
    c.accounts = r.accounts;
    c.racks = r.racks;
    c.usable = r.usable;
    c.raw = r.raw;
    c.read = r.read;
    c.write = r.write;
    c.power = r.power;
    return c;
}

using Get = std::function<std::optional<double>(const ComparisonColumn&)>;

ComparisonRow row(const std::vector<ComparisonColumn>& cols, std::string key, std::string label,
                  std::string unit, int decimals, const Get& get) {
    ComparisonRow r{std::move(key), std::move(label), std::move(unit), decimals, {}};
    for (const ComparisonColumn& c : cols) {
        r.values.push_back(get(c));
    }
    return r;
}

std::optional<double> count_unless_reference(const ComparisonColumn& c, std::int64_t v) {
    if (c.kind == ColumnKind::reference) {
        return std::nullopt;
    }
    return static_cast<double>(v);
}

} // namespace

std::string_view to_string(ColumnKind k) {
    switch (k) {
    case ColumnKind::design:
        return "design";
    case ColumnKind::pods:
        return "pods";
    case ColumnKind::reference:
        return "reference";
    }
    return "design";
}

double ComparisonColumn::pb_per_rack() const {
    return ratio(in(usable, units::PB), static_cast<double>(racks));
}
double ComparisonColumn::gbps_read_per_kw() const {
    return ratio(in(read, units::GB_per_s), in(power, units::kW));
}
double ComparisonColumn::mbps_read_per_tb() const {
    return ratio(in(read, units::MB_per_s), in(usable, units::TB));
}
double ComparisonColumn::mbps_write_per_tb() const {
    return ratio(in(write, units::MB_per_s), in(usable, units::TB));
}

bool Comparison::all_feasible() const {
    return std::all_of(columns.begin(), columns.end(),
                       [](const ComparisonColumn& c) { return c.feasible; });
}

Comparison compare_designs(const SizingResult& sizing, const ComparisonSpec& spec) {
    Comparison cmp;
    cmp.title = sizing.scenario;
    if (spec.target) {
        cmp.reference_capacity = spec.target->target;
        cmp.reference_basis = "the target";
    } else if (!sizing.designs.empty()) {
        cmp.reference_capacity = sizing.designs.front().usable;
        cmp.reference_basis = "the capacity of " + sizing.designs.front().name;
    }

    for (const Design& d : sizing.designs) {
        cmp.columns.push_back(design_column(d));
        for (const Finding& f : d.findings) {
            cmp.findings.push_back({d.name, f});
        }
        if (spec.target) {
            Extrapolation e = extrapolate_pods(d, *spec.target);
            for (const Finding& f : e.findings) {
                cmp.findings.push_back({d.name + " to " + format_in(e.target, units::PB, 1), f});
            }
            if (e.pods > 1) {
                cmp.columns.push_back(pods_column(d, e));
            }
            cmp.extrapolations.push_back(std::move(e));
        }
    }
    if (!spec.references.empty() && !(cmp.reference_capacity.base() > 0.0)) {
        throw InputError("no capacity to size the reference systems at: give a target or a design "
                         "with usable capacity");
    }
    for (const ReferenceSystem* ref : spec.references) {
        ReferenceSizing r = size_reference(*ref, cmp.reference_capacity);
        cmp.columns.push_back(reference_column(r));
        for (const Finding& f : r.findings) {
            cmp.findings.push_back({r.name, f});
        }
        cmp.references.push_back(std::move(r));
    }

    const auto& cols = cmp.columns;
    auto& rows = cmp.rows;
    auto q = [](auto get, const Unit& unit) {
        return [=](const ComparisonColumn& c) -> std::optional<double> { return in(get(c), unit); };
    };
    rows.push_back(row(cols, "pods", "Pods", "", 0, [](const ComparisonColumn& c) {
        return count_unless_reference(c, c.pods);
    }));
    rows.push_back(row(cols, "cnodes", "C-nodes", "", 0, [](const ComparisonColumn& c) {
        return count_unless_reference(c, c.cnodes);
    }));
    rows.push_back(row(cols, "dboxes", "D-boxes", "", 0, [](const ComparisonColumn& c) {
        return count_unless_reference(c, c.dboxes);
    }));
    rows.push_back(row(cols, "accounts", "Accounts", "", 0,
                       [](const ComparisonColumn& c) -> std::optional<double> {
                           if (c.kind != ColumnKind::reference || c.accounts == 0) {
                               return std::nullopt;
                           }
                           return static_cast<double>(c.accounts);
                       }));
    rows.push_back(row(cols, "racks", "Racks", "", 0, [](const ComparisonColumn& c) {
        return std::optional<double>(static_cast<double>(c.racks));
    }));
    rows.push_back(row(cols, "usable_capacity", "Usable capacity", "PB", 1,
                       q([](const ComparisonColumn& c) { return c.usable; }, units::PB)));
    rows.push_back(row(cols, "raw_capacity", "Raw capacity", "PB", 1,
                       [](const ComparisonColumn& c) -> std::optional<double> {
                           if (!c.raw) {
                               return std::nullopt;
                           }
                           return in(*c.raw, units::PB);
                       }));
    rows.push_back(row(cols, "read", "Read", "TB/s", 2,
                       q([](const ComparisonColumn& c) { return c.read; }, units::TB_per_s)));
    rows.push_back(row(cols, "write", "Write", "TB/s", 2,
                       q([](const ComparisonColumn& c) { return c.write; }, units::TB_per_s)));
    rows.push_back(row(cols, "read_tbps", "Read", "Tbps", 1,
                       q([](const ComparisonColumn& c) { return c.read; }, units::Tbps)));
    rows.push_back(row(cols, "write_tbps", "Write", "Tbps", 1,
                       q([](const ComparisonColumn& c) { return c.write; }, units::Tbps)));
    if (std::any_of(cmp.references.begin(), cmp.references.end(),
                    [](const ReferenceSizing& r) { return r.write_capped || r.read_capped; })) {
        // What the accounts' aggregate limits let through, where they cap the rate.
        std::size_t ref = 0;
        std::vector<std::optional<double>> rd;
        std::vector<std::optional<double>> wr;
        for (const ComparisonColumn& c : cols) {
            if (c.kind == ColumnKind::reference) {
                const ReferenceSizing& r = cmp.references[ref++];
                rd.emplace_back(in(r.read_within_limits, units::Tbps));
                wr.emplace_back(in(r.write_within_limits, units::Tbps));
            } else {
                rd.emplace_back();
                wr.emplace_back();
            }
        }
        rows.push_back(
            {"read_within_account_limits_tbps", "Read within account limits", "Tbps", 1, rd});
        rows.push_back(
            {"write_within_account_limits_tbps", "Write within account limits", "Tbps", 1, wr});
    }
    rows.push_back(row(cols, "power", "Power", "kW", 1,
                       q([](const ComparisonColumn& c) { return c.power; }, units::kW)));
    rows.push_back(
        row(cols, "pb_per_rack", "Usable capacity per rack", "PB", 2,
            [](const ComparisonColumn& c) { return std::optional<double>(c.pb_per_rack()); }));
    rows.push_back(
        row(cols, "read_gb_per_s_per_kw", "Read per kW", "GB/s", 1,
            [](const ComparisonColumn& c) { return std::optional<double>(c.gbps_read_per_kw()); }));
    rows.push_back(
        row(cols, "read_mb_per_s_per_tb", "Read per TB usable", "MB/s", 1,
            [](const ComparisonColumn& c) { return std::optional<double>(c.mbps_read_per_tb()); }));
    rows.push_back(row(
        cols, "write_mb_per_s_per_tb", "Write per TB usable", "MB/s", 1,
        [](const ComparisonColumn& c) { return std::optional<double>(c.mbps_write_per_tb()); }));

    // Each design column against each reference column. The reference
    // columns are the last ones, in the order of cmp.references.
    const std::size_t first_ref = cols.size() - cmp.references.size();
    for (std::size_t k = 0; k < cmp.references.size(); ++k) {
        const ComparisonColumn& ref = cols[first_ref + k];
        const std::string& ref_id = cmp.references[k].id;
        for (const ComparisonColumn& c : cols) {
            if (c.kind == ColumnKind::reference) {
                continue;
            }
            cmp.ratios.push_back(
                {c.name, ref_id,
                 ratio(static_cast<double>(c.racks), static_cast<double>(ref.racks)),
                 ratio(c.power.base(), ref.power.base()), ratio(c.usable.base(), ref.usable.base()),
                 ratio(c.read.base(), ref.read.base()), ratio(c.write.base(), ref.write.base())});
        }
        auto ratio_row = [&](const std::string& what, const std::string& label,
                             double (*get)(const ComparisonColumn&)) {
            return row(cols, "ratio_" + what + ":" + ref_id, label + " ÷ " + ref.name, "×", 2,
                       [&](const ComparisonColumn& c) -> std::optional<double> {
                           if (c.kind == ColumnKind::reference) {
                               return std::nullopt;
                           }
                           return ratio(get(c), get(ref));
                       });
        };
        rows.push_back(ratio_row("racks", "Racks", [](const ComparisonColumn& c) {
            return static_cast<double>(c.racks);
        }));
        rows.push_back(
            ratio_row("power", "Power", [](const ComparisonColumn& c) { return c.power.base(); }));
        rows.push_back(ratio_row("usable_capacity", "Usable capacity",
                                 [](const ComparisonColumn& c) { return c.usable.base(); }));
        rows.push_back(
            ratio_row("read", "Read", [](const ComparisonColumn& c) { return c.read.base(); }));
        rows.push_back(
            ratio_row("write", "Write", [](const ComparisonColumn& c) { return c.write.base(); }));
    }
    return cmp;
}

} // namespace podsizer

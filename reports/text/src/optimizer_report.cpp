#include "podsizer/reports/optimizer_report.hpp"

#include "podsizer/reports/cost_report.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "podsizer/reports/version.hpp"
#include "report_json.hpp"

#include <algorithm>
#include <cstdint>
#include <fmt/format.h>

namespace podsizer {

namespace {

using detail::ojson;
using detail::plain;

bool is_best(const OptimizerResult& r, const Design& d) {
    return r.best && r.best->cnode_model == d.cnode_model && r.best->dbox_model == d.dbox_model &&
           r.best->drive_size == d.drive_size && r.best->rack_model == d.rack_model &&
           r.best->cnodes == d.cnodes && r.best->dboxes == d.dboxes;
}

} // namespace

std::string optimization_summary(const OptimizerResult& r) {
    std::string out =
        format_number(static_cast<double>(r.evaluated)) + " designs evaluated over " +
        format_number(static_cast<double>(r.combinations)) +
        " hardware combinations (C:D in steps of " +
        format_number(static_cast<double>(r.coarsest_step)) + "); " +
        format_number(static_cast<double>(r.feasible)) + " feasible; Pareto front of " +
        format_number(static_cast<double>(
            std::max<std::int64_t>(r.front_size, static_cast<std::int64_t>(r.pareto.size())))) +
        ".";
    if (r.front_epsilon > 0.0) {
        // Thinned (optimizer.hpp, thin_front): say how close the shown points are.
        out += "\n" + format_number(static_cast<double>(r.pareto.size())) +
               " distinct trade-offs shown: every design left out is within " +
               format_number(r.front_epsilon * 100.0, r.front_epsilon < 0.1 ? 1 : 0) +
               " % of one shown in racks, power, read, write and usable capacity (--all "
               "shows the whole front).";
    }
    if (r.best) {
        out += "\nBest for " + std::string(to_string(r.objective)) + ": " + r.best->name;
    } else {
        out += "\nNo design meets every requirement and constraint.";
    }
    return out;
}

namespace {

SizingResult best_as_sizing(const OptimizerResult& r) {
    SizingResult s;
    s.scenario = r.scenario;
    s.requirements = r.requirements;
    s.prices = r.prices;
    if (r.best) {
        s.designs.push_back(*r.best);
    }
    return s;
}

/// The TCO cell of a Pareto row: "unpriced" when the book misses a part.
std::string tco_cell(const OptimizerResult& r, const Design& d, bool machine) {
    const DesignCost c = design_cost(d, *r.prices);
    if (!c.unpriced().empty()) {
        return machine ? "" : "unpriced";
    }
    return machine ? plain(c.tco, 2)
                   : format_number(c.tco, 0) +
                         (c.assumed.empty() ? "" : std::string(kIllustrativeMarker));
}

} // namespace

Grid pareto_grid(const OptimizerResult& r, bool machine) {
    Grid g;
    g.header = {"#",          "Best",        "C-node",      "D-box",        "Drive (TB)",
                "Rack",       "C-nodes",     "D-boxes",     "C:D",          "Racks",
                "Power (kW)", "Usable (PB)", "Read (TB/s)", "Write (TB/s)", "PB per rack"};
    g.numeric_from = 4;
    auto num = [&](double v, int decimals) {
        return machine ? plain(v, decimals + 3) : format_number(v, decimals);
    };
    std::size_t i = 0;
    for (const Design& d : r.pareto) {
        const bool best = is_best(r, d);
        g.rows.push_back(
            {fmt::format("{}", ++i), machine ? (best ? "true" : "false") : (best ? "*" : ""),
             // Machines get the ids, people the catalog's names.
             machine ? d.cnode_model : d.cnode_shown(), machine ? d.dbox_model : d.dbox_shown(),
             num(in(d.drive_size, units::TB), 2), machine ? d.rack_model : d.rack_shown(),
             num(static_cast<double>(d.cnodes), 0), num(static_cast<double>(d.dboxes), 0),
             format_cd_ratio(static_cast<double>(d.cnodes) / static_cast<double>(d.dboxes)),
             num(static_cast<double>(d.racks), 0), num(in(d.power, units::kW), 1),
             num(in(d.usable, units::PB), 1), num(in(d.read, units::TB_per_s), 2),
             num(in(d.write, units::TB_per_s), 2), num(d.pb_per_rack(), 2)});
        if (r.prices) { // cost as a Pareto axis (docs/cost.md); no column without a book
            g.rows.back().push_back(tco_cell(r, d, machine));
        }
    }
    if (r.prices) {
        g.header.push_back(
            fmt::format("TCO {} years ({})", r.prices->site.years, r.prices->currency));
    }
    return g;
}

std::string render_optimization(const OptimizerResult& r, Format format, bool with_pareto) {
    switch (format) {
    case Format::table: {
        std::string out = r.scenario + ": optimiser\n" + optimization_summary(r) + "\n";
        if (r.best) {
            out += "\n" + render_text(side_by_side(best_as_sizing(r))) +
                   cost_section(best_as_sizing(r), false);
        }
        if (with_pareto) {
            out += std::string("\nPareto front (racks, power, read, write, usable capacity") +
                   (r.prices ? ", TCO" : "") + "):\n\n" + render_text(pareto_grid(r, false));
        }
        return out;
    }
    case Format::md: {
        std::string out = "## " + r.scenario + ": optimiser\n\n";
        std::string s = optimization_summary(r);
        for (auto p = s.find('\n'); p != std::string::npos; p = s.find('\n', p)) {
            s.replace(p, 1, "  \n");
            p += 3;
        }
        out += s + "\n";
        if (r.best) {
            out += "\n" + render_markdown(side_by_side(best_as_sizing(r))) +
                   cost_section(best_as_sizing(r), true);
        }
        if (with_pareto) {
            out += "\n### Pareto front\n\n" + render_markdown(pareto_grid(r, false));
        }
        return out;
    }
    case Format::csv:
        if (with_pareto) {
            return render_csv(pareto_grid(r, true));
        }
        return render_csv(sizing_csv_grid(best_as_sizing(r)));
    case Format::json: {
        const ojson j{
            {"podsizer_version", version()},
            {"scenario", r.scenario},
            {"objective", to_string(r.objective)},
            {"combinations", r.combinations},
            {"evaluated", r.evaluated},
            {"feasible", r.feasible},
            {"sweep_step", r.coarsest_step},
            {"front_size",
             std::max<std::int64_t>(r.front_size, static_cast<std::int64_t>(r.pareto.size()))},
            {"front_epsilon", r.front_epsilon},
            {"best", r.best ? detail::priced_summaries_json({*r.best}, r.prices).front() : ojson()},
            {"pareto", detail::priced_summaries_json(r.pareto, r.prices)}};
        return detail::json_text(j);
    }
    }
    return {};
}

} // namespace podsizer

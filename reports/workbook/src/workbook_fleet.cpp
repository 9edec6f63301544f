// The Fleet sheet (podsizer extrapolate on a scenario with a fleet): the
// clusters of each site, then for every per-pod design the storage of each site
// with one pod per cluster (docs/extrapolation-and-comparison.md §2, core/fleet.hpp). The site
// figures are formulas over the clusters and the design sheet's usable capacity, racks, power and
// throughput, so the split follows an edited assumption.
#include "workbook_parts.hpp"

#include <map>
#include <string>
#include <string_view>

namespace podsizer::wb {

namespace {

std::string count_text(std::int64_t n) {
    return format_number(static_cast<double>(n));
}

/// The title and the two lines that say how the GPUs split.
void fleet_heading(xlsx::Book& book, xlsx::Sheet& sheet, const FleetPlan& plan) {
    sheet.text(0, 0, "Fleet", book.title());
    std::string line = count_text(plan.gpus) + " GPUs (" + plan.platform + ") over " +
                       count_text(plan.sites) + (plan.sites == 1 ? " site: " : " sites: ") +
                       count_text(plan.clusters) + " training cluster" +
                       (plan.clusters == 1 ? "" : "s") + " of " +
                       count_text(plan.gpus_per_cluster) + " GPUs";
    if (plan.last_cluster_gpus != plan.gpus_per_cluster) {
        line += " (the last of " + count_text(plan.last_cluster_gpus) + ")";
    }
    sheet.text(1, 0, line + ", spread evenly over the sites.", book.subtitle());
    sheet.text(2, 0,
               "One pod of the design stands next to every cluster, a partial one included; "
               "each site's figures are its pods times the design sheet's.",
               book.subtitle());
}

/// The sites and their clusters from row 4, and their total (rows of the
/// formula map, cached with the plan's figures of design `e`); returns the
/// total's row.
int sites_table(xlsx::Book& book, xlsx::Sheet& sheet, const FleetPlan& plan, const DesignEntry& e,
                const Catalog& catalog) {
    int row = 4;
    sheet.headers(row, {"Site", "Clusters", "GPUs"}, 1);
    const int first_site = row + 1;
    for (const FleetSite& site : plan.site_plan) {
        ++row;
        sheet.text(row, 0, "Site " + std::to_string(site.index), book.label());
        sheet.number(row, 1, static_cast<double>(site.clusters), Num::integer, Role::value);
        sheet.number(row, 2, static_cast<double>(site.gpus), Num::integer, Role::value);
    }
    const int last_site = row;
    ++row;
    sheet.text(row, 0, "Total", book.label());
    for (const auto& [col, id] :
         {std::pair{1, "fleet_clusters_total"}, std::pair{2, "fleet_gpus_total"}}) {
        sheet.mapped(row, col, id,
                     {{"column", xlsx::cell(first_site, col, false) + ":" +
                                     xlsx::cell(last_site, col, false)}},
                     FigureSource{*e.design, catalog, -1, &plan}, e.index, Num::integer);
    }
    return row;
}

/// The figures of the Fleet sheet's design blocks: the map's rows of a site
/// and of the total, the design sheet's item, the format.
struct FleetColumn {
    std::string_view site, total, item, placeholder;
    Num num;
};
constexpr FleetColumn kFleetColumns[] = {
    {"fleet_usable", "fleet_usable_total", "usable_PB", "pod_usable_PB", Num::one},
    {"fleet_racks", "fleet_racks_total", "racks", "pod_racks", Num::integer},
    {"fleet_power", "fleet_power_total", "power_kW", "pod_power_kW", Num::one},
    {"fleet_read", "fleet_read_total", "read_TBps", "pod_read_TBps", Num::two},
    {"fleet_write", "fleet_write_total", "write_TBps", "pod_write_TBps", Num::two},
};

/// One per-pod design's storage per site below `row`, and the fleet's total;
/// returns the last row written.
int design_block(xlsx::Book& book, xlsx::Sheet& sheet, const FleetPlan& plan, int row,
                 const DesignEntry& e, const DesignCells& cells, const Catalog& catalog) {
    constexpr int first_site = 5; // sites_table's first row
    const Design& pod = *e.design;
    row += 2;
    sheet.text(row, 0, pod.name + ": one pod per cluster (sheet " + cells.sheet + ")",
               book.section());
    ++row;
    sheet.headers(row,
                  {"Site", "Pods", "Usable capacity (PB)", "Racks", "Power (kW)", "Read (TB/s)",
                   "Write (TB/s)"},
                  1);
    sheet.row_height(row, 30);
    const int first = row + 1;
    for (std::size_t k = 0; k < plan.site_plan.size(); ++k) {
        ++row;
        std::map<std::string_view, std::string> cells_of{
            {"clusters", xlsx::cell(first_site + static_cast<int>(k), 1)},
            {"pods", xlsx::cell(row, 1, false)}};
        for (const FleetColumn& c : kFleetColumns) {
            cells_of[c.placeholder] = cells.ref(std::string(c.item));
        }
        const FigureSource source{pod, catalog, static_cast<int>(k), &plan};
        sheet.text(row, 0, "Site " + std::to_string(plan.site_plan[k].index), book.label());
        sheet.mapped(row, 1, "fleet_pods", cells_of, source, e.index, Num::integer);
        for (int col = 2; col < 7; ++col) {
            const FleetColumn& c = kFleetColumns[col - 2];
            if (c.item == "racks" && !pod.racks_fit) { // no device fits the rack: no count
                sheet.text(row, col, "n/a", book.text_value());
                continue;
            }
            sheet.mapped(row, col, c.site, cells_of, source, e.index, c.num);
        }
    }
    const int last = row;
    ++row;
    sheet.text(row, 0, "Fleet", book.label());
    const FigureSource source{pod, catalog, -1, &plan};
    for (int col = 1; col < 7; ++col) {
        const FleetColumn* c = col == 1 ? nullptr : &kFleetColumns[col - 2];
        if (c != nullptr && c->item == "racks" && !pod.racks_fit) {
            sheet.text(row, col, "n/a", book.text_value());
            continue;
        }
        const std::map<std::string_view, std::string> column{
            {"column", xlsx::cell(first, col, false) + ":" + xlsx::cell(last, col, false)}};
        sheet.mapped(row, col, c == nullptr ? "fleet_pods_total" : c->total, column, source,
                     e.index, c == nullptr ? Num::integer : c->num);
    }
    return row;
}

} // namespace

void write_fleet(xlsx::Book& book, xlsx::Sheet& sheet, const FleetPlan& plan,
                 const std::vector<DesignEntry>& entries, const std::vector<DesignCells>& designs,
                 const Catalog& catalog) {
    fleet_heading(book, sheet, plan);
    int row = sites_table(book, sheet, plan, entries.front(), catalog);
    for (const DesignEntry& e : entries) {
        if (e.fleet != nullptr) {
            row = design_block(book, sheet, plan, row, e, designs[e.index], catalog);
        }
    }
    sheet.column_width(0, 0, 16);
    sheet.column_width(1, 6, 13);
    sheet.row_height(4, 30);
    sheet.print_setup(4);
}

} // namespace podsizer::wb

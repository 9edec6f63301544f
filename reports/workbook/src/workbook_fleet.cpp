// The Fleet sheet (podsizer extrapolate on a scenario with a fleet): the
// clusters of each site, then for every per-pod design the storage of each site
// with one pod per cluster (docs/extrapolation-and-comparison.md §2, core/fleet.hpp). The site
// figures are formulas over the clusters and the design sheet's usable capacity, racks, power and
// throughput, so the split follows an edited assumption.
#include "workbook_parts.hpp"

#include <string>

namespace podsizer::wb {

namespace {

using xlsx::Num;
using xlsx::Role;

std::string count_text(std::int64_t n) {
    return format_number(static_cast<double>(n));
}

/// "=SUM(B5:B7)" over rows first..last of column col.
std::string sum(int first, int last, int col) {
    return "=SUM(" + xlsx::cell(first, col, false) + ":" + xlsx::cell(last, col, false) + ")";
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

/// The sites and their clusters from row 4, and their total; returns the total's row.
int sites_table(xlsx::Book& book, xlsx::Sheet& sheet, const FleetPlan& plan) {
    int row = 4;
    const char* site_headers[] = {"Site", "Clusters", "GPUs"};
    for (int c = 0; c < 3; ++c) {
        sheet.text(row, c, site_headers[c], c == 0 ? book.header_left() : book.header());
    }
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
    sheet.formula(row, 1, sum(first_site, last_site, 1), static_cast<double>(plan.clusters),
                  Num::integer);
    sheet.formula(row, 2, sum(first_site, last_site, 2), static_cast<double>(plan.gpus),
                  Num::integer);
    return row;
}

/// One per-pod design's storage per site below `row`, and the fleet's total;
/// returns the last row written.
int design_block(xlsx::Book& book, xlsx::Sheet& sheet, const FleetPlan& plan, int row,
                 const Design& pod, const FleetStorage& s, const DesignCells& cells) {
    constexpr int first_site = 5; // sites_table's first row
    row += 2;
    sheet.text(row, 0, pod.name + ": one pod per cluster (sheet " + cells.sheet + ")",
               book.section());
    ++row;
    const char* headers[] = {"Site",       "Pods",        "Usable capacity (PB)", "Racks",
                             "Power (kW)", "Read (TB/s)", "Write (TB/s)"};
    for (int c = 0; c < 7; ++c) {
        sheet.text(row, c, headers[c], c == 0 ? book.header_left() : book.header());
    }
    xlsx::check(worksheet_set_row(sheet.raw(), static_cast<lxw_row_t>(row), 30, nullptr),
                "header height");
    const int first = row + 1;
    const double pod_read = in(pod.read, units::TB_per_s);
    const double pod_write = in(pod.write, units::TB_per_s);
    for (std::size_t k = 0; k < plan.site_plan.size(); ++k) {
        ++row;
        const int site_row = first_site + static_cast<int>(k);
        const std::string pods = xlsx::cell(row, 1, false);
        const auto n = static_cast<double>(plan.site_plan[k].clusters);
        sheet.text(row, 0, "Site " + std::to_string(plan.site_plan[k].index), book.label());
        sheet.formula(row, 1, "=" + xlsx::cell(site_row, 1), n, Num::integer);
        sheet.formula(row, 2, "=" + pods + "*" + cells.ref("usable_PB"),
                      in(s.usable_per_site[k], units::PB), Num::one);
        if (pod.racks_fit) {
            sheet.formula(row, 3, "=" + pods + "*" + cells.ref("racks"),
                          static_cast<double>(s.racks_per_site[k]), Num::integer);
        } else { // no device fits the rack: no count (Design::racks_fit)
            sheet.text(row, 3, "n/a", book.text_value());
        }
        sheet.formula(row, 4, "=" + pods + "*" + cells.ref("power_kW"),
                      in(s.power_per_site[k], units::kW), Num::one);
        sheet.formula(row, 5, "=" + pods + "*" + cells.ref("read_TBps"), n * pod_read, Num::two);
        sheet.formula(row, 6, "=" + pods + "*" + cells.ref("write_TBps"), n * pod_write, Num::two);
    }
    const int last = row;
    ++row;
    sheet.text(row, 0, "Fleet", book.label());
    sheet.formula(row, 1, sum(first, last, 1), static_cast<double>(s.pods), Num::integer);
    sheet.formula(row, 2, sum(first, last, 2), in(s.usable, units::PB), Num::one);
    if (pod.racks_fit) {
        sheet.formula(row, 3, sum(first, last, 3), static_cast<double>(s.racks), Num::integer);
    } else {
        sheet.text(row, 3, "n/a", book.text_value());
    }
    sheet.formula(row, 4, sum(first, last, 4), in(s.power, units::kW), Num::one);
    sheet.formula(row, 5, sum(first, last, 5), in(s.read, units::TB_per_s), Num::two);
    sheet.formula(row, 6, sum(first, last, 6), in(s.write, units::TB_per_s), Num::two);
    return row;
}

} // namespace

void write_fleet(xlsx::Book& book, xlsx::Sheet& sheet, const FleetPlan& plan,
                 const std::vector<DesignEntry>& entries, const std::vector<DesignCells>& designs) {
    fleet_heading(book, sheet, plan);
    int row = sites_table(book, sheet, plan);
    for (const DesignEntry& e : entries) {
        if (e.fleet != nullptr) {
            row = design_block(book, sheet, plan, row, *e.design, *e.fleet, designs[e.index]);
        }
    }
    sheet.column_width(0, 0, 16);
    sheet.column_width(1, 6, 13);
    xlsx::check(worksheet_set_row(sheet.raw(), 4, 30, nullptr), "header height");
    sheet.print_setup(4);
}

} // namespace podsizer::wb

// The Summary sheet: the side-by-side table of designs, styled to be pasted
// into a slide as is. Every figure links to its design sheet.
#include "workbook_parts.hpp"

namespace podsizer::wb {

namespace {

using xlsx::Num;

struct Metric {
    const char* key; ///< the design sheet item
    const char* label;
    Num num;
};

// The rows of the slide table (the side-by-side of reports/sizing_report.cpp,
// as numbers with units in the labels).
constexpr Metric kMetrics[] = {
    {"cnode_model", "C-node model", Num::text},
    {"dbox_model", "D-box model", Num::text},
    {"drive_TB", "Drive size (TB)", Num::precise},
    {"cnodes", "C-nodes", Num::integer},
    {"dboxes", "D-boxes", Num::integer},
    {"cd", "C-nodes per D-box", Num::two},
    {"switches", "Switches (leaf + spine)", Num::integer},
    {"racks", "Racks", Num::integer},
    {"device_U", "Storage devices (U)", Num::integer},
    {"total_U", "With switches (U)", Num::integer},
    {"raw_PB", "Raw capacity (PB)", Num::one},
    {"usable_PB", "Usable capacity (PB)", Num::one},
    {"usable_PiB", "Usable capacity (PiB)", Num::one},
    {"read_TBps", "Read (TB/s)", Num::two},
    {"write_TBps", "Write (TB/s)", Num::two},
    {"read_Tbps", "Read (Tbps)", Num::one},
    {"write_Tbps", "Write (Tbps)", Num::one},
    {"read_bottleneck", "Read bottleneck", Num::text},
    {"knee", "Knee (C-nodes)", Num::integer},
    {"power_kW", "Power (kW)", Num::one},
    {"pb_per_rack", "Usable PB per rack", Num::two},
    {"read_per_kw", "Read GB/s per kW", Num::one},
    {"read_per_gpu", "Read GB/s per GPU", Num::three},
    {"feasible", "Meets requirements", Num::text},
};

} // namespace

std::vector<std::string> requirement_lines(const Requirements& r) {
    // Short lines: the subtitle spans only the table's width when printed.
    std::string first;
    if (r.gpus > 0) {
        first = format_number(static_cast<double>(r.gpus)) +
                " GPUs = " + format_number(static_cast<double>(r.sus)) + " SUs";
    }
    if (r.usable.base() > 0) {
        first +=
            std::string(first.empty() ? "" : "; ") + "usable " + format_in(r.usable, units::PB, 1);
    }
    std::vector<std::string> lines{"Requirement: " + (first.empty() ? "none" : first)};
    if (r.read.base() > 0 || r.write.base() > 0) {
        lines.push_back((r.rule.empty() || r.rule == "explicit" ? std::string("Throughput")
                                                                : "Rule " + r.rule) +
                        ": read " + format_in(r.read, units::TB_per_s, 2) + ", write " +
                        format_in(r.write, units::TB_per_s, 2) +
                        (r.write_driven_by == WriteDriver::checkpoints ? " (checkpoints)" : ""));
    }
    return lines;
}

SummaryCells write_summary(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                           const std::vector<DesignCells>& designs) {
    const SizingResult& result = *input.result;
    SummaryCells out;
    out.sheet = sheet.name();
    out.header_row = 3;
    out.first_design_col = 1;
    out.designs = static_cast<int>(designs.size());

    sheet.text(0, 0, result.scenario, book.title());
    const std::vector<std::string> lines = requirement_lines(result.requirements);
    for (std::size_t i = 0; i < lines.size() && i < 2; ++i) {
        sheet.text(1 + static_cast<int>(i), 0, lines[i], book.subtitle());
    }
    const int h = out.header_row;
    sheet.text(h, 0, "Metric", book.header_left());
    for (std::size_t i = 0; i < designs.size(); ++i) {
        sheet.text(h, out.first_design_col + static_cast<int>(i), result.designs[i].name,
                   book.header());
    }
    int row = h + 1;
    for (const Metric& m : kMetrics) {
        bool any = false;
        for (const DesignCells& d : designs) {
            any = any || d.has(m.key);
        }
        if (!any) {
            continue;
        }
        sheet.text(row, 0, m.label, book.label());
        for (std::size_t i = 0; i < designs.size(); ++i) {
            const DesignCells& d = designs[i];
            const int col = out.first_design_col + static_cast<int>(i);
            if (!d.has(m.key)) {
                sheet.text(row, col, "n/a", book.text_value());
            } else if (m.num == Num::text) {
                sheet.formula_text(row, col, "=" + d.ref(m.key), d.texts.at(m.key));
            } else {
                sheet.formula(row, col, "=" + d.ref(m.key), d.numbers.at(m.key), m.num);
            }
        }
        out.rows[m.key] = row;
        ++row;
    }
    sheet.text(
        row + 1, 0,
        "Each figure links to its design sheet; the inputs are blue there and on Assumptions.",
        book.subtitle());
    sheet.text(row + 2, 0,
               "Capacity without data reduction. 1 TB = 10^12 bytes, 1 PiB = 2^50 bytes, "
               "1 GB/s = 8 Gbps.",
               book.subtitle());

    // A slide table: no grid, a wide first column, readable design columns.
    worksheet_gridlines(sheet.raw(), LXW_HIDE_ALL_GRIDLINES);
    sheet.column_width(0, 0, 28);
    if (!designs.empty()) {
        sheet.column_width(out.first_design_col,
                           out.first_design_col + static_cast<int>(designs.size()) - 1, 20);
    }
    xlsx::check(worksheet_set_row(sheet.raw(), static_cast<lxw_row_t>(h), 32, nullptr),
                "header height");
    sheet.freeze(h + 1, 1);
    sheet.print_setup(h);
    return out;
}

} // namespace podsizer::wb

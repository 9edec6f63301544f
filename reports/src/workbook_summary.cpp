// The Summary sheet: the side-by-side table of designs, styled to be pasted
// into a slide as is. Every figure links to its design sheet.
#include "workbook_parts.hpp"

#include <algorithm>
#include <stdexcept>

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

namespace {

enum class ColKind { design, pods, reference };

/// One column of the slide table.
struct Column {
    ColKind kind = ColKind::design;
    std::string name;
    std::string basis;
    std::size_t design = 0;                       ///< design and pods columns
    const ComparisonColumn* cc = nullptr;         ///< when there is a comparison
    const ReferenceSizing* ref = nullptr;         ///< reference columns
    const Extrapolation* extrapolation = nullptr; ///< pods columns
};

/// A cell: a formula (number or text) with its cached result, or plain text.
struct Cell {
    enum { none, number, text, plain } kind = none;
    std::string formula;
    double value = 0.0;
    std::string cached;
};

Cell num_cell(std::string f, double v) {
    Cell c;
    c.kind = Cell::number;
    c.formula = std::move(f);
    c.value = v;
    return c;
}
Cell text_cell(std::string f, std::string v) {
    Cell c;
    c.kind = Cell::text;
    c.formula = std::move(f);
    c.cached = std::move(v);
    return c;
}
Cell plain(std::string v) {
    Cell c;
    c.kind = Cell::plain;
    c.cached = std::move(v);
    return c;
}

// Keys a pods column scales by its pod count, and keys it takes as they are.
constexpr const char* kScaled[] = {
    "cnodes",    "dboxes",     "switches",  "racks",      "device_U",  "total_U",    "raw_PB",
    "usable_PB", "usable_PiB", "read_TBps", "write_TBps", "read_Tbps", "write_Tbps", "power_kW"};
constexpr const char* kSame[] = {"cnode_model", "dbox_model",      "drive_TB",
                                 "cd",          "read_bottleneck", "feasible"};

bool in_list(const std::string& k, std::initializer_list<const char*> l) {
    return std::any_of(l.begin(), l.end(), [&](const char* x) { return k == x; });
}
template <std::size_t N> bool in_list(const std::string& k, const char* const (&l)[N]) {
    return std::any_of(std::begin(l), std::end(l), [&](const char* x) { return k == x; });
}

struct RowSpec {
    std::string key;
    std::string label;
    Num num;
};

} // namespace

SummaryCells write_summary(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                           const std::vector<DesignCells>& designs, const Assumptions& a) {
    const SizingResult& result = *input.result;
    const Comparison* cmp = input.comparison;
    SummaryCells out;
    out.sheet = sheet.name();
    out.header_row = 3;
    out.first_design_col = 1;

    // Columns: the designs, or the comparison's columns.
    std::vector<Column> cols;
    if (cmp == nullptr) {
        for (std::size_t i = 0; i < result.designs.size(); ++i) {
            cols.push_back(
                {ColKind::design, result.designs[i].name, "", i, nullptr, nullptr, nullptr});
        }
    } else {
        std::size_t design = 0;
        std::size_t ref = 0;
        for (const ComparisonColumn& c : cmp->columns) {
            Column col;
            col.name = c.name;
            col.basis = c.basis;
            col.cc = &c;
            if (c.kind == ColumnKind::design) {
                col.kind = ColKind::design;
                col.design = design++;
            } else if (c.kind == ColumnKind::pods) {
                col.kind = ColKind::pods;
                col.design = design - 1;
                col.extrapolation = &cmp->extrapolations.at(col.design);
            } else {
                col.kind = ColKind::reference;
                col.ref = &cmp->references.at(ref++);
            }
            cols.push_back(col);
        }
        if (design != result.designs.size()) {
            throw std::logic_error("workbook: the comparison's designs are not the result's");
        }
    }
    out.designs = static_cast<int>(cols.size());
    for (const Column& c : cols) {
        out.reference.push_back(c.kind == ColKind::reference);
    }

    // Rows: the metrics any column has, in the order of the slide table.
    std::vector<RowSpec> rows;
    auto any_design_has = [&](const std::string& key) {
        return std::any_of(designs.begin(), designs.end(),
                           [&](const DesignCells& d) { return d.has(key); });
    };
    if (cmp != nullptr) {
        rows.push_back({"basis", "Basis", Num::text});
        rows.push_back({"pods", "Pods", Num::integer});
    }
    const bool refs = cmp != nullptr && !cmp->references.empty();
    for (const Metric& m : kMetrics) {
        const std::string key = m.key;
        if (key == "feasible") {
            continue; // last, after the ratios
        }
        if (any_design_has(key) ||
            (refs &&
             in_list(key, {"racks", "raw_PB", "usable_PB", "usable_PiB", "read_TBps", "write_TBps",
                           "read_Tbps", "write_Tbps", "power_kW", "pb_per_rack", "read_per_kw"}))) {
            rows.push_back({key, m.label, m.num});
        }
        if (key == "switches" && refs) {
            rows.push_back({"accounts", "Accounts (reference)", Num::integer});
        }
        if (key == "write_Tbps" && refs) {
            rows.push_back({"read_within", "Read within account limits (Tbps)", Num::one});
            rows.push_back({"write_within", "Write within account limits (Tbps)", Num::one});
        }
        if (key == "read_per_kw" && cmp != nullptr) {
            rows.push_back({"read_per_tb", "Read per TB usable (MB/s)", Num::one});
            rows.push_back({"write_per_tb", "Write per TB usable (MB/s)", Num::one});
        }
    }
    if (refs) {
        for (const ReferenceSizing& r : cmp->references) {
            for (const auto& [what, label] :
                 {std::pair{"racks", "Racks"}, std::pair{"power_kW", "Power"},
                  std::pair{"usable_PB", "Usable capacity"}, std::pair{"read_TBps", "Read"},
                  std::pair{"write_TBps", "Write"}}) {
                rows.push_back({std::string("ratio_") + what + ":" + r.id,
                                std::string(label) + " \u00f7 " + r.name + " (\u00d7)", Num::two});
            }
        }
    }
    rows.push_back({"feasible", "Meets requirements", Num::text});

    const int h = out.header_row;
    int r0 = h + 1;
    for (const RowSpec& rs : rows) {
        out.rows[rs.key] = r0++;
    }
    auto at = [&](const std::string& key, std::size_t c) {
        return xlsx::cell(out.rows.at(key), out.first_design_col + static_cast<int>(c));
    };
    auto has_row = [&](const std::string& key) { return out.rows.count(key) != 0; };
    // The column of design `i` in this table.
    auto design_col = [&](std::size_t i) {
        for (std::size_t c = 0; c < cols.size(); ++c) {
            if (cols[c].kind == ColKind::design && cols[c].design == i) {
                return c;
            }
        }
        return std::size_t{0};
    };

    // Where the references are sized: the target, or the first design's capacity.
    const bool target = cmp != nullptr && a.has("scenario", "scenario", "target_PB");
    auto reference_cell = [&](std::size_t c, const std::string& key) -> Cell {
        const ReferenceSizing& r = *cols[c].ref;
        const std::string& id = r.id;
        auto name = [&](const char* field) { return a.name("reference", id, field); };
        auto here = [&](const std::string& k) { return at(k, c); };
        if (key == "basis") {
            return plain(cols[c].basis);
        }
        if (key == "usable_PB") {
            if (target) {
                return num_cell("=" + a.name("scenario", "scenario", "target_PB"),
                                in(r.usable, units::PB));
            }
            return num_cell("=" + at("usable_PB", design_col(0)), in(r.usable, units::PB));
        }
        if (key == "usable_PiB") {
            return num_cell("=" + here("usable_PB") + "*1E15/2^50", in(r.usable, units::PiB));
        }
        if (key == "raw_PB" && r.raw && a.has("reference", id, "raw_per_usable")) {
            return num_cell("=" + here("usable_PB") + "*" + name("raw_per_usable"),
                            in(*r.raw, units::PB));
        }
        if (key == "racks") {
            // core/src/reference.cpp: whole racks, at least one.
            return num_cell("=MAX(1,ROUNDUP(" + here("usable_PB") + "/1000*" +
                                name("racks_per_EB") + "*(1-1E-9),0))",
                            static_cast<double>(r.racks));
        }
        if (key == "read_Tbps") {
            return num_cell("=" + here("usable_PB") + "/100*" + name("read_per_100PB_Tbps"),
                            in(r.read, units::Tbps));
        }
        if (key == "write_Tbps") {
            return num_cell("=" + here("usable_PB") + "/100*" + name("write_per_100PB_Tbps"),
                            in(r.write, units::Tbps));
        }
        if (key == "read_TBps") {
            return num_cell("=" + here("read_Tbps") + "/8", in(r.read, units::TB_per_s));
        }
        if (key == "write_TBps") {
            return num_cell("=" + here("write_Tbps") + "/8", in(r.write, units::TB_per_s));
        }
        if (key == "power_kW") {
            return num_cell("=" + here("racks") + "*" + name("power_per_rack_kW"),
                            in(r.power, units::kW));
        }
        if (key == "accounts" && r.accounts > 0 && a.has("reference", id, "account_capacity_PiB")) {
            return num_cell("=ROUNDUP(" + here("usable_PB") + "*1E15/(" +
                                name("account_capacity_PiB") + "*2^50)*(1-1E-9),0)",
                            static_cast<double>(r.accounts));
        }
        if (key == "read_within") {
            if (a.has("reference", id, "account_egress_Gbps") && r.accounts > 0) {
                return num_cell("=MIN(" + here("read_Tbps") + "," + here("accounts") + "*" +
                                    name("account_egress_Gbps") + "/1000)",
                                in(r.read_within_limits, units::Tbps));
            }
            return num_cell("=" + here("read_Tbps"), in(r.read_within_limits, units::Tbps));
        }
        if (key == "write_within") {
            if (a.has("reference", id, "account_ingress_Gbps") && r.accounts > 0) {
                return num_cell("=MIN(" + here("write_Tbps") + "," + here("accounts") + "*" +
                                    name("account_ingress_Gbps") + "/1000)",
                                in(r.write_within_limits, units::Tbps));
            }
            return num_cell("=" + here("write_Tbps"), in(r.write_within_limits, units::Tbps));
        }
        return plain("n/a");
    };

    // Density rows computed in any column from its own cells.
    auto density_cell = [&](std::size_t c, const std::string& key,
                            const ComparisonColumn* cc) -> Cell {
        if (cc == nullptr) {
            return plain("n/a");
        }
        if (key == "pb_per_rack") {
            return num_cell("=" + at("usable_PB", c) + "/" + at("racks", c), cc->pb_per_rack());
        }
        if (key == "read_per_kw") {
            return num_cell("=" + at("read_TBps", c) + "*1000/" + at("power_kW", c),
                            cc->gbps_read_per_kw());
        }
        if (key == "read_per_tb") {
            return num_cell("=" + at("read_TBps", c) + "*1000/" + at("usable_PB", c),
                            cc->mbps_read_per_tb());
        }
        if (key == "write_per_tb") {
            return num_cell("=" + at("write_TBps", c) + "*1000/" + at("usable_PB", c),
                            cc->mbps_write_per_tb());
        }
        return plain("n/a");
    };

    auto ratio_cell = [&](std::size_t c, const std::string& key) -> Cell {
        // "ratio_<what>:<reference id>": this column over the reference's.
        const std::size_t colon = key.find(':');
        const std::string what = key.substr(6, colon - 6);
        const std::string id = key.substr(colon + 1);
        std::size_t rc = 0;
        for (std::size_t k = 0; k < cols.size(); ++k) {
            if (cols[k].kind == ColKind::reference && cols[k].ref->id == id) {
                rc = k;
            }
        }
        double cached = 0.0;
        for (const ComparisonRatio& r : cmp->ratios) {
            if (r.column == cols[c].name && r.reference == id) {
                cached = what == "racks"       ? r.racks
                         : what == "power_kW"  ? r.power
                         : what == "usable_PB" ? r.usable
                         : what == "read_TBps" ? r.read
                                               : r.write;
            }
        }
        return num_cell("=" + at(what, c) + "/" + at(what, rc), cached);
    };

    auto cell_for = [&](std::size_t c, const RowSpec& rs) -> Cell {
        const Column& col = cols[c];
        const std::string& key = rs.key;
        if (col.kind == ColKind::reference) {
            if (key.rfind("ratio_", 0) == 0 || key == "feasible") {
                return plain("n/a");
            }
            if (in_list(key, {"pb_per_rack", "read_per_kw", "read_per_tb", "write_per_tb"})) {
                return density_cell(c, key, col.cc);
            }
            return reference_cell(c, key);
        }
        if (key.rfind("ratio_", 0) == 0) {
            return ratio_cell(c, key);
        }
        if (key == "accounts" || key == "read_within" || key == "write_within") {
            return plain("n/a");
        }
        const DesignCells& d = designs[col.design];
        if (col.kind == ColKind::design) {
            if (key == "basis") {
                return plain(col.basis);
            }
            if (key == "pods") {
                return plain("1");
            }
            if (key == "read_per_tb" || key == "write_per_tb") {
                return density_cell(c, key, col.cc);
            }
            if (!d.has(key)) {
                return plain("n/a");
            }
            if (rs.num == Num::text) {
                return text_cell("=" + d.ref(key), d.texts.at(key));
            }
            return num_cell("=" + d.ref(key), d.numbers.at(key));
        }
        // Pods: the design column times the pod count.
        const Extrapolation& e = *col.extrapolation;
        const std::size_t dc = design_col(col.design);
        const auto n = static_cast<double>(e.pods);
        if (key == "basis") {
            return plain(col.basis);
        }
        if (key == "pods") {
            // core/src/extrapolation.cpp: the fewest whole pods reaching
            // target x (1 - tolerance), at least one.
            return num_cell("=MAX(1,ROUNDUP(" + a.name("scenario", "scenario", "target_PB") +
                                "*(1-" + a.name("scenario", "scenario", "tolerance") + ")/" +
                                at("usable_PB", dc) + "*(1-1E-9),0))",
                            n);
        }
        if (in_list(key, kScaled) && d.has(key)) {
            const ComparisonColumn& cc = *col.cc;
            double v = d.numbers.at(key) * n;
            if (key == "cnodes") {
                v = static_cast<double>(cc.cnodes);
            } else if (key == "dboxes") {
                v = static_cast<double>(cc.dboxes);
            } else if (key == "racks") {
                v = static_cast<double>(cc.racks);
            } else if (key == "usable_PB") {
                v = in(cc.usable, units::PB);
            } else if (key == "read_TBps") {
                v = in(cc.read, units::TB_per_s);
            } else if (key == "write_TBps") {
                v = in(cc.write, units::TB_per_s);
            } else if (key == "power_kW") {
                v = in(cc.power, units::kW);
            } else if (key == "raw_PB" && cc.raw) {
                v = in(*cc.raw, units::PB);
            }
            return num_cell("=" + at("pods", c) + "*" + at(key, dc), v);
        }
        if (in_list(key, kSame) && d.has(key)) {
            if (rs.num == Num::text) {
                return text_cell("=" + at(key, dc),
                                 key == "feasible" ? std::string(col.cc->feasible ? "yes" : "NO")
                                                   : d.texts.at(key));
            }
            return num_cell("=" + at(key, dc), d.numbers.at(key));
        }
        if (in_list(key, {"pb_per_rack", "read_per_kw", "read_per_tb", "write_per_tb"})) {
            return density_cell(c, key, col.cc);
        }
        return plain("n/a");
    };

    sheet.text(0, 0, result.scenario, book.title());
    std::vector<std::string> lines = requirement_lines(result.requirements);
    if (cmp != nullptr && !cmp->references.empty()) {
        lines.push_back("References sized at " + format_in(cmp->reference_capacity, units::PB, 1) +
                        " (" + cmp->reference_basis + ")");
    }
    if (lines.size() > 2) {
        // Two subtitle rows above the header: join the last two.
        lines[1] += "; " + lines[2];
        lines.resize(2);
    }
    for (std::size_t i = 0; i < lines.size(); ++i) {
        sheet.text(1 + static_cast<int>(i), 0, lines[i], book.subtitle());
    }
    sheet.text(h, 0, "Metric", book.header_left());
    for (std::size_t c = 0; c < cols.size(); ++c) {
        sheet.text(h, out.first_design_col + static_cast<int>(c), cols[c].name, book.header());
    }
    for (const RowSpec& rs : rows) {
        const int row = out.rows.at(rs.key);
        const bool ratio = rs.key.rfind("ratio_", 0) == 0;
        sheet.text(row, 0, rs.label, ratio ? book.section() : book.label());
        for (std::size_t c = 0; c < cols.size(); ++c) {
            const int col = out.first_design_col + static_cast<int>(c);
            const Cell cell = cell_for(c, rs);
            switch (cell.kind) {
            case Cell::number:
                sheet.formula(row, col, cell.formula, cell.value, rs.num);
                break;
            case Cell::text:
                sheet.formula_text(row, col, cell.formula, cell.cached);
                break;
            case Cell::plain:
            case Cell::none:
                sheet.text(row, col, cell.cached, book.text_value());
                break;
            }
        }
    }
    const int end = r0;
    sheet.text(end + 1, 0,
               "Each figure is a formula over the design sheets and Assumptions (inputs in blue).",
               book.subtitle());
    sheet.text(end + 2, 0,
               "Capacity without data reduction. 1 TB = 10^12 bytes, 1 PiB = 2^50 bytes, "
               "1 GB/s = 8 Gbps.",
               book.subtitle());
    (void)has_row;

    // A slide table: no grid, a wide first column, readable design columns.
    worksheet_gridlines(sheet.raw(), LXW_HIDE_ALL_GRIDLINES);
    sheet.column_width(0, 0, cmp != nullptr ? 36 : 28);
    if (!cols.empty()) {
        sheet.column_width(out.first_design_col,
                           out.first_design_col + static_cast<int>(cols.size()) - 1, 20);
    }
    xlsx::check(worksheet_set_row(sheet.raw(), static_cast<lxw_row_t>(h), 32, nullptr),
                "header height");
    sheet.freeze(h + 1, 1);
    sheet.print_setup(h);
    return out;
}

} // namespace podsizer::wb

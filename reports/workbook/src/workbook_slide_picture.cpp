// The Slide's lower part: the top three risks from the findings, and each
// design's typical rack drawn in filled cells, one row per U, with the
// distinct racks and device runs the Racks sheet and the "typical" rack
// drawing use (reports/rack_kinds.hpp), in the drawing's colours (rack_colours.hpp). Cells, not
// an image: LibreOffice and Excel print them as they are, and the workbook
// library has no SVG rasteriser.
#include "podsizer/reports/rack_colours.hpp"
#include "podsizer/reports/rack_kinds.hpp"
#include "workbook_parts.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace podsizer::wb {

namespace {

constexpr double kPointsPerU = 6.0;
constexpr const char* kRisksTitle =
    "Top risks (errors first, then warnings; the design sheets list every finding)";
/// Up to this many columns the risks stand beside the racks, on a wide column
/// of their own; with more, below the table across it.
constexpr int kRisksBesideUpTo = 3;
constexpr double kRisksWidth = 80;
constexpr double kBlockFont = 7.0;

/// One finding as the Slide lists it.
struct Risk {
    Severity severity;
    std::string text;
};

/// Errors first, then warnings, in design order; at most three, none twice.
std::vector<Risk> top_risks(const SizingResult& result) {
    std::vector<Risk> all;
    for (const Design& d : result.designs) {
        for (const Finding& f : d.findings) {
            if (f.severity() == Severity::info) {
                continue;
            }
            std::string text = f.message();
            if (result.designs.size() > 1) {
                text = d.name + ": " + text;
            }
            if (std::none_of(all.begin(), all.end(),
                             [&](const Risk& r) { return r.text == text; })) {
                all.push_back({f.severity(), std::move(text)});
            }
        }
    }
    std::stable_sort(all.begin(), all.end(),
                     [](const Risk& a, const Risk& b) { return a.severity > b.severity; });
    all.resize(std::min<std::size_t>(all.size(), 3));
    return all;
}

/// The rack kind most racks are like (the first of equals).
const RackKind* typical_kind(const std::vector<RackKind>& kinds) {
    const RackKind* best = nullptr;
    for (const RackKind& k : kinds) {
        if (best == nullptr || k.racks.size() > best->racks.size()) {
            best = &k;
        }
    }
    return best;
}

/// The design's typical rack in column `col`, U `height` in row `top`, U 1
/// at the bottom; its caption in the row above.
void draw_rack(xlsx::Book& book, xlsx::Sheet& sheet, const Design& d,
               const std::vector<RackKind>& kinds, int top, int col, int height) {
    const RackKind* k = typical_kind(kinds);
    if (k == nullptr) {
        return;
    }
    const Rack& rack = d.layout[k->racks.front()];
    sheet.text(top - 1, col,
               format_number(static_cast<double>(k->racks.size()), 0) + " of " +
                   format_number(static_cast<double>(d.layout.size()), 0) + " racks like this",
               book.note());
    for (const DeviceRun& run : device_runs(rack, rack_height(d))) {
        std::string label = "empty";
        if (run.slot != nullptr) {
            label = device_kind_text(*run.slot);
            if (run.devices > 1) {
                label = format_number(static_cast<double>(run.devices), 0) + " \u00d7 " + label;
            }
        }
        const DeviceColours& c = device_colours(run.slot);
        sheet.merge_down(top + (height - run.last), top + (height - run.first), col, label,
                         book.block(c.fill, c.text, kBlockFont));
    }
}

/// The colours' legend in the label column beside the racks.
void legend(xlsx::Book& book, xlsx::Sheet& sheet, int top, int height) {
    RackSlot cnode;
    RackSlot dbox;
    dbox.role = DeviceRole::dbox;
    RackSlot leaf;
    leaf.role = DeviceRole::network_switch;
    leaf.tier = SwitchTier::leaf;
    RackSlot spine = leaf;
    spine.tier = SwitchTier::spine;
    const std::pair<const RackSlot*, const char*> entries[] = {{&cnode, "C-node"},
                                                               {&dbox, "D-box"},
                                                               {&leaf, "leaf switch"},
                                                               {&spine, "spine switch"},
                                                               {nullptr, "empty U"}};
    int row = top;
    for (const auto& [slot, name] : entries) {
        if (row + 2 >= top + height) {
            break;
        }
        const DeviceColours& c = device_colours(slot);
        sheet.merge_down(row, row + 2, 0, name, book.block(c.fill, c.text, kBlockFont));
        row += 4;
    }
}

/// The risks below the table, each merged across the table's columns.
int risks_below(xlsx::Book& book, xlsx::Sheet& sheet, const std::vector<std::string>& risks,
                int row, int last_col, double width) {
    sheet.text(row, 0, kRisksTitle, book.section());
    for (int c = 1; c <= last_col; ++c) {
        sheet.text(row, c, "", book.section());
    }
    ++row;
    for (const std::string& text : risks) {
        if (last_col > 0) {
            sheet.merged_text(row, 0, last_col, width, text, book.label());
        } else {
            sheet.text(row, 0, text, book.label());
            sheet.fit_height(row, {{text, width, 10.0}});
        }
        ++row;
    }
    return row;
}

/// The risks in column `col` beside the rack picture, from `band` (the
/// picture's heading row): each merged down over as many U rows as its
/// lines need.
void risks_beside(xlsx::Book& book, xlsx::Sheet& sheet, const std::vector<std::string>& risks,
                  int band, int col, double width) {
    sheet.text(band, col, kRisksTitle, book.section());
    int row = band + 2;
    for (const std::string& text : risks) {
        const double lines = std::ceil(static_cast<double>(text.size()) / (width * 1.1)) + 1.0;
        const int rows = static_cast<int>(std::ceil(lines * 13.0 / kPointsPerU));
        sheet.merge_down(row, row + rows - 1, col, text, book.label());
        row += rows + 1;
    }
}

/// "Error: …" / "Warning: …", or a line saying there is none.
std::vector<std::string> risk_lines(const SizingResult& result) {
    std::vector<std::string> out;
    for (const Risk& r : top_risks(result)) {
        out.push_back(std::string(r.severity == Severity::error ? "Error: " : "Warning: ") +
                      r.text);
    }
    if (out.empty()) {
        out.emplace_back("No error or warning finding.");
    }
    return out;
}

} // namespace

int write_slide_risks_and_racks(xlsx::Book& book, xlsx::Sheet& sheet, const WorkbookInput& input,
                                const SummaryCells& summary, const RackKinds& kinds, int row,
                                double label_width, double column_width) {
    const SizingResult& result = *input.result;
    const int columns = static_cast<int>(summary.column_names.size());
    const std::vector<std::string> risks = risk_lines(result);
    const bool beside = columns <= kRisksBesideUpTo;
    if (!beside) {
        row =
            risks_below(book, sheet, risks, row, columns, label_width + columns * column_width) + 1;
    }
    // Each design column's typical rack, all drawn over the same U rows.
    std::vector<std::pair<int, std::size_t>> drawn; // column, design index
    int height = 0;
    for (int c = 0; c < columns; ++c) {
        const int d = summary.design_of[static_cast<std::size_t>(c)];
        if (d < 0 || summary.pods[static_cast<std::size_t>(c)]) {
            continue;
        }
        const Design& design = result.designs[static_cast<std::size_t>(d)];
        if (design.racks_fit && !design.layout.empty()) {
            drawn.emplace_back(1 + c, static_cast<std::size_t>(d));
            height = std::max(height, rack_height(design));
        }
    }
    if (beside) {
        sheet.column_width(columns + 2, columns + 2, kRisksWidth);
        risks_beside(book, sheet, risks, row, columns + 2, kRisksWidth);
    }
    if (drawn.empty()) {
        return row + 2 + (beside ? 20 : 0);
    }
    sheet.text(row, 0, "Typical rack (the Racks sheet lists every kind), U 1 at the bottom",
               book.section());
    for (int c = 1; c <= columns; ++c) {
        sheet.text(row, c, "", book.section());
    }
    const int top = row + 2;
    for (int r = top; r < top + height; ++r) {
        sheet.row_height(r, kPointsPerU);
    }
    legend(book, sheet, top, height);
    for (const auto& [col, design] : drawn) {
        draw_rack(book, sheet, result.designs[design], kinds[design], top, col, height);
    }
    return top + height;
}

} // namespace podsizer::wb

#include "podsizer/reports/rack_svg.hpp"

#include "xml_text.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <vector>

namespace podsizer {

namespace {

// Geometry in SVG user units. One rack unit is 12 units tall; with two rows of
// 15 racks (the 30-rack reference pod) on A4 landscape that is ~1.9 mm per U,
// so a 1U label is ~4 pt: the most a 42U rack allows at that count.
constexpr double kUnit = 12.0;
constexpr double kRackWidth = 84.0; // fits "switch-64x800g-2u" at ~8 units
constexpr double kGutter = 16.0;    // U numbers, left of each rack
constexpr double kGap = 12.0;       // between one rack and the next gutter
constexpr double kPitch = kGutter + kRackWidth + kGap;
constexpr double kRackHead = 44.0; // rack name, U and kW lines, power bar
constexpr double kRowGap = 20.0;
constexpr double kMargin = 20.0;
constexpr double kTitleSize = 18.0;
constexpr double kTextSize = 10.0;
constexpr double kLabelMax = 8.0;
constexpr double kLabelMin = 4.0;
// Average advance of DejaVu/Liberation Sans glyphs, in em: enough to decide
// whether a label fits without measuring fonts (none are loaded here).
constexpr double kCharWidth = 0.6;

constexpr const char* kFont = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

struct RoleStyle {
    const char* name;
    const char* fill;
    const char* stroke;
    const char* text;
};

// Okabe–Ito colours (distinguishable with the common colour-vision
// deficiencies) with distinct lightness, so a grey-scale print still tells
// C-nodes (light), D-boxes (mid) and switches (dark) apart.
constexpr RoleStyle kCNode{"C-node", "#56B4E9", "#1F5F8B", "#000000"};
constexpr RoleStyle kDBox{"D-box", "#E69F00", "#8A5F00", "#000000"};
constexpr RoleStyle kSwitch{"switch", "#4D4D4D", "#1A1A1A", "#FFFFFF"};
constexpr RoleStyle kEmpty{"empty", "#F2F2F2", "#BFBFBF", "#000000"};

const RoleStyle& style_of(DeviceRole role) {
    switch (role) {
    case DeviceRole::cnode:
        return kCNode;
    case DeviceRole::dbox:
        return kDBox;
    case DeviceRole::network_switch:
        return kSwitch;
    }
    return kEmpty;
}

/// A coordinate: at most two decimals, '.' whatever the C locale says.
std::string num(double v) {
    const double r = std::round(v * 100.0) / 100.0;
    std::array<char, 32> buf{};
    auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), r == 0.0 ? 0.0 : r);
    return ec == std::errc{} ? std::string(buf.data(), end) : std::string("0");
}

std::size_t code_points(const std::string& s) {
    return static_cast<std::size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

double text_width(const std::string& s, double size) {
    return static_cast<double>(code_points(s)) * kCharWidth * size;
}

/// `s` cut to at most `max_points` code points, with an ellipsis when cut.
std::string shorten(const std::string& s, std::size_t max_points) {
    if (code_points(s) <= max_points || max_points == 0) {
        return max_points == 0 ? std::string() : s;
    }
    std::string out;
    std::size_t points = 0;
    for (char c : s) {
        const bool starts = (c & 0xC0) != 0x80;
        if (starts && points + 1 == max_points) {
            break;
        }
        points += starts ? 1 : 0;
        out += c;
    }
    return out + "\u2026";
}

class Svg {
public:
    void text(double x, double y, double size, const std::string& s, const char* anchor = "start",
              const char* fill = "#000000", bool bold = false) {
        out_ += "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(size) + "\"";
        if (std::string_view(anchor) != "start") {
            out_ += std::string(" text-anchor=\"") + anchor + "\"";
        }
        if (std::string_view(fill) != "#000000") {
            out_ += std::string(" fill=\"") + fill + "\"";
        }
        if (bold) {
            out_ += " font-weight=\"bold\"";
        }
        out_ += ">" + xml_escape(s) + "</text>\n";
    }
    void rect(double x, double y, double w, double h, const char* fill, const char* stroke,
              double stroke_width, const std::string& tooltip = {}) {
        out_ += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) +
                "\" height=\"" + num(h) + "\" fill=\"" + fill + "\"";
        if (stroke != nullptr) {
            out_ += std::string(" stroke=\"") + stroke + "\" stroke-width=\"" + num(stroke_width) +
                    "\"";
        }
        if (tooltip.empty()) {
            out_ += "/>\n";
        } else {
            out_ += "><title>" + xml_escape(tooltip) + "</title></rect>\n";
        }
    }
    void line(double x1, double y1, double x2, double y2, const char* stroke, double w) {
        out_ += "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" +
                num(y2) + "\" stroke=\"" + stroke + "\" stroke-width=\"" + num(w) + "\"/>\n";
    }
    void raw(const std::string& s) { out_ += s; }
    const std::string& str() const { return out_; }

private:
    std::string out_;
};

/// Text of the title block, computed first because its width bounds the drawing's.
struct Heading {
    std::string title;
    std::string totals;
    std::string hardware;
    std::vector<std::pair<const RoleStyle*, std::string>> legend;
    double width = 0.0;
};

Heading heading(const Design& d, const RackSvgOptions& options, int rack_height) {
    Heading h;
    h.title = options.title.empty() ? d.name : options.title;
    const auto racks = static_cast<double>(d.racks);
    h.totals =
        format_number(racks) + (d.racks == 1 ? " rack" : " racks") + " \u00b7 " +
        format_in(d.rack_units(), units::U, 0) + " of " + format_number(racks * rack_height) +
        " U \u00b7 " + format_in(d.basis_power(), units::kW, 1) + " " +
        std::string(to_string(d.power_basis)) + " of " +
        format_in(d.rack_limit * racks, units::kW, 1) + " allowed \u00b7 " +
        format_in(d.facility_power, units::kW, 1) + " facility at PUE " + format_number(d.pue, 2) +
        " \u00b7 cooling " + std::string(cooling_label(d.cooling)) + " \u00b7 " +
        format_in(d.usable, units::PB, 1) + " usable \u00b7 read " +
        format_in(d.read, units::TB_per_s, 2) + ", write " + format_in(d.write, units::TB_per_s, 2);
    h.hardware = "C-node " + d.cnode_model + " \u00b7 D-box " + d.dbox_model + " with " +
                 std::to_string(d.drives_per_dbox) + " \u00d7 " +
                 format_in(d.drive_size, units::TB, 2) + " drives \u00b7 switch " + d.switch_model +
                 " \u00b7 rack " + d.rack_model + " (" + format_in(d.rack_usable, units::U, 0) +
                 ", " + format_in(d.rack_budget, units::kW, 1) + ")";
    double empty_u = 0.0;
    for (const Rack& r : d.layout) {
        empty_u += rack_height - r.used.base();
    }
    auto count = [](std::int64_t n) { return format_number(static_cast<double>(n)); };
    h.legend = {{&kCNode, "C-node \u00d7 " + count(d.cnodes)},
                {&kDBox, "D-box \u00d7 " + count(d.dboxes)},
                {&kSwitch, "switch \u00d7 " + count(d.switches())},
                {&kEmpty, "empty: " + format_number(empty_u) + " U"}};
    double legend_w = 0.0;
    for (const auto& item : h.legend) {
        legend_w += 16.0 + text_width(item.second, kTextSize) + 18.0;
    }
    h.width = std::max({text_width(h.title, kTitleSize), text_width(h.totals, kTextSize),
                        text_width(h.hardware, kTextSize), legend_w});
    return h;
}

constexpr double kHeadingHeight = kTitleSize + 4.0 + 3 * (kTextSize + 6.0) + 12.0;

struct Layout {
    int per_row = 1;
    int rows = 1;
    double width = 0.0;
    double height = 0.0;
};

Layout layout_for(int racks, int per_row, int rack_height, double heading_width) {
    Layout l;
    l.per_row = std::max(1, std::min(per_row, std::max(racks, 1)));
    l.rows = racks == 0 ? 0 : (racks + l.per_row - 1) / l.per_row;
    const double racks_width = l.per_row * kPitch - kGap;
    l.width = 2 * kMargin + std::max(racks_width, heading_width);
    const double row_height = kRackHead + rack_height * kUnit;
    l.height = kMargin + kHeadingHeight + l.rows * row_height + std::max(0, l.rows - 1) * kRowGap +
               kMargin;
    if (racks == 0) {
        l.height += 2 * kTextSize;
    }
    return l;
}

/// The racks-per-row that lets the drawing be printed largest on the page.
Layout best_layout(int racks, int rack_height, double heading_width, double aspect) {
    Layout best = layout_for(racks, 1, rack_height, heading_width);
    double best_scale = 0.0;
    for (int k = 1; k <= std::max(racks, 1); ++k) {
        const Layout l = layout_for(racks, k, rack_height, heading_width);
        const double scale = std::min(aspect / l.width, 1.0 / l.height);
        if (scale > best_scale * (1 + 1e-12)) {
            best = l;
            best_scale = scale;
        }
    }
    return best;
}

void draw_rack(Svg& svg, const Design& d, const Rack& rack, double x, double y, int rack_height) {
    // On the design's basis, against what a rack may draw (budget x derating).
    const double budget = d.rack_limit.base();
    const Power drawn = d.power_basis == PowerBasis::max ? rack.max_power : rack.power;
    const bool over = budget > 0 && drawn.base() > budget * (1 + 1e-12);
    svg.raw("<g>\n");
    const double mid = x + kRackWidth / 2;
    svg.text(mid, y + 10, 10, "Rack " + std::to_string(rack.index), "middle", "#000000", true);
    svg.text(mid, y + 22, 8,
             format_number(rack.used.base()) + " / " + format_in(d.rack_usable, units::U, 0),
             "middle");
    svg.text(mid, y + 33, 8,
             format_number(in(drawn, units::kW), 1) + " / " + format_in(d.rack_limit, units::kW, 1),
             "middle", over ? "#B00000" : "#000000", over);
    // Power bar: share of the rack's budget drawn.
    const double bar_y = y + 37;
    svg.rect(x, bar_y, kRackWidth, 4, "#E0E0E0", nullptr, 0);
    const double share = budget > 0 ? std::min(1.0, drawn.base() / budget) : 0.0;
    svg.rect(x, bar_y, kRackWidth * share, 4, over ? "#D55E00" : "#009E73", nullptr, 0);

    const double body = y + kRackHead;
    svg.rect(x, body, kRackWidth, rack_height * kUnit, kEmpty.fill, "#333333", 1.2);
    for (int u = 1; u < rack_height; ++u) {
        const double ly = body + u * kUnit;
        svg.line(x + 0.6, ly, x + kRackWidth - 0.6, ly, "#D9D9D9", 0.5);
    }
    for (int u = 1; u <= rack_height; ++u) {
        const double cy = body + (rack_height - u) * kUnit + kUnit / 2;
        svg.text(x - 3, cy + 2.1, 6, std::to_string(u), "end", "#555555");
    }
    for (const RackSlot& s : rack.slots) {
        const RoleStyle& st = style_of(s.role);
        const double top = body + (rack_height - (s.u + s.height - 1)) * kUnit;
        const double h = s.height * kUnit;
        const std::string where = s.height == 1 ? "U" + std::to_string(s.u)
                                                : "U" + std::to_string(s.u) + "\u2013" +
                                                      std::to_string(s.u + s.height - 1);
        svg.rect(x + 1.5, top + 0.6, kRackWidth - 3, h - 1.2, st.fill, st.stroke, 0.6,
                 s.label + " \u00b7 " + s.model + " \u00b7 " + where + " \u00b7 " +
                     format_in(s.power, units::W, 0));
        const double room = kRackWidth - 8;
        double size = std::min(kLabelMax, 0.7 * kUnit);
        size = std::min(size, room / (kCharWidth * static_cast<double>(std::max<std::size_t>(
                                                       1, code_points(s.model)))));
        std::string label = s.model;
        if (size < kLabelMin) {
            size = kLabelMin;
            label = shorten(label, static_cast<std::size_t>(room / (kCharWidth * size)));
        }
        svg.text(mid, top + h / 2 + 0.36 * size, size, label, "middle", st.text);
    }
    svg.raw("</g>\n");
}

} // namespace

std::string render_rack_svg(const Design& design, const RackSvgOptions& options) {
    int rack_height = static_cast<int>(std::lround(design.rack_usable.base()));
    for (const Rack& r : design.layout) {
        for (const RackSlot& s : r.slots) {
            rack_height = std::max(rack_height, s.u + s.height - 1);
        }
    }
    rack_height = std::max(rack_height, 1);
    Heading head = heading(design, options, rack_height);
    const int all = static_cast<int>(design.layout.size());
    const int racks = options.max_racks > 0 ? std::min(all, options.max_racks) : all;
    if (racks < all) {
        // A drawing of tens of thousands of racks helps nobody and weighs
        // hundreds of megabytes: draw the first ones and say so.
        head.hardware +=
            " \u00b7 racks 1\u2013" + format_number(racks) + " of " + format_number(all) + " drawn";
        head.width = std::max(head.width, text_width(head.hardware, kTextSize));
    }
    const double aspect = options.page_aspect > 0 ? options.page_aspect : 297.0 / 210.0;
    const Layout lay = options.racks_per_row > 0
                           ? layout_for(racks, options.racks_per_row, rack_height, head.width)
                           : best_layout(racks, rack_height, head.width, aspect);

    Svg svg;
    svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    svg.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + num(lay.width) +
            "\" height=\"" + num(lay.height) + "\" viewBox=\"0 0 " + num(lay.width) + " " +
            num(lay.height) + "\" font-family=\"" + kFont + "\">\n");
    svg.raw("<title>" + xml_escape("Rack elevation: " + head.title) + "</title>\n");
    svg.raw("<desc>" + xml_escape(head.totals) + "</desc>\n");
    svg.rect(0, 0, lay.width, lay.height, "#FFFFFF", nullptr, 0);

    double y = kMargin + kTitleSize;
    svg.text(kMargin, y, kTitleSize, head.title, "start", "#000000", true);
    y += 4 + kTextSize + 6;
    svg.text(kMargin, y, kTextSize, head.totals);
    y += kTextSize + 6;
    svg.text(kMargin, y, kTextSize, head.hardware, "start", "#333333");
    y += kTextSize + 6;
    double lx = kMargin;
    for (const auto& [st, text] : head.legend) {
        svg.rect(lx, y - 9, 12, 10, st->fill, st->stroke, 0.8);
        svg.text(lx + 16, y, kTextSize, text);
        lx += 16 + text_width(text, kTextSize) + 18;
    }

    const double top = kMargin + kHeadingHeight;
    if (racks == 0) {
        std::string why = "No rack layout for this design.";
        for (const Finding& f : design.findings) {
            if (f.code == "too-large" || f.code == "device-too-big") {
                why = "No rack layout: " + f.message + ".";
            }
        }
        svg.text(kMargin, top + kTextSize, kTextSize, why, "start", "#B00000", true);
    }
    const double row_height = kRackHead + rack_height * kUnit + kRowGap;
    for (int i = 0; i < racks; ++i) {
        const int row = i / lay.per_row;
        const int col = i % lay.per_row;
        draw_rack(svg, design, design.layout[static_cast<std::size_t>(i)],
                  kMargin + col * kPitch + kGutter, top + row * row_height, rack_height);
    }
    svg.raw("</svg>\n");
    return svg.str();
}

std::string rack_svg_file_name(const Design& design, std::size_t index) {
    std::string slug;
    for (unsigned char c : design.name) {
        // ASCII only and no <cctype>: the GUI may run under any C locale.
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            slug += static_cast<char>(c);
        } else if (c >= 'A' && c <= 'Z') {
            slug += static_cast<char>(c - 'A' + 'a');
        } else if (!slug.empty() && slug.back() != '-') {
            slug += '-';
        }
    }
    while (!slug.empty() && slug.back() == '-') {
        slug.pop_back();
    }
    if (slug.size() > 60) {
        slug.resize(60);
    }
    return fmt::format("{:02}{}{}.svg", index, slug.empty() ? "" : "-", slug);
}

} // namespace podsizer

#include "podsizer/reports/rack_svg.hpp"

#include "podsizer/reports/metrics.hpp"
#include "podsizer/reports/rack_colours.hpp"
#include "podsizer/reports/rack_kinds.hpp"
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

/// A device's colours as the SVG writes them (rack_colours.hpp).
struct RoleStyle {
    std::string fill;
    std::string stroke;
    std::string text;
};

RoleStyle svg_style(const DeviceColours& c) {
    return {hex_colour(c.fill), hex_colour(c.stroke), hex_colour(c.text)};
}

const RoleStyle kCNode = svg_style(rack_colours::cnode);
const RoleStyle kDBox = svg_style(rack_colours::dbox);
const RoleStyle kSwitch = svg_style(rack_colours::leaf_switch);
const RoleStyle kSpine = svg_style(rack_colours::spine_switch);
const RoleStyle kSuperSpine = svg_style(rack_colours::super_spine_switch);
const RoleStyle kEmpty = svg_style(rack_colours::empty);

const RoleStyle& style_of(const RackSlot& s) {
    const DeviceColours* c = &device_colours(&s);
    for (const auto& [colours, style] :
         {std::pair{&rack_colours::cnode, &kCNode}, std::pair{&rack_colours::dbox, &kDBox},
          std::pair{&rack_colours::spine_switch, &kSpine},
          std::pair{&rack_colours::super_spine_switch, &kSuperSpine},
          std::pair{&rack_colours::empty, &kEmpty}}) {
        if (colours == c) {
            return *style;
        }
    }
    return kSwitch;
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

/// The largest size up to `max` at which `text` fits `room` units, at least `min`.
double fitted_size(const std::string& text, double room, double max, double min) {
    const double w = kCharWidth * static_cast<double>(std::max<std::size_t>(1, code_points(text)));
    return std::clamp(room / w, min, max);
}

class Svg {
public:
    void text(double x, double y, double size, const std::string& s, const char* anchor = "start",
              std::string_view fill = "#000000", bool bold = false) {
        out_ += "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(size) + "\"";
        if (std::string_view(anchor) != "start") {
            out_ += std::string(" text-anchor=\"") + anchor + "\"";
        }
        if (fill != "#000000") {
            out_ += " fill=\"" + std::string(fill) + "\"";
        }
        if (bold) {
            out_ += " font-weight=\"bold\"";
        }
        out_ += ">" + xml_escape(s) + "</text>\n";
    }
    void rect(double x, double y, double w, double h, std::string_view fill, const char* stroke,
              double stroke_width, const std::string& tooltip = {}) {
        out_ += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) +
                "\" height=\"" + num(h) + "\" fill=\"" + std::string(fill) + "\"";
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

/// "read / write 10.80 / 4.50 TB/s intact, 9.67 / 4.03 with one D-box down":
/// a slide shows the figures a customer asks about next, and says which state
/// each is (the intact figures alone read as what the pod always delivers).
std::string throughput_text(const Design& d) {
    // The unit once, after the pair: "read / write 10.80 / 4.50 TB/s intact".
    std::string s = "read / write " + format_number(in(d.read, units::TB_per_s), 2) + " / " +
                    format_number(in(d.write, units::TB_per_s), 2) + " " +
                    std::string(units::TB_per_s.symbol) + " intact";
    if (d.resilience) {
        s += ", " + format_number(in(d.resilience->degraded_read, units::TB_per_s), 2) + " / " +
             format_number(in(d.resilience->degraded_write, units::TB_per_s), 2) +
             " with one D-box down";
    }
    return s;
}

Heading heading(const Design& d, const RackSvgOptions& options, int rack_height) {
    Heading h;
    h.title = options.title.empty() ? d.name : options.title;
    const auto racks = static_cast<double>(d.racks);
    h.totals =
        format_number(racks) + (d.racks == 1 ? " rack" : " racks") + " \u00b7 " +
        format_in(d.rack_units(), units::U, 0) + " of " + format_number(racks * rack_height) +
        " U \u00b7 " + format_in(d.basis_power(), units::kW, 1) + " " +
        std::string(to_string(d.constraints.power_basis)) + " of " +
        format_in(d.rack_limit * racks, units::kW, 1) + " allowed \u00b7 " +
        format_in(d.facility_power, units::kW, 1) + " facility at PUE " +
        format_number(d.constraints.pue, 2) + " \u00b7 cooling " +
        std::string(cooling_label(d.cooling)) + " \u00b7 " + format_in(d.usable, units::PB, 1) +
        " usable \u00b7 " + throughput_text(d) + heading_figures(d, metric_registry());
    h.hardware = d.cnode_shown() + " \u00b7 " + d.dbox_shown() +
                 fmt::format(" with {} \u00d7 ", d.drives_per_dbox) +
                 format_in(d.drive_size, units::TB, 2) + " drives \u00b7 " + d.switch_shown() +
                 " \u00b7 " + d.rack_shown() + " (" + format_in(d.rack_usable, units::U, 0) + ", " +
                 format_in(d.rack_budget, units::kW, 1) + ")";
    double empty_u = 0.0;
    for (const Rack& r : d.layout) {
        empty_u += rack_height - r.used.base();
    }
    auto count = [](std::int64_t n) { return format_number(static_cast<double>(n)); };
    h.legend = {{&kCNode, "C-node \u00d7 " + count(d.cnodes)},
                {&kDBox, "D-box \u00d7 " + count(d.dboxes)}};
    if (d.spine_switches + d.super_spine_switches > 0) {
        h.legend.push_back({&kSwitch, "leaf switch \u00d7 " + count(d.leaf_switches)});
        h.legend.push_back({&kSpine, "spine switch \u00d7 " + count(d.spine_switches)});
        if (d.super_spine_switches > 0) {
            h.legend.push_back(
                {&kSuperSpine, "super-spine switch \u00d7 " + count(d.super_spine_switches)});
        }
    } else {
        h.legend.push_back({&kSwitch, "leaf switch \u00d7 " + count(d.switches())});
    }
    h.legend.push_back({&kEmpty, "empty: " + format_number(empty_u) + " U"});
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

Power drawn_on_basis(const Design& d, const Rack& r) {
    return d.constraints.power_basis == PowerBasis::max ? r.max_power : r.power;
}

/// Whether the rack draws, on the design's basis, more than a rack may
/// (budget x derating).
bool over_budget(const Design& d, const Rack& r) {
    const double budget = d.rack_limit.base();
    return budget > 0 && drawn_on_basis(d, r).base() > budget * (1 + 1e-12);
}

std::string rack_power_text(const Design& d, const Rack& r) {
    return format_number(in(drawn_on_basis(d, r), units::kW), 1) + " / " +
           format_in(d.rack_limit, units::kW, 1);
}

/// Power bar: the share of what the rack may draw.
void power_bar(Svg& svg, const Design& d, const Rack& r, double x, double y, double w, double h) {
    const double budget = d.rack_limit.base();
    const double share = budget > 0 ? std::min(1.0, drawn_on_basis(d, r).base() / budget) : 0.0;
    svg.rect(x, y, w, h, "#E0E0E0", nullptr, 0);
    svg.rect(x, y, w * share, h, over_budget(d, r) ? "#D55E00" : "#009E73", nullptr, 0);
}

void draw_rack(Svg& svg, const Design& d, const Rack& rack, double x, double y, int rack_height) {
    const bool over = over_budget(d, rack);
    svg.raw("<g>\n");
    const double mid = x + kRackWidth / 2;
    svg.text(mid, y + 10, 10, fmt::format("Rack {}", rack.index), "middle", "#000000", true);
    svg.text(mid, y + 22, 8,
             format_number(rack.used.base()) + " / " + format_in(d.rack_usable, units::U, 0),
             "middle");
    svg.text(mid, y + 33, 8, rack_power_text(d, rack), "middle", over ? "#B00000" : "#000000",
             over);
    power_bar(svg, d, rack, x, y + 37, kRackWidth, 4);

    const double body = y + kRackHead;
    svg.rect(x, body, kRackWidth, rack_height * kUnit, kEmpty.fill, "#333333", 1.2);
    for (int u = 1; u < rack_height; ++u) {
        const double ly = body + u * kUnit;
        svg.line(x + 0.6, ly, x + kRackWidth - 0.6, ly, "#D9D9D9", 0.5);
    }
    for (int u = 1; u <= rack_height; ++u) {
        const double cy = body + (rack_height - u) * kUnit + kUnit / 2;
        svg.text(x - 3, cy + 2.1, 6, fmt::format("{}", u), "end", "#555555");
    }
    for (const RackSlot& s : rack.slots) {
        const RoleStyle& st = style_of(s);
        const double top = body + (rack_height - (s.u + s.height - 1)) * kUnit;
        const double h = s.height * kUnit;
        const std::string where = s.height == 1
                                      ? fmt::format("U{}", s.u)
                                      : fmt::format("U{}\u2013{}", s.u, s.u + s.height - 1);
        svg.rect(x + 1.5, top + 0.6, kRackWidth - 3, h - 1.2, st.fill, st.stroke.c_str(), 0.6,
                 s.label + " \u00b7 " + model_shown(d, s) + " \u00b7 " + where + " \u00b7 " +
                     format_in(s.power, units::W, 0));
        const double room = kRackWidth - 8;
        std::string label = device_kind_text(s);
        const double size = fitted_size(label, room, std::min(kLabelMax, 0.7 * kUnit), kLabelMin);
        if (size == kLabelMin) { // the smallest size: cut what does not fit
            label = shorten(label, static_cast<std::size_t>(room / (kCharWidth * size)));
        }
        svg.text(mid, top + h / 2 + 0.36 * size, size, label, "middle", st.text);
    }
    svg.raw("</g>\n");
}

// ------------------------------------------------------------------ slide views
//
// Drawn on a 16:9 canvas of 1280 x 720 units (wider when the content needs
// it): placed at the width of a 16:9 slide (13.33 in, 960 pt) one unit is
// 0.75 pt, so the smallest text (12 units) prints at 9 pt.
constexpr double kSlideWidth = 1280.0;
constexpr double kSlideHeight = 720.0;
constexpr double kSlideMargin = 24.0;
constexpr double kSlideTitle = 26.0;
constexpr double kSlideText = 14.0;
constexpr double kSlideSmall = 12.0;

/// Lines of at most `width` units from the parts, joined with " · ".
std::vector<std::string> wrap_parts(const std::vector<std::string>& parts, double width,
                                    double size) {
    std::vector<std::string> lines;
    std::string line;
    for (const std::string& p : parts) {
        const std::string next = line.empty() ? p : line + " \u00b7 " + p;
        if (!line.empty() && text_width(next, size) > width) {
            lines.push_back(line);
            line = p;
        } else {
            line = next;
        }
    }
    if (!line.empty()) {
        lines.push_back(line);
    }
    return lines;
}

std::vector<std::string> split_dots(const std::string& s) {
    std::vector<std::string> parts;
    const std::string dot = " \u00b7 ";
    std::size_t from = 0;
    for (std::size_t at = s.find(dot); at != std::string::npos; at = s.find(dot, from)) {
        parts.push_back(s.substr(from, at - from));
        from = at + dot.size();
    }
    parts.push_back(s.substr(from));
    return parts;
}

/// Title, totals and hardware wrapped to the width, then the legend; returns
/// the y below it.
double slide_heading(Svg& svg, const Heading& h, double width, const std::string& view_note) {
    double y = kSlideMargin + kSlideTitle;
    svg.text(kSlideMargin, y, kSlideTitle, h.title + view_note, "start", "#000000", true);
    y += 8;
    const double inner = width - 2 * kSlideMargin;
    for (const std::string& line : wrap_parts(split_dots(h.totals), inner, kSlideText)) {
        y += kSlideText + 6;
        svg.text(kSlideMargin, y, kSlideText, line);
    }
    for (const std::string& line : wrap_parts(split_dots(h.hardware), inner, kSlideSmall)) {
        y += kSlideSmall + 6;
        svg.text(kSlideMargin, y, kSlideSmall, line, "start", "#333333");
    }
    y += kSlideText + 10;
    double lx = kSlideMargin;
    for (const auto& [st, text] : h.legend) {
        const double w = 22 + text_width(text, kSlideSmall) + 20;
        if (lx + w > width - kSlideMargin && lx > kSlideMargin) {
            lx = kSlideMargin;
            y += kSlideSmall + 8;
        }
        svg.rect(lx, y - 11, 16, 13, st->fill, st->stroke.c_str(), 0.8);
        svg.text(lx + 22, y, kSlideSmall, text);
        lx += w;
    }
    return y + 14;
}

void open_svg(Svg& svg, double width, double height, const std::string& title,
              const std::string& desc) {
    svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    svg.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + num(width) +
            "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) +
            "\" font-family=\"" + kFont + "\">\n");
    svg.raw("<title>" + xml_escape(title) + "</title>\n");
    svg.raw("<desc>" + xml_escape(desc) + "</desc>\n");
    svg.rect(0, 0, width, height, "#FFFFFF", nullptr, 0);
}

/// Why the design has no rack layout, in red from (x, y) at `size`.
void no_layout_note(Svg& svg, const Design& d, double x, double y, double size) {
    std::string why = "No rack layout for this design.";
    for (const Finding& f : d.findings) {
        if (f.code == FindingCode::too_large || f.code == FindingCode::device_too_big) {
            why = "No rack layout: " + f.message() + ".";
        }
    }
    svg.text(x, y, size, why, "start", "#B00000", true);
}

/// Where one column of the typical-racks view is drawn.
struct TypicalColumn {
    double x = 0.0;     ///< the rack body's left edge
    double width = 0.0; ///< the rack body's width
    double mid = 0.0;   ///< the column's centre
    double top = 0.0;   ///< the top of the column's heading
    double body = 0.0;  ///< the top of the rack body
    double unit = 0.0;  ///< the height of one U
};

/// A column's heading: how many racks are like this, which, space and
/// power, cooling.
void typical_column_head(Svg& svg, const Design& d, const RackKind& kind,
                         const TypicalColumn& col) {
    const Rack& r = d.layout[kind.racks.front()];
    const auto n = static_cast<double>(kind.racks.size());
    svg.text(col.mid, col.top + 20, 20, "\u00d7 " + format_number(n), "middle", "#000000", true);
    const std::string which =
        (kind.racks.size() == 1 ? "Rack " : "Racks ") + rack_numbers_text(d, kind);
    svg.text(col.mid, col.top + 38, fitted_size(which, col.width, kSlideText, kSlideSmall),
             shorten(which, static_cast<std::size_t>(col.width / (kCharWidth * kSlideSmall))),
             "middle");
    const bool over = over_budget(d, r);
    svg.text(col.mid, col.top + 54, kSlideSmall,
             format_number(r.used.base()) + " / " + format_in(d.rack_usable, units::U, 0) +
                 " \u00b7 " + rack_power_text(d, r),
             "middle", over ? "#B00000" : "#000000", over);
    svg.text(col.mid, col.top + 70, kSlideSmall, std::string(cooling_label(r.cooling)), "middle",
             "#333333");
}

/// A column's rack: the body, U numbers and a box per device.
void typical_rack_body(Svg& svg, const Design& d, const Rack& r, const TypicalColumn& col,
                       int rack_height) {
    svg.rect(col.x, col.body, col.width, rack_height * col.unit, kEmpty.fill, "#333333", 1.4);
    for (int u = 1; u <= rack_height; u += (col.unit >= 12 ? 1 : 2)) {
        const double cy = col.body + (rack_height - u) * col.unit + col.unit / 2;
        svg.text(col.x - 4, cy + 3.5, std::min(10.0, col.unit * 0.8), fmt::format("{}", u), "end",
                 "#555555");
    }
    for (const RackSlot& s : r.slots) {
        const RoleStyle& st = style_of(s);
        const double y = col.body + (rack_height - (s.u + s.height - 1)) * col.unit;
        svg.rect(col.x + 2, y + 0.8, col.width - 4, s.height * col.unit - 1.6, st.fill,
                 st.stroke.c_str(), 0.6,
                 s.label + " \u00b7 " + model_shown(d, s) + " \u00b7 " +
                     format_in(s.power, units::W, 0));
    }
}

/// One label per run of the same device, centred on the run: legible where
/// a label per 1U device could not be.
void typical_run_labels(Svg& svg, const Design& d, const Rack& r, const TypicalColumn& col,
                        int rack_height) {
    for (const DeviceRun& run : device_runs(r, rack_height)) {
        const double y0 = col.body + (rack_height - run.last) * col.unit;
        const double h = (run.last - run.first + 1) * col.unit;
        std::string label;
        std::string_view fill = "#555555";
        if (run.slot == nullptr) {
            label = format_number(static_cast<double>(run.last - run.first + 1)) + " U empty";
        } else {
            const bool sw = run.slot->role == DeviceRole::network_switch;
            const std::string times = format_number(static_cast<double>(run.devices)) + " \u00d7 ";
            label = times + (sw ? device_kind_text(*run.slot) : model_shown(d, *run.slot));
            // The product name when it fits at the smallest size; else
            // the kind (the heading names the models).
            if (text_width(label, kSlideSmall) > col.width - 12) {
                label = times + device_kind_text(*run.slot);
            }
            fill = style_of(*run.slot).text;
        }
        const double size =
            std::min(fitted_size(label, col.width - 12, 15.0, kSlideSmall), h * 0.85);
        svg.text(col.mid, y0 + h / 2 + 0.36 * size, size,
                 shorten(label, static_cast<std::size_t>((col.width - 12) / (kCharWidth * size))),
                 "middle", fill, run.slot != nullptr);
    }
}

std::string typical_svg(const Design& d, const RackSvgOptions& options, int rack_height) {
    const Heading head = heading(d, options, rack_height);
    const std::vector<RackKind> kinds = rack_kinds(d);
    constexpr double kColGutter = 30.0;
    constexpr double kColGap = 28.0;
    // As wide as the 16:9 canvas allows, up to 240 units; narrower than 140
    // (more than six kinds) the canvas grows instead, so labels stay legible.
    const double kinds_n = std::max<double>(1.0, static_cast<double>(kinds.size()));
    const double kBodyWidth =
        std::clamp((kSlideWidth - 2 * kSlideMargin) / kinds_n - kColGutter - kColGap, 140.0, 240.0);
    const double kColPitch = kColGutter + kBodyWidth + kColGap;
    const double width =
        std::max(kSlideWidth, 2 * kSlideMargin + static_cast<double>(kinds.size()) * kColPitch);
    // The heading's height first (drawn into a scratch buffer), then the racks fill the rest.
    Svg scratch;
    const double top = slide_heading(scratch, head, width, "");
    constexpr double kColHead = 80.0;
    const double unit =
        std::clamp((kSlideHeight - top - kColHead - kSlideMargin) / rack_height, 9.0, 16.0);
    const double height =
        std::max(kSlideHeight, top + kColHead + rack_height * unit + kSlideMargin);

    Svg svg;
    open_svg(svg, width, height, "Typical racks: " + head.title, head.totals);
    slide_heading(svg, head, width, " \u2014 typical racks");
    if (kinds.empty()) {
        no_layout_note(svg, d, kSlideMargin, top + kSlideText, kSlideText);
    }
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        TypicalColumn col;
        col.x = kSlideMargin + static_cast<double>(k) * kColPitch + kColGutter;
        col.width = kBodyWidth;
        col.mid = col.x + kBodyWidth / 2;
        col.top = top;
        col.body = top + kColHead;
        col.unit = unit;
        const Rack& r = d.layout[kinds[k].racks.front()];
        typical_column_head(svg, d, kinds[k], col);
        typical_rack_body(svg, d, r, col, rack_height);
        typical_run_labels(svg, d, r, col, rack_height);
    }
    svg.raw("</svg>\n");
    return svg.str();
}

/// The floor plan's key below the racks from `y`: what kW and the bar mean,
/// then each letter's contents and power.
void floor_legend(Svg& svg, const Design& d, const std::vector<RackKind>& kinds, double y,
                  int rack_height) {
    svg.text(kSlideMargin, y, kSlideSmall,
             "kW on the " + std::string(to_string(d.constraints.power_basis)) + " basis of " +
                 format_in(d.rack_limit, units::kW, 1) +
                 " a rack may draw (bar); letters: racks with the same contents",
             "start", "#333333");
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        const Rack& r = d.layout[kinds[k].racks.front()];
        std::string contents;
        for (const DeviceRun& run : device_runs(r, rack_height)) {
            if (run.slot != nullptr) {
                contents += (contents.empty() ? "" : ", ") +
                            format_number(static_cast<double>(run.devices)) + " " +
                            device_kind_text(*run.slot);
            }
        }
        y += kSlideSmall + 8;
        svg.text(kSlideMargin, y, kSlideSmall,
                 std::string(1, static_cast<char>('A' + static_cast<int>(k % 26))) + " \u00d7 " +
                     format_number(static_cast<double>(kinds[k].racks.size())) + ": " + contents +
                     " \u00b7 " + rack_power_text(d, r));
    }
}

std::string floor_svg(const Design& d, const RackSvgOptions& options, int rack_height) {
    const Heading head = heading(d, options, rack_height);
    const std::vector<RackKind> kinds = rack_kinds(d);
    std::vector<std::size_t> kind_of(d.layout.size(), 0);
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        for (std::size_t i : kinds[k].racks) {
            kind_of[i] = k;
        }
    }
    constexpr double kCellW = 62.0;
    constexpr double kCellH = 66.0;
    constexpr double kCellGap = 6.0;
    constexpr double kAisle = 22.0;
    const int all = static_cast<int>(d.layout.size());
    const int racks = options.max_racks > 0 ? std::min(all, options.max_racks) : all;
    const int per_row = std::max(
        1, static_cast<int>((kSlideWidth - 2 * kSlideMargin + kCellGap) / (kCellW + kCellGap)));
    const int rows = (racks + per_row - 1) / per_row;
    const double width = kSlideWidth;
    Svg scratch;
    const double top = slide_heading(scratch, head, width, "") + 8;
    const double legend_top = top + rows * (kCellH + kAisle);
    const double height =
        std::max(kSlideHeight, legend_top + static_cast<double>(kinds.size()) * (kSlideSmall + 8) +
                                   kSlideMargin + 20);
    Svg svg;
    open_svg(svg, width, height, "Floor plan: " + head.title, head.totals);
    slide_heading(svg, head, width, " \u2014 floor plan");
    if (racks == 0) {
        no_layout_note(svg, d, kSlideMargin, top + kSlideText, kSlideText);
    }
    for (int i = 0; i < racks; ++i) {
        const Rack& r = d.layout[static_cast<std::size_t>(i)];
        const double x = kSlideMargin + (i % per_row) * (kCellW + kCellGap);
        const double y = top + (i / per_row) * (kCellH + kAisle);
        const bool over = over_budget(d, r);
        svg.rect(x, y, kCellW, kCellH, "#FAFAFA", "#333333", 1.2,
                 fmt::format("Rack {} \u00b7 {} D-box, {} C-node, {} switch \u00b7 {}", r.index,
                             r.dboxes, r.cnodes, r.switches, rack_power_text(d, r)));
        const double mid = x + kCellW / 2;
        svg.text(mid, y + 17, 14, fmt::format("{}", r.index), "middle", "#000000", true);
        svg.text(mid, y + 34, kSlideSmall,
                 format_number(in(drawn_on_basis(d, r), units::kW), 1) + " kW", "middle",
                 over ? "#B00000" : "#000000", over);
        const char letter = static_cast<char>('A' + static_cast<int>(kind_of[i] % 26));
        svg.text(mid, y + 50, kSlideSmall, std::string(1, letter), "middle", "#333333");
        power_bar(svg, d, r, x + 4, y + kCellH - 9, kCellW - 8, 5);
    }
    floor_legend(svg, d, kinds, legend_top + 4, rack_height);
    svg.raw("</svg>\n");
    return svg.str();
}

} // namespace

std::string_view to_string(RackView v) {
    switch (v) {
    case RackView::every_rack:
        return "racks";
    case RackView::typical:
        return "typical";
    case RackView::floor_plan:
        return "floor";
    }
    return "racks";
}

std::optional<RackView> rack_view_from(std::string_view text) {
    for (RackView v : {RackView::every_rack, RackView::typical, RackView::floor_plan}) {
        if (text == to_string(v)) {
            return v;
        }
    }
    return std::nullopt;
}

std::string render_rack_svg(const Design& design, const RackSvgOptions& options) {
    const int rack_height = std::max(podsizer::rack_height(design), 1);
    if (options.view == RackView::typical) {
        return typical_svg(design, options, rack_height);
    }
    if (options.view == RackView::floor_plan) {
        return floor_svg(design, options, rack_height);
    }
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
    open_svg(svg, lay.width, lay.height, "Rack elevation: " + head.title, head.totals);

    double y = kMargin + kTitleSize;
    svg.text(kMargin, y, kTitleSize, head.title, "start", "#000000", true);
    y += 4 + kTextSize + 6;
    svg.text(kMargin, y, kTextSize, head.totals);
    y += kTextSize + 6;
    svg.text(kMargin, y, kTextSize, head.hardware, "start", "#333333");
    y += kTextSize + 6;
    double lx = kMargin;
    for (const auto& [st, text] : head.legend) {
        svg.rect(lx, y - 9, 12, 10, st->fill, st->stroke.c_str(), 0.8);
        svg.text(lx + 16, y, kTextSize, text);
        lx += 16 + text_width(text, kTextSize) + 18;
    }

    const double top = kMargin + kHeadingHeight;
    if (racks == 0) {
        no_layout_note(svg, design, kMargin, top + kTextSize, kTextSize);
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

std::string rack_svg_file_name(const Design& design, std::size_t index, RackView view) {
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
    const std::string suffix =
        view == RackView::every_rack ? std::string() : "-" + std::string(to_string(view));
    return fmt::format("{:02}{}{}{}.svg", index, slug.empty() ? "" : "-", slug, suffix);
}

} // namespace podsizer

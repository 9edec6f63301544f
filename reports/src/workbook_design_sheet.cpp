// One sheet per design: bill of materials, capacity, throughput, racks and
// power, density, requirement and findings. Counts and the drive size are
// inputs; everything derived is a formula over them and the Assumptions sheet
// (MODEL.md §3-§5 for the formulas), cached with the engine's number.
#include "workbook_parts.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace podsizer::wb {

namespace {

using xlsx::Num;
using xlsx::Role;

constexpr int kHeaderRow = 3;
constexpr int kLabel = 0;
constexpr int kValue = DesignCells::kValueCol;
constexpr int kHow = 2;
constexpr double kLabelWidth = 40;
constexpr double kHowWidth = 84;

/// Appends item rows (label, value, how it is computed) and remembers where
/// each keyed value went, so later formulas refer to it by key.
class Items {
public:
    Items(xlsx::Book& book, xlsx::Sheet& sheet, DesignCells& cells)
        : book_(book), sheet_(sheet), cells_(cells) {}

    void section(const std::string& title) {
        ++row_; // a blank row before each section
        sheet_.text(row_, kLabel, title, book_.section());
        sheet_.text(row_, kValue, "", book_.section());
        sheet_.text(row_, kHow, "", book_.section());
        ++row_;
    }
    /// An input the user may change.
    void input(const std::string& key, const std::string& label, double v, Num num,
               const std::string& how) {
        sheet_.text(row_, kLabel, label, book_.label());
        sheet_.number(row_, kValue, v, num, Role::input);
        sheet_.text(row_, kHow, how, book_.note());
        fit(label, how);
        keep(key, v);
    }
    /// A number podsizer computed that is not a formula (the rack layout).
    void value(const std::string& key, const std::string& label, double v, Num num,
               const std::string& how) {
        sheet_.text(row_, kLabel, label, book_.label());
        sheet_.number(row_, kValue, v, num, Role::value);
        sheet_.text(row_, kHow, how, book_.note());
        fit(label, how);
        keep(key, v);
    }
    void text(const std::string& key, const std::string& label, const std::string& v,
              const std::string& how) {
        sheet_.text(row_, kLabel, label, book_.label());
        sheet_.text(row_, kValue, v, book_.text_value());
        sheet_.text(row_, kHow, how, book_.note());
        keep_text(key, v);
    }
    /// A live formula; `f` may use {key} placeholders for earlier items.
    void formula(const std::string& key, const std::string& label, const std::string& f,
                 double cached, Num num, const std::string& how) {
        sheet_.text(row_, kLabel, label, book_.label());
        sheet_.formula(row_, kValue, expand(f), cached, num);
        sheet_.text(row_, kHow, how, book_.note());
        fit(label, how);
        keep(key, cached);
    }
    void formula_text(const std::string& key, const std::string& label, const std::string& f,
                      const std::string& cached, const std::string& how) {
        sheet_.text(row_, kLabel, label, book_.label());
        sheet_.formula_text(row_, kValue, expand(f), cached);
        sheet_.text(row_, kHow, how, book_.note());
        keep_text(key, cached);
    }
    int row() const { return row_; }
    void skip(int n) { row_ += n; }

    /// {key} -> $B$n for keys on this sheet.
    std::string expand(const std::string& f) const {
        std::string out;
        for (std::size_t i = 0; i < f.size(); ++i) {
            if (f[i] != '{') {
                out += f[i];
                continue;
            }
            const std::size_t end = f.find('}', i);
            const std::string key = f.substr(i + 1, end - i - 1);
            auto it = cells_.rows.find(key);
            if (end == std::string::npos || it == cells_.rows.end()) {
                throw std::logic_error("workbook: formula refers to unknown item {" + key + "}");
            }
            out += xlsx::cell(it->second, kValue);
            i = end;
        }
        return out;
    }

private:
    void fit(const std::string& label, const std::string& how) {
        sheet_.fit_height(row_, {{label, kLabelWidth, 10.0}, {how, kHowWidth, 9.0}});
    }
    void keep(const std::string& key, double v) {
        if (!key.empty()) {
            cells_.rows[key] = row_;
            cells_.numbers[key] = v;
        }
        ++row_;
    }
    void keep_text(const std::string& key, const std::string& v) {
        if (!key.empty()) {
            cells_.rows[key] = row_;
            cells_.texts[key] = v;
        }
        ++row_;
    }

    xlsx::Book& book_;
    xlsx::Sheet& sheet_;
    DesignCells& cells_;
    int row_ = kHeaderRow + 1;
};

double gbps(Throughput t) {
    return in(t, units::GB_per_s);
}

std::string bottleneck_formula(const std::string& front, const std::string& back) {
    // The engine's rule (core/src/engine.cpp): within 3 % of each other is balanced.
    return "=IF(ABS(" + front + "-" + back + ")<=0.03*MAX(" + front + "," + back +
           "),\"balanced\",IF(" + front + "<" + back + ",\"frontend\",\"backend\"))";
}

std::string yes_no(bool b) {
    return b ? "yes" : "NO";
}

} // namespace

std::string DesignCells::ref(const std::string& key) const {
    auto it = rows.find(key);
    if (it == rows.end()) {
        throw std::logic_error("workbook: design sheet has no item " + key);
    }
    return xlsx::ref(sheet, it->second, kValueCol);
}

DesignCells write_design_sheet(xlsx::Book& book, xlsx::Sheet& sheet, const Design& d,
                               const Assumptions& a, const WorkbookInput& input,
                               const CheckpointCells& checkpoints) {
    DesignCells cells;
    cells.sheet = sheet.name();
    const Scenario* s = input.scenario;
    const Requirements& req = d.requirements;

    sheet.text(0, 0, d.name, book.title());
    sheet.text(1, 0,
               "Blue cells are inputs (here and on the Assumptions sheet): change one and every "
               "formula below follows.",
               book.subtitle());
    sheet.text(2, 0,
               "Grey italic figures come from podsizer's rack layout, which is not a formula: "
               "re-run podsizer after changing counts or models.",
               book.subtitle());
    sheet.text(kHeaderRow, kLabel, "Item (unit)", book.header_left());
    sheet.text(kHeaderRow, kValue, "Value", book.header());
    sheet.text(kHeaderRow, kHow, "How it is computed", book.header_left());

    auto cn = [&](const std::string& f) { return a.name("cnode", d.cnode_model, f); };
    auto db = [&](const std::string& f) { return a.name("dbox", d.dbox_model, f); };
    auto sw = [&](const std::string& f) { return a.name("switch", d.switch_model, f); };
    auto rk = [&](const std::string& f) { return a.name("rack", d.rack_model, f); };
    const std::string ec_id = input.catalog->dbox(d.dbox_model) != nullptr
                                  ? input.catalog->dbox(d.dbox_model)->erasure_coding
                                  : std::string();
    auto ec = [&](const std::string& f) { return a.name("ec", ec_id, f); };

    Items it(book, sheet, cells);
    const auto C = static_cast<double>(d.cnodes);
    const auto D = static_cast<double>(d.dboxes);

    it.section("Bill of materials");
    it.text("cnode_model", "C-node model", d.cnode_model, "catalog id; figures on Assumptions");
    it.text("dbox_model", "D-box model", d.dbox_model, "catalog id; figures on Assumptions");
    it.text("switch_model", "Switch model", d.switch_model, "catalog id; figures on Assumptions");
    it.text("rack_model", "Rack model", d.rack_model, "catalog id; figures on Assumptions");
    it.input("cnodes", "C-nodes", C, Num::integer, "sized by podsizer; an input here");
    it.input("dboxes", "D-boxes", D, Num::integer, "sized by podsizer; an input here");
    it.input("drive_TB", "Drive size (TB)", in(d.drive_size, units::TB), Num::precise,
             "one of the D-box's drive options");
    it.formula("drives", "Drives per D-box", "=" + db("drives"), d.drives_per_dbox, Num::integer,
               "from the D-box model");
    it.formula("cd", "C-nodes per D-box (C:D)", "={cnodes}/{dboxes}", D > 0 ? C / D : 0.0, Num::two,
               "C-nodes / D-boxes");
    const double ports = C * (input.catalog->cnode(d.cnode_model)->client_ports +
                              input.catalog->cnode(d.cnode_model)->backend_ports) +
                         D * input.catalog->dbox(d.dbox_model)->backend_ports;
    it.formula("ports", "Device network ports",
               "={cnodes}*(" + cn("client_ports") + "+" + cn("backend_ports") + ")+{dboxes}*" +
                   db("backend_ports"),
               ports, Num::integer, "C-nodes x (client + backend ports) + D-boxes x backend ports");
    // core/src/network.cpp: a leaf gives floor(ports x downlink share) device
    // ports; two leaves at least; spines only when one leaf pair is not enough.
    const std::string down = "MAX(1,INT(" + sw("ports") + "*" + sw("downlink_fraction") + "))";
    it.formula("leaves", "Leaf switches", "=MAX(2,ROUNDUP({ports}/" + down + "-1E-9,0))",
               static_cast<double>(d.leaf_switches), Num::integer,
               "device ports / device ports per leaf, rounded up; at least 2");
    it.formula("spines", "Spine switches",
               "=IF(AND({ports}>2*" + down + "," + sw("ports") + "-" + down +
                   ">0),MAX(2,ROUNDUP({leaves}*(" + sw("ports") + "-" + down + ")/" + sw("ports") +
                   "-1E-9,0)),0)",
               static_cast<double>(d.spine_switches), Num::integer,
               "leaf uplinks / switch ports, rounded up; none when one leaf pair holds every port");
    it.formula("switches", "Switches (leaf + spine)", "={leaves}+{spines}",
               static_cast<double>(d.switches()), Num::integer, "leaves + spines");

    it.section("Capacity");
    it.formula("raw_PB", "Raw capacity (PB)", "={dboxes}*{drives}*{drive_TB}/1000",
               in(d.raw, units::PB), Num::one, "D-boxes x drives x drive size");
    it.formula("data_strips", "Data strips per stripe",
               "=LOOKUP({dboxes}," + ec("steps_from") + "," + ec("steps_data") + ")", d.data_strips,
               Num::integer,
               "stripe-width step for this many D-boxes (Assumptions, erasure coding)");
    it.formula("parity_strips", "Parity strips per stripe", "=" + ec("parity"), d.parity_strips,
               Num::integer, "from the erasure-coding rule");
    it.formula("ec_efficiency", "Stripe efficiency (%)",
               "={data_strips}/({data_strips}+{parity_strips})", d.ec_efficiency, Num::percent,
               "data / (data + parity)");
    it.formula("reserve", "Reserve (%)", "=" + ec("reserve"), d.reserve, Num::percent,
               "held back on top of erasure coding");
    it.formula("usable_PB", "Usable capacity (PB)", "={raw_PB}*{ec_efficiency}*(1-{reserve})",
               in(d.usable, units::PB), Num::one, "raw x efficiency x (1 - reserve)");
    it.formula("usable_PiB", "Usable capacity (PiB)", "={usable_PB}*1E15/2^50",
               in(d.usable, units::PiB), Num::one, "1 PiB = 2^50 bytes");
    it.formula("data_reduction", "Data-reduction ratio (what-if)",
               "=" + a.name("scenario", "scenario", "data_reduction"), d.data_reduction, Num::two,
               "1 = none; capacity is quoted without reduction");
    it.formula("effective_PB", "Effective capacity, what-if (PB)", "={usable_PB}*{data_reduction}",
               in(d.effective, units::PB), Num::one,
               "usable x data-reduction ratio (not a guarantee)");

    it.section("Throughput");
    it.formula("front_read", "Frontend read (GB/s)", "={cnodes}*" + cn("read_GBps"),
               gbps(d.frontend_read), Num::one, "C-nodes x read per C-node");
    it.formula("front_write", "Frontend write (GB/s)", "={cnodes}*" + cn("write_GBps"),
               gbps(d.frontend_write), Num::one, "C-nodes x write per C-node");
    it.formula("back_read", "Backend read (GB/s)", "={dboxes}*" + db("backend_read_GBps"),
               gbps(d.backend_read), Num::one, "D-boxes x backend read per D-box");
    it.formula("back_write", "Backend write (GB/s)", "={dboxes}*" + db("backend_write_GBps"),
               gbps(d.backend_write), Num::one, "D-boxes x backend write per D-box");
    it.formula("read_GBps", "Delivered read (GB/s)", "=MIN({front_read},{back_read})", gbps(d.read),
               Num::one, "the smaller of frontend and backend");
    it.formula("write_GBps", "Delivered write (GB/s)", "=MIN({front_write},{back_write})",
               gbps(d.write), Num::one, "the smaller of frontend and backend");
    it.formula("read_TBps", "Delivered read (TB/s)", "={read_GBps}/1000",
               in(d.read, units::TB_per_s), Num::two, "1 TB/s = 1,000 GB/s");
    it.formula("write_TBps", "Delivered write (TB/s)", "={write_GBps}/1000",
               in(d.write, units::TB_per_s), Num::two, "1 TB/s = 1,000 GB/s");
    it.formula("read_Tbps", "Delivered read (Tbps)", "={read_GBps}*8/1000", in(d.read, units::Tbps),
               Num::one, "bits: 1 GB/s = 8 Gbps");
    it.formula("write_Tbps", "Delivered write (Tbps)", "={write_GBps}*8/1000",
               in(d.write, units::Tbps), Num::one, "bits: 1 GB/s = 8 Gbps");
    it.formula_text("read_bottleneck", "Read bottleneck",
                    bottleneck_formula(it.expand("{front_read}"), it.expand("{back_read}")),
                    std::string(to_string(d.read_bottleneck)),
                    "balanced when frontend and backend are within 3 %");
    it.formula_text("write_bottleneck", "Write bottleneck",
                    bottleneck_formula(it.expand("{front_write}"), it.expand("{back_write}")),
                    std::string(to_string(d.write_bottleneck)),
                    "balanced when frontend and backend are within 3 %");
    it.formula("saturation", "C-nodes one D-box keeps busy",
               "=MIN(" + db("backend_read_GBps") + "/" + cn("read_GBps") + "," +
                   db("backend_write_GBps") + "/" + cn("write_GBps") + ")",
               d.saturation, Num::two,
               "backend per D-box / per C-node, the smaller of read, write");
    it.formula("knee", "Knee (C-nodes)", "=INT({dboxes}*{saturation}+1E-9)",
               static_cast<double>(d.knee_cnodes), Num::integer,
               "past this many C-nodes the D-boxes are the limit");

    it.section("Racks and power");
    it.formula("device_U", "Storage devices (U)",
               "={cnodes}*" + cn("height_U") + "+{dboxes}*" + db("height_U"), d.device_units.base(),
               Num::integer, "C-nodes and D-boxes x their height");
    it.formula("switch_U", "Switches (U)", "={switches}*" + sw("height_U"), d.switch_units.base(),
               Num::integer, "switches x height");
    it.formula("total_U", "With switches (U)", "={device_U}+{switch_U}", d.rack_units().base(),
               Num::integer, "devices + switches");
    it.formula("power_kW", "Power (kW)",
               "=({cnodes}*" + cn("power_W") + "+{dboxes}*" + db("power_W") + "+{switches}*" +
                   sw("power_W") + ")/1000",
               in(d.power, units::kW), Num::one, "typical draw of every device");
    it.formula("rack_usable_U", "Usable space per rack (U)", "=" + rk("usable_U"),
               d.rack_usable.base(), Num::integer, "from the rack model");
    const bool override_power = s != nullptr && s->constraints.rack_power.has_value();
    it.formula(
        "rack_budget_kW", "Power budget per rack (kW)",
        "=" + (override_power ? a.name("scenario", "scenario", "rack_power_kW") : rk("budget_kW")),
        in(d.rack_budget, units::kW), Num::precise,
        override_power ? "from the scenario (overrides the rack model)" : "from the rack model");
    it.formula("racks_space", "Racks needed for space",
               "=ROUNDUP({total_U}/{rack_usable_U}-1E-9,0)", static_cast<double>(d.racks_for_space),
               Num::integer, "U / usable U per rack, rounded up");
    it.formula(
        "racks_power", "Racks needed for power", "=ROUNDUP({power_kW}/{rack_budget_kW}-1E-9,0)",
        static_cast<double>(d.racks_for_power), Num::integer, "kW / budget per rack, rounded up");
    it.value("racks", "Racks (rack layout)", static_cast<double>(d.racks), Num::integer,
             "podsizer's layout (Racks sheet): at least both bounds above, more when whole "
             "devices do not pack");
    it.formula("rack_use_U", "Space used of the racks (%)", "={total_U}/({racks}*{rack_usable_U})",
               d.racks > 0
                   ? d.rack_units().base() / (static_cast<double>(d.racks) * d.rack_usable.base())
                   : 0.0,
               Num::percent, "U / (racks x usable U)");

    it.section("Density");
    const auto racks = static_cast<double>(d.racks);
    it.formula("pb_per_rack", "Usable PB per rack", "={usable_PB}/{racks}", d.pb_per_rack(),
               Num::two, "usable / racks");
    it.formula("pb_per_kw", "Usable PB per kW", "={usable_PB}/{power_kW}", d.pb_per_kw(),
               Num::three, "usable / power");
    it.formula("read_per_kw", "Read GB/s per kW", "={read_GBps}/{power_kW}", d.gbps_read_per_kw(),
               Num::one, "delivered read / power");
    it.formula("read_per_rack", "Read GB/s per rack", "={read_GBps}/{racks}",
               racks > 0 ? gbps(d.read) / racks : 0.0, Num::one, "delivered read / racks");

    // Requirement: from the scenario's inputs where there is one.
    // An option may carry its own requirement (no performance rule, its own
    // capacity): the design's requirements say which.
    const bool has_fleet =
        s != nullptr && s->fleet && req.gpus > 0 && a.has("scenario", "scenario", "pod_gpus");
    const std::size_t index = static_cast<std::size_t>(&d - input.result->designs.data());
    const OptionSpec* option =
        s != nullptr && index < s->options.size() ? &s->options[index] : nullptr;
    const bool has_perf = req.read.base() > 0 || req.write.base() > 0;
    const bool has_cap = req.usable.base() > 0;
    if (has_fleet || has_perf || has_cap) {
        it.section("Requirement");
    }
    std::string sized;
    if (has_fleet) {
        it.formula("gpus", "GPUs in the pod", "=" + a.name("scenario", "scenario", "pod_gpus"),
                   static_cast<double>(req.gpus), Num::integer, "from the scenario");
        const GpuPlatform* p = input.catalog->platform(s->fleet->platform);
        if (p != nullptr && a.has("platform", p->id, "gpus_per_su")) {
            const std::string su = a.name("platform", p->id, "gpus_per_su");
            it.formula("sus", "Scalable units (whole)", "=ROUNDUP({gpus}/" + su + ",0)",
                       static_cast<double>(req.sus), Num::integer,
                       "GPUs / GPUs per SU, rounded up");
            it.formula("sized_gpus", "GPUs sized for", "={sus}*" + su,
                       static_cast<double>(req.sized_gpus), Num::integer,
                       "requirements multiply whole SUs");
            sized = "{sized_gpus}";
        }
        if (!sized.empty()) {
            it.formula("read_per_gpu", "Delivered read per GPU (GB/s)", "={read_GBps}/{gpus}",
                       d.read_per_gpu_gbps(), Num::three, "delivered read / GPUs in the pod");
        }
    }
    if (has_perf) {
        const bool rule = s != nullptr && s->performance && !s->performance->rule.empty() &&
                          a.has("rule", s->performance->rule, "read_GBps") && !sized.empty();
        const bool explicit_figures =
            s != nullptr && s->performance && s->performance->rule.empty() && !sized.empty();
        // The rule's (or explicit) write; checkpoint jobs may raise it.
        std::string perf_write;
        std::string perf_how;
        if (rule) {
            const std::string& id = s->performance->rule;
            it.formula("req_read", "Required read (GB/s)",
                       "=" + sized + "*" + a.name("rule", id, "read_GBps") + "/" +
                           a.name("rule", id, "basis_gpus"),
                       gbps(req.read), Num::one, "GPUs sized for x the rule's read per GPU");
            perf_write = sized + "*" + a.name("rule", id, "write_GBps") + "/" +
                         a.name("rule", id, "basis_gpus");
            perf_how = "GPUs sized for x the rule's write per GPU";
        } else if (explicit_figures) {
            it.formula("req_read", "Required read (GB/s)",
                       "=" + sized + "*" + a.name("scenario", "scenario", "read_per_gpu_GBps"),
                       gbps(req.read), Num::one, "GPUs sized for x read per GPU");
            perf_write = sized + "*" + a.name("scenario", "scenario", "write_per_gpu_GBps");
            perf_how = "GPUs sized for x write per GPU";
        } else if (a.has("scenario", "scenario", "required_read_GBps")) {
            it.formula("req_read", "Required read (GB/s)",
                       "=" + a.name("scenario", "scenario", "required_read_GBps"), gbps(req.read),
                       Num::one, "the requirement podsizer sized for");
            perf_write = a.name("scenario", "scenario", "required_write_GBps");
            perf_how = "the requirement podsizer sized for";
        }
        const bool jobs = checkpoints.jobs > 0;
        if (!perf_write.empty() && jobs) {
            it.formula("perf_write", "Write for the performance rule (GB/s)", "=" + perf_write,
                       gbps(req.performance_write), Num::one, perf_how);
            it.formula("ckpt_write", "Write for the checkpoint jobs (GB/s)",
                       "=" + checkpoints.plan_write_ref, gbps(req.checkpoints.write), Num::one,
                       "Checkpoints sheet: the jobs together");
            it.formula("req_write", "Required write (GB/s)", "=MAX({perf_write},{ckpt_write})",
                       gbps(req.write), Num::one, "the larger of the two");
        } else if (!perf_write.empty()) {
            it.formula("req_write", "Required write (GB/s)", "=" + perf_write, gbps(req.write),
                       Num::one, perf_how);
        } else if (cells.has("req_read")) {
            it.value("req_write", "Required write (GB/s)", gbps(req.write), Num::one,
                     "set by " + req.write_driver);
        }
    }
    if (has_cap) {
        const std::string own = "option_" + std::to_string(index + 1);
        // Whether the scenario's capacity figure gives this design's need: not
        // for a design grown to a target, whose need is larger.
        const double need_pb = in(req.usable, units::PB);
        auto same = [need_pb](double v) {
            return std::abs(v - need_pb) <= 1e-9 * std::max(std::abs(v), std::abs(need_pb));
        };
        const bool follows_scenario =
            a.has("scenario", "scenario", "usable_PB")
                ? same(a.value("scenario", "scenario", "usable_PB"))
                : !a.has("scenario", "scenario", "usable_per_gpu_TB") ||
                      same(static_cast<double>(req.sized_gpus) *
                           a.value("scenario", "scenario", "usable_per_gpu_TB") / 1000.0);
        if (option != nullptr && option->capacity) {
            if (a.has("option", own, "usable_PB")) {
                it.formula("req_usable", "Required usable capacity (PB)",
                           "=" + a.name("option", own, "usable_PB"), in(req.usable, units::PB),
                           Num::one, "this option's own capacity need (Assumptions)");
            } else {
                it.value("req_usable", "Required usable capacity (PB)", in(req.usable, units::PB),
                         Num::one, "this option's own capacity need");
            }
        } else if (!follows_scenario) {
            // A design grown to the extrapolation target (extrapolate's one
            // namespace): its need is the target, not the scenario's per-pod figure.
            it.value("req_usable", "Required usable capacity (PB)", in(req.usable, units::PB),
                     Num::one, "this design's own need: the extrapolation target");
        } else if (a.has("scenario", "scenario", "usable_PB")) {
            it.formula("req_usable", "Required usable capacity (PB)",
                       "=" + a.name("scenario", "scenario", "usable_PB"), in(req.usable, units::PB),
                       Num::one, "from the scenario");
        } else if (a.has("scenario", "scenario", "usable_per_gpu_TB") && !sized.empty()) {
            it.formula("req_usable", "Required usable capacity (PB)",
                       "=" + sized + "*" + a.name("scenario", "scenario", "usable_per_gpu_TB") +
                           "/1000",
                       in(req.usable, units::PB), Num::one, "GPUs sized for x capacity per GPU");
        }
    }
    // Meeting a requirement has the engine's slack: 1 part in 10^9.
    auto meets = [&](const std::string& key, const std::string& label, const std::string& have,
                     const std::string& need, bool cached) {
        it.formula_text(key, label,
                        it.expand("=IF(" + have + ">=" + need + "*(1-1E-9),\"yes\",\"NO\")"),
                        yes_no(cached), "delivered against required");
    };
    const double slack = 1 - 1e-9;
    if (cells.has("req_read") && req.read.base() > 0) {
        it.formula("read_headroom", "Read headroom (%)", "={read_GBps}/{req_read}-1",
                   d.read / req.read - 1, Num::percent, "delivered / required - 1");
        meets("meets_read", "Meets the read requirement", "{read_GBps}", "{req_read}",
              d.read.base() >= req.read.base() * slack);
    }
    if (cells.has("req_write") && req.write.base() > 0) {
        it.formula("write_headroom", "Write headroom (%)", "={write_GBps}/{req_write}-1",
                   d.write / req.write - 1, Num::percent, "delivered / required - 1");
        meets("meets_write", "Meets the write requirement", "{write_GBps}", "{req_write}",
              d.write.base() >= req.write.base() * slack);
    }
    if (cells.has("req_usable")) {
        meets("meets_capacity", "Meets the capacity requirement", "{usable_PB}", "{req_usable}",
              d.usable.base() >= req.usable.base() * slack);
    }

    it.section("Verdict and findings");
    it.text("feasible", "Meets every requirement and constraint", yes_no(d.feasible()),
            "podsizer: no error finding (below)");
    if (d.findings.empty()) {
        it.text("", "Findings", "none", "");
    }
    for (const Finding& f : d.findings) {
        it.text("", std::string(to_string(f.severity)) + ": " + f.code, "", f.message);
    }

    sheet.column_width(kLabel, kLabel, kLabelWidth);
    sheet.column_width(kValue, kValue, 16);
    sheet.column_width(kHow, kHow, kHowWidth);
    sheet.freeze(kHeaderRow + 1, 0);
    sheet.print_setup(kHeaderRow);
    return cells;
}

} // namespace podsizer::wb

#include "podsizer/reports/batch_report.hpp"

#include "cost_json.hpp"
#include "figure_table.hpp"
#include "podsizer/reports/cost_report.hpp"
#include "podsizer/reports/grid.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "podsizer/reports/version.hpp"
#include "sizing_json.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace podsizer {

namespace {

using json = nlohmann::ordered_json;

// The table and Markdown show a few key figures per row (the full set of
// metrics would be 25 columns wide); CSV and JSON carry every figure.
const std::vector<std::string>& compact_labels() {
    static const std::vector<std::string> labels{"C-nodes",
                                                 "D-boxes",
                                                 "Racks",
                                                 "With switches (U)",
                                                 "Usable capacity (PB)",
                                                 "Read (TB/s)",
                                                 "Write (TB/s)",
                                                 "Power (kW)",
                                                 "Verdict"};
    return labels;
}

const std::vector<std::size_t>& compact_columns() {
    static const std::vector<std::size_t> columns = [] {
        std::vector<std::size_t> out;
        const auto& all = design_metric_labels();
        for (const std::string& label : compact_labels()) {
            const auto it = std::find(all.begin(), all.end(), label);
            // A renamed metric must be renamed here too; a test renders a table.
            out.push_back(static_cast<std::size_t>(it - all.begin()));
        }
        return out;
    }();
    return columns;
}

/// A design's cost with the run's own book (the same as `book` when --prices
/// gave it), else with `book`.
DesignCost run_cost(const SizingResult& r, const Design& d, const PriceBook& book) {
    return design_cost(d, r.prices ? *r.prices : book);
}

/// The codes of a design's errors and warnings, errors first ("error read-short; warning
/// not-certified, rack-loss"): why the verdict is short, and the caveats a "yes" carries, in a
/// narrow column.
std::string finding_codes(const Design& d) {
    std::string out;
    for (Severity level : {Severity::error, Severity::warning}) {
        std::vector<FindingCode> seen;
        std::string codes;
        for (const Finding& f : d.findings) {
            if (f.severity() == level &&
                std::find(seen.begin(), seen.end(), f.code) == seen.end()) {
                seen.push_back(f.code);
                codes += (codes.empty() ? "" : ", ") + std::string(to_string(f.code));
            }
        }
        if (!codes.empty()) {
            out += (out.empty() ? "" : "; ") + std::string(to_string(level)) + " " + codes;
        }
    }
    return out;
}

/// "true" when the design keeps every checkpoint job's cadence, "false" when
/// not, "" without jobs.
std::string checkpoints_sustainable(const Design& d) {
    if (d.checkpoints.empty()) {
        return {};
    }
    for (const CheckpointAtDesign& c : d.checkpoints) {
        if (!c.sustainable) {
            return "false";
        }
    }
    return "true";
}

/// A double as nlohmann's dump writes it: integral values below 10^15 as
/// "25.0" (the common case here), others by nlohmann itself.
void append_double(std::string& out, double v) {
    if (std::isfinite(v) && v == std::floor(v) && std::abs(v) < 1e15) {
        char buf[32];
        const auto end = std::to_chars(buf, buf + sizeof buf, static_cast<std::int64_t>(v)).ptr;
        out.append(buf, end).append(".0");
        return;
    }
    out += json(v).dump();
}

void append_int(std::string& out, std::int64_t v) {
    char buf[32];
    out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

/// The "layout" array of design_to_json in compact form, written directly.
/// A sweep's JSON Lines carry dozens of racks per run, and building and
/// dumping them as JSON values took most of the rendering time (callgrind);
/// the test "jsonl designs are byte for byte those of size --format json"
/// holds this to the same keys, order and number format.
std::string layout_json(const std::vector<Rack>& racks) {
    std::string out = "[";
    out.reserve(racks.size() * 96 + 2);
    for (std::size_t i = 0; i < racks.size(); ++i) {
        const Rack& r = racks[i];
        out += i == 0 ? "{\"rack\":" : ",{\"rack\":";
        append_int(out, r.index);
        out += ",\"cnodes\":";
        append_int(out, r.cnodes);
        out += ",\"dboxes\":";
        append_int(out, r.dboxes);
        out += ",\"switches\":";
        append_int(out, r.switches);
        out += ",\"rack_units_used\":";
        append_double(out, r.used.base());
        out += ",\"power_w\":";
        append_double(out, r.power.base());
        out += ",\"max_power_w\":";
        append_double(out, r.max_power.base());
        out += ",\"cooling\":\"";
        out += to_string(r.cooling);
        out += "\"}";
    }
    out += ']';
    return out;
}

json field_json(const FieldValue& v) {
    return std::visit([](const auto& x) { return json(x); }, v);
}

/// Indents every line after the first by `by` spaces, so a pretty-printed
/// object can sit inside the "results" array.
std::string indented(const std::string& text, std::size_t by) {
    const std::string pad(by, ' ');
    std::string out = pad;
    for (char c : text) {
        out += c;
        if (c == '\n') {
            out += pad;
        }
    }
    return out;
}

} // namespace

/// Other spellings the flag takes ("markdown"), from the registry.
constexpr EnumRow<BatchFormat> kBatchFormatAliases[] = {
#define ENUM_NAME(value, spelling, ...)
#define ENUM_ALIAS(value, spelling) {BatchFormat::value, spelling},
#include "podsizer/reports/batch_format.def"
};

std::optional<BatchFormat> batch_format_from_string(std::string_view s) {
    for (const EnumRow<BatchFormat>& alias : kBatchFormatAliases) {
        if (alias.name == s) {
            return alias.value;
        }
    }
    return kBatchFormatNames.parse(s);
}

RunStatus status_of(const BatchRun& run) {
    if (!run.result) {
        return RunStatus::bad;
    }
    return run.result->all_feasible() && run.growth_ok ? RunStatus::sized : RunStatus::not_met;
}

void BatchSummary::add(RunStatus s) {
    switch (s) {
    case RunStatus::sized:
        ++sized;
        break;
    case RunStatus::not_met:
        ++not_met;
        break;
    case RunStatus::bad:
        ++bad;
        break;
    }
}

std::string BatchSummary::line() const {
    return fmt::format("{} sized, {} not met, {} bad", sized, not_met, bad);
}

BatchReport::BatchReport(BatchFormat format, BatchKind kind,
                         std::vector<std::string> parameter_names)
    : format_(format), kind_(kind), parameter_names_(std::move(parameter_names)) {}

std::vector<std::string> BatchReport::label_header() const {
    if (kind_ == BatchKind::batch) {
        return {"File"};
    }
    return parameter_names_;
}

std::vector<std::string> BatchReport::label_cells(const BatchRun& run) const {
    if (kind_ == BatchKind::batch) {
        return {run.file};
    }
    return run.labels;
}

std::vector<std::string> BatchReport::table_header() const {
    std::vector<std::string> h = label_header();
    h.push_back("Design");
    for (const std::string& label : compact_labels()) {
        h.push_back(label);
    }
    if (prices_) {
        h.push_back(fmt::format("TCO {} years ({})", prices_->site.years, prices_->currency));
    }
    h.push_back("Findings");
    return h;
}

std::vector<std::string> BatchReport::csv_header() const {
    std::vector<std::string> h = label_header();
    if (kind_ == BatchKind::batch) {
        h.push_back("Scenario");
    }
    h.push_back("Design");
    for (const std::string& label : design_metric_labels()) {
        h.push_back(label);
    }
    // size's CSV adds per-job checkpoint columns only when there are jobs; a
    // batch mixes scenarios, so it keeps one shape: what drove the write
    // requirement and whether every job's cadence is kept (details in JSON).
    h.push_back("Write driven by");
    h.push_back("Checkpoints sustainable");
    if (prices_) { // cost columns only with a price book (docs/cost.md)
        for (std::string& c : cost_csv_headers(*prices_)) {
            h.push_back(std::move(c));
        }
    }
    h.push_back("Findings");
    return h;
}

std::size_t BatchReport::csv_label_columns() const {
    return label_header().size() + (kind_ == BatchKind::batch ? 1 : 0) + 1;
}

std::vector<std::vector<std::string>> BatchReport::csv_rows(const BatchRun& run) const {
    std::vector<std::vector<std::string>> rows;
    for (const Design& d : run.result->designs) {
        std::vector<std::string> row = label_cells(run);
        if (kind_ == BatchKind::batch) {
            row.push_back(run.result->scenario);
        }
        row.push_back(d.name);
        for (std::string& cell : design_metric_cells(d, true)) {
            row.push_back(std::move(cell));
        }
        row.push_back(std::string(to_string(d.requirements.write_driven_by)));
        row.push_back(checkpoints_sustainable(d));
        if (prices_) {
            for (std::string& c : cost_csv_cells(run_cost(*run.result, d, *prices_))) {
                row.push_back(std::move(c));
            }
        }
        row.push_back(design_findings_cell(d));
        rows.push_back(std::move(row));
    }
    return rows;
}

namespace {

/// The run's layout, written directly (layout_json), in place of the empty
/// "layout" array of its design record's line.
std::string with_layout(std::string line, const std::vector<Rack>& layout) {
    // Keys and strings are escaped in the dump, so the unescaped "layout":[]
    // is the design's key and nothing else.
    const std::string empty = "\"layout\":[]";
    const auto at = line.find(empty);
    if (at != std::string::npos) {
        line.replace(at + empty.size() - 2, 2, layout_json(layout));
    }
    return line + "\n";
}

using namespace detail; // NOLINT: the figure tables' getters

/// What a sweep user plots, for JSON Lines (docs/batch.md): the models, the
/// counts and headline figures under the whole design's keys and units, the
/// verdict and the findings' codes; `--full` gives the whole design.
constexpr std::array<std::string_view, 6> kLeanFigures{"usable_capacity_bytes", "read_bytes_per_s",
                                                       "write_bytes_per_s",     "power_w",
                                                       "facility_power_w",      "feasible"};
json finding_codes_json(const Design& d) {
    json codes = json::array();
    for (const Finding& f : d.findings) {
        codes.push_back({{"severity", to_string(f.severity())}, {"code", f.name()}});
    }
    return codes;
}
constexpr std::array kLean{
    FigureRow<Design>{.value = by<[](const Design& d) {
                          return design_fields_json(d, {kDesignHeadKeys, kLeanFigures});
                      }>},
    FigureRow<Design>{.key = "findings", .value = by<finding_codes_json>},
};
json lean_design(const Design& d) {
    return figures_json(kLean, d);
}

/// One JSON record of a run: run, file, for a sweep its parameters and
/// label; then a bad run's error, or one option of its result.
struct Record {
    const BatchRun& run;
    const std::vector<std::string>* names; ///< a sweep's parameters; null for a batch
    const Design* d = nullptr;             ///< the option; null for a bad run
    std::size_t option = 0;
    const json* requirements = nullptr;
    json (*design)(const Design&) = nullptr;
};
using R = Record;
using RRow = FigureRow<Record>;

json parameters(const R& r) {
    json params = json::object();
    for (const auto& [name, value] : r.run.parameters) {
        params[name] = field_json(value);
    }
    return params;
}
std::string label(const R& r) {
    std::string label;
    for (std::size_t i = 0; i < r.run.labels.size() && i < r.names->size(); ++i) {
        label += (label.empty() ? "" : " ") + (*r.names)[i] + "=" + r.run.labels[i];
    }
    return label;
}
constexpr auto kSweep = [](const R& r) { return r.names != nullptr; };
constexpr auto kBad = [](const R& r) { return r.d == nullptr; };
constexpr auto kOption = [](const R& r) { return r.d != nullptr; };
constexpr auto kPriced = [](const R& r) { return r.d != nullptr && r.run.result->prices; };

constexpr std::array kRecord{
    RRow{.key = "run", .value = by<[](const R& r) { return r.run.index; }>},
    RRow{.key = "file", .value = by<[](const R& r) { return r.run.file; }>},
    RRow{.key = "parameters", .value = only<kSweep, parameters>},
    RRow{.key = "label", .value = only<kSweep, label>},
    RRow{.key = "error", .value = only<kBad, [](const R& r) { return r.run.error; }>},
    RRow{.key = "scenario",
         .value = only<kOption, [](const R& r) { return r.run.result->scenario; }>},
    RRow{.key = "option", .value = only<kOption, &R::option>},
    RRow{.key = "requirements", .value = only<kOption, [](const R& r) { return *r.requirements; }>},
    // No cost at all without a price book.
    RRow{.key = "cost",
         .value = only<kPriced,
                       [](const R& r) {
                           return design_cost_json(design_cost(*r.d, *r.run.result->prices));
                       }>},
    RRow{.key = "design", .value = only<kOption, [](const R& r) { return r.design(*r.d); }>},
};

} // namespace

void BatchReport::render_workbook_part(const BatchRun& run, RenderedRun& out) const {
    if (!workbook_ || !run.result) {
        return;
    }
    if (format_ != BatchFormat::csv) {
        out.workbook_rows = csv_rows(run);
    }
    for (const Design& d : run.result->designs) {
        out.workbook_findings.push_back(d.findings);
        Design m;
        m.cnode_model = d.cnode_model;
        m.dbox_model = d.dbox_model;
        m.switch_model = d.switch_model;
        m.rack_model = d.rack_model;
        m.data_reduction = d.data_reduction;
        out.models.push_back(std::move(m));
    }
}

void BatchReport::render_table_rows(const BatchRun& run, RenderedRun& out) const {
    if (!run.result) {
        return;
    }
    for (const Design& d : run.result->designs) {
        std::vector<std::string> row = label_cells(run);
        row.push_back(d.name);
        const std::vector<std::string> cells = design_metric_cells(d, false);
        for (std::size_t c : compact_columns()) {
            row.push_back(cells[c]);
        }
        if (prices_) {
            const DesignCost cost = run_cost(*run.result, d, *prices_);
            row.push_back(!cost.unpriced().empty()
                              ? "unpriced"
                              : format_number(cost.tco, 0) +
                                    (cost.assumed.empty() ? "" : std::string(kIllustrativeMarker)));
        }
        row.push_back(finding_codes(d));
        out.rows.push_back(std::move(row));
    }
}

void BatchReport::render_csv_text(const BatchRun& run, RenderedRun& out) const {
    if (!run.result) {
        return;
    }
    // The rows as render_csv writes them under the header begin() wrote.
    std::vector<std::vector<std::string>> rows = csv_rows(run);
    const std::size_t columns = csv_header().size();
    for (const std::vector<std::string>& row : rows) {
        append_csv_line(out.text, row, columns);
    }
    if (workbook_) {
        out.workbook_rows = std::move(rows);
    }
}

void BatchReport::render_json_text(BatchRun& run, RenderedRun& out) const {
    const bool lines = format_ == BatchFormat::jsonl;
    const std::vector<std::string>* names = kind_ == BatchKind::sweep ? &parameter_names_ : nullptr;
    auto write = [&](const json& j, std::size_t k) {
        out.text += lines ? j.dump() + "\n" : (k == 0 ? "" : ",\n") + indented(j.dump(2), 4);
    };
    if (!run.result) {
        write(figures_json(kRecord, R{run, names}), 0);
        return;
    }
    const json req = detail::requirements_to_json(run.result->requirements);
    for (std::size_t k = 0; k < run.result->designs.size(); ++k) {
        Design& d = run.result->designs[k];
        // --full JSON Lines: the layout array is written directly and spliced
        // in (with_layout); the rest goes through design_to_json as usual.
        const bool splice = lines && full_;
        std::vector<Rack> layout;
        if (splice) {
            layout = std::move(d.layout);
            d.layout.clear();
        }
        const json j = detail::figures_json<R>(
            kRecord,
            R{run, names, &d, k, &req, lines && !full_ ? lean_design : detail::design_to_json});
        if (splice) {
            out.text += with_layout(j.dump(), layout);
        } else {
            write(j, k);
        }
    }
}

RenderedRun BatchReport::render(BatchRun run) const {
    RenderedRun out;
    out.status = status_of(run);
    if (!run.result) {
        out.error = run.error;
    }
    render_workbook_part(run, out);
    switch (format_) {
    case BatchFormat::table:
    case BatchFormat::md:
        render_table_rows(run, out);
        break;
    case BatchFormat::csv:
        render_csv_text(run, out);
        break;
    case BatchFormat::json:
    case BatchFormat::jsonl:
        render_json_text(run, out);
        break;
    }
    return out;
}

std::string BatchReport::begin() const {
    switch (format_) {
    case BatchFormat::csv: {
        Grid g;
        g.header = csv_header();
        return render_csv(g);
    }
    case BatchFormat::json:
        return "{\n  \"podsizer_version\": " + json(std::string(version())).dump() +
               ",\n  \"command\": " + (kind_ == BatchKind::batch ? "\"batch\"" : "\"sweep\"") +
               ",\n  \"results\": [\n";
    default:
        return {};
    }
}

std::string BatchReport::separator(bool first) const {
    return format_ == BatchFormat::json && !first ? ",\n" : "";
}

std::string BatchReport::end(const std::vector<std::vector<std::string>>& rows,
                             const BatchSummary& summary) const {
    switch (format_) {
    case BatchFormat::table:
    case BatchFormat::md: {
        Grid g;
        g.header = table_header();
        g.rows = rows;
        g.numeric_from = label_header().size() + 1;
        const bool md = format_ == BatchFormat::md;
        // The TCO cells marked † rest on the book's illustrative prices: name them.
        const std::string footnote =
            prices_ ? illustrative_footnote(assumed_book_prices(*prices_), md) : std::string();
        return (md ? render_markdown(g) : render_text(g)) +
               (footnote.empty() || !md ? footnote : "\n" + footnote);
    }
    case BatchFormat::json: {
        using Sum = BatchSummary;
        static constexpr std::array kSummary{
            detail::FigureRow<Sum>{.key = "sized", .value = detail::of<&Sum::sized>},
            detail::FigureRow<Sum>{.key = "not_met", .value = detail::of<&Sum::not_met>},
            detail::FigureRow<Sum>{.key = "bad", .value = detail::of<&Sum::bad>},
        };
        const json s = detail::figures_json<Sum>(kSummary, summary);
        return "\n  ],\n  \"summary\": " + s.dump() + "\n}\n";
    }
    default:
        return {};
    }
}

} // namespace podsizer

#include "podsizer/reports/batch_report.hpp"

#include "podsizer/reports/grid.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "podsizer/reports/version.hpp"
#include "sizing_json.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace podsizer {

namespace {

using json = nlohmann::ordered_json;

// The table and Markdown show a few key figures per row (the full set of
// metrics would be 25 columns wide); CSV and JSON carry every figure.
const std::vector<std::string>& compact_labels() {
    static const std::vector<std::string> labels{
        "C-nodes",     "D-boxes",      "Racks",      "With switches (U)", "Usable capacity (PB)",
        "Read (TB/s)", "Write (TB/s)", "Power (kW)", "Meets requirements"};
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

/// The codes of a design's error findings ("max-racks, read-short"): why
/// "Meets requirements" says NO, in a narrow column.
std::string error_codes(const Design& d) {
    std::string out;
    for (const Finding& f : d.findings) {
        if (f.severity == Severity::error) {
            out += (out.empty() ? "" : ", ") + f.code;
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

std::optional<BatchFormat> batch_format_from_string(std::string_view s) {
    if (s == "table") {
        return BatchFormat::table;
    }
    if (s == "csv") {
        return BatchFormat::csv;
    }
    if (s == "md" || s == "markdown") {
        return BatchFormat::md;
    }
    if (s == "json") {
        return BatchFormat::json;
    }
    if (s == "jsonl") {
        return BatchFormat::jsonl;
    }
    return std::nullopt;
}

RunStatus status_of(const BatchRun& run) {
    if (!run.result) {
        return RunStatus::bad;
    }
    return run.result->all_feasible() ? RunStatus::sized : RunStatus::not_met;
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

int BatchSummary::exit_code() const {
    if (bad > 0) {
        return 2;
    }
    return not_met > 0 ? 1 : 0;
}

std::string BatchSummary::line() const {
    return std::to_string(sized) + " sized, " + std::to_string(not_met) + " not met, " +
           std::to_string(bad) + " bad";
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
    h.push_back("Not met");
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
    h.push_back("Findings");
    return h;
}

RenderedRun BatchReport::render(const BatchRun& run) const {
    RenderedRun out;
    out.status = status_of(run);
    if (!run.result) {
        out.error = run.error;
    }
    switch (format_) {
    case BatchFormat::table:
    case BatchFormat::md: {
        if (!run.result) {
            break;
        }
        for (const Design& d : run.result->designs) {
            std::vector<std::string> row = label_cells(run);
            row.push_back(d.name);
            const std::vector<std::string> cells = design_metric_cells(d, false);
            for (std::size_t c : compact_columns()) {
                row.push_back(cells[c]);
            }
            row.push_back(error_codes(d));
            out.rows.push_back(std::move(row));
        }
        break;
    }
    case BatchFormat::csv: {
        if (!run.result) {
            break;
        }
        Grid g;
        g.header = csv_header();
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
            row.push_back(design_findings_cell(d));
            g.rows.push_back(std::move(row));
        }
        // render_csv writes the header first; keep only the rows.
        const std::string all = render_csv(g);
        out.text = all.substr(all.find("\r\n") + 2);
        break;
    }
    case BatchFormat::json:
    case BatchFormat::jsonl: {
        auto head = [&] {
            json j;
            j["run"] = run.index;
            j["file"] = run.file;
            if (kind_ == BatchKind::sweep) {
                json params = json::object();
                for (const auto& [name, value] : run.parameters) {
                    params[name] = field_json(value);
                }
                j["parameters"] = params;
                std::string label;
                for (std::size_t i = 0; i < run.labels.size() && i < parameter_names_.size(); ++i) {
                    label += (label.empty() ? "" : " ") + parameter_names_[i] + "=" + run.labels[i];
                }
                j["label"] = label;
            }
            return j;
        };
        std::vector<json> objects;
        if (!run.result) {
            json j = head();
            j["error"] = run.error;
            objects.push_back(std::move(j));
        } else {
            const json req = detail::requirements_to_json(run.result->requirements);
            for (std::size_t k = 0; k < run.result->designs.size(); ++k) {
                json j = head();
                j["scenario"] = run.result->scenario;
                j["option"] = k;
                j["requirements"] = req;
                j["design"] = detail::design_to_json(run.result->designs[k]);
                objects.push_back(std::move(j));
            }
        }
        for (std::size_t k = 0; k < objects.size(); ++k) {
            if (format_ == BatchFormat::jsonl) {
                out.text += objects[k].dump() + "\n";
            } else {
                out.text += (k == 0 ? "" : ",\n") + indented(objects[k].dump(2), 4);
            }
        }
        break;
    }
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
        return format_ == BatchFormat::table ? render_text(g) : render_markdown(g);
    }
    case BatchFormat::json: {
        json s;
        s["sized"] = summary.sized;
        s["not_met"] = summary.not_met;
        s["bad"] = summary.bad;
        return "\n  ],\n  \"summary\": " + s.dump() + "\n}\n";
    }
    default:
        return {};
    }
}

} // namespace podsizer

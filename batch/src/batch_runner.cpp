#include "podsizer/batch/batch_runner.hpp"

#include "podsizer/batch/ordered_runner.hpp"
#include "podsizer/catalog/price_book_io.hpp"
#include "podsizer/catalog/safe_text.hpp"
#include "podsizer/catalog/scenario_catalog.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/engine.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/phases.hpp"
#include "podsizer/core/sites.hpp"
#include "podsizer/core/sizing_detail.hpp"
#include "podsizer/reports/batch_workbook.hpp"
#include "podsizer/reports/run_files.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <optional>
#include <ostream>
#include <set>

namespace podsizer {

namespace {

namespace fs = std::filesystem;

/// What a worker hands back: the rendered run and what goes to stderr.
struct Outcome {
    RenderedRun rendered;
    std::vector<std::string> messages; ///< full stderr lines, in order
    /// The run's catalog when the scenario carries its own entries, for the
    /// workbook's Assumptions of the models it used.
    std::optional<Catalog> own_catalog;
    /// The catalog files the scenario named, as read: no workbook may replace them.
    std::vector<std::string> catalog_files;
    /// The price-book file the scenario named (docs/cost.md §1), likewise.
    std::vector<std::string> price_files;
};

/// Puts `item` into `items` in place of the entry with its id, or at the end.
template <class T> void put(std::vector<T>& items, const T* item) {
    if (item == nullptr) {
        return;
    }
    for (T& t : items) {
        if (t.id == item->id) {
            t = *item;
            return;
        }
    }
    items.push_back(*item);
}

/// Writes outcomes in order: streaming formats as they arrive, table and
/// Markdown at the end (their column widths need every row).
class Writer {
public:
    /// `keep_going`: go on when `out` fails (a workbook is still to be written).
    Writer(const BatchReport& report, const Catalog& catalog, std::ostream& out, std::ostream& err,
           bool keep_going)
        : report_(report), catalog_(catalog), out_(out), err_(err), keep_going_(keep_going) {
        out_ << report_.begin();
    }

    void emit(Outcome&& o) {
        emit_outcome(std::move(o));
        if (out_.bad() && !keep_going_) {
            throw OutputFailed();
        }
    }

    /// Ends the report; with options.xlsx, writes the workbook (after the
    /// report, so stdout is complete even when the file cannot be written;
    /// the summary then carries the reason).
    BatchSummary finish(const BatchOptions& options, const std::string& title) {
        out_ << report_.end(rows_, summary_);
        out_.flush();
        err_.flush();
        if (!options.xlsx.empty() && summary_.sized + summary_.not_met == 0) {
            // A workbook of headers only would replace a good one while the
            // run failed (exit 2): keep whatever is there.
            summary_.workbook_error = "--xlsx: " + options.xlsx +
                                      ": not written, since no run was sized; the file is left "
                                      "as it was";
        } else if (!options.xlsx.empty()) {
            write_workbook(options, title);
        }
        return summary_;
    }

private:
    /// The workbook, unless it would replace a catalog file a scenario named
    /// (known only once the scenarios are read; the files given on the
    /// command line were checked before the first run).
    void write_workbook(const BatchOptions& options, const std::string& title) {
        try {
            check_outputs({{"--xlsx", options.xlsx}}, read_files_);
        } catch (const InputError& e) {
            summary_.workbook_error = e.what();
            return;
        }
        workbook_.title = title;
        workbook_.header = report_.csv_header();
        workbook_.label_columns = report_.csv_label_columns();
        WorkbookOptions wo;
        wo.date = options.workbook_date;
        try {
            write_batch_workbook(options.xlsx, workbook_, catalog_, wo);
        } catch (const InputError& e) {
            summary_.workbook_error = e.located("--xlsx").what();
        }
    }

    void emit_outcome(Outcome&& o) {
        for (std::string& f : o.catalog_files) {
            read_files_.push_back({"a scenario's catalog", std::move(f)});
        }
        for (std::string& f : o.price_files) {
            read_files_.push_back({"a scenario's price book", std::move(f)});
        }
        for (const std::string& line : o.messages) {
            err_ << printable(line, kMaxMessageChars) << '\n';
        }
        summary_.add(o.rendered.status);
        if (report_.streams()) {
            if (!o.rendered.text.empty()) {
                out_ << report_.separator(first_) << o.rendered.text;
                first_ = false;
            }
            if (report_.format() == BatchFormat::jsonl) {
                out_.flush(); // a consumer reading the pipe sees each result now
            }
        } else {
            for (auto& row : o.rendered.rows) {
                rows_.push_back(std::move(row));
            }
        }
        for (auto& row : o.rendered.workbook_rows) {
            workbook_.rows.push_back(std::move(row));
        }
        for (auto& findings : o.rendered.workbook_findings) {
            workbook_.findings.push_back(std::move(findings));
        }
        for (Design& m : o.rendered.models) {
            const std::string key =
                m.cnode_model + "|" + m.dbox_model + "|" + m.switch_model + "|" + m.rack_model;
            if (model_keys_.insert(key).second) {
                if (o.own_catalog) {
                    // A model from a scenario's own catalog: its figures go
                    // to Assumptions (the first run that uses an id names it).
                    const Catalog& c = *o.own_catalog;
                    put(catalog_.cnodes, c.cnode(m.cnode_model));
                    put(catalog_.dboxes, c.dbox(m.dbox_model));
                    if (const DBoxModel* d = c.dbox(m.dbox_model)) {
                        put(catalog_.erasure_coding, c.ec_rule(d->erasure_coding));
                    }
                    put(catalog_.switches, c.network_switch(m.switch_model));
                    put(catalog_.racks, c.rack(m.rack_model));
                }
                workbook_.models.push_back(std::move(m));
            }
        }
    }

    const BatchReport& report_;
    Catalog catalog_; ///< the catalog given, plus the models of scenarios' own catalogs
    std::ostream& out_;
    std::ostream& err_;
    bool keep_going_ = false;
    BatchSummary summary_;
    std::vector<std::vector<std::string>> rows_;
    bool first_ = true;
    BatchWorkbookData workbook_;
    std::set<std::string> model_keys_;
    std::vector<RunFile> read_files_;
};

/// Why a file found in a batch directory is no run: it is a catalog or a
/// price book; empty for anything else (a file that cannot be read is
/// reported when it is run).
std::string catalog_note(const std::string& path) {
    try {
        const std::string text = read_text_file(path);
        if (is_catalog_document(text)) {
            return "a catalog file, not a scenario: skipped (scenarios name such files in "
                   "their \"catalog\")";
        }
        if (is_price_book_document(text)) {
            return "a price book, not a scenario: skipped (give it with --prices, or name it in "
                   "a scenario's \"prices\")";
        }
    } catch (const InputError&) {
    }
    return {};
}

/// Whether the scenario's sites and phases keep their limits with `sized`
/// (docs/sites-and-phases.md): true without them. A run that breaks one is
/// "not met", as `size` of its scenario exits 1; `note` says so on stderr.
bool growth_fits(const Scenario& s, const Catalog& catalog, const SizingResult& sized,
                 std::size_t index, std::vector<std::string>& messages) {
    if ((!s.fleet || s.fleet->site_list.empty()) && s.phases.empty()) {
        return true;
    }
    const std::optional<SitePlan> sites = size_sites(s, catalog, sized);
    const std::optional<PhasePlan> phases = plan_phases(s, catalog);
    const bool sites_ok = !sites || sites->fits();
    const bool phases_ok = !phases || phases->meets();
    if (!sites_ok || !phases_ok) {
        messages.push_back(
            fmt::format("podsizer: note: run {}: a {} breaks a limit (podsizer size on "
                        "the scenario shows which)",
                        index, sites_ok ? "phase" : "site"));
    }
    return sites_ok && phases_ok;
}

} // namespace

std::vector<BatchInput> expand_batch_inputs(const std::vector<std::string>& args) {
    std::vector<BatchInput> out;
    for (const std::string& arg : args) {
        std::error_code ec;
        if (!fs::is_directory(arg, ec)) {
            out.push_back({arg, {}, {}}); // a missing file is reported when it is read
            continue;
        }
        std::vector<BatchInput> found;
        fs::recursive_directory_iterator it(arg, ec);
        for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
            if (it->path().extension() != ".json") {
                continue;
            }
            std::error_code type_ec;
            std::string path = it->path().generic_string();
            if (it->is_regular_file(type_ec)) {
                found.push_back({std::move(path), {}, {}});
                found.back().skipped = catalog_note(found.back().path);
            } else if (it->is_symlink(type_ec)) {
                // A dangling link or a loop was skipped without a word, while
                // an unreadable file is reported: report it too.
                found.push_back({path,
                                 path + ": a symbolic link to nothing readable (dangling "
                                        "or a loop); expected a scenario file",
                                 {}});
            }
        }
        if (ec) {
            out.push_back({arg, arg + ": cannot read directory (" + ec.message() + ")", {}});
            continue;
        }
        if (found.empty()) {
            out.push_back({arg, arg + ": no *.json scenario files in this directory", {}});
            continue;
        }
        std::sort(found.begin(), found.end(),
                  [](const BatchInput& a, const BatchInput& b) { return a.path < b.path; });
        for (BatchInput& f : found) {
            out.push_back(std::move(f));
        }
    }
    return out;
}

BatchSummary run_batch(const std::vector<std::string>& args, const Catalog& catalog,
                       const BatchOptions& options, std::ostream& out, std::ostream& err) {
    std::vector<BatchInput> inputs;
    for (BatchInput& in : expand_batch_inputs(args)) {
        if (in.skipped.empty()) {
            inputs.push_back(std::move(in));
        } else {
            err << "podsizer: note: " << printable(in.path, 200) << ": " << in.skipped << "\n";
        }
    }
    BatchReport report(options.format, BatchKind::batch);
    report.set_full(options.full);
    report.set_prices(options.prices);
    report.set_workbook(!options.xlsx.empty());
    Writer writer(report, catalog, out, err, !options.xlsx.empty());
    run_ordered(
        inputs.size(), options.jobs,
        [&](std::size_t i) {
            Outcome o;
            BatchRun run;
            run.index = i + 1;
            run.file = inputs[i].path;
            if (!inputs[i].error.empty()) {
                run.error = inputs[i].error;
            } else {
                Diagnostics diag;
                try {
                    // A scenario's own catalog entries count for its run only.
                    ScenarioWithCatalog own = load_scenario_with_catalog(run.file, catalog, &diag);
                    if (options.prices) {
                        // Items that can never apply refuse the run, as
                        // --prices on size does; against the run's own catalog,
                        // which a scenario may extend (D8).
                        check_price_book_items(*options.prices, own.catalog,
                                               options.prices_file + ": $");
                        own.scenario.prices = options.prices; // --prices over the scenario's
                    }
                    try {
                        run.result = size_scenario(own.scenario, own.catalog);
                        run.growth_ok = growth_fits(own.scenario, own.catalog, *run.result,
                                                    run.index, o.messages);
                    } catch (const InputError& e) {
                        throw e.located(run.file);
                    }
                    if (own.own_entries > 0) {
                        o.own_catalog = std::move(own.catalog);
                    }
                    o.catalog_files = std::move(own.catalog_files);
                    // A price book the scenario named is an input no workbook may replace.
                    o.price_files = std::move(own.price_files);
                } catch (const InputError& e) {
                    run.error = error_line(e.where(), e.message());
                }
                for (const std::string& w : diag.warnings) {
                    o.messages.push_back("podsizer: warning: " + w);
                }
            }
            if (!run.result) {
                o.messages.push_back("podsizer: error: " + run.error);
            }
            o.rendered = report.render(std::move(run));
            return o;
        },
        [&](std::size_t, Outcome&& o) { writer.emit(std::move(o)); });
    const std::string title =
        fmt::format("Batch of {} scenario file{}", inputs.size(), inputs.size() == 1 ? "" : "s");
    return writer.finish(options, title);
}

BatchSummary run_sweep(const Sweep& sweep, const Catalog& catalog, const BatchOptions& options,
                       std::ostream& out, std::ostream& err) {
    std::vector<std::string> names;
    for (const SweepParameter& p : sweep.parameters()) {
        names.push_back(p.name);
    }
    BatchReport report(options.format, BatchKind::sweep, names);
    report.set_full(options.full);
    report.set_prices(options.prices);
    report.set_workbook(!options.xlsx.empty());
    Writer writer(report, catalog, out, err, !options.xlsx.empty());
    const auto& params = sweep.parameters();
    // The rows show no rack's slots; only a whole design's JSON (json,
    // jsonl --full) writes them (sizing_detail.hpp).
    const bool slots = options.format == BatchFormat::json ||
                       (options.format == BatchFormat::jsonl && options.full);
    const RackDetail detail = slots ? RackDetail::slots : RackDetail::racks;
    run_ordered(
        sweep.runs(), options.jobs,
        [&](std::size_t i) {
            Outcome o;
            BatchRun run;
            run.index = i + 1;
            run.file = sweep.base().origin();
            const std::vector<std::size_t> idx = sweep.choice(i);
            std::string label;
            for (std::size_t k = 0; k < params.size(); ++k) {
                const SweepValue& v = params[k].values[idx[k]];
                run.parameters.emplace_back(params[k].name, v.value);
                run.labels.push_back(v.label);
                label += (label.empty() ? "" : " ") + params[k].name + "=" + v.label;
            }
            try {
                Scenario s = sweep.scenario(i, catalog);
                if (options.prices) {
                    s.prices = options.prices; // --prices over the scenario's
                }
                try {
                    run.result = size_scenario(s, catalog, detail);
                    run.growth_ok = growth_fits(s, catalog, *run.result, run.index, o.messages);
                } catch (const InputError& e) {
                    throw e.located(run.file);
                }
            } catch (const InputError& e) {
                run.error = error_line(e.where(), e.message());
                o.messages.push_back(
                    fmt::format("podsizer: error: run {} ({}): {}", i + 1, label, run.error));
            }
            o.rendered = report.render(std::move(run));
            return o;
        },
        [&](std::size_t, Outcome&& o) { writer.emit(std::move(o)); });
    return writer.finish(options, "Sweep of " + sweep.base().parse(catalog).name);
}

} // namespace podsizer

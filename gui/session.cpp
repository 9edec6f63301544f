#include "session.hpp"

#include "podsizer/catalog/price_book_io.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/atomic_file.hpp"

#include <QElapsedTimer>
#include <QFile>
#include <QUndoCommand>
#include <QUndoStack>
#include <algorithm>
#include <filesystem>

namespace podsizer::gui {

/// One edit of the scenario: the whole scenario before and after (a few
/// hundred bytes), so undo is exact whatever the edit touched.
class EditCommand : public QUndoCommand {
public:
    EditCommand(Session* session, Scenario before, Scenario after, QString field,
                const QString& label, bool editor_shows_it)
        : session_(session), before_(std::move(before)), after_(std::move(after)),
          field_(std::move(field)), first_(editor_shows_it) {
        setText(label);
    }

    void redo() override {
        // The first redo is the edit itself: an edit made in the editor is
        // already on screen there.
        session_->apply(after_, !first_);
        first_ = false;
    }
    void undo() override { session_->apply(before_, true); }

    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand* other) override {
        const auto* o = static_cast<const EditCommand*>(other);
        if (field_.isEmpty() || o->field_ != field_) {
            return false;
        }
        after_ = o->after_;
        setObsolete(after_ == before_); // typed back to where it was
        return true;
    }

private:
    Session* session_;
    Scenario before_;
    Scenario after_;
    QString field_;
    bool first_;
};

Scenario reference_scenario(const Catalog& catalog) {
    QFile f(":/examples/ncp-pod-41k.json");
    f.open(QIODevice::ReadOnly);
    return parse_scenario(f.readAll().toStdString(), "examples/ncp-pod-41k.json", catalog);
}

Session::Session(QObject* parent) : QObject(parent), undo_(new QUndoStack(this)) {
    catalog_ = custom_.build();
    scenario_ = reference_scenario(catalog_);
    connect(undo_, &QUndoStack::cleanChanged, this,
            [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
    resize();
}

const Design* Session::selected() const {
    if (!study_ || study_->sizing.designs.empty()) {
        return nullptr;
    }
    return &study_->sizing.designs[static_cast<std::size_t>(selected_)];
}

void Session::selectDesign(int index) {
    const int count = study_ ? static_cast<int>(study_->sizing.designs.size()) : 0;
    index = std::clamp(index, 0, std::max(0, count - 1));
    if (index != selected_) {
        selected_ = index;
        Q_EMIT selectionChanged(index);
    }
}

bool Session::isModified() const {
    return !undo_->isClean();
}

void Session::newScenario() {
    const bool had_own = !extras_.catalog.empty();
    extras_ = {};
    price_file_.clear();
    if (had_own) {
        catalog_ = custom_.build();
    }
    Scenario s = reference_scenario(catalog_);
    s.name = "Untitled scenario";
    setScenario(s, {});
    if (had_own) {
        Q_EMIT catalogChanged();
    }
}

QStringList Session::openFile(const QString& path) {
    Diagnostics diag;
    // Read against the default and custom catalog; the file's own entries
    // come on top (scenario_catalog.hpp), as for `podsizer size FILE`.
    ScenarioWithCatalog r = load_scenario_with_catalog(path.toStdString(), custom_.build(), &diag);
    const bool catalog_changes = !extras_.catalog.empty() || !r.extras.catalog.empty();
    extras_ = std::move(r.extras);
    price_file_ = r.price_files.empty() ? QString() : QString::fromStdString(r.price_files.front());
    if (catalog_changes) {
        catalog_ = std::move(r.catalog);
        // Before the scenario, so the editor knows the ids it uses.
        Q_EMIT catalogChanged();
    }
    setScenario(r.scenario, path);
    QStringList warnings;
    for (const std::string& w : diag.warnings) {
        warnings << QString::fromStdString(w);
    }
    return warnings;
}

std::vector<RunFile> Session::inputFiles() const {
    std::vector<RunFile> files;
    if (!path_.isEmpty()) {
        files.push_back({"the scenario", path_.toStdString()});
    }
    for (const std::string& f : own_catalog_files(extras_)) {
        files.push_back({"the scenario's catalog", f});
    }
    if (!custom_.path().isEmpty()) {
        files.push_back({"the custom catalog", custom_.path().toStdString()});
    }
    if (!price_file_.isEmpty()) {
        files.push_back({"the price book", price_file_.toStdString()});
    }
    return files;
}

void Session::loadPriceBook(const QString& path) {
    Scenario next = scenario_;
    next.prices = load_price_book(path.toStdString()); // throws before anything changes
    // Items that can never apply are refused as the CLI's --prices refuses
    // them (fourth red-team round, D8).
    check_price_book_items(*next.prices, catalog_, path.toStdString() + ": $");
    // The book goes into the scenario: saved in it, so undo and save agree.
    extras_.prices.clear();
    price_file_ = path;
    if (next == scenario_) { // the same prices from another file: only the note changes
        Q_EMIT resultsChanged();
        return;
    }
    edit(next, {}, tr("price book"), false);
}

void Session::clearPriceBook() {
    Scenario next = scenario_;
    next.prices.reset();
    extras_.prices.clear();
    price_file_.clear();
    edit(next, {}, tr("no price book"), false);
}

void Session::checkExportPath(const QString& path, const std::string& role) const {
    check_outputs({{role, path.toStdString()}}, inputFiles());
}

void Session::saveFile(const QString& path) {
    // Saving over the scenario itself is what Save does; over one of its
    // catalog files or the custom catalog it would destroy an input.
    std::vector<RunFile> others;
    for (RunFile& f : inputFiles()) {
        if (f.role != "the scenario") {
            others.push_back(std::move(f));
        }
    }
    check_outputs({{"save", path.toStdString()}}, others);
    const std::string dir = std::filesystem::path(path.toStdString()).parent_path().string();
    ScenarioExtras moved = rebase_extras(extras_, dir);
    write_file_atomically(path.toStdString(), scenario_to_json(scenario_, moved));
    extras_ = std::move(moved);
    path_ = path;
    undo_->setClean();
    Q_EMIT fileChanged();
}

void Session::setScenario(const Scenario& scenario, const QString& path) {
    undo_->clear();
    path_ = path;
    selected_ = 0;
    apply(scenario, true);
    undo_->setClean();
    Q_EMIT fileChanged();
    Q_EMIT modifiedChanged(false);
}

void Session::edit(const Scenario& next, const QString& field, const QString& label,
                   bool from_editor) {
    if (next == scenario_) {
        return;
    }
    undo_->push(new EditCommand(this, scenario_, next, field, label, from_editor));
}

void Session::setCustomCatalog(const CustomCatalog& custom) {
    // Throws before anything changes.
    Catalog c = merge_scenario_catalog(custom.build(), extras_, path_.toStdString());
    catalog_ = std::move(c);
    custom_ = custom;
    Q_EMIT catalogChanged();
    resize();
}

void Session::apply(const Scenario& s, bool reset_editor) {
    scenario_ = s;
    if (reset_editor) {
        Q_EMIT scenarioReset();
    }
    resize();
}

void Session::resize() {
    QElapsedTimer t;
    t.start();
    try {
        // As `podsizer compare SCENARIO`, but against the scenario's own
        // "comparisons" only: a scenario that lists none gets no cloud
        // column (REVIEW-3 part B item 15).
        StudyOptions options;
        options.only_named_references = true;
        study_ = run_study(scenario_, catalog_, options);
        sizing_error_.clear();
    } catch (const InputError& e) {
        study_.reset();
        sizing_error_ = QString::fromStdString(e.what());
    }
    // The slower answers wait until a view asks for them.
    extrapolation_.reset();
    extrapolation_done_ = false;
    extrapolation_error_.clear();
    optimization_.reset();
    optimization_error_.clear();
    sizing_ms_ = static_cast<double>(t.nsecsElapsed()) / 1e6;
    const int count = study_ ? static_cast<int>(study_->sizing.designs.size()) : 0;
    selected_ = std::clamp(selected_, 0, std::max(0, count - 1));
    Q_EMIT resultsChanged();
}

const ScenarioExtrapolation* Session::extrapolation() {
    if (!extrapolation_done_) {
        extrapolation_done_ = true;
        if (!scenario_.extrapolation) {
            extrapolation_error_ = tr("The scenario has no extrapolation target: give one under "
                                      "Extrapolation in the scenario editor (e.g. 1 EB).");
        } else {
            try {
                StudyOptions options; // as `podsizer extrapolate SCENARIO`
                options.compare = false;
                options.extrapolate = true;
                extrapolation_ = std::move(run_study(scenario_, catalog_, options).extrapolation);
            } catch (const InputError& e) {
                extrapolation_error_ = QString::fromStdString(e.what());
            }
        }
    }
    return extrapolation_ ? &*extrapolation_ : nullptr;
}

const OptimizerResult* Session::optimization(Objective objective) {
    if (!optimization_ || optimization_->objective != objective) {
        optimization_.reset();
        optimization_error_.clear();
        try {
            OptimizerOptions options;
            options.objective = objective;
            // The distinct trade-offs, as podsizer optimize shows them by default.
            options.front_points = kReadableFrontPoints;
            optimization_ = optimize(scenario_, catalog_, options);
        } catch (const InputError& e) {
            optimization_error_ = QString::fromStdString(e.what());
        }
    }
    return optimization_ ? &*optimization_ : nullptr;
}

} // namespace podsizer::gui

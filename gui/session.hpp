// The open document: the scenario being edited, the catalog it is sized
// against (the default, the user's custom entries, then the scenario file's
// own catalog), the last sizing
// result, the undo stack and the file it came from. Every change re-runs the
// engine (size_scenario); the views only read from here. No sizing logic.
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in; it
// only needs the type names, so it skips them.
#ifndef Q_MOC_RUN
#include "custom_catalog.hpp"
#include "podsizer/catalog/scenario_catalog.hpp"
#include "podsizer/core/catalog.hpp"
#include "podsizer/core/comparison.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/extrapolation.hpp"
#include "podsizer/core/optimizer.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/reports/run_files.hpp"
#include "podsizer/reports/study.hpp"
#endif

#include <QObject>
#include <QString>
#include <QStringList>
#include <optional>

class QUndoStack;

namespace podsizer::gui {

class Session : public QObject {
    Q_OBJECT
public:
    explicit Session(QObject* parent = nullptr);

    const Catalog& catalog() const { return catalog_; }
    const CustomCatalog& customCatalog() const { return custom_; }
    /// What the open file holds beside the scenario (its own catalog, its
    /// "_" comments), written back by saveFile.
    const ScenarioExtras& extras() const { return extras_; }
    const Scenario& scenario() const { return scenario_; }
    /// The last study (sizing, comparison, fleet split), as `podsizer compare
    /// SCENARIO` computes it; null when the engine rejected the scenario.
    const Study* study() const { return study_ ? &*study_ : nullptr; }
    /// The last sizing; null when the engine rejected the scenario.
    const SizingResult* result() const { return study_ ? &study_->sizing : nullptr; }
    /// Why the engine rejected the scenario (an InputError's text).
    const QString& sizingError() const { return sizing_error_; }
    /// Milliseconds the last size_scenario call took.
    double sizingMs() const { return sizing_ms_; }

    /// The designs beside the reference systems, as `podsizer compare` puts
    /// them: grown to the scenario's extrapolation target when it has one,
    /// against its "comparisons" (none listed: the designs alone).
    /// Null when not sized.
    const Comparison* comparison() const {
        return study_ && study_->comparison ? &*study_->comparison : nullptr;
    }
    /// The scenario grown to its extrapolation target with the fleet plan, as
    /// `podsizer extrapolate` prints it; computed when first asked for after
    /// an edit. Null without a target or when the engine rejects it
    /// (extrapolationError() says why).
    const ScenarioExtrapolation* extrapolation();
    const QString& extrapolationError() const { return extrapolation_error_; }
    /// The optimiser's answer for `objective` (as `podsizer optimize`),
    /// computed when first asked for after an edit. Null when the engine
    /// rejects the scenario (optimizationError()).
    const OptimizerResult* optimization(Objective objective);
    const QString& optimizationError() const { return optimization_error_; }

    /// The design the views focus on (charts, ± panel, racks, status bar).
    int selectedDesign() const { return selected_; }
    const Design* selected() const;
    void selectDesign(int index);

    QUndoStack* undoStack() const { return undo_; }
    const QString& filePath() const { return path_; }
    /// The files the session read: the scenario file, the catalog files its
    /// own catalog names and the custom catalog file. No export replaces one
    /// (checkExportPath; third red-team round, defect 2).
    std::vector<RunFile> inputFiles() const;
    /// Throws InputError (naming `role` and `path`) when an export to `path`
    /// would replace one of inputFiles() or a file check_export_target refuses.
    void checkExportPath(const QString& path, const std::string& role = "export") const;
    bool isModified() const;

    /// The reference case as an untitled scenario (File > New).
    void newScenario();
    /// Reads a scenario file and its own catalog, if it has one; throws
    /// InputError (file, JSON path, expectation) and then changes nothing.
    /// Returns the reader's warnings (unknown fields).
    QStringList openFile(const QString& path);
    /// Writes the scenario atomically, with the file's own catalog (relative
    /// paths rewritten for the new directory) and comments; throws
    /// InputError when it cannot.
    void saveFile(const QString& path);
    /// Replaces the scenario without a file (start-up, tests); clears undo.
    void setScenario(const Scenario& scenario, const QString& path = {});

    /// An edit: pushes an undoable command unless nothing changed. Edits of
    /// the same `field` in a row merge into one undo step (typing "40000"
    /// is one edit, not five); an empty `field` never merges. An edit that
    /// does not come from the editor (`from_editor` false) makes the editor
    /// show the new scenario.
    void edit(const Scenario& next, const QString& field, const QString& label,
              bool from_editor = true);

    /// The price-book file the scenario's prices came from: the one its
    /// `prices` names, or the one loadPriceBook read; empty when the book is
    /// in the scenario or there is none. An input no export may replace.
    const QString& priceFile() const { return price_file_; }
    /// Reads a price-book file into the scenario (docs/cost.md), an undoable
    /// edit; saving then writes the book into the scenario. Throws
    /// InputError (the file, the JSON path) and then changes nothing.
    void loadPriceBook(const QString& path);
    /// Sizes without prices (an undoable edit): no cost figures anywhere.
    void clearPriceBook();

    /// Uses a custom catalog; throws InputError (and changes nothing) when it
    /// does not merge with the default catalog and the scenario's own.
    void setCustomCatalog(const CustomCatalog& custom);

Q_SIGNALS:
    /// The scenario was replaced as a whole (open, new, undo, redo): the
    /// editor shows it again.
    void scenarioReset();
    /// A new sizing result (or error) is available.
    void resultsChanged();
    void selectionChanged(int index);
    void catalogChanged();
    void fileChanged();
    void modifiedChanged(bool modified);

private:
    friend class EditCommand;
    void apply(const Scenario& s, bool reset_editor);
    void resize();

    Catalog catalog_; ///< custom_.build() with extras_'s own catalog merged over it
    CustomCatalog custom_;
    ScenarioExtras extras_;
    Scenario scenario_;
    std::optional<Study> study_;
    QString sizing_error_;
    std::optional<ScenarioExtrapolation> extrapolation_;
    bool extrapolation_done_ = false;
    QString extrapolation_error_;
    std::optional<OptimizerResult> optimization_;
    QString optimization_error_;
    double sizing_ms_ = 0.0;
    int selected_ = 0;
    QUndoStack* undo_;
    QString path_;
    QString price_file_;
};

/// The reference case (examples/ncp-pod-41k.json, compiled in).
Scenario reference_scenario(const Catalog& catalog);

} // namespace podsizer::gui

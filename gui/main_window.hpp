// The main window: the scenario editor in a dock on the left, the results,
// charts, racks and catalog tabs in the middle, the key totals of the
// selected design in the status bar. File handling (new, open, save, recent
// files, the unsaved-changes prompt), exports through reports/, undo/redo,
// keyboard shortcuts and the remembered window layout live here.
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in; it
// only needs the type names, so it skips them.
#ifndef Q_MOC_RUN
#include "podsizer/core/design.hpp"
#include "podsizer/core/scenario.hpp"
#include "podsizer/reports/format.hpp"
#endif

#include <QColor>
#include <QMainWindow>
#include <QMessageBox>
#include <functional>

class QAction;
class QLabel;
class QMenu;
class QTabWidget;

namespace podsizer::gui {

class BomView;
class CatalogView;
class ChartsView;
class RacksView;
class ResultsView;
class ScenarioEditor;
class Session;

/// What an export writes: the same bytes as the CLI command named.
enum class Report {
    sizing,        ///< podsizer size SCENARIO --format F
    comparison,    ///< podsizer compare SCENARIO --format F
    extrapolation, ///< podsizer extrapolate SCENARIO --format F (needs a target)
    optimization   ///< podsizer optimize SCENARIO --objective O --pareto --format F
};

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// `remember_layout` false: neither restores nor saves the window layout
    /// and recent files (screenshots and tests stay reproducible).
    explicit MainWindow(bool remember_layout = true, QWidget* parent = nullptr);
    ~MainWindow() override;

    Session* session() const { return session_; }
    ScenarioEditor* editor() const { return editor_; }
    ResultsView* results() const { return results_; }
    ChartsView* charts() const { return charts_; }
    RacksView* racks() const { return racks_; }
    CatalogView* catalog() const { return catalog_; }
    /// The "BOM & facility" tab (docs/bom.md).
    BomView* bom() const { return bom_; }
    QTabWidget* tabs() const { return tabs_; }
    QLabel* totals() const { return totals_; }
    /// The selected design's verdict beside the totals, in red or green.
    QLabel* verdictLabel() const { return verdict_; }

    /// Shows the tab named "results", "charts", "racks" or "catalog" (or
    /// "resilience" or "cost": the results with that panel in front);
    /// false when there is no such tab.
    bool showTab(const QString& name);

    /// Opens a scenario file; shows the reader's error and returns false on bad input.
    bool openFile(const QString& path);
    /// Saves to `path`; false (with a message) when it cannot be written.
    bool saveTo(const QString& path);
    /// Writes the sizing report in `format` through reports/ (the bytes
    /// `podsizer size --format F` prints). Throws InputError when it cannot.
    void exportReport(const QString& path, Format format) const {
        exportReport(path, Report::sizing, format);
    }
    /// Any report; throws InputError when there is nothing to export or the
    /// file cannot be written.
    void exportReport(const QString& path, Report report, Format format) const;
    /// Writes the selected design's rack elevation (the bytes `--svg` writes).
    void exportRackSvg(const QString& path) const;
    /// Writes the proposal workbook with the comparison (references, ratios):
    /// the file `podsizer compare SCENARIO --xlsx FILE` writes. Dated
    /// SOURCE_DATE_EPOCH when set, else today, as the CLI.
    void exportWorkbook(const QString& path) const;

    /// What to do with unsaved changes; the default asks with a dialog.
    using UnsavedPrompt = std::function<QMessageBox::StandardButton()>;
    void setUnsavedPrompt(UnsavedPrompt prompt) { prompt_ = std::move(prompt); }

    QStringList recentFiles() const;

public Q_SLOTS:
    void newFile();
    void open();
    bool save();
    bool saveAs();
    void exportDialog(Report report, Format format);
    void exportRackSvgDialog();
    void exportWorkbookDialog();
    /// File > Price book…: reads a price-book file into the scenario.
    void priceBookDialog();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildDock();
    void buildTabs();
    void buildStatusBar();
    /// Connected after the views are built, so a result reaches them first.
    void connectSignals();
    void buildMenus();
    void buildFileMenu();
    void buildExportMenu(QMenu* exp);
    void buildEditMenu();
    void buildViewMenu();
    void buildHelpMenu();
    bool maybeSave();
    void addRecent(const QString& path);
    void refreshRecentMenu();
    void updateTitle();
    void updateStatus();
    /// The selected design's verdict for the status bar, its sites and phases
    /// included.
    std::pair<QString, QColor> verdict(const Design& d) const;
    /// Makes `s` the scenario, an edit named `label`, when validate() finds
    /// nothing in it; else says what it finds first ("$.options[0].cnodes:
    /// …") in a message titled `refusal`.
    bool editChecked(const Scenario& s, const QString& refusal, const QString& label);
    void applyPlayed(int design, std::int64_t cnodes, std::int64_t dboxes);
    void addDesignAsOption(const Design& design);
    void showShortcuts();

    bool remember_;
    Session* session_;
    ScenarioEditor* editor_;
    QTabWidget* tabs_;
    ResultsView* results_;
    ChartsView* charts_;
    RacksView* racks_;
    CatalogView* catalog_;
    BomView* bom_;
    QLabel* totals_;
    QLabel* verdict_;
    QLabel* timing_;
    QLabel* input_;
    QMenu* recent_menu_ = nullptr;
    QStringList recent_;
    UnsavedPrompt prompt_;
};

} // namespace podsizer::gui

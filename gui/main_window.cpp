#include "main_window.hpp"

#include "analysis_panels.hpp"
#include "bom_view.hpp"
#include "catalog_view.hpp"
#include "charts_view.hpp"
#include "cost_panel.hpp"
#include "plain_label.hpp"
#include "play_panel.hpp"
#include "podsizer/catalog/validate.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/hand_design.hpp"
#include "podsizer/reports/atomic_file.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/extrapolation_report.hpp"
#include "podsizer/reports/optimizer_report.hpp"
#include "podsizer/reports/rack_svg.hpp"
#include "podsizer/reports/sizing_report.hpp"
#include "podsizer/reports/study.hpp"
#include "podsizer/reports/version.hpp"
#include "qt_text.hpp"
#include "racks_view.hpp"
#include "results_view.hpp"
#include "scenario_editor.hpp"
#include "session.hpp"
#include "steady_tab_widget.hpp"

#include <QAction>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QUndoStack>
#include <algorithm>
#include <variant>

namespace podsizer::gui {

namespace {

/// The verdict's colours, as the tables colour met and unmet figures.
const QColor kMet(0x1b, 0x5e, 0x20);
const QColor kNotMet(0xb7, 0x1c, 0x1c);

constexpr int kMaxRecent = 8;

/// The save dialog's filter of a format, from its row in format.def.
QString filter_of(Format f) {
    switch (f) {
#define ENUM_NAME(value, spelling, filter, suffix)                                                 \
    case Format::value:                                                                            \
        return QObject::tr(filter);
#include "podsizer/reports/format.def"
    }
    return QObject::tr("Text (*.txt)");
}

/// A menu entry with a shortcut that runs `slot` in `owner`'s context.
template <class Slot>
QAction* add_action(QObject* owner, QMenu* menu, const QString& text, const QKeySequence& key,
                    Slot slot) {
    QAction* a = menu->addAction(text);
    a->setShortcut(key);
    QObject::connect(a, &QAction::triggered, owner, slot);
    return a;
}

/// The file suffix of a format, from its row in format.def.
QString suffix_of(Format f) {
    switch (f) {
#define ENUM_NAME(value, spelling, filter, suffix)                                                 \
    case Format::value:                                                                            \
        return suffix;
#include "podsizer/reports/format.def"
    }
    return "txt";
}

/// Asks where to export (the dialog's title, proposed name and filter) and
/// writes there, saying where, or why not.
template <class Write>
void export_to(QMainWindow* w, const QString& title, const QString& name, const QString& filter,
               Write write) {
    const QString path = QFileDialog::getSaveFileName(w, title, name, filter);
    if (path.isEmpty()) {
        return;
    }
    try {
        write(path);
        w->statusBar()->showMessage(MainWindow::tr("Exported %1").arg(path), 5000);
    } catch (const InputError& e) {
        QMessageBox::warning(w, MainWindow::tr("Cannot export"), q(e.what()));
    }
}

/// The scenario file's name without its suffix: "podsizer" for a new one.
QString base_name(const Session& session) {
    const QString base = QFileInfo(session.filePath()).completeBaseName();
    return base.isEmpty() ? QString("podsizer") : base;
}

} // namespace

MainWindow::MainWindow(bool remember_layout, QWidget* parent)
    : QMainWindow(parent), remember_(remember_layout), session_(new Session(this)),
      editor_(new ScenarioEditor()), tabs_(new SteadyTabWidget(this)),
      totals_(new SteadyLabel(this)), verdict_(new SteadyLabel(this)),
      timing_(new SteadyLabel(this)), input_(new QLabel(this)) {
    setObjectName("main-window");
    setWindowIcon(QIcon::fromTheme("accessories-calculator"));
    buildDock();
    buildTabs();
    buildStatusBar();
    connectSignals();
    if (remember_) {
        QSettings settings;
        recent_ = settings.value("recentFiles").toStringList();
    }
    buildMenus();
    resize(1600, 1000);
    if (remember_) {
        QSettings settings;
        restoreGeometry(settings.value("window/geometry").toByteArray());
        restoreState(settings.value("window/state").toByteArray());
        tabs_->setCurrentIndex(settings.value("window/tab", 0).toInt());
    }
    updateTitle();
    updateStatus();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildDock() {
    // The editor, scrollable, in a dock the user can move or hide.
    editor_->setCatalog(session_->catalog());
    editor_->load(session_->scenario());
    auto* scroll = new QScrollArea();
    scroll->setWidget(editor_);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(editor_->sizeHint().width() + 24);
    auto* dock = new QDockWidget(tr("Scenario"), this);
    dock->setObjectName("scenario-dock");
    dock->setWidget(scroll);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
}

void MainWindow::buildTabs() {
    results_ = new ResultsView(session_, tabs_);
    charts_ = new ChartsView(session_, tabs_);
    racks_ = new RacksView(session_, tabs_);
    catalog_ = new CatalogView(session_, tabs_);
    bom_ = new BomView(session_, tabs_);
    tabs_->setObjectName("tabs");
    tabs_->addTab(results_, tr("&Results"));
    tabs_->addTab(charts_, tr("C&harts"));
    tabs_->addTab(racks_, tr("R&acks"));
    tabs_->addTab(catalog_, tr("Ca&talog"));
    tabs_->addTab(bom_, tr("&BOM && facility"));
    setCentralWidget(tabs_);
}

void MainWindow::buildStatusBar() {
    totals_->setObjectName("status-totals");
    verdict_->setObjectName("status-verdict");
    timing_->setObjectName("status-timing");
    input_->setObjectName("status-input");
    input_->setStyleSheet("QLabel { color: #b71c1c; }");
    // The totals give way (they are elided) before the input warning does.
    totals_->setMinimumWidth(120);
    totals_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    // The verdict first, so a narrow window elides the figures, not it.
    statusBar()->addWidget(verdict_);
    statusBar()->addWidget(totals_, 1);
    statusBar()->addPermanentWidget(input_);
    statusBar()->addPermanentWidget(timing_);
}

void MainWindow::connectSignals() {
    connect(results_->cost(), &CostPanel::pickRequested, this, &MainWindow::priceBookDialog);
    connect(editor_, &ScenarioEditor::edited, session_,
            [this](const Scenario& s, const QString& field, const QString& label) {
                session_->edit(s, field, label);
            });
    connect(editor_, &ScenarioEditor::validityChanged, this,
            [this](bool valid, const QString& summary) {
                input_->setText(valid ? QString()
                                      : tr("Input has errors — results show the last valid "
                                           "scenario"));
                input_->setToolTip(summary);
            });
    connect(session_, &Session::scenarioReset, editor_,
            [this] { editor_->load(session_->scenario()); });
    connect(session_, &Session::catalogChanged, editor_, [this] {
        editor_->setCatalog(session_->catalog());
        editor_->load(session_->scenario());
    });
    // Connected after the views: runs once they have redrawn.
    connect(session_, &Session::resultsChanged, this, &MainWindow::updateStatus);
    connect(session_, &Session::selectionChanged, this, &MainWindow::updateStatus);
    connect(session_, &Session::fileChanged, this, &MainWindow::updateTitle);
    connect(session_, &Session::modifiedChanged, this, &MainWindow::updateTitle);
    connect(results_->play(), &PlayPanel::applyRequested, this, &MainWindow::applyPlayed);
    connect(results_->optimizer(), &OptimizerPanel::useDesign, this,
            &MainWindow::addDesignAsOption);
}

void MainWindow::buildMenus() {
    buildFileMenu();
    buildEditMenu();
    buildViewMenu();
    buildHelpMenu();
}

void MainWindow::buildFileMenu() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    add_action(this, file, tr("&New (from the reference case)"), QKeySequence::New,
               [this] { newFile(); });
    add_action(this, file, tr("&Open…"), QKeySequence::Open, [this] { open(); });
    recent_menu_ = file->addMenu(tr("Open &Recent"));
    refreshRecentMenu();
    add_action(this, file, tr("&Save"), QKeySequence::Save, [this] { save(); });
    add_action(this, file, tr("Save &As…"), QKeySequence::SaveAs, [this] { saveAs(); });
    file->addSeparator();
    add_action(this, file, tr("&Price book…"), QKeySequence(tr("Ctrl+Shift+P")),
               [this] { priceBookDialog(); });
    file->addSeparator();
    buildExportMenu(file->addMenu(tr("&Export")));
    file->addSeparator();
    add_action(this, file, tr("&Quit"), QKeySequence::Quit, [this] { close(); });
}

void MainWindow::buildExportMenu(QMenu* exp) {
    struct Entry {
        Report report;
        QString title;
    };
    const Entry reports[] = {{Report::sizing, tr("&Sizing (podsizer size)")},
                             {Report::comparison, tr("&Comparison (podsizer compare)")},
                             {Report::extrapolation, tr("&Extrapolation (podsizer extrapolate)")},
                             {Report::optimization, tr("&Optimiser (podsizer optimize)")}};
    const std::pair<Format, QString> formats[] = {{Format::csv, tr("as &CSV…")},
                                                  {Format::md, tr("as &Markdown…")},
                                                  {Format::json, tr("as &JSON…")},
                                                  {Format::table, tr("as &text table…")}};
    for (const Entry& e : reports) {
        QMenu* sub = exp->addMenu(e.title);
        for (const auto& [format, label] : formats) {
            QKeySequence key;
            if (e.report == Report::sizing && format == Format::csv) {
                key = QKeySequence(tr("Ctrl+E"));
            } else if (e.report == Report::comparison && format == Format::csv) {
                key = QKeySequence(tr("Ctrl+Shift+E"));
            }
            const Report r = e.report;
            const Format f = format;
            add_action(this, sub, label, key, [this, r, f] { exportDialog(r, f); });
        }
    }
    exp->addSeparator();
    add_action(this, exp, tr("&Workbook (Excel, podsizer compare --xlsx)…"),
               QKeySequence(tr("Ctrl+Shift+X")), [this] { exportWorkbookDialog(); });
    add_action(this, exp, tr("&Rack elevation as SVG…"), QKeySequence(tr("Ctrl+Shift+R")),
               [this] { exportRackSvgDialog(); });
}

void MainWindow::buildEditMenu() {
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = session_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = session_->undoStack()->createRedoAction(this, tr("&Redo"));
    QList<QKeySequence> redo_keys = QKeySequence::keyBindings(QKeySequence::Redo);
    if (!redo_keys.contains(QKeySequence(tr("Ctrl+Y")))) {
        redo_keys << QKeySequence(tr("Ctrl+Y"));
    }
    redo->setShortcuts(redo_keys);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    add_action(this, edit, tr("&Add option"), QKeySequence(tr("Ctrl+Shift+A")),
               [this] { editor_->addOption(); });
    add_action(this, edit, tr("&Duplicate option"), QKeySequence(tr("Ctrl+D")),
               [this] { editor_->duplicateOption(); });
    add_action(this, edit, tr("Re&move option"), QKeySequence(tr("Ctrl+Shift+Del")),
               [this] { editor_->removeOption(); });
}

void MainWindow::buildViewMenu() {
    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (int i = 0; i < tabs_->count(); ++i) { // "&BOM && facility" reads "&BOM and facility"
        add_action(this, view, tabs_->tabText(i).replace("&&", tr("and")),
                   QKeySequence(QString("Ctrl+%1").arg(i + 1)),
                   [this, i] { tabs_->setCurrentIndex(i); });
    }
    view->addSeparator();
    QAction* toggle = findChild<QDockWidget*>("scenario-dock")->toggleViewAction();
    toggle->setText(tr("&Scenario editor"));
    toggle->setShortcut(QKeySequence(tr("F9")));
    view->addAction(toggle);
    view->addSeparator();
    add_action(this, view, tr("Zoom &in (racks)"), QKeySequence::ZoomIn, [this] {
        tabs_->setCurrentWidget(racks_);
        racks_->zoomIn();
    });
    add_action(this, view, tr("Zoom &out (racks)"), QKeySequence::ZoomOut, [this] {
        tabs_->setCurrentWidget(racks_);
        racks_->zoomOut();
    });
    add_action(this, view, tr("&Fit racks"), QKeySequence(tr("Ctrl+0")), [this] {
        tabs_->setCurrentWidget(racks_);
        racks_->zoomToFit();
    });
}

void MainWindow::buildHelpMenu() {
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    add_action(this, help, tr("&Keyboard shortcuts"), QKeySequence::HelpContents,
               [this] { showShortcuts(); });
    add_action(this, help, tr("&About podsizer"), QKeySequence(), [this] {
        QMessageBox::about(this, tr("About podsizer"),
                           tr("<b>podsizer %1</b><p>Storage sizing for AI/GPU clusters. The GUI "
                              "edits a scenario and shows what <tt>podsizer size</tt> would "
                              "print; every figure comes from the same engine.</p>")
                               .arg(q(std::string(version()))));
    });
}

void MainWindow::showShortcuts() {
    QString rows;
    for (QAction* a : findChildren<QAction*>()) {
        if (!a->shortcut().isEmpty() && !a->text().isEmpty()) {
            rows += QString("<tr><td>%1</td><td><tt>%2</tt></td></tr>")
                        .arg(a->text().remove('&').toHtmlEscaped(),
                             a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped());
        }
    }
    QMessageBox::information(this, tr("Keyboard shortcuts"), "<table>" + rows + "</table>");
}

bool MainWindow::showTab(const QString& name) {
    // The optimiser's front as a chart, on its own page of the panel.
    if (name == "pareto") {
        tabs_->setCurrentWidget(results_);
        results_->details()->setCurrentWidget(results_->optimizer());
        results_->optimizer()->views()->setCurrentIndex(1);
        return true;
    }
    // The panels under the results (screenshots, tests): the results tab with
    // that panel in front, in the order of the panel tabs.
    const qsizetype panel = QStringList{"play",  "findings",  "checkpoints", "extrapolation",
                                        "sites", "optimizer", "resilience",  "cost"}
                                .indexOf(name == "optimiser" ? QString("optimizer") : name);
    if (panel >= 0) {
        tabs_->setCurrentWidget(results_);
        results_->details()->setCurrentIndex(static_cast<int>(panel));
        return true;
    }
    const qsizetype tab = QStringList{"results", "charts", "racks", "catalog", "bom"}.indexOf(name);
    if (tab >= 0) {
        tabs_->setCurrentIndex(static_cast<int>(tab));
    }
    return tab >= 0;
}

void MainWindow::updateTitle() {
    const QString file = session_->filePath().isEmpty()
                             ? tr("Untitled")
                             : QFileInfo(session_->filePath()).fileName();
    setWindowTitle(file + "[*] — " + q(session_->scenario().name) + " — podsizer");
    setWindowModified(session_->isModified());
}

std::pair<QString, QColor> MainWindow::verdict(const Design& d) const {
    // docs/model.md §15: the verdict's own words, as the CLI prints them.
    if (d.verdict.status != VerdictStatus::meets) {
        return {q(verdict_cell_text(d.verdict)), kNotMet};
    }
    // A site or phase planned with this design over a limit is an error of
    // `podsizer size` too (exit 1): the status says so, not "meets".
    const Study* study = session_->study();
    const bool site_broken =
        study != nullptr && study->sites && study->sites->design == d.name && !study->sites->fits();
    const bool phase_broken = study != nullptr && study->phases &&
                              study->phases->design == d.name && !study->phases->meets();
    if (site_broken || phase_broken) {
        return {tr("meets, but a %1 breaks a limit (Sites & phases)")
                    .arg(site_broken ? tr("site") : tr("phase")),
                kNotMet};
    }
    return {tr("meets"), kMet};
}

namespace {

/// "29 racks", "1 rack"; "racks n/a" when no device fits the rack, where
/// `racks` is only the power quotient (the table says n/a there too). When
/// the racks to plan for are on another basis than the layout (docs/model.md
/// §10, "The lead rack figure"), that figure leads, as in the tables:
/// "37 racks to plan (max draw; 29 typical)".
QString racks_text(const Design& d) {
    if (!d.racks_fit) {
        return MainWindow::tr("racks n/a");
    }
    auto n = [](std::int64_t v) { return q(format_number(static_cast<double>(v))); };
    if (d.planning_basis() != d.constraints.power_basis) {
        return MainWindow::tr("%1 racks to plan (max draw; %2 typical)")
            .arg(n(d.planning_racks()), n(d.racks));
    }
    return d.racks == 1 ? MainWindow::tr("1 rack") : MainWindow::tr("%1 racks").arg(n(d.racks));
}

} // namespace

void MainWindow::updateStatus() {
    // Plain text (plain_label.hpp): the status changes on every edit.
    const Design* d = session_->selected();
    if (d == nullptr) {
        set_text_if_changed(verdict_, tr("Not sized"));
        set_text_colour(verdict_, kNotMet);
        set_text_if_changed(totals_, session_->sizingError());
    } else {
        const auto [text, colour] = verdict(*d);
        set_text_if_changed(verdict_, text + QString::fromUtf8(" \u00b7"));
        set_text_colour(verdict_, colour);
        // The key totals, as the side-by-side table rounds them. Read and
        // write are the intact figures, and say so: the table's "one D-box
        // down" rows give the degraded ones.
        set_text_if_changed(totals_,
                            tr("%1: %2 C-nodes, %3 D-boxes · %4 · %5 kW · read %6 TB/s · write "
                               "%7 TB/s intact · usable %8 PB")
                                .arg(q(d->name), q(format_number(static_cast<double>(d->cnodes))),
                                     q(format_number(static_cast<double>(d->dboxes))),
                                     racks_text(*d), q(format_number(in(d->power, units::kW), 1)),
                                     q(format_number(in(d->read, units::TB_per_s), 2)),
                                     q(format_number(in(d->write, units::TB_per_s), 2)),
                                     q(format_number(in(d->usable, units::PB), 1))));
    }
    timing_->setText(tr("sized in %1 ms").arg(session_->sizingMs(), 0, 'f', 2));
    updateTitle();
}

bool MainWindow::maybeSave() {
    if (!session_->isModified()) {
        return true;
    }
    const auto answer =
        prompt_
            ? prompt_()
            : QMessageBox::warning(this, tr("Unsaved changes"),
                                   tr("The scenario has unsaved changes. Save them?"),
                                   QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                   QMessageBox::Save);
    if (answer == QMessageBox::Save) {
        return save();
    }
    return answer == QMessageBox::Discard;
}

void MainWindow::newFile() {
    if (maybeSave()) {
        session_->newScenario();
    }
}

void MainWindow::open() {
    if (!maybeSave()) {
        return;
    }
    const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"),
                                                      QFileInfo(session_->filePath()).path(),
                                                      tr("Scenario JSON (*.json);;All files (*)"));
    if (!path.isEmpty()) {
        openFile(path);
    }
}

bool MainWindow::openFile(const QString& path) {
    try {
        const QStringList warnings = session_->openFile(path);
        addRecent(path);
        if (!warnings.isEmpty()) {
            statusBar()->showMessage(tr("Warnings: %1").arg(warnings.join("; ")), 10000);
        }
        return true;
    } catch (const InputError& e) {
        QMessageBox::warning(this, tr("Cannot open scenario"), q(e.what()));
        return false;
    }
}

bool MainWindow::save() {
    if (session_->filePath().isEmpty()) {
        return saveAs();
    }
    return saveTo(session_->filePath());
}

bool MainWindow::saveAs() {
    QString path = QFileDialog::getSaveFileName(this, tr("Save scenario"), session_->filePath(),
                                                tr("Scenario JSON (*.json)"));
    if (path.isEmpty()) {
        return false;
    }
    if (QFileInfo(path).suffix().isEmpty()) {
        path += ".json";
    }
    return saveTo(path);
}

bool MainWindow::saveTo(const QString& path) {
    try {
        session_->saveFile(path);
        addRecent(path);
        statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
        return true;
    } catch (const InputError& e) {
        QMessageBox::warning(this, tr("Cannot save"), q(e.what()));
        return false;
    }
}

void MainWindow::exportReport(const QString& path, Report report, Format format) const {
    const std::string where = path.toStdString();
    session_->checkExportPath(path);
    // What the report is of, or why there is nothing to export.
    auto of = [&where](const auto* what, const QString& why) -> const auto& {
        if (what == nullptr) {
            throw InputError(where, "nothing to export: " + why.toStdString());
        }
        return *what;
    };
    const SizingResult& sized = of(session_->result(), session_->sizingError());
    std::string text;
    switch (report) {
    case Report::sizing:
        text = render_sizing(sized, format);
        break;
    case Report::comparison:
        text = render_comparison(*session_->comparison(), format);
        break;
    case Report::extrapolation:
        text = render_extrapolation(of(session_->extrapolation(), session_->extrapolationError()),
                                    format);
        break;
    case Report::optimization:
        text = render_optimization(
            of(session_->optimization(results_->optimizer()->currentObjective()),
               session_->optimizationError()),
            format, true);
        break;
    }
    write_file_atomically(where, text); // as the CLI writes its files
}

void MainWindow::exportRackSvg(const QString& path) const {
    if (session_->selected() == nullptr) {
        throw InputError(path.toStdString(), "nothing to export: no design is sized");
    }
    session_->checkExportPath(path);
    ExportTargets targets; // as `size --svg`
    targets.svg.push_back({static_cast<std::size_t>(session_->selectedDesign()), path.toStdString(),
                           static_cast<RackView>(racks_->drawing())});
    export_study(*session_->study(), session_->catalog(), &session_->scenario(), targets, {});
}

void MainWindow::exportWorkbook(const QString& path) const {
    if (session_->study() == nullptr) {
        throw InputError(path.toStdString(),
                         "nothing to export: " + session_->sizingError().toStdString());
    }
    session_->checkExportPath(path);
    ExportTargets targets; // as `compare --xlsx`: the study holds its comparison and fleet split
    targets.xlsx = path.toStdString();
    export_study(*session_->study(), session_->catalog(), &session_->scenario(), targets,
                 export_date_from_env());
}

void MainWindow::priceBookDialog() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Price book"), QFileInfo(session_->filePath()).absolutePath(),
        tr("Price book (podsizer-prices/1) (*.json);;All files (*)"));
    if (path.isEmpty()) {
        return;
    }
    try {
        session_->loadPriceBook(path);
        statusBar()->showMessage(tr("Prices from %1").arg(path), 5000);
    } catch (const InputError& e) {
        QMessageBox::warning(this, tr("Cannot read the price book"), q(e.what()));
    }
}

void MainWindow::exportWorkbookDialog() {
    export_to(this, tr("Export workbook"), base_name(*session_) + ".xlsx",
              tr("Excel workbook (*.xlsx)"), [this](const QString& path) { exportWorkbook(path); });
}

void MainWindow::exportDialog(Report report, Format format) {
    const char* kinds[] = {"", "-compare", "-extrapolate", "-optimize"};
    export_to(this, tr("Export"),
              base_name(*session_) + kinds[static_cast<int>(report)] + "." + suffix_of(format),
              filter_of(format), [&](const QString& path) { exportReport(path, report, format); });
}

void MainWindow::exportRackSvgDialog() {
    const Design* d = session_->selected();
    const QString name =
        d ? q(rack_svg_file_name(*d, static_cast<std::size_t>(session_->selectedDesign() + 1),
                                 static_cast<RackView>(racks_->drawing())))
          : QString("racks.svg");
    export_to(this, tr("Export rack elevation"), name, tr("SVG (*.svg)"),
              [this](const QString& path) { exportRackSvg(path); });
}

bool MainWindow::editChecked(const Scenario& s, const QString& refusal, const QString& label) {
    // validate() is the rule set the scenario reader applies after reading a
    // file: a scenario it accepts is one the CLI would read back.
    const std::vector<Problem> problems = validate(s, session_->catalog());
    if (!problems.empty()) {
        QMessageBox::warning(
            this, refusal, q(problems.front().path.to_string() + ": " + problems.front().message));
        return false;
    }
    session_->edit(s, {}, label, false);
    return true;
}

void MainWindow::applyPlayed(int design, std::int64_t cnodes, std::int64_t dboxes) {
    if (!session_->result() || design < 0 ||
        design >= static_cast<int>(session_->result()->designs.size())) {
        return;
    }
    const Design& d = session_->result()->designs[static_cast<std::size_t>(design)];
    // Only a design sized for one of the scenario's options pins that
    // option; a site's own design (docs/sites-and-phases.md, "One project
    // export") or a grown one has no option of its own to pin.
    const auto* from = std::get_if<FromOption>(&d.origin);
    const Study* study = session_->study();
    const bool site_design = study != nullptr && study->sites && study->sites->own_needs;
    Scenario s = session_->scenario();
    if (from == nullptr || site_design ||
        from->index >= std::max<std::size_t>(s.options.size(), 1)) {
        QMessageBox::warning(
            this, tr("Cannot apply"),
            tr("%1 is not one of the scenario's options: change its site's figures in the form "
               "instead.")
                .arg(q(d.name)));
        return;
    }
    if (s.options.empty()) {
        s.options.push_back(OptionSpec{}); // the automatic design becomes an option
    }
    pin_option(s.options[from->index], d, cnodes, dboxes);
    editChecked(s, tr("Cannot apply"), tr("apply played counts"));
}

void MainWindow::addDesignAsOption(const Design& d) {
    Scenario s = session_->scenario();
    if (s.options.empty()) {
        s.options.push_back(OptionSpec{}); // keep the automatic design beside it
    }
    s.options.push_back(option_of(d));
    if (editChecked(s, tr("Cannot add the design"), tr("add the optimiser's best design"))) {
        session_->selectDesign(static_cast<int>(s.options.size()) - 1);
    }
}

QStringList MainWindow::recentFiles() const {
    return recent_;
}

void MainWindow::addRecent(const QString& path) {
    const QString abs = QFileInfo(path).absoluteFilePath();
    recent_.removeAll(abs);
    recent_.prepend(abs);
    while (recent_.size() > kMaxRecent) {
        recent_.removeLast();
    }
    if (remember_) {
        QSettings().setValue("recentFiles", recent_);
    }
    refreshRecentMenu();
}

void MainWindow::refreshRecentMenu() {
    if (recent_menu_ == nullptr) {
        return;
    }
    recent_menu_->clear();
    int n = 1;
    for (const QString& path : recent_) {
        QAction* a = recent_menu_->addAction(QString("&%1 %2").arg(n++).arg(path));
        connect(a, &QAction::triggered, this, [this, path] {
            if (maybeSave()) {
                openFile(path);
            }
        });
    }
    recent_menu_->setEnabled(!recent_.isEmpty());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    if (remember_) {
        QSettings settings;
        settings.setValue("window/geometry", saveGeometry());
        settings.setValue("window/state", saveState());
        settings.setValue("window/tab", tabs_->currentIndex());
    }
    event->accept();
}

} // namespace podsizer::gui

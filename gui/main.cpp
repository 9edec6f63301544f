// podsizer-gui: the desktop app. Without options it opens on the reference
// case; `podsizer-gui [SCENARIO] --screenshot FILE [--tab NAME]` renders the
// main window (offscreen works) to a PNG and exits, for docs and tests;
// `--measure-latency N` times N edits of the GPU count from the edit to the
// repainted window and prints the figures.
#include "catalog_view.hpp"
#include "custom_catalog.hpp"
#include "input_field.hpp"
#include "main_window.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/version.hpp"
#include "scenario_editor.hpp"
#include "session.hpp"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QPixmap>
#include <QStyleFactory>
#include <algorithm>
#include <cstdio>
#include <fmt/format.h>
#include <vector>

namespace {

int fail(const QString& message) {
    fmt::print(stderr, "podsizer-gui: error: {}\n", message.toStdString());
    return 2;
}

void settle() {
    // Layouts, deferred updates and chart geometry need a few event-loop turns.
    for (int i = 0; i < 5; ++i) {
        QApplication::processEvents();
    }
}

double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

/// Times `count` edits of the GPUs of a pod (the cluster size when the fleet
/// has one, else the GPU count), each from the keystroke to the
/// window on screen again: (1) every view updated (sizing, table, findings,
/// ± panel, the visible tab; Qt paints later), (2) the event loop has then
/// painted what changed, as it does for a user, (3) for comparison, a forced
/// repaint of the whole window.
int measure_latency(podsizer::gui::MainWindow& w, int count) {
    using podsizer::gui::InputField;
    InputField* gpus = w.editor()->field("$.fleet.gpus_per_cluster");
    if (gpus->text().trimmed().isEmpty()) {
        gpus = w.editor()->field("$.fleet.gpus"); // one cluster of all GPUs
    }
    if (!gpus->isEnabled()) {
        return fail("the scenario has no GPU fleet to edit");
    }
    const qint64 base = podsizer::gui::count_value(gpus->text());
    std::vector<double> updated;
    std::vector<double> painted;
    std::vector<double> full;
    std::vector<double> sizing;
    for (int i = 0; i < count; ++i) {
        // Alternate between nearby counts so every edit changes the sizing.
        const qint64 gpus_now = std::max<qint64>(1, base + (i % 2 == 0 ? 576 : -576) * (1 + i % 5));
        QElapsedTimer t;
        t.start();
        gpus->lineEdit()->selectAll();
        gpus->lineEdit()->insert(QString::number(gpus_now)); // a user edit: emits textEdited
        updated.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        QApplication::processEvents(); // deferred paints of the changed widgets
        painted.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        sizing.push_back(w.session()->sizingMs());
        QElapsedTimer r;
        r.start();
        w.repaint();
        full.push_back(static_cast<double>(r.nsecsElapsed()) / 1e6);
    }
    auto line = [](const char* what, const std::vector<double>& v) {
        fmt::print("{:<44} median {:7.2f} ms, p95 {:7.2f} ms, max {:7.2f} ms\n", what,
                   percentile(v, 0.5), percentile(v, 0.95), percentile(v, 1.0));
    };
    fmt::print("edits: {} of {}, tab \"{}\", window {}x{}\n", count,
               gpus->objectName().toStdString(),
               w.tabs()->tabText(w.tabs()->currentIndex()).remove('&').toStdString(), w.width(),
               w.height());
    line("size_scenario alone:", sizing);
    line("edit to every view updated:", updated);
    line("edit to changed widgets painted:", painted);
    line("forced repaint of the whole window:", full);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName("podsizer");
    QApplication::setApplicationName("podsizer-gui");
    QApplication::setApplicationVersion(QString::fromStdString(std::string(podsizer::version())));

    QCommandLineParser cli;
    cli.setApplicationDescription("podsizer desktop GUI: storage sizing for AI/GPU clusters");
    cli.addHelpOption();
    cli.addVersionOption();
    cli.addPositionalArgument("SCENARIO", "Scenario JSON file to open (default: the reference "
                                          "case, examples/ncp-pod-41k.json)");
    const QCommandLineOption catalog_opt("catalog",
                                         "Catalog file merged over the default "
                                         "catalog (as the CLI's --catalog).",
                                         "FILE");
    const QCommandLineOption screenshot_opt(
        "screenshot", "Render the main window to a PNG file and exit.", "FILE");
    const QCommandLineOption tab_opt("tab", "Tab to show: results, charts, racks or catalog.",
                                     "NAME", "results");
    const QCommandLineOption size_opt("size", "Window size for --screenshot, WIDTHxHEIGHT.", "WxH",
                                      "1600x1000");
    const QCommandLineOption latency_opt(
        "measure-latency", "Time N edits of the GPU count (edit to repainted window) and exit.",
        "N");
    cli.addOptions({catalog_opt, screenshot_opt, tab_opt, size_opt, latency_opt});
    cli.process(app);

    const bool batch = cli.isSet(screenshot_opt) || cli.isSet(latency_opt);
    if (batch) {
        // Same look wherever it runs, so screenshots are reproducible.
        QApplication::setStyle(QStyleFactory::create("Fusion"));
    }
    podsizer::gui::MainWindow w(!batch);
    try {
        if (cli.isSet(catalog_opt)) {
            podsizer::Diagnostics diag;
            w.session()->setCustomCatalog(
                podsizer::gui::CustomCatalog::load(cli.value(catalog_opt), &diag));
        }
        if (!cli.positionalArguments().isEmpty()) {
            const QString path = cli.positionalArguments().front();
            if (batch) {
                w.session()->openFile(path);
            } else if (!w.openFile(path)) {
                return 2;
            }
        }
    } catch (const podsizer::InputError& e) {
        return fail(QString::fromStdString(e.what()));
    }
    if (!w.showTab(cli.value(tab_opt))) {
        return fail("--tab: unknown tab \"" + cli.value(tab_opt) +
                    "\"; expected results, charts, racks or catalog");
    }
    if (batch) {
        const QStringList size = cli.value(size_opt).split('x');
        const int width = size.value(0).toInt();
        const int height = size.size() == 2 ? size.value(1).toInt() : 0;
        if (width < 200 || height < 200) {
            return fail("--size: expected WIDTHxHEIGHT of at least 200x200, such as 1600x1000");
        }
        w.resize(width, height);
    }
    w.show();
    if (cli.isSet(latency_opt)) {
        settle();
        const int n = cli.value(latency_opt).toInt();
        if (n < 1) {
            return fail("--measure-latency: expected a number of edits from 1, such as 200");
        }
        return measure_latency(w, n);
    }
    if (cli.isSet(screenshot_opt)) {
        settle();
        const QString file = cli.value(screenshot_opt);
        if (!w.grab().save(file, "PNG")) {
            return fail(file + ": cannot write the PNG");
        }
        return 0;
    }
    return QApplication::exec();
}

#include "podsizer/core/errors.hpp"
#include "podsizer/render/chart_image.hpp"
#include "podsizer/render/chart_set.hpp"
#include "podsizer/render/report_files.hpp"
#include "podsizer/reports/atomic_file.hpp"

#include <QApplication>
#include <QFont>
#include <cerrno>
#include <clocale>
#include <cstring>
#include <iostream>
#include <memory>
#include <sys/stat.h>

namespace podsizer::render {

namespace {

/// Qt's own messages, each on one line as the CLI's are; the offscreen
/// platform's note that XDG_RUNTIME_DIR is unset (a batch job, a container)
/// says nothing a user of --pdf can act on and is dropped.
void qt_message(QtMsgType type, const QMessageLogContext&, const QString& message) {
    if (type < QtWarningMsg || message.startsWith(QStringLiteral("QStandardPaths:"))) {
        return;
    }
    std::cerr << "podsizer: Qt: " << message.toStdString() << "\n";
}

} // namespace

void ensure_application() {
    if (QCoreApplication::instance() != nullptr) {
        return;
    }
    // No display needed, whatever the environment says: the charts are drawn
    // into files, never shown.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qInstallMessageHandler(qt_message);
    static int argc = 1;
    static char name[] = "podsizer";
    static char* argv[] = {name, nullptr};
    static std::unique_ptr<QApplication> app = std::make_unique<QApplication>(argc, argv);
    // The font the charts' SVG files name: the packages' DejaVu Sans
    // (fonts-dejavu-core), not the alias "Sans Serif", which another renderer
    // (librsvg, a browser) resolves to a font of other widths than Qt laid
    // the titles out with.
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(QApplication::font().pointSizeF());
    QApplication::setFont(font);
    // QCoreApplication sets the C library's locale from the environment; the
    // CLI's output is locale-free (docs/architecture.md) and stays so.
    std::setlocale(LC_ALL, "C");
}

void write_pdf(const std::string& path, const RenderInput& input) {
    check_export_target(path); // refused before the report is drawn
    ensure_application();
    const QByteArray pdf = pdf_report(input);
    write_file_atomically(path, pdf.toStdString());
}

void write_charts(const std::string& dir, const RenderInput& input,
                  const std::function<void(const std::string&)>& written) {
    struct stat st {};
    if (::stat(dir.c_str(), &st) == 0) {
        if (!S_ISDIR(st.st_mode)) {
            throw InputError(dir, "is not a directory; expected a directory for the chart files "
                                  "(one SVG per chart)");
        }
    } else if (::mkdir(dir.c_str(), 0777) != 0) {
        throw InputError(dir, std::string("cannot create the directory: ") + std::strerror(errno));
    }
    ensure_application();
    const std::string base = dir.back() == '/' ? dir : dir + "/";
    std::vector<ChartEntry> charts = build_charts(input);
    for (const ChartEntry& c : charts) {
        check_export_target(base + c.file);
    }
    for (const ChartEntry& c : charts) {
        const QByteArray svg =
            chart_svg(c.chart.get(), QSize(1000, 620), QString::fromStdString(c.file), c.note);
        write_file_atomically(base + c.file, svg.toStdString());
        written(base + c.file);
    }
}

} // namespace podsizer::render

#include "chart_save.hpp"

#include "podsizer/core/errors.hpp"
#include "podsizer/reports/atomic_file.hpp"

#include <QAction>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QFileDialog>
#include <QMessageBox>
#include <QPainter>
#include <QRegularExpression>
#include <QSvgGenerator>

namespace podsizer::gui {

namespace {

QByteArray svg_of(QChartView* view) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(view->size());
    svg.setViewBox(view->rect());
    svg.setTitle(view->chart()->title().remove(QRegularExpression("<[^>]*>")));
    svg.setDescription(QStringLiteral("podsizer chart"));
    // At the view's dpi, so each text is as wide as Qt laid it out for.
    svg.setResolution(view->logicalDpiX());
    QPainter painter(&svg);
    // The widget with its children: the note over an empty chart too.
    view->QWidget::render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
    painter.end();
    return bytes;
}

QByteArray png_of(QChartView* view) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    view->grab().save(&buffer, "PNG");
    return bytes;
}

void ask_and_save(QChartView* view, const QString& kind) {
    const QString filter =
        kind == "svg" ? QObject::tr("SVG drawings (*.svg)") : QObject::tr("PNG images (*.png)");
    QString path = QFileDialog::getSaveFileName(view, QObject::tr("Save chart"),
                                                view->objectName() + "." + kind, filter);
    if (path.isEmpty()) {
        return;
    }
    if (!path.endsWith("." + kind, Qt::CaseInsensitive)) {
        path += "." + kind;
    }
    try {
        save_chart(view, path);
    } catch (const InputError& e) {
        QMessageBox::warning(view, QObject::tr("Save chart"), QString::fromStdString(e.what()));
    }
}

} // namespace

void save_chart(QChartView* view, const QString& path) {
    const std::string target = path.toStdString();
    check_export_target(target);
    const QByteArray bytes =
        path.endsWith(".svg", Qt::CaseInsensitive) ? svg_of(view) : png_of(view);
    write_file_atomically(target, bytes.toStdString());
}

void add_save_actions(QChartView* view) {
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* svg = new QAction(QObject::tr("Save chart as SVG…"), view);
    svg->setObjectName("save-chart-svg");
    auto* png = new QAction(QObject::tr("Save chart as PNG…"), view);
    png->setObjectName("save-chart-png");
    QObject::connect(svg, &QAction::triggered, view, [view] { ask_and_save(view, "svg"); });
    QObject::connect(png, &QAction::triggered, view, [view] { ask_and_save(view, "png"); });
    view->addAction(svg);
    view->addAction(png);
}

} // namespace podsizer::gui

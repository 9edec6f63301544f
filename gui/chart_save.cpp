#include "chart_save.hpp"

#include "podsizer/core/errors.hpp"
#include "podsizer/reports/atomic_file.hpp"

#include <QAction>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QFileDialog>
#include <QImage>
#include <QMessageBox>
#include <QPainter>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <QTextDocument>
#include <cmath>

namespace podsizer::gui {

namespace {

constexpr int kBandMargin = 8;

/// What a saved chart carries above its plot: the title and the legend the
/// tab shows in labels around the view (rich text), laid out to `width`.
/// Empty when the chart keeps its own.
void header_document(const QChartView* view, QTextDocument& doc) {
    const QString title = view->chart()->property(kSavedTitle).toString();
    const QString legend = view->chart()->property(kSavedLegend).toString();
    if (title.isEmpty() && legend.isEmpty()) {
        return;
    }
    doc.setDefaultFont(view->font());
    doc.setDocumentMargin(kBandMargin);
    doc.setHtml("<div align=\"center\">" + title + "</div><div align=\"center\">" + legend +
                "</div>");
    doc.setTextWidth(view->width());
}

/// The header (if any) in the band above the plot, then the view with its
/// children (the note over an empty chart too).
void paint_saved(QPainter& painter, QChartView* view, QTextDocument& header, int band) {
    if (band > 0) {
        painter.fillRect(QRect(0, 0, view->width(), band), view->palette().window());
        header.drawContents(&painter);
    }
    view->QWidget::render(&painter, QPoint(0, band), QRegion(), QWidget::DrawChildren);
}

/// The header's plain text, for an SVG file's <title>.
QString plain_title(const QChartView* view) {
    QTextDocument doc;
    doc.setHtml(view->chart()->property(kSavedTitle).toString());
    return doc.toPlainText().replace('\n', ' ');
}

QByteArray svg_of(QChartView* view) {
    QTextDocument header;
    header_document(view, header);
    const int band = header.isEmpty() ? 0 : static_cast<int>(std::ceil(header.size().height()));
    const QSize size(view->width(), view->height() + band);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(band > 0 ? plain_title(view)
                          : view->chart()->title().remove(QRegularExpression("<[^>]*>")));
    svg.setDescription(QStringLiteral("podsizer chart"));
    // At the view's dpi, so each text is as wide as Qt laid it out for.
    svg.setResolution(view->logicalDpiX());
    QPainter painter(&svg);
    paint_saved(painter, view, header, band);
    painter.end();
    return bytes;
}

QByteArray png_of(QChartView* view) {
    QTextDocument header;
    header_document(view, header);
    const int band = header.isEmpty() ? 0 : static_cast<int>(std::ceil(header.size().height()));
    const qreal dpr = view->devicePixelRatioF();
    QImage image(QSize(view->width(), view->height() + band) * dpr, QImage::Format_ARGB32);
    image.setDevicePixelRatio(dpr);
    image.fill(view->palette().window().color());
    QPainter painter(&image);
    paint_saved(painter, view, header, band);
    painter.end();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
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

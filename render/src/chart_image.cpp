#include "podsizer/render/chart_image.hpp"

#include <QBuffer>
#include <QChart>
#include <QCoreApplication>
#include <QGraphicsScene>
#include <QGuiApplication>
#include <QPainter>
#include <QScreen>
#include <QSvgGenerator>

namespace podsizer::render {

namespace {

/// The note over an empty chart, as the GUI shows it (gui/chart_note.cpp):
/// dark grey text in a light box in the middle.
void paint_note(QPainter& painter, const QRectF& target, const QString& note) {
    const QRectF box = target.adjusted(target.width() * 0.15, target.height() * 0.35,
                                       -target.width() * 0.15, -target.height() * 0.35);
    painter.save();
    painter.setPen(QColor("#b0bec5"));
    painter.setBrush(QColor(255, 255, 255, 230));
    painter.drawRoundedRect(box, 3, 3);
    painter.setPen(QColor("#455a64"));
    painter.drawText(box.adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap, note);
    painter.restore();
}

} // namespace

void paint_chart(QChart* chart, QPainter& painter, const QRectF& target, const QString& note) {
    QGraphicsScene scene;
    QGraphicsScene* before = chart->scene();
    if (before != nullptr) {
        before->removeItem(chart);
    }
    scene.addItem(chart);
    const QRectF area(QPointF(0, 0), target.size());
    chart->setGeometry(area);
    // The chart lays out its axes and series on posted events.
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::processEvents();
    }
    scene.setSceneRect(area);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    scene.render(&painter, target, area);
    painter.restore();
    if (!note.isEmpty()) {
        paint_note(painter, target, note);
    }
    scene.removeItem(chart);
    if (before != nullptr) {
        before->addItem(chart);
    }
}

QByteArray chart_svg(QChart* chart, QSize size, const QString& title, const QString& note) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title);
    svg.setDescription(QStringLiteral("podsizer chart"));
    // The chart is laid out at the screen's (offscreen: 96) dpi; written at
    // 72, each text would be three quarters of the width Qt laid it out for.
    svg.setResolution(qRound(QGuiApplication::primaryScreen()->logicalDotsPerInch()));
    QPainter painter(&svg);
    painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
    paint_chart(chart, painter, QRectF(QPointF(0, 0), size), note);
    painter.end();
    return bytes;
}

} // namespace podsizer::render

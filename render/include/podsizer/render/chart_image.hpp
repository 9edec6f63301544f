// A chart drawn outside any window: onto a painter (a PDF page), as an SVG
// document (QSvgGenerator) or as a PNG image, at a given size in pixels.
#pragma once

#include <QByteArray>
#include <QRectF>
#include <QSize>
#include <QString>

class QChart;
class QPainter;

namespace podsizer::render {

/// Draws `chart` laid out at `target`'s size into `target`; `note` (why the
/// chart is empty) over its middle when not empty. The chart is taken into a
/// scene for the drawing and given back (its parent unchanged).
void paint_chart(QChart* chart, QPainter& painter, const QRectF& target, const QString& note = {});

/// The chart as a standalone SVG document (UTF-8), `size` pixels.
QByteArray chart_svg(QChart* chart, QSize size, const QString& title, const QString& note = {});

} // namespace podsizer::render

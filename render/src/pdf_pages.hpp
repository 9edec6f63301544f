// The PDF report's pages before they are drawn: each a function that draws
// into the page's body, so the page count is known before the first page is
// drawn ("page 3 of 12" on every footer). Internal to the render library.
#pragma once

#include "podsizer/reports/grid.hpp"

#include <QFont>
#include <QRectF>
#include <QString>
#include <functional>
#include <vector>

class QPainter;
class QPaintDevice;

namespace podsizer::render {

using PageDrawer = std::function<void(QPainter& painter, const QRectF& body)>;

/// The report's fonts, sized in points (the PDF writer's resolution maps them).
QFont body_font(qreal points = 8.5);
QFont heading_font(qreal points = 13);

/// Draws a page's heading at the top of `body`; returns the body under it.
QRectF draw_heading(QPainter& painter, const QRectF& body, const QString& heading);

/// The pages `grid` takes on a page body of `body`'s size, headed `title`
/// (and "(continued)" after the first): wide grids shrink their font to fit,
/// then split their columns into groups that repeat the first column; long
/// ones continue on the next page with the header repeated. `device` gives
/// the font metrics (the PDF writer). `note` follows the table, under its
/// footnote.
std::vector<PageDrawer> table_pages(const Grid& grid, const QString& title, const QRectF& body,
                                    const QPaintDevice* device, qreal points = 8.5,
                                    const QString& note = {});

/// Draws an SVG document (a rack drawing) as large as fits `area`, centred
/// across and at its top; returns where it went.
QRectF draw_svg(QPainter& painter, const QByteArray& svg, const QRectF& area);

/// A page that shows an SVG document (a rack drawing) as large as fits.
PageDrawer svg_page(const QByteArray& svg, const QString& heading);

} // namespace podsizer::render

#include "pdf_pages.hpp"

#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

namespace podsizer::render {

namespace {

constexpr qreal kDrawingScale = 3.0; ///< drawing image pixels per page pixel (96 dpi)

} // namespace

QFont body_font(qreal points) {
    // DejaVu Sans: the font the packages install (fonts-dejavu-core), so the
    // PDF looks the same on every machine; fontconfig falls back otherwise.
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(points);
    return f;
}

QFont heading_font(qreal points) {
    QFont f = body_font(points);
    f.setBold(true);
    return f;
}

QRectF draw_heading(QPainter& painter, const QRectF& body, const QString& heading) {
    constexpr qreal kHeading = 34; // table_pages counts on it
    painter.save();
    painter.setFont(heading_font());
    painter.setPen(QColor("#263238"));
    painter.drawText(QRectF(body.left(), body.top(), body.width(), kHeading - 8),
                     Qt::AlignLeft | Qt::AlignVCenter, heading);
    painter.restore();
    return body.adjusted(0, kHeading, 0, 0);
}

QRectF draw_svg(QPainter& painter, const QByteArray& svg, const QRectF& area) {
    QSvgRenderer renderer(svg);
    QSizeF size = renderer.viewBoxF().size();
    if (size.isEmpty()) {
        size = renderer.defaultSize();
    }
    size.scale(area.size(), Qt::KeepAspectRatio);
    const QRectF target(area.left() + (area.width() - size.width()) / 2, area.top(), size.width(),
                        size.height());
    // Drawn into an image at three times the page's 96 dpi: the PDF engine
    // turns the drawings' many small labels into glyph outlines, a megabyte
    // of page a drawing and a second to compress; the image prints sharp.
    QImage image((size * kDrawingScale).toSize(), QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    renderer.render(&p);
    p.end();
    painter.drawImage(target, image);
    return target;
}

PageDrawer svg_page(const QByteArray& svg, const QString& heading) {
    return [svg, heading](QPainter& p, const QRectF& page) {
        draw_svg(p, svg, draw_heading(p, page, heading));
    };
}

} // namespace podsizer::render

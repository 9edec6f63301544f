#include "pdf_pages.hpp"

#include <QPainter>
#include <QSvgRenderer>

namespace podsizer::render {

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

PageDrawer svg_page(const QByteArray& svg, const QString& heading) {
    return [svg, heading](QPainter& p, const QRectF& page) {
        const QRectF body = draw_heading(p, page, heading);
        QSvgRenderer renderer(svg);
        QSizeF size = renderer.viewBoxF().size();
        if (size.isEmpty()) {
            size = renderer.defaultSize();
        }
        size.scale(body.size(), Qt::KeepAspectRatio);
        const QRectF target(body.left() + (body.width() - size.width()) / 2, body.top(),
                            size.width(), size.height());
        renderer.render(&p, target);
    };
}

} // namespace podsizer::render

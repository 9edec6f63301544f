// A grid of the text reports as table pages of the PDF report: the same rows
// and cells as the text report (displayed_rows, with the assumption marker
// and its footnote), wrapped within capped column widths.
#include "pdf_pages.hpp"

#include <QFontMetricsF>
#include <QObject>
#include <QPainter>
#include <algorithm>
#include <memory>
#include <numeric>

namespace podsizer::render {

namespace {

constexpr qreal kPad = 3.0;       ///< inside a cell, each side
constexpr qreal kMinPoints = 6.0; ///< the smallest font a table shrinks to

struct TableLayout {
    QFont font;
    QFont bold;
    std::vector<std::size_t> columns; ///< the grid's columns this section shows
    std::vector<qreal> widths;
    qreal header_height = 0;
    std::vector<qreal> row_heights;
};

qreal text_width(const QFontMetricsF& fm, const std::string& s) {
    return fm.horizontalAdvance(QString::fromStdString(s)) + 2 * kPad + 1;
}

/// Natural widths of every column, each capped at `cap`.
std::vector<qreal> natural_widths(const Grid& g, const std::vector<std::vector<std::string>>& rows,
                                  const QFont& font, const QPaintDevice* device, qreal cap) {
    const QFontMetricsF fm(font, device);
    QFont bold = font;
    bold.setBold(true);
    const QFontMetricsF fb(bold, device);
    std::vector<qreal> w(g.header.size(), 0.0);
    for (std::size_t c = 0; c < w.size(); ++c) {
        // A header wraps at its spaces ("HD exabyte, capacity only (1:2)"):
        // its longest word is what the column must hold.
        for (const QString& word : QString::fromStdString(g.header[c]).split(' ')) {
            w[c] = std::max(w[c], std::min(cap, text_width(fb, word.toStdString())));
        }
        for (const auto& r : rows) {
            if (c < r.size()) {
                w[c] = std::max(w[c], std::min(cap, text_width(fm, r[c])));
            }
        }
    }
    return w;
}

qreal cell_height(const QFontMetricsF& fm, qreal width, const std::string& s) {
    const QRectF r = fm.boundingRect(QRectF(0, 0, width - 2 * kPad, 1e6), Qt::TextWordWrap,
                                     QString::fromStdString(s));
    return r.height() + 2 * kPad;
}

/// Column groups that fit `width`: the first column, then as many as fit.
std::vector<std::vector<std::size_t>> column_groups(const std::vector<qreal>& w, qreal width) {
    std::vector<std::vector<std::size_t>> groups;
    std::vector<std::size_t> current{0};
    qreal used = w.empty() ? 0 : w[0];
    for (std::size_t c = 1; c < w.size(); ++c) {
        if (used + w[c] > width && current.size() > 1) {
            groups.push_back(current);
            current = {0};
            used = w[0];
        }
        current.push_back(c);
        used += w[c];
    }
    groups.push_back(current);
    return groups;
}

std::vector<TableLayout> lay_out(const Grid& g, const std::vector<std::vector<std::string>>& rows,
                                 qreal width, const QPaintDevice* device, qreal points) {
    QFont font = body_font(points);
    std::vector<qreal> w;
    for (;;) {
        w = natural_widths(g, rows, font, device, width * 0.4);
        const qreal total = std::accumulate(w.begin(), w.end(), 0.0);
        if (total <= width || font.pointSizeF() <= kMinPoints) {
            break;
        }
        font.setPointSizeF(std::max(kMinPoints, font.pointSizeF() - 0.5));
    }
    std::vector<TableLayout> out;
    for (const auto& group : column_groups(w, width)) {
        TableLayout t;
        t.font = font;
        t.bold = font;
        t.bold.setBold(true);
        t.columns = group;
        const QFontMetricsF fm(font, device);
        const QFontMetricsF fb(t.bold, device);
        for (std::size_t c : group) {
            t.widths.push_back(w[c]);
            t.header_height = std::max(t.header_height, cell_height(fb, w[c], g.header[c]));
        }
        for (const auto& r : rows) {
            qreal h = 0;
            for (std::size_t k = 0; k < group.size(); ++k) {
                const std::size_t c = group[k];
                h = std::max(h, cell_height(fm, t.widths[k], c < r.size() ? r[c] : ""));
            }
            t.row_heights.push_back(h);
        }
        out.push_back(std::move(t));
    }
    return out;
}

QColor cell_colour(const Grid& g, std::size_t row, std::size_t col) {
    switch (g.cell_role(row, col)) {
    case CellRole::met:
        return QColor("#2e7d32");
    case CellRole::not_met:
        return QColor("#c62828");
    case CellRole::plain:
        break;
    }
    return Qt::black;
}

struct Slice {
    std::shared_ptr<const Grid> grid;
    std::shared_ptr<const std::vector<std::vector<std::string>>> rows;
    std::shared_ptr<const TableLayout> layout;
    std::size_t first = 0; ///< rows [first, last)
    std::size_t last = 0;
    QString heading;
    QString footnote; ///< under the last slice only
};

void draw_row(QPainter& p, const Slice& s, qreal y, qreal h, const std::vector<std::string>* cells,
              std::size_t row) {
    const TableLayout& t = *s.layout;
    const Grid& g = *s.grid;
    qreal x = 0;
    for (std::size_t k = 0; k < t.columns.size(); ++k) {
        const std::size_t c = t.columns[k];
        const QRectF cell(x, y, t.widths[k], h);
        const bool numeric = c >= g.numeric_from;
        const int align = (numeric ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop;
        const std::string& text = cells == nullptr ? g.header[c] : (*cells)[c];
        p.setPen(cells == nullptr ? Qt::black : cell_colour(g, row, c));
        p.drawText(cell.adjusted(kPad, kPad, -kPad, -kPad), align | Qt::TextWordWrap,
                   QString::fromStdString(text));
        p.setPen(QColor("#cfd8dc"));
        p.drawRect(cell);
        x += t.widths[k];
    }
}

void draw_slice(QPainter& p, const QRectF& page, const Slice& s) {
    const QRectF body = draw_heading(p, page, s.heading);
    const TableLayout& t = *s.layout;
    const qreal width = std::accumulate(t.widths.begin(), t.widths.end(), 0.0);
    p.save();
    p.translate(body.topLeft());
    p.fillRect(QRectF(0, 0, width, t.header_height), QColor("#eceff1"));
    p.setFont(t.bold);
    draw_row(p, s, 0, t.header_height, nullptr, 0);
    qreal y = t.header_height;
    for (std::size_t r = s.first; r < s.last; ++r) {
        const qreal h = t.row_heights[r];
        if (r % 2 == 1) {
            p.fillRect(QRectF(0, y, width, h), QColor("#fafafa"));
        }
        p.setFont(s.grid->row_role(r) == RowRole::verdict ? t.bold : t.font);
        draw_row(p, s, y, h, &(*s.rows)[r], r);
        y += h;
    }
    if (!s.footnote.isEmpty()) {
        p.setFont(t.font);
        p.setPen(QColor("#455a64"));
        p.drawText(QRectF(0, y + 6, body.width(), body.height() - y - 6), Qt::TextWordWrap,
                   s.footnote);
    }
    p.restore();
}

} // namespace

std::vector<PageDrawer> table_pages(const Grid& grid, const QString& title, const QRectF& page,
                                    const QPaintDevice* device, qreal points, const QString& note) {
    auto g = std::make_shared<const Grid>(grid);
    auto rows = std::make_shared<const std::vector<std::vector<std::string>>>(displayed_rows(grid));
    // The heading takes the same room on every page (draw_heading).
    const qreal heading = 34;
    const qreal room = page.height() - heading;
    QString footnote =
        QString::fromStdString(assumptions_footnote(grid, false, FootnoteReader::customer))
            .trimmed();
    if (!note.isEmpty()) {
        footnote += (footnote.isEmpty() ? "" : "\n") + note.trimmed();
    }
    std::vector<PageDrawer> pages;
    const std::vector<TableLayout> sections = lay_out(grid, *rows, page.width(), device, points);
    for (std::size_t k = 0; k < sections.size(); ++k) {
        auto t = std::make_shared<const TableLayout>(sections[k]);
        std::size_t first = 0;
        do {
            qreal y = t->header_height;
            std::size_t last = first;
            while (last < rows->size() && (last == first || y + t->row_heights[last] <= room)) {
                y += t->row_heights[last++];
            }
            Slice s{g, rows, t, first, last, title, {}};
            if (first > 0 || k > 0) {
                s.heading += QObject::tr(" (continued)");
            }
            if (last == rows->size() && k + 1 == sections.size()) {
                s.footnote = footnote;
            }
            pages.push_back([s](QPainter& p, const QRectF& body) { draw_slice(p, body, s); });
            first = last;
        } while (first < rows->size());
    }
    return pages;
}

} // namespace podsizer::render

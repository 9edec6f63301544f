// An item delegate that remembers the size of a cell's text by its shape
// (digit_shape.hpp). resizeColumnsToContents asks the delegate for every
// cell's size, and each answer lays the cell's text out anew: on the fleet
// example that was a tenth of an edit's work whenever a figure crossed a
// power of ten (docs/gui.md, "Latency"). The sizes are Qt's own, measured
// once per shape; painting is the base delegate's.
#pragma once

#include <QFont>
#include <QHash>
#include <QSize>
#include <QString>
#include <QStyledItemDelegate>

namespace podsizer::gui {

class ShapeCachedDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    /// QStyledItemDelegate's size for a cell of plain text, by the text's
    /// shape and everything else the size follows from (font, the view's
    /// options, the style); other cells are measured each time.
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

    /// What a plain-text cell's size follows from.
    struct Key {
        QString shape; ///< digit_shape of the text in `font`
        QFont font;
        QSize rect;   ///< the option's (a wrapped text measures within it)
        int features; ///< the option's (wrapping, alternate rows)
        QSize decoration;
        int decoration_position;
        const void* style;
        bool operator==(const Key&) const = default;
    };

private:
    mutable QHash<Key, QSize> sizes_;
};

size_t qHash(const ShapeCachedDelegate::Key& key, size_t seed = 0);

/// Gives `view`'s cells a ShapeCachedDelegate unless they have one.
void cache_cell_sizes(class QAbstractItemView* view);

} // namespace podsizer::gui

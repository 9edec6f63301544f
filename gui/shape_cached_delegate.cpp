#include "shape_cached_delegate.hpp"

#include "digit_shape.hpp"

#include <QAbstractItemView>
#include <QFont>
#include <QModelIndex>
#include <QStyle>
#include <QWidget>

namespace podsizer::gui {

namespace {

/// Sizes remembered per delegate before it starts afresh: a table's
/// figures take a few hundred shapes; this bounds a long session's memory.
constexpr qsizetype kMaxSizes = 4096;

} // namespace

QSize ShapeCachedDelegate::sizeHint(const QStyleOptionViewItem& option,
                                    const QModelIndex& index) const {
    const QVariant display = index.data(Qt::DisplayRole);
    // A decoration, a check box or a size of its own measures otherwise.
    if (display.userType() != QMetaType::QString || index.data(Qt::DecorationRole).isValid() ||
        index.data(Qt::CheckStateRole).isValid() || index.data(Qt::SizeHintRole).isValid()) {
        return QStyledItemDelegate::sizeHint(option, index);
    }
    const QVariant font_role = index.data(Qt::FontRole);
    const QFont font =
        font_role.isValid() ? qvariant_cast<QFont>(font_role).resolve(option.font) : option.font;
    const Key key{digit_shape(display.toString(), font),
                  font,
                  option.rect.size(),
                  static_cast<int>(option.features),
                  option.decorationSize,
                  static_cast<int>(option.decorationPosition),
                  option.widget != nullptr ? option.widget->style() : nullptr};
    const auto known = sizes_.constFind(key);
    if (known != sizes_.constEnd()) {
        return *known;
    }
    if (sizes_.size() >= kMaxSizes) {
        sizes_.clear();
    }
    const QSize size = QStyledItemDelegate::sizeHint(option, index);
    sizes_.insert(key, size);
    return size;
}

size_t qHash(const ShapeCachedDelegate::Key& key, size_t seed) {
    return qHashMulti(seed, key.shape, key.font, key.rect.width(), key.rect.height(), key.features);
}

void cache_cell_sizes(QAbstractItemView* view) {
    if (dynamic_cast<ShapeCachedDelegate*>(view->itemDelegate()) == nullptr) {
        view->setItemDelegate(new ShapeCachedDelegate(view));
    }
}

} // namespace podsizer::gui

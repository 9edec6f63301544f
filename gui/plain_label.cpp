#include "plain_label.hpp"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QLabel>
#include <QPalette>
#include <algorithm>

namespace podsizer::gui {

WrappedLabel::WrappedLabel(QWidget* parent) : QLabel(parent) {
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
}

void WrappedLabel::checkText() const {
    if (text() != text_) {
        text_ = text();
        heights_.clear();
        hint_ = QSize();
    }
}

QSize WrappedLabel::sizeHint() const {
    checkText();
    if (!hint_.isValid()) {
        const QFontMetrics fm(font());
        int longest = 0;
        for (const QString& line : text().split('\n')) {
            longest = std::max(longest, fm.horizontalAdvance(line));
        }
        const QMargins m = contentsMargins();
        const int extra = m.left() + m.right() + 2 * std::max(0, indent()) + 2 * margin();
        const int width = std::min(longest, 80 * fm.averageCharWidth()) + extra;
        hint_ = QSize(width, heightForWidth(width));
    }
    return hint_;
}

QSize WrappedLabel::minimumSizeHint() const {
    const QFontMetrics fm(font());
    const QMargins m = contentsMargins();
    return {std::min(sizeHint().width(), 12 * fm.averageCharWidth()),
            text().isEmpty() ? 0 : fm.lineSpacing() + m.top() + m.bottom() + 2 * margin()};
}

int WrappedLabel::heightForWidth(int width) const {
    checkText();
    for (const auto& [w, h] : heights_) {
        if (w == width) {
            return h;
        }
    }
    const int h = QLabel::heightForWidth(width);
    if (heights_.size() == 4) {
        heights_.erase(heights_.begin());
    }
    heights_.emplace_back(width, h);
    return h;
}

void WrappedLabel::changeEvent(QEvent* event) {
    // A new font, style or margins measure differently.
    heights_.clear();
    hint_ = QSize();
    QLabel::changeEvent(event);
}

void set_text_if_changed(QLabel* label, const QString& text) {
    if (label->text() != text) {
        label->setText(text);
    }
}

void set_text_colour(QLabel* label, const QColor& colour) {
    const QColor wanted =
        colour.isValid() ? colour : QApplication::palette(label).color(QPalette::WindowText);
    if (label->palette().color(QPalette::WindowText) == wanted) {
        return;
    }
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, wanted);
    label->setPalette(p);
}

void add_copy_action(QLabel* label) {
    auto* copy = new QAction(QObject::tr("Copy"), label);
    copy->setObjectName("copy-text");
    QObject::connect(copy, &QAction::triggered, label,
                     [label] { QGuiApplication::clipboard()->setText(label->text()); });
    label->addAction(copy);
    label->setContextMenuPolicy(Qt::ActionsContextMenu);
}

} // namespace podsizer::gui

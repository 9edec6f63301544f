#include "plain_label.hpp"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QGuiApplication>
#include <QLabel>
#include <QPalette>

namespace podsizer::gui {

WrappedLabel::WrappedLabel(QWidget* parent) : QLabel(parent) {
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
}

int WrappedLabel::heightForWidth(int width) const {
    if (text() != text_) {
        text_ = text();
        heights_.clear();
    }
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

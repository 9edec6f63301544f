#include "plain_label.hpp"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QGuiApplication>
#include <QLabel>
#include <QPalette>

namespace podsizer::gui {

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

#include "chart_note.hpp"

#include <QChartView>
#include <QLabel>
#include <QVBoxLayout>

namespace podsizer::gui {

QLabel* chart_note(const QChartView* view) {
    return view->findChild<QLabel*>(view->objectName() + "-empty", Qt::FindDirectChildrenOnly);
}

void set_chart_note(QChartView* view, const QString& why) {
    QLabel* note = chart_note(view);
    if (note == nullptr) {
        if (why.isEmpty()) {
            return;
        }
        // Over the view in a layout of its own: centred whatever its size,
        // and the chart under it still gets the mouse.
        note = new QLabel(view);
        note->setObjectName(view->objectName() + "-empty");
        note->setAlignment(Qt::AlignCenter);
        note->setWordWrap(true);
        note->setAttribute(Qt::WA_TransparentForMouseEvents);
        note->setStyleSheet("QLabel { color: #455a64; background: rgba(255, 255, 255, 220); "
                            "border: 1px solid #b0bec5; border-radius: 3px; padding: 8px; }");
        auto* layout = new QVBoxLayout(view);
        layout->setContentsMargins(40, 40, 40, 40);
        layout->addStretch();
        layout->addWidget(note);
        layout->addStretch();
    }
    note->setText(why);
    note->setVisible(!why.isEmpty());
}

} // namespace podsizer::gui

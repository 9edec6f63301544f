#include "steady_tab_widget.hpp"

#include <QEvent>
#include <QTabBar>

namespace podsizer::gui {

void SteadyTabWidget::setTabTextIfChanged(int index, const QString& text) {
    if (tabText(index) != text) {
        // The tab bar's own setTabText: QTabWidget's lays the widget out
        // and repaints it whole, page included, even when the bar keeps its
        // size ("Findings (12)" to "Findings (13)"); the bar asks for a
        // layout itself (updateGeometry), which event() lets through when
        // its size hint changed.
        tabBar()->setTabText(index, text);
    }
}

bool SteadyTabWidget::event(QEvent* event) {
    if (event->type() == QEvent::LayoutRequest && isVisible()) {
        // The tab bar's place and the pages' rectangle follow from the bar's
        // size hint and the widget's own size (a resize lays out on its
        // own), not from the pages' hints: while the bar's hint holds,
        // QTabWidget's layout would put everything where it is, and then
        // repaint the whole widget, tab bar and page included. A page whose
        // size hint changed (a finding that wraps onto one more line) only
        // needs the parent told, as QTabWidget's layout does last.
        const QSize bar = tabBar()->sizeHint();
        if (bar == bar_hint_) {
            const QSize hint = sizeHint();
            const QSize min_hint = minimumSizeHint();
            if (hint != hint_ || min_hint != min_hint_) {
                hint_ = hint;
                min_hint_ = min_hint;
                updateGeometry();
            }
            return true;
        }
        bar_hint_ = bar;
        hint_ = sizeHint();
        min_hint_ = minimumSizeHint();
    }
    return QTabWidget::event(event);
}

} // namespace podsizer::gui

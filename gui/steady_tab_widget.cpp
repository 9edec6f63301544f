#include "steady_tab_widget.hpp"

#include <QEvent>
#include <QTabBar>

namespace podsizer::gui {

void SteadyTabWidget::setTabTextIfChanged(int index, const QString& text) {
    if (tabText(index) != text) {
        setTabText(index, text);
    }
}

bool SteadyTabWidget::event(QEvent* event) {
    if (event->type() == QEvent::LayoutRequest && isVisible()) {
        // The tab bar's place and the pages' rectangle follow from these
        // three and the widget's size (a resize lays out on its own): when
        // none changed, the layout would put everything where it is.
        const QSize bar = tabBar()->sizeHint();
        const QSize hint = sizeHint();
        const QSize min_hint = minimumSizeHint();
        if (bar == bar_hint_ && hint == hint_ && min_hint == min_hint_) {
            return true;
        }
        bar_hint_ = bar;
        hint_ = hint;
        min_hint_ = min_hint;
    }
    return QTabWidget::event(event);
}

} // namespace podsizer::gui

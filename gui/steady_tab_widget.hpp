// A QTabWidget that repaints only what changed. QTabWidget answers every
// layout request, even one that moves nothing, by laying out its tab bar and
// pages again and repainting itself whole, children included; an edit that
// changes one label deep inside a tab (the requirement line, a finding count)
// thus repainted the whole tab, which cost more than the edit's frame
// (docs/gui.md, "Latency"). This one lets a request through only when its tab
// bar's size hint changed, that is when something inside can move; a change
// of its own size hints (a page's) is passed on to its parent's layout.
#pragma once

#include <QSize>
#include <QTabWidget>

namespace podsizer::gui {

class SteadyTabWidget : public QTabWidget {
    Q_OBJECT
public:
    using QTabWidget::QTabWidget;

    /// setTabText that leaves a tab whose text is already `text` alone (a
    /// tab bar lays itself out again on any setTabText).
    void setTabTextIfChanged(int index, const QString& text);

protected:
    bool event(QEvent* event) override;

private:
    QSize bar_hint_;
    QSize hint_;
    QSize min_hint_;
};

} // namespace podsizer::gui

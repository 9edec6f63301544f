// The racks tab: the rack elevation of the selected design, drawn from the
// same SVG reports' render_rack_svg writes for `--svg` (byte for byte the
// export), in a zoomable view.
#pragma once

#include "analysis_panels.hpp"

#include <QByteArray>

class QComboBox;
class QGraphicsScene;
class QGraphicsSvgItem;
class QGraphicsView;
class QLabel;
class QSvgRenderer;

namespace podsizer::gui {

class RacksView : public LazyPanel {
    Q_OBJECT
public:
    explicit RacksView(Session* session, QWidget* parent = nullptr);

    /// The SVG shown now (the selected design's elevation).
    const QByteArray& svg() const { return svg_; }
    QGraphicsView* view() const { return view_; }
    double zoom() const;
    /// The drawing shown: 0 every rack, 1 typical racks, 2 floor plan (reports'
    /// RackView in that order); File > Export > Rack elevation as SVG writes the same.
    int drawing() const;

public Q_SLOTS:
    void zoomIn();
    void zoomOut();
    void zoomToFit();
    void zoomActual();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void draw() override;

private:
    void scaleBy(double factor);

    QComboBox* design_;
    QComboBox* drawing_;
    QLabel* zoom_label_;
    QGraphicsView* view_;
    QGraphicsScene* scene_;
    QSvgRenderer* renderer_;
    QGraphicsSvgItem* item_ = nullptr;
    QByteArray svg_;
    bool fit_ = true; ///< keep fitting until the user zooms
};

} // namespace podsizer::gui

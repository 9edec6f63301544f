#include "racks_view.hpp"

#include "podsizer/reports/rack_svg.hpp"
#include "session.hpp"

#include <QComboBox>
#include <QGraphicsScene>
#include <QGraphicsSvgItem>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSvgRenderer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <algorithm>

namespace podsizer::gui {

RacksView::RacksView(Session* session, QWidget* parent)
    : LazyPanel(session, parent), design_(new QComboBox(this)), drawing_(new QComboBox(this)),
      zoom_label_(new QLabel(this)), view_(new QGraphicsView(this)),
      scene_(new QGraphicsScene(this)), renderer_(new QSvgRenderer(this)) {
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout();
    bar->addWidget(new QLabel(tr("Design:"), this));
    design_->setObjectName("racks-design");
    design_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    bar->addWidget(design_);
    bar->addSpacing(16);
    bar->addWidget(new QLabel(tr("Drawing:"), this));
    drawing_->setObjectName("racks-drawing");
    // The order of reports' RackView (drawing()).
    drawing_->addItem(tr("Every rack"));
    drawing_->addItem(tr("Typical racks × N (slide)"));
    drawing_->addItem(tr("Floor plan (slide)"));
    drawing_->setToolTip(tr("The typical racks and the floor plan are drawn for a 16:9 slide"));
    bar->addWidget(drawing_);
    bar->addSpacing(16);
    auto button = [&](const QString& text, const QString& tip, void (RacksView::*slot)()) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        connect(b, &QToolButton::clicked, this, slot);
        bar->addWidget(b);
    };
    button(tr("Zoom in"), tr("Zoom in (Ctrl+wheel, Ctrl++)"), &RacksView::zoomIn);
    button(tr("Zoom out"), tr("Zoom out (Ctrl+wheel, Ctrl+-)"), &RacksView::zoomOut);
    button(tr("Fit"), tr("Fit the whole elevation in the view"), &RacksView::zoomToFit);
    button(tr("100 %"), tr("One SVG unit per pixel"), &RacksView::zoomActual);
    zoom_label_->setObjectName("racks-zoom");
    bar->addWidget(zoom_label_);
    bar->addStretch();
    layout->addLayout(bar);

    view_->setObjectName("racks-view");
    view_->setScene(scene_);
    view_->setDragMode(QGraphicsView::ScrollHandDrag);
    view_->setRenderHints(QPainter::Antialiasing | QPainter::SmoothPixmapTransform);
    view_->setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    view_->setBackgroundBrush(Qt::white);
    view_->viewport()->installEventFilter(this);
    layout->addWidget(view_, 1);

    connect(design_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0) {
            session_->selectDesign(i);
        }
    });
    connect(drawing_, &QComboBox::currentIndexChanged, this, [this](int) {
        fit_ = true;
        refresh();
    });
    connect(session_, &Session::selectionChanged, this, &RacksView::refresh);
}

void RacksView::draw() {
    // Drawn only when on screen (LazyPanel): a hidden tab costs an edit nothing.
    const auto& result = session_->result();
    {
        const QSignalBlocker block(design_);
        design_->clear();
        if (result) {
            for (const Design& d : result->designs) {
                design_->addItem(QString::fromStdString(d.name));
            }
        }
        design_->setCurrentIndex(session_->selectedDesign());
    }
    const Design* d = session_->selected();
    RackSvgOptions options;
    options.view = static_cast<RackView>(drawing());
    svg_ = d ? QByteArray::fromStdString(render_rack_svg(*d, options)) : QByteArray();
    delete item_;
    item_ = nullptr;
    if (svg_.isEmpty()) {
        return;
    }
    renderer_->load(svg_);
    item_ = new QGraphicsSvgItem();
    item_->setSharedRenderer(renderer_);
    scene_->addItem(item_);
    scene_->setSceneRect(item_->boundingRect());
    if (fit_) {
        zoomToFit();
    }
}

int RacksView::drawing() const {
    return std::max(0, drawing_->currentIndex());
}

double RacksView::zoom() const {
    return view_->transform().m11();
}

void RacksView::scaleBy(double factor) {
    const double z = zoom() * factor;
    if (z < 0.02 || z > 40) {
        return;
    }
    fit_ = false;
    view_->scale(factor, factor);
    zoom_label_->setText(QString("%1 %").arg(qRound(zoom() * 100)));
}

void RacksView::zoomIn() {
    scaleBy(1.25);
}

void RacksView::zoomOut() {
    scaleBy(0.8);
}

void RacksView::zoomActual() {
    fit_ = false;
    view_->resetTransform();
    zoom_label_->setText("100 %");
}

void RacksView::zoomToFit() {
    fit_ = true;
    if (item_ != nullptr) {
        view_->fitInView(item_, Qt::KeepAspectRatio);
    }
    zoom_label_->setText(QString("%1 %").arg(qRound(zoom() * 100)));
}

void RacksView::showEvent(QShowEvent* event) {
    LazyPanel::showEvent(event); // drawn if stale
    if (fit_) {
        zoomToFit();
    }
}

bool RacksView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == view_->viewport() && event->type() == QEvent::Wheel) {
        auto* wheel = static_cast<QWheelEvent*>(event);
        if (wheel->modifiers() & Qt::ControlModifier) {
            scaleBy(wheel->angleDelta().y() > 0 ? 1.25 : 0.8);
            return true;
        }
    }
    if (watched == view_->viewport() && event->type() == QEvent::Resize && fit_) {
        zoomToFit();
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace podsizer::gui

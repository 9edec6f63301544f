// The slower answers of the results tab, each computed only while its panel
// is on screen: the scenario grown to its extrapolation target with the
// fleet plan (`podsizer extrapolate`), and the optimiser's best design and
// Pareto front (`podsizer optimize --pareto`). Tables are reports' grids.
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in.
#ifndef Q_MOC_RUN
#include "podsizer/core/design.hpp"
#include "podsizer/core/optimizer.hpp"
#endif

#include <QWidget>

class QChartView;
class QComboBox;
class QLabel;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace podsizer::gui {

class Session;

/// Shared: redraws on a new result only while visible, else when shown.
class LazyPanel : public QWidget {
    Q_OBJECT
public:
    explicit LazyPanel(Session* session, QWidget* parent = nullptr);
    void refresh();

protected:
    void showEvent(QShowEvent* event) override;
    virtual void draw() = 0;
    Session* session_;

private:
    bool stale_ = true;
};

class ExtrapolationPanel : public LazyPanel {
    Q_OBJECT
public:
    explicit ExtrapolationPanel(Session* session, QWidget* parent = nullptr);
    QTableWidget* table() const { return table_; }

protected:
    void draw() override;

private:
    QLabel* note_;
    QTableWidget* table_;
};

class OptimizerPanel : public LazyPanel {
    Q_OBJECT
public:
    explicit OptimizerPanel(Session* session, QWidget* parent = nullptr);
    QComboBox* objective() const { return objective_; }
    QTableWidget* best() const { return best_; }
    QTableWidget* pareto() const { return pareto_; }
    QChartView* paretoChart() const { return pareto_chart_; }
    /// The best design, the front's chart and its table, one page each.
    QTabWidget* views() const { return views_; }
    Objective currentObjective() const;

Q_SIGNALS:
    /// The user wants the best design as an option of the scenario.
    void useDesign(const podsizer::Design& design);

protected:
    void draw() override;

private:
    QComboBox* objective_;
    QLabel* summary_;
    QPushButton* use_;
    QTableWidget* best_;
    QTableWidget* pareto_;
    QChartView* pareto_chart_; ///< the front, racks vs power (render::plot_pareto)
    QTabWidget* views_;
};

} // namespace podsizer::gui

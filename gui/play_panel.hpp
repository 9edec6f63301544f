// "Play" with the selected design: ± buttons on its C-node and D-box counts,
// and what each step changes — throughput, capacity, racks, power — next to
// the sized design. Every figure comes from core's evaluate_design (through
// core/hand_design.hpp); "Apply" writes the played counts into the scenario as a
// fixed-count option (an undoable edit).
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in; it
// only needs the type names, so it skips them.
#ifndef Q_MOC_RUN
#include "podsizer/core/design.hpp"
#endif

#include "analysis_panels.hpp"

#include <cstdint>
#include <optional>

class QGridLayout;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QToolButton;

namespace podsizer::gui {

class PlayPanel : public LazyPanel {
    Q_OBJECT
public:
    explicit PlayPanel(Session* session, QWidget* parent = nullptr);

    std::int64_t cnodes() const;
    std::int64_t dboxes() const;
    /// Adds `dc` C-nodes and `dd` D-boxes to the played counts (at least 1 each).
    void step(int dc, int dd);
    /// Back to the sized design's counts.
    void reset();

    /// Rows: counts, throughput, capacity, racks, power, bottleneck, whether
    /// requirements are met. Columns: sized, played, change, then what one
    /// more step from the played counts changes: +1 / −1 C-node, +1 / −1 D-box.
    QTableWidget* comparison() const { return table_; }
    /// The played design (empty when there is nothing to play with).
    const std::optional<Design>& played() const { return played_; }

Q_SIGNALS:
    /// The user wants the played counts in the scenario.
    void applyRequested(int design, std::int64_t cnodes, std::int64_t dboxes);

protected:
    void draw() override;
    void changeEvent(QEvent* event) override;

private:
    /// The row of controls: a count box between its ± buttons for C-nodes
    /// and D-boxes, then Reset and Apply.
    QGridLayout* buildCounts();
    /// A count's label, −10, −1, its box, +1, +10 from column `first`.
    void addStepButtons(QGridLayout* counts, int first, const QString& label, QSpinBox* box,
                        bool cnode);
    QToolButton* stepButton(int delta, bool cnode);
    void buildTable();
    /// Sized and Played as wide as their widest text, in the table's font.
    void fitCountColumns();
    void update();
    /// The played design's errors and warnings, or `error` alone.
    void showFindings(const Design* played, const QString& error = {});

    QLabel* title_;
    QSpinBox* cnodes_;
    QSpinBox* dboxes_;
    QPushButton* reset_;
    QPushButton* apply_;
    QTableWidget* table_;
    QLabel* findings_; ///< the played design's errors, red
    QLabel* warnings_; ///< its warnings, orange (plain text: plain_label.hpp)
    std::optional<Design> played_;
    bool updating_ = false;
};

} // namespace podsizer::gui

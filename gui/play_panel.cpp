#include "play_panel.hpp"

#include "grid_table.hpp"
#include "plain_label.hpp"
#include "podsizer/core/cost.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/hand_design.hpp"
#include "qt_text.hpp"
#include "session.hpp"

#include <QEvent>
#include <QFontMetricsF>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace podsizer::gui {

namespace {

/// A signed change: "+1.3", "−2", "0" (a minus sign, not a hyphen).
QString signed_number(double v, int decimals) {
    const QString n = q(format_number(std::abs(v), decimals));
    if (q(format_number(0.0, decimals)) == n) {
        return n;
    }
    return (v > 0 ? "+" : QString::fromUtf8("\u2212")) + n;
}

QString cd_text(const Design& d) {
    return d.dboxes > 0
               ? q(format_cd_ratio(static_cast<double>(d.cnodes) / static_cast<double>(d.dboxes)))
               : QString("n/a");
}

/// "read / write", as the Bottleneck row shows it and the count columns are
/// sized for.
QString bottleneck_pair(Bottleneck read, Bottleneck write) {
    return q(std::string(to_string(read)) + " / " + std::string(to_string(write)));
}

QString bottlenecks(const Design& d) {
    return bottleneck_pair(d.read_bottleneck, d.write_bottleneck);
}

/// Shows `text` in a cell, reusing its item: a cell that keeps its text is
/// not repainted.
void set_cell(QTableWidget* t, int row, int column, const QString& text) {
    QTableWidgetItem* item = cell_at(t, row, column);
    item->setText(text);
    item->setToolTip(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
}

/// One row of the play table: its label, the text of a design, and the
/// number whose change the step columns show (null: the text, when it changes).
struct PlayRow {
    QString label;
    std::function<QString(const Design&)> text;
    std::function<double(const Design&)> value;
    int decimals = 0; ///< of a change
};

double tb(Throughput t) {
    return in(t, units::TB_per_s);
}

/// A count of the design (a member or a member function's) as a number.
template <auto M> double as_double(const Design& d) {
    return static_cast<double>(std::invoke(M, d));
}

/// A figure's row: shown at `shown` decimals, its changes at `change`.
PlayRow figure(const QString& label, double (*value)(const Design&), int shown, int change) {
    return {label, [value, shown](const Design& d) { return q(format_number(value(d), shown)); },
            value, change};
}

std::vector<PlayRow> play_rows() {
    return {
        figure(PlayPanel::tr("C-nodes"), as_double<&Design::cnodes>, 0, 0),
        figure(PlayPanel::tr("D-boxes"), as_double<&Design::dboxes>, 0, 0),
        {PlayPanel::tr("C:D ratio"), cd_text, nullptr, 0},
        figure(
            PlayPanel::tr("Read (TB/s)"), [](const Design& d) { return tb(d.read); }, 2, 3),
        figure(
            PlayPanel::tr("Write (TB/s)"), [](const Design& d) { return tb(d.write); }, 2, 3),
        figure(
            PlayPanel::tr("Usable capacity (PB)"),
            [](const Design& d) { return in(d.usable, units::PB); }, 1, 2),
        // docs/model.md §10: the racks a facility plans for (maximum draw
        // where it needs more) above the racks as laid out, as the tables.
        figure(PlayPanel::tr("Racks to plan for"), as_double<&Design::planning_racks>, 0, 0),
        figure(PlayPanel::tr("Racks as laid out"), as_double<&Design::racks>, 0, 0),
        figure(
            PlayPanel::tr("Power (kW)"), [](const Design& d) { return in(d.power, units::kW); }, 1,
            1),
        {PlayPanel::tr("Bottleneck (read / write)"), bottlenecks, nullptr, 0},
        {PlayPanel::tr("Verdict"), [](const Design& d) { return q(verdict_cell_text(d.verdict)); },
         nullptr, 0},
    };
}

/// With a price book: what the design costs (core's design_cost,
/// docs/cost.md §2), so each step shows what it adds to the bill. A part
/// the book leaves unpriced is named beside the total, which leaves it out.
void add_cost_rows(std::vector<PlayRow>& rows, const PriceBook& book) {
    const QString cur = " (" + q(book.currency) + ")";
    using Amount = double (*)(const DesignCost&);
    const std::pair<QString, Amount> totals[] = {
        {PlayPanel::tr("CapEx") + cur, [](const DesignCost& c) { return c.capex; }},
        {PlayPanel::tr("OpEx a year") + cur, [](const DesignCost& c) { return c.opex_per_year; }},
        {PlayPanel::tr("TCO, %1 years").arg(book.site.years) + cur,
         [](const DesignCost& c) { return c.tco; }}};
    for (const auto& [label, amount] : totals) {
        rows.push_back({label,
                        [&book, amount](const Design& d) {
                            const DesignCost c = design_cost(d, book);
                            const std::vector<std::string> missing = c.unpriced();
                            QString text = q(format_number(amount(c), 0));
                            if (!missing.empty()) {
                                QStringList names;
                                for (const std::string& n : missing) {
                                    names << q(n);
                                }
                                text += PlayPanel::tr(" (unpriced: %1)").arg(names.join(", "));
                            }
                            return text;
                        },
                        [&book, amount](const Design& d) { return amount(design_cost(d, book)); },
                        0});
    }
}

/// The played design's warnings and errors, coloured by severity.
QSpinBox* count_box(QWidget* parent, const QString& name) {
    auto* box = new QSpinBox(parent);
    box->setObjectName(name);
    box->setRange(1, std::numeric_limits<int>::max());
    box->setGroupSeparatorShown(true);
    box->setMinimumWidth(80);
    box->setAlignment(Qt::AlignRight);
    return box;
}

} // namespace

PlayPanel::PlayPanel(Session* session, QWidget* parent)
    : LazyPanel(session, parent), title_(note_label(this, "play-title")),
      cnodes_(count_box(this, "play-cnodes")), dboxes_(count_box(this, "play-dboxes")),
      reset_(new QPushButton(tr("Reset"), this)),
      apply_(new QPushButton(tr("Apply to scenario"), this)), table_(new QTableWidget(this)),
      findings_(new WrappedLabel(this)), warnings_(new WrappedLabel(this)) {
    // One row of controls over one table: it fits in a tab under the
    // side-by-side table.
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(title_);
    layout->addLayout(buildCounts());
    buildTable();
    layout->addWidget(table_);

    findings_->setObjectName("play-findings");
    warnings_->setObjectName("play-warnings");
    for (QLabel* l : {findings_, warnings_}) {
        l->setWordWrap(true);
        l->setTextFormat(Qt::PlainText);
        add_copy_action(l);
        layout->addWidget(l);
    }
    set_text_colour(findings_, QColor(0xb7, 0x1c, 0x1c));
    layout->addStretch(1);

    connect(session_, &Session::selectionChanged, this, &PlayPanel::refresh);
}

QGridLayout* PlayPanel::buildCounts() {
    auto* counts = new QGridLayout();
    addStepButtons(counts, 0, tr("C-nodes"), cnodes_, true);
    counts->setColumnMinimumWidth(6, 16);
    addStepButtons(counts, 7, tr("D-boxes"), dboxes_, false);
    counts->setColumnMinimumWidth(13, 16);
    counts->addWidget(reset_, 0, 14);
    counts->addWidget(apply_, 0, 15);
    counts->setColumnStretch(16, 1);
    reset_->setToolTip(tr("Back to the sized design's counts"));
    apply_->setToolTip(tr("Pin this option to its hardware and the played counts "
                          "(undo with Ctrl+Z)"));
    connect(reset_, &QPushButton::clicked, this, &PlayPanel::reset);
    connect(apply_, &QPushButton::clicked, this,
            [this] { Q_EMIT applyRequested(session_->selectedDesign(), cnodes(), dboxes()); });
    // A typed count is played at once; counts set by code (updating_) are
    // played once, by whoever set them.
    for (QSpinBox* box : {cnodes_, dboxes_}) {
        connect(box, &QSpinBox::valueChanged, this, [this] {
            if (!updating_) {
                update();
            }
        });
    }
    return counts;
}

void PlayPanel::addStepButtons(QGridLayout* counts, int first, const QString& label, QSpinBox* box,
                               bool cnode) {
    const int row = 0;
    counts->addWidget(new QLabel(label, this), row, first);
    int col = first + 1;
    for (int delta : {-10, -1, +1, +10}) {
        QToolButton* b = stepButton(delta, cnode);
        if (delta > 0 && col == first + 3) {
            counts->addWidget(box, row, col++);
        }
        counts->addWidget(b, row, col++);
    }
}

QToolButton* PlayPanel::stepButton(int delta, bool cnode) {
    auto* b = new QToolButton(this);
    b->setText((delta > 0 ? "+" : QString::fromUtf8("\u2212")) + QString::number(std::abs(delta)));
    b->setObjectName(QString("play-%1%2%3")
                         .arg(cnode ? "cnodes" : "dboxes")
                         .arg(delta > 0 ? "+" : "-")
                         .arg(std::abs(delta)));
    b->setToolTip(tr("%1 %2 %3")
                      .arg(delta > 0 ? tr("Add") : tr("Remove"))
                      .arg(std::abs(delta))
                      .arg(cnode ? tr("C-nodes") : tr("D-boxes")));
    b->setMinimumWidth(32);
    connect(b, &QToolButton::clicked, this,
            [this, delta, cnode] { step(cnode ? delta : 0, cnode ? 0 : delta); });
    return b;
}

void PlayPanel::buildTable() {
    table_->setObjectName("play-table");
    table_->setColumnCount(7);
    table_->setHorizontalHeaderLabels({tr("Sized"), tr("Played"), tr("Change"), tr("+1 C-node"),
                                       QString::fromUtf8("\u22121 C-node"), tr("+1 D-box"),
                                       QString::fromUtf8("\u22121 D-box")});
    table_->horizontalHeaderItem(3)->setToolTip(tr("What one more C-node changes, from the "
                                                   "played counts"));
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    table_->verticalHeader()->setDefaultSectionSize(19);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    fitCountColumns();
    table_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
}

std::int64_t PlayPanel::cnodes() const {
    return cnodes_->value();
}

std::int64_t PlayPanel::dboxes() const {
    return dboxes_->value();
}

void PlayPanel::step(int dc, int dd) {
    updating_ = true;
    cnodes_->setValue(std::max(1, cnodes_->value() + dc));
    dboxes_->setValue(std::max(1, dboxes_->value() + dd));
    updating_ = false;
    update();
}

void PlayPanel::reset() {
    refresh();
}

void PlayPanel::fitCountColumns() {
    // The counts' own columns hold text ("frontend / balanced") that the
    // even split cut to "balanced / …" at 1366 pixels. They are as wide as
    // the widest such text, set once per font: ResizeToContents measured
    // every cell and relaid the table on every edit, +1.4 ms of CPU an edit
    // (--measure-latency, 3 × 200 edits, 3.6–3.8 → 5.0–5.1 ms median).
    QHeaderView* header = table_->horizontalHeader();
    // Fractional advances, rounded up, as the delegate's text layout measures.
    const QFontMetricsF fm(table_->font());
    qreal text = 0;
    for (Bottleneck read : {Bottleneck::frontend, Bottleneck::backend, Bottleneck::balanced}) {
        for (Bottleneck write : {Bottleneck::frontend, Bottleneck::backend, Bottleneck::balanced}) {
            text = std::max(text, fm.horizontalAdvance(bottleneck_pair(read, write)));
        }
    }
    // QStyledItemDelegate's margins: the focus frame's on each side, plus one
    // (QCommonStyle's text margin), and the grid line.
    const int margin =
        table_->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table_) + 1;
    for (int c : {0, 1}) {
        header->setSectionResizeMode(c, QHeaderView::Fixed);
        header->resizeSection(c, std::max(static_cast<int>(std::ceil(text)) + 2 * margin + 1,
                                          header->sectionSizeHint(c)));
    }
}

void PlayPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        fitCountColumns();
    }
}

void PlayPanel::draw() {
    // Evaluated only when on screen (LazyPanel): a hidden panel costs an edit nothing.
    const Design* d = session_->selected();
    setEnabled(d != nullptr);
    if (d == nullptr) {
        played_.reset();
        title_->setText(tr("<b>Play with a design</b>: nothing sized"));
        table_->setRowCount(0);
        showFindings(nullptr);
        return;
    }
    updating_ = true;
    cnodes_->setValue(static_cast<int>(std::min<std::int64_t>(d->cnodes, cnodes_->maximum())));
    dboxes_->setValue(static_cast<int>(std::min<std::int64_t>(d->dboxes, dboxes_->maximum())));
    updating_ = false;
    update();
}

void PlayPanel::update() {
    const Design* sized = session_->selected();
    if (sized == nullptr) {
        return;
    }
    const Scenario& s = session_->scenario();
    const Catalog& cat = session_->catalog();
    title_->setText(tr("<b>± Play with “%1”</b>").arg(q(sized->name).toHtmlEscaped()));
    title_->setToolTip(tr("Change the design's counts and see what each step buys; every "
                          "figure is the engine's evaluation of the changed design"));
    try {
        played_ = replay(*sized, cnodes(), dboxes(), s, cat);
    } catch (const InputError& e) {
        played_.reset();
        showFindings(nullptr, q(e.what()));
        return;
    }
    const Design& p = *played_;

    // One more step from the played counts, each evaluated by the engine.
    const std::pair<std::int64_t, std::int64_t> deltas[] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    std::vector<std::optional<Design>> stepped;
    for (const auto& [dc, dd] : deltas) {
        const std::int64_t c = p.cnodes + dc;
        const std::int64_t d = p.dboxes + dd;
        stepped.push_back(c < 1 || d < 1 ? std::nullopt
                                         : std::optional(replay(*sized, c, d, s, cat)));
    }

    std::vector<PlayRow> rows = play_rows();
    const std::size_t plain_rows = rows.size();
    if (s.prices) {
        add_cost_rows(rows, *s.prices);
    }
    table_->setRowCount(static_cast<int>(rows.size()));
    QStringList labels;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const PlayRow& r = rows[i];
        labels << r.label;
        const int row = static_cast<int>(i);
        set_cell(table_, row, 0, r.text(*sized));
        set_cell(table_, row, 1, r.text(p));
        set_cell(table_, row, 2,
                 r.value ? signed_number(r.value(p) - r.value(*sized), r.decimals) : QString());
        for (std::size_t k = 0; k < stepped.size(); ++k) {
            QString text;
            if (!stepped[k]) {
                text = tr("n/a");
            } else if (r.value) {
                text = signed_number(r.value(*stepped[k]) - r.value(p), r.decimals);
            } else if (r.text(*stepped[k]) != r.text(p)) {
                text = r.text(*stepped[k]); // a text row shows only what changes
            }
            set_cell(table_, row, static_cast<int>(3 + k), text);
        }
    }
    set_row_labels(table_, labels);
    // The verdict's cells can be cut at 1366 pixels ("short: read, one D…"):
    // each says its whole sentence on hover (docs/model.md §15).
    const int verdict_row = static_cast<int>(plain_rows) - 1; // play_rows() ends with it
    for (const auto& [col, design] : {std::pair{0, &*sized}, std::pair{1, &p}}) {
        if (QTableWidgetItem* item = table_->item(verdict_row, col)) {
            item->setToolTip(q(verdict_sentence(design->verdict, *design)));
        }
    }
    table_->setFixedHeight(rows_height(table_)); // no empty band under the rows

    showFindings(&p);
}

void PlayPanel::showFindings(const Design* played, const QString& error) {
    QStringList errors;
    QStringList warnings;
    if (!error.isEmpty()) {
        errors << error;
    }
    if (played != nullptr) {
        for (const Finding& x : played->findings) {
            if (x.severity() != Severity::info) {
                (x.severity() == Severity::error ? errors : warnings) << QString("[%1] %2").arg(
                    q(std::string(to_string(x.severity()))), q(x.message_and_hint()));
            }
        }
    }
    const bool none = played != nullptr && errors.isEmpty() && warnings.isEmpty();
    set_text_if_changed(findings_, errors.join('\n'));
    set_text_if_changed(warnings_,
                        none ? tr("Played design: no warnings or errors.") : warnings.join('\n'));
    // Orange for warnings, the plain text colour for the all-clear.
    set_text_colour(warnings_, none ? QColor() : QColor(0xe6, 0x51, 0x00));
    findings_->setVisible(!findings_->text().isEmpty());
    warnings_->setVisible(!warnings_->text().isEmpty());
}

} // namespace podsizer::gui

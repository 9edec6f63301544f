#include "cost_panel.hpp"

#include "grid_table.hpp"
#include "podsizer/reports/comparison_report.hpp"
#include "podsizer/reports/cost_report.hpp"
#include "qt_text.hpp"
#include "session.hpp"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace podsizer::gui {

namespace {

/// As tall as its rows, and a horizontal scroll bar when one shows: two
/// tables of two or three rows each, each in its own scroll area, clipped the
/// TCO row at 1366 × 768 (REVIEW-4 F10).
void fit_height(QTableWidget* t) {
    const bool bar =
        t->horizontalScrollBar()->isVisible() ||
        t->horizontalHeader()->length() + t->verticalHeader()->width() > t->viewport()->width();
    t->setFixedHeight(rows_height(t) + (bar ? t->horizontalScrollBar()->sizeHint().height() : 0));
}

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) {
        out += (out.empty() ? "" : ", ") + n;
    }
    return out.empty() ? "-" : out;
}

/// The cost rows of `podsizer compare`'s table (the rows whose label is a
/// cost row's), then each column's unpriced parts.
Grid comparison_cost_grid(const Comparison& cmp) {
    const Grid all = comparison_grid(cmp, false);
    Grid g;
    g.header = all.header;
    g.numeric_from = all.numeric_from;
    for (const ComparisonRow& row : comparison_cost_rows(cmp)) {
        const std::string label = row.unit.empty() ? row.label : row.label + " (" + row.unit + ")";
        const auto it = std::find_if(all.rows.begin(), all.rows.end(), [&](const auto& r) {
            return !r.empty() && r.front() == label;
        });
        if (it != all.rows.end()) {
            g.rows.push_back(*it);
        }
    }
    std::vector<std::string> unpriced{"Unpriced"};
    for (const ComparisonColumn& c : cmp.columns) {
        unpriced.push_back(joined(c.cost         ? unpriced_figures(*c.cost)
                                  : c.cloud_cost ? c.cloud_cost->unpriced()
                                                 : std::vector<std::string>{}));
    }
    g.rows.push_back(std::move(unpriced));
    return g;
}

/// The book's terms: currency, years, rate, and where it comes from.
QString book_line(const PriceBook& book, const QString& file) {
    QString text = CostPanel::tr("<b>Cost</b> from the price book %1 (%2, %3 years")
                       .arg(file.isEmpty() ? CostPanel::tr("in the scenario")
                                           : QFileInfo(file).fileName().toHtmlEscaped())
                       .arg(q(book.currency))
                       .arg(book.site.years);
    if (book.site.discount_rate) {
        text += CostPanel::tr(", discount rate %1 %")
                    .arg(q(format_number(*book.site.discount_rate * 100.0, 1)));
    }
    return text + CostPanel::tr("); formulas and sources: docs/cost.md. A part the book does "
                                "not price is named under Unpriced and left out of the totals.");
}

} // namespace

CostPanel::CostPanel(Session* session, QWidget* parent)
    : LazyPanel(session, parent), note_(note_label(this, "cost-note")),
      pick_(new QPushButton(tr("Price book…"), this)), remove_(new QPushButton(tr("Remove"), this)),
      designs_(read_only_table(this, "cost-designs")),
      columns_(read_only_table(this, "cost-columns")),
      footnote_(note_label(this, "cost-footnote")) {
    auto* l = flat_column(this);
    auto* top = new QHBoxLayout();
    note_->setTextFormat(Qt::RichText);
    pick_->setObjectName("cost-pick");
    pick_->setToolTip(tr("Read a price-book file (podsizer-prices/1) into the scenario"));
    remove_->setObjectName("cost-remove");
    remove_->setToolTip(tr("Size without prices: no cost figures"));
    top->addWidget(note_, 1);
    top->addWidget(pick_);
    top->addWidget(remove_);
    l->addLayout(top);
    // The headline with the cloud store first, then each design's parts,
    // then the footnote: one page that scrolls as a whole.
    auto* page = new QWidget(this);
    auto* pl = flat_column(page);
    whole_height(columns_);
    whole_height(designs_);
    pl->addWidget(columns_);
    pl->addWidget(designs_);
    pl->addWidget(footnote_);
    pl->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName("cost-scroll");
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(page);
    l->addWidget(scroll, 1);
    connect(pick_, &QPushButton::clicked, this, &CostPanel::pickRequested);
    connect(remove_, &QPushButton::clicked, this, [this] { session_->clearPriceBook(); });
}

void CostPanel::draw() {
    const SizingResult* r = session_->result();
    const bool priced = r != nullptr && r->prices.has_value();
    designs_->setVisible(priced);
    columns_->setVisible(priced && session_->comparison() != nullptr);
    remove_->setEnabled(session_->scenario().prices.has_value());
    if (!priced) {
        note_->setText(r == nullptr ? tr("Not sized.")
                                    : tr("<b>No price book</b>: no cost figures. Give one with "
                                         "“Price book…” (File ▸ Price book…), or name one in "
                                         "the scenario's <tt>prices</tt> (docs/cost.md)."));
        footnote_->clear();
        return;
    }
    note_->setText(book_line(*r->prices, session_->priceFile()));
    show_grid(designs_, cost_grid(*r), true);
    std::vector<std::string> assumed;
    std::vector<DesignCost> costs;
    for (const Design& d : r->designs) {
        costs.push_back(design_cost(d, *r->prices));
        assumed.insert(assumed.end(), costs.back().assumed.begin(), costs.back().assumed.end());
    }
    std::vector<const DesignCost*> of;
    for (const DesignCost& c : costs) {
        of.push_back(&c);
    }
    if (const Comparison* cmp = session_->comparison()) {
        show_grid(columns_, comparison_cost_grid(*cmp), true);
        for (const ComparisonColumn& c : cmp->columns) {
            const auto& a = column_assumed_prices(c);
            assumed.insert(assumed.end(), a.begin(), a.end());
        }
    }
    // What the recovered GPU-hours compare (docs/cost.md §4), then the
    // ASSUMPTION prices, each a paragraph.
    const QString recovered = q(recovered_note(of, *r->prices, true)).trimmed();
    const QString illustrative = q(illustrative_footnote(assumed, false)).simplified();
    footnote_->setText(recovered.isEmpty() ? illustrative : recovered + "\n" + illustrative);
    fit_height(designs_);
    fit_height(columns_);
}

} // namespace podsizer::gui

#include "growth_panel.hpp"

#include "grid_table.hpp"
#include "podsizer/core/cash_flow.hpp"
#include "podsizer/reports/cost_by_year.hpp"
#include "podsizer/reports/growth_report.hpp"
#include "qt_text.hpp"
#include "session.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <initializer_list>
#include <string_view>

namespace podsizer::gui {

namespace {

QTableWidget* plain_table(QWidget* parent, const char* name) {
    auto* t = new QTableWidget(parent);
    t->setObjectName(name);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionMode(QAbstractItemView::NoSelection);
    t->verticalHeader()->hide();
    t->verticalHeader()->setDefaultSectionSize(20);
    return t;
}

/// Moves v[from] to v[to]; a vector too short to hold `from` (its cells
/// past the end are plain) gets a plain one at `to`.
template <class T> void move_to(std::vector<T>& v, std::size_t from, std::size_t to) {
    if (to >= v.size()) {
        return;
    }
    T x{};
    if (from < v.size()) {
        x = std::move(v[from]);
        v.erase(v.begin() + static_cast<std::ptrdiff_t>(from));
    }
    v.insert(v.begin() + static_cast<std::ptrdiff_t>(to), std::move(x));
}

/// The table as a laptop shows it whole (REVIEW-4 F10: at 1366 × 768 the
/// Sites table's "Fits" was off to the right): the verdict columns `keys`
/// next, beside the name, and every unit on a line of its own under its
/// label ("IT power" over "(kW)"). The CLI's table keeps its order.
Grid laptop_order(Grid g, std::initializer_list<std::string_view> keys) {
    std::size_t to = 1;
    for (std::string_view key : keys) {
        const auto it = std::find(g.header.begin(), g.header.end(), key);
        if (it == g.header.end()) {
            continue;
        }
        const auto from = static_cast<std::size_t>(it - g.header.begin());
        move_to(g.header, from, to);
        for (auto& row : g.rows) {
            move_to(row, from, to);
        }
        for (auto& roles : g.cell_roles) {
            move_to(roles, from, to);
        }
        for (auto& ids : g.cell_assumptions) {
            move_to(ids, from, to);
        }
        ++to;
    }
    for (std::string& h : g.header) {
        if (const auto at = h.find(" ("); at != std::string::npos) {
            h[at] = '\n';
        }
    }
    return g;
}

/// `title` over `t`, showing the title text and grid `make` gives, `t` as
/// tall as its rows (at most 12, then it scrolls), its header and a
/// horizontal scroll bar: no row is cut off. Both hidden when not `shown`.
template <class Make> void show_titled(QLabel* title, QTableWidget* t, bool shown, Make make) {
    title->setVisible(shown);
    t->setVisible(shown);
    if (!shown) {
        return;
    }
    const auto [text, grid] = make();
    title->setText(q(text));
    show_grid(t, grid, false);
    t->resizeColumnsToContents();
    const int h = rows_height(t, 12) + t->horizontalScrollBar()->sizeHint().height();
    t->setMinimumHeight(h);
    t->setMaximumHeight(h);
}

QLabel* bold_label(QWidget* parent) {
    auto* l = new QLabel(parent);
    l->setWordWrap(true);
    QFont f = l->font();
    f.setBold(true);
    l->setFont(f);
    return l;
}

} // namespace

GrowthPanel::GrowthPanel(Session* session, QWidget* parent)
    : QWidget(parent), session_(session), note_(note_label(this, "growth-note")),
      sites_title_(bold_label(this)), sites_(plain_table(this, "sites")),
      replication_title_(bold_label(this)), replication_(plain_table(this, "replication")),
      phases_title_(bold_label(this)), phases_(plain_table(this, "phases")),
      scratch_(note_label(this, "phases-scratch")), money_title_(bold_label(this)),
      money_(plain_table(this, "cost-by-year")),
      money_notes_(note_label(this, "cost-by-year-notes")) {
    setObjectName("growth-panel");
    // The tables stand one under the other at the height of their rows, in a
    // page that scrolls down: a laptop's 768 lines show every row of a table
    // whole rather than each table squeezed to a sliver (REVIEW-4 F10).
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName("growth-scroll");
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* page = new QWidget(scroll);
    scroll->setWidget(page);
    flat_column(this)->addWidget(scroll);
    auto* layout = new QVBoxLayout(page);
    for (QWidget* w : std::initializer_list<QWidget*>{
             note_, sites_title_, sites_, replication_title_, replication_, phases_title_, phases_,
             scratch_, money_title_, money_, money_notes_}) {
        layout->addWidget(w); // reparented to the page
    }
    layout->addStretch(0);
    connect(session_, &Session::resultsChanged, this, &GrowthPanel::refresh);
    refresh();
}

QString GrowthPanel::title() const {
    return broken_ ? tr("Sites && phases (!)") : tr("Sites && phases");
}

void GrowthPanel::show_money(const PhasePlan* phases) {
    const Study* study = session_->study();
    const std::optional<CashFlow> flow = phases != nullptr && study->sizing.prices
                                             ? cash_flow(*phases, *study->sizing.prices)
                                             : std::nullopt;
    money_notes_->setVisible(flow.has_value());
    show_titled(money_title_, money_, flow.has_value(),
                [&] { return std::pair(cost_by_year_title(*flow), cost_by_year_grid(*flow)); });
    if (!flow) {
        return;
    }
    QString notes;
    for (const std::string& line : cost_by_year_notes(*flow)) {
        notes += (notes.isEmpty() ? "" : "\n") + q(line);
    }
    money_notes_->setText(notes);
}

void GrowthPanel::refresh() {
    const Study* study = session_->study();
    const SitePlan* sites = study != nullptr && study->sites ? &*study->sites : nullptr;
    const PhasePlan* phases = study != nullptr && study->phases ? &*study->phases : nullptr;
    const bool was = broken_;
    broken_ = (sites != nullptr && !sites->fits()) || (phases != nullptr && !phases->meets());
    note_->setText(sites == nullptr && phases == nullptr
                       ? tr("This scenario lists no sites and no phases. Give fleet.sites as a "
                            "list of sites with their limits, or phases of growth on the "
                            "installed base, in the scenario file (docs/sites-and-phases.md).")
                       : tr("Each site sized within its own limits; each phase adds to what is "
                            "installed. Their findings are in the Findings tab."));
    show_titled(sites_title_, sites_, sites != nullptr, [&] {
        return std::pair(sites_title(*sites),
                         laptop_order(sites_grid(*sites), {"Fits", "Verdict"}));
    });
    show_titled(replication_title_, replication_, sites != nullptr && sites->replication,
                [&] { return std::pair(replication_title(), replication_grid(*sites)); });
    show_money(phases);
    show_titled(phases_title_, phases_, phases != nullptr, [&] {
        return std::pair(phases_title(*phases), laptop_order(phases_grid(*phases), {}));
    });
    // Phases by site are sized from scratch per site: no one-system line.
    scratch_->setVisible(phases != nullptr && !phases->by_site);
    if (phases != nullptr) {
        scratch_->setText(q(scratch_line(*phases)).trimmed());
    }
    if (was != broken_) {
        Q_EMIT titleChanged();
    }
}

} // namespace podsizer::gui

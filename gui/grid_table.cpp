#include "grid_table.hpp"

#include <QHeaderView>
#include <QTableWidget>

namespace podsizer::gui {

QTableWidgetItem* cell_at(QTableWidget* t, int row, int column) {
    QTableWidgetItem* item = t->item(row, column);
    if (item == nullptr) {
        item = new QTableWidgetItem;
        t->setItem(row, column, item);
    }
    return item;
}

void set_column_labels(QTableWidget* t, const QStringList& labels) {
    for (int c = 0; c < labels.size(); ++c) {
        const QTableWidgetItem* h = t->horizontalHeaderItem(c);
        if (h == nullptr || h->text() != labels[c]) {
            t->setHorizontalHeaderLabels(labels);
            return;
        }
    }
}

void set_row_labels(QTableWidget* t, const QStringList& labels) {
    for (int r = 0; r < labels.size(); ++r) {
        const QTableWidgetItem* h = t->verticalHeaderItem(r);
        if (h == nullptr || h->text() != labels[r]) {
            t->setVerticalHeaderLabels(labels);
            return;
        }
    }
}

void show_grid(QTableWidget* t, const Grid& g, bool rows_named) {
    const std::size_t skip = rows_named ? 1 : 0;
    const int cols = static_cast<int>(g.header.size() - std::min(g.header.size(), skip));
    // No setUpdatesEnabled(false) around the fill: enabling updates again
    // repaints the whole table, headers and scroll bars included, where
    // items set to the text they hold repaint nothing.
    t->setColumnCount(cols);
    t->setRowCount(static_cast<int>(g.rows.size()));
    QStringList header;
    for (std::size_t c = skip; c < g.header.size(); ++c) {
        header << QString::fromStdString(g.header[c]);
    }
    set_column_labels(t, header);
    QStringList names;
    const auto shown = displayed_rows(g);
    for (std::size_t r = 0; r < g.rows.size(); ++r) {
        const auto& row = g.rows[r];
        if (rows_named) {
            names << QString::fromStdString(row.empty() ? std::string() : row[0]);
        }
        const bool verdict = g.row_role(r) == RowRole::verdict;
        for (std::size_t c = skip; c < row.size(); ++c) {
            QTableWidgetItem* item = cell_at(t, static_cast<int>(r), static_cast<int>(c - skip));
            const QString text = QString::fromStdString(row[c]);
            // A figure resting on an assumed catalog figure: the tables'
            // marker, the workbook's shading, and the ids on hover
            // (docs/model.md §14).
            const auto& assumed = g.assumptions(r, c);
            item->setText(QString::fromStdString(shown[r][c]));
            if (assumed.empty()) {
                item->setToolTip(text);
                item->setBackground(QBrush());
            } else {
                QStringList ids;
                for (const std::string& id : assumed) {
                    ids << QString::fromStdString(id);
                }
                item->setToolTip(QObject::tr("%1\nRests on catalog figures nobody publishes "
                                             "(ASSUMPTION):\n%2")
                                     .arg(text, ids.join(QStringLiteral("\n"))));
                item->setBackground(QColor(0xFC, 0xE4, 0xD6));
            }
            item->setTextAlignment((c >= g.numeric_from ? Qt::AlignRight : Qt::AlignLeft) |
                                   Qt::AlignVCenter);
            QFont f = item->font();
            f.setBold(verdict);
            item->setFont(f);
            // Styled by the role reports gives the cell, never by its text.
            switch (g.cell_role(r, c)) {
            case CellRole::not_met:
                item->setForeground(QColor("#b71c1c"));
                break;
            case CellRole::met:
                item->setForeground(QColor("#1b5e20"));
                break;
            case CellRole::plain:
                item->setForeground(t->palette().text());
                break;
            }
        }
    }
    if (rows_named) {
        set_row_labels(t, names);
        t->verticalHeader()->show();
    } else {
        t->verticalHeader()->hide();
    }
    // Once per fill: a ResizeToContents header would measure every cell on
    // every change of every cell.
    t->resizeColumnsToContents();
}

} // namespace podsizer::gui

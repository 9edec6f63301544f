#include "catalog_view.hpp"

#include "custom_catalog.hpp"
#include "grid_table.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/reports/catalog_report.hpp"
#include "qt_text.hpp"
#include "session.hpp"

#include <QFileDialog>
#include <QFontDatabase>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace podsizer::gui {

namespace {

/// Fills `t` with `g` but for its column `tip` (-1: none), which is instead
/// the tooltip of its row's cells (else a cell's tooltip is its own text).
/// The catalog list leaves out its "key figures" so that id, kind, name and
/// source kind fit side by side; an entry's figures wrap their source.
void fill(QTableWidget* t, const Grid& g, int tip) {
    QStringList header;
    for (std::size_t c = 0; c < g.header.size(); ++c) {
        if (static_cast<int>(c) != tip) {
            header << q(g.header[c]);
        }
    }
    t->setRowCount(static_cast<int>(g.rows.size()));
    t->setColumnCount(static_cast<int>(header.size()));
    t->setHorizontalHeaderLabels(header);
    for (std::size_t r = 0; r < g.rows.size(); ++r) {
        int col = 0;
        for (std::size_t c = 0; c < g.rows[r].size(); ++c) {
            if (static_cast<int>(c) != tip) {
                auto* item = new QTableWidgetItem(q(g.rows[r][c]));
                item->setToolTip(q(g.rows[r][tip < 0 ? c : static_cast<std::size_t>(tip)]));
                if (tip < 0) {
                    item->setTextAlignment(Qt::AlignLeft | Qt::AlignTop);
                }
                t->setItem(static_cast<int>(r), col++, item);
            }
        }
    }
}

/// The custom catalog's status line: green when `ok`, else red on pink.
void say(QLabel* status, bool ok, const QString& text) {
    status->setStyleSheet(ok ? "QLabel { color: #1b5e20; }"
                             : "QLabel { color: #b71c1c; background: #ffebee; padding: 3px; }");
    status->setText(text);
}

} // namespace

CatalogView::CatalogView(Session* session, QWidget* parent)
    : QWidget(parent), session_(session), search_(new QLineEdit(this)),
      list_(new QTableWidget(this)), title_(new QLabel(this)), source_(new QLabel(this)),
      figures_(new QTableWidget(this)), custom_(new QListWidget(this)), editing_(new QLabel(this)),
      editor_(new QPlainTextEdit(this)), status_(new QLabel(this)),
      copy_(new QPushButton(tr("Edit a copy"), this)),
      apply_(new QPushButton(tr("Apply to catalog"), this)),
      remove_(new QPushButton(tr("Remove custom entry"), this)), debounce_(new QTimer(this)) {
    // Top: the models and the selected one side by side; bottom, full width:
    // the custom catalog editor.
    auto* outer = new QSplitter(Qt::Vertical, this);
    outer->setObjectName("catalog-splitter");
    auto* split = new QSplitter(Qt::Horizontal, outer);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(outer);

    split->addWidget(modelList(split));
    split->addWidget(details(split));
    split->setStretchFactor(0, 3); // the list: id, kind, name and source side by side
    split->setStretchFactor(1, 2);
    outer->addWidget(split);

    outer->addWidget(customEditor(outer));
    outer->setStretchFactor(0, 5);
    outer->setStretchFactor(1, 4);

    connectEditing();
    apply_->setObjectName("catalog-apply");
    apply_->setEnabled(false);
    remove_->setEnabled(false);
    refresh();
}

/// Every model of the catalog, with a filter above it.
QWidget* CatalogView::modelList(QWidget* parent) {
    // Left: every model.
    auto* left = new QWidget(parent);
    auto* ll = flat_column(left);
    search_->setPlaceholderText(tr("Filter models (id, kind, name, figures)"));
    search_->setClearButtonEnabled(true);
    ll->addWidget(search_);
    list_->setObjectName("catalog-list");
    list_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    list_->setSelectionBehavior(QAbstractItemView::SelectRows);
    list_->setSelectionMode(QAbstractItemView::SingleSelection);
    list_->verticalHeader()->hide();
    list_->verticalHeader()->setDefaultSectionSize(22);
    list_->setWordWrap(false);
    ll->addWidget(list_);
    return left;
}

/// The selected model: its title, source and figures.
QWidget* CatalogView::details(QWidget* parent) {
    // Right: the selected model, and the custom catalog.
    auto* box = new QWidget(parent);
    auto* dl = flat_column(box);
    QFont big = title_->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.15);
    title_->setFont(big);
    title_->setObjectName("catalog-title");
    source_->setObjectName("catalog-source");
    source_->setWordWrap(true);
    source_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    figures_->setObjectName("catalog-figures");
    figures_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    figures_->setSelectionMode(QAbstractItemView::NoSelection);
    figures_->setWordWrap(true);
    figures_->verticalHeader()->hide();
    figures_->setColumnCount(3); // field, value, source
    figures_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    figures_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Interactive);
    figures_->horizontalHeader()->setStretchLastSection(true);
    // Row heights follow the wrapped source text once the columns have their width.
    connect(figures_->horizontalHeader(), &QHeaderView::sectionResized, figures_,
            [this] { figures_->resizeRowsToContents(); });
    dl->addWidget(title_);
    dl->addWidget(source_);
    dl->addWidget(figures_, 1);
    auto* detail_buttons = new QHBoxLayout();
    copy_->setToolTip(tr("Copy this entry into the custom catalog editor below"));
    detail_buttons->addWidget(copy_);
    detail_buttons->addStretch();
    dl->addLayout(detail_buttons);
    return box;
}

/// The custom catalog: its entries, the JSON editor and its buttons.
QWidget* CatalogView::customEditor(QWidget* parent) {
    auto* custom_box =
        new QGroupBox(tr("Custom catalog (merged over the default, as --catalog)"), parent);
    auto* cl = new QVBoxLayout(custom_box);
    auto* top = new QHBoxLayout();
    custom_->setObjectName("catalog-custom");
    custom_->setMaximumWidth(220);
    top->addWidget(custom_);
    auto* ed = new QVBoxLayout();
    editing_->setObjectName("catalog-editing");
    ed->addWidget(editing_);
    editor_->setObjectName("catalog-json");
    editor_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    editor_->setPlaceholderText(tr("Select a model above and press \"Edit a copy\""));
    editor_->setLineWrapMode(QPlainTextEdit::NoWrap);
    ed->addWidget(editor_, 1);
    status_->setObjectName("catalog-status");
    status_->setWordWrap(true);
    status_->setMinimumHeight(2 * status_->fontMetrics().height() + 8); // a two-line reason fits
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    ed->addWidget(status_);
    top->addLayout(ed, 1);
    cl->addLayout(top, 1);
    auto* buttons = new QHBoxLayout();
    auto* load = new QPushButton(tr("Load catalog…"), custom_box);
    auto* save = new QPushButton(tr("Save catalog as…"), custom_box);
    buttons->addWidget(apply_);
    buttons->addWidget(remove_);
    buttons->addStretch();
    buttons->addWidget(load);
    buttons->addWidget(save);
    cl->addLayout(buttons);
    connect(load, &QPushButton::clicked, this, &CatalogView::loadCatalogFile);
    connect(save, &QPushButton::clicked, this, &CatalogView::saveCatalogFile);
    return custom_box;
}

/// Validation while typing, and the buttons of the custom catalog.
void CatalogView::connectEditing() {
    debounce_->setSingleShot(true);
    debounce_->setInterval(250);
    connect(debounce_, &QTimer::timeout, this, &CatalogView::validateNow);
    connect(editor_, &QPlainTextEdit::textChanged, this, [this] {
        apply_->setEnabled(false);
        debounce_->start();
    });
    connect(search_, &QLineEdit::textChanged, this, &CatalogView::filter);
    connect(list_, &QTableWidget::itemSelectionChanged, this, &CatalogView::showSelected);
    connect(copy_, &QPushButton::clicked, this, &CatalogView::editCopy);
    connect(apply_, &QPushButton::clicked, this, &CatalogView::applyEdit);
    connect(remove_, &QPushButton::clicked, this, [this] {
        auto* item = custom_->currentItem();
        if (item == nullptr) {
            return;
        }
        CustomCatalog cc = session_->customCatalog();
        cc.remove(item->data(Qt::UserRole).toString(), item->data(Qt::UserRole + 1).toString());
        try {
            session_->setCustomCatalog(cc);
        } catch (const InputError& e) {
            say(status_, false, q(e.what()));
        }
    });
    connect(custom_, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        remove_->setEnabled(item != nullptr);
        if (item == nullptr) {
            return;
        }
        const QString list = item->data(Qt::UserRole).toString();
        const QString id = item->data(Qt::UserRole + 1).toString();
        if (auto e = session_->customCatalog().entry(list, id)) {
            edit_list_ = list;
            editing_->setText(tr("Custom entry in <b>%1</b>").arg(list));
            editor_->setPlainText(CustomCatalog::entryText(*e));
        }
    });
    connect(session_, &Session::catalogChanged, this, &CatalogView::refresh);
}

void CatalogView::refresh() {
    QString kind;
    QString id;
    if (const auto rows = list_->selectionModel()->selectedRows(); !rows.isEmpty()) {
        id = list_->item(rows.front().row(), 0)->text();
        kind = list_->item(rows.front().row(), 1)->text();
    }
    fill(list_, catalog_list_grid(session_->catalog()), 3);
    // id, kind and source kind at their width; the name takes what is left.
    QHeaderView* header = list_->horizontalHeader();
    for (int c = 0; c < list_->columnCount(); ++c) {
        header->setSectionResizeMode(c,
                                     c == 2 ? QHeaderView::Stretch : QHeaderView::ResizeToContents);
    }
    filter(search_->text());
    if (id.isEmpty() || !selectEntry(kind, id)) {
        list_->selectRow(0);
    }
    refreshCustomList();
}

void CatalogView::refreshCustomList() {
    custom_->clear();
    for (const auto& [list, id] : session_->customCatalog().entries()) {
        auto* item = new QListWidgetItem(list + " / " + id, custom_);
        item->setData(Qt::UserRole, list);
        item->setData(Qt::UserRole + 1, id);
    }
    if (session_->customCatalog().isEmpty()) {
        auto* item = new QListWidgetItem(tr("(none: the default catalog)"), custom_);
        item->setFlags(Qt::NoItemFlags);
    }
}

bool CatalogView::selectEntry(const QString& kind, const QString& id) {
    for (int r = 0; r < list_->rowCount(); ++r) {
        if (list_->item(r, 0)->text() == id && list_->item(r, 1)->text() == kind) {
            list_->selectRow(r);
            return true;
        }
    }
    return false;
}

void CatalogView::filter(const QString& text) {
    for (int r = 0; r < list_->rowCount(); ++r) {
        bool match = text.isEmpty();
        for (int c = 0; c < list_->columnCount() && !match; ++c) {
            match = list_->item(r, c)->text().contains(text, Qt::CaseInsensitive);
        }
        list_->setRowHidden(r, !match);
    }
}

void CatalogView::showSelected() {
    const auto rows = list_->selectionModel()->selectedRows();
    copy_->setEnabled(!rows.isEmpty());
    if (rows.isEmpty()) {
        return;
    }
    const int row = rows.front().row();
    // Rows follow catalog_entry_views order one to one.
    const auto views = catalog_entry_views(session_->catalog());
    if (row >= static_cast<int>(views.size())) {
        return;
    }
    const CatalogEntryView& v = views[static_cast<std::size_t>(row)];
    title_->setText(q(v.id + " (" + v.kind + "): " + v.name));
    source_->setText(tr("Source: %1").arg(q(v.source)));
    fill(figures_, v.figures, -1);
    figures_->resizeColumnToContents(1);
    figures_->setColumnWidth(1, std::min(220, figures_->columnWidth(1)));
    figures_->resizeRowsToContents();
}

void CatalogView::editCopy() {
    const auto rows = list_->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        return;
    }
    const QString id = list_->item(rows.front().row(), 0)->text();
    const QString kind = list_->item(rows.front().row(), 1)->text();
    const CatalogList* list = list_of_kind(kind);
    if (list == nullptr) {
        return;
    }
    auto entry = session_->customCatalog().entry(list->key, id);
    if (!entry) {
        entry = CustomCatalog::defaultEntry(list->key, id);
    }
    if (!entry) {
        return;
    }
    edit_list_ = list->key;
    editing_->setText(tr("Copy of <b>%1</b> in <b>%2</b>: keep the id to override it, or give "
                         "a new id to add a model")
                          .arg(id, list->key));
    editor_->setPlainText(CustomCatalog::entryText(*entry));
    validateNow();
}

bool CatalogView::validateNow() {
    debounce_->stop();
    const QString text = editor_->toPlainText();
    if (edit_list_.isEmpty() || text.trimmed().isEmpty()) {
        status_->clear();
        apply_->setEnabled(false);
        return false;
    }
    // The catalog reader checks the entry as part of a one-entry document; the
    // document is built on one line so its line numbers are the editor's.
    const std::string doc = "{\"schema\": \"podsizer-catalog/1\", \"" + edit_list_.toStdString() +
                            "\": [" + text.toStdString() + "\n]}";
    try {
        Catalog c = session_->catalog();
        merge_catalog_text(c, doc, "edited entry");
        validate_catalog(c, "edited entry");
    } catch (const InputError& e) {
        say(status_, false, QString::fromUtf8("\u2716 ") + q(e.what()));
        apply_->setEnabled(false);
        return false;
    }
    say(status_, true,
        QString::fromUtf8("\u2714 ") + tr("Valid: the catalog reader accepts it; Apply merges it"));
    apply_->setEnabled(true);
    return true;
}

bool CatalogView::applyEdit() {
    if (!validateNow()) {
        return false;
    }
    const QJsonObject entry = QJsonDocument::fromJson(editor_->toPlainText().toUtf8()).object();
    CustomCatalog cc = session_->customCatalog();
    cc.upsert(edit_list_, entry);
    try {
        session_->setCustomCatalog(cc);
    } catch (const InputError& e) {
        say(status_, false, q(e.what()));
        return false;
    }
    say(status_, true,
        QString::fromUtf8("\u2714 ") +
            tr("Applied: %1 / %2 is in the custom catalog; the scenario was sized again")
                .arg(edit_list_, entry.value("id").toString()));
    selectEntry(list_of_kind(edit_list_) ? list_of_kind(edit_list_)->kind : QString(),
                entry.value("id").toString());
    return true;
}

void CatalogView::loadCatalogFile() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load catalog"), QString(),
                                                      tr("Catalog JSON (*.json);;All files (*)"));
    if (path.isEmpty()) {
        return;
    }
    try {
        Diagnostics diag;
        session_->setCustomCatalog(CustomCatalog::load(path, &diag));
        QString text = tr("Loaded %1").arg(path);
        for (const std::string& w : diag.warnings) {
            text += "\nwarning: " + q(w);
        }
        say(status_, true, text);
    } catch (const InputError& e) {
        QMessageBox::warning(this, tr("Not a catalog"), q(e.what()));
    }
}

void CatalogView::saveCatalogFile() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save catalog"), session_->customCatalog().path(), tr("Catalog JSON (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    try {
        CustomCatalog cc = session_->customCatalog();
        cc.save(path);
        session_->setCustomCatalog(cc);
    } catch (const InputError& e) {
        QMessageBox::warning(this, tr("Cannot save"), q(e.what()));
    }
}

} // namespace podsizer::gui

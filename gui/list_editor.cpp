#include "list_editor.hpp"

#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>

namespace podsizer::gui {

ListEditor::ListEditor(const ListKind& kind, QWidget* parent)
    : QWidget(parent), kind_(kind), list_(new QListWidget(this)),
      duplicate_(new QPushButton(tr("Duplicate"), this)),
      remove_(new QPushButton(tr("Remove"), this)), box_(new QGroupBox(tr(kind.no_title), this)),
      form_(new QFormLayout(box_)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    list_->setObjectName(kind.name);
    box_->setObjectName(QString(kind.name) + "-form");
    list_->setMaximumHeight(96);
    // A long line is cut short, in full in its tooltip, rather than widening the editor.
    list_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    list_->setTextElideMode(Qt::ElideRight);
    layout->addWidget(list_);
    auto* buttons = new QHBoxLayout();
    auto* add_button = new QPushButton(tr("Add"), this);
    add_button->setToolTip(tr(kind.add_tip));
    duplicate_->setToolTip(tr("Add a copy of the selected %1").arg(tr(kind.noun)));
    remove_->setToolTip(tr("Remove the selected %1").arg(tr(kind.noun)));
    add_button->setObjectName(QString(kind.name) + "-add");
    duplicate_->setObjectName(QString(kind.name) + "-duplicate");
    remove_->setObjectName(QString(kind.name) + "-remove");
    buttons->addWidget(add_button);
    buttons->addWidget(duplicate_);
    buttons->addWidget(remove_);
    buttons->addStretch();
    layout->addLayout(buttons);
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form_->setLabelAlignment(Qt::AlignRight | Qt::AlignTop);
    layout->addWidget(box_);
    connect(add_button, &QPushButton::clicked, this, &ListEditor::addClicked);
    connect(duplicate_, &QPushButton::clicked, this, &ListEditor::duplicateClicked);
    connect(remove_, &QPushButton::clicked, this, &ListEditor::removeClicked);
    connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row != current_) {
            current_ = row;
            box_->setTitle(tr(kind_.title).arg(current_ + 1));
            Q_EMIT selected(row);
        }
    });
}

void ListEditor::display(const Scenario& s, int current) {
    const int size = static_cast<int>(kind_.size(s));
    current_ = size == 0 ? -1 : std::clamp(current, 0, size - 1);
    {
        const QSignalBlocker block(list_);
        list_->clear();
        for (std::size_t i = 0; i < kind_.size(s); ++i) {
            list_->addItem(kind_.summary(s, i));
            list_->item(list_->count() - 1)->setToolTip(list_->item(list_->count() - 1)->text());
        }
        if (size == 0 && kind_.empty_line != nullptr) {
            auto* item = new QListWidgetItem(tr(kind_.empty_line));
            item->setFlags(Qt::NoItemFlags);
            list_->addItem(item);
        }
        list_->setCurrentRow(current_);
    }
    const bool has = current_ >= 0;
    box_->setEnabled(has);
    // An empty list has no element to edit: no greyed form of every field
    // (about 400 px for a site) under it.
    box_->setVisible(has);
    duplicate_->setEnabled(has);
    remove_->setEnabled(has);
    box_->setTitle(has ? tr(kind_.title).arg(current_ + 1) : tr(kind_.no_title));
}

void ListEditor::updateCurrent(const Scenario& s) {
    if (current_ >= 0 && static_cast<std::size_t>(current_) < kind_.size(s)) {
        const QString line = kind_.summary(s, static_cast<std::size_t>(current_));
        QListWidgetItem* item = list_->item(current_);
        if (item != nullptr && item->text() != line) { // most edits leave it as it was
            item->setText(line);
            item->setToolTip(line);
        }
    }
}

void ListEditor::add(Scenario& s) {
    kind_.add(s);
    display(s, static_cast<int>(kind_.size(s)) - 1);
}

bool ListEditor::duplicate(Scenario& s) {
    if (current_ < 0) {
        return false;
    }
    kind_.duplicate(s, static_cast<std::size_t>(current_));
    display(s, current_ + 1);
    return true;
}

bool ListEditor::remove(Scenario& s) {
    if (current_ < 0) {
        return false;
    }
    kind_.remove(s, static_cast<std::size_t>(current_));
    display(s, current_);
    return true;
}

} // namespace podsizer::gui

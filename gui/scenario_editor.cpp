// The form's values and the scenario: reading the widgets into a Scenario
// through the field table's setters, enabling each field by the table's
// condition, loading a scenario into the widgets through the getters.
#include "scenario_editor.hpp"

#include "capacity_hint.hpp"
#include "field_combos.hpp"
#include "field_look.hpp"
#include "input_field.hpp"
#include "list_editor.hpp"

#include <QComboBox>
#include <QGroupBox>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalBlocker>
#include <algorithm>

namespace podsizer::gui {

FieldWidget* ScenarioEditor::fieldWidget(const QString& path) const {
    return fields_.value(path, nullptr);
}

InputField* ScenarioEditor::field(const QString& path) const {
    const FieldWidget* w = fieldWidget(path);
    return w != nullptr ? w->input() : nullptr;
}

QComboBox* ScenarioEditor::combo(const QString& path) const {
    if (QComboBox* box = chooser_boxes_.value(path, nullptr)) {
        return box;
    }
    const FieldWidget* w = fieldWidget(path);
    return w != nullptr ? w->combo() : nullptr;
}

int ScenarioEditor::currentOption() const {
    return options_->current();
}

int ScenarioEditor::currentJob() const {
    return jobs_->current();
}

void ScenarioEditor::selectOption(int index) {
    if (index >= 0 && index < static_cast<int>(kept_.options.size())) {
        options_->list()->setCurrentRow(index);
    }
}

void ScenarioEditor::setCatalog(const Catalog& catalog) {
    catalog_ = catalog;
    const bool was = loading_;
    loading_ = true;
    for (const Row& row : rows_) {
        row.widget->setCatalog(catalog_);
    }
    const QSignalBlocker block(comparisons_);
    comparisons_->clear();
    for (const ReferenceSystem& r : catalog_.references) {
        auto* item =
            new QListWidgetItem(QString::fromStdString(r.id + " — " + r.name), comparisons_);
        item->setData(Qt::UserRole, QString::fromStdString(r.id));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
    }
    loading_ = was;
}

std::size_t ScenarioEditor::indexOf(const ListEditor* list) const {
    return list != nullptr ? static_cast<std::size_t>(std::max(list->current(), 0)) : 0;
}

bool ScenarioEditor::placed(QGroupBox* group, const ListEditor* list, const Scenario& s) const {
    if (group != nullptr && !group->isChecked()) {
        return false;
    }
    return list == nullptr || (list->current() >= 0 &&
                               static_cast<std::size_t>(list->current()) < list->kind().size(s));
}

bool ScenarioEditor::chosen(const Row& row) const {
    const std::string_view pattern = row.widget->field().pattern;
    for (const ChooserRow& c : choosers_) {
        const auto& choices = c.chooser->choices;
        auto has = [&](const Choice& choice) {
            return std::find(choice.fields.begin(), choice.fields.end(), pattern) !=
                   choice.fields.end();
        };
        if (std::any_of(choices.begin(), choices.end(), has)) {
            return has(choices[static_cast<std::size_t>(std::max(c.box->currentIndex(), 0))]);
        }
    }
    return true;
}

/// The scenario the form holds: the objects of the ticked sections, the
/// kept list elements with the selected ones read again from the form, then
/// every field that applies set through the table, in the table's order
/// (the reader's). `applies`: which rows apply; nullptr, every row chosen.
Scenario ScenarioEditor::assemble(const std::vector<char>* applies) const {
    Scenario s;
    for (const Group& g : groups_) {
        if (g.box->isChecked()) {
            g.section->open(s);
        }
    }
    s.prices = kept_.prices; // no form field: the price book stays as loaded (docs/cost.md)
    for (const ListEditor* list : lists_) {
        list->kind().copy_all(s, kept_);
    }
    for (const ListEditor* list : lists_) {
        if (placed(nullptr, list, s)) {
            list->kind().clear(s, indexOf(list));
        }
    }
    for (const ChooserRow& c : choosers_) {
        const Choice& choice = c.chooser->choices[static_cast<std::size_t>(c.box->currentIndex())];
        if (choice.prepare != nullptr && placed(c.group, c.list, s)) {
            choice.prepare(s, indexOf(c.list));
        }
    }
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        const Row& row = rows_[r];
        const bool applied = applies != nullptr ? (*applies)[r] != 0 : chosen(row);
        if (!applied || !placed(row.group, row.list, s) || row.widget->hasInputError()) {
            continue;
        }
        const FieldData v = row.widget->value();
        if (!std::holds_alternative<std::monostate>(v)) {
            row.widget->field().set(s, indexOf(row.list), v);
        }
    }
    for (const ListEditor* list : lists_) {
        if (placed(nullptr, list, s)) {
            list->kind().finish(s, indexOf(list));
        }
    }
    for (int i = 0; i < comparisons_->count(); ++i) {
        if (comparisons_->item(i)->checkState() == Qt::Checked) {
            s.comparisons.push_back(
                comparisons_->item(i)->data(Qt::UserRole).toString().toStdString());
        }
    }
    return s;
}

/// Enables each field by the table's condition on `draft` (and by its
/// chooser); returns which rows apply.
std::vector<char> ScenarioEditor::refreshEnabled(const Scenario& draft) {
    std::vector<char> applies(rows_.size(), 0);
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        const Row& row = rows_[r];
        const ScenarioField& f = row.widget->field();
        const bool on =
            chosen(row) && (f.enabled == nullptr || f.enabled(draft, indexOf(row.list)));
        // A ticked-off section disables its fields itself; it must stay so.
        row.widget->setEnabled(on && (row.group == nullptr || row.group->isChecked()));
        showHint(row, on, draft);
        applies[r] = on && placed(row.group, row.list, draft);
    }
    return applies;
}

/// A greyed capacity field shows the figure the need comes to in its terms,
/// or nothing; an open one its example (capacity_hint.hpp).
void ScenarioEditor::showHint(const Row& row, bool on, const Scenario& draft) const {
    InputField* input = row.widget->input();
    const std::string_view pattern = row.widget->field().pattern;
    if (input == nullptr) {
        return;
    }
    const std::optional<QString> hint = capacity_hint(pattern, draft, indexOf(row.list), catalog_);
    if (hint) {
        input->lineEdit()->setPlaceholderText(
            on ? QString::fromUtf8(field_look(pattern).placeholder) : *hint);
    }
}

/// Keeps the selected elements as the form now has them, unless one of
/// their fields cannot be read.
void ScenarioEditor::keepItems(const Scenario& s, const std::vector<char>& applies) {
    for (ListEditor* list : lists_) {
        if (!placed(nullptr, list, s)) {
            continue;
        }
        bool readable = true;
        for (std::size_t r = 0; r < rows_.size(); ++r) {
            readable = readable && !(rows_[r].list == list && applies[r] != 0 &&
                                     rows_[r].widget->hasInputError());
        }
        if (!readable) {
            continue;
        }
        list->kind().copy_one(kept_, s, indexOf(list));
        list->updateCurrent(kept_);
    }
}

void ScenarioEditor::loadRow(const Row& row, const Scenario& s, std::size_t index) {
    row.widget->setProblem({});
    row.widget->setValue(row.widget->field().get(s, index));
}

namespace {

/// The scenario as the form offers it: the older "rack_resilient": true is
/// the layout "rack-resilient" (docs/model.md §6), which the form has a
/// control for; the older key has none (REVIEW-3 part B item 15).
Scenario as_offered(Scenario s) {
    Constraints& c = s.constraints;
    if (c.rack_resilient) {
        c.rack_resilient = false;
        c.layout = EcLayout::rack_resilient;
    }
    return s;
}

} // namespace

void ScenarioEditor::load(const Scenario& given) {
    const Scenario s = as_offered(given);
    loading_ = true;
    general_error_.clear();
    for (const Group& g : groups_) {
        g.box->setChecked(g.section->exists(s));
    }
    kept_.options = s.options;
    kept_.prices = s.prices;
    kept_.phases = s.phases;
    kept_.fleet->site_list = s.fleet ? s.fleet->site_list : std::vector<SiteSpec>{};
    kept_.checkpoint->jobs = s.checkpoint ? s.checkpoint->jobs : std::vector<CheckpointJobSpec>{};
    if (!kept_.performance) {
        kept_.performance.emplace();
    }
    kept_.performance->workloads =
        s.performance ? s.performance->workloads : std::vector<WorkloadUse>{};
    for (const Row& row : rows_) {
        // A ticked-off section keeps what it showed, to come back to.
        if (row.list == nullptr && (row.group == nullptr || row.group->isChecked())) {
            loadRow(row, s, 0);
        }
    }
    for (const ChooserRow& c : choosers_) {
        if (c.list == nullptr) {
            const QSignalBlocker block(c.box);
            c.box->setCurrentIndex(c.chooser->which(s, 0));
        }
    }
    {
        const QSignalBlocker block(comparisons_);
        for (int i = 0; i < comparisons_->count(); ++i) {
            QListWidgetItem* item = comparisons_->item(i);
            const std::string id = item->data(Qt::UserRole).toString().toStdString();
            const bool on =
                std::find(s.comparisons.begin(), s.comparisons.end(), id) != s.comparisons.end();
            item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        }
    }
    for (ListEditor* list : lists_) {
        list->display(kept_, list->current());
        loadItem(list);
    }
    loading_ = false;
    report();
}

/// Shows the selected element of a list in its form (a blank one when the
/// list is empty; the form is then disabled).
void ScenarioEditor::loadItem(ListEditor* list) {
    const bool was = loading_;
    loading_ = true;
    Scenario shown = kept_;
    if (list->current() < 0) {
        shown = Scenario{};
        list->kind().add(shown);
    }
    const std::size_t i = indexOf(list);
    if (list == options_ && drive_ != nullptr) {
        drive_->followBox(shown.options[i].dbox, false);
    }
    for (const Row& row : rows_) {
        if (row.list == list) {
            loadRow(row, shown, i);
        }
    }
    for (const ChooserRow& c : choosers_) {
        if (c.list == list) {
            const QSignalBlocker block(c.box);
            c.box->setCurrentIndex(c.chooser->which(shown, i));
        }
    }
    refreshEnabled(assemble(nullptr));
    loading_ = was;
}

void ScenarioEditor::changed(const QString& field_path, const QString& label) {
    if (loading_) {
        return;
    }
    const std::vector<char> applies = refreshEnabled(assemble(nullptr));
    general_error_.clear();
    bool readable = true;
    for (std::size_t r = 0; r < rows_.size(); ++r) {
        rows_[r].widget->setProblem({});
        readable = readable && !(applies[r] != 0 && rows_[r].widget->hasInputError());
    }
    const Scenario s = assemble(&applies);
    keepItems(s, applies);
    const bool valid = readable && check(s);
    report();
    if (valid) {
        // Field edits read "change GPUs" in the undo menu; list edits name themselves.
        Q_EMIT edited(s, field_path, field_path.isEmpty() ? label : tr("change %1").arg(label));
    }
}

void ScenarioEditor::listEdited(ListEditor* list, bool done, const QString& label) {
    if (!done) {
        return;
    }
    loadItem(list);
    changed({}, label);
}

void ScenarioEditor::addOption() {
    options_->add(kept_);
    listEdited(options_, true, tr("add option"));
}

void ScenarioEditor::duplicateOption() {
    listEdited(options_, options_->duplicate(kept_), tr("duplicate option"));
}

void ScenarioEditor::removeOption() {
    listEdited(options_, options_->remove(kept_), tr("remove option"));
}

} // namespace podsizer::gui

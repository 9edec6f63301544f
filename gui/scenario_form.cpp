// Building the scenario form: its sections, a field widget per row of the
// field table, the choosers, the option and job lists, the comparisons.
#include "field_combos.hpp"
#include "field_look.hpp"
#include "input_field.hpp"
#include "list_editor.hpp"
#include "qt_text.hpp"
#include "scenario_editor.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace podsizer::gui {

namespace {

QFormLayout* new_form() {
    auto* f = new QFormLayout();
    f->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    f->setLabelAlignment(Qt::AlignRight | Qt::AlignTop);
    return f;
}

/// Whether a section holds a field (outside its list, which has its own form).
bool holds(const FormSection& section, std::string_view pattern) {
    if (!section.list.empty() && pattern.starts_with(section.list)) {
        return false;
    }
    // A list's fields are in its own section's list editor (the sites have a
    // section of their own, after the fleet's).
    if (pattern.find("[N]") != std::string_view::npos && !pattern.starts_with("comparisons[N]")) {
        return false;
    }
    return std::any_of(section.prefixes.begin(), section.prefixes.end(),
                       [&](std::string_view p) { return !p.empty() && pattern.starts_with(p); });
}

/// "$.options[].cnodes" for "options[N].cnodes": the names the tests and
/// the window use for a field of the selected element.
QString form_path(std::string_view pattern) {
    QString path = "$." + q(pattern);
    return path.replace("[N]", "[]");
}

bool mentions(const Chooser& c, std::string_view pattern) {
    return std::any_of(c.choices.begin(), c.choices.end(), [&](const Choice& choice) {
        return std::find(choice.fields.begin(), choice.fields.end(), pattern) !=
               choice.fields.end();
    });
}

} // namespace

ScenarioEditor::ScenarioEditor(QWidget* parent) : QWidget(parent) {
    kept_.checkpoint.emplace();
    kept_.fleet.emplace(); // holds the site list while the form edits it
    build();
}

void ScenarioEditor::build() {
    auto* top = new QVBoxLayout(this);
    top->setContentsMargins(6, 6, 6, 6);
    errors_ = new QLabel(this);
    errors_->setObjectName("editor-errors");
    errors_->setWordWrap(true);
    errors_->setStyleSheet("QLabel { color: #b71c1c; background: #ffebee; border: 1px solid "
                           "#e57373; border-radius: 3px; padding: 4px; }");
    errors_->hide();
    top->addWidget(errors_);
    for (const FormSection& section : form_sections()) {
        top->addWidget(buildSection(section));
    }
    top->addStretch();
}

QGroupBox* ScenarioEditor::buildSection(const FormSection& section) {
    auto* box = new QGroupBox(tr(section.title), this);
    // "section-fleet", "section-options": by the section's first field or its list.
    const std::string_view key = section.prefixes[0].empty() ? section.list : section.prefixes[0];
    QString name = q(key);
    box->setObjectName("section-" + name.remove("[N]").remove('.'));
    auto* layout = new QVBoxLayout(box);
    QGroupBox* group = nullptr;
    if (section.open != nullptr) {
        box->setCheckable(true);
        box->setChecked(false);
        group = box;
        groups_.push_back(Group{box, &section});
    }
    if (section.prefixes[0] == "comparisons[N]") {
        buildComparisons(layout);
        return box;
    }
    auto* form = new_form();
    layout->addLayout(form);
    for (const ScenarioField& f : scenario_fields()) {
        if (holds(section, f.pattern)) {
            addRow(f, form, group, nullptr);
        }
    }
    if (!section.list.empty()) {
        buildList(section, box, layout);
    }
    if (group != nullptr) {
        connectGroup(box, section);
    }
    return box;
}

void ScenarioEditor::buildList(const FormSection& section, QGroupBox* box, QVBoxLayout* layout) {
    const ListKind& kind = *list_kind(section.list);
    auto* list = new ListEditor(kind, box);
    layout->addWidget(list);
    lists_.push_back(list);
    (&kind == &kOptionList  ? options_
     : &kind == &kJobList   ? jobs_
     : &kind == &kSiteList  ? sites_
     : &kind == &kPhaseList ? phases_
                            : workloads_) = list;
    for (const ScenarioField& f : scenario_fields()) {
        if (f.pattern.starts_with(section.list)) {
            addRow(f, list->form(), box->isCheckable() ? box : nullptr, list);
        }
    }
    // Undo texts name the element: "add site", "remove phase".
    const QString noun = QString::fromUtf8(kind.noun);
    connect(list, &ListEditor::addClicked, this, [this, list, noun] {
        list->add(kept_);
        listEdited(list, true, tr("add %1").arg(noun));
    });
    connect(list, &ListEditor::duplicateClicked, this, [this, list, noun] {
        listEdited(list, list->duplicate(kept_), tr("duplicate %1").arg(noun));
    });
    connect(list, &ListEditor::removeClicked, this, [this, list, noun] {
        listEdited(list, list->remove(kept_), tr("remove %1").arg(noun));
    });
    connect(list, &ListEditor::selected, this, [this, list] {
        if (!loading_) {
            loadItem(list);
        }
    });
}

void ScenarioEditor::addRow(const ScenarioField& f, QFormLayout* form, QGroupBox* group,
                            ListEditor* list) {
    if (f.label.empty() || !f.look.in_form) {
        return; // not a form field ("schema", an older key)
    }
    const std::string_view prefix = list != nullptr ? list->kind().prefix : std::string_view();
    for (const Chooser& c : form_choosers()) {
        const bool placed_already = chooser_boxes_.contains(c.name);
        if (!placed_already && c.prefix == prefix && mentions(c, f.pattern)) {
            addChooser(c, form, group, list);
        }
    }
    FieldWidget* w = make_field_widget(f, form->parentWidget());
    rows_.push_back(Row{w, group, list});
    fields_.insert(form_path(f.pattern), w);
    if (auto* drive = dynamic_cast<DriveField*>(w)) {
        drive_ = drive;
    }
    if (f.kind == FieldKind::boolean || (f.kind == FieldKind::choice && f.choices.size() == 1)) {
        form->addRow(QString(), w); // the check box says what it is
    } else {
        auto* label = new QLabel(row_label(f), form->parentWidget());
        label->setToolTip(w->toolTip());
        form->addRow(label, w);
    }
    const QString noun = list != nullptr ? QString(list->kind().noun) + " " : QString();
    const QString label = noun + q(f.label);
    connect(w, &FieldWidget::edited, this, [this, w, list, label] {
        if (w->field().pattern == "options[N].dbox" && drive_ != nullptr && !loading_) {
            // The drive list follows the D-box; a drive the box does not offer goes back to auto.
            const FieldData box = w->value();
            const auto* id = std::get_if<std::string>(&box);
            drive_->followBox(id != nullptr ? *id : std::string(), true);
        }
        const JsonPath path = field_path(w->field(), indexOf(list));
        changed(q(path.to_string()), label);
    });
}

void ScenarioEditor::addChooser(const Chooser& c, QFormLayout* form, QGroupBox* group,
                                ListEditor* list) {
    auto* box = new QComboBox(form->parentWidget());
    for (const Choice& choice : c.choices) {
        box->addItem(tr(choice.text));
    }
    chooser_boxes_.insert(c.name, box);
    choosers_.push_back(ChooserRow{&c, box, group, list});
    form->addRow(tr(c.label), box);
    const QString label = tr(c.change);
    connect(box, &QComboBox::currentIndexChanged, this, [this, &c, list, label] {
        QString path = c.name;
        path.replace("[]", list != nullptr ? QString("[%1]").arg(indexOf(list)) : QString());
        changed(path, label);
    });
}

void ScenarioEditor::connectGroup(QGroupBox* box, const FormSection& section) {
    const QString path = "$." + q(section.prefixes[0]).chopped(1);
    connect(box, &QGroupBox::toggled, this, [this, path, box](bool on) {
        if (on && !loading_ && path == "$.extrapolation" &&
            field("$.extrapolation.target")->text().trimmed().isEmpty()) {
            field("$.extrapolation.target")->setText("1 EB"); // a target to start from
            field("$.extrapolation.tolerance")->setText("10%");
        }
        if (on && !loading_ && path == "$.checkpoint" && kJobList.size(kept_) == 0) {
            jobs_->add(kept_); // a first job to start from
            loadItem(jobs_);
        }
        changed(path, box->title());
    });
}

void ScenarioEditor::buildComparisons(QVBoxLayout* layout) {
    comparisons_ = new QListWidget(this);
    comparisons_->setObjectName("$.comparisons");
    comparisons_->setMaximumHeight(72);
    layout->addWidget(comparisons_);
    connect(comparisons_, &QListWidget::itemChanged, this,
            [this] { changed("$.comparisons", tr("comparisons")); });
}

} // namespace podsizer::gui

// The scenario editor: every field of a scenario as a typed field widget
// made from the field table (catalog's scenario_fields.hpp), grouped in the
// form's sections, with the options and checkpoint jobs in one generic list
// editor each. Values go into the Scenario through the table's setters, a
// field is enabled by the table's condition, and the whole scenario is
// checked by catalog's validate() — the rule set the scenario reader applies
// too — whose typed JSON paths put each problem at its field. It holds no
// sizing logic and no rules of its own (docs/gui.md).
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in; it
// only needs the type names, so it skips them.
#ifndef Q_MOC_RUN
#include "form_layout.hpp"
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/catalog/validate.hpp"
#include "podsizer/core/catalog.hpp"
#include "podsizer/core/scenario.hpp"
#endif

#include <QMap>
#include <QStringList>
#include <QWidget>
#include <optional>
#include <vector>

class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QListWidget;
class QVBoxLayout;

namespace podsizer::gui {

class DriveField;
class FieldWidget;
class InputField;
class ListEditor;

class ScenarioEditor : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioEditor(QWidget* parent = nullptr);

    /// Refills the model pick lists; call load() afterwards.
    void setCatalog(const Catalog& catalog);
    /// Shows a scenario; emits no edited() signal.
    void load(const Scenario& scenario);

    /// A field's widget by its path, with "[]" for the selected element:
    /// "$.fleet.gpus", "$.options[].cnodes". nullptr when unknown.
    FieldWidget* fieldWidget(const QString& path) const;
    /// The typed line edit of a field ("$.capacity.usable"); nullptr when
    /// the field is not typed as text.
    InputField* field(const QString& path) const;
    /// A pick list: a field's ("$.options[].dbox") or a chooser's
    /// ("$.capacity", "$.options[].mode").
    QComboBox* combo(const QString& path) const;

    ListEditor* optionList() const { return options_; }
    ListEditor* jobList() const { return jobs_; }
    ListEditor* siteList() const { return sites_; }
    ListEditor* phaseList() const { return phases_; }
    int currentOption() const;
    void selectOption(int index);
    int currentJob() const;

    /// What is wrong with the inputs as shown, one line per problem.
    const QStringList& problems() const { return problems_; }

public Q_SLOTS:
    void addOption();
    void duplicateOption();
    void removeOption();

Q_SIGNALS:
    /// A valid scenario after a change of `field` (a JSON path); `label`
    /// names the change for the undo menu ("GPUs").
    void edited(const podsizer::Scenario& scenario, const QString& field, const QString& label);
    /// Whether the inputs shown form a valid scenario; `summary` says why not.
    void validityChanged(bool valid, const QString& summary);

private:
    /// A field widget and where it sits: a ticked section and the list
    /// whose selected element it edits (nullptr: none).
    struct Row {
        FieldWidget* widget;
        QGroupBox* group;
        ListEditor* list;
    };
    struct ChooserRow {
        const Chooser* chooser;
        QComboBox* box;
        QGroupBox* group;
        ListEditor* list;
    };
    struct Group {
        QGroupBox* box;
        const FormSection* section;
    };

    // scenario_form.cpp: building the form.
    void build();
    QGroupBox* buildSection(const FormSection& section);
    void buildList(const FormSection& section, QGroupBox* box, QVBoxLayout* layout);
    void buildComparisons(QVBoxLayout* layout);
    void addRow(const ScenarioField& field, QFormLayout* form, QGroupBox* group, ListEditor* list);
    void addChooser(const Chooser& chooser, QFormLayout* form, QGroupBox* group, ListEditor* list);
    void connectGroup(QGroupBox* box, const FormSection& section);

    // scenario_editor.cpp: the form's values and the scenario.
    std::size_t indexOf(const ListEditor* list) const;
    bool placed(QGroupBox* group, const ListEditor* list, const Scenario& s) const;
    bool chosen(const Row& row) const;
    Scenario assemble(const std::vector<char>* applies) const;
    std::vector<char> refreshEnabled(const Scenario& draft);
    void keepItems(const Scenario& s, const std::vector<char>& applies);
    void loadRow(const Row& row, const Scenario& s, std::size_t index);
    void showHint(const Row& row, bool on, const Scenario& draft) const;
    void loadItem(ListEditor* list);
    void changed(const QString& field_path, const QString& label);
    void listEdited(ListEditor* list, bool done, const QString& label);

    // scenario_problems.cpp: validate() and where its problems show.
    bool check(const Scenario& s);
    void markProblem(const Problem& p);
    bool markInList(const ListEditor* list, const Problem& p);
    void report();

    Catalog catalog_;
    bool loading_ = false;
    /// The list elements: every option and job, the selected ones as last
    /// read from the form.
    Scenario kept_;
    std::vector<Row> rows_;
    std::vector<ChooserRow> choosers_;
    std::vector<Group> groups_;
    std::vector<ListEditor*> lists_;
    QMap<QString, FieldWidget*> fields_;
    QMap<QString, QComboBox*> chooser_boxes_;
    QStringList problems_;
    QString general_error_;

    QLabel* errors_ = nullptr;
    QListWidget* comparisons_ = nullptr;
    ListEditor* options_ = nullptr;
    ListEditor* jobs_ = nullptr;
    ListEditor* sites_ = nullptr;
    ListEditor* phases_ = nullptr;
    ListEditor* workloads_ = nullptr; ///< performance.workloads (docs/workloads.md)
    DriveField* drive_ = nullptr;
};

} // namespace podsizer::gui

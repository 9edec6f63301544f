// The scenario editor: every field of a scenario (fleet, performance rule,
// capacity need, constraints, options, the data-reduction what-if) as typed
// inputs. It holds no sizing logic and no validation of its own beyond
// reading each field: the whole scenario is checked by catalog's validate(),
// the rule set the scenario reader applies too, so the GUI accepts exactly
// what the CLI accepts, and each problem's typed JSON path puts it at its
// field (docs/scenario-format.md).
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in; it
// only needs the type names, so it skips them.
#ifndef Q_MOC_RUN
#include "podsizer/catalog/validate.hpp"
#include "podsizer/core/catalog.hpp"
#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/scenario.hpp"
#endif

#include <QMap>
#include <QStringList>
#include <QWidget>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QVBoxLayout;

namespace podsizer::gui {

class InputField;

class ScenarioEditor : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioEditor(QWidget* parent = nullptr);

    /// Refills the model pick lists; call load() afterwards.
    void setCatalog(const Catalog& catalog);
    /// Shows a scenario; emits no edited() signal.
    void load(const Scenario& scenario);

    /// A typed field by the JSON path it writes: "$.fleet.gpus",
    /// "$.capacity.usable" (also the per-GPU need), "$.constraints.cd_min",
    /// "$.options[].cnodes" (the selected option). nullptr when unknown.
    InputField* field(const QString& path) const;
    QComboBox* combo(const QString& path) const;

    int currentOption() const { return current_; }
    void selectOption(int index);

    /// What is wrong with the inputs as shown, one line per problem.
    const QStringList& problems() const { return problems_; }

    int currentJob() const { return current_job_; }

public Q_SLOTS:
    void addOption();
    void duplicateOption();
    void removeOption();
    void addJob();
    void duplicateJob();
    void removeJob();

Q_SIGNALS:
    /// A valid scenario after a change of `field` (a JSON path); `label`
    /// names the change for the undo menu ("GPUs").
    void edited(const podsizer::Scenario& scenario, const QString& field, const QString& label);
    /// Whether the inputs shown form a valid scenario; `summary` says why not.
    void validityChanged(bool valid, const QString& summary);

private:
    void build();
    void buildCheckpoints(QVBoxLayout* top);
    void loadCheckpoints(const Scenario& s);
    void loadJobForm();
    void refreshJobList();
    std::optional<CheckpointJobSpec> formJob() const;
    void jobChanged(const QString& field, const QString& label);
    void changed(const QString& field, const QString& label);
    void optionChanged(const QString& field, const QString& label);
    std::optional<Scenario> collect();
    std::optional<OptionSpec> formOption() const;
    bool check(const Scenario& s);
    void markProblem(const Problem& p);
    void markListProblem(const QString& prefix, int index, int current, const QString& key,
                         const QString& element, const QString& message);
    void report();
    void loadOptionForm();
    void refreshOptionList();
    void refillDrives(const OptionSpec& o);
    void updateEnabled();
    QString optionSummary(const OptionSpec& o) const;
    InputField* addField(const QString& path, const QString& label, InputField* f);

    Catalog catalog_;
    bool loading_ = false;
    std::vector<OptionSpec> options_;
    int current_ = -1;
    QStringList problems_;
    QString general_error_;
    QMap<QString, InputField*> fields_;
    QMap<QString, QString> labels_;
    QMap<QString, QComboBox*> combos_;

    QLabel* errors_ = nullptr;
    QLineEdit* name_ = nullptr;
    QLineEdit* description_ = nullptr;
    QGroupBox* fleet_ = nullptr;
    QComboBox* platform_ = nullptr;
    QGroupBox* performance_ = nullptr;
    QComboBox* rule_ = nullptr;
    QComboBox* capacity_mode_ = nullptr;
    QComboBox* rack_ = nullptr;
    QCheckBox* resilient_ = nullptr;
    QListWidget* option_list_ = nullptr;
    QPushButton* duplicate_ = nullptr;
    QPushButton* remove_ = nullptr;
    QGroupBox* option_form_ = nullptr;
    QLineEdit* option_name_ = nullptr;
    QComboBox* option_cnode_ = nullptr;
    QComboBox* option_dbox_ = nullptr;
    QComboBox* option_drive_ = nullptr;
    QComboBox* option_rack_ = nullptr;
    QComboBox* option_switch_ = nullptr;
    QComboBox* option_mode_ = nullptr;

    QComboBox* option_capacity_ = nullptr;
    QCheckBox* option_no_performance_ = nullptr;

    // Extrapolation and comparisons.
    QGroupBox* extrapolation_ = nullptr;
    QListWidget* comparisons_ = nullptr;

    // Checkpoint jobs.
    std::vector<CheckpointJobSpec> jobs_;
    int current_job_ = -1;
    QGroupBox* checkpoint_ = nullptr;
    QComboBox* failure_rate_ = nullptr;
    QCheckBox* concurrent_ = nullptr;
    QListWidget* job_list_ = nullptr;
    QPushButton* job_duplicate_ = nullptr;
    QPushButton* job_remove_ = nullptr;
    QGroupBox* job_form_ = nullptr;
    QLineEdit* job_name_ = nullptr;
    QComboBox* job_size_from_ = nullptr;
    QComboBox* job_mode_ = nullptr;
};

} // namespace podsizer::gui

#include "scenario_editor.hpp"

#include "input_field.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/design.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <set>

namespace podsizer::gui {

namespace {

// Item data of the pick lists: the model id, or "" for "auto"/"default".
QString id_of(const QComboBox* c) {
    return c->currentData().toString();
}

void select_id(QComboBox* c, const std::string& id) {
    const int i = c->findData(QString::fromStdString(id));
    c->setCurrentIndex(i >= 0 ? i : 0);
}

template <class T>
void fill(QComboBox* c, const std::vector<T>& items, const QString& first_label) {
    // Long model names must not widen the editor: the list shows them in full.
    c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    c->setMinimumContentsLength(18);
    const QString keep = c->currentData().toString();
    QSignalBlocker block(c);
    c->clear();
    if (!first_label.isEmpty()) {
        c->addItem(first_label, QString());
    }
    for (const T& t : items) {
        c->addItem(QString::fromStdString(t.id + " — " + t.name), QString::fromStdString(t.id));
    }
    const int i = c->findData(keep);
    c->setCurrentIndex(i >= 0 ? i : 0);
}

enum CapacityMode { kNoCapacity, kUsablePerPod, kUsablePerGpu };

/// A parameter count as text that reads back exactly: "1.8T" when it does.
QString params_text(double params) {
    const std::string pretty = format_param_count(params);
    try {
        if (parse_param_count(pretty) == params) {
            return QString::fromStdString(pretty);
        }
    } catch (const InputError&) {
    }
    return number_text(params);
}

/// A fraction as a percentage text that reads back exactly ("5%").
QString percent_text(double fraction) {
    for (int decimals = 0; decimals <= 17; ++decimals) {
        const QString t = QString::number(fraction * 100.0, 'f', decimals) + "%";
        try {
            if (parse_percent(t.toStdString()) == fraction) {
                return t;
            }
        } catch (const InputError&) {
        }
    }
    return QString::number(fraction * 100.0, 'g', 17) + "%";
}

enum SizeFrom { kFromParams, kFromSize };

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

template <class Q> QString quantity_text(const std::optional<Q>& v) {
    return v ? q(exact_quantity_text(v->base(), Q::dimension)) : QString();
}

template <class Q> std::optional<Q> quantity_of(const InputField* f) {
    if (f->text().trimmed().isEmpty()) {
        return std::nullopt;
    }
    return parse<Q>(f->text().toStdString());
}

std::optional<std::int64_t> count_of(const InputField* f) {
    if (f->text().trimmed().isEmpty()) {
        return std::nullopt;
    }
    return count_value(f->text());
}

} // namespace

ScenarioEditor::ScenarioEditor(QWidget* parent) : QWidget(parent) {
    build();
}

InputField* ScenarioEditor::addField(const QString& path, const QString& label, InputField* f) {
    fields_.insert(path, f);
    labels_.insert(path, label);
    f->setObjectName(path);
    return f;
}

InputField* ScenarioEditor::field(const QString& path) const {
    return fields_.value(path, nullptr);
}

QComboBox* ScenarioEditor::combo(const QString& path) const {
    return combos_.value(path, nullptr);
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

    auto form_of = [](QGroupBox* g) {
        auto* f = new QFormLayout(g);
        f->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        f->setLabelAlignment(Qt::AlignRight | Qt::AlignTop);
        return f;
    };
    auto on_field = [this](InputField* f, const QString& path) {
        connect(f, &InputField::edited, this, [this, path] { changed(path, labels_.value(path)); });
    };

    // Scenario: name and description.
    auto* general = new QGroupBox(tr("Scenario"), this);
    auto* gf = form_of(general);
    name_ = new QLineEdit(general);
    name_->setObjectName("$.name");
    description_ = new QLineEdit(general);
    description_->setObjectName("$.description");
    route_undo_to_window(name_);
    route_undo_to_window(description_);
    gf->addRow(tr("Name"), name_);
    gf->addRow(tr("Description"), description_);
    connect(name_, &QLineEdit::textEdited, this, [this] { changed("$.name", tr("name")); });
    connect(description_, &QLineEdit::textEdited, this,
            [this] { changed("$.description", tr("description")); });
    top->addWidget(general);

    // GPU fleet.
    fleet_ = new QGroupBox(tr("GPU fleet"), this);
    fleet_->setCheckable(true);
    auto* ff = form_of(fleet_);
    platform_ = new QComboBox(fleet_);
    combos_.insert("$.fleet.platform", platform_);
    auto* gpus = addField("$.fleet.gpus", tr("GPUs"),
                          new InputField(count_reader(1, "GPU", "GPUs"), "41,472", fleet_));
    auto* sites = addField("$.fleet.sites", tr("sites"),
                           new InputField(count_reader(1, "site", "sites"), "1", fleet_));
    auto* cluster = addField("$.fleet.gpus_per_cluster", tr("GPUs per cluster"),
                             new InputField(count_reader(1, "GPU per cluster", "GPUs per cluster",
                                                         "one cluster of all GPUs"),
                                            tr("all GPUs"), fleet_));
    ff->addRow(tr("Platform"), platform_);
    ff->addRow(tr("GPUs"), gpus);
    ff->addRow(tr("Sites"), sites);
    ff->addRow(tr("GPUs per cluster"), cluster);
    for (const char* p : {"$.fleet.gpus", "$.fleet.sites", "$.fleet.gpus_per_cluster"}) {
        on_field(field(p), p);
    }
    connect(platform_, &QComboBox::currentIndexChanged, this,
            [this] { changed("$.fleet.platform", tr("platform")); });
    connect(fleet_, &QGroupBox::toggled, this, [this] {
        updateEnabled();
        changed("$.fleet", tr("fleet"));
    });
    top->addWidget(fleet_);

    // Performance requirement.
    performance_ = new QGroupBox(tr("Performance requirement"), this);
    performance_->setCheckable(true);
    auto* pf = form_of(performance_);
    rule_ = new QComboBox(performance_);
    combos_.insert("$.performance.rule", rule_);
    auto* read =
        addField("$.performance.read_per_gpu", tr("read per GPU"),
                 new InputField(quantity_reader(Dimension::throughput, "no read requirement"),
                                "0.26 GB/s", performance_));
    auto* write =
        addField("$.performance.write_per_gpu", tr("write per GPU"),
                 new InputField(quantity_reader(Dimension::throughput, "no write requirement"),
                                "0.11 GB/s", performance_));
    pf->addRow(tr("Rule"), rule_);
    pf->addRow(tr("Read per GPU"), read);
    pf->addRow(tr("Write per GPU"), write);
    on_field(read, "$.performance.read_per_gpu");
    on_field(write, "$.performance.write_per_gpu");
    connect(rule_, &QComboBox::currentIndexChanged, this, [this] {
        updateEnabled();
        changed("$.performance.rule", tr("performance rule"));
    });
    connect(performance_, &QGroupBox::toggled, this, [this] {
        updateEnabled();
        changed("$.performance", tr("performance requirement"));
    });
    top->addWidget(performance_);

    // Capacity need.
    auto* capacity = new QGroupBox(tr("Capacity need"), this);
    auto* cf = form_of(capacity);
    capacity_mode_ = new QComboBox(capacity);
    capacity_mode_->addItem(tr("none"));
    capacity_mode_->addItem(tr("usable per pod"));
    capacity_mode_->addItem(tr("usable per GPU"));
    combos_.insert("$.capacity", capacity_mode_);
    auto* usable =
        addField("$.capacity.usable", tr("usable capacity"),
                 new InputField(quantity_reader(Dimension::capacity), "215 PB", capacity));
    fields_.insert("$.capacity.usable_per_gpu", usable);
    labels_.insert("$.capacity.usable_per_gpu", tr("usable capacity per GPU"));
    cf->addRow(tr("Need"), capacity_mode_);
    cf->addRow(tr("Usable"), usable);
    on_field(usable, "$.capacity.usable");
    connect(capacity_mode_, &QComboBox::currentIndexChanged, this, [this] {
        updateEnabled();
        changed("$.capacity", tr("capacity need"));
    });
    top->addWidget(capacity);

    // Constraints.
    auto* cons = new QGroupBox(tr("Constraints"), this);
    auto* kf = form_of(cons);
    rack_ = new QComboBox(cons);
    combos_.insert("$.constraints.rack", rack_);
    auto* max_racks = addField(
        "$.constraints.max_racks", tr("maximum racks"),
        new InputField(count_reader(1, "rack", "racks", "no limit"), tr("no limit"), cons));
    auto* rack_power =
        addField("$.constraints.rack_power", tr("power per rack"),
                 new InputField(quantity_reader(Dimension::power, "the rack model's budget"),
                                tr("rack model's budget"), cons));
    auto* max_power = addField(
        "$.constraints.max_power", tr("maximum power"),
        new InputField(quantity_reader(Dimension::power, "no limit"), tr("no limit"), cons));
    auto* cd_min = addField("$.constraints.cd_min", tr("minimum C:D"),
                            new InputField(ratio_reader(), "1:2", cons));
    auto* cd_max = addField("$.constraints.cd_max", tr("maximum C:D"),
                            new InputField(ratio_reader(), "4:1", cons));
    resilient_ = new QCheckBox(tr("rack-resilient layout"), cons);
    resilient_->setObjectName("$.constraints.rack_resilient");
    kf->addRow(tr("Rack model"), rack_);
    kf->addRow(tr("Max racks"), max_racks);
    kf->addRow(tr("Power per rack"), rack_power);
    kf->addRow(tr("Max power"), max_power);
    kf->addRow(tr("Min C:D"), cd_min);
    kf->addRow(tr("Max C:D"), cd_max);
    kf->addRow(QString(), resilient_);
    for (const char* p :
         {"$.constraints.max_racks", "$.constraints.rack_power", "$.constraints.max_power",
          "$.constraints.cd_min", "$.constraints.cd_max"}) {
        on_field(field(p), p);
    }
    connect(rack_, &QComboBox::currentIndexChanged, this,
            [this] { changed("$.constraints.rack", tr("rack model")); });
    connect(resilient_, &QCheckBox::toggled, this,
            [this] { changed("$.constraints.rack_resilient", tr("rack resilience")); });
    top->addWidget(cons);

    // Options.
    auto* opts = new QGroupBox(tr("Options (one design each)"), this);
    auto* ol = new QVBoxLayout(opts);
    option_list_ = new QListWidget(opts);
    option_list_->setObjectName("options");
    option_list_->setMaximumHeight(96);
    ol->addWidget(option_list_);
    auto* buttons = new QHBoxLayout();
    auto* add = new QPushButton(tr("Add"), opts);
    duplicate_ = new QPushButton(tr("Duplicate"), opts);
    remove_ = new QPushButton(tr("Remove"), opts);
    add->setToolTip(tr("Add an option with automatic hardware"));
    duplicate_->setToolTip(tr("Add a copy of the selected option"));
    remove_->setToolTip(tr("Remove the selected option"));
    buttons->addWidget(add);
    buttons->addWidget(duplicate_);
    buttons->addWidget(remove_);
    buttons->addStretch();
    ol->addLayout(buttons);
    connect(add, &QPushButton::clicked, this, &ScenarioEditor::addOption);
    connect(duplicate_, &QPushButton::clicked, this, &ScenarioEditor::duplicateOption);
    connect(remove_, &QPushButton::clicked, this, &ScenarioEditor::removeOption);
    connect(option_list_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (!loading_ && row >= 0 && row != current_) {
            current_ = row;
            loadOptionForm();
        }
    });

    option_form_ = new QGroupBox(tr("Selected option"), opts);
    auto* of = form_of(option_form_);
    option_name_ = new QLineEdit(option_form_);
    option_name_->setObjectName("$.options[].name");
    option_name_->setPlaceholderText(tr("automatic: D-box name and mode"));
    route_undo_to_window(option_name_);
    option_cnode_ = new QComboBox(option_form_);
    option_dbox_ = new QComboBox(option_form_);
    option_drive_ = new QComboBox(option_form_);
    option_rack_ = new QComboBox(option_form_);
    option_switch_ = new QComboBox(option_form_);
    option_mode_ = new QComboBox(option_form_);
    option_mode_->addItem(tr("from the requirement"));
    option_mode_->addItem(tr("knee (full performance)"));
    option_mode_->addItem(tr("C:D ratio"));
    option_mode_->addItem(tr("fixed count"));
    combos_.insert("$.options[].cnode", option_cnode_);
    combos_.insert("$.options[].dbox", option_dbox_);
    combos_.insert("$.options[].drive", option_drive_);
    combos_.insert("$.options[].rack", option_rack_);
    combos_.insert("$.options[].switch", option_switch_);
    combos_.insert("$.options[].mode", option_mode_);
    auto* ratio = addField("$.options[].cd_ratio", tr("C:D ratio"),
                           new InputField(ratio_reader(), "1:2", option_form_));
    auto* cnodes =
        addField("$.options[].cnodes", tr("C-nodes"),
                 new InputField(count_reader(1, "C-node", "C-nodes"), "450", option_form_));
    auto* dboxes =
        addField("$.options[].dboxes", tr("D-boxes"),
                 new InputField(count_reader(1, "D-box", "D-boxes", "sized from the requirements"),
                                tr("sized"), option_form_));
    of->addRow(tr("Name"), option_name_);
    of->addRow(tr("C-node"), option_cnode_);
    of->addRow(tr("D-box"), option_dbox_);
    of->addRow(tr("Drive"), option_drive_);
    of->addRow(tr("Rack"), option_rack_);
    of->addRow(tr("Switch"), option_switch_);
    of->addRow(tr("C-nodes from"), option_mode_);
    of->addRow(tr("C:D ratio"), ratio);
    of->addRow(tr("C-nodes"), cnodes);
    of->addRow(tr("D-boxes"), dboxes);
    option_capacity_ = new QComboBox(option_form_);
    option_capacity_->addItem(tr("the scenario's need"));
    option_capacity_->addItem(tr("its own: usable"));
    option_capacity_->addItem(tr("its own: usable per GPU"));
    option_capacity_->addItem(tr("its own: none"));
    combos_.insert("$.options[].capacity", option_capacity_);
    auto* own =
        addField("$.options[].capacity.usable", tr("option's usable capacity"),
                 new InputField(quantity_reader(Dimension::capacity), "1 EB", option_form_));
    option_no_performance_ =
        new QCheckBox(tr("no throughput requirement (capacity only)"), option_form_);
    option_no_performance_->setObjectName("$.options[].performance");
    of->addRow(tr("Capacity"), option_capacity_);
    of->addRow(tr("Usable"), own);
    of->addRow(QString(), option_no_performance_);
    connect(option_capacity_, &QComboBox::currentIndexChanged, this, [this] {
        updateEnabled();
        optionChanged("capacity", tr("option capacity"));
    });
    connect(own, &InputField::edited, this,
            [this] { optionChanged("capacity", tr("option capacity")); });
    connect(option_no_performance_, &QCheckBox::toggled, this,
            [this] { optionChanged("performance", tr("option performance")); });
    ol->addWidget(option_form_);
    top->addWidget(opts);

    connect(option_name_, &QLineEdit::textEdited, this,
            [this] { optionChanged("name", tr("option name")); });
    const std::pair<QComboBox*, const char*> option_combos[] = {{option_cnode_, "cnode"},
                                                                {option_drive_, "drive"},
                                                                {option_rack_, "rack"},
                                                                {option_switch_, "switch"},
                                                                {option_mode_, "cnodes"}};
    for (const auto& [c, key] : option_combos) {
        const QString k = key;
        connect(c, &QComboBox::currentIndexChanged, this, [this, k] {
            updateEnabled();
            optionChanged(k, tr("option ") + k);
        });
    }
    connect(option_dbox_, &QComboBox::currentIndexChanged, this, [this] {
        if (loading_) {
            return;
        }
        // The drive list follows the D-box; a drive the new box does not list
        // goes back to auto.
        if (auto o = formOption()) {
            const DBoxModel* box = o->dbox.empty() ? nullptr : catalog_.dbox(o->dbox);
            if (o->drive && box != nullptr &&
                std::none_of(box->drive_sizes.begin(), box->drive_sizes.end(),
                             [&](Capacity c) { return c == *o->drive; })) {
                o->drive.reset();
            }
            refillDrives(*o);
        }
        optionChanged("dbox", tr("option D-box"));
    });
    for (const char* key : {"cd_ratio", "cnodes", "dboxes"}) {
        const QString k = key;
        connect(field("$.options[]." + k), &InputField::edited, this,
                [this, k] { optionChanged(k, labels_.value("$.options[]." + k)); });
    }

    // Extrapolation and comparisons (as `podsizer extrapolate` and `compare`).
    extrapolation_ = new QGroupBox(tr("Extrapolation (grow to a target)"), this);
    extrapolation_->setCheckable(true);
    extrapolation_->setChecked(false);
    auto* xf = form_of(extrapolation_);
    auto* target =
        addField("$.extrapolation.target", tr("extrapolation target"),
                 new InputField(quantity_reader(Dimension::capacity), "1 EB", extrapolation_));
    auto* tolerance = addField("$.extrapolation.tolerance", tr("tolerance"),
                               new InputField(percent_reader("short of the target still counts",
                                                             "0 %: the target exactly"),
                                              "0%", extrapolation_));
    xf->addRow(tr("Target"), target);
    xf->addRow(tr("Tolerance"), tolerance);
    on_field(target, "$.extrapolation.target");
    on_field(tolerance, "$.extrapolation.tolerance");
    connect(extrapolation_, &QGroupBox::toggled, this, [this](bool on) {
        if (on && field("$.extrapolation.target")->text().trimmed().isEmpty()) {
            field("$.extrapolation.target")->setText("1 EB");
            field("$.extrapolation.tolerance")->setText("10%");
        }
        changed("$.extrapolation", tr("extrapolation"));
    });
    top->addWidget(extrapolation_);
    auto* compare = new QGroupBox(tr("Compare with (none ticked: every reference)"), this);
    auto* cvl = new QVBoxLayout(compare);
    comparisons_ = new QListWidget(compare);
    comparisons_->setObjectName("$.comparisons");
    comparisons_->setMaximumHeight(72);
    cvl->addWidget(comparisons_);
    connect(comparisons_, &QListWidget::itemChanged, this,
            [this] { changed("$.comparisons", tr("comparisons")); });
    top->addWidget(compare);

    buildCheckpoints(top);

    // What-if.
    auto* whatif = new QGroupBox(tr("What-if"), this);
    auto* wf = form_of(whatif);
    auto* reduction = addField("$.data_reduction", tr("data reduction"),
                               new InputField(reduction_reader(), "1 (none)", whatif));
    wf->addRow(tr("Data reduction"), reduction);
    on_field(reduction, "$.data_reduction");
    top->addWidget(whatif);
    top->addStretch();
}

void ScenarioEditor::setCatalog(const Catalog& catalog) {
    catalog_ = catalog;
    const bool was = loading_;
    loading_ = true;
    fill(platform_, catalog_.platforms, {});
    fill(rule_, catalog_.rules, {});
    rule_->addItem(tr("explicit per-GPU figures"), QString());
    fill(rack_, catalog_.racks, tr("catalog default (%1)").arg(q(catalog_.defaults.rack)));
    fill(option_cnode_, catalog_.cnodes, tr("auto"));
    fill(option_dbox_, catalog_.dboxes, tr("auto"));
    fill(option_rack_, catalog_.racks, tr("the scenario's rack model"));
    fill(option_switch_, catalog_.switches,
         tr("catalog default (%1)").arg(q(catalog_.defaults.network_switch)));
    fill(failure_rate_, catalog_.failure_rates,
         tr("catalog default (%1)").arg(q(catalog_.defaults.failure_rate)));
    failure_rate_->addItem(tr("a number per 1,000 node-days"), QString("#number"));
    {
        const QSignalBlocker block(comparisons_);
        comparisons_->clear();
        for (const ReferenceSystem& r : catalog_.references) {
            auto* item = new QListWidgetItem(q(r.id + " — " + r.name), comparisons_);
            item->setData(Qt::UserRole, q(r.id));
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Unchecked);
        }
    }
    loading_ = was;
}

void ScenarioEditor::load(const Scenario& s) {
    loading_ = true;
    for (InputField* f : fields_) {
        f->setExternalError({});
    }
    general_error_.clear();
    name_->setText(q(s.name));
    name_->setCursorPosition(0);
    description_->setText(q(s.description));
    description_->setCursorPosition(0); // show the start of a long description
    description_->setToolTip(q(s.description));

    fleet_->setChecked(s.fleet.has_value());
    const Fleet fleet = s.fleet.value_or(Fleet{});
    if (s.fleet) {
        select_id(platform_, fleet.platform);
        field("$.fleet.gpus")->setText(QString::number(fleet.gpus));
        field("$.fleet.sites")->setText(QString::number(fleet.sites));
        field("$.fleet.gpus_per_cluster")
            ->setText(fleet.gpus_per_cluster > 0 ? QString::number(fleet.gpus_per_cluster)
                                                 : QString());
    }

    performance_->setChecked(s.performance.has_value());
    if (s.performance) {
        if (s.performance->rule.empty()) {
            rule_->setCurrentIndex(rule_->count() - 1); // explicit figures
        } else {
            select_id(rule_, s.performance->rule);
        }
        field("$.performance.read_per_gpu")->setText(quantity_text(s.performance->read_per_gpu));
        field("$.performance.write_per_gpu")->setText(quantity_text(s.performance->write_per_gpu));
    }

    if (s.capacity.usable) {
        capacity_mode_->setCurrentIndex(kUsablePerPod);
        field("$.capacity.usable")->setText(quantity_text(s.capacity.usable));
    } else if (s.capacity.usable_per_gpu) {
        capacity_mode_->setCurrentIndex(kUsablePerGpu);
        field("$.capacity.usable")->setText(quantity_text(s.capacity.usable_per_gpu));
    } else {
        capacity_mode_->setCurrentIndex(kNoCapacity);
    }

    const Constraints& k = s.constraints;
    select_id(rack_, k.rack);
    field("$.constraints.max_racks")
        ->setText(k.max_racks ? QString::number(*k.max_racks) : QString());
    field("$.constraints.rack_power")->setText(quantity_text(k.rack_power));
    field("$.constraints.max_power")->setText(quantity_text(k.max_power));
    field("$.constraints.cd_min")->setText(q(k.cd_min.text));
    field("$.constraints.cd_max")->setText(q(k.cd_max.text));
    resilient_->setChecked(k.rack_resilient);

    field("$.data_reduction")->setText(number_text(s.data_reduction));
    loadCheckpoints(s);
    extrapolation_->setChecked(s.extrapolation.has_value());
    if (s.extrapolation) {
        field("$.extrapolation.target")
            ->setText(quantity_text(std::optional(s.extrapolation->target)));
        field("$.extrapolation.tolerance")->setText(percent_text(s.extrapolation->tolerance));
    }
    {
        const QSignalBlocker block(comparisons_);
        for (int i = 0; i < comparisons_->count(); ++i) {
            QListWidgetItem* item = comparisons_->item(i);
            const std::string id = item->data(Qt::UserRole).toString().toStdString();
            item->setCheckState(std::find(s.comparisons.begin(), s.comparisons.end(), id) !=
                                        s.comparisons.end()
                                    ? Qt::Checked
                                    : Qt::Unchecked);
        }
    }

    options_ = s.options;
    current_ =
        options_.empty() ? -1 : std::clamp(current_, 0, static_cast<int>(options_.size()) - 1);
    refreshOptionList();
    loadOptionForm();
    updateEnabled();
    loading_ = false;
    report();
}

void ScenarioEditor::updateEnabled() {
    const bool explicit_figures = rule_->currentIndex() == rule_->count() - 1;
    field("$.performance.read_per_gpu")->setEnabled(explicit_figures);
    field("$.performance.write_per_gpu")->setEnabled(explicit_figures);
    field("$.capacity.usable")->setEnabled(capacity_mode_->currentIndex() != kNoCapacity);
    const bool has_option = current_ >= 0;
    option_form_->setEnabled(has_option);
    duplicate_->setEnabled(has_option);
    remove_->setEnabled(has_option);
    const int mode = option_mode_->currentIndex();
    field("$.options[].cd_ratio")->setEnabled(mode == static_cast<int>(CNodeSizing::ratio));
    field("$.options[].cnodes")->setEnabled(mode == static_cast<int>(CNodeSizing::fixed));

    const int cap = option_capacity_->currentIndex();
    field("$.options[].capacity.usable")->setEnabled(cap == 1 || cap == 2);

    field("$.checkpoint.failure_rate")
        ->setEnabled(failure_rate_->currentData().toString() == "#number");
    const bool has_job = current_job_ >= 0;
    job_form_->setEnabled(has_job);
    job_duplicate_->setEnabled(has_job);
    job_remove_->setEnabled(has_job);
    const bool from_params = job_size_from_->currentIndex() == kFromParams;
    field("$.checkpoint.jobs[].params")->setEnabled(from_params);
    field("$.checkpoint.jobs[].bytes_per_param")->setEnabled(from_params);
    field("$.checkpoint.jobs[].checkpoint_size")->setEnabled(!from_params);
}

QString ScenarioEditor::optionSummary(const OptionSpec& o) const {
    QString mode;
    switch (o.cnode_sizing) {
    case CNodeSizing::requirement:
        mode = tr("sized");
        break;
    case CNodeSizing::knee:
        mode = tr("knee");
        break;
    case CNodeSizing::ratio:
        mode = "C:D " + (o.cd_ratio ? q(o.cd_ratio->text) : QString("?"));
        break;
    case CNodeSizing::fixed:
        mode = tr("%1 C-nodes").arg(o.cnodes);
        break;
    }
    const QString hw = (o.cnode.empty() ? tr("auto") : q(o.cnode)) + " + " +
                       (o.dbox.empty() ? tr("auto") : q(o.dbox));
    const QString name = o.name.empty() ? tr("(automatic name)") : q(o.name);
    return name + "  —  " + hw + ", " + mode;
}

void ScenarioEditor::refreshOptionList() {
    const QSignalBlocker block(option_list_);
    option_list_->clear();
    for (const OptionSpec& o : options_) {
        option_list_->addItem(optionSummary(o));
    }
    if (options_.empty()) {
        auto* item = new QListWidgetItem(tr("(no options: one design with automatic hardware)"));
        item->setFlags(Qt::NoItemFlags);
        option_list_->addItem(item);
    }
    option_list_->setCurrentRow(current_);
}

void ScenarioEditor::refillDrives(const OptionSpec& o) {
    const QSignalBlocker block(option_drive_);
    option_drive_->clear();
    option_drive_->addItem(tr("auto (the box's default)"), QVariant());
    std::set<double> sizes;
    const DBoxModel* box = o.dbox.empty() ? nullptr : catalog_.dbox(o.dbox);
    if (box != nullptr) {
        for (Capacity c : box->drive_sizes) {
            sizes.insert(c.base());
        }
    } else {
        for (const DBoxModel& d : catalog_.dboxes) {
            for (Capacity c : d.drive_sizes) {
                sizes.insert(c.base());
            }
        }
    }
    for (double s : sizes) {
        QString label = q(format_in(s, units::TB, 2));
        if (box != nullptr) {
            label += tr(" (%1 raw per box)")
                         .arg(q(format_in(box->raw(Capacity::from_base(s)), units::TB, 1)));
        }
        option_drive_->addItem(label, s);
    }
    int index = 0;
    if (o.drive) {
        index = option_drive_->findData(o.drive->base());
        if (index < 0) {
            // Not a listed size (a file may give the box's raw capacity, or the
            // D-box changed): keep it as given; the scenario check says if it fits.
            option_drive_->addItem(tr("%1 (as given)").arg(q(format_in(*o.drive, units::TB, 2))),
                                   o.drive->base());
            index = option_drive_->count() - 1;
        }
    }
    option_drive_->setCurrentIndex(index);
}

void ScenarioEditor::loadOptionForm() {
    const bool was = loading_;
    loading_ = true;
    for (const char* key : {"cd_ratio", "cnodes", "dboxes"}) {
        field(QString("$.options[].") + key)->setExternalError({});
    }
    const OptionSpec o =
        current_ >= 0 ? options_[static_cast<std::size_t>(current_)] : OptionSpec{};
    {
        const QSignalBlocker b1(option_cnode_), b2(option_dbox_), b3(option_rack_),
            b4(option_switch_), b5(option_mode_);
        option_name_->setText(q(o.name));
        select_id(option_cnode_, o.cnode);
        select_id(option_dbox_, o.dbox);
        select_id(option_rack_, o.rack);
        select_id(option_switch_, o.network_switch);
        option_mode_->setCurrentIndex(static_cast<int>(o.cnode_sizing));
    }
    refillDrives(o);
    field("$.options[].cd_ratio")->setText(o.cd_ratio ? q(o.cd_ratio->text) : QString());
    field("$.options[].cnodes")
        ->setText(o.cnode_sizing == CNodeSizing::fixed ? QString::number(o.cnodes) : QString());
    field("$.options[].dboxes")->setText(o.dboxes > 0 ? QString::number(o.dboxes) : QString());
    {
        const QSignalBlocker b6(option_capacity_), b7(option_no_performance_);
        int cap = 0;
        std::optional<Capacity> need;
        if (o.capacity) {
            cap = o.capacity->usable ? 1 : o.capacity->usable_per_gpu ? 2 : 3;
            need = o.capacity->usable ? o.capacity->usable : o.capacity->usable_per_gpu;
        }
        option_capacity_->setCurrentIndex(cap);
        field("$.options[].capacity.usable")->setText(quantity_text(need));
        option_no_performance_->setChecked(!o.use_performance);
    }
    option_form_->setTitle(current_ >= 0 ? tr("Option %1").arg(current_ + 1)
                                         : tr("Selected option"));
    updateEnabled();
    loading_ = was;
}

std::optional<OptionSpec> ScenarioEditor::formOption() const {
    OptionSpec o;
    o.name = option_name_->text().toStdString();
    o.cnode = id_of(option_cnode_).toStdString();
    o.dbox = id_of(option_dbox_).toStdString();
    if (option_drive_->currentData().isValid()) {
        o.drive = Capacity::from_base(option_drive_->currentData().toDouble());
    }
    o.rack = id_of(option_rack_).toStdString();
    o.network_switch = id_of(option_switch_).toStdString();
    o.cnode_sizing = static_cast<CNodeSizing>(option_mode_->currentIndex());
    const int cap = option_capacity_->currentIndex();
    if (cap > 0) {
        o.capacity = CapacitySpec{};
        const InputField* own = field("$.options[].capacity.usable");
        if (cap < 3) {
            if (own->hasInputError() || own->text().trimmed().isEmpty()) {
                return std::nullopt;
            }
            const Capacity c = parse<Capacity>(own->text().toStdString());
            (cap == 1 ? o.capacity->usable : o.capacity->usable_per_gpu) = c;
        }
    }
    o.use_performance = !option_no_performance_->isChecked();
    const InputField* ratio = field("$.options[].cd_ratio");
    const InputField* cnodes = field("$.options[].cnodes");
    const InputField* dboxes = field("$.options[].dboxes");
    if (dboxes->hasInputError()) {
        return std::nullopt;
    }
    o.dboxes = count_of(dboxes).value_or(0);
    if (o.cnode_sizing == CNodeSizing::ratio) {
        if (ratio->hasInputError()) {
            return std::nullopt;
        }
        o.cd_ratio = parse_ratio(ratio->text().toStdString(), "");
    }
    if (o.cnode_sizing == CNodeSizing::fixed) {
        if (cnodes->hasInputError()) {
            return std::nullopt;
        }
        o.cnodes = count_value(cnodes->text());
    }
    return o;
}

void ScenarioEditor::optionChanged(const QString& key, const QString& label) {
    if (loading_ || current_ < 0) {
        return;
    }
    if (auto o = formOption()) {
        options_[static_cast<std::size_t>(current_)] = *o;
        if (auto* item = option_list_->item(current_)) {
            item->setText(optionSummary(*o));
        }
    }
    changed(QString("$.options[%1].").arg(current_) + key, label);
}

std::optional<Scenario> ScenarioEditor::collect() {
    bool bad = false;
    for (InputField* f : fields_) {
        f->setExternalError({});
        // A disabled field (unchecked group, other mode) does not count.
        bad = bad || (f->isEnabled() && f->hasInputError());
    }
    general_error_.clear();
    if (bad) {
        return std::nullopt;
    }
    Scenario s;
    s.name = name_->text().toStdString();
    s.description = description_->text().toStdString();
    if (fleet_->isChecked()) {
        Fleet f;
        f.platform = id_of(platform_).toStdString();
        f.gpus = count_value(field("$.fleet.gpus")->text());
        f.sites = static_cast<int>(count_value(field("$.fleet.sites")->text()));
        f.gpus_per_cluster = count_of(field("$.fleet.gpus_per_cluster")).value_or(0);
        s.fleet = f;
    }
    if (performance_->isChecked()) {
        PerformanceSpec p;
        if (rule_->currentIndex() == rule_->count() - 1) {
            p.read_per_gpu = quantity_of<Throughput>(field("$.performance.read_per_gpu"));
            p.write_per_gpu = quantity_of<Throughput>(field("$.performance.write_per_gpu"));
        } else {
            p.rule = id_of(rule_).toStdString();
        }
        s.performance = p;
    }
    const auto need = quantity_of<Capacity>(field("$.capacity.usable"));
    switch (capacity_mode_->currentIndex()) {
    case kUsablePerPod:
        s.capacity.usable = need;
        break;
    case kUsablePerGpu:
        s.capacity.usable_per_gpu = need;
        break;
    default:
        break;
    }
    if (capacity_mode_->currentIndex() != kNoCapacity && !need) {
        field("$.capacity.usable")
            ->setExternalError(tr("empty; expected a capacity such as "
                                  "\"215 PB\", or choose \"none\""));
        return std::nullopt;
    }
    Constraints& k = s.constraints;
    k.rack = id_of(rack_).toStdString();
    k.max_racks = count_of(field("$.constraints.max_racks"));
    k.rack_power = quantity_of<Power>(field("$.constraints.rack_power"));
    k.max_power = quantity_of<Power>(field("$.constraints.max_power"));
    k.cd_min = parse_ratio(field("$.constraints.cd_min")->text().toStdString(), "");
    k.cd_max = parse_ratio(field("$.constraints.cd_max")->text().toStdString(), "");
    k.rack_resilient = resilient_->isChecked();
    s.options = options_;
    s.data_reduction = number_value(field("$.data_reduction")->text());
    if (extrapolation_->isChecked()) {
        ExtrapolationSpec e;
        e.target = parse<Capacity>(field("$.extrapolation.target")->text().toStdString());
        const QString tol = field("$.extrapolation.tolerance")->text();
        e.tolerance = tol.trimmed().isEmpty() ? 0.0 : parse_percent(tol.toStdString());
        s.extrapolation = e;
    }
    for (int i = 0; i < comparisons_->count(); ++i) {
        if (comparisons_->item(i)->checkState() == Qt::Checked) {
            s.comparisons.push_back(
                comparisons_->item(i)->data(Qt::UserRole).toString().toStdString());
        }
    }
    if (checkpoint_->isChecked()) {
        CheckpointSpec c;
        const QString rate = failure_rate_->currentData().toString();
        if (rate == "#number") {
            c.failures_per_1000_node_days =
                number_value(field("$.checkpoint.failure_rate")->text());
        } else {
            c.failure_rate = rate.toStdString();
        }
        c.concurrent = concurrent_->isChecked();
        c.knee_threshold = number_value(field("$.checkpoint.knee_threshold")->text());
        c.jobs = jobs_;
        s.checkpoint = c;
    }
    return s;
}

bool ScenarioEditor::check(const Scenario& s) {
    // validate() is the one definition of a valid scenario: the reader calls
    // it after reading a file, and here it checks the scenario as the form
    // holds it. The form shows the first problem, as the CLI does.
    const std::vector<Problem> problems = validate(s, catalog_);
    if (problems.empty()) {
        return true;
    }
    markProblem(problems.front());
    return false;
}

void ScenarioEditor::markProblem(const Problem& p) {
    const QString message = q(p.message);
    const auto& steps = p.path.steps;
    auto key = [&](std::size_t i) {
        const auto* k = i < steps.size() ? std::get_if<std::string>(&steps[i]) : nullptr;
        return k != nullptr ? q(*k) : QString();
    };
    auto index = [&](std::size_t i) {
        const auto* n = i < steps.size() ? std::get_if<std::size_t>(&steps[i]) : nullptr;
        return n != nullptr ? static_cast<int>(*n) : -1;
    };
    // The keys after a list element name the field of the option or job form.
    auto rest = [&](std::size_t from) {
        QStringList keys;
        for (std::size_t i = from; i < steps.size(); ++i) {
            keys << key(i);
        }
        return keys.join('.');
    };
    if (key(0) == "options" && index(1) >= 0) {
        markListProblem("$.options[].", index(1), current_, rest(2), tr("Option %1"), message);
        return;
    }
    if (key(0) == "checkpoint" && key(1) == "jobs" && index(2) >= 0) {
        markListProblem("$.checkpoint.jobs[].", index(2), current_job_, rest(3),
                        tr("Checkpoint job %1"), message);
        return;
    }
    QString path = q(p.path.to_string());
    if (path == "$.capacity.usable_per_gpu") {
        path = "$.capacity.usable";
    }
    if (InputField* f = field(path)) {
        f->setExternalError(message);
        return;
    }
    general_error_ = (path == "$" ? QString() : path + ": ") + message;
}

void ScenarioEditor::markListProblem(const QString& prefix, int index, int current,
                                     const QString& key, const QString& element,
                                     const QString& message) {
    if (index == current && field(prefix + key) != nullptr) {
        field(prefix + key)->setExternalError(message);
        return;
    }
    general_error_ =
        element.arg(index + 1) + (key.isEmpty() ? QString() : " › " + key) + ": " + message;
}

void ScenarioEditor::report() {
    problems_.clear();
    for (auto it = fields_.constBegin(); it != fields_.constEnd(); ++it) {
        InputField* f = it.value();
        if (f->isEnabled() && !f->error().isEmpty() && it.key() != "$.capacity.usable_per_gpu") {
            problems_ << labels_.value(it.key()) + ": " + f->error();
        }
    }
    if (!general_error_.isEmpty()) {
        problems_ << general_error_;
    }
    errors_->setText(general_error_);
    errors_->setVisible(!general_error_.isEmpty());
    Q_EMIT validityChanged(problems_.isEmpty(), problems_.join("\n"));
}

void ScenarioEditor::changed(const QString& field_path, const QString& label) {
    if (loading_) {
        return;
    }
    std::optional<Scenario> s = collect();
    if (s && !check(*s)) {
        s.reset();
    }
    report();
    if (s) {
        // Field edits read "change GPUs" in the undo menu; list edits name themselves.
        Q_EMIT edited(*s, field_path, field_path.isEmpty() ? label : tr("change %1").arg(label));
    }
}

void ScenarioEditor::buildCheckpoints(QVBoxLayout* top) {
    auto form_of = [](QGroupBox* g) {
        auto* f = new QFormLayout(g);
        f->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        f->setLabelAlignment(Qt::AlignRight | Qt::AlignTop);
        return f;
    };
    checkpoint_ = new QGroupBox(tr("Checkpoint jobs"), this);
    checkpoint_->setCheckable(true);
    checkpoint_->setChecked(false);
    auto* cl = new QVBoxLayout(checkpoint_);
    auto* head = new QFormLayout();
    head->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    head->setLabelAlignment(Qt::AlignRight | Qt::AlignTop);
    failure_rate_ = new QComboBox(checkpoint_);
    combos_.insert("$.checkpoint.failure_rate_preset", failure_rate_);
    auto* rate =
        addField("$.checkpoint.failure_rate", tr("failures per 1,000 node-days"),
                 new InputField(
                     [](const std::string& text) -> std::string {
                         const double v = number_value(QString::fromStdString(text));
                         if (!(v > 0)) {
                             throw InputError("\"" + text +
                                              "\": expected failures per 1,000 "
                                              "node-days above 0, such as 6.5");
                         }
                         return "= " + format_number(v, 2) + " failures per 1,000 node-days";
                     },
                     "6.5", checkpoint_));
    // The knee (docs/checkpoints.md §7): GPU-hours a day one more step of write
    // must give back; the step stays the file's (100 GB/s by default).
    auto* knee = addField("$.checkpoint.knee_threshold", tr("knee threshold"),
                          new InputField(
                              [](const std::string& text) -> std::string {
                                  const double v = number_value(QString::fromStdString(text));
                                  if (!(v > 0)) {
                                      throw InputError(
                                          "\"" + text +
                                          "\": expected GPU-hours per day above 0, such as 100");
                                  }
                                  return "= " + format_number(v, 0) + " GPU-hours a day per step";
                              },
                              "100", checkpoint_));
    concurrent_ = new QCheckBox(tr("jobs run at once (their writes add up)"), checkpoint_);
    concurrent_->setObjectName("$.checkpoint.concurrent");
    head->addRow(tr("Failure rate"), failure_rate_);
    head->addRow(tr("Per 1,000 node-days"), rate);
    head->addRow(tr("Knee"), knee);
    head->addRow(QString(), concurrent_);
    cl->addLayout(head);
    connect(failure_rate_, &QComboBox::currentIndexChanged, this, [this] {
        updateEnabled();
        changed("$.checkpoint.failure_rate_preset", tr("failure rate"));
    });
    connect(rate, &InputField::edited, this,
            [this] { changed("$.checkpoint.failure_rate", tr("failure rate")); });
    connect(knee, &InputField::edited, this,
            [this] { changed("$.checkpoint.knee_threshold", tr("knee threshold")); });
    connect(concurrent_, &QCheckBox::toggled, this,
            [this] { changed("$.checkpoint.concurrent", tr("concurrent jobs")); });
    connect(checkpoint_, &QGroupBox::toggled, this, [this](bool on) {
        if (on && jobs_.empty() && !loading_) {
            // A first job to start from: the brief's 1.8T-parameter model.
            CheckpointJobSpec j;
            j.name = "job 1";
            j.params = 1.8e12;
            j.size = checkpoint_size(j.params, j.bytes_per_param);
            j.interval = Duration::from_base(300.0);
            jobs_.push_back(j);
            current_job_ = 0;
            refreshJobList();
            loadJobForm();
        }
        updateEnabled();
        changed("$.checkpoint", tr("checkpoint jobs"));
    });

    job_list_ = new QListWidget(checkpoint_);
    job_list_->setObjectName("checkpoint-jobs");
    job_list_->setMaximumHeight(96);
    cl->addWidget(job_list_);
    auto* buttons = new QHBoxLayout();
    auto* add = new QPushButton(tr("Add"), checkpoint_);
    job_duplicate_ = new QPushButton(tr("Duplicate"), checkpoint_);
    job_remove_ = new QPushButton(tr("Remove"), checkpoint_);
    buttons->addWidget(add);
    buttons->addWidget(job_duplicate_);
    buttons->addWidget(job_remove_);
    buttons->addStretch();
    cl->addLayout(buttons);
    connect(add, &QPushButton::clicked, this, &ScenarioEditor::addJob);
    connect(job_duplicate_, &QPushButton::clicked, this, &ScenarioEditor::duplicateJob);
    connect(job_remove_, &QPushButton::clicked, this, &ScenarioEditor::removeJob);
    connect(job_list_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (!loading_ && row >= 0 && row != current_job_) {
            current_job_ = row;
            loadJobForm();
        }
    });

    job_form_ = new QGroupBox(tr("Selected job"), checkpoint_);
    auto* jf = form_of(job_form_);
    job_name_ = new QLineEdit(job_form_);
    job_name_->setObjectName("$.checkpoint.jobs[].name");
    route_undo_to_window(job_name_);
    job_size_from_ = new QComboBox(job_form_);
    job_size_from_->addItem(tr("model parameters × bytes each"));
    job_size_from_->addItem(tr("checkpoint size"));
    combos_.insert("$.checkpoint.jobs[].size_from", job_size_from_);
    job_mode_ = new QComboBox(job_form_);
    job_mode_->addItem(tr("sync (the job stalls while writing)"), "sync");
    job_mode_->addItem(tr("async (drains before the next)"), "async");
    combos_.insert("$.checkpoint.jobs[].mode", job_mode_);
    const std::pair<const char*, InputField*> fields[] = {
        {"params", new InputField(params_reader(), "1.8T", job_form_)},
        {"bytes_per_param", new InputField(bytes_per_param_reader(), "14", job_form_)},
        {"checkpoint_size",
         new InputField(quantity_reader(Dimension::capacity), "25.2 TB", job_form_)},
        {"gpus", new InputField(count_reader(1, "GPU", "GPUs", "the whole pod"), tr("whole pod"),
                                job_form_)},
        {"interval",
         new InputField(quantity_reader(Dimension::duration, "auto: Daly's optimum interval"),
                        tr("auto (Daly)"), job_form_)},
        {"stall_budget", new InputField(percent_reader("of the interval"), "5%", job_form_)},
        {"restart_time", new InputField(quantity_reader(Dimension::duration), "10 min", job_form_)},
        {"offsite_every",
         new InputField(count_reader(1, "checkpoint", "checkpoints", "no offsite copies"),
                        tr("none"), job_form_)},
        {"retain", new InputField(count_reader(1, "checkpoint", "checkpoints"), "2", job_form_)},
    };
    const QString labels[] = {
        tr("parameters"), tr("bytes per parameter"), tr("checkpoint size"), tr("job GPUs"),
        tr("interval"),   tr("stall budget"),        tr("restart time"),    tr("offsite every"),
        tr("retained")};
    const QString rows[] = {tr("Parameters"),   tr("Bytes each"),    tr("Size"),
                            tr("GPUs"),         tr("Interval"),      tr("Stall budget"),
                            tr("Restart time"), tr("Offsite every"), tr("Retain")};
    jf->addRow(tr("Name"), job_name_);
    jf->addRow(tr("Size from"), job_size_from_);
    for (std::size_t i = 0; i < std::size(fields); ++i) {
        const QString key = fields[i].first;
        const QString path = "$.checkpoint.jobs[]." + key;
        addField(path, labels[i], fields[i].second);
        jf->addRow(rows[i], fields[i].second);
        if (key == "interval") {
            jf->addRow(tr("Mode"), job_mode_);
        }
        connect(fields[i].second, &InputField::edited, this,
                [this, key, path] { jobChanged(key, labels_.value(path)); });
    }
    connect(job_name_, &QLineEdit::textEdited, this,
            [this] { jobChanged("name", tr("job name")); });
    connect(job_size_from_, &QComboBox::currentIndexChanged, this, [this] {
        updateEnabled();
        jobChanged("size", tr("checkpoint size"));
    });
    connect(job_mode_, &QComboBox::currentIndexChanged, this,
            [this] { jobChanged("mode", tr("checkpoint mode")); });
    cl->addWidget(job_form_);
    top->addWidget(checkpoint_);
}

void ScenarioEditor::loadCheckpoints(const Scenario& s) {
    checkpoint_->setChecked(s.checkpoint.has_value());
    const CheckpointSpec c = s.checkpoint.value_or(CheckpointSpec{});
    if (!c.failure_rate.empty()) {
        select_id(failure_rate_, c.failure_rate);
    } else if (c.failures_per_1000_node_days) {
        failure_rate_->setCurrentIndex(failure_rate_->count() - 1);
    } else {
        failure_rate_->setCurrentIndex(0);
    }
    field("$.checkpoint.failure_rate")
        ->setText(c.failures_per_1000_node_days ? number_text(*c.failures_per_1000_node_days)
                                                : QString());
    field("$.checkpoint.knee_threshold")->setText(number_text(c.knee_threshold));
    concurrent_->setChecked(c.concurrent);
    jobs_ = c.jobs;
    current_job_ =
        jobs_.empty() ? -1 : std::clamp(current_job_, 0, static_cast<int>(jobs_.size()) - 1);
    refreshJobList();
    loadJobForm();
}

void ScenarioEditor::refreshJobList() {
    const QSignalBlocker block(job_list_);
    job_list_->clear();
    for (const CheckpointJobSpec& j : jobs_) {
        const QString size =
            j.params > 0 ? params_text(j.params) + " params" : q(format_in(j.size, units::TB, 1));
        const QString cadence = j.interval ? q(format_interval(*j.interval)) : tr("auto");
        job_list_->addItem(q(j.name) + "  —  " + size + ", " + cadence + ", " +
                           q(std::string(to_string(j.mode))));
    }
    job_list_->setCurrentRow(current_job_);
}

void ScenarioEditor::loadJobForm() {
    const bool was = loading_;
    loading_ = true;
    const CheckpointJobSpec j =
        current_job_ >= 0 ? jobs_[static_cast<std::size_t>(current_job_)] : CheckpointJobSpec{};
    {
        const QSignalBlocker b1(job_size_from_), b2(job_mode_);
        job_size_from_->setCurrentIndex(j.params > 0 || current_job_ < 0 ? kFromParams : kFromSize);
        job_mode_->setCurrentIndex(j.mode == CheckpointMode::sync ? 0 : 1);
    }
    auto set = [this](const char* key, const QString& text) {
        field(QString("$.checkpoint.jobs[].") + key)->setText(text);
    };
    job_name_->setText(q(j.name));
    set("params", j.params > 0 ? params_text(j.params) : QString());
    set("bytes_per_param", number_text(j.bytes_per_param));
    set("checkpoint_size", j.params > 0 ? QString() : quantity_text(std::optional(j.size)));
    set("gpus", j.gpus > 0 ? QString::number(j.gpus) : QString());
    set("interval", quantity_text(j.interval));
    set("stall_budget", percent_text(j.stall_budget));
    set("restart_time", quantity_text(std::optional(j.restart)));
    set("offsite_every", j.offsite_every > 0 ? QString::number(j.offsite_every) : QString());
    set("retain", QString::number(j.retain));
    job_form_->setTitle(current_job_ >= 0 ? tr("Job %1").arg(current_job_ + 1)
                                          : tr("Selected job"));
    updateEnabled();
    loading_ = was;
}

std::optional<CheckpointJobSpec> ScenarioEditor::formJob() const {
    for (InputField* f : fields_) {
        if (f->objectName().startsWith("$.checkpoint.jobs[].") && f->isEnabled() &&
            f->hasInputError()) {
            return std::nullopt;
        }
    }
    auto text = [this](const char* key) {
        return field(QString("$.checkpoint.jobs[].") + key)->text();
    };
    CheckpointJobSpec j;
    j.name = job_name_->text().toStdString();
    if (job_size_from_->currentIndex() == kFromParams) {
        j.params = parse_param_count(text("params").toStdString());
        j.bytes_per_param = parse_bytes_per_param(text("bytes_per_param").toStdString());
        j.size = checkpoint_size(j.params, j.bytes_per_param);
    } else {
        j.size = parse<Capacity>(text("checkpoint_size").toStdString());
    }
    j.gpus = text("gpus").trimmed().isEmpty() ? 0 : count_value(text("gpus"));
    if (!text("interval").trimmed().isEmpty()) {
        j.interval = parse<Duration>(text("interval").toStdString());
    }
    j.mode = job_mode_->currentIndex() == 0 ? CheckpointMode::sync : CheckpointMode::async;
    j.stall_budget = parse_percent(text("stall_budget").toStdString());
    j.restart = parse<Duration>(text("restart_time").toStdString());
    j.offsite_every =
        text("offsite_every").trimmed().isEmpty() ? 0 : count_value(text("offsite_every"));
    j.retain = count_value(text("retain"));
    return j;
}

void ScenarioEditor::jobChanged(const QString& key, const QString& label) {
    if (loading_ || current_job_ < 0) {
        return;
    }
    if (auto j = formJob()) {
        jobs_[static_cast<std::size_t>(current_job_)] = *j;
        refreshJobList();
    }
    changed(QString("$.checkpoint.jobs[%1].").arg(current_job_) + key, label);
}

void ScenarioEditor::addJob() {
    CheckpointJobSpec j = jobs_.empty() ? CheckpointJobSpec{} : jobs_.back();
    j.name = "job " + std::to_string(jobs_.size() + 1);
    if (j.size.base() <= 0) {
        j.params = 1.8e12;
        j.size = checkpoint_size(j.params, j.bytes_per_param);
        j.interval = Duration::from_base(300.0);
    }
    jobs_.push_back(j);
    current_job_ = static_cast<int>(jobs_.size()) - 1;
    refreshJobList();
    loadJobForm();
    changed({}, tr("add checkpoint job"));
}

void ScenarioEditor::duplicateJob() {
    if (current_job_ < 0) {
        return;
    }
    CheckpointJobSpec copy = jobs_[static_cast<std::size_t>(current_job_)];
    copy.name += " (copy)";
    jobs_.insert(jobs_.begin() + current_job_ + 1, copy);
    ++current_job_;
    refreshJobList();
    loadJobForm();
    changed({}, tr("duplicate checkpoint job"));
}

void ScenarioEditor::removeJob() {
    if (current_job_ < 0) {
        return;
    }
    jobs_.erase(jobs_.begin() + current_job_);
    current_job_ = jobs_.empty() ? -1 : std::min(current_job_, static_cast<int>(jobs_.size()) - 1);
    refreshJobList();
    loadJobForm();
    changed({}, tr("remove checkpoint job"));
}

void ScenarioEditor::selectOption(int index) {
    if (index >= 0 && index < static_cast<int>(options_.size())) {
        option_list_->setCurrentRow(index);
    }
}

void ScenarioEditor::addOption() {
    options_.push_back(OptionSpec{});
    current_ = static_cast<int>(options_.size()) - 1;
    refreshOptionList();
    loadOptionForm();
    changed({}, tr("add option"));
}

void ScenarioEditor::duplicateOption() {
    if (current_ < 0) {
        return;
    }
    OptionSpec copy = options_[static_cast<std::size_t>(current_)];
    if (!copy.name.empty()) {
        copy.name += " (copy)";
    }
    options_.insert(options_.begin() + current_ + 1, copy);
    ++current_;
    refreshOptionList();
    loadOptionForm();
    changed({}, tr("duplicate option"));
}

void ScenarioEditor::removeOption() {
    if (current_ < 0) {
        return;
    }
    options_.erase(options_.begin() + current_);
    current_ = options_.empty() ? -1 : std::min(current_, static_cast<int>(options_.size()) - 1);
    refreshOptionList();
    loadOptionForm();
    changed({}, tr("remove option"));
}

} // namespace podsizer::gui

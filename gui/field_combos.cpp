#include "field_combos.hpp"

#include "field_look.hpp"
#include "field_value.hpp"
#include "grid_table.hpp"
#include "input_field.hpp"
#include "qt_text.hpp"

#include <QComboBox>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <set>
#include <utility>
#include <vector>

namespace podsizer::gui {

namespace {

using Entries = std::vector<std::pair<std::string, std::string>>; // id, name

template <class T> Entries entries_of(const std::vector<T>& items) {
    Entries out;
    for (const T& t : items) {
        out.emplace_back(t.id, t.name);
    }
    return out;
}

Entries catalog_entries(const Catalog& c, IdList list) {
    return with_id_list(
        c, list, [](const auto& items) { return entries_of(items); }, Entries{});
}

QComboBox* new_combo(QWidget* parent) {
    auto* c = new QComboBox(parent);
    // Long model names must not widen the editor: the list shows them in full.
    c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    c->setMinimumContentsLength(18);
    return c;
}

/// Fills a pick list with a catalog list and the look's "left out" items
/// (data ""), and a last item with data `last_data`; keeps the choice.
void fill_ids(QComboBox* c, const ScenarioField& f, const Catalog& cat, const QString& last_data) {
    const FieldLook& look = f.look;
    const QString keep = c->currentData().toString();
    const QSignalBlocker block(c);
    c->clear();
    const QString fallback = q(default_id(cat, f.ids));
    if (look.first_item != nullptr) {
        c->addItem(QString::fromUtf8(look.first_item).replace("%1", fallback), QString());
    }
    for (const auto& [id, name] : catalog_entries(cat, f.ids)) {
        c->addItem(q(id + " — " + name), q(id));
    }
    if (look.last_item != nullptr) {
        c->addItem(QString::fromUtf8(look.last_item), last_data);
    }
    const int i = c->findData(keep);
    c->setCurrentIndex(i >= 0 ? i : 0);
}

/// Selects the item with `data`; the first item when there is none.
void select_data(QComboBox* c, const QString& data) {
    const QSignalBlocker block(c);
    const int i = c->findData(data);
    c->setCurrentIndex(i >= 0 ? i : 0);
}

/// A field picked from a list whose item data is the value ("": left out).
class ComboField : public FieldWidget {
public:
    ComboField(const ScenarioField& f, QWidget* parent, bool held = true)
        : FieldWidget(f, parent), box_(new_combo(this)) {
        if (held) {
            hold();
        }
    }
    FieldData value() const override {
        const QString chosen = box_->currentData().toString();
        return chosen.isEmpty() ? FieldData{} : FieldData{chosen.toStdString()};
    }
    QComboBox* combo() const override { return box_; }

protected:
    /// The list is the field's control, an edit when its choice changes.
    void hold() {
        holdControl(box_);
        connect(box_, &QComboBox::currentIndexChanged, this, &FieldWidget::edited);
    }
    QComboBox* box_;
};

/// A catalog id; "" (left out, or "auto") for the look's own items.
class IdField : public ComboField {
public:
    using ComboField::ComboField;
    void setValue(const FieldData& v) override {
        const auto* id = std::get_if<std::string>(&v);
        if (id == nullptr || *id == "auto") {
            // Left out: the item that says so (the last one when it is there,
            // as "explicit per-GPU figures" is for the performance rule).
            const QSignalBlocker block(box_);
            box_->setCurrentIndex(field().look.last_item != nullptr ? box_->count() - 1 : 0);
            return;
        }
        select_data(box_, q(*id));
    }
    void setCatalog(const Catalog& catalog) override {
        FieldWidget::setCatalog(catalog);
        fill_ids(box_, field(), catalog, QString());
    }
};

/// One of the field's choices ("sync", "async"), shown with the look's texts.
class ChoiceField : public ComboField {
public:
    ChoiceField(const ScenarioField& f, QWidget* parent) : ComboField(f, parent, false) {
        const char* texts = f.look.choice_texts;
        const QStringList shown =
            texts != nullptr ? QString::fromUtf8(texts).split('|') : QStringList();
        // A choice without a default may be left out (an option's layout
        // then follows the scenario's): the first entry says so.
        if (f.default_text.empty()) {
            box_->addItem(tr("as the scenario"), QString());
        }
        for (std::size_t i = 0; i < f.choices.size(); ++i) {
            const QString choice = q(f.choices[i]);
            box_->addItem(shown.value(static_cast<int>(i), choice), choice);
        }
        hold();
    }
    void setValue(const FieldData& v) override {
        const auto* t = std::get_if<std::string>(&v);
        select_data(box_, q(t != nullptr ? *t : std::string(field().default_text)));
    }
};

const QString kNumber = "#number";

/// A catalog preset, the catalog default, or a number typed under the list.
class RateField : public ComboField {
public:
    RateField(const ScenarioField& f, QWidget* parent)
        : ComboField(f, parent, false),
          number_(new InputField(field_reader(f), QString::fromUtf8(f.look.placeholder), this)) {
        auto* both = new QWidget(this);
        auto* layout = flat_column(both);
        layout->addWidget(box_);
        layout->addWidget(number_);
        holdControl(both);
        both->setObjectName(QString()); // the names go to the list and the number
        box_->setObjectName("$.checkpoint.failure_rate_preset");
        number_->setObjectName("$.checkpoint.failure_rate");
        number_->setEnabled(false);
        connect(box_, &QComboBox::currentIndexChanged, this, [this] {
            number_->setEnabled(box_->currentData() == kNumber);
            Q_EMIT edited();
        });
        connect(number_, &InputField::edited, this, &FieldWidget::edited);
    }

    FieldData value() const override {
        return box_->currentData() == kNumber ? field_value(field(), number_->text())
                                              : ComboField::value();
    }
    void setValue(const FieldData& v) override {
        if (const auto* id = std::get_if<std::string>(&v)) {
            select_data(box_, q(*id));
        } else {
            select_data(box_, std::holds_alternative<double>(v) ? kNumber : QString());
        }
        number_->setText(std::holds_alternative<double>(v) ? value_text(field(), v) : QString());
        number_->setEnabled(box_->currentData() == kNumber);
    }
    bool hasInputError() const override {
        return box_->currentData() == kNumber && number_->hasInputError();
    }
    void setProblem(const QString& message) override {
        if (box_->currentData() == kNumber) {
            number_->setExternalError(message);
        } else {
            FieldWidget::setProblem(message);
        }
    }
    QString error() const override {
        return box_->currentData() == kNumber ? number_->error() : FieldWidget::error();
    }
    void setCatalog(const Catalog& catalog) override {
        FieldWidget::setCatalog(catalog);
        fill_ids(box_, field(), catalog, kNumber);
    }
    InputField* input() const override { return number_; }

private:
    InputField* number_;
};

} // namespace

FieldWidget* make_id_field(const ScenarioField& field, QWidget* parent) {
    return new IdField(field, parent);
}

FieldWidget* make_choice_field(const ScenarioField& field, QWidget* parent) {
    return new ChoiceField(field, parent);
}

FieldWidget* make_rate_field(const ScenarioField& field, QWidget* parent) {
    return new RateField(field, parent);
}

DriveField::DriveField(const ScenarioField& field, QWidget* parent)
    : FieldWidget(field, parent), box_(new_combo(this)) {
    holdControl(box_);
    connect(box_, &QComboBox::currentIndexChanged, this, [this] {
        const QVariant size = box_->currentData();
        value_ = size.isValid() ? FieldData{size.toDouble()} : FieldData{};
        Q_EMIT edited();
    });
}

FieldData DriveField::value() const {
    return value_;
}

void DriveField::setValue(const FieldData& value) {
    value_ = std::holds_alternative<double>(value) ? value : FieldData{};
    refill();
}

void DriveField::setCatalog(const Catalog& catalog) {
    FieldWidget::setCatalog(catalog);
    refill();
}

void DriveField::followBox(const std::string& dbox, bool drop_unlisted) {
    dbox_ = dbox;
    const DBoxModel* box =
        catalog() != nullptr && !dbox_.empty() ? catalog()->dbox(dbox_) : nullptr;
    if (const auto* drive = std::get_if<double>(&value_); drive && box && drop_unlisted) {
        bool listed = false;
        for (Capacity c : box->drive_sizes) {
            listed = listed || c.base() == *drive;
        }
        if (!listed) {
            value_ = FieldData{};
        }
    }
    refill();
}

void DriveField::refill() {
    const QSignalBlocker block(box_);
    box_->clear();
    box_->addItem(tr("auto (the box's default)"), QVariant());
    if (catalog() == nullptr) {
        return;
    }
    const DBoxModel* box = dbox_.empty() ? nullptr : catalog()->dbox(dbox_);
    std::set<double> sizes;
    for (const DBoxModel& d : catalog()->dboxes) {
        if (box == nullptr || &d == box) {
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
        box_->addItem(label, s);
    }
    int index = 0;
    if (const auto* drive = std::get_if<double>(&value_)) {
        index = box_->findData(*drive);
        if (index < 0) {
            // Not a listed size (a file may give the box's raw capacity): keep
            // it as given; validate() says whether it fits the box.
            box_->addItem(
                tr("%1 (as given)").arg(q(format_in(Capacity::from_base(*drive), units::TB, 2))),
                *drive);
            index = box_->count() - 1;
        }
    }
    box_->setCurrentIndex(index);
}

} // namespace podsizer::gui

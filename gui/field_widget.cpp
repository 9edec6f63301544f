#include "field_widget.hpp"

#include "field_combos.hpp"
#include "field_look.hpp"
#include "field_value.hpp"
#include "input_field.hpp"
#include "qt_text.hpp"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace podsizer::gui {

namespace {

/// A value typed as text and read by the kind's parser (counts, quantities,
/// ratios, percentages, parameter counts, numbers).
class TypedField : public FieldWidget {
public:
    TypedField(const ScenarioField& f, QWidget* parent)
        : FieldWidget(f, parent),
          input_(new InputField(field_reader(f), QString::fromUtf8(f.look.placeholder), this)) {
        holdControl(input_);
        connect(input_, &InputField::edited, this, [this] {
            reread();
            Q_EMIT edited();
        });
    }

    FieldData value() const override { return value_; }
    void setValue(const FieldData& v) override {
        // Left out, a field with a default shows it ("1" for no data reduction).
        const std::string_view fallback = field().default_text;
        const bool shows_default =
            std::holds_alternative<std::monostate>(v) && !fallback.empty() && fallback != "auto";
        input_->setText(shows_default ? q(fallback) : value_text(field(), v));
        reread();
    }
    bool hasInputError() const override { return input_->hasInputError(); }
    void setProblem(const QString& message) override { input_->setExternalError(message); }
    QString error() const override { return input_->error(); }
    InputField* input() const override { return input_; }

private:
    /// The value of the text as typed; monostate while it cannot be read.
    void reread() {
        value_ = input_->hasInputError() ? FieldData{} : field_value(field(), input_->text());
    }

    InputField* input_;
    FieldData value_;
};

/// Free text (a name, a description).
class TextField : public FieldWidget {
public:
    TextField(const ScenarioField& f, QWidget* parent)
        : FieldWidget(f, parent), edit_(new QLineEdit(this)) {
        edit_->setPlaceholderText(QString::fromUtf8(f.look.placeholder));
        route_undo_to_window(edit_);
        holdControl(edit_);
        connect(edit_, &QLineEdit::textEdited, this, &FieldWidget::edited);
    }

    FieldData value() const override {
        return edit_->text().isEmpty() ? FieldData{} : FieldData{edit_->text().toStdString()};
    }
    void setValue(const FieldData& v) override {
        const auto* t = std::get_if<std::string>(&v);
        edit_->setText(t != nullptr ? q(*t) : QString());
        edit_->setCursorPosition(0);      // the start of a long description
        edit_->setToolTip(edit_->text()); // a long description in full
    }

private:
    QLineEdit* edit_;
};

/// A flag, or a field with one choice ticked or left out ("performance": "none").
class FlagField : public FieldWidget {
public:
    FlagField(const ScenarioField& f, QWidget* parent)
        : FieldWidget(f, parent), box_(new QCheckBox(q(f.label), this)) {
        holdControl(box_);
        connect(box_, &QCheckBox::toggled, this, &FieldWidget::edited);
    }

    FieldData value() const override {
        if (field().kind == FieldKind::boolean) {
            return box_->isChecked();
        }
        return box_->isChecked() ? FieldData{std::string(field().choices.front())} : FieldData{};
    }
    void setValue(const FieldData& v) override {
        const QSignalBlocker block(box_);
        if (const auto* b = std::get_if<bool>(&v)) {
            box_->setChecked(*b);
        } else {
            box_->setChecked(std::holds_alternative<std::string>(v) ||
                             (v.index() == 0 && field().default_text == "true"));
        }
    }

private:
    QCheckBox* box_;
};

} // namespace

FieldWidget::FieldWidget(const ScenarioField& field, QWidget* parent)
    : QWidget(parent), field_(field) {
    setToolTip(q(field.help));
}

void FieldWidget::holdControl(QWidget* control) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(1);
    layout->addWidget(control);
    // The names the form's controls have always had: "$.fleet.gpus",
    // "$.options[].cnodes" (the selected option's).
    QString name = "$." + q(field_.pattern);
    control->setObjectName(name.replace("[N]", "[]"));
    if (qobject_cast<InputField*>(control) != nullptr) {
        return; // it has its own note
    }
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    note_->setStyleSheet("color: #c62828;");
    note_->hide();
    layout->addWidget(note_);
}

void FieldWidget::setProblem(const QString& message) {
    problem_ = message;
    if (note_ != nullptr) {
        note_->setText(message.isEmpty() ? QString() : QString::fromUtf8("\u2716 ") + message);
        note_->setVisible(!message.isEmpty());
    }
}

void FieldWidget::setCatalog(const Catalog& catalog) {
    catalog_ = &catalog;
}

namespace {

FieldWidget* new_field_widget(const ScenarioField& f, QWidget* parent) {
    if (f.pattern == "options[N].drive") {
        return new DriveField(f, parent);
    }
    switch (f.kind) {
    case FieldKind::text:
        return new TextField(f, parent);
    case FieldKind::boolean:
        return new FlagField(f, parent);
    case FieldKind::id:
        return make_id_field(f, parent);
    case FieldKind::choice:
        return f.choices.size() == 1 ? new FlagField(f, parent) : make_choice_field(f, parent);
    case FieldKind::number_or_id:
        return f.ids == IdList::none ? new TypedField(f, parent) : make_rate_field(f, parent);
    default:
        return new TypedField(f, parent);
    }
}

} // namespace

FieldWidget* make_field_widget(const ScenarioField& f, QWidget* parent) {
    FieldWidget* w = new_field_widget(f, parent);
    w->setValue({}); // the field's default until a scenario is loaded
    return w;
}

} // namespace podsizer::gui

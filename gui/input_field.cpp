#include "input_field.hpp"

#include "plain_label.hpp"
#include "podsizer/catalog/scenario_fields.hpp"
#include "podsizer/catalog/scenario_io.hpp"
#include "podsizer/core/checkpoint.hpp"
#include "podsizer/core/design.hpp"
#include "podsizer/core/errors.hpp"
#include "podsizer/core/number_text.hpp"

#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>
#include <charconv>
#include <fmt/format.h>
#include <optional>
#include <string_view>

namespace podsizer::gui {

namespace {

const char* const kErrorStyle = "QLineEdit { border: 2px solid #c62828; border-radius: 3px; "
                                "background: #fff3f3; padding: 1px; }";

std::string quoted(const std::string& s) {
    return "\"" + s + "\"";
}

/// `text` without its surrounding blanks, read by core's parse_decimal: the
/// grammar of a number in a file, a flag and a --set (no separators).
std::optional<double> plain_number(const std::string& text) {
    const std::size_t from = text.find_first_not_of(" \t");
    if (from == std::string::npos) {
        return std::nullopt;
    }
    const std::size_t to = text.find_last_not_of(" \t");
    return parse_decimal(std::string_view(text).substr(from, to - from + 1));
}

bool is_blank(const std::string& s) {
    return s.find_first_not_of(" \t") == std::string::npos;
}

/// Refuses the line edit's claim on the undo/redo keys (ShortcutOverride),
/// so the window's actions get them.
class UndoRouter : public QObject {
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::ShortcutOverride) {
            auto* key = static_cast<QKeyEvent*>(event);
            if (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo) ||
                (key->key() == Qt::Key_Y && key->modifiers() == Qt::ControlModifier)) {
                event->ignore();
                return true;
            }
        }
        return QObject::eventFilter(watched, event);
    }
};

} // namespace

void route_undo_to_window(QWidget* line_edit) {
    line_edit->installEventFilter(new UndoRouter(line_edit));
}

InputField::InputField(Reader reader, const QString& placeholder, QWidget* parent)
    : QWidget(parent), reader_(std::move(reader)), edit_(new QLineEdit(this)),
      note_(new WrappedLabel(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(1);
    layout->addWidget(edit_);
    layout->addWidget(note_);
    edit_->setPlaceholderText(placeholder);
    route_undo_to_window(edit_);
    note_->setWordWrap(true);
    // Grow downwards to show a long reason whole (wrapped), never clip it.
    note_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::MinimumExpanding);
    add_copy_action(note_); // plain, not selectable: plain_label.hpp
    QFont small = note_->font();
    small.setPointSizeF(small.pointSizeF() * 0.88);
    note_->setFont(small);
    connect(edit_, &QLineEdit::textEdited, this, [this] {
        reread();
        Q_EMIT edited();
    });
    reread();
}

QString InputField::text() const {
    return edit_->text();
}

void InputField::setText(const QString& text) {
    edit_->setText(text);
    external_.clear();
    reread();
}

void InputField::setExternalError(const QString& message) {
    if (message == external_) {
        return;
    }
    external_ = message;
    refresh();
}

void InputField::reread() {
    error_.clear();
    understood_.clear();
    try {
        understood_ = QString::fromStdString(reader_(edit_->text().toStdString()));
    } catch (const InputError& e) {
        error_ = QString::fromStdString(e.what());
    }
    refresh();
}

void InputField::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::EnabledChange) {
        refresh();
    }
}

void InputField::refresh() {
    if (!isEnabled()) {
        // A field that does not apply (other mode, unchecked group) says nothing.
        edit_->setStyleSheet({});
        edit_->setToolTip({});
        note_->clear();
        note_->hide();
        return;
    }
    const QString err = error();
    if (err.isEmpty()) {
        if (!edit_->styleSheet().isEmpty()) {
            edit_->setStyleSheet({});
        }
        edit_->setToolTip(understood_);
        set_text_colour(note_, palette().color(QPalette::Mid));
        set_text_if_changed(note_, understood_);
    } else {
        if (edit_->styleSheet() != kErrorStyle) {
            edit_->setStyleSheet(kErrorStyle);
        }
        edit_->setToolTip(err);
        set_text_colour(note_, QColor(0xc6, 0x28, 0x28));
        set_text_if_changed(note_, QString::fromUtf8("\u2716 ") + err);
    }
    note_->setVisible(!note_->text().isEmpty());
    updateGeometry();
}

InputField::Reader quantity_reader(Dimension dimension, const std::string& empty_means) {
    return [dimension, empty_means](const std::string& text) -> std::string {
        if (is_blank(text) && !empty_means.empty()) {
            return empty_means;
        }
        const double base = parse_quantity_base(text, dimension);
        std::string out = "= " + format_auto(base, dimension, 2);
        // The other family of units, so "PB vs PiB" and "bytes vs bits" are
        // visible while typing.
        switch (dimension) {
        case Dimension::capacity:
            out += " = " + format_in(base, base >= units::PiB.factor ? units::PiB : units::TiB, 2);
            break;
        case Dimension::throughput:
            out +=
                " = " + format_in(base, base >= units::Tbps.factor ? units::Tbps : units::Gbps, 2);
            break;
        default:
            break;
        }
        return out;
    };
}

InputField::Reader count_reader(std::int64_t min, std::int64_t max, const std::string& one,
                                const std::string& many, const std::string& empty_means) {
    return [min, max, one, many, empty_means](const std::string& text) -> std::string {
        if (is_blank(text)) {
            if (!empty_means.empty()) {
                return empty_means;
            }
            throw InputError(
                fmt::format("empty; expected a whole number of {} from {}", many, min));
        }
        // Core's one reading and limit, as a file and a flag have (a plain
        // decimal, so "4.5e2" is 450 and "41,472" is refused as a file
        // refuses it; REVIEW-3 part C, R4).
        const std::int64_t v = count_value(QString::fromStdString(text), min, max);
        return fmt::format("= {} {}", format_number(static_cast<double>(v)), v == 1 ? one : many);
    };
}

InputField::Reader ratio_reader() {
    return [](const std::string& text) -> std::string {
        const Ratio r = parse_ratio(text, "");
        return "= " + format_cd_ratio(r.c_per_d) + " (" + format_number(r.c_per_d, 3) +
               " C-nodes per D-box)";
    };
}

InputField::Reader percent_reader(const std::string& what, const std::string& empty_means) {
    return [what, empty_means](const std::string& text) -> std::string {
        if (is_blank(text) && !empty_means.empty()) {
            return empty_means;
        }
        const double v = parse_percent(text);
        return "= " + format_number(v * 100.0, 2) + " % " + what;
    };
}

InputField::Reader params_reader() {
    return [](const std::string& text) -> std::string {
        const double v = parse_param_count(text);
        return "= " + format_number(v, 0) + " parameters (" + format_param_count(v) + ")";
    };
}

InputField::Reader bytes_per_param_reader() {
    return [](const std::string& text) -> std::string {
        return "= " + format_number(parse_bytes_per_param(text), 2) + " B per parameter";
    };
}

InputField::Reader number_reader(std::string unit, std::string empty_means) {
    return [unit, empty_means](const std::string& text) -> std::string {
        if (is_blank(text) && !empty_means.empty()) {
            return empty_means; // an optional number left out (a site's PUE)
        }
        // Core's one reading of a plain number, as a file, a flag and --set
        // read it: "1,5" is no number here either (issue 48: it read 15).
        const std::optional<double> read = plain_number(text);
        if (!read) {
            throw InputError(quoted(text) +
                             " is not a number; expected a plain number such as 1.5");
        }
        const double v = *read;
        return "= " + format_shortest(v) + (unit.empty() ? "" : " " + unit);
    };
}

InputField::Reader reduction_reader() {
    return [](const std::string& text) -> std::string {
        const std::string example = "1.5";
        const std::optional<double> read = plain_number(text);
        if (!read) {
            throw InputError(quoted(text) + " is not a number; expected a number such as " +
                             example);
        }
        const double v = *read;
        if (v == 1.0) {
            return "= 1:1, no data reduction";
        }
        return "= " + format_number(v, 2) + ":1 (what-if: effective capacity only)";
    };
}

std::int64_t count_value(const QString& text, std::int64_t min, std::int64_t max) {
    // Only the edit box's surrounding blanks go; the text is core's to read.
    return parse_count_text(text.trimmed().toStdString(), min, max);
}

double number_value(const QString& text) {
    return plain_number(text.toStdString()).value_or(0.0);
}

QString number_text(double v) {
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, v);
    return QString::fromLatin1(buf, static_cast<int>(res.ptr - buf));
}

} // namespace podsizer::gui

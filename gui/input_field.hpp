// A line edit for typed input ("215 PB", "41,472", "1:2") that says, under
// the field, what it understood or why the text is not valid. The reading is
// done by core's parsers (parse_quantity_base, parse_ratio); their
// InputError message is shown as is, so the GUI and the CLI give the same
// reason for the same text.
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in; it
// only needs the type names, so it skips them.
#ifndef Q_MOC_RUN
#include "podsizer/core/number_text.hpp"
#include "podsizer/core/units.hpp"
#endif

#include <QString>
#include <QWidget>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

class QLabel;
class QLineEdit;

namespace podsizer::gui {

class InputField : public QWidget {
    Q_OBJECT
public:
    /// Reads the text: returns what was understood (shown under the field)
    /// or throws InputError with the reason.
    using Reader = std::function<std::string(const std::string& text)>;

    InputField(Reader reader, const QString& placeholder, QWidget* parent = nullptr);

    QString text() const;
    /// Sets the text as if loaded from a file: no edited() signal.
    void setText(const QString& text);

    /// The field's own reading failed (bad text).
    bool hasInputError() const { return !error_.isEmpty(); }
    /// Neither its own reading nor the scenario check found a problem.
    bool isValid() const { return error_.isEmpty() && external_.isEmpty(); }
    /// The reason shown under the field, empty when valid.
    QString error() const { return error_.isEmpty() ? external_ : error_; }
    /// What the field understood ("= 215.00 PB = 190.96 PiB").
    QString understood() const { return understood_; }

    /// An error found by checking the whole scenario (e.g. more GPUs per
    /// cluster than GPUs); an empty message clears it.
    void setExternalError(const QString& message);

    QLineEdit* lineEdit() const { return edit_; }

Q_SIGNALS:
    /// The user changed the text (emitted whether or not it is valid).
    void edited();

protected:
    void changeEvent(QEvent* event) override;

private:
    void reread();
    void refresh();

    Reader reader_;
    QLineEdit* edit_;
    QLabel* note_;
    QString error_;
    QString external_;
    QString understood_;
};

// Readers for the kinds of field the scenario has. `empty_means`, when not
// empty, makes the field optional and is shown for an empty text ("no limit").

/// A quantity of the given dimension, with its value in the other unit
/// family: "= 215.00 PB = 190.96 PiB", "= 312.50 GB/s = 2.50 Tbps".
InputField::Reader quantity_reader(Dimension dimension, const std::string& empty_means = {});
/// A whole number from `min` to `max` of things called `one` / `many`
/// ("site" / "sites"), read by core's parse_count_text as a file's and a
/// flag's count is.
InputField::Reader count_reader(std::int64_t min, std::int64_t max, const std::string& one,
                                const std::string& many, const std::string& empty_means = {});
/// A C:D ratio: "1:2", "2.5:1" or "0.5".
InputField::Reader ratio_reader();
/// A percentage such as "5%" (core's parse_percent); `what` names it.
InputField::Reader percent_reader(const std::string& what, const std::string& empty_means = {});
/// A model's parameter count such as "1.8T" (core's parse_param_count).
InputField::Reader params_reader();
/// Bytes per parameter: "14" or a preset id (core's parse_bytes_per_param).
InputField::Reader bytes_per_param_reader();

/// The data-reduction what-if ratio: a plain number ("1.5"); its range is the
/// scenario reader's to check.
InputField::Reader reduction_reader();
/// A plain number, echoed with its unit ("= 1.58", "= 100 GPU-hours a day").
InputField::Reader number_reader(std::string unit, std::string empty_means = {});

/// Lets Ctrl+Z / Ctrl+Shift+Z in a line edit reach the window's undo stack
/// instead of the line edit's own undo of its text, so there is one undo
/// history: the scenario's.
void route_undo_to_window(QWidget* line_edit);

/// The value of a count text: core's parse_count_text from `min` to `max`
/// (InputError otherwise), the one reading the count reader shows.
std::int64_t count_value(const QString& text, std::int64_t min = 1, std::int64_t max = kMaxCount);
/// The value of a number text the number reader accepted.
double number_value(const QString& text);
/// The shortest text that reads back to exactly `v` ("1.5", "41472").
QString number_text(double v);

} // namespace podsizer::gui

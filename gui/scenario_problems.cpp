// What validate() finds and where the form shows it: at the field its JSON
// path names, or in the box at the top of the editor for a path without a
// field on screen (another option, the document as a whole).
#include "field_widget.hpp"
#include "list_editor.hpp"
#include "qt_text.hpp"
#include "scenario_editor.hpp"

#include <QLabel>

namespace podsizer::gui {

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
    for (const Row& row : rows_) {
        // A greyed field cannot show its problem (the count of sites where a
        // list gives them): the problem goes to the form's general line.
        if (placed(row.group, row.list, kept_) && row.widget->isEnabled() &&
            field_path(row.widget->field(), indexOf(row.list)) == p.path) {
            row.widget->setProblem(q(p.message));
            return;
        }
    }
    for (const ListEditor* list : lists_) {
        if (markInList(list, p)) {
            return;
        }
    }
    const std::string path = p.path.to_string();
    general_error_ = (path == "$" ? QString() : q(path) + ": ") + q(p.message);
}

/// A problem inside an element of `list` with no field on screen: named by
/// the element and the keys after it ("Option 2 › cd_ratio: …").
bool ScenarioEditor::markInList(const ListEditor* list, const Problem& p) {
    std::string_view element = list->kind().prefix;
    element.remove_suffix(1); // "options[N]"
    const JsonPath at = pattern_path(element, 0);
    const auto& steps = p.path.steps;
    if (steps.size() < at.steps.size() ||
        !std::equal(at.steps.begin(), at.steps.end() - 1, steps.begin())) {
        return false;
    }
    const auto* index = std::get_if<std::size_t>(&steps[at.steps.size() - 1]);
    if (index == nullptr) {
        return false;
    }
    QStringList keys;
    for (std::size_t i = at.steps.size(); i < steps.size(); ++i) {
        const auto* key = std::get_if<std::string>(&steps[i]);
        keys << (key != nullptr ? q(*key) : QString::number(std::get<std::size_t>(steps[i])));
    }
    QString noun = list->kind().noun;
    noun[0] = noun[0].toUpper();
    general_error_ = noun + QString(" %1").arg(*index + 1) +
                     (keys.isEmpty() ? QString() : " › " + keys.join('.')) + ": " + q(p.message);
    return true;
}

void ScenarioEditor::report() {
    problems_.clear();
    for (const Row& row : rows_) {
        const QString error = row.widget->error();
        if (row.widget->isEnabled() && !error.isEmpty()) {
            problems_ << q(row.widget->field().label) + ": " + error;
        }
    }
    if (!general_error_.isEmpty()) {
        problems_ << general_error_;
    }
    errors_->setText(general_error_);
    errors_->setVisible(!general_error_.isEmpty());
    Q_EMIT validityChanged(problems_.isEmpty(), problems_.join("\n"));
}

} // namespace podsizer::gui

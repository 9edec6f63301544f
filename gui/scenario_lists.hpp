// The two lists of a scenario the form edits element by element — options
// and checkpoint jobs — described for the generic ListEditor.
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in.
#ifndef Q_MOC_RUN
#include "podsizer/core/scenario.hpp"
#endif

#include <QString>
#include <cstddef>
#include <string_view>

namespace podsizer::gui {

struct ListKind {
    std::string_view prefix; ///< the field table's patterns of an element: "options[N]."
    const char* name;        ///< the list widget's object name
    const char* title;       ///< the form of element %1: "Option %1"
    const char* no_title;    ///< the form with nothing selected
    const char* noun;        ///< "option", for undo texts and messages
    const char* empty_line;  ///< the list's line when empty, or nullptr
    const char* add_tip;
    std::size_t (*size)(const Scenario&);
    void (*add)(Scenario&);
    void (*duplicate)(Scenario&, std::size_t);
    void (*remove)(Scenario&, std::size_t);
    /// Empties element i before the form's fields are set into it.
    void (*clear)(Scenario&, std::size_t);
    /// Completes element i once its fields are set (a job's size from its
    /// parameters, as the reader does).
    void (*finish)(Scenario&, std::size_t);
    /// Element i in one line of the list.
    QString (*summary)(const Scenario&, std::size_t);
};

extern const ListKind kOptionList;
extern const ListKind kJobList;

} // namespace podsizer::gui

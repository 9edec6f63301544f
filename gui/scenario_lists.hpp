// The lists of a scenario the form edits element by element — options,
// checkpoint jobs, sites and phases — described for the generic ListEditor.
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
    std::size_t (*size)(const Scenario&) = nullptr;
    void (*add)(Scenario&) = nullptr;
    void (*duplicate)(Scenario&, std::size_t) = nullptr;
    void (*remove)(Scenario&, std::size_t) = nullptr;
    /// Empties element i before the form's fields are set into it.
    void (*clear)(Scenario&, std::size_t) = nullptr;
    /// Completes element i once its fields are set (a job's size from its
    /// parameters, as the reader does).
    void (*finish)(Scenario&, std::size_t) = nullptr;
    /// Element i in one line of the list.
    QString (*summary)(const Scenario&, std::size_t) = nullptr;
    /// The whole list of `from` into `to` (the kept elements into the
    /// scenario the form assembles), where `to` has the list's object.
    void (*copy_all)(Scenario& to, const Scenario& from) = nullptr;
    /// Element i of `from` into `to` (the form's reading of it kept).
    void (*copy_one)(Scenario& to, const Scenario& from, std::size_t i) = nullptr;
};

extern const ListKind kOptionList;
extern const ListKind kJobList;
extern const ListKind kSiteList;     ///< fleet.sites as a list (docs/sites-and-phases.md)
extern const ListKind kPhaseList;    ///< phases on the installed base
extern const ListKind kWorkloadList; ///< performance.workloads (docs/workloads.md)

/// The kind whose prefix is `prefix` ("options[N]."); nullptr for none.
const ListKind* list_kind(std::string_view prefix);

} // namespace podsizer::gui

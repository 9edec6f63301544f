// The parts of the scenario form that are not one field each: the sections
// it is grouped in (a ticked group box makes its object exist: "fleet",
// "checkpoint"), and the choosers between fields that exclude each other
// ("usable" or "usable_per_gpu"; C-nodes from the requirement, the knee, a
// ratio or a count). Which field applies is then the field table's
// enabling condition on the scenario the form holds.
#pragma once

// moc (Qt 6.4) cannot parse the C++20 standard headers these pull in.
#ifndef Q_MOC_RUN
#include "podsizer/core/scenario.hpp"
#endif

#include <array>
#include <cstddef>
#include <span>
#include <string_view>

namespace podsizer::gui {

/// A box of the form and the fields it holds.
struct FormSection {
    const char* title;
    /// Field patterns it holds: "fleet." holds every fleet field.
    std::array<std::string_view, 2> prefixes = {};
    /// Checkable sections: makes the object exist, and whether `s` has it.
    void (*open)(Scenario&) = nullptr;
    bool (*exists)(const Scenario&) = nullptr;
    /// A list of the section, edited by a ListEditor ("options[N].").
    std::string_view list = {};
};

/// The form's sections, top to bottom.
std::span<const FormSection> form_sections();

/// One way to give a value: the fields it takes from their widgets, and
/// what the choice itself sets ("knee" sizes C-nodes at the knee).
struct Choice {
    const char* text;
    std::array<std::string_view, 2> fields = {};
    void (*prepare)(Scenario&, std::size_t index) = nullptr;
};

/// A pick list between fields that exclude each other.
struct Chooser {
    const char* name;             ///< the pick list's key for the tests: "$.options[].mode"
    const char* label;            ///< the row label
    const char* change;           ///< the undo text's noun
    std::string_view prefix = {}; ///< "" or the list the chooser is in: "options[N]."
    std::span<const Choice> choices;
    /// The choice a scenario holds.
    int (*which)(const Scenario&, std::size_t index);
};

std::span<const Chooser> form_choosers();

} // namespace podsizer::gui

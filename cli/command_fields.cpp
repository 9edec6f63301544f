#include "command_fields.hpp"

#include "completion_hints.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace podsizer::cli {

namespace {

/// The catalog section completion_hints names an id list by: the list's key.
const char* section_of(IdList list) {
    return list == IdList::none ? nullptr : id_list_key(list).data();
}

/// The row's completion hint on `o`: its choices or its catalog ids.
CLI::Option* with_hint(CLI::Option* o, const ScenarioField& row) {
    if (row.kind == FieldKind::choice) {
        o->check(complete_choices({row.choices.begin(), row.choices.end()}));
    } else if (const char* section = section_of(row.ids)) {
        o->check(complete_catalog_ids(section));
    }
    return o;
}

} // namespace

const ScenarioField& command_row(std::string_view pattern, std::span<const ScenarioField> own) {
    for (const ScenarioField& f : own) {
        if (f.pattern == pattern) {
            return f;
        }
    }
    if (const ScenarioField* f = find_scenario_field(pattern)) {
        return *f;
    }
    throw std::logic_error(fmt::format("no row \"{}\" for a command flag", pattern));
}

CLI::Option* add_command_flag(CLI::App& cmd, const std::string& flag, std::string& text,
                              const char* help, const ScenarioField& row) {
    return with_hint(cmd.add_option(flag, text, help), row);
}

CLI::Option* add_command_flag(CLI::App& cmd, const std::string& flag,
                              std::vector<std::string>& items, const char* help,
                              const ScenarioField& row) {
    return with_hint(cmd.add_option(flag, items, help), row)->allow_extra_args(false);
}

} // namespace podsizer::cli

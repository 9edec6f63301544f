// The flags of an analysis command (checkpoint, durability) as a small
// field table: each flag names the row it is read by, either a row of the
// scenario field table (the same value in a scenario file, such as
// checkpoint.jobs[N].interval) or one of the command's own rows (a value no
// scenario holds, such as durability's --drives). The row gives the flag's
// kind, unit, limits and message; the flag's line gives its help, so
// --help, the man page and the completions come from the same table the
// parser reads (issue 27 item 1; REVIEW-3 part C, R1–R4).
#pragma once

#include "flag_binding.hpp"
#include "podsizer/catalog/scenario_fields.hpp"

#include <CLI/CLI.hpp>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace podsizer::cli {

/// One flag of a command whose values are held in `Args` as text.
template <class Args> struct CommandFlag {
    const char* flag;          ///< "--interval"
    std::string Args::*text;   ///< where CLI11 stores the value as given (nullptr: `items`)
    std::string_view row;      ///< a scenario field's pattern or an own row's
    const char* help;          ///< the --help line
    bool show_default = false; ///< --help shows the default text
    /// A repeatable flag (durability's --group): each value as given.
    std::vector<std::string> Args::*items = nullptr;
    const char* short_name = nullptr; ///< "-j" beside "--jobs"
};

/// Own rows of the common kinds, one line each: a quantity above zero of
/// `dimension`, a count from `min` to `max`, one of `choices` (`range_text`
/// refuses the others, "{}" the value as given).
inline ScenarioField quantity_row(std::string_view pattern, Dimension dimension) {
    return {.pattern = pattern,
            .kind = FieldKind::quantity,
            .dimension = dimension,
            .bounds = {0.0, std::numeric_limits<double>::infinity(), true, false}};
}
inline ScenarioField count_row(std::string_view pattern, double min, double max) {
    return {.pattern = pattern, .kind = FieldKind::count, .bounds = {min, max}};
}
inline ScenarioField choice_row(std::string_view pattern, std::span<const std::string_view> choices,
                                std::string_view range_text) {
    return {.pattern = pattern,
            .kind = FieldKind::choice,
            .choices = choices,
            .range_text = range_text};
}

/// The row `pattern` names: one of `own`, else the scenario field table's.
/// A pattern neither holds is a programming error (std::logic_error).
const ScenarioField& command_row(std::string_view pattern, std::span<const ScenarioField> own);

/// Adds `flag` to `cmd` ("--jobs,-j" with a short name), with its row's
/// completion hint (choices, catalog ids).
CLI::Option* add_command_flag(CLI::App& cmd, const std::string& flag, std::string& text,
                              const char* help, const ScenarioField& row);
/// Adds a repeatable `flag` to `cmd`: each use one value, kept in order.
CLI::Option* add_command_flag(CLI::App& cmd, const std::string& flag,
                              std::vector<std::string>& items, const char* help,
                              const ScenarioField& row);

/// Adds every flag of `flags` to `cmd`, storing into `args`.
template <class Args>
void add_command_flags(CLI::App& cmd, Args& args, std::span<const CommandFlag<Args>> flags,
                       std::span<const ScenarioField> own) {
    for (const CommandFlag<Args>& f : flags) {
        const std::string name =
            f.short_name == nullptr ? f.flag : std::string(f.flag) + "," + f.short_name;
        const ScenarioField& row = command_row(f.row, own);
        CLI::Option* o = f.items != nullptr
                             ? add_command_flag(cmd, name, args.*f.items, f.help, row)
                             : add_command_flag(cmd, name, args.*f.text, f.help, row);
        if (f.show_default) {
            o->capture_default_str();
        }
    }
}

/// The values of a command's flags, each read by its row.
template <class Args> class FlagReader {
public:
    FlagReader(const Args& args, std::span<const CommandFlag<Args>> flags,
               std::span<const ScenarioField> own, const Catalog& catalog)
        : args_(args), flags_(flags), own_(own), catalog_(catalog) {}

    /// The flag's text as given (or its default).
    const std::string& text(std::string_view flag) const { return args_.*entry(flag).text; }
    bool given(std::string_view flag) const { return !text(flag).empty(); }
    /// The flag's value as its row holds it, checked by the row's rules.
    FieldData value(std::string_view flag) const {
        const CommandFlag<Args>& f = entry(flag);
        return flag_value(args_.*f.text, f.flag, command_row(f.row, own_), catalog_);
    }
    double number(std::string_view flag) const { return std::get<double>(value(flag)); }
    std::int64_t count(std::string_view flag) const { return std::get<std::int64_t>(value(flag)); }
    std::string word(std::string_view flag) const { return std::get<std::string>(value(flag)); }
    template <class Q> Q quantity(std::string_view flag) const {
        return Q::from_base(number(flag));
    }
    /// Reads `text` (an item of a list flag) by the flag's row.
    FieldData value_of(std::string_view flag, const std::string& item) const {
        const CommandFlag<Args>& f = entry(flag);
        return flag_value(item, f.flag, command_row(f.row, own_), catalog_);
    }
    /// The values of a repeatable flag, each as given.
    const std::vector<std::string>& items(std::string_view flag) const {
        return args_.*entry(flag).items;
    }
    /// Reads `item` (one part of a flag's value, such as --group's count=)
    /// by the command's row `row`; a bad value is an InputError naming the flag.
    FieldData part(std::string_view flag, std::string_view row, const std::string& item) const {
        return flag_value(item, entry(flag).flag, command_row(row, own_), catalog_);
    }

private:
    const CommandFlag<Args>& entry(std::string_view flag) const {
        for (const CommandFlag<Args>& f : flags_) {
            if (f.flag == flag) {
                return f;
            }
        }
        throw std::logic_error(std::string(flag) + " is not in the command's flag table");
    }

    const Args& args_;
    std::span<const CommandFlag<Args>> flags_;
    std::span<const ScenarioField> own_;
    const Catalog& catalog_;
};

} // namespace podsizer::cli

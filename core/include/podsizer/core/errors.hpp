// The error channel for bad input (docs/architecture.md, "Two error channels").
//
// An InputError means the user gave us something we cannot use: it carries
// where it is (a file and JSON path, or a CLI flag) and what was expected, and
// its what() is the one line the CLI prints. Questionable-but-valid designs are
// not errors; they are Findings attached to the design (see design.hpp).
#pragma once

#include <stdexcept>
#include <string>

namespace podsizer {

class InputError : public std::runtime_error {
public:
    /// `where` is e.g. "examples/x.json: $.options[0].dbox" or "--cnodes"; may be empty.
    InputError(std::string where, std::string message)
        : std::runtime_error(where.empty() ? message : where + ": " + message),
          where_(std::move(where)), message_(std::move(message)) {}
    explicit InputError(std::string message) : InputError(std::string{}, std::move(message)) {}

    const std::string& where() const { return where_; }
    const std::string& message() const { return message_; }

    /// The same error located more precisely: prefix + ": " + where.
    InputError located(const std::string& prefix) const {
        return InputError(where_.empty() ? prefix : prefix + ": " + where_, message_);
    }

private:
    std::string where_;
    std::string message_;
};

} // namespace podsizer

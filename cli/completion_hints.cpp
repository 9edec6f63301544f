// Hints are stored in the validator's name ("complete:KIND:WORD WORD ..."),
// the one piece of text CLI11 keeps for a validator without showing it.
#include "completion_hints.hpp"

#include <sstream>
#include <utility>

namespace podsizer::cli {

namespace {

constexpr std::string_view kPrefix = "complete:";

CLI::Validator hint(const std::string& kind, const std::vector<std::string>& words) {
    std::string name = std::string(kPrefix) + kind + ":";
    for (std::size_t i = 0; i < words.size(); ++i) {
        name += (i == 0 ? "" : " ") + words[i];
    }
    // Accepts every value: the commands check values with their own messages.
    return CLI::Validator([](std::string&) { return std::string{}; }, "", name);
}

} // namespace

CLI::Validator complete_choices(std::vector<std::string> words) {
    return hint("choices", words);
}

CLI::Validator complete_catalog_ids(std::string section) {
    return hint("ids", {std::move(section)});
}

CLI::Validator complete_file() {
    return hint("file", {});
}

CLI::Validator complete_directory() {
    return hint("directory", {});
}

std::vector<std::string> validator_names(CLI::Option& option) {
    std::vector<std::string> names;
    for (int i = 0;; ++i) {
        try {
            names.push_back(option.get_validator(i)->get_name());
        } catch (const CLI::OptionNotFound&) {
            return names; // no more validators
        }
    }
}

std::optional<CompletionHint> completion_hint(CLI::Option& option) {
    for (const std::string& name : validator_names(option)) {
        if (name.rfind(kPrefix, 0) != 0) {
            continue;
        }
        const std::size_t colon = name.find(':', kPrefix.size());
        const std::string kind = name.substr(kPrefix.size(), colon - kPrefix.size());
        CompletionHint h;
        std::istringstream rest(name.substr(colon + 1));
        for (std::string w; rest >> w;) {
            h.words.push_back(w);
        }
        if (kind == "choices") {
            h.kind = CompletionHint::Kind::choices;
        } else if (kind == "ids") {
            h.kind = CompletionHint::Kind::catalog_ids;
        } else if (kind == "directory") {
            h.kind = CompletionHint::Kind::directory;
        } else {
            h.kind = CompletionHint::Kind::file;
        }
        return h;
    }
    return std::nullopt;
}

} // namespace podsizer::cli

// A JSON path as typed steps ("$.options[2].dbox" is the key "options", the
// index 2 and the key "dbox"), so a problem's place can be compared and mapped
// to a form field without parsing its text back (docs/scenario-format.md,
// "Error messages").
#pragma once

#include <cstddef>
#include <fmt/format.h>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace podsizer {

struct JsonPath {
    /// An object key or an array index.
    using Step = std::variant<std::string, std::size_t>;
    std::vector<Step> steps;

    JsonPath key(std::string_view k) const {
        JsonPath p = *this;
        p.steps.emplace_back(std::string(k));
        return p;
    }
    JsonPath index(std::size_t i) const {
        JsonPath p = *this;
        p.steps.emplace_back(i);
        return p;
    }

    /// "$.fleet.gpus", "$.options[0].dbox", "$" for the document itself.
    std::string to_string() const {
        std::string out = "$";
        for (const Step& s : steps) {
            if (const auto* k = std::get_if<std::string>(&s)) {
                out += "." + *k;
            } else {
                out += fmt::format("[{}]", std::get<std::size_t>(s));
            }
        }
        return out;
    }

    bool operator==(const JsonPath&) const = default;
};

} // namespace podsizer

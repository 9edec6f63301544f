#include "podsizer/reports/format.hpp"

namespace podsizer {

namespace {

/// Other spellings the flag takes ("markdown"), from the registry.
constexpr EnumRow<Format> kFormatAliases[] = {
#define ENUM_NAME(value, spelling, ...)
#define ENUM_ALIAS(value, spelling) {Format::value, spelling},
#include "podsizer/reports/format.def"
};

} // namespace

std::optional<Format> format_from_string(std::string_view s) {
    for (const EnumRow<Format>& alias : kFormatAliases) {
        if (alias.name == s) {
            return alias.value;
        }
    }
    return kFormatNames.parse(s);
}

std::string_view to_string(Format f) {
    return kFormatNames.name(f);
}

} // namespace podsizer

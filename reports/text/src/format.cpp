#include "podsizer/reports/format.hpp"

namespace podsizer {

std::optional<Format> format_from_string(std::string_view s) {
    if (s == "table") {
        return Format::table;
    }
    if (s == "json") {
        return Format::json;
    }
    if (s == "csv") {
        return Format::csv;
    }
    if (s == "md" || s == "markdown") {
        return Format::md;
    }
    return std::nullopt;
}

std::string_view to_string(Format f) {
    switch (f) {
    case Format::table:
        return "table";
    case Format::json:
        return "json";
    case Format::csv:
        return "csv";
    case Format::md:
        return "md";
    }
    return "table";
}

} // namespace podsizer

// Text for XML documents (the SVG rack elevations).
#pragma once

#include "podsizer/catalog/safe_text.hpp"

#include <string>

namespace podsizer {

/// `s` safe as XML 1.0 character data or attribute value: & < > " ' escaped,
/// and the characters XML 1.0 forbids (below U+0020 except tab, line feed
/// and carriage return; U+FFFE, U+FFFF) dropped, since a design name typed in
/// the GUI may hold them and a single one makes the whole document unreadable
/// (second red-team round, defect 6; files are checked when read).
inline std::string xml_escape(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    for (char c : xml_safe(s)) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&apos;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

} // namespace podsizer

// Text for XML documents (the SVG rack elevations).
#pragma once

#include <string>

namespace podsizer {

/// `s` safe as XML 1.0 character data or attribute value: & < > " ' escaped,
/// and the control characters XML 1.0 forbids (all below U+0020 except tab,
/// line feed and carriage return) dropped, since a design name read from JSON
/// may hold them and a single one makes the whole document unreadable.
inline std::string xml_escape(const std::string& s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
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
            if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n' || c == '\r') {
                out += c;
            }
        }
    }
    return out;
}

} // namespace podsizer

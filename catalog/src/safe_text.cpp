#include "podsizer/catalog/safe_text.hpp"

#include <algorithm>
#include <cstdint>
#include <fmt/format.h>

namespace podsizer {

namespace {

// One decoded UTF-8 character: its code point and length in bytes; length 0
// for a byte that does not start a well-formed sequence.
struct Decoded {
    std::uint32_t code = 0;
    std::size_t length = 0;
};

Decoded decode(std::string_view s, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char b = byte(i);
    if (b < 0x80) {
        return {b, 1};
    }
    std::size_t n = 0;
    std::uint32_t code = 0;
    std::uint32_t min = 0;
    if ((b & 0xE0) == 0xC0) {
        n = 2, code = b & 0x1Fu, min = 0x80;
    } else if ((b & 0xF0) == 0xE0) {
        n = 3, code = b & 0x0Fu, min = 0x800;
    } else if ((b & 0xF8) == 0xF0) {
        n = 4, code = b & 0x07u, min = 0x10000;
    } else {
        return {};
    }
    if (i + n > s.size()) {
        return {};
    }
    for (std::size_t k = 1; k < n; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) {
            return {};
        }
        code = (code << 6) | (byte(i + k) & 0x3Fu);
    }
    if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
        return {};
    }
    return {code, n};
}

bool xml_forbids(std::uint32_t c) {
    return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0xFFFE || c == 0xFFFF;
}

bool control(std::uint32_t c) {
    return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F);
}

/// A code point that shows nothing in a name: a space of any width, a
/// zero-width or joining character, a direction mark, a filler or a
/// byte-order mark (Unicode's White_Space and Default_Ignorable_Code_Point
/// characters a name may hold).
bool invisible(std::uint32_t c) {
    constexpr std::uint32_t kRanges[][2] = {
        {0x09, 0x0D},     {0x20, 0x20},     {0x85, 0x85},     {0xA0, 0xA0},     {0xAD, 0xAD},
        {0x034F, 0x034F}, {0x115F, 0x1160}, {0x1680, 0x1680}, {0x17B4, 0x17B5}, {0x180B, 0x180F},
        {0x2000, 0x200F}, {0x2028, 0x202F}, {0x205F, 0x206F}, {0x2800, 0x2800}, {0x3000, 0x3000},
        {0x3164, 0x3164}, {0xFE00, 0xFE0F}, {0xFEFF, 0xFEFF}, {0xFFA0, 0xFFA0}, {0xE0000, 0xE0FFF},
    };
    return std::any_of(std::begin(kRanges), std::end(kRanges),
                       [c](const auto& r) { return c >= r[0] && c <= r[1]; });
}

std::string hex(std::uint32_t v, int digits, bool upper = false) {
    const char* figures = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    std::string out(static_cast<std::size_t>(digits), '0');
    for (int k = digits - 1; k >= 0; --k, v >>= 4) {
        out[static_cast<std::size_t>(k)] = figures[v & 0xFu];
    }
    return out;
}

/// `message` with each quoted value ("…") cut at `max_chars` characters: a
/// message that echoes a 100,000-character value keeps its reason and what
/// was expected after the value instead of losing them at the line's end.
std::string cut_quoted(std::string_view message, std::size_t max_chars) {
    std::string out;
    std::size_t start = 0;
    while (start < message.size()) {
        const std::size_t open = message.find('"', start);
        const std::size_t close =
            open == std::string_view::npos ? open : message.find('"', open + 1);
        if (close == std::string_view::npos) {
            out.append(message.substr(start));
            break;
        }
        out.append(message.substr(start, open + 1 - start));
        out += printable(message.substr(open + 1, close - open - 1), max_chars);
        out += '"';
        start = close + 1;
    }
    return out;
}

} // namespace

std::size_t find_unsafe_char(std::string_view text, bool one_line) {
    for (std::size_t i = 0; i < text.size();) {
        // Printable ASCII, nearly every byte of a document, is safe on any
        // line: no decoding needed (issue 34).
        if (const auto c = static_cast<unsigned char>(text[i]); c >= 0x20 && c < 0x7F) {
            ++i;
            continue;
        }
        const Decoded d = decode(text, i);
        if (d.length == 0 || xml_forbids(d.code) || (one_line && control(d.code))) {
            return i;
        }
        i += d.length;
    }
    return std::string_view::npos;
}

std::string char_name(std::string_view text, std::size_t offset) {
    const Decoded d = decode(text, offset);
    if (d.length == 0) {
        return "byte 0x" + hex(static_cast<unsigned char>(text[offset]), 2, true);
    }
    return "U+" + hex(d.code, d.code > 0xFFFF ? 6 : 4, true);
}

std::string printable(std::string_view text, std::size_t max_chars) {
    std::string out;
    std::size_t chars = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        if (chars == max_chars) {
            // "…" and how much is left out, so the cut is never mistaken for the value.
            out += fmt::format("\xe2\x80\xa6 ({} more bytes)", text.size() - i);
            return out;
        }
        const Decoded d = decode(text, i);
        ++chars;
        if (d.length == 0) {
            out += "\\x" + hex(static_cast<unsigned char>(text[i]), 2);
            ++i;
            continue;
        }
        switch (d.code) {
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (control(d.code) || xml_forbids(d.code)) {
                out += "\\u" + hex(d.code, 4);
            } else {
                out.append(text.substr(i, d.length));
            }
        }
        i += d.length;
    }
    return out;
}

std::string error_line(std::string_view where, std::string_view message) {
    // Each part's cut adds "… (N more bytes)", up to 30 characters; the
    // prefix "podsizer: error: " takes 17.
    constexpr std::size_t kPartChars = 200;
    constexpr std::size_t kRoom = kMaxMessageChars - 17 - 30;
    std::string place;
    std::size_t start = 0;
    while (start <= where.size() && !where.empty()) {
        const std::size_t end = std::min(where.find(": ", start), where.size());
        if (!place.empty()) {
            place += ": ";
        }
        place += printable(where.substr(start, end - start), kPartChars);
        start = end + 2;
    }
    if (place.size() > kRoom / 2) { // many long parts: the message keeps half the line
        place = printable(place, kRoom / 2);
    }
    const std::size_t used = place.empty() ? 0 : place.size() + 2;
    const std::string text = printable(cut_quoted(message, kPartChars), kRoom - used);
    return place.empty() ? text : place + ": " + text;
}

std::string xml_safe(std::string_view text) {
    if (find_unsafe_char(text) == std::string_view::npos) {
        return std::string(text);
    }
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const Decoded d = decode(text, i);
        if (d.length == 0) {
            ++i; // not UTF-8: dropped like a forbidden character
            continue;
        }
        if (!xml_forbids(d.code)) {
            out.append(text.substr(i, d.length));
        }
        i += d.length;
    }
    return out;
}

std::string unsafe_text_problem(std::string_view text) {
    if (const std::size_t at = find_unsafe_char(text); at != std::string::npos) {
        return "\"" + printable(text, 60) + "\" holds the character " + char_name(text, at) +
               ", which no workbook, drawing or terminal line can carry; expected printable "
               "text";
    }
    return {};
}

bool blank_text(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const Decoded d = decode(text, i);
        if (d.length == 0 || !invisible(d.code)) {
            return false;
        }
        i += d.length;
    }
    return true;
}

std::string name_problem(std::string_view text) {
    if (std::string problem = unsafe_text_problem(text); !problem.empty()) {
        return problem;
    }
    if (const std::size_t at = find_unsafe_char(text, true); at != std::string::npos) {
        return "\"" + printable(text, 60) + "\" holds the control character " +
               char_name(text, at) + "; expected a name on one line";
    }
    // Names are table columns and rows: a 15 MB name made a 405 MB table
    // (second red-team round, defect 14).
    const auto chars = std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80; // UTF-8 lead bytes
    });
    if (static_cast<std::size_t>(chars) > kMaxNameChars) {
        return fmt::format("\"{}\" is longer than {} characters; expected a short name",
                           printable(text, 60), kMaxNameChars);
    }
    return {};
}

} // namespace podsizer

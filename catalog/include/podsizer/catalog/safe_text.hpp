// Text that is safe to write: in an XML part of a workbook or an SVG, and on
// a terminal. A name read from JSON may hold any character JSON allows
// ("\u001b", "\ufffe"); one such character made a whole workbook unreadable
// and let a file's author write escape sequences to the user's terminal
// (second red-team round, defects 6 and 11; docs/robustness.md).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace podsizer {

/// Byte offset of the first character XML 1.0 does not allow (below U+0020
/// except tab, line feed and carriage return; U+FFFE, U+FFFF), or npos. With
/// `one_line` (names and ids), tab, line feed, carriage return, DEL and the C1
/// controls U+0080–U+009F count too. `text` is UTF-8.
std::size_t find_unsafe_char(std::string_view text, bool one_line = false);

/// The character at `offset` of `text` as "U+001B" (a byte that does not start
/// valid UTF-8 as "byte 0xC3").
std::string char_name(std::string_view text, std::size_t offset);

/// `text` fit for a one-line message on a terminal: control characters (C0,
/// DEL, C1), U+FFFE/U+FFFF and bytes that are not UTF-8 are written as escapes
/// (\n, \t, \u001b, \xff), and text longer than `max_chars` characters is cut
/// with a note of what was left out, so a 1 MB value is not echoed in full.
std::string printable(std::string_view text, std::size_t max_chars = 200);

/// Why `text` cannot stand in a document at all (a character find_unsafe_char
/// finds), or empty: every string of a scenario or catalog is checked so.
std::string unsafe_text_problem(std::string_view text);

/// Whether `text` shows nothing: empty, or only spaces of any width (ASCII,
/// U+00A0, U+3000, ...), zero-width and joining characters (U+200B, U+2060,
/// U+FEFF, ...), direction marks and fillers. The one blank test for every
/// name: a name of NBSPs or zero-width spaces was taken where a name of
/// spaces was refused as empty (fourth red-team round, D9).
bool blank_text(std::string_view text);

/// Names and ids longer than this many characters are refused.
constexpr std::size_t kMaxNameChars = 200;

/// Why `text` cannot be a name (a scenario's, an option's, a job's, a catalog
/// entry's), or empty: after unsafe_text_problem, a name is one line of a table, a sheet's header
/// and a drawing's title, so it holds no control character (find_unsafe_char with one_line) and at
/// most kMaxNameChars characters. The one rule for a name from a file, a flag (`--name`) or the
/// GUI's form.
std::string name_problem(std::string_view text);

/// The longest message line podsizer prints, in characters: every echoed
/// value is cut far shorter, this is the last guard.
constexpr std::size_t kMaxMessageChars = 2000;

/// An input error as one printable line of at most kMaxMessageChars
/// characters with the "podsizer: error: " before it: each ": "-separated part
/// of its place (file, JSON path, a path echoed there) is cut at 200
/// characters and its message gets the rest, so a 5,000-character path no
/// longer pushes the reason off the line (third red-team round, defect 12);
/// each quoted value ("…") inside the message is cut at 200 characters too,
/// so a long echoed path or value keeps what was expected on the line.
std::string error_line(std::string_view where, std::string_view message);

/// `text` with every character XML 1.0 does not allow dropped: what the
/// workbook and the drawings write where a name came from elsewhere than a
/// checked file (the GUI's form).
std::string xml_safe(std::string_view text);

} // namespace podsizer

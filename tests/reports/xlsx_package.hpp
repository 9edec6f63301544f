// Reads an .xlsx package (a ZIP archive) for tests: every part, inflated and
// CRC-checked with zlib, so a test can look inside the XML the way Excel does
// before it decides whether a file needs repair.
#pragma once

#include <map>
#include <string>

/// Part name -> content. Throws std::runtime_error naming the problem when the
/// archive is truncated, a part's compression is unknown or its CRC is wrong.
std::map<std::string, std::string> read_xlsx_parts(const std::string& path);

/// Writes `parts` as a ZIP archive of stored (uncompressed) entries, as a
/// spreadsheet program reads any package: a test edits a part's XML (a cell a
/// user would type into) and writes the package back.
void write_xlsx_parts(const std::string& path, const std::map<std::string, std::string>& parts);

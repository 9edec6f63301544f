// LibreOffice as the reference spreadsheet program for the workbook tests:
// one headless launch converts every workbook to one CSV per sheet, after
// recalculating every formula on load.
#pragma once

#include <map>
#include <string>
#include <vector>

/// One sheet as LibreOffice exported it.
struct SheetCsv {
    std::vector<std::vector<std::string>> rows;
    /// The cell at 0-based (row, col); nullptr when outside what was exported.
    const std::string* at(int row, int col) const;
};

/// A number as LibreOffice's CSV export writes it with "save as shown" off:
/// full precision ("97.3333333333333%" is a percentage, "3E-020" a power).
/// Empty when the text is not a number.
bool parse_exported_number(const std::string& text, double& value);

/// Converts `workbooks` (absolute paths) with `soffice` in a throwaway user
/// profile whose Calc setting OOXMLRecalcMode is 0 ("always recalculate"), so
/// the values are LibreOffice's own results, not the cached ones. Returns
/// "<file stem>/<sheet name>" -> sheet. Throws std::runtime_error with
/// LibreOffice's output when the launch fails.
std::map<std::string, SheetCsv> libreoffice_csv(const std::string& soffice,
                                                const std::vector<std::string>& workbooks,
                                                const std::string& work_dir);

/// Splits RFC 4180 CSV text into rows of fields (CRLF or LF line ends).
std::vector<std::vector<std::string>> parse_csv(const std::string& text);

// A workbook as it prints: LibreOffice converts it to PDF, poppler's pdfinfo
// and pdftotext read the pages back (the print-out tests of the proposal and
// the batch workbooks).
#pragma once

#include "../cli/run_process.hpp"
#include "external_tools.hpp"

#include <catch2/catch.hpp>
#include <charconv>
#include <cstdio>
#include <regex>
#include <string>
#include <vector>

namespace test_pdf {

/// `soffice --headless --convert-to pdf` in a throwaway profile under `dir`;
/// the PDF's path.
inline std::string from_workbook(const std::string& xlsx, const std::string& dir) {
    const std::string soffice =
        test_tools::require_tool(PODSIZER_SOFFICE, "soffice", "libreoffice-calc-nogui");
    const ProcessResult r =
        run_process(soffice, {"-env:UserInstallation=file://" + dir + "/profile", "--headless",
                              "--convert-to", "pdf", "--outdir", dir, xlsx});
    INFO(r.out + r.err);
    REQUIRE(r.exit_code == 0);
    const std::string stem = xlsx.substr(xlsx.rfind('/') + 1);
    return dir + "/" + stem.substr(0, stem.rfind('.')) + ".pdf";
}

/// pdfinfo's report, with each page's size when `sizes` is set.
inline std::string info(const std::string& pdf, bool sizes) {
    const std::string pdfinfo =
        test_tools::require_tool(PODSIZER_PDFINFO, "pdfinfo", "poppler-utils");
    std::vector<std::string> args{pdf};
    if (sizes) {
        args = {"-f", "1", "-l", "100000", pdf};
    }
    const ProcessResult r = run_process(pdfinfo, args);
    REQUIRE(r.exit_code == 0);
    return r.out;
}

inline int pages(const std::string& pdf) {
    const std::string out = info(pdf, false);
    const std::size_t at = out.find("Pages:");
    REQUIRE(at != std::string::npos);
    return std::stoi(out.substr(at + 6));
}

/// Whether page `page` (1-based) is wider than high ("Page    3 size:
/// 841.89 x 595.304 pts (A4)"; read with from_chars, which no locale
/// changes).
inline bool landscape(const std::string& pdf, int page) {
    const std::string out = info(pdf, true);
    char key[32];
    std::snprintf(key, sizeof key, "Page %4d size:", page);
    std::size_t at = out.find(key);
    REQUIRE(at != std::string::npos);
    double size[2] = {0.0, 0.0};
    at += std::string(key).size();
    for (double& v : size) {
        at = out.find_first_of("0123456789", at);
        REQUIRE(at != std::string::npos);
        const auto r = std::from_chars(out.data() + at, out.data() + out.size(), v);
        REQUIRE(r.ec == std::errc());
        at = static_cast<std::size_t>(r.ptr - out.data());
    }
    return size[0] > size[1];
}

/// The text of one page (1-based). `raw`: in the order LibreOffice drew it,
/// so the lines of a wrapped cell come together.
inline std::string page_text(const std::string& pdf, int page, bool raw = false) {
    const std::string pdftotext =
        test_tools::require_tool(PODSIZER_PDFTOTEXT, "pdftotext", "poppler-utils");
    std::vector<std::string> args{"-f", std::to_string(page), "-l", std::to_string(page)};
    if (raw) {
        args.push_back("-raw");
    }
    args.insert(args.end(), {pdf, "-"});
    const ProcessResult r = run_process(pdftotext, args);
    REQUIRE(r.exit_code == 0);
    return r.out;
}

/// The sheet a printed page belongs to, from its footer ("Results
/// podsizer 0.1.0 · page 3 of 17"); empty when there is none.
inline std::string sheet_of(const std::string& text) {
    static const std::regex footer("(^|\\n)([^\\n]*) podsizer [^ \\n]+ \\xC2\\xB7 page [0-9]+ of");
    std::smatch m;
    return std::regex_search(text, m, footer) ? m[2].str() : std::string();
}

/// Text without its white space: a name or message wrapped over lines (at a
/// space or after a hyphen) still reads whole in it; a cut one does not.
inline std::string squashed(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c != ' ' && c != '\n' && c != '\r' && c != '\t' && c != '\f') {
            out += c;
        }
    }
    return out;
}

} // namespace test_pdf

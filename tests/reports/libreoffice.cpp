#define RUN_PROCESS_WITHOUT_PODSIZER
#include "libreoffice.hpp"

#include "../cli/run_process.hpp"
#include "support/test_files.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <dirent.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <sys/stat.h>

namespace {

// Calc's recalculation mode for OOXML files on load: 0 always, 1 never (the
// default), 2 ask (officecfg Calc.xcs, Formula/Load/OOXMLRecalcMode). Without
// "always", LibreOffice would show the cached results and prove nothing.
constexpr const char* kProfile = R"(<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="FirstRun" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
)";

// CSV filter options: comma, double quote, UTF-8, from line 1, no column
// formats, default language, quoted fields as text off, detect special numbers
// on, save cell contents as shown OFF (full precision), formulas off, no
// trimming, and -1: every sheet to its own file "<stem>-<sheet>.csv".
constexpr const char* kCsvFilter =
    "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1";

using test_support::read_file;

std::string stem_of(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
    const std::size_t dot = base.rfind('.');
    return dot == std::string::npos ? base : base.substr(0, dot);
}

} // namespace

const std::string* SheetCsv::at(int row, int col) const {
    if (row < 0 || static_cast<std::size_t>(row) >= rows.size()) {
        return nullptr;
    }
    const auto& r = rows[static_cast<std::size_t>(row)];
    if (col < 0 || static_cast<std::size_t>(col) >= r.size()) {
        return nullptr;
    }
    return &r[static_cast<std::size_t>(col)];
}

bool parse_exported_number(const std::string& text, double& value) {
    if (text.empty()) {
        return false;
    }
    std::string t = text;
    double scale = 1.0;
    if (t.back() == '%') {
        t.pop_back();
        scale = 0.01;
    }
    double v = 0.0;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || r.ec != std::errc() || r.ptr != t.data() + t.size() || !std::isfinite(v)) {
        return false;
    }
    value = v * scale;
    return true;
}

std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row;
    std::string field;
    bool quoted = false;
    bool any = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
            continue;
        }
        if (c == '"') {
            quoted = true;
            any = true;
        } else if (c == ',') {
            row.push_back(std::move(field));
            field.clear();
            any = true;
        } else if (c == '\r') {
            continue;
        } else if (c == '\n') {
            row.push_back(std::move(field));
            field.clear();
            rows.push_back(std::move(row));
            row.clear();
            any = false;
        } else {
            field += c;
            any = true;
        }
    }
    if (any || !field.empty()) {
        row.push_back(std::move(field));
        rows.push_back(std::move(row));
    }
    return rows;
}

std::map<std::string, SheetCsv> libreoffice_csv(const std::string& soffice,
                                                const std::vector<std::string>& workbooks,
                                                const std::string& work_dir) {
    const std::string profile = work_dir + "/lo-profile";
    const std::string out = work_dir + "/lo-csv";
    ::mkdir(profile.c_str(), 0700);
    ::mkdir((profile + "/user").c_str(), 0700);
    // A sheet from an earlier run of the same workbook name would read as
    // one of this run's: the CSVs start from an empty directory.
    std::filesystem::remove_all(out);
    ::mkdir(out.c_str(), 0755);
    std::ofstream(profile + "/user/registrymodifications.xcu") << kProfile;

    std::vector<std::string> args{"-env:UserInstallation=file://" + profile,
                                  "--headless",
                                  "--norestore",
                                  "--convert-to",
                                  kCsvFilter,
                                  "--outdir",
                                  out};
    args.insert(args.end(), workbooks.begin(), workbooks.end());
    const ProcessResult r = run_process(soffice, args);
    if (r.exit_code != 0) {
        throw std::runtime_error("soffice exited with " + std::to_string(r.exit_code) + ": " +
                                 r.out + r.err);
    }
    std::map<std::string, SheetCsv> sheets;
    DIR* dir = ::opendir(out.c_str());
    if (dir == nullptr) {
        throw std::runtime_error("soffice wrote no output directory: " + r.out + r.err);
    }
    std::vector<std::string> files;
    while (const dirent* e = ::readdir(dir)) {
        files.emplace_back(e->d_name);
    }
    ::closedir(dir);
    for (const std::string& wb : workbooks) {
        const std::string stem = stem_of(wb);
        for (const std::string& f : files) {
            if (f.rfind(stem + "-", 0) == 0 && f.size() > stem.size() + 5 &&
                f.compare(f.size() - 4, 4, ".csv") == 0) {
                const std::string sheet = f.substr(stem.size() + 1, f.size() - stem.size() - 5);
                sheets[stem + "/" + sheet].rows = parse_csv(read_file(out + "/" + f));
            }
        }
    }
    return sheets;
}

#pragma once
// Where the tests find the source tree, the programs under test, their output
// folder and the programs that check exported files.
//
// The paths are compiled into one file (test_paths.cpp) instead of being passed
// to every test file as -D definitions: a test file's compile command then does
// not depend on where the repository is checked out, so the compiler cache
// serves a fresh clone at another path (issue 27 item 6, CI time). The macro
// names are the ones the tests have always used; each expands to a C string.
namespace podsizer_test_paths {
const char* source_dir();
const char* podsizer_bin();
const char* podsizer_gui_bin();
const char* test_output_dir();
const char* xmllint();
const char* rsvg_convert();
const char* soffice();
const char* pdfinfo();
const char* pdftotext();
} // namespace podsizer_test_paths

#define PODSIZER_SOURCE_DIR (::podsizer_test_paths::source_dir())
#define PODSIZER_BIN (::podsizer_test_paths::podsizer_bin())
#define PODSIZER_GUI_BIN (::podsizer_test_paths::podsizer_gui_bin())
#define PODSIZER_TEST_OUTPUT_DIR (::podsizer_test_paths::test_output_dir())
#define PODSIZER_XMLLINT (::podsizer_test_paths::xmllint())
#define PODSIZER_RSVG_CONVERT (::podsizer_test_paths::rsvg_convert())
#define PODSIZER_SOFFICE (::podsizer_test_paths::soffice())
#define PODSIZER_PDFINFO (::podsizer_test_paths::pdfinfo())
#define PODSIZER_PDFTOTEXT (::podsizer_test_paths::pdftotext())

// The one test file whose compile command carries the checkout's paths
// (tests/CMakeLists.txt, podsizer_test_paths); see test_paths.hpp.
#include "support/test_paths.hpp"

namespace podsizer_test_paths {
const char* source_dir() {
    return PODSIZER_PATH_SOURCE_DIR;
}
const char* podsizer_bin() {
    return PODSIZER_PATH_BIN;
}
const char* podsizer_gui_bin() {
    return PODSIZER_PATH_GUI_BIN;
}
const char* test_output_dir() {
    return PODSIZER_PATH_TEST_OUTPUT_DIR;
}
const char* xmllint() {
    return PODSIZER_PATH_XMLLINT;
}
const char* rsvg_convert() {
    return PODSIZER_PATH_RSVG_CONVERT;
}
const char* soffice() {
    return PODSIZER_PATH_SOFFICE;
}
const char* pdfinfo() {
    return PODSIZER_PATH_PDFINFO;
}
const char* pdftotext() {
    return PODSIZER_PATH_PDFTOTEXT;
}
} // namespace podsizer_test_paths

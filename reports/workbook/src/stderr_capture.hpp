// libxlsxwriter's own stderr lines. On a write error workbook_close prints two
// "[ERROR]" lines of its own before podsizer's one line (docs/robustness.md).
// Its messages cannot be switched off, so stderr is captured into memory
// around that one call (xlsx::Book::close): replayed unchanged when the close
// succeeds, and on failure reduced to the system error it names ("System
// error = No space left on device"), which is added to podsizer's line.
// Nothing else in podsizer redirects stderr.
#pragma once

#include <string>

namespace podsizer::xlsx {

/// Points descriptor 2 at an in-memory file while it lives (process-wide, as
/// any descriptor is: keep it around one library call). Without a memfd it
/// captures nothing and stderr stays as it was.
class StderrCapture {
public:
    StderrCapture();
    ~StderrCapture() { restore(); }
    StderrCapture(const StderrCapture&) = delete;
    StderrCapture& operator=(const StderrCapture&) = delete;

    /// Puts stderr back and returns what was written to it meanwhile.
    std::string restore();

private:
    void close_all();
    int saved_ = -1;
    int memfd_ = -1;
};

/// Writes `text` to descriptor 2 as it is (the captured lines, replayed).
void write_to_stderr(const std::string& text);

/// "No space left on device" from libxlsxwriter's "... System error = No
/// space left on device" line; empty when the captured text names none.
std::string system_error_in(const std::string& captured);

} // namespace podsizer::xlsx

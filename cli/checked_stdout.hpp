// Checked stdout (docs/cli.md, "Exit codes"): exit 0 must mean the report is
// complete. iostreams drop a failed write's errno and the C++ runtime ignores
// a failed flush at exit, so a full disk, a closed stdout or a reader that
// went away gave exit 0 with a truncated report (second red-team round, defect 2;
// docs/robustness.md).
#pragma once

#include "exit_codes.hpp"

#include <array>
#include <streambuf>

namespace podsizer::cli {

/// Makes sure file descriptors 0, 1 and 2 are open (on /dev/null when they
/// were closed), so no file podsizer opens later takes their place and
/// receives the report; returns whether stdout was closed.
bool reserve_standard_descriptors();

/// std::cout's buffer while it lives: writes go to descriptor 1 with
/// write(2), and the first failure's errno is kept. After a failure the
/// stream is bad and further output is dropped at once.
class StdoutBuffer : public std::streambuf {
public:
    /// `closed`: stdout was closed at start; any output then fails (EBADF).
    explicit StdoutBuffer(bool closed);
    ~StdoutBuffer() override;
    StdoutBuffer(const StdoutBuffer&) = delete;
    StdoutBuffer& operator=(const StdoutBuffer&) = delete;

    /// The errno of the first failed write; 0 when none failed.
    int error() const { return error_; }

    /// Flushes std::cout; on failure prints one line on stderr and returns
    /// kExitBrokenPipe or kExitStdoutFailed in place of 0 or 1 (a code of 2
    /// or 3 already says the run failed and is kept).
    int finish(int exit_code);

protected:
    int_type overflow(int_type ch) override;
    int sync() override;

private:
    bool drain();

    std::array<char, 65536> buffer_{};
    std::streambuf* previous_ = nullptr;
    bool closed_ = false;
    int error_ = 0;
};

} // namespace podsizer::cli

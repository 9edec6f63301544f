// Runs the real podsizer binary and captures what a user would see.
#pragma once

#include <string>
#include <vector>

struct ProcessResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

/// Where the child's stdout goes: captured (the default), closed, appended
/// to a file (such as /dev/full), or a pipe whose reader has already gone.
enum class StdoutTo { capture, closed, file, broken_pipe };

struct RunOptions {
    std::string cwd;
    StdoutTo stdout_to = StdoutTo::capture;
    std::string stdout_file;     ///< for StdoutTo::file
    bool ignore_sigpipe = false; ///< as under some supervisors and Python's subprocess
    /// Above 0: RLIMIT_FSIZE in bytes, SIGXFSZ ignored, so a write past it
    /// fails (EFBIG) as on a full disk.
    long file_size_limit = 0;
    /// At 0 or above (and when run as root): the child runs as this user and
    /// group id, without supplementary groups (65534 is "nobody").
    int run_as = -1;
};

/// Runs `program` with `args` (no shell), with the working directory `cwd`.
ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                          const std::string& cwd = "");
/// The same with stdout set up as `options` says.
ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                          const RunOptions& options);

#ifndef RUN_PROCESS_WITHOUT_PODSIZER
/// Runs the podsizer binary under test from the source directory. (A test that
/// also includes the podsizer headers defines RUN_PROCESS_WITHOUT_PODSIZER:
/// this function's name clashes with the namespace.)
ProcessResult podsizer(const std::vector<std::string>& args);
#endif

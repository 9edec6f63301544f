// Runs the real podsizer binary and captures what a user would see.
#pragma once

#include <string>
#include <vector>

struct ProcessResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

/// Runs `program` with `args` (no shell), with the working directory `cwd`.
ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                          const std::string& cwd = "");

#ifndef RUN_PROCESS_WITHOUT_PODSIZER
/// Runs the podsizer binary under test from the source directory. (A test that
/// also includes the podsizer headers defines RUN_PROCESS_WITHOUT_PODSIZER:
/// this function's name clashes with the namespace.)
ProcessResult podsizer(const std::vector<std::string>& args);
#endif

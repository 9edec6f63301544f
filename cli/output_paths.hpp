// Export paths checked before anything is written: never one of the run's own
// inputs, never the same file twice (docs/cli.md, "Exports"). Files are
// compared by identity (device and inode), so "./x.json", "dir/../x.json" and
// a hard link all count as x.json; a file that does not exist yet is compared
// by its weakly canonical path.
#pragma once

#include "cli_common.hpp"

#include <string>
#include <vector>

namespace podsizer::cli {

/// A file a run reads or writes, and what it is to the run ("--xlsx",
/// "--svg", "the scenario", "a --catalog file", "a batch input").
struct RunFile {
    std::string role;
    std::string path;
};

/// The scenario (when there is one) and every --catalog file.
std::vector<RunFile> run_inputs(const GlobalOptions& g, const std::string& scenario_path);

/// Refuses (InputError naming the output's flag and path) an output that is
/// the same file as an input or as an earlier output, and any output
/// check_export_target refuses (a device, FIFO, socket, directory or
/// read-only file).
void check_outputs(const std::vector<RunFile>& outputs, const std::vector<RunFile>& inputs);

/// The CLI11 check for --xlsx and --svg: an empty value (an unset shell
/// variable) is an error, never "no export".
CLI::Validator non_empty_path();

} // namespace podsizer::cli

// The one check that no output of a run replaces a file the run reads (the
// scenario, every catalog file, the files a scenario names) or another output
// of it: used by every CLI command that writes a file, the batch workbook
// and the GUI's exports (docs/cli.md, "Exports"; third red-team round,
// defect 2). Files are compared by identity (device and inode), so "./x.json",
// "dir/../x.json", a symbolic link and a hard link all count as x.json; a file
// that does not exist yet is compared by its weakly canonical path.
#pragma once

#include <string>
#include <vector>

namespace podsizer {

/// A file a run reads or writes, and what it is to the run ("--xlsx",
/// "--svg", "the scenario", "a --catalog file", "the scenario's catalog",
/// "a batch input").
struct RunFile {
    std::string role;
    std::string path;
};

/// Refuses (InputError naming the output's role and path) an output that is
/// the same file as an input or as an earlier output, and any output
/// check_export_target refuses (a device, FIFO, socket, directory or
/// read-only file).
void check_outputs(const std::vector<RunFile>& outputs, const std::vector<RunFile>& inputs);

} // namespace podsizer

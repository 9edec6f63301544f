// Writing export files so that a failure never leaves a half-written file and
// never clobbers an existing one: write a temporary file in the same
// directory (same file system, so the rename is atomic), then rename it.
#pragma once

#include <functional>
#include <string>

namespace podsizer {

/// Throws InputError (where = `path`) unless `path` may be replaced by an
/// export: empty, a directory, a device, FIFO or socket, or a read-only file
/// are refused; a regular file or a new name is fine. write_atomically checks
/// it too; call it first to refuse before anything is written.
void check_export_target(const std::string& path);

/// Calls `write(temp_path)` to produce the file under a temporary name next to
/// `path`, then renames it to `path`. If `write` throws, or the rename fails,
/// the temporary file is removed and `path` is untouched. Throws InputError
/// (where = `path`) when the directory cannot take the file or
/// check_export_target refuses `path`. A replaced file keeps its permission
/// bits (and, as root, its owner); a new one gets the umask's. Installs no
/// signal handler and leaves the standard streams alone: a program that wants
/// the temporary gone when it is interrupted calls remove_export_temporaries
/// from its own handler (the CLI does: cli/interrupt_cleanup.cpp).
void write_atomically(const std::string& path,
                      const std::function<void(const std::string& temp_path)>& write);

/// write_atomically with the bytes of `content`.
void write_file_atomically(const std::string& path, const std::string& content);

/// Removes every temporary file a write_atomically in progress has created.
/// Async-signal-safe (atomic flags and unlink(2) only), for a signal handler
/// that then lets the process die; the interrupted writes leave their targets
/// as they were.
void remove_export_temporaries() noexcept;

} // namespace podsizer

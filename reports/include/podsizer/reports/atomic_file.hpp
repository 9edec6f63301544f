// Writing export files so that a failure never leaves a half-written file and
// never clobbers an existing one: write a temporary file in the same
// directory (same file system, so the rename is atomic), then rename it.
#pragma once

#include <functional>
#include <string>

namespace podsizer {

/// Calls `write(temp_path)` to produce the file under a temporary name next to
/// `path`, then renames it to `path`. If `write` throws, or the rename fails,
/// the temporary file is removed and `path` is untouched. Throws InputError
/// (where = `path`) when the directory cannot take the file.
void write_atomically(const std::string& path,
                      const std::function<void(const std::string& temp_path)>& write);

/// write_atomically with the bytes of `content`.
void write_file_atomically(const std::string& path, const std::string& content);

} // namespace podsizer

#include "podsizer/reports/run_files.hpp"

#include "podsizer/core/errors.hpp"
#include "podsizer/reports/atomic_file.hpp"

#include <filesystem>
#include <sys/stat.h>

namespace podsizer {

namespace {

struct FileId {
    bool exists = false;
    dev_t dev = 0;
    ino_t ino = 0;
    std::string canonical; ///< when it does not exist
};

FileId file_id(const std::string& path) {
    FileId id;
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        id.exists = true;
        id.dev = st.st_dev;
        id.ino = st.st_ino;
        return id;
    }
    std::error_code ec;
    const std::filesystem::path p = std::filesystem::weakly_canonical(path, ec);
    id.canonical = ec ? path : p.string();
    return id;
}

bool same_file(const FileId& a, const FileId& b) {
    return a.exists == b.exists &&
           (a.exists ? a.dev == b.dev && a.ino == b.ino : a.canonical == b.canonical);
}

} // namespace

void check_outputs(const std::vector<RunFile>& outputs, const std::vector<RunFile>& inputs) {
    std::vector<FileId> input_ids;
    input_ids.reserve(inputs.size());
    for (const RunFile& in : inputs) {
        input_ids.push_back(file_id(in.path));
    }
    std::vector<FileId> output_ids;
    for (const RunFile& out : outputs) {
        try {
            check_export_target(out.path);
        } catch (const InputError& e) {
            throw e.located(out.role);
        }
        const FileId id = file_id(out.path);
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            if (same_file(id, input_ids[i])) {
                throw InputError(out.role + ": " + out.path,
                                 "is " + inputs[i].role + " of this run (" + inputs[i].path +
                                     "); expected an output path that is not one of its inputs");
            }
        }
        for (std::size_t i = 0; i < output_ids.size(); ++i) {
            if (same_file(id, output_ids[i])) {
                throw InputError(out.role + ": " + out.path,
                                 "is also the " + outputs[i].role + " file (" + outputs[i].path +
                                     "); expected a different path for each export");
            }
        }
        output_ids.push_back(id);
    }
}

} // namespace podsizer

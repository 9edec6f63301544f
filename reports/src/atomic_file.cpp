#include "podsizer/reports/atomic_file.hpp"

#include "podsizer/core/errors.hpp"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace podsizer {

namespace {

std::string reason(int err) {
    return std::strerror(err);
}

/// Creates an empty, not yet existing file next to `path` and returns its name.
/// O_EXCL so two writers (or a stale temporary) never share one; mode 0666
/// so the umask, not this code, decides the final file's permissions.
std::string make_temp(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
    const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
    static std::atomic<unsigned> counter{0};
    for (int attempt = 0; attempt < 100; ++attempt) {
        const std::string temp = (slash == std::string::npos ? std::string() : dir) + "." + base +
                                 ".tmp-" + std::to_string(::getpid()) + "-" +
                                 std::to_string(counter++);
        const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0) {
            ::close(fd);
            return temp;
        }
        if (errno != EEXIST) {
            const int err = errno;
            throw InputError(path, "cannot write a file in " +
                                       (slash == std::string::npos ? std::string(".") : dir) +
                                       ": " + reason(err));
        }
    }
    throw InputError(path, "cannot create a temporary file next to it");
}

} // namespace

void write_atomically(const std::string& path,
                      const std::function<void(const std::string& temp_path)>& write) {
    if (path.empty()) {
        throw InputError("expected a file name, got an empty one");
    }
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
        throw InputError(path, "is a directory; expected a file name");
    }
    const std::string temp = make_temp(path);
    try {
        write(temp);
    } catch (...) {
        ::unlink(temp.c_str());
        throw;
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(temp.c_str());
        throw InputError(path, "cannot write: " + reason(err));
    }
}

void write_file_atomically(const std::string& path, const std::string& content) {
    write_atomically(path, [&](const std::string& temp) {
        const int fd = ::open(temp.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
        if (fd < 0) {
            throw InputError(path, "cannot write: " + reason(errno));
        }
        std::size_t done = 0;
        while (done < content.size()) {
            const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
            if (n < 0 && errno == EINTR) {
                continue;
            }
            if (n <= 0) {
                const int err = errno;
                ::close(fd);
                throw InputError(path, "cannot write: " + reason(err));
            }
            done += static_cast<std::size_t>(n);
        }
        // Data on disk before the rename makes it visible: a crash then
        // leaves either the old file or the whole new one.
        const bool synced = ::fsync(fd) == 0;
        const int sync_err = errno;
        if (::close(fd) != 0 || !synced) {
            throw InputError(path, "cannot write: " + reason(synced ? errno : sync_err));
        }
    });
}

} // namespace podsizer

#include "podsizer/reports/atomic_file.hpp"

#include "podsizer/core/errors.hpp"

#include <array>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <mutex>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace podsizer {

namespace {

std::string reason(int err) {
    return std::strerror(err);
}

// --- Temporaries a program may remove when it is interrupted --------------
//
// Ctrl-C during a large workbook used to leave a hidden ".x.xlsx.tmp-PID-N"
// next to the target for good (docs/robustness.md). This library installs no
// signal handler (a save in the GUI must not change how the process reacts to
// signals); it keeps the live temporaries where a handler the program itself
// installs can remove them: remove_export_temporaries() uses only
// async-signal-safe calls, so the registry is a fixed array of path buffers
// whose "in use" flags are lock-free atomics. Registering takes a mutex
// (threads), never the handler.

constexpr std::size_t kTempSlots = 16;
constexpr std::size_t kTempPathMax = PATH_MAX;

struct TempRegistry {
    std::array<std::array<char, kTempPathMax>, kTempSlots> paths{};
    std::array<std::atomic<bool>, kTempSlots> used{};
    std::mutex mutex;
};

TempRegistry& registry() {
    static TempRegistry r;
    return r;
}

/// Registers `temp` for removal by remove_export_temporaries while it exists;
/// a path too long for a slot, or all slots busy, is simply not registered
/// (it is still removed on every ordinary failure).
class RegisteredTemp {
public:
    explicit RegisteredTemp(const std::string& temp) {
        if (temp.size() >= kTempPathMax) {
            return;
        }
        TempRegistry& r = registry();
        const std::lock_guard lock(r.mutex);
        for (std::size_t i = 0; i < kTempSlots; ++i) {
            if (!r.used[i].load()) {
                std::memcpy(r.paths[i].data(), temp.c_str(), temp.size() + 1);
                r.used[i].store(true); // after the path is complete
                slot_ = static_cast<int>(i);
                return;
            }
        }
    }
    ~RegisteredTemp() {
        if (slot_ >= 0) {
            registry().used[static_cast<std::size_t>(slot_)].store(false);
        }
    }
    RegisteredTemp(const RegisteredTemp&) = delete;
    RegisteredTemp& operator=(const RegisteredTemp&) = delete;

private:
    int slot_ = -1;
};

/// Writes all of `data` to `fd`, again after EINTR: 0, or errno as the
/// write that stopped short left it.
int write_all(int fd, const std::string& data) {
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return errno;
        }
        done += static_cast<std::size_t>(n);
    }
    return 0;
}

// --- The target -----------------------------------------------------------

const char* non_regular_kind(mode_t mode) {
    if (S_ISCHR(mode)) {
        return "a character device";
    }
    if (S_ISBLK(mode)) {
        return "a block device";
    }
    if (S_ISFIFO(mode)) {
        return "a FIFO (named pipe)";
    }
    if (S_ISSOCK(mode)) {
        return "a socket";
    }
    return "not a regular file";
}

/// Creates an empty, not yet existing file next to `path`, registered in
/// `registered`, and returns its name. The name is registered before the file
/// is created, so an interrupt between the two cannot leave it behind (an
/// unlink of a name not yet created is harmless). O_EXCL so two writers (or a
/// stale temporary) never share one; mode 0666 so the umask, not this code,
/// decides a new file's permissions.
std::string make_temp(const std::string& path, std::optional<RegisteredTemp>& registered) {
    const std::size_t slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "" : path.substr(0, slash + 1);
    const std::string base = path.substr(dir.size());
    static std::atomic<unsigned> counter{0};
    for (int attempt = 0; attempt < 100; ++attempt) {
        const std::string temp = fmt::format("{}.{}.tmp-{}-{}", dir, base, ::getpid(), counter++);
        registered.emplace(temp);
        const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0) {
            ::close(fd);
            return temp;
        }
        const int err = errno;
        registered.reset(); // not ours: another writer's, or a stale one
        if (err != EEXIST) {
            throw InputError(path, "cannot write a file in " + (dir.empty() ? "." : dir) + ": " +
                                       reason(err));
        }
    }
    throw InputError(path, "cannot create a temporary file next to it");
}

/// The target's mode and owner, to be given to the file that replaces it, so
/// a private (0600) file stays private.
void copy_metadata(const std::string& path, const std::string& temp, const struct stat& target) {
    if (::chmod(temp.c_str(), target.st_mode & 0777) != 0) {
        throw InputError(path, "cannot set the permissions of the new file: " + reason(errno));
    }
    // Only root can give a file away; for anyone else the owner is already theirs.
    if (::geteuid() == 0) {
        [[maybe_unused]] const int ignored = ::chown(temp.c_str(), target.st_uid, target.st_gid);
    }
}

} // namespace

void check_export_target(const std::string& path) {
    if (path.empty()) {
        throw InputError("expected a file name, got an empty one");
    }
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        return; // a new file (or a directory that cannot take it: make_temp says so)
    }
    if (S_ISDIR(st.st_mode)) {
        throw InputError(path, "is a directory; expected a file name");
    }
    // A rename over a device, FIFO or socket replaces it with a regular file:
    // as root, "--xlsx /dev/null" destroyed the system's /dev/null.
    if (!S_ISREG(st.st_mode)) {
        throw InputError(path, std::string("is ") + non_regular_kind(st.st_mode) +
                                   ", not a regular file; expected a regular file or a new "
                                   "file name (an export never replaces a device, FIFO or "
                                   "socket)");
    }
    // The rename would replace a read-only file all the same (the directory,
    // not the file, is checked): refuse as a shell's ">" would.
    if (::access(path.c_str(), W_OK) != 0 && errno == EACCES) {
        throw InputError(path, "is read-only; expected a file that may be written");
    }
}

void write_atomically(const std::string& path,
                      const std::function<void(const std::string& temp_path)>& write) {
    check_export_target(path);
    std::optional<RegisteredTemp> registered;
    const std::string temp = make_temp(path, registered);
    try {
        write(temp);
        // Checked again: the target may have changed while the file was written.
        check_export_target(path);
        struct stat st {};
        if (::stat(path.c_str(), &st) == 0) {
            copy_metadata(path, temp, st);
        }
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
        if (const int err = write_all(fd, content); err != 0) {
            ::close(fd);
            throw InputError(path, "cannot write: " + reason(err));
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

void remove_export_temporaries() noexcept {
    TempRegistry& r = registry();
    for (std::size_t i = 0; i < kTempSlots; ++i) {
        if (r.used[i].load()) {
            ::unlink(r.paths[i].data());
        }
    }
}

} // namespace podsizer

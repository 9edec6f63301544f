#include "run_process.hpp"

#include "support/test_paths.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <stdexcept>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

/// In the child: stdout as `options` says (the capture pipe is already on it).
void set_up_stdout(const RunOptions& options) {
    if (options.stdout_to == StdoutTo::closed) {
        close(STDOUT_FILENO);
    } else if (options.stdout_to == StdoutTo::file) {
        const int fd = open(options.stdout_file.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0) {
            _exit(127);
        }
        close(fd);
    }
    if (options.ignore_sigpipe) {
        signal(SIGPIPE, SIG_IGN);
    }
    if (options.run_as >= 0) {
        const auto id = static_cast<uid_t>(options.run_as);
        if (setgroups(0, nullptr) != 0 || setgid(id) != 0 || setuid(id) != 0) {
            _exit(127);
        }
    }
    if (options.file_size_limit > 0) {
        const rlimit limit{static_cast<rlim_t>(options.file_size_limit),
                           static_cast<rlim_t>(options.file_size_limit)};
        signal(SIGXFSZ, SIG_IGN);
        if (setrlimit(RLIMIT_FSIZE, &limit) != 0) {
            _exit(127);
        }
    }
}

} // namespace

ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                          const std::string& cwd) {
    RunOptions options;
    options.cwd = cwd;
    return run_process(program, args, options);
}

ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                          const RunOptions& options) {
    const std::string& cwd = options.cwd;
    int out_pipe[2];
    int err_pipe[2];
    if (pipe(out_pipe) != 0 || pipe(err_pipe) != 0) {
        throw std::runtime_error("pipe failed");
    }
    if (options.stdout_to == StdoutTo::broken_pipe) {
        // No reader from the start, so the child's first write fails (EPIPE),
        // whatever the timing.
        close(out_pipe[0]);
        out_pipe[0] = -1;
    }
    const pid_t pid = fork();
    if (pid < 0) {
        throw std::runtime_error("fork failed");
    }
    if (pid == 0) {
        dup2(out_pipe[1], STDOUT_FILENO);
        dup2(err_pipe[1], STDERR_FILENO);
        if (out_pipe[0] >= 0) {
            close(out_pipe[0]);
        }
        close(err_pipe[0]);
        close(out_pipe[1]);
        close(err_pipe[1]);
        set_up_stdout(options);
        if (!cwd.empty() && chdir(cwd.c_str()) != 0) {
            _exit(127);
        }
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>(program.c_str()));
        for (const std::string& a : args) {
            argv.push_back(const_cast<char*>(a.c_str()));
        }
        argv.push_back(nullptr);
        execv(program.c_str(), argv.data());
        _exit(127);
    }
    close(out_pipe[1]);
    close(err_pipe[1]);
    ProcessResult r;
    pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
    int open_fds = out_pipe[0] >= 0 ? 2 : 1;
    char buf[65536];
    while (open_fds > 0) {
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR) {
                continue;
            }
            break;
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP)) == 0) {
                continue;
            }
            const ssize_t n = read(fds[i].fd, buf, sizeof buf);
            if (n <= 0) {
                close(fds[i].fd);
                fds[i].fd = -1;
                --open_fds;
            } else {
                (i == 0 ? r.out : r.err).append(buf, static_cast<std::size_t>(n));
            }
        }
    }
    int status = 0;
    waitpid(pid, &status, 0);
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return r;
}

ProcessResult podsizer(const std::vector<std::string>& args) {
    return run_process(PODSIZER_BIN, args, PODSIZER_SOURCE_DIR);
}

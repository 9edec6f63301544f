#include "checked_stdout.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <unistd.h>

namespace podsizer::cli {

bool reserve_standard_descriptors() {
    bool stdout_closed = false;
    for (int fd = 0; fd <= 2; ++fd) {
        if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) {
            continue;
        }
        stdout_closed = stdout_closed || fd == STDOUT_FILENO;
        // open() returns the lowest free descriptor: this one.
        const int null = ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (null >= 0 && null != fd) {
            ::close(null);
        }
    }
    return stdout_closed;
}

StdoutBuffer::StdoutBuffer(bool closed) : closed_(closed) {
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    previous_ = std::cout.rdbuf(this);
}

StdoutBuffer::~StdoutBuffer() {
    std::cout.rdbuf(previous_);
}

bool StdoutBuffer::drain() {
    const char* p = pbase();
    const char* end = pptr();
    if (p != end && error_ == 0 && closed_) {
        error_ = EBADF;
    }
    while (p < end && error_ == 0) {
        const ssize_t n = ::write(STDOUT_FILENO, p, static_cast<std::size_t>(end - p));
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            error_ = n < 0 ? errno : EIO;
            break;
        }
        p += n;
    }
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return error_ == 0;
}

StdoutBuffer::int_type StdoutBuffer::overflow(int_type ch) {
    if (!drain()) {
        return traits_type::eof();
    }
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
        *pptr() = traits_type::to_char_type(ch);
        pbump(1);
    }
    return traits_type::not_eof(ch);
}

int StdoutBuffer::sync() {
    return drain() ? 0 : -1;
}

int StdoutBuffer::finish(int exit_code) {
    std::cout.flush();
    if (error_ == 0) {
        return exit_code;
    }
    if (error_ == EPIPE) {
        std::cerr << "podsizer: error: stdout: the reader closed the pipe (" << std::strerror(EPIPE)
                  << "); the report is incomplete\n";
    } else if (closed_) {
        std::cerr << "podsizer: error: stdout: closed (" << std::strerror(error_)
                  << "); the report was not written\n";
    } else {
        std::cerr << "podsizer: error: stdout: " << std::strerror(error_)
                  << "; the report is incomplete\n";
    }
    if (exit_code >= 2) {
        return exit_code;
    }
    return error_ == EPIPE ? kExitBrokenPipe : kExitStdoutFailed;
}

} // namespace podsizer::cli

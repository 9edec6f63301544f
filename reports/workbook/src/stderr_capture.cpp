#include "stderr_capture.hpp"

#include <cerrno>
#include <sys/mman.h>
#include <unistd.h>

namespace podsizer::xlsx {

StderrCapture::StderrCapture() {
    saved_ = ::dup(STDERR_FILENO);
    memfd_ = ::memfd_create("podsizer-stderr", MFD_CLOEXEC);
    if (saved_ < 0 || memfd_ < 0 || ::dup2(memfd_, STDERR_FILENO) < 0) {
        close_all();
    }
}

std::string StderrCapture::restore() {
    if (saved_ < 0) {
        return {};
    }
    ::dup2(saved_, STDERR_FILENO);
    std::string text;
    char block[4096];
    ssize_t n = 0;
    ::lseek(memfd_, 0, SEEK_SET);
    while ((n = ::read(memfd_, block, sizeof block)) > 0 && text.size() < (1u << 20)) {
        text.append(block, static_cast<std::size_t>(n));
    }
    close_all();
    return text;
}

void StderrCapture::close_all() {
    if (saved_ >= 0) {
        ::close(saved_);
    }
    if (memfd_ >= 0) {
        ::close(memfd_);
    }
    saved_ = memfd_ = -1;
}

void write_to_stderr(const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(STDERR_FILENO, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return; // nowhere left to report a failure
        }
        done += static_cast<std::size_t>(n);
    }
}

std::string system_error_in(const std::string& captured) {
    const std::string marker = "System error = ";
    const std::size_t at = captured.rfind(marker);
    if (at == std::string::npos) {
        return {};
    }
    const std::size_t start = at + marker.size();
    const std::size_t end = captured.find('\n', start);
    return captured.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

} // namespace podsizer::xlsx

#include "interrupt_cleanup.hpp"

#include "podsizer/reports/atomic_file.hpp"

#include <csignal>

namespace podsizer::cli {

namespace {

extern "C" void remove_temporaries_and_reraise(int sig) {
    remove_export_temporaries(); // async-signal-safe
    ::raise(sig);
}

} // namespace

void remove_export_temporaries_on_interrupt() {
    for (const int sig : {SIGINT, SIGTERM, SIGHUP}) {
        struct sigaction old {};
        if (::sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL ||
            (old.sa_flags & SA_SIGINFO) != 0) {
            continue;
        }
        struct sigaction sa {};
        sa.sa_handler = remove_temporaries_and_reraise;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND;
        ::sigaction(sig, &sa, nullptr);
    }
}

} // namespace podsizer::cli

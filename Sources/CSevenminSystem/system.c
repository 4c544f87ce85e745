#define _GNU_SOURCE
#include "csevenmin_system.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <pthread.h>

static int signal_pipe[2] = {-1, -1};

static void on_signal(int signo) {
    int saved = errno;
    unsigned char byte = (unsigned char)signo;
    /* A full pipe already holds a wake-up; dropping the byte is harmless. */
    ssize_t ignored = write(signal_pipe[1], &byte, 1);
    (void)ignored;
    errno = saved;
}

static const int caught[] = {SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGWINCH, SIGCONT};

int csevenmin_signal_catch(int signo) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    return sigaction(signo, &sa, NULL);
}

int csevenmin_signal_default(int signo) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    return sigaction(signo, &sa, NULL);
}

int csevenmin_signals_install(void) {
    if (signal_pipe[0] < 0) {
        if (pipe2(signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    }
    /* A parent may have left these blocked (threads often do, and the mask is
       inherited across exec); a blocked SIGINT would make Ctrl-C do nothing. */
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) {
        if (csevenmin_signal_catch(caught[i]) != 0) return -1;
        sigaddset(&set, caught[i]);
    }
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    return signal_pipe[0];
}

/* ---- crash guard ---- */

static int guard_fd = -1;
static char guard_restore[512];
static size_t guard_length = 0;
static struct termios guard_modes;
static int guard_have_modes = 0;
static const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT};

static void on_crash(int signo) {
    if (guard_fd >= 0) {
        ssize_t ignored = write(guard_fd, guard_restore, guard_length);
        (void)ignored;
        if (guard_have_modes) tcsetattr(guard_fd, TCSANOW, &guard_modes);
    }
    csevenmin_signal_default(signo);
    raise(signo);
}

int csevenmin_crash_guard_arm(int tty_fd, const char *restore, size_t length) {
    if (length >= sizeof guard_restore) length = sizeof guard_restore - 1;
    memcpy(guard_restore, restore, length);
    guard_length = length;
    guard_have_modes = tcgetattr(tty_fd, &guard_modes) == 0;
    guard_fd = tty_fd;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_crash;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND | SA_NODEFER;
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        if (sigaction(fatal[i], &sa, NULL) != 0) return -1;
    }
    return 0;
}

void csevenmin_crash_guard_disarm(void) {
    guard_fd = -1;
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) csevenmin_signal_default(fatal[i]);
}

/* ---- stderr redirection ---- */

int csevenmin_stderr_redirect(const char *path) {
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    int saved = fcntl(2, F_DUPFD_CLOEXEC, 3);
    if (saved < 0) { close(fd); return -1; }
    if (dup2(fd, 2) < 0) { close(fd); close(saved); return -1; }
    close(fd);
    return saved;
}

void csevenmin_stderr_restore(int saved) {
    if (saved < 0) return;
    dup2(saved, 2);
    close(saved);
}

/* ---- waiting ---- */
#include <poll.h>
#include <time.h>

int csevenmin_wait(const int *fds, int count, long long timeout_ns, unsigned *ready) {
    struct pollfd p[8];
    if (count > 8) count = 8;
    for (int k = 0; k < count; k++) { p[k].fd = fds[k]; p[k].events = POLLIN; p[k].revents = 0; }
    struct timespec ts, *tp = NULL;
    if (timeout_ns >= 0) {
        ts.tv_sec = (time_t)(timeout_ns / 1000000000LL);
        ts.tv_nsec = (long)(timeout_ns % 1000000000LL);
        tp = &ts;
    }
    *ready = 0;
    int n = ppoll(p, (nfds_t)count, tp, NULL);
    if (n < 0) return -1;
    for (int k = 0; k < count; k++) {
        if (p[k].revents & (POLLIN | POLLHUP | POLLERR)) *ready |= 1u << k;
    }
    return 0;
}

/* ---- precise timer ---- */
#include <sys/timerfd.h>
#include <math.h>

int csevenmin_timer_create(void) {
    return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
}

int csevenmin_timer_arm(int fd, double instant) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    if (instant >= 0) {
        double whole = floor(instant);
        spec.it_value.tv_sec = (time_t)whole;
        spec.it_value.tv_nsec = (long)((instant - whole) * 1e9);
        if (spec.it_value.tv_nsec >= 1000000000L) { spec.it_value.tv_sec += 1; spec.it_value.tv_nsec -= 1000000000L; }
        /* An all-zero value would disarm; the epoch itself is long past anyway. */
        if (spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0) spec.it_value.tv_nsec = 1;
    }
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

void csevenmin_timer_clear(int fd) {
    unsigned long long expirations;
    ssize_t ignored = read(fd, &expirations, sizeof expirations);
    (void)ignored;
}

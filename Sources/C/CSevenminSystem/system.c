/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include "csevenmin_system.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

/* ---- crash guard state, also used by the final signal handler ---- */

static int guard_fd = -1;
static char guard_restore[512];
static size_t guard_length = 0;
static struct termios guard_modes;
static volatile sig_atomic_t guard_have_modes = 0;
static char guard_unlink_path[4096];
static volatile sig_atomic_t guard_have_unlink = 0;

/* Removes the file registered with csevenmin_crash_guard_unlink; unlink is async-signal-safe. */
static void guard_unlink(void) {
    if (guard_have_unlink) unlink(guard_unlink_path); /* ignored: dying; a file left is all that can go wrong */
}

/* Puts the terminal back as well as can be done inside a signal handler. */
static void guard_restore_terminal(void) {
    if (guard_fd < 0) return;
    ssize_t ignored = write(guard_fd, guard_restore, guard_length);
    (void)ignored;
    /* ignored: inside a signal handler there is no one to tell; the modes are put back if they can be */
    if (guard_have_modes) tcsetattr(guard_fd, TCSANOW, &guard_modes);
}

/* ---- signals through a self-pipe ---- */

static int signal_pipe[2] = {-1, -1};
static volatile sig_atomic_t final_stage = 0;

static void on_signal(int signo) {
    int saved = errno;
    if (final_stage && (signo == SIGINT || signo == SIGTERM || signo == SIGHUP || signo == SIGQUIT)) {
        guard_restore_terminal();
        guard_unlink();
        csevenmin_die_by_signal(signo);
    }
    unsigned char byte = (unsigned char)signo;
    /* A full pipe already holds a wake-up; dropping the byte is harmless. */
    ssize_t ignored = write(signal_pipe[1], &byte, 1);
    (void)ignored;
    errno = saved;
}

static const int caught[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGWINCH, SIGCONT};
/* Signals whose default action ends the process, which nothing here sends on
   purpose: ignoring them keeps the terminal safe (a broken --events pipe becomes
   EPIPE, reported once). */
static const int ignored_signals[] = {SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
                                      SIGIO, SIGPWR, SIGSTKFLT, SIGXCPU, SIGXFSZ};

int csevenmin_signal_catch(int signo) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask); /* ignored: it fails only on a null set */
    sa.sa_flags = SA_RESTART;
    return sigaction(signo, &sa, NULL) == 0 ? 0 : -errno;
}

int csevenmin_signal_default(int signo) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask); /* ignored: it fails only on a null set */
    return sigaction(signo, &sa, NULL) == 0 ? 0 : -errno;
}

int csevenmin_signals_install(const char **failed) {
    if (signal_pipe[0] < 0) {
        *failed = "pipe2";
        if (pipe2(signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return -errno;
    }
    /* A parent may have left these blocked (threads often do, and the mask is
       inherited across exec); a blocked SIGINT would make Ctrl-C do nothing. */
    sigset_t set;
    /* ignored (sigemptyset, sigaddset): they fail only on a null set or a signal that is not one */
    sigemptyset(&set);
    *failed = "sigaction";
    for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) {
        int rc = csevenmin_signal_catch(caught[i]);
        if (rc != 0) return rc;
        sigaddset(&set, caught[i]); /* ignored: as above */
    }
    *failed = "signal";
    for (size_t i = 0; i < sizeof ignored_signals / sizeof ignored_signals[0]; i++) {
        if (signal(ignored_signals[i], SIG_IGN) == SIG_ERR) return -errno;
    }
    /* pthread_sigmask returns its error rather than setting errno. */
    *failed = "pthread_sigmask";
    int rc = pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    if (rc != 0) return -rc;
    return signal_pipe[0];
}

void csevenmin_signals_final(void) {
    final_stage = 1;
}

void csevenmin_die_by_signal(int signo) {
    /* ignored (each call below): dying by the signal is all that is left to do; should any step fail,
       the _exit after them ends the process with the shell's code for it */
    csevenmin_signal_default(signo);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signo);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(signo);
    /* Only reached if the signal is somehow ignored by the kernel (it is not). */
    _exit(128 + signo);
}

/* ---- crash guard ---- */

/* Every signal whose default is to dump core: a seccomp kill (SIGSYS) and CPU or file limits too. */
static const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGSYS, SIGXCPU, SIGXFSZ};

static void on_crash(int signo) {
    guard_restore_terminal();
    guard_unlink();
    /* ignored (both): inside the crash there is no one to tell; SA_RESETHAND has put the default back anyway */
    csevenmin_signal_default(signo);
    raise(signo);
}

void csevenmin_crash_guard_save_modes(int fd) {
    guard_have_modes = tcgetattr(fd, &guard_modes) == 0;
}

/* on_crash for every signal in `fatal`; 0, or -errno. */
static int crash_handlers_install(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_crash;
    sigemptyset(&sa.sa_mask); /* ignored: it fails only on a null set */
    sa.sa_flags = SA_RESETHAND | SA_NODEFER;
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        if (sigaction(fatal[i], &sa, NULL) != 0) return -errno;
    }
    return 0;
}

int csevenmin_crash_guard_arm(int tty_fd, const char *restore, size_t length) {
    /* A restore cut short could leave the terminal half set: refuse it whole. */
    if (length >= sizeof guard_restore) return -E2BIG;
    memcpy(guard_restore, restore, length);
    guard_length = length;
    guard_fd = tty_fd;
    return crash_handlers_install();
}

void csevenmin_crash_guard_unlink(const char *path) {
    guard_have_unlink = 0;
    if (path == NULL || strlen(path) >= sizeof guard_unlink_path) return;
    memcpy(guard_unlink_path, path, strlen(path) + 1);
    guard_have_unlink = 1;
}

int csevenmin_unlink_on_death(const char *path, const char **failed) {
    static const int ending[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    csevenmin_crash_guard_unlink(path);
    final_stage = 1;
    sigset_t set;
    /* ignored (sigemptyset, sigaddset): they fail only on a null set or a signal that is not one */
    sigemptyset(&set);
    *failed = "sigaction";
    for (size_t i = 0; i < sizeof ending / sizeof ending[0]; i++) {
        struct sigaction old;
        if (sigaction(ending[i], NULL, &old) != 0) return -errno;
        if (old.sa_handler == SIG_IGN) continue;
        int rc = csevenmin_signal_catch(ending[i]);
        if (rc != 0) return rc;
        sigaddset(&set, ending[i]); /* ignored: as above */
    }
    int armed = crash_handlers_install();
    if (armed != 0) return armed;
    /* pthread_sigmask returns its error rather than setting errno. */
    *failed = "pthread_sigmask";
    int rc = pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    return rc == 0 ? 0 : -rc;
}

int csevenmin_crash_guard_disarm(void) {
    guard_fd = -1;
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        int rc = csevenmin_signal_default(fatal[i]);
        if (rc != 0) return rc;
    }
    return 0;
}

/* ---- terminal modes ---- */

int csevenmin_tty_flow_control(int fd, int on, const char **failed) {
    struct termios t;
    *failed = "tcgetattr";
    if (tcgetattr(fd, &t) != 0) return -errno;
    if (on) t.c_iflag |= IXON; else t.c_iflag &= ~(tcflag_t)IXON;
    *failed = "tcsetattr";
    return tcsetattr(fd, TCSANOW, &t) == 0 ? 0 : -errno;
}

int csevenmin_tty_keys(int fd, const char **failed) {
    struct termios t;
    *failed = "tcgetattr";
    if (tcgetattr(fd, &t) != 0) return -errno;
    t.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    *failed = "tcsetattr";
    return tcsetattr(fd, TCSANOW, &t) == 0 ? 0 : -errno;
}

int csevenmin_tty_restore_saved(int fd) {
    if (!guard_have_modes) return -ENOENT;
    return tcsetattr(fd, TCSANOW, &guard_modes) == 0 ? 0 : -errno;
}

/* ---- stderr redirection ---- */

int csevenmin_stderr_redirect(const char *path, const char **failed) {
    /* O_NONBLOCK: a FIFO planted at the log's name must not hang us; only a plain file is taken. */
    *failed = "open";
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600);
    if (fd < 0) return -errno;
    struct stat info;
    *failed = "fstat";
    /* ignored (close, here and on each failure below): the failure is what the caller is told */
    if (fstat(fd, &info) != 0) { int e = errno; close(fd); return -e; }
    /* /dev/null (1, 3) is the one device taken: where no log can be written, what libraries say is dropped. */
    int is_null = S_ISCHR(info.st_mode) && major(info.st_rdev) == 1 && minor(info.st_rdev) == 3;
    /* ignored (close): as above */
    if (!S_ISREG(info.st_mode) && !is_null) { *failed = "open"; close(fd); return -EINVAL; }
    *failed = "fcntl";
    int flags = fcntl(fd, F_GETFL);
    /* ignored (close): as above */
    if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) { int e = errno; close(fd); return -e; }
    int saved = csevenmin_stderr_redirect_fd(fd, failed);
    /* ignored: fd 2 holds the file now (or the error is returned); this descriptor of it was only a way there */
    close(fd);
    return saved;
}

int csevenmin_stderr_redirect_fd(int fd, const char **failed) {
    *failed = "fcntl";
    int saved = fcntl(2, F_DUPFD_CLOEXEC, 3);
    if (saved < 0) return -errno;
    *failed = "dup2";
    if (dup2(fd, 2) < 0) { int e = errno; close(saved); return -e; } /* ignored (close): the error is dup2's */
    return saved;
}

int csevenmin_stderr_restore(int saved) {
    if (saved < 0) return 0;
    int rc = dup2(saved, 2) < 0 ? -errno : 0;
    /* ignored: the saved descriptor's copy is in fd 2 now, or the failure above is returned */
    close(saved);
    return rc;
}

/* ---- precise timer ---- */

int csevenmin_timer_create(void) {
    int fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    return fd >= 0 ? fd : -errno;
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
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL) == 0 ? 0 : -errno;
}

/* ---- wall-clock watch ---- */

int csevenmin_clock_watch_arm(int fd) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    /* 2100-01-01: never reached, only cancelled. */
    spec.it_value.tv_sec = (time_t)4102444800LL;
    return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL) == 0 ? 0 : -errno;
}

int csevenmin_clock_watch_create(void) {
    int fd = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK | TFD_CLOEXEC);
    if (fd < 0) return -errno;
    int armed = csevenmin_clock_watch_arm(fd);
    if (armed < 0) {
        close(fd); /* ignored: the failure returned is the arming's */
        return armed;
    }
    return fd;
}

int csevenmin_name_thread(const char *name) {
    char shortened[16];
    strncpy(shortened, name, sizeof shortened - 1);
    shortened[sizeof shortened - 1] = 0;
    return -pthread_setname_np(pthread_self(), shortened);
}

int csevenmin_signals_hold(sigset_t *old) {
    sigset_t set;
    /* ignored (sigemptyset, sigaddset): they fail only on a null set or a signal that is not one */
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) sigaddset(&set, caught[i]);
    /* pthread_sigmask returns its error rather than setting errno. */
    return -pthread_sigmask(SIG_BLOCK, &set, old);
}

int csevenmin_signals_unhold(const sigset_t *old) {
    return -pthread_sigmask(SIG_SETMASK, old, NULL);
}

int csevenmin_memory_file(const char *name) {
    int fd = memfd_create(name, MFD_CLOEXEC);
    return fd >= 0 ? fd : -errno;
}

int csevenmin_wake_create(void) {
    int fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    return fd >= 0 ? fd : -errno;
}

int csevenmin_wcwidth(uint32_t c) {
    return wcwidth((wchar_t)c);
}

int csevenmin_wcswidth(const uint32_t *s, size_t n) {
    _Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wchar_t is 32 bits on Linux");
    return wcswidth((const wchar_t *)s, n);
}

/* ---- the process's arguments, kept before main ---- */

static int saved_argc;
static char *const *saved_argv;

static void keep_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    saved_argc = argc;
    saved_argv = argv;
}

__attribute__((section(".init_array"), used))
static void (*const keep_arguments_entry)(int, char **, char **) = keep_arguments;

int csevenmin_argc(void) { return saved_argc; }

char *const *csevenmin_argv(void) { return saved_argv; }

extern char **environ;

char *const *csevenmin_environ(void) { return environ; }

#ifndef CSEVENMIN_SYSTEM_H
#define CSEVENMIN_SYSTEM_H
#include <stddef.h>

/* Installs handlers for SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGWINCH and
   SIGCONT that write the signal number as one byte to a non-blocking
   self-pipe. Returns the pipe's read end, or -1 with errno set. */
int csevenmin_signals_install(void);

/* Restores the default action for one signal, or reinstalls ours. */
int csevenmin_signal_default(int signo);
int csevenmin_signal_catch(int signo);

/* Arms the crash guard: on SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE or
   SIGABRT the handler writes `restore` (prepared terminfo strings) to
   `tty_fd`, puts back the saved terminal modes, then re-raises the
   signal so the crash still reports as a crash. */
int csevenmin_crash_guard_arm(int tty_fd, const char *restore, size_t length);
void csevenmin_crash_guard_disarm(void);

/* Redirects fd 2 to `path` (appending), returning a dup of the old fd 2
   to hand to csevenmin_stderr_restore, or -1. */
int csevenmin_stderr_redirect(const char *path);
void csevenmin_stderr_restore(int saved);

/* Waits until one of `fds` is readable or `timeout_ns` passes (negative: no
   limit; sevenmin passes -1 and keeps its deadlines on a timerfd). Sets bit k of *ready for each
   readable fds[k]. Returns 0 on timeout or readiness, -1 on EINTR. */
int csevenmin_wait(const int *fds, int count, long long timeout_ns, unsigned *ready);

/* A timerfd on CLOCK_MONOTONIC. Unlike a poll timeout, which the kernel lets
   run late by 0.1% of its length (1 ms on a 1 s sleep), an absolute timerfd
   expiry carries no slack. Returns the fd, or -1 with errno set. */
int csevenmin_timer_create(void);
/* Arms the timer to fire once at `instant` seconds on CLOCK_MONOTONIC;
   a negative instant disarms it. Returns 0, or -1 with errno set. */
int csevenmin_timer_arm(int fd, double instant);
/* Clears an expiry so the fd stops being readable. */
void csevenmin_timer_clear(int fd);
#endif

/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CSEVENMIN_SYSTEM_H
#define CSEVENMIN_SYSTEM_H
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/random.h> /* getrandom, for the phone page's token */

/* Installs handlers for SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGWINCH
   and SIGCONT that write the signal number as one byte to a non-blocking
   self-pipe, and ignores the other signals whose default action would end
   the process without a chance to give the terminal back (SIGPIPE, SIGUSR1,
   SIGALRM...). Returns the pipe's read end, or -errno with `*failed` naming
   the call that failed. */
int csevenmin_signals_install(const char **failed);

/* Restores the default action for one signal, or reinstalls ours. Return
   0, or -errno. */
int csevenmin_signal_default(int signo);
int csevenmin_signal_catch(int signo);

/* From now on a terminating signal (INT, TERM, HUP, QUIT) ends the process
   at once, after writing the crash guard's restore strings: used while
   shutting down, so that a second Ctrl-C is never swallowed. */
void csevenmin_signals_final(void);

/* Ends the process by `signo` with its default action, so that the parent
   (a shell loop) sees death by that signal. Does not return. */
void csevenmin_die_by_signal(int signo);

/* Saves the terminal modes of `fd` as the user had them, before curses
   changes them, for the crash guard to put back. */
void csevenmin_crash_guard_save_modes(int fd);

/* Arms the crash guard: on SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE or
   SIGABRT the handler writes `restore` (prepared terminfo strings) to
   `tty_fd`, puts back the saved terminal modes, then re-raises the
   signal so the crash still reports as a crash. Returns 0, or -errno (-E2BIG for a restore of
   512 bytes or more, which is not cut short). */
int csevenmin_crash_guard_arm(int tty_fd, const char *restore, size_t length);
/* Puts the fatal signals' default actions back: 0, or -errno. */
int csevenmin_crash_guard_disarm(void);

/* A file the crash guard (and the final signal handler) unlinks, for a file
   that must not outlive the process: the status file. NULL forgets it. */
void csevenmin_crash_guard_unlink(const char *path);

/* For a command with no screen (export-audio): from now on a terminating
   signal (INT, TERM, HUP, QUIT, each unless ignored, as nohup leaves HUP) or a
   crash unlinks `path` and ends the process by that signal. Returns 0, or
   -errno with `*failed` naming the call that failed. */
int csevenmin_unlink_on_death(const char *path, const char **failed);

/* Turns software flow control (IXON: Ctrl-S, Ctrl-Q) on or off for `fd`.
   Returns 0, or -errno with `*failed` naming the call that failed. */
int csevenmin_tty_flow_control(int fd, int on, const char **failed);

/* Puts `fd` in non-canonical mode without echo, one byte at a time, keeping
   the keys that send signals (Ctrl-C stays SIGINT) and the output processing
   (a newline still returns the carriage). Returns 0, or -errno with
   `*failed` naming the call that failed. */
int csevenmin_tty_keys(int fd, const char **failed);

/* Puts back on `fd` the modes saved by csevenmin_crash_guard_save_modes.
   Returns 0, or -errno (-ENOENT: none were saved). */
int csevenmin_tty_restore_saved(int fd);

/* Redirects fd 2 to `path` (appending, created 0600, never through a
   symbolic link), returning a dup of the old fd 2 to hand to
   csevenmin_stderr_restore, or -errno with `*failed` naming the call that failed. */
int csevenmin_stderr_redirect(const char *path, const char **failed);
/* The same for a descriptor already open (a memory file, to capture what a library prints); `fd` stays open. */
int csevenmin_stderr_redirect_fd(int fd, const char **failed);
/* Points fd 2 back at `saved` and closes it: 0, or -errno of dup2. */
int csevenmin_stderr_restore(int saved);

/* A timerfd on CLOCK_MONOTONIC. Unlike a poll timeout, which the kernel lets
   run late by 0.1% of its length (1 ms on a 1 s sleep), an absolute timerfd
   expiry carries no slack. Returns the fd, or -errno. */
int csevenmin_timer_create(void);
/* Arms the timer to fire once at `instant` seconds on CLOCK_MONOTONIC;
   a negative instant disarms it. Returns 0, or -errno. */
int csevenmin_timer_arm(int fd, double instant);
/* A timerfd on CLOCK_REALTIME, armed far in the future with TFD_TIMER_CANCEL_ON_SET, so that it
   becomes readable (and a read fails with ECANCELED) when the wall clock is set. Returns the fd,
   or -errno. */
int csevenmin_clock_watch_create(void);
/* Arms the watch again, as after it fired. Returns 0, or -errno. */
int csevenmin_clock_watch_arm(int fd);
/* Names the calling thread for top and debuggers (pthread_setname_np, a GNU
   extension Swift cannot see): at most 15 bytes are kept. Returns 0, or -errno. */
int csevenmin_name_thread(const char *name);
/* Blocks the signals the workout catches in the calling thread, saving the mask before in `old`,
   so that threads started meanwhile are born with them blocked; csevenmin_signals_unhold(old)
   puts the mask back. Both return 0, or -errno. */
int csevenmin_signals_hold(sigset_t *old);
int csevenmin_signals_unhold(const sigset_t *old);
/* An eventfd, non-blocking and close-on-exec, that background threads write to wake the loop's
   poll. Returns the descriptor, or -errno. */
int csevenmin_wake_create(void);

/* An anonymous file in memory (memfd_create, a GNU extension Swift cannot
   see), closed on exec. Returns its descriptor, or -errno. */
int csevenmin_memory_file(const char *name);

/* The columns a character takes in a terminal, under the calling thread's
   locale: wcwidth(3) and wcswidth(3), which glibc declares only under
   _XOPEN_SOURCE, so Swift cannot see them. Returns 0, 1 or 2, or -1 for a
   character the locale cannot print (in the C locale, anything beyond
   ASCII); wcswidth is -1 when any of the n characters is. */
int csevenmin_wcwidth(uint32_t c);
int csevenmin_wcswidth(const uint32_t *s, size_t n);

/* The process's arguments as the kernel gave them: argc and argv, kept by an ELF initialiser (glibc
   hands each one argc, argv and envp), before any code can change the environment. Swift's own
   CommandLine finds argv by walking back from `environ`, which a preload that calls setenv
   (libfaketime) has already moved to the heap. 0 and NULL if the initialiser did not run. */
int csevenmin_argc(void);
char *const *csevenmin_argv(void);

/* The environment as it is now (`environ`, which setenv may move): NAME=value strings, NULL-terminated. */
char *const *csevenmin_environ(void);

/* Starts argv (argv[0] looked up on PATH) on a new pseudo-terminal of rows x cols (0: 24 x 80), in a
   session and process group of its own (forkpty), with every signal at its default and none blocked,
   standard input unreadable (as nohup leaves it) and no newline translation on output, so that what is read
   is what it wrote. Returns its pid with `*master` the terminal's master side (close-on-exec, non-blocking),
   or -errno with `*failed` naming the call; "execvp" when the program could not be run (-ENOENT: not found). */
int csevenmin_pty_spawn(char *const *argv, unsigned short rows, unsigned short cols, int *master,
                        const char **failed);

/* A descriptor for process `pid` that becomes readable when it ends (pidfd_open). Returns it, or -errno. */
int csevenmin_pidfd_open(int pid);

/* Leaves a command's terminal to a process of its own (fork, then setsid) that copies `master` to `log`
   until the command's side closes: its output is still written and it never blocks on a full terminal.
   Returns 0, or -errno with `*failed` naming the call. */
int csevenmin_pty_detach(int master, int log, const char **failed);

#endif

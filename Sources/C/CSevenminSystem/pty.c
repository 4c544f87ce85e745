/* SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include "csevenmin_system.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

/* In the child, between fork and exec: only async-signal-safe calls. */
static void child_defaults(void) {
    /* ignored (each call): a signal that cannot be reset keeps what it had, which exec resets anyway for a
       caught one; the mask is the one that matters, and sigprocmask cannot fail with these arguments */
    for (int signo = 1; signo < NSIG; signo++) signal(signo, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

int csevenmin_pty_spawn(char *const *argv, unsigned short rows, unsigned short cols, int *master,
                        const char **failed) {
    int report[2];
    *failed = "pipe2";
    if (pipe2(report, O_CLOEXEC) != 0) return -errno;
    struct winsize size = {.ws_row = rows ? rows : 24, .ws_col = cols ? cols : 80};
    int fd = -1;
    *failed = "forkpty";
    pid_t pid = forkpty(&fd, NULL, NULL, &size);
    if (pid < 0) {
        int err = errno;
        close(report[0]); /* ignored: a pipe never used */
        close(report[1]); /* ignored: as above */
        return -err;
    }
    if (pid == 0) {
        child_defaults();
        /* Standard input unreadable, as nohup leaves it: a command that asks fails rather than waits. */
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0 && null != 0) {
            dup2(null, 0); /* ignored: without it, input stays the terminal nobody types into */
            close(null);   /* ignored: a copy */
        }
        /* No newline translation: the log gets the bytes as the command wrote them. */
        struct termios modes;
        if (tcgetattr(1, &modes) == 0) {
            modes.c_oflag &= ~(tcflag_t)ONLCR;
            tcsetattr(1, TCSANOW, &modes); /* ignored: the log would then hold CR LF for LF, no worse */
        }
        execvp(argv[0], argv); /* ignored: it returns only on failure, which errno says below */
        int err = errno;
        ssize_t ignored = write(report[1], &err, sizeof err); /* ignored: the exit status says it too */
        (void)ignored;
        _exit(127);
    }
    close(report[1]); /* ignored: our copy of the child's end */
    /* The child's end closes on exec: nothing to read means it ran. */
    int err = 0;
    ssize_t got;
    do { got = read(report[0], &err, sizeof err); } while (got < 0 && errno == EINTR);
    close(report[0]); /* ignored: read to its end */
    if (got == (ssize_t)sizeof err) {
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        close(fd); /* ignored: the terminal of a child that never ran */
        *failed = "execvp";
        return -err;
    }
    *failed = "fcntl";
    if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 || fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0) {
        int e = errno;
        kill(-pid, SIGKILL); /* ignored: a child we could not watch is ended; it is reaped below */
        close(fd);           /* ignored: as above */
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        return -e;
    }
    *master = fd;
    return pid;
}

int csevenmin_pidfd_open(int pid) {
    long fd = syscall(SYS_pidfd_open, pid, 0);
    return fd < 0 ? -errno : (int)fd;
}

int csevenmin_pty_detach(int master, int log, const char **failed) {
    *failed = "fork";
    pid_t pid = fork();
    if (pid < 0) return -errno;
    if (pid > 0) return 0;
    /* The pump: in a session of its own, it copies until the command's terminal closes, then ends. */
    setsid(); /* ignored: it fails only for a group leader, which a new child is not */
    signal(SIGHUP, SIG_IGN); /* ignored: as in child_defaults */
    signal(SIGINT, SIG_IGN); /* ignored: as above */
    if (dup2(master, 0) < 0 || dup2(log, 1) < 0) _exit(1);
    syscall(SYS_close_range, 2, ~0U, 0); /* ignored: a descriptor left open costs nothing but itself */
    fcntl(0, F_SETFL, fcntl(0, F_GETFL) & ~O_NONBLOCK); /* ignored: left non-blocking, the loop waits in poll */
    char buffer[65536];
    for (;;) {
        ssize_t n = read(0, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) {
            struct pollfd readable = {.fd = 0, .events = POLLIN};
            poll(&readable, 1, -1); /* ignored: whatever it says, the read above tells */
            continue;
        }
        if (n <= 0) break;
        for (ssize_t done = 0; done < n;) {
            ssize_t w = write(1, buffer + done, (size_t)(n - done));
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) _exit(1);
            done += w;
        }
    }
    _exit(0);
}

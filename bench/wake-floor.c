/* SPDX-License-Identifier: GPL-3.0-or-later
 * The least a quiet second can cost on this machine: a loop that sleeps on an absolute timerfd in poll, as the
 * workout's loop does, wakes once a second, reads the timer and writes 400 bytes to the terminal, and
 * touches nothing else. Prints the thread's CPU time a wake, from the fourth wake on (after start-up).
 * Built and run by bench/quiet-second.py --floor. Usage: wake-floor SECONDS OUT */
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

static double thread_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    int seconds = argc > 1 ? atoi(argv[1]) : 20;
    char bytes[400];
    memset(bytes, ' ', sizeof bytes);
    bytes[0] = '\r';
    int timer = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
    if (timer < 0) { perror("timerfd_create"); return 1; }
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    double from = 0;
    for (int k = 1; k <= seconds + 3; k++) {
        if (k == 4) from = thread_seconds();
        struct itimerspec at = {{0, 0}, {start.tv_sec + k, start.tv_nsec}};
        if (timerfd_settime(timer, TFD_TIMER_ABSTIME, &at, NULL) != 0) { perror("timerfd_settime"); return 1; }
        struct pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {timer, POLLIN, 0}};
        if (poll(fds, 2, -1) < 0) { perror("poll"); return 1; }
        uint64_t expirations;
        if (read(timer, &expirations, sizeof expirations) < 0) { perror("read"); return 1; }
        if (write(STDOUT_FILENO, bytes, sizeof bytes) < 0) { perror("write"); return 1; }
    }
    FILE *out = fopen(argc > 2 ? argv[2] : "/dev/stderr", "w");
    if (!out) { perror("fopen"); return 1; }
    fprintf(out, "%.0f\n", (thread_seconds() - from) / seconds * 1e6);
    return fclose(out) == 0 ? 0 : 1;
}

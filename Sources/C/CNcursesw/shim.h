/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

/* SwiftPM drops ncursesw's -D_XOPEN_SOURCE flags; without this the wide
   character API (cchar_t, setcchar, wget_wch) is not declared. */
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <sys/ioctl.h>

/* Swift 6 rejects mutable C globals and cannot see function-like macros,
   so each one used gets a small accessor. */
#include <stdio.h>
static inline FILE *cncursesw_stdout(void) { return stdout; }
static inline FILE *cncursesw_stdin(void) { return stdin; }
static inline WINDOW *cncursesw_stdscr(void) { return stdscr; }
static inline WINDOW *cncursesw_curscr(void) { return curscr; }
static inline int cncursesw_color_pairs(void) { return COLOR_PAIRS; }
static inline void cncursesw_getmaxyx(WINDOW *w, int *y, int *x) { int yy, xx; getmaxyx(w, yy, xx); *y = yy; *x = xx; }
static inline attr_t cncursesw_a_normal(void) { return A_NORMAL; }
static inline attr_t cncursesw_a_bold(void) { return A_BOLD; }
static inline attr_t cncursesw_a_reverse(void) { return A_REVERSE; }
static inline attr_t cncursesw_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cncursesw_a_dim(void) { return A_DIM; }
static inline int cncursesw_key_resize(void) { return KEY_RESIZE; }

/* What terminal type `term` (NULL: $TERM) says, from one load of its description, released again,
   leaving no state behind: -1 for an unknown type; else whether it can address the cursor, which a
   full-screen program needs (1 yes, 0 no), with its `colors` (-1 if none) and whether it declares
   direct colour (`RGB`, or tmux's `Tc`). */
static inline int cncursesw_term_describe(const char *term, int *colors, int *direct) {
    int err = 0;
    TERMINAL *saved = cur_term;
    if (setupterm(term, 1, &err) != OK) { cur_term = saved; return -1; }
    const char *cup = tigetstr("cup");
    int ok = cup != NULL && cup != (char *)-1;
    *colors = tigetnum("colors");
    *direct = tigetflag("RGB") == 1 || tigetflag("Tc") == 1;
    del_curterm(cur_term); /* ignored: it fails only on a null terminal, and this one was just set up */
    cur_term = saved;
    return ok;
}

/* The terminal's size as the kernel knows it (TIOCGWINSZ); 0 on success. */
static inline int cncursesw_winsize(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *rows = ws.ws_row; *cols = ws.ws_col;
    return 0;
}
#endif

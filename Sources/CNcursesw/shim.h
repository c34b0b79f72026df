#ifndef TICK_CNCURSESW_SHIM_H
#define TICK_CNCURSESW_SHIM_H

// Wide-character curses: without this get_wch, cchar_t and setcchar are missing.
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Swift 6 rejects these globals as not concurrency-safe; read them through functions.
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }

// Attribute macros that do not import.
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_italic(void) { return A_ITALIC; }
static inline attr_t cn_a_standout(void) { return A_STANDOUT; }

static inline int cn_true(void) { return TRUE; }
static inline int cn_false(void) { return FALSE; }
static inline int cn_key_f(int n) { return KEY_F(n); }
static inline mmask_t cn_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t cn_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }

// The C standard streams, which Swift 6 will not read as globals.
static inline FILE *cn_stdout(void) { return stdout; }
static inline FILE *cn_stdin(void) { return stdin; }

// A terminfo string capability, or NULL when the terminal lacks it (tigetstr returns -1 for
// names that are not string capabilities, which Swift cannot compare against).
static inline const char *cn_tigetstr(const char *name) {
    char *value = tigetstr(name);
    return (value == NULL || value == (char *)-1) ? NULL : value;
}

// Frees the TERMINAL made by a set-up check so newterm starts clean.
static inline void cn_release_setupterm(void) {
    if (cur_term != NULL) { TERMINAL *term = cur_term; set_curterm(NULL); del_curterm(term); }
}

// Hidden by Glibc's Swift module.
extern int wcwidth(wchar_t c);

#endif

#!/bin/sh
# Screenshots of each named theme in a real xterm, for docs/themes/ (`make theme-screenshots`).
#
# Each theme is shown the way its users would run it: xterm under a private Xvfb display, with a
# terminal background that suits the theme (light on white, the others on black), 80x24, on a small
# sample store made by `tick add` at a fixed clock (faketime) so the dates read the same each run.
# Nothing here is needed to build or test Tick; it needs xvfb, xterm, x11-utils and imagemagick.
#
# Usage: scripts/theme-screenshots.sh TICK_BINARY OUTPUT_FOLDER
set -eu

tick=$(realpath "$1")
out=$2
mkdir -p "$out"
out=$(realpath "$out")

for program in Xvfb xterm xwininfo import faketime; do
    command -v "$program" >/dev/null || { echo "theme-screenshots: $program is missing" >&2; exit 1; }
done

scratch=$(mktemp -d)
xvfb_pid=
cleanup() {
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
    rm -rf "$scratch"
}
trap cleanup EXIT INT TERM

clock='2026-12-02 09:00:00'
export HOME="$scratch/home" TZ=UTC LANG=C.UTF-8 TICK_DB="$scratch/todos.db"
mkdir -p "$HOME/.config/tick"
run_tick() { faketime "$clock" "$tick" "$@" >/dev/null; }
# The id `tick add` printed ("Added 4 to Inbox: …").
add_todo() { faketime "$clock" "$tick" add "$@" | sed -n 's/^Added \([0-9]*\) to .*/\1/p'; }
run_tick add 'Book train to Lyon @fri 15:00 !!'
run_tick add 'Renew passport #admin @tomorrow'
run_tick add 'Water the plants @every mon,thu'
parent=$(add_todo 'Quarterly report #work @dec 9 !')
run_tick add --parent "$parent" 'Collect figures from finance'
run_tick add --parent "$parent" 'Draft the summary #work'
run_tick add '买牛奶 for the week #home'
run_tick done "$(add_todo 'Call the plumber')"

# A display of our own: the first free number from 90 up.
display=90
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 1100x700x24 -nolisten tcp -noreset >/dev/null 2>&1 &
xvfb_pid=$!
export DISPLAY=":$display"
for _ in 1 2 3 4 5 6 7 8 9 10; do xwininfo -root >/dev/null 2>&1 && break; sleep 0.5; done

for theme in dark light high-contrast 16-color; do
    printf 'theme %s\n' "$theme" > "$HOME/.config/tick/config"
    case $theme in
        light) background=white foreground=black ;;
        *) background=black foreground='#d0d0d0' ;;
    esac
    term=xterm-256color
    [ "$theme" = 16-color ] && term=xterm
    title="tick-theme-$theme"
    xterm -T "$title" -geometry 80x24+0+0 -fa 'DejaVu Sans Mono' -fs 11 -bg "$background" -fg "$foreground" \
        -xrm 'XTerm*cursorBlink: false' -tn "$term" -e faketime "$clock" "$tick" &
    xterm_pid=$!
    window=
    for _ in $(seq 1 40); do
        window=$(xwininfo -name "$title" 2>/dev/null | sed -n 's/.*Window id: \(0x[0-9a-f]*\).*/\1/p')
        [ -n "$window" ] && break
        sleep 0.25
    done
    [ -n "$window" ] || { echo "theme-screenshots: xterm for $theme did not open" >&2; exit 1; }
    sleep 2  # the first frame, drawn and settled
    import -window "$window" "$out/$theme.png"
    kill "$xterm_pid" 2>/dev/null || true
    wait "$xterm_pid" 2>/dev/null || true
    echo "theme-screenshots: $out/$theme.png"
done

#!/bin/sh
# Regenerates the screens in README.md and the user guide (docs/*.md) from the key scripts in
# docs/screens/, so they never go stale, and the animated tour at the README's top (docs/tour.cast,
# docs/tour.svg).
# A block in a page looks like:  <!-- screen: NAME WxH --> ```text ... ``` <!-- /screen -->
# and is replaced by the output of docs/screens/NAME.keys played on an empty store at WxH (the final
# screen, or what its <Snap> tags print). Scripts start with <Today YYYY-MM-DD> so relative due dates
# ("in 3 d") read the same whatever day this runs. A key script that no page shows, or a block whose
# script is missing, is an error.
set -eu
cd "$(dirname "$0")/.."
tick=${TICK:-.build/debug/tick}
[ -x "$tick" ] || { echo "no $tick: run swift build (make screens does)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$tick" "$work" <<'PY'
import glob, os, re, subprocess, sys
tick, work = sys.argv[1], sys.argv[2]
pages = ["README.md"] + sorted(glob.glob("docs/*.md"))
used = set()
def render(page):
    def screen(match):
        name, size = match.group(1), match.group(2)
        script = f"docs/screens/{name}.keys"
        if not os.path.exists(script):
            sys.exit(f"{page} shows screen {name}, but {script} does not exist")
        used.add(script)
        db = os.path.join(work, name + ".db")
        shown = subprocess.run([tick, "--no-config", "--db", db, "--size", size, "--script", script],
                               check=True, capture_output=True, text=True).stdout
        return f"<!-- screen: {name} {size} -->\n```text\n{shown}```\n<!-- /screen -->"
    return screen
updated = {}
for page in pages:
    text = open(page, encoding="utf-8").read()
    updated[page] = re.sub(r"<!-- screen: (\S+) (\d+x\d+) -->\n.*?<!-- /screen -->", render(page), text, flags=re.S)
unused = sorted(set(glob.glob("docs/screens/*.keys")) - used)
if unused:
    sys.exit("not shown in README.md or docs/*.md: " + ", ".join(unused))
for page, text in updated.items():
    open(page, "w", encoding="utf-8").write(text)
PY
echo "screens updated in README.md and docs/*.md"

# The animation at the top of README.md: the tour recorded as asciicast v2, drawn as an animated SVG
# by the renderer `make screens` installs into $SVG_VENV. Both files are replaced only when whole.
"$tick" demo --record "$work/tour.cast" >/dev/null
svg_venv=${SVG_VENV:-.build/svg-venv}
[ -x "$svg_venv/bin/svgterm" ] || { echo "no SVG renderer in $svg_venv: run make screens" >&2; exit 1; }
"$svg_venv/bin/svgterm" render "$work/tour.cast" "$work/tour.svg" -t window_frame -D 4000 >/dev/null
mv "$work/tour.cast" docs/tour.cast
mv "$work/tour.svg" docs/tour.svg
chmod 644 docs/tour.cast docs/tour.svg  # the recording is written private, as tick's files are
echo "docs/tour.cast and docs/tour.svg updated ($(wc -c < docs/tour.svg) bytes of SVG)"

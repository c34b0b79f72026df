#!/bin/sh
# Regenerates the screens in README.md from the key scripts in docs/screens/, so they never go stale.
# A block in the README looks like:  <!-- screen: NAME WxH --> ```text ... ``` <!-- /screen -->
# and is replaced by the output of docs/screens/NAME.keys played on an empty store at WxH.
set -eu
cd "$(dirname "$0")/.."
tick=${TICK:-.build/debug/tick}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$tick" "$work" <<'PY'
import re, subprocess, sys, os
tick, work = sys.argv[1], sys.argv[2]
readme = open("README.md", encoding="utf-8").read()
def render(match):
    name, size = match.group(1), match.group(2)
    db = os.path.join(work, name + ".db")
    screen = subprocess.run([tick, "--no-config", "--db", db, "--size", size, "--script", f"docs/screens/{name}.keys"],
                            check=True, capture_output=True, text=True).stdout
    return f"<!-- screen: {name} {size} -->\n```text\n{screen}```\n<!-- /screen -->"
updated = re.sub(r"<!-- screen: (\S+) (\d+x\d+) -->\n.*?<!-- /screen -->", render, readme, flags=re.S)
open("README.md", "w", encoding="utf-8").write(updated)
PY
echo "README.md screens updated"

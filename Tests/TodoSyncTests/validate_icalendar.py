"""A second parser's opinion of what Tick writes: Python's icalendar (PyPI, in .build/venv).

Reads a JSON array of {"text": VCALENDAR, "uid": UID or null} from standard input and prints a
JSON array with, for each, the list of problems found (empty: valid). With a UID only that VTODO
is judged (another client's VTODOs beside it are theirs); without, every VTODO.

The rules are RFC 5545's for a VTODO: UID and DTSTAMP once; the properties that may appear once at
most; DTSTART and DUE of one value type (icalendar's own check) with DUE not before DTSTART
(§3.8.2.3); DTSTART beside an RRULE (§3.8.2.4); no parse error recorded by the parser.
"""

import json
import sys
from datetime import datetime

import icalendar
from icalendar.error import InvalidCalendar

ONCE = ["UID", "DTSTAMP", "CLASS", "COMPLETED", "CREATED", "DESCRIPTION", "DTSTART", "GEO", "LAST-MODIFIED",
        "LOCATION", "ORGANIZER", "PERCENT-COMPLETE", "PRIORITY", "RECURRENCE-ID", "SEQUENCE", "STATUS", "SUMMARY",
        "URL", "DUE", "DURATION"]


def is_before(due, start):
    """Whether DUE is before DTSTART; a floating time against a zoned one compares wall times."""
    if isinstance(due, datetime) and isinstance(start, datetime):
        if (due.tzinfo is None) != (start.tzinfo is None):
            due, start = due.replace(tzinfo=None), start.replace(tzinfo=None)
        return due < start
    if not isinstance(due, datetime) and not isinstance(start, datetime):
        return due < start
    return False  # of two types: reported by icalendar's own check


def judge(text, uid):
    try:
        calendar = icalendar.Calendar.from_ical(text)
    except Exception as error:  # noqa: BLE001 - any failure to parse is the finding
        return [f"cannot parse: {error}"]
    problems = []
    if calendar.name != "VCALENDAR":
        return [f"a {calendar.name}, not a VCALENDAR"]
    for name in ("VERSION", "PRODID"):
        if name not in calendar:
            problems.append(f"VCALENDAR without {name}")
    todos = [todo for todo in calendar.walk("VTODO") if uid is None or str(todo.get("UID")) == uid]
    if not todos:
        problems.append(f"no VTODO {uid}")
    for todo in todos:
        name = f"VTODO {todo.get('UID')}"
        for error in todo.errors:
            problems.append(f"{name}: parse error {error}")
        for component in todo.subcomponents:
            for error in component.errors:
                problems.append(f"{name}: {component.name} parse error {error}")
        for property_name in ("UID", "DTSTAMP"):
            if property_name not in todo:
                problems.append(f"{name}: no {property_name}")
        for property_name in ONCE:
            if isinstance(todo.get(property_name), list):
                problems.append(f"{name}: {property_name} more than once")
        try:
            start, due, _ = todo._get_start_end_duration()  # noqa: SLF001 - icalendar's RFC 5545 check
        except InvalidCalendar as error:
            problems.append(f"{name}: {error}")
            continue
        if "RRULE" in todo and start is None:
            problems.append(f"{name}: RRULE without DTSTART")
        if start is not None and due is not None and is_before(due, start):
            problems.append(f"{name}: DUE {due} before DTSTART {start}")
    return problems


def main():
    items = json.load(sys.stdin)
    json.dump([judge(item["text"], item.get("uid")) for item in items], sys.stdout)


if __name__ == "__main__":
    main()

/// Hand-written .ics files in the style other clients write them (not copies of real output):
/// what `tick import` must read.
enum CalendarFixtures {
    /// Nextcloud Tasks style: a VTIMEZONE, DUE with a TZID, folded lines, escaped text, IN-PROCESS.
    static let nextcloud = ICS.crlf("""
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Nextcloud Tasks v0.16.1
        X-WR-CALNAME:Personal
        BEGIN:VTIMEZONE
        TZID:Europe/Berlin
        BEGIN:DAYLIGHT
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        TZNAME:CEST
        DTSTART:19700329T020000
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
        END:DAYLIGHT
        BEGIN:STANDARD
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        TZNAME:CET
        DTSTART:19701025T030000
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
        END:STANDARD
        END:VTIMEZONE
        BEGIN:VTODO
        UID:7b4f5d0e-2c1a-4b7e-9d8f-1a2b3c4d5e6f
        CREATED:20261120T101010Z
        LAST-MODIFIED:20261121T111111Z
        DTSTAMP:20261121T111111Z
        SUMMARY:Call the plumber\\, then the landlord\\; ask about the boiler
        DESCRIPTION:Number is in the folder.\\nAsk for a Tuesday slot; mornings p
         referred.
        PRIORITY:5
        DUE;TZID=Europe/Berlin:20261210T090000
        STATUS:IN-PROCESS
        PERCENT-COMPLETE:30
        CATEGORIES:Home
        X-APPLE-SORT-ORDER:2
        END:VTODO
        BEGIN:VTODO
        UID:0a1b2c3d-0000-4000-8000-000000000001
        CREATED:20261119T080000Z
        DTSTAMP:20261119T080000Z
        SUMMARY:Buy a present
        PRIORITY:9
        STATUS:NEEDS-ACTION
        X-APPLE-SORT-ORDER:1
        END:VTODO
        END:VCALENDAR

        """)

    /// Thunderbird style: UTC `Z` times, a DUE;VALUE=DATE, CATEGORIES on several lines, a VALARM,
    /// a completed todo, and an event beside the todos.
    static let thunderbird = ICS.crlf("""
        BEGIN:VCALENDAR
        PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN
        VERSION:2.0
        BEGIN:VEVENT
        UID:event-1@thunderbird
        DTSTAMP:20261101T000000Z
        DTSTART:20261205T180000Z
        SUMMARY:Dinner
        END:VEVENT
        BEGIN:VTODO
        CREATED:20261101T120000Z
        LAST-MODIFIED:20261102T120000Z
        DTSTAMP:20261102T120000Z
        UID:5a9f8e7d-thunderbird
        SUMMARY:File the tax return
        CATEGORIES:Paperwork
        CATEGORIES:Finance,Deadline
        DUE;VALUE=DATE:20270531
        PRIORITY:1
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER;VALUE=DURATION:-P1D
        DESCRIPTION:Default Mozilla Description
        END:VALARM
        END:VTODO
        BEGIN:VTODO
        UID:done-1@thunderbird
        DTSTAMP:20261102T120000Z
        SUMMARY:Renew the car insurance
        STATUS:COMPLETED
        COMPLETED:20261030T154500Z
        PERCENT-COMPLETE:100
        DUE:20261031T120000Z
        END:VTODO
        BEGIN:VJOURNAL
        UID:journal-1@thunderbird
        DTSTAMP:20261101T000000Z
        SUMMARY:Notes
        END:VJOURNAL
        END:VCALENDAR

        """)

    /// Apple Reminders style: a recurring reminder (with a changed occurrence, RECURRENCE-ID),
    /// a cancelled one, priority 0 and 6, X-APPLE properties, LF-only lines.
    static let reminders = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Apple Inc.//iOS 18.1//EN
        X-WR-CALNAME:Reminders
        BEGIN:VTODO
        UID:A1B2C3D4-E5F6-4A5B-8C9D-0E1F2A3B4C5D
        DTSTAMP:20261201T100000Z
        CREATED:20261001T100000Z
        SUMMARY:Water the plants
        PRIORITY:0
        DUE;VALUE=DATE:20261203
        RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TH
        X-APPLE-SORT-ORDER:716123456
        STATUS:NEEDS-ACTION
        END:VTODO
        BEGIN:VTODO
        UID:A1B2C3D4-E5F6-4A5B-8C9D-0E1F2A3B4C5D
        RECURRENCE-ID;VALUE=DATE:20261210
        DTSTAMP:20261201T100000Z
        SUMMARY:Water the plants (and repot the fern)
        END:VTODO
        BEGIN:VTODO
        UID:B2C3D4E5-0000-4000-9000-000000000002
        DTSTAMP:20261201T100000Z
        LAST-MODIFIED:20261130T080000Z
        SUMMARY:Book the hotel
        PRIORITY:6
        STATUS:CANCELLED
        X-APPLE-SORT-ORDER:716123400
        END:VTODO
        END:VCALENDAR

        """

    /// tasks.org style: a task in IN-PROCESS with a floating DUE time, a per-task list of ours,
    /// PRIORITY 3 and a very long folded title.
    static let tasksOrg = ICS.crlf("""
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:+//IDN tasks.org//android-130804//EN
        BEGIN:VTODO
        DTSTAMP:20261201T080000Z
        UID:6403462117683249150
        CREATED:20261130T191919Z
        LAST-MODIFIED:20261130T192020Z
        SUMMARY:A very long title that goes on and on well past the seventy-five oc
         tets a line may hold
        PRIORITY:3
        DUE:20261205T170000
        STATUS:IN-PROCESS
        X-TICK-LIST:Work
        X-TASKS-ORG-COLLAPSED:0
        END:VTODO
        END:VCALENDAR

        """)
}

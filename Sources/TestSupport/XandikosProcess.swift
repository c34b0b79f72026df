import Foundation
import Glibc

/// Xandikos (Debian `xandikos`, a CalDAV server that keeps each collection in a git repository) as a
/// child process on 127.0.0.1: the second server the sync tests and the bench run against, next to
/// ``RadicaleProcess``.
///
/// It has no login (credentials sent are ignored), speaks HTTP/1.1 and keeps connections open, and
/// serves the principal `/user/` with the calendar home `/user/calendars/`.
public enum XandikosProcess {
    /// The Debian package's program; the server is started through its Python module instead (see
    /// ``start(folder:port:defaults:log:)``), but this file says whether it is installed.
    public static let program = "/usr/bin/xandikos"
    /// The system Python, which has the Debian package's module (a venv's does not).
    public static let python = "/usr/bin/python3"
    /// The calendar home of the default principal.
    public static let homePath = "/user/calendars/"

    /// Whether Xandikos is installed (`make test-deps` installs it).
    public static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: program) && FileManager.default.isExecutableFile(atPath: python)
    }

    /// Starts Xandikos on 127.0.0.1:`port` serving the folder `folder` (created when missing), its
    /// output going to `log`. With `defaults`, the home starts with Xandikos's own calendar
    /// (`/user/calendars/calendar/`, named "calendar", for events and todos) and an address book, as a
    /// fresh install gives a user; without, the home starts empty.
    ///
    /// A Python wrapper comes first (``RadicaleProcess/childPreamble``): it unblocks the signals a
    /// test process blocks, and exits the server once its parent is gone.
    public static func start(folder: String, port: UInt16, defaults: Bool = false, log: FileHandle) throws -> Process {
        let wrapper = RadicaleProcess.childPreamble + """
            from xandikos.__main__ import main
            sys.exit(main(["xandikos"] + sys.argv[1:]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", wrapper, "-d", folder, defaults ? "--defaults" : "--autocreate", "-l", "127.0.0.1", "-p", String(port)]
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }
}

/// The CalDAV servers the sync is tested and measured against.
public enum CalDAVServerKind: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Radicale 3.9 from PyPI (`.build/venv`): HTTP/1.0, a login, the home `/USER/`.
    case radicale
    /// Xandikos from Debian: HTTP/1.1 keep-alive, no login, the home `/user/calendars/`, git storage.
    case xandikos

    /// The server's name, as test names and the bench show it.
    public var description: String {
        switch self {
        case .radicale: "Radicale"
        case .xandikos: "Xandikos"
        }
    }
}

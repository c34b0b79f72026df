import CSQLite
import FoundationEssentials

/// `tick_clock_ms()`, the SQL function the modification-time triggers stamp with
/// (`Schema.modifiedTimeSQL`): the connection's clock in Unix milliseconds, UTC. Beside it,
/// `tick_recording_step()`, the step the journal triggers record under (`Schema+RecordingStep.swift`).
///
/// A function of the connection rather than SQLite's `'now'` so that the store's injected clock
/// (`TodoStore(path:clock:)`) dates every change, triggers included: a test of "the later change
/// wins" sets the two devices' clocks instead of waiting. It is registered on every connection
/// Tick opens, before any migration runs, so a trigger never meets a connection without it.
extension SQLiteConnection {
    /// The SQL name of the clock function.
    static let clockFunctionName = "tick_clock_ms"

    /// Registers `tick_clock_ms()` reading `clock` (looked up per call, so the store can replace it).
    func registerClockFunction() throws {
        guard let handle else { throw closedError() }
        // INNOCUOUS: reading the time is safe in triggers and views even with `trusted_schema` off.
        let flags = SQLITE_UTF8 | 0x0020_0000  // SQLITE_INNOCUOUS, a macro Swift does not import
        let result = sqlite3_create_function_v2(handle, Self.clockFunctionName, 0, flags, Unmanaged.passUnretained(self).toOpaque(),
                                                { context, _, _ in
                                                    guard let context, let box = sqlite3_user_data(context) else { return }
                                                    let connection = Unmanaged<SQLiteConnection>.fromOpaque(box).takeUnretainedValue()
                                                    sqlite3_result_int64(context, connection.clock().unixMilliseconds)
                                                }, nil, nil, nil)
        if result != SQLITE_OK { throw error(code: result) }
    }

    /// The SQL name of the function the journal triggers ask for the step they record under.
    static let recordingFunctionName = "tick_recording_step"

    /// Registers `tick_recording_step()`: `recordingStep`, or NULL when the journal records nothing.
    /// Read from memory rather than from a row, so opening and closing a step writes no page.
    func registerRecordingFunction() throws {
        guard let handle else { throw closedError() }
        // INNOCUOUS as the clock: it only reads this connection's state. Not deterministic.
        let flags = SQLITE_UTF8 | 0x0020_0000  // SQLITE_INNOCUOUS
        let result = sqlite3_create_function_v2(handle, Self.recordingFunctionName, 0, flags, Unmanaged.passUnretained(self).toOpaque(),
                                                { context, _, _ in
                                                    guard let context, let box = sqlite3_user_data(context) else { return }
                                                    let connection = Unmanaged<SQLiteConnection>.fromOpaque(box).takeUnretainedValue()
                                                    if let step = connection.recordingStep {
                                                        sqlite3_result_int64(context, step)
                                                    } else {
                                                        sqlite3_result_null(context)
                                                    }
                                                }, nil, nil, nil)
        if result != SQLITE_OK { throw error(code: result) }
    }
}

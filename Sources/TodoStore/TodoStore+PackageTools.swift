import FoundationEssentials

/// Raw SQL on the store's own connection, for the tools of this package (`tick-stress`) that must
/// reproduce what ordinary use cannot reach on purpose, such as a transaction that outgrows the
/// page cache and then rolls back. Not part of the public API: it bypasses every rule of the store.
extension TodoStore {
    /// Runs statements without parameters on the store's connection, outside its transactions.
    package func executeForTools(_ sql: String) throws {
        try connection.execute(sql)
    }

    /// The first column of the first row of `sql` as an integer, read on the store's connection.
    package func integerForTools(_ sql: String) throws -> Int64 {
        try connection.scalarInt(sql)
    }

    /// The work the store's statements did since it opened, in SQLite virtual-machine steps: tests
    /// compare it before and after a key to tell a read that seeks from one that walks, without a clock.
    package var statementSteps: Int { connection.virtualMachineSteps }
}

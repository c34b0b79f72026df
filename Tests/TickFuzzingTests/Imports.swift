// The harness (TmuxSession, ScratchFolder, the server launchers) is in every file of this target.
@_exported import TestSupport

// The test-only store reads (count, canUndo, pageCount…) are TickTesting's: every file of this target has them.
@_exported import TickTesting

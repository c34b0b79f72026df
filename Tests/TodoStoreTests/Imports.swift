// The harness (TmuxSession, ScratchFolder, the server launchers) is in every file of this target.
@_exported import TestSupport

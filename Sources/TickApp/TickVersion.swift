/// Tick's version, as `tick --version` prints it.
public enum TickVersion {
    /// The released version.
    public static let current = "0.1.0"
}

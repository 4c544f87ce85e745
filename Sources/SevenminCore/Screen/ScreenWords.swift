import FoundationEssentials

/// The screen's own state words, kept in one place so that a language's table can stand in for them.
public enum ScreenWords {
    public static let paused = "Paused"
    public static let switchSides = "Switch sides"
    public static let next = "Next"
}

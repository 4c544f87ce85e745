/// One exercise of a routine, after validation.
public struct Exercise: Equatable, Sendable {
    public var title: String
    public var description: String
    /// An http(s) link to a demonstration video, if any.
    public var videoURL: String?
    public var color: RGB
    /// The colour as the file names it (`flatRed`, `#3A7082`), or the palette name given to it.
    public var colorName: String
    /// Seconds of work; the routine's default when the file gives none.
    public var work: Double
    /// 2 for exercises done once on each side, with a switch at half time.
    public var sides: Int

    public init(title: String, description: String = "", videoURL: String? = nil,
                color: RGB, colorName: String? = nil, work: Double, sides: Int = 1) {
        self.title = title
        self.description = description
        self.videoURL = videoURL
        self.color = color
        self.colorName = colorName ?? color.hex
        self.work = work
        self.sides = sides
    }
}

/// A workout routine as loaded from a JSON file.
public struct Routine: Equatable, Sendable {
    public static let defaultWork = 30.0
    public static let defaultRest = 10.0
    public static let defaultGetReady = 10.0
    public static let defaultRounds = 1
    public static let defaultRoundRest = 60.0

    public var name: String
    public var description: String
    public var rest: Double
    public var getReady: Double
    public var rounds: Int
    public var roundRest: Double
    public var exercises: [Exercise]

    public init(name: String, description: String = "", rest: Double = Routine.defaultRest,
                getReady: Double = Routine.defaultGetReady, rounds: Int = Routine.defaultRounds,
                roundRest: Double = Routine.defaultRoundRest, exercises: [Exercise]) {
        self.name = name
        self.description = description
        self.rest = rest
        self.getReady = getReady
        self.rounds = rounds
        self.roundRest = roundRest
        self.exercises = exercises
    }

    /// The YouTube watch link for a video id.
    public static func youTubeURL(id: String) -> String {
        "https://www.youtube.com/watch?v=" + id
    }
}

// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Testing
@testable import SevenminCore

/// The phone's page (`start --phone`): who may have what, what the phones are told, and the QR code on
/// the terminal; decided in the core, on the test's clock.
@Suite("Phone")
struct PhoneTests {
    let authority = "127.0.0.1:4711"
    let token = "ABCDEFGHIJKLMNOPQRSTUV"

    func decide(_ method: String, _ path: String, host: String? = "127.0.0.1:4711",
                origin: String? = "http://127.0.0.1:4711", cookie: String? = nil, token: String? = nil,
                phones: Set<String> = ["p1"]) -> PhoneAccess.Verdict {
        PhoneAccess.decide(PhoneAccess.Request(method: method, path: path, host: host, origin: origin, cookie: cookie,
                                               token: token),
                           authority: authority, token: self.token, phones: phones)
    }

    /// DNS rebinding: a name that resolves to this address reaches the server with that name as `Host`.
    @Test(arguments: [nil, "evil.example:4711", "127.0.0.1", "127.0.0.1:4712", "localhost:4711"])
    func aForeignHostIsForbidden(host: String?) {
        #expect(decide("GET", "/", host: host) == .forbidden)
        #expect(decide("GET", "/events", host: host, cookie: "sevenmin=p1") == .forbidden)
        #expect(decide("POST", "/pause", host: host, cookie: "sevenmin=p1") == .forbidden)
    }

    @Test func thePageIsServedToAnyoneButTheStreamAndButtonsNeedTheCookie() {
        #expect(decide("GET", "/") == .page)
        #expect(decide("GET", "/favicon.ico") == .nothing)
        #expect(decide("GET", "/events") == .unauthorized)
        #expect(decide("GET", "/events", cookie: "sevenmin=p2") == .unauthorized, "a cookie not given out")
        #expect(decide("GET", "/events", cookie: "theme=dark; sevenmin=p1") == .events(phone: "p1"))
        #expect(decide("POST", "/pause") == .unauthorized)
        #expect(decide("POST", "/pause", cookie: "sevenmin=p1") == .command(.remote(.playPause)))
        #expect(decide("POST", "/skip", cookie: "sevenmin=p1") == .command(.remote(.next)))
        #expect(decide("POST", "/back", cookie: "sevenmin=p1") == .command(.remote(.previous)))
        #expect(decide("POST", "/done", cookie: "sevenmin=p1") == .command(.phone(.done)))
        #expect(decide("POST", "/rate/7", cookie: "sevenmin=p1") == .command(.phone(.rate(7))))
        #expect(decide("POST", "/rate/11", cookie: "sevenmin=p1") == .notFound)
    }

    @Test func commandsArePostOnlyFromThePagesOwnOrigin() {
        #expect(decide("GET", "/pause", cookie: "sevenmin=p1") == .methodNotAllowed)
        #expect(decide("POST", "/pause", origin: "http://evil.example", cookie: "sevenmin=p1") == .forbidden)
        #expect(decide("POST", "/pause", origin: nil, cookie: "sevenmin=p1") == .forbidden)
        #expect(decide("POST", "/pause", origin: "https://127.0.0.1:4711", cookie: "sevenmin=p1") == .forbidden)
        #expect(decide("POST", "/nothing", cookie: "sevenmin=p1") == .notFound)
    }

    @Test func theTokenIsTradedForACookieByAtMostFourPhones() {
        #expect(decide("POST", "/session", token: token, phones: []) == .newPhone)
        #expect(decide("POST", "/session", token: "ABCDEFGHIJKLMNOPQRSTUW", phones: []) == .forbidden)
        #expect(decide("POST", "/session", phones: []) == .forbidden)
        #expect(decide("POST", "/session", origin: "http://evil.example", token: token, phones: []) == .forbidden)
        #expect(decide("GET", "/session", token: token, phones: []) == .methodNotAllowed)
        #expect(decide("POST", "/session", token: token, phones: ["a", "b", "c"]) == .newPhone)
        #expect(decide("POST", "/session", token: token, phones: ["a", "b", "c", "d"]) == .full)
        #expect(decide("POST", "/session", cookie: "sevenmin=d", token: token, phones: ["a", "b", "c", "d"])
                == .nothing, "a phone that scans again keeps its place")
    }

    @Test func theCookieIsKeptFromScriptsAndOtherSites() {
        let header = PhoneAccess.setCookie("xyz")
        #expect(header.hasPrefix("sevenmin=xyz;"))
        #expect(header.contains("HttpOnly"))
        #expect(header.contains("SameSite=Strict"))
        #expect(PhoneAccess.cookie(in: "a=1;  sevenmin=xyz ; b=2") == "xyz")
        #expect(PhoneAccess.cookie(in: "sevenminx=1; sevenmin=") == nil)
        #expect(PhoneAccess.cookie(in: nil) == nil)
    }

    /// 128 random bits, as RFC 4648's base64url without padding.
    @Test func theTokenIsBase64urlOfItsBytes() {
        #expect(PhoneAccess.token(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(PhoneAccess.token(Array("fooba".utf8)) == "Zm9vYmE")
        #expect(PhoneAccess.token([0xFB, 0xFF]) == "-_8")
        #expect(PhoneAccess.token([UInt8](repeating: 0xAB, count: 16)).count == 22)
        #expect(Base64.encode(Array("fo".utf8), alphabet: Base64.standard, padded: true) == "Zm8=")
    }

    @Test func everyAnswerSaysNoReferrerNoCacheAndOnlyThePagesOwnScript() throws {
        let headers = Dictionary(uniqueKeysWithValues: PhonePage.headers)
        #expect(headers["Referrer-Policy"] == "no-referrer")
        #expect(headers["Cache-Control"] == "no-store")
        let policy = try #require(headers["Content-Security-Policy"])
        #expect(policy.hasPrefix("default-src 'self';"))
        #expect(policy.contains("script-src '\(PhonePage.hash(PhonePage.script))'"))
        // echo -n 'abc' | openssl dgst -sha256 -binary | base64
        #expect(PhonePage.hash("abc") == "sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
        #expect(!PhonePage.html.contains("http://") || !PhonePage.html.contains("src=\"http"), "nothing from elsewhere")
        #expect(!PhonePage.html.contains("<script src"))
        #expect(PhonePage.html.contains("<script>" + PhonePage.script + "</script>"))
        #expect(PhonePage.html.contains("<style>" + PhonePage.style + "</style>"))
    }

    /// One event per change, whose countdown is worked out as of the moment it is sent.
    @Test func theStateEventCountsFromTheMomentItIsSent() {
        let running = PlayerState(playing: true, title: "A", routine: "R", length: 30, elapsed: 5, at: 100, segment: 3)
        #expect(PhoneEvents.state(running, at: 102) == "event: state\ndata: {\"segment\": 3, \"paused\": false, "
                + "\"remaining\": 23.000000, \"counted\": 7.000000, \"ended\": false}\n\n")
        var paused = running
        paused.playing = false
        #expect(PhoneEvents.state(paused, at: 150).contains("\"paused\": true, \"remaining\": 25.000000"))
        #expect(PhoneEvents.state(nil, at: 150) == "event: state\ndata: {\"ended\": true}\n\n")
        let reps = PlayerState(playing: true, title: "A", routine: "R", length: 0, elapsed: 4, at: 10, segment: 1)
        #expect(PhoneEvents.state(reps, at: 11).contains("\"remaining\": null, \"counted\": 5.000000"))
    }

    @Test func thePlanCarriesEachSegmentAndTheWordsOfItsLanguage() throws {
        let event = PhoneEvents.plan(shortPlan, language: .de)
        #expect(event.hasPrefix("event: plan\ndata: {"))
        #expect(event.hasSuffix("}\n\n"))
        #expect(event.filter { $0 == "\n" }.count == 3, "one line of data")
        #expect(event.contains("\"title\": \"Bereit machen\""))
        #expect(event.contains("\"skip\": \"Überspringen\""))
        #expect(event.contains("\"next\": \"A\""))
        #expect(event.components(separatedBy: "\"kind\":").count - 1 == shortPlan.segments.count)
    }

    /// The state goes to the phones when the player's does: at each segment, pause and resume, never
    /// once a second.
    @Test func thePhoneIsToldAtEachChangeOnly() {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false))
        var told = app.start(at: 0).players
        for t in stride(from: 0.25, through: 1.75, by: 0.25) { told += app.handle(.tick, at: t).players }
        #expect(told.count == 1, "one while getting ready, nothing each second")
        #expect(told.first??.segment == 0)
        told = app.handle(.tick, at: 2.1).players
        #expect(told.map { $0?.segment } == [1])
        #expect(app.handle(.remote(.playPause), at: 2.5).players.map { $0?.playing } == [false])
        #expect(app.handle(.key(.character(" ")), at: 3).players.map { $0?.playing } == [true])
    }

    @Test func theLinkShowsOnTheScreenAndInTheStatusAndXRenewsIt() {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false))
        _ = app.start(at: 0)
        #expect(!app.handle(.key(.character("x")), at: 0.1).contains(.renewPhoneLink), "no phone, no effect")
        let link = PhoneLink(url: "http://127.0.0.1:4711/#t", modules: [true], size: 1)
        let effects = app.handle(.phone(.link(link)), at: 0.2)
        #expect(effects.model?.phone == link)
        let status = effects.compactMap { if case .status(let s) = $0 { s } else { nil } }.last
        #expect(status?.phone == link.url)
        #expect(app.handle(.key(.character("x")), at: 0.3).contains(.renewPhoneLink))
        _ = app.handle(.key(.character("?")), at: 0.4)
        #expect(app.handle(.key(.character("x")), at: 0.5).contains(.renewPhoneLink), "under the help panel too")
        #expect(app.handle(.phone(.connected(2)), at: 0.6).model?.phones == 2)
    }

    @Test func theStatusFileKeepsTheLink() throws {
        let snapshot = StatusSnapshot(routine: "R", title: "T", segment: 1, segments: 2, paused: false,
                                      remaining: 3, phone: "http://10.0.0.2:5000/#abc")
        let record = StatusRecord(pid: 42, snapshot: snapshot, wallNow: 10)
        let read = try #require(StatusRecord.parse(Array(record.json.utf8)))
        #expect(read.snapshot.phone == "http://10.0.0.2:5000/#abc")
    }

    /// A 21-module code (version 1): its span with the quiet zone is 29 modules, 15 rows.
    func link(size: Int = 21) -> PhoneLink {
        // A finder pattern's dark ring in the top-left corner is enough to tell the code's place.
        var modules = [Bool](repeating: false, count: size * size)
        for k in 0..<7 { modules[k] = true; modules[6 * size + k] = true; modules[k * size] = true }
        return PhoneLink(url: "http://192.168.1.23:40000/#ABCDEFGHIJKLMNOPQRSTUV", modules: modules, size: size)
    }

    /// The code in the body of an 80×24 screen, between the header and the footer's three rows.
    func layout(_ link: PhoneLink, width: Int = 80, rows: Range<Int> = 1..<21) -> PhoneCode.Layout {
        PhoneCode.layout(link, words: .english, width: width, rows: rows)
    }

    @Test func theCodeSitsRightWithItsQuietZoneBetweenTheBars() throws {
        let placed = try #require(layout(link()).code)
        #expect(placed.x == 80 - 29 - 1, "a column in from the edge")
        #expect(placed.rows == 15)
        #expect(placed.y >= 1 && placed.y + placed.rows <= 21, "clear of the header and the footer")
        #expect(layout(link()).body.columns == 0..<(placed.x - 1), "the workout has what is left of it")
        #expect(layout(link(), width: 40).code == nil, "no room for the workout beside it")
        #expect(layout(link(), rows: 1..<13).code == nil)
    }

    @Test func theCodeIsBlackOnWhiteModuleForModule() throws {
        var grid = CellGrid(width: 80, height: 24, fill: CellStyle(foreground: RGB(9, 9, 9), background: RGB(1, 2, 3)))
        let code = link()
        PhoneCode.draw(code, layout(code), on: &grid, colour: true)
        let at = try #require(layout(code).code)
        // The quiet zone's first two rows: light above and below.
        #expect(grid.character(x: at.x, y: at.y) == " ")
        #expect(grid[at.x, at.y].style.background == PhoneCode.white)
        // Module rows 4 and 5 (cell row 2), past the quiet zone: the finder's dark corner, dark above and below.
        #expect(grid.character(x: at.x + 4, y: at.y + 2) == " ")
        #expect(grid[at.x + 4, at.y + 2].style.background == PhoneCode.black)
        // Module rows 10 and 11 (cell row 5), one module in: the finder's dark ring above, light below.
        #expect(grid.character(x: at.x + 5, y: at.y + 5) == "▄")
        #expect(grid[at.x + 5, at.y + 5].style.foreground == PhoneCode.white)
        #expect(grid[at.x + 5, at.y + 5].style.background == PhoneCode.black)
        // Past the code's last column, the right-hand quiet zone is light, and the screen's last column is its own.
        #expect(grid[78, at.y + 5].style.background == PhoneCode.white)
        #expect(grid[79, at.y + 5].style.background == RGB(1, 2, 3))
        // An odd span leaves half of the last row past the code: light as the quiet zone, not a black stripe.
        #expect((0..<29).allSatisfy { grid[at.x + $0, at.y + 14].style.background == PhoneCode.white })
        #expect(grid.text.contains("Scan with the phone"))
        #expect(grid.text.contains("http://192.168.1.23:40000/#"))
        #expect(grid.text.contains("x  drop the phones, new code"))
    }

    @Test func withoutColourTheLightModulesAreReverseVideo() throws {
        var grid = CellGrid(width: 80, height: 24, fill: CellStyle(foreground: RGB(9, 9, 9), background: RGB(1, 2, 3)))
        PhoneCode.draw(link(), layout(link()), on: &grid, colour: false)
        let at = try #require(layout(link()).code)
        #expect(grid[at.x, at.y].style.reverse)
        #expect(!grid[at.x + 4, at.y + 2].style.reverse)
    }

    @Test func whereTheCodeDoesNotFitTheAddressStillShowsWhole() {
        var grid = CellGrid(width: 40, height: 12, fill: CellStyle(foreground: RGB(9, 9, 9), background: RGB(1, 2, 3)))
        let placed = layout(link(), width: 40, rows: 1..<9)
        PhoneCode.draw(link(), placed, on: &grid, colour: true)
        let rows = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[7].contains("http://192.168.1.23:40000/#ABCDEFGHIJK"))
        #expect(rows[8].contains("LMNOPQRSTUV"))
        #expect(placed.body.rows == 1..<7, "the workout keeps the rows above")
    }

    @Test func theDefaultRoutesInterface() {
        let routes = """
            Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
            docker0\t000011AC\t00000000\t0001\t0\t0\t0\t0000FFFF\t0\t0\t0
            wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0
            wlan0\t0001A8C0\t00000000\t0001\t0\t0\t600\t00FFFFFF\t0\t0\t0

            """
        #expect(PhoneAddress.defaultInterface(routes: routes) == "wlan0")
        #expect(PhoneAddress.defaultInterface(routes: String(routes.split(separator: "\n")[0])) == nil)
    }

    /// The loop tells the phones what it tells the media player, and `x` (once the page is up) renews its link.
    @Test func theLoopTellsThePhoneAndRenewsItsLink() throws {
        let clock = ManualClock()
        let phone = RecordingPhone()
        let link = PhoneLink(url: "http://127.0.0.1:1/#t", modules: [], size: 0)
        let input = ScriptedInput(clock: clock, [.at(0.2, [.phone(.link(link))]), .at(0.5, [.key(.character("x"))]),
                                                 .at(1, [.remote(.stop)])])
        let loop = WorkoutLoop(app: WorkoutApp(plan: shortPlan), clock: clock, terminal: TestBackend(), input: input,
                               audio: nil, recorder: nil, phone: phone)
        #expect(try loop.run() == .quit)
        #expect(phone.told == [
            .player(PlayerState(playing: true, title: "Get ready", routine: "Short", length: 2, elapsed: 0, at: 0)),
            .renewed,
            .player(nil),
            .ended(PhoneEnding(title: "Workout ended.")),
        ])
    }

    /// The code is on the get-ready screen and under `?`, and out of the way of the exercise otherwise.
    @Test func theCodeShowsWhileGettingReadyAndUnderTheHelpPanel() {
        var app = WorkoutApp(plan: shortPlan, settings: CoachSettings(flash: false))
        _ = app.start(at: 0)
        _ = app.handle(.phone(.link(link())), at: 0.1)
        let renderer = ScreenRenderer(depth: .direct, glyphs: .unicode, metrics: .unicode)
        func shows(at now: Double) -> Bool {
            renderer.render(app.screen(at: now), width: 80, height: 24).text.contains("Scan with the phone")
        }
        #expect(shows(at: 0.2))
        _ = app.handle(.key(.character("q")), at: 0.3)
        #expect(!shows(at: 0.3), "the quit prompt is never covered")
        _ = app.handle(.key(.character("n")), at: 0.4)
        _ = app.handle(.tick, at: 2.5)
        #expect(!shows(at: 2.5), "working: the exercise has the screen")
        _ = app.handle(.key(.character("?")), at: 2.6)
        #expect(shows(at: 2.6))
    }
}

/// The code and its words share the screen with the workout: nothing is drawn over anything.
@Suite("The phone's code beside the workout")
struct PhoneCodeLayoutTests {
    /// A version 3 code (29 modules), the size of every address the server gives: `http://`, an IPv4
    /// address and port, and 22 characters of token fit its 53 bytes. Modules alternate in a pattern that
    /// gives the code's rows both half blocks.
    static let link: PhoneLink = {
        let size = 29
        let modules = (0..<size * size).map { ($0 / size + $0 % size / 3) % 3 == 0 }
        return PhoneLink(url: "http://192.168.100.123:40000/#ABCDEFGHIJKLMNOPQRSTUV", modules: modules, size: size)
    }()

    static func isPhone(_ cell: Cell) -> Bool {
        [PhoneCode.white, PhoneCode.black].contains(cell.style.background)
            && [PhoneCode.white, PhoneCode.black].contains(cell.style.foreground)
    }

    func render(_ state: ScreenState, width: Int, height: Int) -> CellGrid {
        var model = state.model()
        model.phone = Self.link
        return WorkoutScreen.render(model, width: width, height: height)
    }

    /// Each run of the code's or its words' cells in a row has a blank cell or the screen's edge on either
    /// side: what ran under the code (digits, the panel's border, a line of text) would show at its edge.
    func clearEdges(_ grid: CellGrid) -> [String] {
        var found: [String] = []
        for y in 0..<grid.height {
            var x = 0
            while x < grid.width {
                guard Self.isPhone(grid[x, y]) else { x += 1; continue }
                let start = x
                while x < grid.width && Self.isPhone(grid[x, y]) { x += 1 }
                for edge in [start - 1, x] where edge >= 0 && edge < grid.width {
                    let seen = grid.character(x: edge, y: y)
                    if seen != " " { found.append("\(seen) at \(edge),\(y)") }
                }
            }
        }
        return found
    }

    /// What the code's words say, read off the screen: their cells' text, row by row, without spaces.
    func address(_ grid: CellGrid) -> String {
        String((0..<grid.height).flatMap { y in
            (0..<grid.width).filter { Self.isPhone(grid[$0, y]) }.map { grid.character(x: $0, y: y) }
        }.filter { !" ▀▄".contains($0) })
    }

    @Test(arguments: [(200, 60), (100, 30), (80, 24)])
    func theCodeSharesTheGetReadyScreenWithTheDigits(width: Int, height: Int) {
        let grid = render(.getReady, width: width, height: height)
        #expect(clearEdges(grid) == [], "\(width)×\(height)")
        #expect(grid.text.contains("Scan with the phone"))
        #expect(address(grid).contains(Self.link.url))
        #expect(grid.text.contains("Jumping Jacks"), "\(width)×\(height)")
        // The digits shrink into the room left of the code, but stay digits.
        #expect(bigDigitCells(grid) > 0)
    }

    @Test(arguments: [(200, 60), (100, 30), (80, 24)])
    func theCodeSharesTheHelpScreenWithTheKeys(width: Int, height: Int) {
        let grid = render(.help, width: width, height: height)
        #expect(clearEdges(grid) == [], "\(width)×\(height)")
        #expect(address(grid).contains(Self.link.url))
        // Above the footer, whose key hints say "quit" too.
        let text = grid.text.split(separator: "\n").dropLast(3).joined(separator: "\n")
        let shown = KeyBindings.summary.filter { text.contains($0.action) }.count
        #expect(shown >= 3, "\(width)×\(height)")
        // With the phone, x is listed last.
        #expect(shown == KeyBindings.summary.count && text.contains("x  drop the phones, new code")
                || text.contains("… \(KeyBindings.summary.count + 1 - shown) more"))
        #expect(bigDigitCells(grid) > 0)
    }

    /// Below 80×24 a code a phone could read does not fit: the address shows whole as text, over nothing.
    @Test(arguments: [ScreenState.getReady, .help])
    func at40x12TheAddressIsText(state: ScreenState) {
        let grid = render(state, width: 40, height: 12)
        #expect(!grid.text.contains("▀"), "no code")
        #expect(address(grid).contains(Self.link.url))
        #expect(clearEdges(grid) == [])
        #expect(bigDigitCells(grid) > 0)
    }

    /// At 40×12 the keys that do not fit above the address are counted, as without the phone.
    @Test func at40x12TheHelpSaysHowManyKeysMore() {
        let grid = render(.help, width: 40, height: 12)
        let text = grid.text.split(separator: "\n").dropLast(3).joined(separator: "\n")
        let shown = KeyBindings.summary.filter { text.contains($0.action) }.count
        #expect(shown >= 2 && text.contains("… \(KeyBindings.summary.count + 1 - shown) more"), "\(grid.text)")
    }

    func bigDigitCells(_ grid: CellGrid) -> Int {
        (0..<grid.height).reduce(0) { count, y in
            count + (0..<grid.width).filter {
                bigBlocks.contains(grid.character(x: $0, y: y)) && !grid[$0, y].style.bold && !Self.isPhone(grid[$0, y])
            }.count
        }
    }
}

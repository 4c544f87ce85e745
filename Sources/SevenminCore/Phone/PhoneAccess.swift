// SPDX-License-Identifier: GPL-3.0-or-later
/// Who may see the phone's page and press its buttons, by Jupyter's rules: a token of 128 random bits in
/// the address's fragment, exchanged once for a cookie; the server's own address as `Host` (no DNS
/// rebinding); commands by POST from the page's own origin only; at most `maxPhones` phones at once.
/// Pure: the server hands each request over and does what the answer says.
public enum PhoneAccess {
    /// At most this many phones hold a cookie at once.
    public static let maxPhones = 4
    /// Connections the server holds at once; from one address; and the seconds one may sit without a byte
    /// either way before it is closed (a request is made in far less, a stream's heartbeat comes every second).
    /// Together they keep one address from holding the page down.
    public static let connections = 64, connectionsPerAddress = 16, idleTimeout = 4
    /// The cookie the token is exchanged for.
    public static let cookieName = "sevenmin"
    /// The request header the page sends the token in, once: a header a cross-origin page cannot set
    /// without a preflight, which the server never grants.
    public static let tokenHeader = "X-Sevenmin-Token"

    /// A request as far as access goes.
    public struct Request: Equatable, Sendable {
        public var method: String
        public var path: String
        public var host: String?
        public var origin: String?
        /// The `Cookie` header, whole.
        public var cookie: String?
        /// The token header's value.
        public var token: String?

        public init(method: String, path: String, host: String? = nil, origin: String? = nil,
                    cookie: String? = nil, token: String? = nil) {
            self.method = method
            self.path = path
            self.host = host
            self.origin = origin
            self.cookie = cookie
            self.token = token
        }
    }

    /// What to answer.
    public enum Verdict: Equatable, Sendable {
        /// The page itself, which holds nothing secret: it reads the token from its own address.
        case page
        /// 204: nothing, for what browsers ask for by themselves (`/favicon.ico`), so no error is logged.
        case nothing
        /// Give the phone a new cookie: the token was right and there is room.
        case newPhone
        /// The event stream, for the phone with this cookie.
        case events(phone: String)
        /// A button: an input to the workout, as a key is.
        case command(Input)
        /// 401: no cookie, or one not (or no longer) given out.
        case unauthorized
        /// 403: a foreign `Host` or `Origin`, or a wrong token.
        case forbidden
        /// 404, 405.
        case notFound, methodNotAllowed
        /// 503: `maxPhones` phones have the page already.
        case full
    }

    /// The paths of the page's buttons and what each does.
    public static let commands: [(path: String, command: Input)] = [
        ("/pause", .remote(.playPause)), ("/skip", .remote(.next)), ("/back", .remote(.previous)),
        ("/done", .phone(.done)),
    ] + (1...10).map { ("/rate/\($0)", .phone(.rate($0))) }

    /// The answer to `request` for a server reached at `authority` (`address:port`), whose token is
    /// `token` and whose phones hold the cookies `phones`; with `localhost` (bound to loopback, reached over an
    /// SSH tunnel), at `localhost:port` too.
    public static func decide(_ request: Request, authority: String, token: String,
                              phones: Set<String>, localhost: Bool = false) -> Verdict {
        let port = authority.split(separator: ":").last.map { ":" + $0 } ?? ""
        let names = [authority.lowercased()] + (localhost ? ["localhost" + port] : [])
        guard let host = request.host?.lowercased(), let authority = names.first(where: { $0 == host }) else {
            return .forbidden
        }
        let path = request.path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first
            .map(String.init) ?? ""
        let command = commands.first { $0.path == path }?.command
        switch path {
        case "/":
            return request.method == "GET" || request.method == "HEAD" ? .page : .methodNotAllowed
        case "/favicon.ico":
            return .nothing
        case "/events":
            guard request.method == "GET" else { return .methodNotAllowed }
            guard let phone = cookie(in: request.cookie), phones.contains(phone) else { return .unauthorized }
            return .events(phone: phone)
        case "/session":
            guard request.method == "POST" else { return .methodNotAllowed }
            guard sameOrigin(request.origin, authority: authority),
                  let given = request.token, equalInConstantTime(given, token) else { return .forbidden }
            // A phone that scans the code again keeps its cookie, and its place among the four.
            if let phone = cookie(in: request.cookie), phones.contains(phone) { return .nothing }
            return phones.count < maxPhones ? .newPhone : .full
        default:
            guard let command else { return .notFound }
            guard request.method == "POST" else { return .methodNotAllowed }
            guard sameOrigin(request.origin, authority: authority) else { return .forbidden }
            guard let phone = cookie(in: request.cookie), phones.contains(phone) else { return .unauthorized }
            return .command(command)
        }
    }

    /// Whether `origin` is the page's own: `http://` and the server's address.
    static func sameOrigin(_ origin: String?, authority: String) -> Bool {
        origin?.lowercased() == "http://" + authority.lowercased()
    }

    /// The phone's cookie in a `Cookie` header (`a=1; sevenmin=…`), if there is one.
    public static func cookie(in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0].trimmingSpaces == cookieName {
                let value = parts[1].trimmingSpaces
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }

    /// The `Set-Cookie` header that gives a phone `value`: kept from scripts and from every other site.
    public static func setCookie(_ value: String) -> String {
        "\(cookieName)=\(value); Path=/; HttpOnly; SameSite=Strict"
    }

    /// Compares every byte whatever differs first, so the time taken says nothing of the token.
    static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for k in x.indices { difference |= x[k] ^ y[k] }
        return difference == 0
    }

    /// 16 random bytes as the token's text: unpadded base64url, 22 characters.
    public static func token(_ bytes: [UInt8]) -> String { Base64.encode(bytes, alphabet: Base64.url, padded: false) }
}

private extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

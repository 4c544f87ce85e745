// SPDX-License-Identifier: GPL-3.0-or-later
/// The phones that hold a place on the page, and their event streams: at most `PhoneAccess.maxPhones` phones,
/// at most `streamsPerPhone` streams each (a third ends the oldest: a reload's new stream outlives the old one's
/// dead connection), and a phone with no stream for `leavesAfter` seconds gives its place up, so that a phone
/// gone for good does not keep one until `x`. Pure: the server asks it, and does what it says.
public struct PhoneRoster: Equatable, Sendable {
    /// Streams one phone may hold open: the page's, and a reload's while the old one's connection dies.
    public static let streamsPerPhone = 2
    /// Seconds without a stream after which a phone's place is free; it reconnects within a second or two, and
    /// one whose place went trades its token for a new cookie, which the page does by itself.
    public static let leavesAfter = 10.0

    private struct Phone: Equatable, Sendable {
        /// Its open streams, oldest first.
        var streams: [Int] = []
        /// Since when it has had no stream (or since it joined).
        var idleSince: Instant
    }

    private var phones: [String: Phone] = [:]
    private var nextStream = 0

    public init() {}

    /// The cookies given out and still valid.
    public var cookies: Set<String> { Set(phones.keys) }

    /// How many phones have a stream open.
    public var connected: Int { phones.values.filter { !$0.streams.isEmpty }.count }

    /// Gives `cookie` a place, if there is one (the phones gone for long enough make room first).
    public mutating func join(_ cookie: String, at now: Instant) -> Bool {
        leave(at: now)
        guard phones[cookie] == nil else { return true }
        guard phones.count < PhoneAccess.maxPhones else { return false }
        phones[cookie] = Phone(idleSince: now)
        return true
    }

    /// Opens a stream for `cookie`'s phone: its number, and the phone's oldest stream it ends, past
    /// `streamsPerPhone`. Nil for a cookie that holds no place.
    public mutating func open(for cookie: String) -> (stream: Int, ends: Int?)? {
        guard var phone = phones[cookie] else { return nil }
        nextStream += 1
        phone.streams.append(nextStream)
        let ends = phone.streams.count > Self.streamsPerPhone ? phone.streams.removeFirst() : nil
        phones[cookie] = phone
        return (nextStream, ends)
    }

    /// The stream `stream` is closed (its connection ended, or it was ended).
    public mutating func close(_ stream: Int, at now: Instant) {
        for (cookie, var phone) in phones where phone.streams.contains(stream) {
            phone.streams.removeAll { $0 == stream }
            if phone.streams.isEmpty { phone.idleSince = now }
            phones[cookie] = phone
        }
    }

    /// Whether `stream` is still one of its phone's: false once ended, by a newer stream, a phone's leaving or `x`.
    public func isOpen(_ stream: Int) -> Bool { phones.values.contains { $0.streams.contains(stream) } }

    /// Frees the places of the phones that have had no stream for `leavesAfter` seconds.
    public mutating func leave(at now: Instant) {
        phones = phones.filter { !$0.value.streams.isEmpty || now - $0.value.idleSince < Self.leavesAfter }
    }

    /// Drops every phone (`x`): their streams end, their cookies are void.
    public mutating func clear() { phones = [:] }
}

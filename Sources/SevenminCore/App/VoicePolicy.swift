/// Decides what the coach says for each session event.
public enum VoicePolicy {
    public static func announcement(for event: SessionEvent, in plan: Plan, countAloud: Bool) -> Announcement? {
        nil
    }
}

// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The joints a stick figure is drawn from; the left ones are the figure's own left.
public enum Joint: String, CaseIterable, Sendable {
    case head, neck, hip, leftElbow, leftHand, rightElbow, rightHand, leftKnee, leftFoot, rightKnee, rightFoot

    /// The bones between joints, drawn as lines; the head is drawn as a ring around its point.
    static let bones: [(Joint, Joint)] = [
        (.head, .neck), (.neck, .hip), (.neck, .leftElbow), (.leftElbow, .leftHand), (.neck, .rightElbow),
        (.rightElbow, .rightHand), (.hip, .leftKnee), (.leftKnee, .leftFoot), (.hip, .rightKnee),
        (.rightKnee, .rightFoot),
    ]
}

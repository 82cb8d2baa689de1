#pragma once
// The operator's words for a motion platform's state, shared by every place that shows it (the
// rig strip, the Motion panel, the event texts, the dialogs' STOP areas): the mode's name with the
// vendor's word beside it, and why the loop guard holds the cues. GUI thread (translators); pure
// otherwise. Numbers follow the operator's locale (files and wires never use these).

#include "model/motionstatus.h"

#include <QCoreApplication>
#include <QString>

namespace hil {

class RigStateText
{
    Q_DECLARE_TR_FUNCTIONS(hil::RigStateText)
public:
    /// The modes as MotionStatus numbers them (the platform's status word).
    static constexpr int kOff = 0, kLevelBrake = 1, kLoading = 2, kCueing = 3;
    static constexpr int kModeCount = 4;
    /// As the link's "mode" counter and the vendor's manual spell them.
    static const char *const kModeNames[kModeCount];
    /// A mode's name: translated, with the vendor's word in parentheses when the translation
    /// differs ("Bewegung (CUEING)"), so it can be matched with events.log; "unknown" for -1.
    static QString mode(int mode);
    /// Why the loop guard holds the cues, short ("RealFlight slow: 25 states/s, needs 30"); empty
    /// while the loop is healthy.
    static QString guardReason(const MotionStatus::Guard &guard);
    /// A degree of freedom by its number (0 surge .. 5 yaw, as raven::dofName), lower case for
    /// the middle of a sentence; "" for anything else.
    static QString dof(int dof);
    /// How to release a latched STOP, in one line.
    static QString stopRelease();
};

} // namespace hil

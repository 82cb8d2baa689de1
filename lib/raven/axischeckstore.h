#pragma once
// AxisCheckStore: the last axis-check result per platform address, where the window's axis check
// and a headless run (`--raven-mode cueing`) both find it. The RavenLink reads it when it opens
// (a failed check holds simulator cues at neutral from the first frame) and writes each test
// cue's outcome; the axis check dialog writes the operator's direction answers beside it.
//
// Where: the application's QSettings (org "HIL Station", app "hilstation": the file or registry
// the window keeps its layout in), or an INI file given to the constructor; HIL_AXIS_CHECK_STORE
// (an INI file path) replaces the application's settings, so a test and the program it starts
// share one isolated store. Keys, group "axisCheck/<host>:<port>" (host as resolved, IPv4):
//   <axis>/result      passed | crossed | no_response   (outcome of the link's last test cue)
//   <axis>/moved       the DoF that moved most ("none" when nothing moved above the noise)
//   <axis>/frame       the cue frame (5, 21, 85) the test cue went out in
//   <axis>/time        when that outcome was recorded, UTC ISO 8601 (2026-03-14T09:26:53Z);
//                      results recorded before the store kept times have none
//   <axis>/answer, <axis>/invert, <axis>/poseChange   the operator's answer (dialog)
//   hold, holdAxis, holdMoved   true after a crossed result until every axis passes again
// <axis> is surge, sway, heave, roll, pitch or yaw. Numbers as QSettings writes them (C locale).
//
// Rule (docs/decisions/rider-safety.md, "Axis check"): a crossed result sets the hold and forgets
// every axis's earlier pass; the hold ends when all six axes have passed since.
//
// Thread: any. Each call opens its own QSettings (reentrant, not shared between threads) and
// syncs before returning, so the link's thread and the GUI thread see each other's writes.

#include "raven/axisresponse.h"

#include <QDateTime>
#include <QString>
#include <memory>

class QSettings;

namespace hil::raven {

class AxisCheckStore
{
public:
    /// file: an INI file; empty = HIL_AXIS_CHECK_STORE when set, else the application's settings.
    explicit AxisCheckStore(QString file = {});

    /// "<host>:<port>", the key of one platform.
    static QString address(const QString &host, int port);

    struct Status
    {
        bool held = false;
        int heldAxis = -1;       ///< the test cue's axis that crossed (-1 unknown)
        int movedAxis = -1;      ///< the DoF that moved instead (-1 unknown)
        unsigned passedMask = 0; ///< bit i: axis i passed since the last crossing
        bool allPassed() const { return passedMask == 0x3Fu; }
        /// The check as a whole: Never (no result recorded), Passed (every axis passed since
        /// the last crossing), Failed (held, or an axis's last result crossed or no response),
        /// Incomplete (some axes passed, the others never checked).
        enum class Summary { Never, Passed, Failed, Incomplete };
        Summary summary = Summary::Never;
        /// The newest recorded outcome's time (UTC); invalid when none has one.
        QDateTime lastTime;
    };
    /// "never", "passed", "failed", "incomplete".
    static QString summaryName(Status::Summary s);
    Status status(const QString &address) const;
    /// Records one test cue's outcome (Refused/Cancelled are not recorded); the new status.
    /// at: the outcome's time, invalid = now (UTC).
    Status recordOutcome(const QString &address, int axis, AxisOutcome outcome, int movedAxis,
                         int frameId, const QDateTime &at = {});
    /// The operator's direction answer ("expected", "opposite", "none") and the invert it left.
    void recordAnswer(const QString &address, int axis, const QString &answer, bool invert,
                      double poseChange);
    /// False when the last write could not be saved (read-only file, full disk).
    bool lastWriteOk() const { return m_writeOk; }

private:
    std::unique_ptr<QSettings> open() const;
    Status read(QSettings &s, const QString &address) const;

    QString m_file;
    bool m_writeOk = true;
};

} // namespace hil::raven

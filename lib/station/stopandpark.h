#pragma once
// StopAndPark: the Station's side of the rider's safety path — the one STOP command every caller
// uses (toolbar, Esc, every dialog's STOP button, SIGUSR1, `--send stop`, the lab's remote STOP),
// the park every exit runs before the links close, and the switch that lets replayed frames
// into the motion platform (which STOP turns off). It decides where a command goes (the motion
// link running *now*, or one still parking after a Disconnect) and never blocks: commands are
// queued into the link's thread.
//
// What happens inside the link — cues zeroed, LEVEL BRAKE requested and latched, the watchdog's
// ramps, the ≤ 1 s ramp to neutral and ≤ 2 s wait for LEVEL BRAKE of a park — is the link side
// of the same path: lib/raven/ridersafety.h (RiderSafety) and lib/raven/ravenlink.h. Rules:
// docs/protocols/ravenapi.md, "Modes".
//
// Thread: main thread only. Owns nothing; reaches links through LinkManager.

#include "core/event.h"
#include "core/worker.h"
#include "model/motionstatus.h"

#include <QObject>
#include <QString>
#include <functional>
#include <optional>

namespace hil {

class LinkManager;

class StopAndPark : public QObject
{
    Q_OBJECT
public:
    /// raise: an event of the station's own (events.log and the window); log: a line for
    /// events.log only; route: rebuild the routing (the replay switch changes it).
    StopAndPark(LinkManager &links, std::function<void(const Event &)> raise,
                std::function<void(const QString &)> log, std::function<void()> route,
                QObject *parent = nullptr);

    /// STOP: replay stops feeding the motion link (and pauses), and the motion link running now
    /// — or still parking after a Disconnect — zeroes its cues and requests LEVEL BRAKE, latched
    /// until the operator picks a mode. Without one: event station.stop_no_link.
    void emergencyStop();

    /// STOP asked from outside the program (the lab's `cmd/stop`): the event station.lab_stop
    /// (who asked), then emergencyStop() — the same command as the toolbar's. `answer` follows
    /// in this thread: (false, -1, why) at once without a motion link; else once the platform
    /// shows OFF or LEVEL BRAKE (true, mode), or after 3 s with the mode it still shows (false).
    void remoteStop(const QString &requester, std::function<void(bool, int, QString)> answer);

    /// Exit path, asynchronous: the motion link ramps cues to neutral (≤ 1 s), requests LEVEL
    /// BRAKE when LOADING/CUEING and waits ≤ 2 s for it; exitParked() follows (at once without a
    /// motion link; after 4 s whatever happens). Event station.exit_parked or
    /// station.exit_not_parked. Idempotent: a second call repeats the outcome.
    void parkForExit();
    bool isParking() const { return m_parking; }

    /// Replayed frames replace the live simulator's in the motion link (the caller asked the
    /// operator to confirm). The link's watchdog, ramps and STOP apply unchanged.
    void setReplayIntoMotion(bool on);
    bool replayIntoMotion() const { return m_replayIntoMotion; }

    /// The platform mode the motion link's status word shows (0 OFF .. 3 CUEING), -1 when no
    /// motion link runs or the platform never answered (a stopping link still counts).
    int platformMode() const;
    /// The motion link's rider-side status, typed (model/motionstatus.h), while one runs or
    /// stops; std::nullopt otherwise. Main thread.
    std::optional<MotionStatus> motionStatus() const;
    /// A motion link runs or is still stopping: STOP has somewhere to go.
    bool hasMotionLink() const;

signals:
    void exitParked(bool ok, const QString &text);
    void replayIntoMotionChanged(bool on);

private:
    void finishPark(bool ok, const QString &text);

    LinkManager &m_links;
    std::function<void(const Event &)> m_raise;
    std::function<void(const QString &)> m_log;
    std::function<void()> m_route;
    bool m_replayIntoMotion = false;
    bool m_parking = false;
    bool m_parkDone = false;
    bool m_parkOk = false;
    QString m_parkText;
};

} // namespace hil

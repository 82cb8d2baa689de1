#pragma once
// SameFactFilter: one fact said once in the window though two links report it. GUI thread.

#include "core/event.h"

#include <QHash>
#include <QString>

namespace hil {

/// Two links may report one fact (PX4 armed: the simulator link sees it in the actuator
/// controls, the ground-station link in the heartbeat). shows() is false for such an event when
/// another source reported the same fact within the last 2 s, so the window says it once
/// (events.log keeps both). GUI thread.
class SameFactFilter
{
public:
    bool shows(const Event &event, qint64 nowMs);

private:
    struct Seen
    {
        QString source;
        qint64 ms = 0;
    };
    QHash<QString, Seen> m_seen;
};

} // namespace hil

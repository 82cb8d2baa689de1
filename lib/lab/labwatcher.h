#pragma once
// LabWatcher: the instructor's side of the lab (docs/lab.md). Subscribes to every rig's topics
// on the broker and keeps one RigView per rig seen (from the retained online/links/session and
// the live state/platform/event), newest wins; sends a rig the lab's STOP as an MQTT 5 request
// and keeps the rig's answer. It is the window's source, never the window: no widget here.
//
// Thread: a Worker on its own thread (hil-labwatch); its broker connection (LabConnection, the
// publisher's kind: one client for the subscriptions and the STOP requests) brings Paho's
// callbacks into it and reconnects on its own. rigs() is a thread-safe snapshot (a copy under a
// mutex held for the copy only): the window reads it on its timer and never waits on the broker.
// requestStop() may be called from any thread: it only queues.

#include "core/worker.h"
#include "lab/labconfig.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QMutex>
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <vector>

namespace hil::lab {

class LabConnection;
struct MqttCallbacks;

/// One rig as the instructor sees it. Times: Unix seconds (the rig's "t"); NaN: not known.
struct RigView
{
    QString rig;
    bool online = false;
    QString offlineReason; ///< "lost" (Last Will) or "exit"
    QString mode;          ///< platform mode name, empty: no platform seen
    int modeId = -1;
    QString thermal;
    double altitudeM = std::numeric_limits<double>::quiet_NaN();
    double airspeedMps = std::numeric_limits<double>::quiet_NaN();
    double lastStateT = std::numeric_limits<double>::quiet_NaN();
    QMap<QString, QString> linkStates; ///< link name -> "up", "down", ...
    QString lastEventText, lastEventSeverity;
    QString stopAnswer; ///< empty, "pending", or the rig's answer in words
    /// The rig's last rig check (retained rigcheck): "pass", "warn", "fail"; empty: none seen.
    QString rigCheckVerdict;
    int rigCheckFails = 0, rigCheckWarnings = 0;
    double rigCheckTimeS = std::numeric_limits<double>::quiet_NaN(); ///< Unix time of that check
    quint64 stateMessages = 0;
    std::int64_t lastStateRxNs = 0; ///< steady clock when the last state arrived
};

class LabWatcher : public Worker
{
    Q_OBJECT
public:
    /// config.rig names this instructor (its reply topics' last level), not a rig.
    explicit LabWatcher(const LabConfig &config);
    ~LabWatcher() override;

    /// Every rig seen, by name. Thread-safe.
    QList<RigView> rigs() const;
    /// The lab's STOP to one rig (queued; the answer lands in its RigView). Any thread.
    void requestStop(const QString &rig);
    /// The rig whose state history is kept (one at a time: the window's plot). Any thread.
    void setSelected(const QString &rig);
    /// The selected rig's recent state (at most kHistory samples, oldest first). Thread-safe.
    struct Sample
    {
        double t, altitudeM, airspeedMps; ///< t: the rig's Unix time, s
    };
    static constexpr int kHistory = 3000; ///< 60 s at the default 50 Hz
    QString selected() const;
    std::vector<Sample> history() const;
    /// Optional: called in the watcher's thread for every state message (benchmarks).
    void setStateProbe(std::function<void(const QString &rig, double t)> probe)
    {
        m_stateProbe = std::move(probe);
    }

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;

private:
    /// The watcher's client: no Last Will, its own client id ("hil-watch-<tag>").
    static LabConfig clientConfig(LabConfig config, const QString &tag);
    /// The connection's handlers (LabConnection calls them in this thread).
    MqttCallbacks handlers();
    void onConnected();
    /// An attempt failed (lost false) or the connection went (lost true): reconnecting.
    void onDown(const QString &why, bool lost);
    void onMessage(const QString &topic, const QByteArray &payload, const QByteArray &correlation);
    void sendStop(const QString &rig);

    const LabConfig m_config;
    const QString m_tag;        ///< this watcher's reply-topic level
    LabConnection *const m_lab; ///< a child: it moves to this worker's thread with it
    mutable QMutex m_mutex;
    QMap<QString, RigView> m_rigs;             ///< guarded by m_mutex
    QString m_selected;                        ///< guarded by m_mutex
    std::deque<Sample> m_history;              ///< guarded by m_mutex
    QHash<QByteArray, QString> m_pendingStops; ///< correlation -> rig (this thread)
    quint64 m_nextStop = 1;
    std::function<void(const QString &, double)> m_stateProbe;
    quint64 m_messages = 0, m_malformed = 0, m_stopsSent = 0, m_answers = 0;
};

} // namespace hil::lab

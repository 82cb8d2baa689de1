#pragma once
// Fake links for the Station's rooms' tests: real Workers on real threads (WorkerHost) that
// declare the streams and motion hooks of a LinkDescriptor but speak no protocol, and count
// what reaches them and in which thread. Written for these tests, not shared with any link.
//   "sim"    SimFrames out (like a simulator), a stand-in "emulator.sim" started before it
//   "motion" SimFrames in, movesRider, Motion (STOP counted, park answered or not), samples out
//   "pub"    SimFrames, events, counters and platform samples in (like a publisher link), the
//            companion of "sim" (runs whenever "sim" does, like HITL's ground-station link)
#include "core/linkdescriptor.h"
#include "core/post.h"
#include "core/worker.h"
#include "model/tsan.h"
#include "raven/platformsample.h"

#include <QMutex>
#include <QThread>
#include <atomic>
#include <vector>

namespace hil::test {

/// Records the order in which the registry's factories built workers and their threads deleted
/// them; a close may be made slow.
struct BuildLog
{
    std::vector<QString> built;   ///< main thread
    QMutex mutex;                 ///< guards deleted
    std::vector<QString> deleted; ///< appended by each worker's destructor, in its thread
    std::atomic<int> closeMs{0};  ///< how long "pub"'s close takes
};

class FakeLink : public Worker
{
    Q_OBJECT
public:
    explicit FakeLink(const QString &name, BuildLog *log = nullptr) : Worker(name), m_log(log) {}
    ~FakeLink() override
    {
        if (m_log) {
            QMutexLocker lock(&m_log->mutex);
            m_log->deleted.push_back(name());
        }
    }
    std::atomic<int> framesIn{0}, eventsIn{0}, countersIn{0}, samplesIn{0}, stops{0}, parks{0};
    std::atomic<QThread *> deliveredIn{nullptr}; ///< thread of the last delivery
    std::atomic<bool> answerPark{true};          ///< false: a park never answers
    std::atomic<int> lastCountersLinks{-1};      ///< size of "links" in the last snapshot
    QString lastEventId;                         ///< guarded by the worker's thread
    std::atomic<int> mode{3};                    ///< "reported" platform mode

    void onDelivered() { deliveredIn = QThread::currentThread(); }
    /// In the worker's thread (queued).
    void sendFrame()
    {
        postTo(this, [this] {
            SimFrame f;
            f.monotonicNs = 1;
            emit frameReady(f);
        });
    }
    void sendSample()
    {
        postTo(this, [this] {
            PlatformSample s;
            s.monotonicNs = 2;
            emit platformSample(s);
        });
    }
    void raise(const QString &id)
    {
        postTo(this, [this, id] { raiseEvent(id, Severity::Info, id); });
    }
    void park()
    {
        ++parks;
        if (answerPark)
            emit parked(true, QStringLiteral("parked"));
    }

signals:
    void frameReady(const hil::SimFrame &frame);
    void platformSample(const hil::PlatformSample &sample);
    void parked(bool ok, const QString &text);

protected:
    bool open(QString *) override
    {
        setState(LinkState::Up);
        return true;
    }
    void close() override
    {
        if (m_log && name() == QLatin1String("pub"))
            QThread::msleep(static_cast<unsigned long>(m_log->closeMs.load()));
    }
    QJsonObject collectCounters() const override { return {{"frames_in", framesIn.load()}}; }

private:
    BuildLog *m_log;
};

inline FakeLink *fake(Worker *w)
{
    return static_cast<FakeLink *>(w);
}

inline LinkRegistry fakeRegistry(BuildLog *log)
{
    LinkRegistry r;
    const auto make = [log](const QString &name) {
        return [log, name](const LinkContext &, QString *) -> Worker * {
            log->built.push_back(name);
            return new FakeLink(name, log);
        };
    };
    LinkDescriptor sim;
    sim.name = QStringLiteral("sim");
    sim.addressOption = QStringLiteral("sim");
    sim.makeLink = make(QStringLiteral("sim"));
    sim.makeEmulator = make(QStringLiteral("emulator.sim"));
    sim.simFramesOut = [](Worker *w, QObject *ctx, Sink<SimFrame> sink, Qt::ConnectionType t) {
        return QObject::connect(fake(w), &FakeLink::frameReady, ctx, tsanSlot(std::move(sink)), t);
    };
    r.add(sim);

    LinkDescriptor motion;
    motion.name = QStringLiteral("motion");
    motion.addressOption = QStringLiteral("motion");
    motion.makeLink = make(QStringLiteral("motion"));
    motion.makeEmulator = make(QStringLiteral("emulator.motion"));
    motion.movesRider = true;
    motion.simFramesIn = [](Worker *w, const SimFrame &) {
        fake(w)->onDelivered();
        ++fake(w)->framesIn;
    };
    motion.platformSamplesOut = [](Worker *w, QObject *ctx, Sink<PlatformSample> sink,
                                   Qt::ConnectionType t) {
        return QObject::connect(fake(w), &FakeLink::platformSample, ctx, tsanSlot(std::move(sink)),
                                t);
    };
    LinkDescriptor::Motion m;
    m.emergencyStop = [](Worker *w) { postTo(w, [w] { ++fake(w)->stops; }); };
    m.park = [](Worker *w) { postTo(w, [w] { fake(w)->park(); }); };
    m.onParked = [](Worker *w, QObject *context, std::function<void(bool, QString)> fn) {
        return QObject::connect(fake(w), &FakeLink::parked, context,
                                tsanSlot([fn](bool ok, const QString &t) { fn(ok, t); }),
                                Qt::QueuedConnection);
    };
    m.reportedMode = [](const Worker *w) { return static_cast<const FakeLink *>(w)->mode.load(); };
    motion.motion = m;
    r.add(motion);

    LinkDescriptor pub;
    pub.name = QStringLiteral("pub");
    pub.addressOption = QStringLiteral("pub");
    pub.companionOf = QStringLiteral("sim");
    pub.makeLink = make(QStringLiteral("pub"));
    pub.simFramesIn = [](Worker *w, const SimFrame &) {
        fake(w)->onDelivered();
        ++fake(w)->framesIn;
    };
    pub.eventsIn = [](Worker *w, const Event &e) {
        fake(w)->onDelivered();
        fake(w)->lastEventId = e.id;
        ++fake(w)->eventsIn;
    };
    pub.countersIn = [](Worker *w, const QJsonObject &snapshot) {
        fake(w)->onDelivered();
        fake(w)->lastCountersLinks = snapshot.value(QLatin1String("links")).toObject().size();
        ++fake(w)->countersIn;
    };
    pub.platformSamplesIn = [](Worker *w, const PlatformSample &) {
        fake(w)->onDelivered();
        ++fake(w)->samplesIn;
    };
    r.add(pub);
    return r;
}

} // namespace hil::test

#pragma once
// QueuedSpy: QSignalSpy's interface (a list of argument lists), but the emissions are delivered
// to the test's thread through a queued connection. QSignalSpy appends in the emitting thread,
// which races with the test reading it when the emitter is a worker on its own thread.
#include "model/tsan.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QList>
#include <QObject>
#include <QVariant>
#include <type_traits>

class QueuedSpy : public QObject, public QList<QVariantList>
{
public:
    template <typename Obj, typename Sender, typename... Args>
    QueuedSpy(Obj *sender, void (Sender::*signal)(Args...))
    {
        connect(
            sender, signal, this,
            [this](Args... args) {
                (hil::tsanArrived(args), ...); // TSan: Qt copied them in the sender's thread
                append(QVariantList{QVariant::fromValue(std::decay_t<Args>(args))...});
            },
            Qt::QueuedConnection);
    }

    /// Waits (running the event loop) until at least one more emission arrived.
    bool wait(int timeoutMs = 5000)
    {
        const qsizetype before = size();
        QDeadlineTimer deadline(timeoutMs);
        while (size() == before && !deadline.hasExpired())
            QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        return size() > before;
    }
};

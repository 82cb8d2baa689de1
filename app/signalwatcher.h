#pragma once
// SignalWatcher: turns SIGINT/SIGTERM into a Qt signal in the main thread (self-pipe: the
// handler only writes one byte, which is all a signal handler may safely do).

#include <QObject>

class QSocketNotifier;

class SignalWatcher : public QObject
{
    Q_OBJECT
public:
    explicit SignalWatcher(QObject *parent = nullptr);
    ~SignalWatcher() override;

signals:
    void terminationRequested(int signalNumber);

private:
    QSocketNotifier *m_notifier = nullptr;
};

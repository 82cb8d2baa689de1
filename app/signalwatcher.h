#pragma once
// SignalWatcher: turns SIGINT/SIGTERM (terminationRequested) and SIGUSR1 (stopRequested: the
// motion platform's STOP, for headless rigs) into Qt signals in the main thread (self-pipe: the
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
    void stopRequested();

private:
    QSocketNotifier *m_notifier = nullptr;
};

#pragma once
// The example link of docs/architecture.md, "Adding a link", used only by tests: it is added the
// way a real protocol is (a link, a stand-in, a descriptor) and proves that the Station, the option
// parser, session.json and the Links panel take a new link without a line changed in them.
//
// LoopbackLink (thread: its own worker thread) consumes SimFrames like the motion platform does:
// for each frame it sends one UDP datagram "<seq> <physics time s>" (C locale) to its peer and
// counts the echoes that come back. LoopbackEcho, its stand-in, echoes every datagram to its
// sender. 127.0.0.1 only.

#include "core/linkdescriptor.h"
#include "core/worker.h"

#include <QUdpSocket>
#include <atomic>

namespace hil::test {

class LoopbackLink : public Worker
{
    Q_OBJECT
public:
    explicit LoopbackLink(const Endpoint &peer) : Worker(QStringLiteral("loopback")), m_peer(peer)
    {
    }
    void onSimFrame(const SimFrame &frame);

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;

private:
    Endpoint m_peer;
    QUdpSocket *m_socket = nullptr;
    qint64 m_sent = 0;
    qint64 m_echoes = 0;
    qint64 m_badEchoes = 0;
};

class LoopbackEcho : public Worker
{
    Q_OBJECT
public:
    LoopbackEcho() : Worker(QStringLiteral("emulator.loopback")) {}
    quint16 port() const { return m_port.load(); }

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;

private:
    QUdpSocket *m_socket = nullptr;
    std::atomic<quint16> m_port{0};
    qint64 m_echoed = 0;
};

/// The registration: what lib/links/<protocol>.cpp holds for a built-in link.
LinkDescriptor loopbackDescriptor();

} // namespace hil::test

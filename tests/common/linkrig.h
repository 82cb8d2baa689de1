#pragma once
// LinkRig: a link and the stand-in it talks to, each on its own WorkerHost thread as the program
// runs them, for the tests that drive a link against its stand-in (RavenRig, standinrigs.h).
// Either side may be stopped alone (emuHost.reset(): the peer killed) and started again; what
// still runs at the end stops in the reverse order it started, so the side that connected to the
// other goes first. Test code; thread: the test's.
#include "core/worker.h"
#include "core/workerhost.h"

#include <memory>

namespace hil::testing {

/// Starts a worker on its own thread; the host owns it. Fatal when the worker does not open.
inline std::unique_ptr<WorkerHost> launch(Worker *w)
{
    auto host = std::make_unique<WorkerHost>(w);
    QString error;
    if (!host->start(&error))
        qFatal("cannot start %s: %s", qPrintable(w->name()), qPrintable(error));
    return host;
}

template <class Emulator, class Link> struct LinkRig
{
    Emulator *emu = nullptr; ///< owned by emuHost
    Link *link = nullptr;    ///< owned by linkHost
    std::unique_ptr<WorkerHost> emuHost, linkHost;

    LinkRig() = default;
    ~LinkRig() { stop(); }
    LinkRig(const LinkRig &) = delete;
    LinkRig &operator=(const LinkRig &) = delete;

    /// Starts a stand-in, replacing one stopped with emuHost.reset().
    void startEmulator(Emulator *e)
    {
        emu = e;
        emuHost = launch(e);
        m_linkLast = false;
    }
    void startLink(Link *l)
    {
        link = l;
        linkHost = launch(l);
        m_linkLast = true;
    }
    /// Stops what still runs, the side started last first.
    void stop()
    {
        if (m_linkLast)
            linkHost.reset();
        emuHost.reset();
        linkHost.reset();
    }

private:
    bool m_linkLast = false;
};

} // namespace hil::testing

#pragma once
// RavenRig: a platform stand-in and a RavenLink to it on 127.0.0.1, in their own threads, with an
// isolated axis-check store (a temporary INI). The tests of the link's test cues (axis check,
// transport delay) share it. The stand-in's seat is made quicker than the default (washoutS) so
// that it is still again between test cues within a fraction of a second; `configure` runs with
// the stand-in up and the store chosen, and may change the link's configuration before it opens.
// Test code; thread: the test's.
#include "core/workerhost.h"
#include "raven/axischeckstore.h"
#include "raven/ravenemulator.h"
#include "raven/ravenlink.h"

#include <QTemporaryDir>
#include <functional>
#include <memory>

namespace hil::testing {

struct RavenRig
{
    QTemporaryDir dir;
    RavenEmulator *emu = nullptr;
    RavenLink *link = nullptr;
    std::unique_ptr<WorkerHost> emuHost, linkHost;
    QString store;
    QString address;

    RavenRig(double washoutS, int frameId,
             const std::function<void(RavenRig &, RavenLinkConfig &)> &configure = {})
    {
        store = dir.filePath(QStringLiteral("axischeck.ini"));
        emu = new RavenEmulator(0);
        emu->setWashoutForTest(washoutS);
        emuHost = std::make_unique<WorkerHost>(emu);
        QString err;
        if (!emuHost->start(&err))
            qFatal("emulator: %s", qPrintable(err));
        RavenLinkConfig cfg;
        cfg.host = QStringLiteral("127.0.0.1");
        cfg.port = quint16(emu->endpoints()["port"].toInt());
        cfg.listenPort = 0;
        cfg.cueing.frameId = frameId;
        cfg.axisCheckStore = store;
        address = raven::AxisCheckStore::address(cfg.host, cfg.port);
        if (configure)
            configure(*this, cfg);
        link = new RavenLink(cfg);
        linkHost = std::make_unique<WorkerHost>(link);
        if (!linkHost->start(&err))
            qFatal("link: %s", qPrintable(err));
    }
    ~RavenRig()
    {
        linkHost->stop();
        emuHost->stop();
    }
    RavenRig(const RavenRig &) = delete;
    RavenRig &operator=(const RavenRig &) = delete;
};

} // namespace hil::testing

#pragma once
// RavenRig: a platform stand-in and a RavenLink to it on 127.0.0.1, in their own threads
// (LinkRig), with an isolated axis-check store (a temporary INI). The tests of the link's test cues
// (axis check, transport delay) and the fault tests share it. The test cues' tests make the
// stand-in's seat quicker than the default (washoutS) so that it is still again between test cues
// within a fraction of a second; `configure` runs with the stand-in up and the store chosen, and
// may change the link's configuration before it opens.
// Test code; thread: the test's.
#include "linkrig.h"
#include "raven/axischeckstore.h"
#include "raven/ravenemulator.h"
#include "raven/ravenlink.h"

#include <QTemporaryDir>
#include <functional>
#include <optional>

namespace hil::testing {

struct RavenRig : LinkRig<RavenEmulator, RavenLink>
{
    using Configure = std::function<void(RavenRig &, RavenLinkConfig &)>;

    QTemporaryDir dir;
    QString store;
    QString address;

    /// The stand-in's own seat and the link's default cue frame.
    explicit RavenRig(const Configure &configure = {}) { build({}, {}, configure); }
    RavenRig(double washoutS, int frameId, const Configure &configure = {})
    {
        build(washoutS, frameId, configure);
    }
    // The base would stop the link only after the store's folder is gone.
    ~RavenRig() { stop(); }

private:
    void build(std::optional<double> washoutS, std::optional<int> frameId,
               const Configure &configure)
    {
        store = dir.filePath(QStringLiteral("axischeck.ini"));
        auto *e = new RavenEmulator(0);
        if (washoutS)
            e->setWashoutForTest(*washoutS);
        startEmulator(e);
        RavenLinkConfig cfg;
        cfg.host = QStringLiteral("127.0.0.1");
        cfg.port = quint16(emu->endpoints()["port"].toInt());
        cfg.listenPort = 0;
        if (frameId)
            cfg.cueing.frameId = *frameId;
        cfg.axisCheckStore = store;
        address = raven::AxisCheckStore::address(cfg.host, cfg.port);
        if (configure)
            configure(*this, cfg);
        startLink(new RavenLink(cfg));
    }
};

} // namespace hil::testing

#pragma once
// The PX4 stand-in's ground-station side alone (no HIL link, it never arms by itself) with a
// GcsLink talking to it: what the ground-station tests without a simulator share. Both are
// opened in the calling thread by start(); the link asks for a parameter again after 200 ms
// instead of its default. The link is destroyed before the stand-in.
#include "mavlink/gcslink.h"
#include "mavlink/px4emulator.h"

#include <memory>

namespace hiltest {

struct GcsOnStandIn
{
    std::unique_ptr<hil::Px4Emulator> emu;
    std::unique_ptr<hil::GcsLink> gcs;

    /// Starts the stand-in, then the link on its ground-station port; false when either fails.
    bool start()
    {
        hil::Px4EmulatorConfig ec;
        ec.port = 9; // no HIL link: the stand-in's GCS side is enough here
        ec.quad.autoArm = false;
        emu = std::make_unique<hil::Px4Emulator>(ec);
        if (!emu->start())
            return false;
        hil::GcsLinkConfig cfg;
        cfg.port = quint16(emu->endpoints().value(QStringLiteral("gcs_port")).toInt());
        cfg.paramRetryMs = 200;
        gcs = std::make_unique<hil::GcsLink>(cfg);
        return gcs->start();
    }
};

} // namespace hiltest

#pragma once
// The simulator and autopilot links' rigs (LinkRig), each link and its stand-in on 127.0.0.1 on
// free ports: FlightAxisRig (the RealFlight stand-in, then FlightAxisLink to it), RflySimRig (the
// RflySim3D stand-in, then RflySimLink to it) and Px4Rig (HilLink listening, then the PX4
// stand-in, which connects to it). Test code; thread: the test's.
#include "linkrig.h"

#include "flightaxis/flightaxisemulator.h"
#include "flightaxis/flightaxislink.h"
#include "mavlink/hillink.h"
#include "mavlink/px4emulator.h"
#include "rflysim/rflysimemulator.h"
#include "rflysim/rflysimlink.h"

#include <QString>
#include <functional>

namespace hil::testing {

struct FlightAxisRig : LinkRig<FlightAxisEmulator, FlightAxisLink>
{
    /// `configure` may change the link's configuration before it opens.
    explicit FlightAxisRig(const std::function<void(FlightAxisConfig &)> &configure = {})
    {
        startEmulator(new FlightAxisEmulator(0));
        FlightAxisConfig cfg;
        cfg.port = emu->port();
        if (configure)
            configure(cfg);
        startLink(new FlightAxisLink(cfg));
    }
};

struct RflySimRig : LinkRig<RflySimEmulator, RflySimLink>
{
    RflySimRig()
    {
        startEmulator(new RflySimEmulator(RflySimEmulatorConfig{}));
        RflySimLinkConfig cfg;
        cfg.host = QStringLiteral("127.0.0.1");
        cfg.requestPort = emu->boundRequestPort();
        cfg.statePort = 0;
        cfg.sensorPort = 0;
        startLink(new RflySimLink(cfg));
    }
};

struct Px4Rig : LinkRig<Px4Emulator, HilLink>
{
    quint16 port = 0; ///< where the link listens for PX4

    /// LinkAlone: for a test that connects something else first.
    enum Start { WithPx4, LinkAlone };

    explicit Px4Rig(Start start = WithPx4)
    {
        HilLinkConfig cfg;
        cfg.port = 0;
        startLink(new HilLink(cfg));
        port = quint16(link->endpoints().value(QStringLiteral("listen_port")).toInt());
        if (start == WithPx4)
            startPx4();
    }
    /// A PX4 stand-in connecting to the link: the first, or a new one after emuHost.reset().
    void startPx4()
    {
        Px4EmulatorConfig ec;
        ec.port = port;
        startEmulator(new Px4Emulator(ec));
    }
};

} // namespace hil::testing

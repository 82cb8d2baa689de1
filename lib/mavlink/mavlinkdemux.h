#pragma once
// Demultiplexing PX4's MAVLink on one serial cable (HITL): the simulator link and the
// ground-station link share the USB port of a board running PX4's HITL configuration, and PX4
// sends both their messages on it, interleaved frame by frame (docs/protocols/mavlink-px4.md,
// "HITL over a serial port"). The port has one owner (HilLink, its thread); it hands each frame
// to the users this table names. Pure: no sockets, any thread.
//
//   HIL_ACTUATOR_CONTROLS (93)  the simulator: PX4's outputs
//   HEARTBEAT (0)               both: the simulator link reports PX4's presence, the ground
//                               station reads armed state and mode from it
//   anything else               the ground station: status, GPS, position, STATUSTEXT, COMMAND_ACK
//                               and the telemetry streams QGroundControl would show

#include "model/tsan.h"

#include <QByteArray>
#include <QMetaType>
#include <cstdint>
#include <utility>

namespace hil::mavlink {

enum Consumer : unsigned { kToSimulator = 1, kToGroundStation = 2 };

/// Bit set of Consumer for a message PX4 sent.
unsigned consumersOf(std::uint32_t msgId);

/// One MAVLink frame as on the wire, queued between the serial port's thread and the ground
/// station's (both ways).
struct MavlinkPacket
{
    // A constructor, not aggregate initialisation: under TSan the mark is a member too, and
    // `MavlinkPacket{bytes}` would leave it to -Wmissing-field-initializers (an error here).
    explicit MavlinkPacket(QByteArray bytes = {}) : wire(std::move(bytes)) {}
    QByteArray wire;
    HIL_TSAN_MARK;
};

} // namespace hil::mavlink

Q_DECLARE_METATYPE(hil::mavlink::MavlinkPacket)

// Writes the seed corpora under tests/fuzz/corpus/<target>/ from the fixtures and the codecs'
// own encoders (spec vectors round-trip through them in the unit tests). Run once by hand in the
// fuzz build when a codec grows: fuzz_make_seeds <source>/tests/fuzz/corpus <fixtures dir>.
// The files are committed; this program is not part of any test.

#include "flightaxis/flightaxiscodec.h"
#include "mavlink/messages.h"
#include "raven/ravencodec.h"
#include "rflysim/payloads.h"
#include "rflysim/reassembler.h"
#include "rflysim/visionreq.h"
#include "session/sessionformat.h"
#include "session/tlog.h"

#include <QDir>
#include <QFile>
#include <cstdio>

using namespace hil;

static QString g_root;

static void put(const char *target, const char *name, const QByteArray &bytes)
{
    QDir().mkpath(g_root + QLatin1Char('/') + QLatin1String(target));
    QFile f(g_root + QLatin1Char('/') + QLatin1String(target) + QLatin1Char('/') +
            QLatin1String(name));
    if (f.open(QIODevice::WriteOnly))
        f.write(bytes);
}

static void flightaxisSeeds(const QString &fixtures)
{
    using namespace hil::flightaxis;
    const QStringList files =
        QDir(fixtures + QStringLiteral("/flightaxis")).entryList({QStringLiteral("*.xml")});
    for (const QString &name : files) {
        QFile f(fixtures + QStringLiteral("/flightaxis/") + name);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray body = f.readAll();
        const int code = name.contains(QLatin1String("-500")) ? 500 : 200;
        put("fuzz_flightaxis", name.toLatin1().constData(), buildHttpReply(code, body));
    }
    std::array<double, 12> v{};
    v.fill(0.5);
    put("fuzz_flightaxis", "exchange-request.http", buildExchangeData(v, 0xfff));
    put("fuzz_flightaxis", "reset-request.http", buildRequest(Method::Reset));
}

static void ravenSeeds()
{
    using namespace hil::raven;
    QByteArray all;
    const std::uint16_t ids[] = {
        IdAccel,           IdAccelAttitude, IdAccelAttitudeGravity, IdWashout,
        IdModeRequest,     IdForces,        IdTemperatures,         IdPower,
        IdFirmware,        IdStatus,        IdActuatorPositions,    IdCommandedForces,
        IdActuatorTargets, IdDofPositions};
    for (std::uint16_t id : ids) {
        const int w = payloadWords(id, Direction::ToApp);
        if (w < 0)
            continue;
        std::array<std::int32_t, kMaxPayloadWords> words{};
        for (int i = 0; i < w; ++i)
            words[std::size_t(i)] = (i + 1) * 1000 - 3000;
        words[std::size_t(w - 1)] =
            std::int32_t(encodeStatus(ModeCueing, 0, {true, true, true, true, true, true}));
        all += encodeFrame(id, words.data(), w);
    }
    put("fuzz_raven", "platform-replies.bin", all);
    Accel6 acc{100, -200, 9800, 10, -10, 0};
    put("fuzz_raven", "app-frames.bin",
        encodeAccelAttitudeGravity(acc, 1000, -1000, 9800) + encodeModeRequest(ModeCueing) +
            encodeRequest(IdFirmware));
    put("fuzz_raven", "garbage-then-frame.bin",
        QByteArray("\xff\xfe\xff\x00junk", 8) + encodeRequest(IdPower));
}

static QByteArray mavlinkStream(bool sign)
{
    using namespace hil::mavlink;
    FrameHeader h;
    SignParams sp;
    for (std::size_t i = 0; i < sp.key.size(); ++i)
        sp.key[i] = std::uint8_t(i * 7 + 1); // the key fuzz_mavlink configures
    sp.timestamp10us = 123456789;
    const SignParams *s = sign ? &sp : nullptr;
    Heartbeat hb;
    hb.type = 2;
    hb.autopilot = 12;
    hb.baseMode = 128;
    HilActuatorControls hac;
    hac.timeUsec = 4000;
    hac.flags = 1;
    hac.controls = {0.5f, 0.5f, 0.5f, 0.5f};
    HilSensor hs;
    hs.zacc = -9.81f;
    hs.fieldsUpdated = HilSensor::kAllFields;
    HilGps gps;
    gps.latDegE7 = 473977418;
    gps.fixType = 3;
    HilStateQuaternion hq;
    hq.altMm = 488000;
    CommandLong cl;
    cl.command = 511;
    CommandAck ack;
    ack.command = 511;
    StatusText tx;
    tx.setText(QStringLiteral("PX4 ready"));
    RcChannels rc;
    rc.chancount = 8;
    QByteArray out;
    out += encodeMessage(hb, h, s);
    out += encodeMessage(hac, h, s);
    out += encodeMessage(hs, h, s);
    out += encodeMessage(gps, h, s);
    out += encodeMessage(hq, h, s);
    out += encodeMessage(cl, h, s);
    out += encodeMessage(ack, h, s);
    out += encodeMessage(tx, h, s);
    out += encodeMessage(rc, h, s);
    return out;
}

static void mavlinkSeeds()
{
    put("fuzz_mavlink", "px4-stream.bin", mavlinkStream(false));
    put("fuzz_mavlink", "px4-stream-signed.bin", mavlinkStream(true));
    // A MAVLink 1 heartbeat (FE len seq sys comp msgid payload crc) from the spec example.
    const char v1[] = "\xfe\x09\x00\x01\x01\x00\x00\x00\x00\x00\x02\x03\x51\x04\x03\x00\x00";
    put("fuzz_mavlink", "v1-heartbeat.bin",
        QByteArray(v1, sizeof v1 - 1) + mavlinkStream(false).left(30));
}

static QByteArray lenPrefixed(const QByteArray &d)
{
    QByteArray out;
    out.append(char(d.size() & 0xff)).append(char((d.size() >> 8) & 0x7f));
    return out + d;
}

static void rflysimSeeds()
{
    GimbalState st;
    st.seqId = 7;
    st.typeId = rfly::TypeGimbalCamera;
    st.pitchRad = 0.2;
    st.fovRad = 1.2;
    put("fuzz_rflysim", "gimbal-state.bin", encodeGimbalState(st));
    VisionSensorReq req;
    put("fuzz_rflysim", "vision-req-148.bin", req.encode148());
    req.typeId = rfly::TypeLidarLocal;
    put("fuzz_rflysim", "vision-req-144.bin", req.encode144());
    PointCloud cloud;
    for (int i = 0; i < 20; ++i)
        cloud.points.push_back({float(i), float(-i), 1.0f, 0.0f});
    const QByteArray payload = encodePointCloud(cloud, 50.0f);
    // Datagram stream: the cloud split in three parts with 32-byte headers, then a 24-byte form.
    QByteArray stream;
    const int parts = 3, stride = int((payload.size() + parts - 1) / parts);
    for (int i = 0; i < parts; ++i) {
        const QByteArray chunk = payload.mid(i * stride, stride);
        SensorPacketHeader h;
        h.headerSize = rfly::kHeader32Size;
        h.checksum = rfly::kHeader32Checksum;
        h.pkgLen = rfly::kHeader32Size + int(chunk.size());
        h.pkgId = i;
        h.pkgNum = parts;
        h.frameId = 20;
        h.timeStampS = 1.5;
        QByteArray d(rfly::kHeader32Size, '\0');
        writeSensorHeader(d.data(), h);
        stream += lenPrefixed(d + chunk);
    }
    SensorPacketHeader h24;
    h24.headerSize = rfly::kHeader24Size;
    h24.checksum = rfly::kHeader24Checksum;
    const QByteArray small("\xff\xd8\xff\xc0\x00\x11\x08\x00\x10\x00\x20", 11);
    h24.pkgLen = rfly::kHeader24Size + int(small.size());
    h24.pkgNum = 1;
    h24.timeStampS = 2.0;
    QByteArray d24(rfly::kHeader24Size, '\0');
    writeSensorHeader(d24.data(), h24);
    stream += lenPrefixed(d24 + small);
    put("fuzz_rflysim", "sensor-datagrams.bin", stream);
    put("fuzz_rflysim", "pointcloud-payload.bin", payload);
}

static void sessionSeeds()
{
    SimFrame f;
    ChannelFrame ch;
    QByteArray csv = stateCsvHeader();
    for (int i = 0; i < 3; ++i) {
        f.physicsTimeS = 72000.0 + i * 0.004;
        f.vehicle.velocity = {double(i), -1.5, -10.0};
        f.sequence = std::uint32_t(i);
        appendStateRow(csv, f, ch, i * 0.004);
    }
    put("fuzz_session_csv", "state.csv", csv);
    put("fuzz_session_csv", "short-header.csv",
        QByteArray("time_s,position/n,channels/3\n1.5,2,0.25\n1.6,,\nx\n"));

    using namespace hil::mavlink;
    FrameHeader h;
    HilStateQuaternion hq;
    hq.latDegE7 = 473977418;
    hq.lonDegE7 = 85455939;
    hq.altMm = 488000;
    Attitude at;
    at.roll = 0.1f;
    GlobalPositionInt gp;
    gp.latDegE7 = 473977420;
    HilSensor hs;
    hs.zacc = -9.81f;
    HilGps gps;
    gps.latDegE7 = 473977418;
    QByteArray tlog;
    const std::int64_t t0 = 1700000000000000;
    appendTlogRecord(tlog, encodeMessage(hq, h), t0);
    appendTlogRecord(tlog, encodeMessage(at, h), t0 + 4000);
    appendTlogRecord(tlog, encodeMessage(gp, h), t0 + 8000);
    appendTlogRecord(tlog, encodeMessage(hs, h), t0 + 12000);
    appendTlogRecord(tlog, encodeMessage(gps, h), t0 + 16000);
    appendTlogRecord(tlog, encodeMessage(Heartbeat{}, h), t0 + 20000);
    put("fuzz_tlog", "session.tlog", tlog);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s <corpus dir> <fixtures dir>\n", argv[0]);
        return 2;
    }
    g_root = QString::fromLocal8Bit(argv[1]);
    flightaxisSeeds(QString::fromLocal8Bit(argv[2]));
    ravenSeeds();
    mavlinkSeeds();
    rflysimSeeds();
    sessionSeeds();
    return 0;
}

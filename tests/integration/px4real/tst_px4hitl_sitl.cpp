// The real PX4 (SITL, instance 4) on a serial port, with its ground-station traffic on the same
// cable: PX4 SITL is made to look like a board on one USB cable. socat has no way to merge two
// streams into one pty, so the test holds the far end of a pseudo-terminal pair itself ("the
// cable") and bridges it to PX4's two sockets frame by frame: HIL_SENSOR, HIL_GPS,
// HIL_STATE_QUATERNION and the HIL link's HEARTBEAT to the simulator TCP port PX4 connects to
// (4564), everything else (the ground station's HEARTBEAT and COMMAND_LONG) to PX4's ground-station
// UDP port (18574); what PX4 sends on either comes back into the pty as whole frames. The station
// runs `--px4 serial:PTY` exactly as it would with a board.
//
// What this proves: the serial transport and the demultiplexing of PX4's real ground-station
// stream (its whole telemetry, mostly messages our codec skips) from its HIL messages on one byte
// stream, both ways: PX4's heartbeat, GPS and home position reach the ground-station link through
// the cable, and PX4's commander answers its arm command through it, while HIL steps at HITL
// pace (never waiting, flags ignored). What it does not: SITL stays in lockstep (it answers every
// sensor with flags = 1, which serial mode ignores) and takes its clock from our time_usec, not
// from a board's own oscillator; PX4's SYS_HITL start-up and its HITL output flags are not
// exercised (no board here). And it does not fly the take-off: fed at HITL pace instead of in
// lockstep, this PX4 SITL's estimator often fails its pre-arm checks ("High Accelerometer
// Bias", "vertical velocity unstable"; so the arm may be refused, with that reason), and when it
// did arm and take off it believed it climbed while the simulated vehicle stayed on the ground
// (found 2026-11-26, not yet understood; a board, which stamps sensors with its own clock on
// arrival, may not behave like this, but none has been tried). docs/protocols/mavlink-px4.md, "HITL
// over a serial port".
#include "px4flight.h"
#include "px4sitl.h"

#include "mavlink/codec.h"
#include "mavlink/messages.h"

#include <QSerialPort>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QUdpSocket>
#include <QtTest>
#include <cmath>

using namespace hil;
using namespace hil::mavlink;

namespace {

/// The board's side of the cable: the pty's far end, bridged to PX4 SITL's two sockets.
/// Main thread (the test's event loop runs it during QTest::qWait).
class OneCable : public QObject
{
public:
    OneCable(const QString &pty, quint16 simPort, quint16 gcsPort) : m_gcsPort(gcsPort)
    {
        m_serial.setPortName(pty);
        m_ok = m_serial.open(QIODevice::ReadWrite) &&
               m_server.listen(QHostAddress::LocalHost, simPort) &&
               m_udp.bind(QHostAddress::LocalHost, 0);
        connect(&m_serial, &QSerialPort::readyRead, this, [this] { fromStation(); });
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                delete m_sim;
                m_sim = s;
                // As a simulator must (PX4 sets it on its side too): without it, Nagle's
                // algorithm holds each small HIL_SENSOR back for the previous one's ACK.
                s->setSocketOption(QAbstractSocket::LowDelayOption, 1);
                m_simParser.reset();
                connect(s, &QTcpSocket::readyRead, this, [this] { fromSimPort(); });
            }
        });
        connect(&m_udp, &QUdpSocket::readyRead, this, [this] {
            while (m_udp.hasPendingDatagrams()) {
                QByteArray d(int(m_udp.pendingDatagramSize()), '\0');
                if (m_udp.readDatagram(d.data(), d.size()) > 0) {
                    m_serial.write(d); // a datagram holds whole frames
                    ++gcsToStation;
                }
            }
        });
    }
    bool ok() const { return m_ok; }
    qint64 toSim = 0, toGcs = 0, simToStation = 0, gcsToStation = 0;

private:
    void fromStation()
    {
        const QByteArray bytes = m_serial.readAll();
        m_stationParser.feed(bytes.constData(), std::size_t(bytes.size()));
        Frame f;
        QByteArray wire;
        while (m_stationParser.next(&f, &wire)) {
            const bool hil = f.msgId == HilSensor::kId || f.msgId == HilGps::kId ||
                             f.msgId == HilStateQuaternion::kId ||
                             (f.msgId == Heartbeat::kId && f.sysId != 255);
            if (hil) {
                if (m_sim) {
                    m_sim->write(wire);
                    ++toSim;
                }
            } else {
                m_udp.writeDatagram(wire, QHostAddress::LocalHost, m_gcsPort);
                ++toGcs;
            }
        }
    }
    void fromSimPort()
    {
        const QByteArray bytes = m_sim->readAll();
        m_simParser.feed(bytes.constData(), std::size_t(bytes.size()));
        Frame f;
        QByteArray wire;
        while (m_simParser.next(&f, &wire)) { // whole frames only: the GCS's share the cable
            m_serial.write(wire);
            ++simToStation;
        }
    }

    quint16 m_gcsPort;
    QSerialPort m_serial;
    QTcpServer m_server;
    QTcpSocket *m_sim = nullptr;
    QUdpSocket m_udp;
    StreamParser m_stationParser, m_simParser;
    bool m_ok = false;
};

} // namespace

class TestPx4HitlSitl : public QObject
{
    Q_OBJECT
private slots:
    void commandsAndStatusThroughOneSerialCable();
};

void TestPx4HitlSitl::commandsAndStatusThroughOneSerialCable()
{
    const QString sitlDir = Px4Sitl::findDir();
    if (sitlDir.isEmpty())
        QSKIP("no PX4 SITL found: set PX4_SITL_DIR to a PX4 SITL folder (bin/px4, etc/) to run "
              "this test");
    QTemporaryDir dir;
    QProcess socat;
    socat.start(QStandardPaths::findExecutable(QStringLiteral("socat")),
                {QStringLiteral("pty,raw,echo=0,link=") + dir.path() + QStringLiteral("/a"),
                 QStringLiteral("pty,raw,echo=0,link=") + dir.path() + QStringLiteral("/b")});
    QVERIFY2(socat.waitForStarted(5000), "socat (Debian package socat) did not start");
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(dir.path() + QStringLiteral("/b")), 5000);

    Px4Sitl px4(4);
    OneCable cable(dir.path() + QStringLiteral("/b"), px4.simulatorPort(), px4.gcsPort());
    QVERIFY(cable.ok());
    QString error;
    QVERIFY2(px4.start(sitlDir, &error), qPrintable(error));

    StationOptions o;
    o.headless = true;
    o.emulate = {QStringLiteral("flightaxis")};
    o.links.set(QStringLiteral("px4"),
                QVariant::fromValue(SerialPortSpec{dir.path() + QStringLiteral("/a"), 921600}));
    o.logDir = dir.path() + QStringLiteral("/session");
    Station station(o);
    QVERIFY2(station.start(&error), qPrintable(error));
    auto *gcs = qobject_cast<GcsLink *>(station.worker(QStringLiteral("px4gcs")));
    QVERIFY(gcs);
    QTRY_VERIFY_WITH_TIMEOUT(px4.logContains(QStringLiteral("Simulator connected")), 60000);
    // PX4's ground-station stream through the cable: its heartbeat, GPS fix and home position.
    QTRY_VERIFY_WITH_TIMEOUT(gcs->status().connected && gcs->status().gpsFixType >= 3 &&
                                 std::isfinite(gcs->status().homeAltitudeAmslM),
                             60000);
    // A command through the cable, answered by PX4's commander through it: accepted, or refused
    // with its reason (a STATUSTEXT) when its pre-arm checks fail (see above); never unanswered.
    QMetaObject::invokeMethod(gcs, "arm", Qt::QueuedConnection, Q_ARG(bool, true));
    QTRY_VERIFY_WITH_TIMEOUT(gcs->lastResult(GcsLink::kCmdArm).command != 0 &&
                                 gcs->lastResult(GcsLink::kCmdArm).result !=
                                     GcsLink::Result::Pending,
                             10000);
    const GcsLink::CommandOutcome arm = gcs->lastResult(GcsLink::kCmdArm);
    qInfo("arm through the cable: %s", qPrintable(arm.text));
    QVERIFY2(arm.result == GcsLink::Result::Accepted ||
                 (arm.result == GcsLink::Result::Denied && arm.text.contains(QLatin1Char(':'))),
             qPrintable(arm.text));
    if (arm.result == GcsLink::Result::Accepted) {
        QTRY_VERIFY_WITH_TIMEOUT(gcs->status().armed, 5000); // PX4's heartbeat says so
        QMetaObject::invokeMethod(gcs, "arm", Qt::QueuedConnection, Q_ARG(bool, false));
        QTRY_VERIFY_WITH_TIMEOUT(!gcs->status().armed, 10000);
    }
    QTRY_VERIFY_WITH_TIMEOUT(gcs->counters()["frames_received"].toInteger() > 100, 10000);
    const QString folder = station.sessionFolder();
    station.stop();
    QFile json(folder + QStringLiteral("/session.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject c =
        QJsonDocument::fromJson(json.readAll()).object()["links"].toObject()["px4"].toObject();
    qInfo("cable: to sim %lld, to gcs %lld, sim->station %lld, gcs->station %lld; link: %s",
          cable.toSim, cable.toGcs, cable.simToStation, cable.gcsToStation,
          QJsonDocument(c).toJson(QJsonDocument::Compact).constData());
    QCOMPARE(c["mode"].toString(), QStringLiteral("hitl"));
    QCOMPARE(c["lockstep_timeouts"].toInteger(), 0); // never waited, though SITL answers each
    QCOMPARE(c["crc_errors"].toInteger(), 0);
    QCOMPARE(c["serial_errors"].toInteger(), 0);
    QVERIFY(c["actuator_received"].toInteger() > 100);
    QVERIFY(c["gcs_frames_in"].toInteger() > 100); // PX4's real ground-station stream
    // Our 1 Hz heartbeats and the arm command; when PX4 refuses at once the run lasts ~5 s and
    // that is 5 frames, so "a heartbeat and the command" is what the count can promise.
    QVERIFY(c["gcs_frames_out"].toInteger() >= 2);
    QVERIFY(cable.gcsToStation > 0 && cable.toGcs > 0);
    px4.stop();
    socat.terminate();
    socat.waitForFinished(5000);
}

QTEST_GUILESS_MAIN(TestPx4HitlSitl)
#include "tst_px4hitl_sitl.moc"

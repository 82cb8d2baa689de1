#pragma once
// The flight both PX4 tests fly (a real PX4 SITL or the stand-in), in-process through the
// Station the program builds from its own options: the RealFlight stand-in, the PX4 HIL link
// and the ground-station link (px4gcs) that arms and takes off (--px4-takeoff). Then for
// holdS seconds the stand-in's vehicle is sampled every 20 ms (altitude, tilt), and Land is
// sent through the same GCS link until PX4 reports it disarmed on the ground.
#include "flightaxis/flightaxisemulator.h"
#include "mavlink/gcslink.h"
#include "mavlink/hillink.h"
#include "model/rotation.h"
#include "station/station.h"

#include <QElapsedTimer>
#include <QFile>
#include <QtTest>
#include <cmath>

struct FlightReport
{
    bool tookOff = false;
    double minAltM = 1e9, maxAltM = -1e9, maxTiltDeg = 0;
    int samples = 0;
    qint64 sensorsSent = 0, timeouts = 0, lateAnswers = 0;
    QString answerMatching; ///< "time_usec" (PX4 echoes our stamps) or "order"
    qint64 framesConnected = 0, framesStepped = 0, framesDropped = 0, samplesDropped = 0,
           queued = 0;
    double lockstepHz = 0; ///< steps per wall second over the hold
    bool landedDisarmed = false;
    QString landResult;
    int eventLines = 0;
    QString why; ///< what went wrong, for the failure message
};

inline double vehicleAltitude(const hil::QuadModel::State &s)
{
    return -s.positionNedM.z;
}
inline double vehicleTiltDeg(const hil::QuadModel::State &s)
{
    const hil::Vector3 down = hil::rotate(s.attitude, {0, 0, 1});
    return hil::radToDeg(std::acos(std::clamp(down.z, -1.0, 1.0)));
}

/// Flies: waits for the take-off (climbTimeoutMs), holds holdS seconds, lands. The station is
/// stopped at the end (events.log then complete).
inline FlightReport flyTakeoffHoldLand(hil::Station &station, double targetM, double holdS,
                                       int climbTimeoutMs)
{
    using namespace hil;
    FlightReport r;
    auto *emu =
        qobject_cast<FlightAxisEmulator *>(station.worker(QStringLiteral("emulator.flightaxis")));
    auto *gcs = qobject_cast<GcsLink *>(station.worker(QStringLiteral("px4gcs")));
    auto *px4 = qobject_cast<HilLink *>(station.worker(QStringLiteral("px4")));
    if (!emu || !gcs || !px4) {
        r.why = QStringLiteral("station without the flightaxis stand-in, px4 or px4gcs");
        return r;
    }
    // Take-off: the vehicle climbs into the band around the target.
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < climbTimeoutMs && vehicleAltitude(emu->modelState()) < targetM - 0.25)
        QTest::qWait(50);
    if (vehicleAltitude(emu->modelState()) < targetM - 0.25) {
        r.why = QStringLiteral("no take-off within %1 ms (altitude %2 m, gcs %3)")
                    .arg(climbTimeoutMs)
                    .arg(vehicleAltitude(emu->modelState()))
                    .arg(QString::fromUtf8(
                        QJsonDocument(gcs->counters()).toJson(QJsonDocument::Compact)));
        return r;
    }
    r.tookOff = true;
    const QJsonObject before = px4->counters();
    QElapsedTimer hold;
    hold.start();
    while (hold.elapsed() < qint64(holdS * 1000)) {
        const QuadModel::State s = emu->modelState();
        r.minAltM = std::min(r.minAltM, vehicleAltitude(s));
        r.maxAltM = std::max(r.maxAltM, vehicleAltitude(s));
        r.maxTiltDeg = std::max(r.maxTiltDeg, vehicleTiltDeg(s));
        ++r.samples;
        QTest::qWait(20);
    }
    const QJsonObject after = px4->counters();
    r.lockstepHz = (after["hil_sensor_sent"].toInteger() - before["hil_sensor_sent"].toInteger()) /
                   (hold.elapsed() / 1000.0);
    // Land through the same ground-station link.
    QMetaObject::invokeMethod(gcs, "land", Qt::QueuedConnection);
    QElapsedTimer landing;
    landing.start();
    while (landing.elapsed() < 60000) {
        const Px4Status st = gcs->status();
        if (st.connected && !st.armed && st.landedState == 1 &&
            vehicleAltitude(emu->modelState()) < 0.05) {
            r.landedDisarmed = true;
            break;
        }
        QTest::qWait(100);
    }
    r.landResult = gcs->lastResult(GcsLink::kCmdLand).text;
    const QJsonObject c = px4->counters();
    r.sensorsSent = c["hil_sensor_sent"].toInteger();
    r.timeouts = c["lockstep_timeouts"].toInteger();
    r.lateAnswers = c["late_answers"].toInteger();
    r.answerMatching = c["answer_matching"].toString();
    r.framesConnected = c["sim_frames_connected"].toInteger();
    r.framesStepped = c["sim_frames_stepped"].toInteger();
    r.framesDropped = c["sim_frames_dropped"].toInteger();
    r.samplesDropped = c["samples_dropped"].toInteger();
    r.queued = c["queued_steps"].toInteger();
    const QString folder = station.sessionFolder();
    station.stop();
    QFile events(folder + QStringLiteral("/events.log"));
    if (events.open(QIODevice::ReadOnly))
        r.eventLines = int(events.readAll().count('\n'));
    return r;
}

inline QString describe(const FlightReport &r)
{
    return QStringLiteral(
               "altitude %1..%2 m, tilt max %3°, %4 samples; HIL_SENSOR %5, timeouts %6, "
               "late %7; frames connected %8 stepped %9 dropped %10 queued %11; samples "
               "dropped %12; %13 steps/s; land: %14, landed+disarmed %15; events.log %16 lines%17")
        .arg(r.minAltM, 0, 'f', 2)
        .arg(r.maxAltM, 0, 'f', 2)
        .arg(r.maxTiltDeg, 0, 'f', 1)
        .arg(r.samples)
        .arg(r.sensorsSent)
        .arg(r.timeouts)
        .arg(r.lateAnswers)
        .arg(r.framesConnected)
        .arg(r.framesStepped)
        .arg(r.framesDropped)
        .arg(r.queued)
        .arg(r.samplesDropped)
        .arg(r.lockstepHz, 0, 'f', 1)
        .arg(r.landResult)
        .arg(r.landedDisarmed)
        .arg(r.eventLines)
        .arg(r.why.isEmpty() ? QString() : QStringLiteral("; ") + r.why);
}

/// The acceptance: 2.5 ± 0.5 m and < 15° for the hold, < 1 % timeouts, every physics
/// frame a step, a landing that ends disarmed on the ground, events.log < 100 lines.
inline void verifyFlight(const FlightReport &r, double targetM)
{
    const QByteArray text = describe(r).toUtf8();
    qInfo("%s", text.constData());
    QVERIFY2(r.tookOff, text.constData());
    QVERIFY2(r.minAltM >= targetM - 0.5 && r.maxAltM <= targetM + 0.5, text.constData());
    QVERIFY2(r.maxTiltDeg < 15.0, text.constData());
    QVERIFY2(r.sensorsSent > 0 && r.timeouts * 100 < r.sensorsSent, text.constData());
    QVERIFY2(r.framesDropped == 0 && r.samplesDropped == 0, text.constData());
    QVERIFY2(r.framesConnected - r.framesStepped <= r.queued + 1, text.constData());
    QVERIFY2(r.landedDisarmed, text.constData());
    QVERIFY2(r.eventLines > 0 && r.eventLines < 100, text.constData());
}

// eventText(): the window's sentence for an event id + args, in the language installed. The
// expected sentences are written out here by hand (not built from the catalogue), so a wrong
// argument order, a mode shown as its number, a port written with a thousands separator or a
// missing translation fails.
#include "core/event.h"
#include "rigcheck/rigcheck.h"
#include "ui/eventtext.h"
#include "ui/translations.h"

#include <QLocale>
#include <QtTest>

using hil::Event;
using hil::Severity;

class TestEventText : public QObject
{
    Q_OBJECT
private slots:
    void cleanup()
    {
        hil::installTranslations(*qApp, QStringLiteral("en"));
        QLocale::setDefault(QLocale::c());
    }

    void english()
    {
        hil::installTranslations(*qApp, QStringLiteral("en"));
        QCOMPARE(
            hil::eventText(Event{
                "raven", "raven.platform_mode", Severity::Info, "platform mode CUEING", {"3"}}),
            QStringLiteral("platform mode CUEING"));
        QCOMPARE(
            hil::eventText(Event{"raven", "raven.link_state", Severity::Info, "link up", {"up"}}),
            QStringLiteral("link up"));
    }

    void german()
    {
        QCOMPARE(hil::installTranslations(*qApp, QStringLiteral("de")).left(2),
                 QStringLiteral("de"));
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(
            hil::eventText(Event{
                "raven", "raven.platform_mode", Severity::Info, "platform mode CUEING", {"3"}}),
            QStringLiteral("Plattformmodus Bewegung (CUEING)"));
        QCOMPARE(hil::eventText(Event{"raven",
                                      "raven.stop",
                                      Severity::Error,
                                      "STOP: cues zeroed, requesting LEVEL BRAKE",
                                      {"1"}}),
                 QStringLiteral("STOPP: Bewegung genullt, fordere Bremsen (LEVEL BRAKE) an"));
        QCOMPARE(
            hil::eventText(Event{"raven", "raven.link_state", Severity::Info, "link up", {"up"}}),
            QStringLiteral("Verbindung: verbunden"));
        // A port is shown as it came (no "14.560"), an address untouched, in their order.
        QCOMPARE(hil::eventText(Event{"px4",
                                      "px4.listening",
                                      Severity::Info,
                                      "listening for PX4 on 127.0.0.1:14560",
                                      {"127.0.0.1", "14560"}}),
                 QStringLiteral("Warte auf PX4 an 127.0.0.1:14560"));
        // The loop guard's episode in the operator's words: the problem as the rig strip says
        // it (no key, figure rounded), the healthy time in the operator's locale.
        const QString degraded =
            hil::eventText(Event{"raven",
                                 "raven.loop_degraded",
                                 Severity::Error,
                                 "loop degraded (...)",
                                 {"slow_frames", "25.0115", "30", "-1", "1.5"}});
        QVERIFY2(!degraded.contains(QLatin1Char('%')), qPrintable(degraded));
        QVERIFY2(!degraded.contains(QStringLiteral("slow_frames")), qPrintable(degraded));
        QVERIFY2(degraded.contains(QStringLiteral("(25/s)")) &&
                     degraded.contains(QStringLiteral("1,5 s")),
                 qPrintable(degraded));
        // A decimal (seconds) in the operator's locale.
        QCOMPARE(hil::eventText(Event{"raven",
                                      "raven.sim_fresh",
                                      Severity::Info,
                                      "simulator state fresh: cues ramping in over 1.5 s",
                                      {"1.5"}}),
                 QStringLiteral("Simulatorzustand aktuell: Bewegung blendet über 1,5 s ein"));
        // Two modes and a fixed LEVEL BRAKE appended as %3.
        QCOMPARE(hil::eventText(Event{
                     "raven", "raven.park_failed", Severity::Error, "exit: ...", {"2.5", "3"}}),
                 QStringLiteral("Beenden: Plattform zeigt nach 2,5 s nicht Bremsen (LEVEL BRAKE) "
                                "(zeigt Bewegung (CUEING))"));
        // A peer's word holding "%1" is not substituted again.
        QCOMPARE(hil::eventText(Event{
                     "px4", "px4.connected", Severity::Info, "PX4 connected from %1x", {"%1x"}}),
                 QStringLiteral("PX4 verbunden von %1x"));
        // Unknown ids, peers' texts and a wrong number of args: the English text as it came.
        QCOMPARE(
            hil::eventText(Event{
                "px4gcs", "px4.statustext", Severity::Warning, "PX4 warning: Preflight Fail", {}}),
            QStringLiteral("PX4 warning: Preflight Fail"));
        QCOMPARE(
            hil::eventText(Event{"x", "x.something_new", Severity::Info, "something new", {"1"}}),
            QStringLiteral("something new"));
        QCOMPARE(hil::eventText(Event{
                     "raven", "raven.platform_mode", Severity::Info, "platform mode CUEING", {}}),
                 QStringLiteral("platform mode CUEING"));
    }

    // What to do, where the operator can act: the rig check's own fix for the same thing (one
    // table), else the event catalogue's; nothing where there is nothing to do.
    void fixes()
    {
        QCOMPARE(hil::installTranslations(*qApp, QStringLiteral("de")).left(2),
                 QStringLiteral("de"));
        const Event slow{"raven",
                         "raven.loop_degraded",
                         Severity::Error,
                         "loop degraded (...)",
                         {"slow_frames", "25", "30", "-1", "3"}};
        const hil::rigcheck::CheckText *rate =
            hil::rigcheck::textOf(QStringLiteral("flightaxis.exchange_rate"));
        QVERIFY(rate);
        QCOMPARE(hil::eventFix(slow), QCoreApplication::translate("RigCheck", rate->fix));
        QVERIFY(hil::eventFix(slow) != QLatin1String(rate->fix)); // in German
        const Event timeouts{"raven",
                             "raven.loop_degraded",
                             Severity::Error,
                             "loop degraded (...)",
                             {"lockstep_timeouts", "6", "5", "-1", "3"}};
        QCOMPARE(
            hil::eventFix(timeouts),
            QCoreApplication::translate(
                "RigCheck", hil::rigcheck::textOf(QStringLiteral("px4.lockstep_timeouts"))->fix));
        const Event endStops{"raven",
                             "raven.loop_degraded",
                             Severity::Error,
                             "loop degraded (...)",
                             {"end_stops", "0.4", "0.25", "2", "3"}};
        QVERIFY(!hil::eventFix(endStops).isEmpty());
        QVERIFY(hil::eventText(endStops).contains(QStringLiteral("Hub"))); // heave, in German
        QVERIFY(
            hil::eventFix(Event{"px4", "px4.armed", Severity::Info, "PX4 armed", {}}).isEmpty());
    }

    void chinese()
    {
        QCOMPARE(hil::installTranslations(*qApp, QStringLiteral("zh_CN")).left(2),
                 QStringLiteral("zh"));
        QCOMPARE(
            hil::eventText(Event{
                "raven", "raven.platform_mode", Severity::Info, "platform mode CUEING", {"3"}}),
            QStringLiteral("平台模式 运动提示 (CUEING)"));
        QCOMPARE(hil::eventText(
                     Event{"raven", "raven.motor_fault", Severity::Error, "motor 4 NOT OK", {"4"}}),
                 QStringLiteral("电机 4 故障"));
        QCOMPARE(hil::eventText(Event{"px4", "px4.armed", Severity::Info, "PX4 armed", {}}),
                 QStringLiteral("PX4 已解锁"));
    }
};

QTEST_MAIN(TestEventText)
#include "tst_eventtext.moc"

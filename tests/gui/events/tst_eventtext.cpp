// eventText(): the window's sentence for an event id + args, in the language installed. The
// expected sentences are written out here by hand (not built from the catalogue), so a wrong
// argument order, a mode shown as its number, a port written with a thousands separator or a
// missing translation fails.
#include "core/event.h"
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
        // Five arguments, the fifth in its place too (QString::arg takes them in one call).
        const QString degraded = hil::eventText(Event{"raven",
                                                      "raven.loop_degraded",
                                                      Severity::Error,
                                                      "loop degraded (...)",
                                                      {"sim_rate", "12.5", "30", "-1", "3"}});
        QVERIFY2(!degraded.contains(QLatin1Char('%')), qPrintable(degraded));
        QVERIFY2(degraded.contains(QStringLiteral("12,5")) &&
                     degraded.contains(QStringLiteral("3 s")),
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

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
        // Unknown ids, a peer's text raised without args (an older recording) and a wrong number
        // of args: the English text as it came.
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

    // The entries that came with the catalogue's completion: args rendered from the raise
    // site's words and numbers (a DoF by its number, a variant's first arg picking the sentence
    // and not shown), in English.
    void newEntriesEnglish()
    {
        hil::installTranslations(*qApp, QStringLiteral("en"));
        QCOMPARE(hil::eventText(Event{"raven",
                                      "raven.axis_hold",
                                      Severity::Error,
                                      "simulator cues held ...",
                                      {"2", "3"}}),
                 QStringLiteral("simulator cues held at neutral: a heave test cue moved roll (the "
                                "platform reads the axes in another order); the mode is left as "
                                "it is"));
        QCOMPARE(hil::eventText(Event{"raven",
                                      "raven.axis_test_done",
                                      Severity::Error,
                                      "axis check: a heave test cue moved roll: ...",
                                      {"crossed", "2", "3"}}),
                 QStringLiteral("axis check: a heave test cue moved roll: the platform reads the "
                                "axes in another order (test cue ramped out)"));
        QCOMPARE(hil::eventText(Event{"raven",
                                      "raven.axis_test_done",
                                      Severity::Info,
                                      "axis check: surge passed (moved 0.01)",
                                      {"passed", "0"}}),
                 QStringLiteral("axis check: surge passed"));
        QCOMPARE(hil::eventText(Event{"station",
                                      "station.axis_check",
                                      Severity::Info,
                                      "axis check pitch: the other way (invert on)",
                                      {"opposite", "4", "1"}}),
                 QStringLiteral("axis check: pitch moved the other way; its invert is now on"));
        QCOMPARE(hil::eventText(Event{"px4gcs",
                                      "px4gcs.landed_state",
                                      Severity::Info,
                                      "PX4 landed state: on ground",
                                      {"on ground"}}),
                 QStringLiteral("PX4's landing state: on ground"));
        QCOMPARE(hil::eventText(Event{"px4gcs",
                                      "px4gcs.rc_in_mode",
                                      Severity::Warning,
                                      "COM_RC_IN_MODE 0 (RC only): PX4 ignores MANUAL_CONTROL; ...",
                                      {"no", "0"}}),
                 QStringLiteral("PX4 ignores the pilot's sticks from this program "
                                "(COM_RC_IN_MODE 0)"));
        QCOMPARE(
            hil::eventText(Event{"rflysim",
                                 "rflysim.sensor_silent",
                                 Severity::Warning,
                                 "sensor SeqID 1 (TypeID 9) on port 9999: no frame for 2500 ms",
                                 {"1", "9", "9999", "2.5"}}),
            QStringLiteral("RflySim3D's sensor 1 (type 9) on port 9999 silent for 2.5 s: "
                           "asking for it again"));
        // The stand-ins say they are the stand-in; a platform mode by its name.
        QCOMPARE(
            hil::eventText(Event{
                "emulator.raven", "emulator.raven.mode", Severity::Info, "mode CUEING", {"3"}}),
            QStringLiteral("the platform stand-in shows mode CUEING"));
        QCOMPARE(hil::eventText(Event{"emulator.rflysim",
                                      "emulator.rflysim.impairments",
                                      Severity::Info,
                                      "impairments: lose true, reorder false, duplicate false",
                                      {"1", "0", "0"}}),
                 QStringLiteral("the RflySim stand-in's impairments: losing packets on, "
                                "reordering off, duplicating off"));
        // An outcome word the catalogue does not know: no sentence is guessed.
        QCOMPARE(
            hil::eventText(Event{
                "raven", "raven.axis_test_done", Severity::Info, "axis check: ...", {"x", "0"}}),
            QStringLiteral("axis check: ..."));
    }

    // The words inside a sentence come translated from their own panels even where the sentence
    // itself is not translated yet: a DoF as the rig strip says it, a landed state and a flight
    // mode as the PX4 panel, a button's action as the Pilot panel.
    void newEntriesTranslatedWords()
    {
        QCOMPARE(hil::installTranslations(*qApp, QStringLiteral("de")).left(2),
                 QStringLiteral("de"));
        const QString landed = hil::eventText(Event{"px4gcs",
                                                    "px4gcs.landed_state",
                                                    Severity::Info,
                                                    "PX4 landed state: in air",
                                                    {"in air"}});
        QVERIFY2(landed.contains(QStringLiteral("in der Luft")), qPrintable(landed));
        // A flight mode as the PX4 panel shows it (px4names' one table), every one PX4 names.
        const QString mode = hil::eventText(Event{"px4gcs",
                                                  "px4gcs.mode",
                                                  Severity::Info,
                                                  "PX4 flight mode: Position slow",
                                                  {"Position slow"}});
        QVERIFY2(mode.contains(QStringLiteral("Position langsam")), qPrintable(mode));
        const QString hold = hil::eventText(
            Event{"raven", "raven.axis_hold", Severity::Error, "simulator cues held", {"2", "0"}});
        QVERIFY2(hold.contains(QStringLiteral("Hub")) && hold.contains(QStringLiteral("Längs")),
                 qPrintable(hold));
        const QString button = hil::eventText(Event{
            "px4gcs", "px4gcs.pilot_action", Severity::Info, "pilot's button: land", {"land"}});
        QVERIFY2(button.contains(QStringLiteral("landen")), qPrintable(button));
    }

    // Fixes are the entries' data: the rig check's where it checks the same thing, the
    // catalogue's own elsewhere, none for a sentence with nothing to do.
    void newEntriesFixes()
    {
        hil::installTranslations(*qApp, QStringLiteral("en"));
        auto rigFix = [](const char *check) {
            return QString::fromUtf8(hil::rigcheck::textOf(QLatin1String(check))->fix);
        };
        QCOMPARE(hil::eventFix(Event{"rflysim",
                                     "rflysim.sensor_silent",
                                     Severity::Warning,
                                     "...",
                                     {"1", "9", "9999", "2.5"}}),
                 rigFix("rflysim.sensors"));
        QCOMPARE(
            hil::eventFix(Event{"raven", "raven.axis_hold", Severity::Error, "...", {"2", "3"}}),
            rigFix("raven.axis_check"));
        QCOMPARE(
            hil::eventFix(Event{
                "raven", "raven.axis_test_done", Severity::Error, "...", {"crossed", "2", "3"}}),
            rigFix("raven.axis_check"));
        QCOMPARE(hil::eventFix(Event{"emulator.raven",
                                     "emulator.raven.overheat",
                                     Severity::Error,
                                     "OVERHEAT PROTECTION (71.2 °C)",
                                     {"71"}}),
                 rigFix("raven.temperatures"));
        const QString silent = hil::eventFix(Event{
            "px4gcs", "px4gcs.px4_silent", Severity::Warning, "PX4 silent for 3000 ms", {"3.0"}});
        QVERIFY2(silent.contains(QStringLiteral("--px4-gcs")), qPrintable(silent));
        QVERIFY(
            !hil::eventFix(Event{"raven", "raven.stop", Severity::Error, "STOP", {"1"}}).isEmpty());
        QVERIFY(hil::eventFix(
                    Event{"raven", "raven.axis_test_done", Severity::Info, "...", {"passed", "0"}})
                    .isEmpty());
        // The loop guard's own fixes still by its problem.
        QCOMPARE(hil::eventFix(Event{"raven",
                                     "raven.loop_degraded",
                                     Severity::Error,
                                     "loop degraded (...)",
                                     {"frames_lost", "0.2", "0.1", "-1", "3"}}),
                 rigFix("px4.lockstep_rate"));
    }

    // The sentences that promise motion, which the window leaves out while STOP is latched.
    void promisesMotion()
    {
        for (const char *id : {"raven.sim_fresh", "raven.loop_healthy", "raven.enabling_held",
                               "raven.axis_hold_released", "raven.axis_test"})
            QVERIFY2(hil::eventPromisesMotion(QLatin1String(id)), id);
        for (const char *id : {"raven.stop", "raven.watchdog", "raven.stop_released", "px4.armed",
                               "raven.axis_hold", "no.such_id"})
            QVERIFY2(!hil::eventPromisesMotion(QLatin1String(id)), id);
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

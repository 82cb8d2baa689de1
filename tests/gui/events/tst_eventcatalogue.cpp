// The event catalogue against the sources: every event id the program raises (found by reading
// lib/, ui/ and app/ for ids beside raiseEvent, event(, Event{ and raiseStationEvent) has the
// operator's sentence in the catalogue (ui/eventtext.cpp), without a module prefix ("pilot: ...")
// — or is one of the ids listed below that are not catalogued yet. The list only shrinks: a new
// id must come with its sentence, an id catalogued must leave the list, an id no longer raised
// must leave it too.
#include "testpaths.h"
#include "ui/eventtext.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

namespace {

// Raised today with the raiser's English text only: the window shows that text as it came.
const QSet<QString> kNotYetCatalogued{
    "emulator.px4.answering",
    "emulator.px4.armed",
    "emulator.px4.connected",
    "emulator.px4.disarmed",
    "emulator.px4.manual_control_lost",
    "emulator.px4.param_set",
    "emulator.px4.serial_lost",
    "emulator.px4.serial_opened",
    "emulator.px4.stalled",
    "emulator.px4.station_gone",
    "emulator.raven.mode",
    "emulator.raven.overheat",
    "emulator.raven.thermal_normal",
    "px4.actuator_map",
    "px4.actuators_free_running",
    "px4.actuators_lockstep",
    "px4.answer_matching",
    "px4.connection_refused",
    "px4.heartbeat",
    "px4.peer_replaced",
    "px4.statustext",
    "px4gcs.auto_takeoff",
    "px4gcs.auto_takeoff_given_up",
    "px4gcs.bad_datagram",
    "px4gcs.bad_pilot_input",
    "px4gcs.landed_state",
    "px4gcs.manual_control_started",
    "px4gcs.manual_control_stopped",
    "px4gcs.opened",
    "px4gcs.param_received",
    "px4gcs.param_rejected",
    "px4gcs.param_timed_out",
    "px4gcs.pilot_action",
    "px4gcs.px4_heard",
    "px4gcs.px4_silent",
    "px4gcs.rc_in_mode",
    "raven.axis_check_not_saved",
    "raven.axis_hold",
    "raven.axis_test",
    "raven.axis_test_done",
    "raven.axis_test_refused",
    "raven.washout_warning",
    "rflysim.sensor_requested",
    "rflysim.sensor_silent",
    "rflysim.sensor_streaming",
    "station.axis_check",
    "station.cueing_settings_reset",
};

/// Every event id written in the sources beside a raise.
QSet<QString> raisedIds()
{
    static const QRegularExpression raise(
        QStringLiteral("(raiseEvent\\(|[^A-Za-z_]event\\(\"|Event\\{|raiseStationEvent\\()"));
    static const QRegularExpression id(QStringLiteral(
        "\"((?:emulator\\.)?(?:raven|px4|px4gcs|flightaxis|rflysim|pilot|lab|station|replay|"
        "recorder)\\.[a-z0-9_]+)\""));
    QSet<QString> ids;
    for (const char *dir : {"lib", "ui", "app"}) {
        QDirIterator it(hil::testpaths::sourceDir() + QLatin1Char('/') + QLatin1String(dir),
                        {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
                continue;
            const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
            for (int i = 0; i < lines.size(); ++i) {
                if (!raise.match(lines[i]).hasMatch())
                    continue;
                // The id is on the raise's line or one of the next three (a call over lines).
                for (int j = i; j < std::min<int>(i + 4, lines.size()); ++j) {
                    auto m = id.globalMatch(lines[j]);
                    while (m.hasNext())
                        ids.insert(m.next().captured(1));
                }
            }
        }
    }
    return ids;
}

} // namespace

class TestEventCatalogue : public QObject
{
    Q_OBJECT
private slots:
    void everyRaisedIdHasItsSentence()
    {
        const QSet<QString> raised = raisedIds();
        QVERIFY2(raised.size() > 80, "the scan found the sources");
        QStringList missing, stale, notRaised, prefixed;
        for (const QString &id : raised) {
            const bool catalogued = hil::eventCatalogued(id);
            if (!catalogued && !kNotYetCatalogued.contains(id))
                missing << id;
            if (catalogued && kNotYetCatalogued.contains(id))
                stale << id;
            // The operator's sentence names no module: "pilot: ..." is developer text.
            const QString module = id.section(QLatin1Char('.'), 0, 0);
            for (const QString &text : hil::eventCatalogueTexts(id))
                if (text.startsWith(module + QLatin1Char(':')))
                    prefixed << QStringLiteral("%1: \"%2\"").arg(id, text);
        }
        for (const QString &id : kNotYetCatalogued)
            if (!raised.contains(id))
                notRaised << id;
        missing.sort();
        QVERIFY2(missing.isEmpty(),
                 qPrintable(QStringLiteral("raised without a sentence in ui/eventtext.cpp: ") +
                            missing.join(QStringLiteral(", "))));
        QVERIFY2(stale.isEmpty(), qPrintable(QStringLiteral("catalogued now, take off the list: ") +
                                             stale.join(QStringLiteral(", "))));
        QVERIFY2(notRaised.isEmpty(),
                 qPrintable(QStringLiteral("no longer raised, take off the list: ") +
                            notRaised.join(QStringLiteral(", "))));
        QVERIFY2(prefixed.isEmpty(), qPrintable(prefixed.join(QStringLiteral("; "))));
    }
};

QTEST_MAIN(TestEventCatalogue)
#include "tst_eventcatalogue.moc"

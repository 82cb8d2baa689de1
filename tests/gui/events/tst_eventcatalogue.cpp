// The event catalogue against the sources: every event id the program raises (found by reading
// lib/, ui/ and app/ for ids beside raiseEvent, event(, Event{ and raiseStationEvent) has the
// operator's sentence in the catalogue (ui/eventtext.cpp). No list of exceptions: a new id must
// come with its sentence.
//
// What the sentences and fixes must not hold: a module prefix ("pilot: ...", "px4gcs: ...",
// "emulator.px4: ...": developer text) or an event id.
//
// The rule for fixes: an id raised with Severity::Error (rider safety, or a thing the operator
// must see) shows the window's error dialog, and that dialog says what to do. So every id that
// some raise site raises as an Error has a fix in at least one of its catalogue entries (ids with
// several sentences, e.g. raven.axis_test_done, need one only for the sentence that is the
// error). There is no exemption list: for each of today's Error events the operator can act
// (pick a mode, check the platform by hand, free disk space, ...); an Error with truly nothing
// to do would need one, with its reason.
#include "testpaths.h"
#include "ui/eventtext.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

namespace {

struct Scan
{
    QSet<QString> ids;      ///< every event id written in the sources beside a raise
    QSet<QString> errorIds; ///< those a raise site raises as Severity::Error
};

/// The statement that starts at line i: up to the line that ends it (";"), at most six lines.
QString statementAt(const QStringList &lines, int i)
{
    QString statement;
    for (int j = i; j < std::min<int>(i + 6, lines.size()); ++j) {
        statement += lines[j] + QLatin1Char('\n');
        if (lines[j].trimmed().endsWith(QLatin1Char(';')))
            break;
    }
    return statement;
}

Scan scanSources()
{
    // RiderSafety's event() too, also where its id is chosen by a ternary (not ->event( or
    // .event(, Qt's event handlers).
    static const QRegularExpression raise(
        QStringLiteral("(raiseEvent\\(|(?<![A-Za-z_.>])event\\(|Event\\{|raiseStationEvent\\()"));
    static const QRegularExpression id(QStringLiteral(
        "\"((?:emulator\\.)?(?:raven|px4|px4gcs|flightaxis|rflysim|pilot|lab|station|replay|"
        "recorder|session)\\.[a-z0-9_]+)\""));
    static const QRegularExpression severity(QStringLiteral("Severity::(Info|Warning|Error)\\b"));
    Scan scan;
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
                        scan.ids.insert(m.next().captured(1));
                }
                // The severity within the statement: one id with Error among its severities
                // (a ternary on the outcome) is an Error id; two ids chosen by a ternary pair
                // with two severities chosen by the same condition, in their order.
                const QString statement = statementAt(lines, i);
                QStringList ids, severities;
                for (auto m = id.globalMatch(statement); m.hasNext();)
                    ids << m.next().captured(1);
                for (auto m = severity.globalMatch(statement); m.hasNext();)
                    severities << m.next().captured(1);
                for (int k = 0; k < ids.size(); ++k) {
                    const bool error = ids.size() == severities.size()
                                           ? severities[k] == QLatin1String("Error")
                                           : severities.contains(QStringLiteral("Error"));
                    if (error)
                        scan.errorIds.insert(ids[k]);
                }
            }
        }
    }
    return scan;
}

} // namespace

class TestEventCatalogue : public QObject
{
    Q_OBJECT
private slots:
    void everyRaisedIdHasItsSentence()
    {
        const Scan scan = scanSources();
        QVERIFY2(scan.ids.size() > 120, "the scan found the sources");
        QStringList missing;
        for (const QString &id : scan.ids)
            if (!hil::eventCatalogued(id))
                missing << id;
        missing.sort();
        QVERIFY2(missing.isEmpty(),
                 qPrintable(QStringLiteral("raised without a sentence in ui/eventtext.cpp: ") +
                            missing.join(QStringLiteral(", "))));
    }

    // The scan itself: it reads severities as the rule needs (a ternary pairs ids and
    // severities), so the next test can trust it.
    void theScanFindsTheErrors()
    {
        const Scan scan = scanSources();
        for (const char *id :
             {"raven.stop", "raven.motor_fault", "raven.overheat", "raven.axis_test_done",
              "station.exit_not_parked", "emulator.raven.overheat", "station.rig_check"})
            QVERIFY2(scan.errorIds.contains(QLatin1String(id)), id);
        for (const char *id : {"raven.motor_ok", "raven.thermal_normal", "station.exit_parked",
                               "emulator.raven.thermal_normal", "px4.armed"})
            QVERIFY2(!scan.errorIds.contains(QLatin1String(id)), id);
    }

    void everyErrorSaysWhatToDo()
    {
        QStringList without;
        for (const QString &id : scanSources().errorIds) {
            bool any = false;
            for (const QString &fix : hil::eventCatalogueFixes(id))
                any = any || !fix.trimmed().isEmpty();
            if (!any)
                without << id;
        }
        without.sort();
        QVERIFY2(without.isEmpty(),
                 qPrintable(QStringLiteral("raised as an Error without a fix: ") +
                            without.join(QStringLiteral(", "))));
    }

    void noModulePrefixNoIds()
    {
        const Scan scan = scanSources();
        // Every module an id or a worker names ("raven", "px4gcs", "emulator.px4", "labwatch",
        // ...), matched case-insensitively at the start: "PX4: ..." is a prefix too.
        QSet<QString> modules{QStringLiteral("labwatch"), QStringLiteral("emulator")};
        for (const QString &id : scan.ids) {
            modules.insert(id.section(QLatin1Char('.'), 0, 0));
            if (id.startsWith(QLatin1String("emulator.")))
                modules.insert(id.section(QLatin1Char('.'), 0, 1));
        }
        QStringList bad;
        for (const QString &id : scan.ids) {
            const QStringList texts = hil::eventCatalogueTexts(id) + hil::eventCatalogueFixes(id);
            for (const QString &text : texts) {
                for (const QString &module : modules)
                    if (text.startsWith(module + QLatin1Char(':'), Qt::CaseInsensitive))
                        bad << QStringLiteral("%1: prefixed \"%2\"").arg(id, text);
                for (const QString &other : scan.ids)
                    if (text.contains(other))
                        bad << QStringLiteral("%1: names the id %2 in \"%3\"").arg(id, other, text);
            }
        }
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QStringLiteral("; "))));
    }
};

QTEST_MAIN(TestEventCatalogue)
#include "tst_eventcatalogue.moc"

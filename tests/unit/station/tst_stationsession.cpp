// StationSession: a folder that cannot be written refuses the session before anything runs; a
// session writes session.json (the composed object plus the recorder's own) and events.log
// (the station's lines, "session ended" last), real files in a temporary folder; programs
// started in the same second each get a default folder of their own.
#include "core/linkdescriptor.h"
#include "station/stationsession.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace hil;

class TestStationSession : public QObject
{
    Q_OBJECT
private slots:
    void refusesAFolderItCannotWrite();
    void writesSessionJsonAndEventsLog();
    void programsStartedInOneSecondGetFoldersOfTheirOwn();
};

void TestStationSession::refusesAFolderItCannotWrite()
{
    LinkRegistry registry;
    StationOptions options;
    options.logDir = QStringLiteral("/proc/hilstation-cannot-write-here");
    StationSession session(options, registry);
    QString error;
    QVERIFY(!session.start([] { return QJsonObject(); }, &error));
    QVERIFY2(error.contains(QStringLiteral("/proc/hilstation-cannot-write-here")),
             qPrintable(error));
    QVERIFY(session.recorder() == nullptr);
    QCOMPARE(session.recorderCounters(), QJsonObject());
}

void TestStationSession::writesSessionJsonAndEventsLog()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    LinkRegistry registry;
    LinkDescriptor d;
    d.name = QStringLiteral("thing");
    CounterSpec frames;
    frames.name = QStringLiteral("frames_in");
    frames.unit = QStringLiteral("frames");
    d.counters.push_back(frames);
    registry.add(d);
    StationOptions options;
    options.logDir = dir.filePath(QStringLiteral("s"));
    options.emulate = {QStringLiteral("thing")};
    StationSession session(options, registry);
    const QJsonObject links{{"thing", QJsonObject{{"state", "up"}, {"frames_in", 7}}}};
    QString error;
    QVERIFY2(session.start([&] { return session.compose(links, {}, true); }, &error),
             qPrintable(error));
    QCOMPARE(session.folder(), dir.filePath(QStringLiteral("s")));
    session.log(QStringLiteral("hello from the station"));
    session.stop();

    QFile json(dir.filePath(QStringLiteral("s/session.json")));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject s = QJsonDocument::fromJson(json.readAll()).object();
    QCOMPARE(s.value("program").toString(), QStringLiteral("hilstation"));
    QCOMPARE(s.value("links").toObject().value("thing").toObject().value("frames_in").toInt(), 7);
    QCOMPARE(s.value("emulate").toArray().first().toString(), QStringLiteral("thing"));
    QCOMPARE(s.value("counter_schema")
                 .toObject()
                 .value("thing")
                 .toObject()
                 .value("frames_in")
                 .toObject()
                 .value("unit")
                 .toString(),
             QStringLiteral("frames"));
    QVERIFY(s.contains("recorder")); // the recorder's own object, added in its thread

    QFile events(dir.filePath(QStringLiteral("s/events.log")));
    QVERIFY(events.open(QIODevice::ReadOnly));
    const QStringList lines =
        QString::fromUtf8(events.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY(lines.at(0).endsWith(QStringLiteral("\tstation\thello from the station")));
    QVERIFY(lines.at(1).endsWith(QStringLiteral("\tstation\tsession ended")));
}

// Three sessions made back to back (two at least in the same second, the default folder's
// name): three folders, each made for its session, none shared.
void TestStationSession::programsStartedInOneSecondGetFoldersOfTheirOwn()
{
    QStandardPaths::setTestModeEnabled(true); // the default folder under the test's own data
    LinkRegistry registry;
    const StationOptions options; // no --log-dir: the default folder
    QStringList folders;
    for (int i = 0; i < 3; ++i)
        folders << StationSession(options, registry).folder();
    const auto cleanup = qScopeGuard([&] {
        for (const QString &f : folders)
            QDir(f).removeRecursively();
    });
    QCOMPARE(folders.size(), 3);
    QVERIFY2(folders.at(0) != folders.at(1) && folders.at(1) != folders.at(2) &&
                 folders.at(0) != folders.at(2),
             qPrintable(folders.join(QLatin1Char(' '))));
    for (const QString &f : folders)
        QVERIFY2(QDir(f).exists(), qPrintable(f));
}

QTEST_GUILESS_MAIN(TestStationSession)
#include "tst_stationsession.moc"

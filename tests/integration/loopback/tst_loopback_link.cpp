// "Adding a link", shown: a link the program was not built with (tests/integration/loopback) is
// added to a registry and the option parser, the Station (routing, session.json) and the Links
// panel take it with no line changed in them. Real UDP on 127.0.0.1, the real RealFlight stand-in
// as the SimFrame producer, a real LinksPanel offscreen. The window's link panels come from the
// descriptors' `panel` ids: the loopback link names none and gets none; a registry whose
// platform link names no panel gets no Motion panel.
#include "links/builtin.h"
#include "loopback.h"
#include "station/options.h"
#include "station/station.h"
#include "ui/mainwindow.h"
#include "ui/panels/linkspanel.h"
#include "ui/panels/panel.h"

#include <QApplication>
#include <QFile>
#include <QJsonDocument>
#include <QLineEdit>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace hil;

namespace {
LinkRegistry withLoopback()
{
    LinkRegistry r = links::builtinLinks();
    r.add(test::loopbackDescriptor()); // the one registration line
    return r;
}
} // namespace

class TestLoopbackLink : public QObject
{
    Q_OBJECT
private slots:
    void optionsComeFromTheRegistry();
    void stationRoutesRecordsAndListsIt();
    void windowPanelsFollowTheDescriptors();
};

void TestLoopbackLink::windowPanelsFollowTheDescriptors()
{
    const auto panelNames = [](const LinkRegistry &reg) {
        QTemporaryDir dir;
        StationOptions o;
        o.logDir = dir.path();
        Station station(o, reg);
        MainWindow w(&station, nullptr);
        QStringList names;
        for (const Panel *p : w.panels())
            names << p->objectName();
        names.sort();
        return names;
    };
    // The Dry run panel is general too: it replays recordings and manoeuvres with no link running.
    const QStringList general{"dryRunPanel", "linksPanel",   "plotsPanel",
                              "replayPanel", "sessionPanel", "statsPanel"};
    QStringList builtin =
        general + QStringList{"gimbalPanel", "motionPanel", "pilotPanel", "px4Panel"};
    builtin.sort();
    QCOMPARE(panelNames(links::builtinLinks()), builtin);
    QCOMPARE(panelNames(withLoopback()), builtin); // the loopback link has no panel of its own

    LinkRegistry noMotionPanel;
    for (LinkDescriptor d : links::builtinLinks().all()) {
        if (d.name == QLatin1String("raven"))
            d.panel.clear();
        noMotionPanel.add(d);
    }
    QStringList without = builtin;
    without.removeAll(QStringLiteral("motionPanel"));
    QCOMPARE(panelNames(noMotionPanel), without);
}

void TestLoopbackLink::optionsComeFromTheRegistry()
{
    const LinkRegistry reg = withLoopback();
    const QStringList program{QStringLiteral("hilstation")};
    ParseResult r = parseCommandLine(program + QStringList{"--help"}, reg);
    QVERIFY(r.message.contains(QLatin1String("--loopback <HOST:PORT>")));
    QCOMPARE(parseCommandLine(program + QStringList{"--emulate", "all"}, reg).options.emulate,
             (QStringList{"flightaxis", "raven", "px4", "rflysim", "loopback"}));
    QVERIFY(!parseCommandLine(program + QStringList{"--help"})
                 .message.contains(QLatin1String("--loopback")));

    r = parseCommandLine(
        program + QStringList{"--loopback", "127.0.0.1:7", "--emulate", "loopback"}, reg);
    QCOMPARE(r.action, ParseResult::Run);
    QCOMPARE(r.options.links.get<Endpoint>(QStringLiteral("loopback")).port, quint16(7));
    QCOMPARE(r.options.emulate, QStringList{"loopback"});

    r = parseCommandLine(program + QStringList{"--loopback", "nowhere"}, reg);
    QCOMPARE(r.action, ParseResult::Error);
    QVERIFY2(r.message.contains(QLatin1String("--loopback")) &&
                 r.message.contains(QLatin1String("expected HOST:PORT")),
             qPrintable(r.message));
    // The built-in registry does not know it: the same command line is refused.
    QCOMPARE(parseCommandLine(program + QStringList{"--emulate", "loopback"}).action,
             ParseResult::Error);
}

void TestLoopbackLink::stationRoutesRecordsAndListsIt()
{
    const LinkRegistry reg = withLoopback();
    QTemporaryDir dir;
    StationOptions o;
    o.logDir = dir.path();
    o.emulate = {QStringLiteral("flightaxis"), QStringLiteral("loopback")};
    Station station(o, reg);
    QString error;
    QVERIFY2(station.start(&error), qPrintable(error));
    LinksPanel panel(&station);
    panel.resize(900, 300);
    panel.show();

    // RealFlight's SimFrames reach the new link because it declared simFramesIn, nothing else.
    auto counter = [&](const char *name) {
        return station.snapshot()["links"]
            .toObject()["loopback"]
            .toObject()
            .value(QLatin1String(name))
            .toInt();
    };
    QTRY_VERIFY_WITH_TIMEOUT(counter("echoes_received") > 20, 15000);
    QCOMPARE(counter("bad_echoes"), 0);

    // session.json on disk: its counters and their schema.
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            QFile f(dir.filePath(QStringLiteral("session.json")));
            if (!f.open(QIODevice::ReadOnly))
                return false;
            const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
            return doc["links"].toObject()["loopback"].toObject().value("echoes_received").toInt() >
                       0 &&
                   doc["counter_schema"]
                           .toObject()["loopback"]
                           .toObject()["echoes_received"]
                           .toObject()
                           .value("kind")
                           .toString() == QLatin1String("throughput");
        }(),
        5000);

    // The Links panel lists it with its title and the endpoint it really uses (the echo's port).
    auto *table = panel.findChild<QTableWidget *>(QStringLiteral("linksTable"));
    QVERIFY(table);
    int row = -1;
    for (int i = 0; i < table->rowCount(); ++i)
        if (table->item(i, 0 /* Link */)->text() == QLatin1String("Loopback"))
            row = i;
    QVERIFY(row >= 0);
    const int echoPort = station.snapshot()["emulators"]
                             .toObject()["emulator.loopback"]
                             .toObject()["endpoints"]
                             .toObject()
                             .value("port")
                             .toInt();
    auto *address = panel.findChild<QLineEdit *>(QStringLiteral("loopbackAddress"));
    QVERIFY(address);
    // The window refreshes the panel on its 1 Hz timer; here the test does.
    QTRY_COMPARE_WITH_TIMEOUT((panel.refreshSlow(), address->text()),
                              QStringLiteral("127.0.0.1:%1").arg(echoPort), 5000);
    // The rate comes from the counter its schema calls throughput.
    QTRY_VERIFY_WITH_TIMEOUT(
        (panel.refreshSlow(), table->item(row, 3 /* Rate */)->text().endsWith(QLatin1String("Hz"))),
        5000);

    // Runtime control by name works for it too (stop, then start against the same echo).
    station.stopLink(QStringLiteral("loopback"));
    QVERIFY(!station.isLinkRunning(QStringLiteral("loopback")));
    QVERIFY2(station.startLink(QStringLiteral("loopback"), Endpoint{}, &error), qPrintable(error));
    // The restarted link is a new worker whose counters start at 0: echoes again prove the
    // routing was rebuilt for it.
    QVERIFY(counter("echoes_received") < 20); // the new worker's own count, not the old one's
    QTRY_VERIFY_WITH_TIMEOUT(counter("echoes_received") > 5, 10000);
    station.stop();
}

QTEST_MAIN(TestLoopbackLink)
#include "tst_loopback_link.moc"

// The GUI thread never waits on a link's name lookup: Connect in the Links panel with a peer
// whose name resolves slowly (a resolver the test replaces: no DNS query leaves the machine)
// returns at once, the window keeps processing events while the lookup runs in the link's
// thread, the row shows "connecting", and the link then comes up against the real platform
// stand-in on 127.0.0.1. A name that does not resolve ends in the window's error bar, not a hang.
// Disconnect never waits either: the FlightAxis link's goodbye to a RealFlight stand-in that
// no longer answers (2 × 400 ms for the transmitter restore) runs in the link's thread while the
// window keeps turning, the row says "stopping", then "not running", and Connect works again.
// A link connected from a window whose thread runs at a higher nice value (--window-nice) keeps
// the program's nice 0: the ThreadLauncher starts its thread, not the window's.
#include "core/hostlookup.h"
#include "core/post.h"
#include "core/threadlauncher.h"
#include "core/workerhost.h"
#include "flightaxis/flightaxisemulator.h"
#include "mavlink/serialtransport.h"
#include "platform/platform.h"
#include "raven/ravenemulator.h"
#include "station/station.h"
#include "testplatform.h"
#include "ui/mainwindow.h"
#include "ui/panels/linkstyle.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QCompleter>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <QtTest>
#include <atomic>

using namespace hil;

namespace {
constexpr int kLookupMs = 1500;
std::atomic<int> g_lookups{0};
} // namespace

class TestLinksAsync : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void slowLookupKeepsTheWindowResponsive();
    void unresolvableNameIsAnErrorNotAHang();
    void slowCloseKeepsTheWindowResponsive();
    void px4AddressOffersTheSerialPorts();
    void emptyPx4AddressListensWherePx4Dials();
    void connectedLinkKeepsTheProgramsNice(); // last: it raises this thread's nice for good

private:
    std::unique_ptr<ThreadLauncher> m_launcher; ///< outlives the station (its hosts wait on it)
    void connectRaven(const QString &address);
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<WorkerHost> m_platform;
    quint16 m_port = 0;
    std::unique_ptr<Station> m_station;
    std::unique_ptr<MainWindow> m_window;
};

void TestLinksAsync::init()
{
    g_lookups = 0;
    setHostResolverForTests([](const QString &host) {
        ++g_lookups;
        QThread::msleep(kLookupMs); // in the link's thread: the GUI thread must not notice
        return host == QLatin1String("platform.slow.test") ? QHostAddress(QHostAddress::LocalHost)
                                                           : QHostAddress();
    });
    auto *platform = new RavenEmulator(0);
    m_platform = std::make_unique<WorkerHost>(platform);
    QString error;
    QVERIFY2(m_platform->start(&error), qPrintable(error));
    m_port = platform->port();
    m_dir = std::make_unique<QTemporaryDir>();
    StationOptions o; // no link on the command line: the platform is connected from the window
    o.logDir = m_dir->filePath(QStringLiteral("session"));
    m_station = std::make_unique<Station>(o);
    QVERIFY(m_station->start(nullptr));
    m_window = std::make_unique<MainWindow>(m_station.get(), nullptr);
    m_window->resize(1600, 1000);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->dock(QStringLiteral("linksPanel"))->raise();
}

void TestLinksAsync::cleanup()
{
    m_window.reset();
    if (m_station)
        m_station->stop();
    m_station.reset();
    m_platform.reset();
    m_launcher.reset();
    setHostResolverForTests({});
}

void TestLinksAsync::connectRaven(const QString &address)
{
    auto *field = m_window->findChild<QLineEdit *>(QStringLiteral("ravenAddress"));
    auto *button = m_window->findChild<QAbstractButton *>(QStringLiteral("ravenConnect"));
    QVERIFY(field && button);
    field->selectAll();
    QTest::keyClicks(field, address);
    QTest::mouseClick(button, Qt::LeftButton);
}

void TestLinksAsync::slowLookupKeepsTheWindowResponsive()
{
    // A 10 ms heartbeat in the GUI thread: counts how often the event loop got its turn.
    int ticks = 0;
    qint64 maxGapMs = 0;
    QElapsedTimer sinceTick;
    QTimer heartbeat;
    heartbeat.setInterval(10);
    connect(&heartbeat, &QTimer::timeout, this, [&] {
        if (sinceTick.isValid())
            maxGapMs = std::max(maxGapMs, sinceTick.elapsed());
        sinceTick.restart();
        ++ticks;
    });
    heartbeat.start();

    QElapsedTimer clicked;
    clicked.start();
    connectRaven(QStringLiteral("platform.slow.test:%1").arg(m_port));
    const qint64 clickMs = clicked.elapsed();
    QVERIFY2(clickMs < kLookupMs, qPrintable(QStringLiteral("the click took %1 ms").arg(clickMs)));
    // While the lookup runs, the row says so and the window keeps processing events.
    auto *table = m_window->findChild<QTableWidget *>(QStringLiteral("linksTable"));
    QVERIFY(table);
    QTRY_COMPARE_WITH_TIMEOUT(m_station->linkState(QStringLiteral("raven")),
                              std::optional<LinkState>(LinkState::Connecting), 1000);
    QTRY_VERIFY_WITH_TIMEOUT(g_lookups.load() == 1, 1000);
    const int ticksBefore = ticks;
    QTRY_VERIFY_WITH_TIMEOUT(m_station->motionLink() != nullptr, 10000);
    QVERIFY2(ticks - ticksBefore >= 20,
             qPrintable(QStringLiteral("only %1 event-loop turns during a %2 ms lookup")
                            .arg(ticks - ticksBefore)
                            .arg(kLookupMs)));
    qInfo("largest event-loop gap while the link opened: %lld ms",
          static_cast<long long>(maxGapMs));
    // And it really reached the platform stand-in through the resolved name.
    QTRY_COMPARE_WITH_TIMEOUT(m_station->linkState(QStringLiteral("raven")),
                              std::optional<LinkState>(LinkState::Up), 10000);
}

void TestLinksAsync::unresolvableNameIsAnErrorNotAHang()
{
    // The window's error bar says why, once the lookup has failed in the link's thread.
    connectRaven(QStringLiteral("nowhere.slow.test:%1").arg(m_port));
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->currentError().isEmpty(), 10000);
    QVERIFY2(
        m_window->currentError().contains(QLatin1String("cannot resolve host nowhere.slow.test")),
        qPrintable(m_window->currentError()));
    QVERIFY(m_station->motionLink() == nullptr);
    QCOMPARE(m_station->linkState(QStringLiteral("raven")), std::optional<LinkState>());
}

void TestLinksAsync::slowCloseKeepsTheWindowResponsive()
{
    auto *realflight = new FlightAxisEmulator(0);
    WorkerHost realflightHost(realflight);
    QString error;
    QVERIFY2(realflightHost.start(&error), qPrintable(error));
    auto *field = m_window->findChild<QLineEdit *>(QStringLiteral("flightaxisAddress"));
    auto *button = m_window->findChild<QAbstractButton *>(QStringLiteral("flightaxisConnect"));
    auto *table = m_window->findChild<QTableWidget *>(QStringLiteral("linksTable"));
    QVERIFY(field && button && table);
    int row = -1;
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->cellWidget(r, 6) == button) // the Connect column
            row = r;
    QVERIFY(row >= 0);
    const auto stateShown = [&] { return table->item(row, 1)->text(); }; // the State column
    const QString name = QStringLiteral("flightaxis");

    field->selectAll();
    QTest::keyClicks(field, QStringLiteral("127.0.0.1:%1").arg(realflight->port()));
    QTest::mouseClick(button, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_station->linkState(name), std::optional<LinkState>(LinkState::Up),
                              10000);
    // "Up" comes with the connection; the first reply may still be on its way (a loaded CI
    // machine showed it). The counters session.json keeps after the stop need one exchange.
    const auto exchanges = [&] {
        return m_station->snapshot()
            .value(QStringLiteral("links"))
            .toObject()
            .value(name)
            .toObject()
            .value(QStringLiteral("exchanges"))
            .toDouble();
    };
    QTRY_VERIFY_WITH_TIMEOUT(exchanges() > 0, 10000);

    // Turns of the GUI thread's event loop seen while the link is stopping: none when the
    // Disconnect click waits for the close.
    int turnsWhileStopping = 0;
    QTimer heartbeat;
    heartbeat.setInterval(10);
    connect(&heartbeat, &QTimer::timeout, this, [&] {
        if (m_station->linkState(name) == LinkState::Stopping)
            ++turnsWhileStopping;
    });
    heartbeat.start();
    // From now on RealFlight holds every answer for 5 s: the link's goodbye (channels with mask
    // 0, then the transmitter restore) waits out its 2 × 400 ms in the link's thread.
    realflight->delayReplies(5000, 1000000);
    QTest::mouseClick(button, Qt::LeftButton); // Disconnect
    // Back at once: the routing is gone and the row says so while the close runs.
    QCOMPARE(m_station->linkState(name), std::optional<LinkState>(LinkState::Stopping));
    QVERIFY(m_station->worker(name) == nullptr);
    QCOMPARE(stateShown(), stateText(LinkState::Stopping));
    QVERIFY(!button->isEnabled()); // nothing to click until it has stopped

    QTRY_COMPARE_WITH_TIMEOUT(m_station->linkState(name), std::optional<LinkState>(), 10000);
    QVERIFY2(
        turnsWhileStopping >= 2,
        qPrintable(
            QStringLiteral("%1 event-loop turns while the link closed").arg(turnsWhileStopping)));
    // It was the slow close: the restore went unanswered (the event came before the close ended).
    bool unanswered = false;
    for (const Station::TimedEvent &e : m_station->recentEvents())
        unanswered =
            unanswered || e.event.id == QLatin1String("flightaxis.controller_not_restored");
    QVERIFY(unanswered);
    QTRY_COMPARE(stateShown(), stateText(std::nullopt));
    QVERIFY(button->isEnabled());
    // session.json keeps the final counters and says stopped.
    const QJsonObject link =
        m_station->snapshot().value(QStringLiteral("links")).toObject().value(name).toObject();
    QCOMPARE(link.value(QStringLiteral("state")).toString(), QStringLiteral("stopped"));
    QVERIFY(exchanges() > 0);

    // Reconnect after it works.
    realflight->delayReplies(0, 0);
    QTest::mouseClick(button, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_station->linkState(name), std::optional<LinkState>(LinkState::Up),
                              10000);
    QCOMPARE(stateShown().isEmpty(), false);
    m_station->stop(); // before the stand-in goes: the link's goodbye still finds it
}

namespace {
int priorityOfThreadOf(QObject *object)
{
    int priority = -100;
    runIn(object, [&priority] { priority = testplatform::currentThreadPriority(); });
    return priority;
}
} // namespace

void TestLinksAsync::px4AddressOffersTheSerialPorts()
{
    // The PX4 row's address field completes from the serial ports present, listed in a thread of
    // the panel's own; typing "serial:" in it pops them up.
    auto *field = m_window->findChild<QLineEdit *>(QStringLiteral("px4Address"));
    QVERIFY(field);
    QVERIFY(field->completer());
    QStringList expected;
    for (const QString &port : mavlink::SerialTransport::availablePorts())
        expected << QStringLiteral("serial:") + port;
    QTRY_COMPARE_WITH_TIMEOUT(field->completer()->model()->rowCount(), int(expected.size()), 5000);
    if (expected.isEmpty())
        QSKIP("this machine lists no serial port");
    QCOMPARE(field->completer()->model()->index(0, 0).data().toString(), expected.first());
    field->clear();
    QTest::mouseClick(field, Qt::LeftButton);
    QTest::keyClicks(field, QStringLiteral("serial:"));
    QTRY_VERIFY_WITH_TIMEOUT(field->completer()->popup()->isVisible(), 3000);
    QTest::keyClick(field->completer()->popup(), Qt::Key_Down);
    QTest::keyClick(field->completer()->popup(), Qt::Key_Return);
    QCOMPARE(field->text(), expected.first());
}

void TestLinksAsync::emptyPx4AddressListensWherePx4Dials()
{
    // Connect with the address left empty: the documented default, 127.0.0.1:4560, where PX4
    // SITL connects (instance 0; the tests' own SITL runs use other instances).
    auto *field = m_window->findChild<QLineEdit *>(QStringLiteral("px4Address"));
    auto *connectButton = m_window->findChild<QPushButton *>(QStringLiteral("px4Connect"));
    QVERIFY(field && connectButton);
    field->clear();
    QTest::mouseClick(connectButton, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(m_station->worker(QStringLiteral("px4")) != nullptr, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(m_station->worker(QStringLiteral("px4"))
                                  ->endpoints()
                                  .value(QStringLiteral("listen_port"))
                                  .toInt(),
                              4560, 5000);
    QCOMPARE(m_station->worker(QStringLiteral("px4"))
                 ->endpoints()
                 .value(QStringLiteral("listen_host"))
                 .toString(),
             QStringLiteral("127.0.0.1"));
}

void TestLinksAsync::connectedLinkKeepsTheProgramsNice()
{
    // The test runs at the priority it was started with: nice 0 (Windows: normal) expected.
    QCOMPARE(testplatform::currentThreadPriority(), testplatform::expectedWindowThreadPriority(0));
    m_launcher = std::make_unique<ThreadLauncher>(); // as app/main.cpp, before the window's nice
    platform::lowerWindowThread(platform::kDefaultWindowNice);
    const int window = testplatform::expectedWindowThreadPriority(platform::kDefaultWindowNice);
    QCOMPARE(testplatform::currentThreadPriority(), window);

    // The kernel does what the launcher is for: a thread this one starts inherits its nice.
    QThread plain;
    QObject inPlain;
    inPlain.moveToThread(&plain);
    plain.start();
    const int inherited = priorityOfThreadOf(&inPlain);
    plain.quit();
    plain.wait();
    QCOMPARE(inherited, window);

    connectRaven(QStringLiteral("127.0.0.1:%1").arg(m_port));
    QTRY_COMPARE_WITH_TIMEOUT(m_station->linkState(QStringLiteral("raven")),
                              std::optional<LinkState>(LinkState::Up), 10000);
    Worker *link = m_station->worker(QStringLiteral("raven"));
    QVERIFY(link);
    QCOMPARE(priorityOfThreadOf(link), testplatform::expectedLoopThreadPriority());
}

QTEST_MAIN(TestLinksAsync)
#include "tst_links_async.moc"

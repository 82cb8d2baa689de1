// Worker threading, WorkerHost lifecycle and the session recorder's files.
#include "core/workerhost.h"
#include "session/sessionrecorder.h"
#include "station/options.h"
#include "station/station.h"

#include <QFile>
#include <QJsonDocument>
#include <QNetworkDatagram>
#include <QTemporaryDir>
#include <QThread>
#include <QUdpSocket>
#include <QtTest>
#include <atomic>
#include <cstdio>

#include "testplatform.h"

using namespace hil;

namespace {

// A real worker: binds a UDP socket on 127.0.0.1 and counts datagrams, in its own thread.
class EchoCounter : public Worker
{
public:
    explicit EchoCounter(bool failOpen = false) : Worker("echo"), m_failOpen(failOpen) {}
    std::atomic<QThread *> openThread{nullptr};
    // Outlives the worker, which is deleted in its own thread when the host stops.
    std::atomic<QThread *> *closeThread = nullptr;
    std::atomic<quint16> port{0};

protected:
    bool open(QString *error) override
    {
        openThread = QThread::currentThread();
        if (m_failOpen) {
            *error = "echo: port in use";
            return false;
        }
        m_socket = new QUdpSocket(this);
        if (!m_socket->bind(QHostAddress::LocalHost, 0))
            return false;
        port = m_socket->localPort();
        connect(m_socket, &QUdpSocket::readyRead, this, [this] {
            while (m_socket->hasPendingDatagrams()) {
                m_socket->receiveDatagram();
                ++m_received;
            }
        });
        setEndpoints({{"listen_port", int(port)}});
        setState(LinkState::Up);
        return true;
    }
    void close() override
    {
        if (closeThread)
            *closeThread = QThread::currentThread();
        delete m_socket;
        m_socket = nullptr;
    }
    QJsonObject collectCounters() const override { return {{"received", m_received}}; }

private:
    bool m_failOpen;
    QUdpSocket *m_socket = nullptr;
    int m_received = 0;
};

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QJsonParseError err;
    const QJsonDocument d = QJsonDocument::fromJson(f.readAll(), &err);
    return err.error == QJsonParseError::NoError ? d.object() : QJsonObject{{"invalid", true}};
}

} // namespace

class TestStation : public QObject
{
    Q_OBJECT
private slots:
    void workerRunsInItsOwnThread();
    void failedOpenReportsError();
    void recorderWritesSessionAndEvents();
    void sessionJsonIsValidAtEveryMoment();
    void unwritableFolderIsReportedOnce();
    void stationSnapshotShape();
    void loopThreadsAskForShortSlices();
};

void TestStation::workerRunsInItsOwnThread()
{
    std::atomic<QThread *> closedIn{nullptr};
    auto *w = new EchoCounter;
    w->closeThread = &closedIn;
    WorkerHost host(w);
    QString error;
    QVERIFY(host.start(&error));
    QVERIFY(w->openThread != QThread::currentThread());
    QCOMPARE(w->state(), LinkState::Up);
    QCOMPARE(w->endpoints()["listen_port"].toInt(), int(w->port));

    QUdpSocket sender;
    for (int i = 0; i < 5; ++i)
        sender.writeDatagram("x", QHostAddress::LocalHost, w->port);
    QTRY_COMPARE(w->counters()["received"].toInt(), 5); // refreshed by the 10 Hz publisher
    QThread *opened = w->openThread;
    host.stop();
    QCOMPARE(closedIn.load(), opened);
    QCOMPARE(host.report().counters["received"].toInt(), 5);
    QCOMPARE(host.worker(), nullptr);
}

void TestStation::failedOpenReportsError()
{
    WorkerHost host(new EchoCounter(true));
    QString error;
    QVERIFY(!host.start(&error));
    QCOMPARE(error, QString("echo: port in use"));
    host.stop(); // harmless after a failed start
}

void TestStation::recorderWritesSessionAndEvents()
{
    QTemporaryDir dir;
    const QString folder = dir.filePath("a/b/session"); // created on demand
    std::atomic<int> calls{0};
    auto *rec = new SessionRecorder(folder, [&calls] { return QJsonObject{{"n", ++calls}}; });
    WorkerHost host(rec);
    QVERIFY(host.start(nullptr));
    QVERIFY(QFile::exists(folder + "/session.json"));
    QMetaObject::invokeMethod(rec, "appendEvent", Q_ARG(QString, "raven"),
                              Q_ARG(QString, "link up"));
    QMetaObject::invokeMethod(rec, "appendEvent", Q_ARG(QString, "raven"),
                              Q_ARG(QString, "watchdog tripped"));
    QTRY_VERIFY_WITH_TIMEOUT(calls >= 3, 3000); // rewritten on its own at least twice a second
    host.stop();
    const int n = readJson(folder + "/session.json")["n"].toInt();
    QCOMPARE(n, calls.load()); // the last write happened on stop
    QFile events(folder + "/events.log");
    QVERIFY(events.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = events.readAll().split('\n');
    QCOMPARE(lines.size(), 3); // two lines and the empty tail
    QVERIFY(lines[0].endsWith("\traven\tlink up"));
    QVERIFY(QDateTime::fromString(QString(lines[0].split('\t')[0]), Qt::ISODateWithMs).isValid());
}

void TestStation::sessionJsonIsValidAtEveryMoment()
{
    QTemporaryDir dir;
    QJsonObject big;
    for (int i = 0; i < 2000; ++i)
        big.insert(QString("k%1").arg(i), i);
    auto *rec = new SessionRecorder(dir.path(), [big] { return big; });
    WorkerHost host(rec);
    QVERIFY(host.start(nullptr));
    int reads = 0;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 1500) {
        // Blocking: one rewrite per read keeps the two racing without piling up a queue.
        QMetaObject::invokeMethod(rec, "writeSession", Qt::BlockingQueuedConnection);
        QMetaObject::invokeMethod(rec, "writeSession");
        const QJsonObject o = readJson(dir.path() + "/session.json");
        QVERIFY(!o.contains("invalid"));
        QVERIFY(o.size() >= 2000 && o.contains("k1999")); // plus the recorder's own keys
        ++reads;
    }
    host.stop();
    QVERIFY(reads > 10);
}

void TestStation::unwritableFolderIsReportedOnce()
{
    QTemporaryDir dir;
    QFile blocker(dir.filePath("file"));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    // A folder below a regular file can never be created.
    auto *rec = new SessionRecorder(dir.filePath("file/session"), [] { return QJsonObject{}; });
    QStringList events;
    QObject::connect(rec, &Worker::eventRaised, this,
                     [&events](const hil::Event &e) { events << e.text; });
    WorkerHost host(rec);
    QVERIFY(host.start(nullptr)); // the links must keep running: not a start failure
    QTest::qWait(1300);
    host.stop();
    QCOMPARE(events.size(), 1);
    QVERIFY(events[0].contains("cannot create session folder"));
    QVERIFY(host.report().counters["write_errors"].toInt() >= 3);
}

void TestStation::stationSnapshotShape()
{
    QTemporaryDir dir;
    StationOptions o;
    o.logDir = dir.path();
    o.arguments = {"hilstation", "--headless"};
    Station s(o);
    QVERIFY(s.start(nullptr));
    const QJsonObject snap = s.snapshot();
    QVERIFY(snap["links"].isObject());
    QCOMPARE(snap["command_line"].toArray().size(), 2);
    QCOMPARE(snap["running"].toBool(), true);
    s.stop();
    const QJsonObject onDisk = readJson(dir.path() + "/session.json");
    QCOMPARE(onDisk["running"].toBool(), false);
    QCOMPARE(onDisk["version"].toString(), QString(HIL_VERSION));
}

void TestStation::loopThreadsAskForShortSlices()
{
    // A worker marked latency-critical reports the slice its thread was granted, and keeps it
    // when the link later replaces its endpoints (EchoCounter sets them in open()).
    auto *critical = new EchoCounter;
    critical->setLatencyCritical(true);
    WorkerHost a(critical);
    auto *plain = new EchoCounter;
    WorkerHost b(plain);
    QString error;
    QVERIFY(a.start(&error));
    QVERIFY(b.start(&error));
    QCOMPARE(critical->endpoints()[testplatform::loopTuningKey()].toInt(-1),
             testplatform::expectedLoopTuning());
    QCOMPARE(critical->endpoints()["listen_port"].toInt(), int(critical->port));
    QVERIFY(!plain->endpoints().contains(testplatform::loopTuningKey()));
    a.stop();
    b.stop();

    // The Station marks the links on the closed loop (frames or channels) and only those: the
    // ground-station side of PX4 carries neither.
    QTemporaryDir dir;
    ParseResult r = parseCommandLine(
        {"hilstation", "--headless", "--emulate", "flightaxis,px4", "--log-dir", dir.path()});
    QCOMPARE(r.action, ParseResult::Run);
    Station s(r.options);
    QVERIFY2(s.start(&error), qPrintable(error));
    const QJsonObject links = s.snapshot()["links"].toObject();
    for (const char *name : {"flightaxis", "px4"})
        QCOMPARE(links[name]["endpoints"][testplatform::loopTuningKey()].toInt(-1),
                 testplatform::expectedLoopTuning());
    QVERIFY(links.contains("px4gcs"));
    QVERIFY(!links["px4gcs"]["endpoints"].toObject().contains(testplatform::loopTuningKey()));
    s.stop();
}

QTEST_GUILESS_MAIN(TestStation)
#include "tst_station.moc"

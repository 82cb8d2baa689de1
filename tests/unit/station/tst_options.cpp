// The command line (docs/cli-and-session.md): every option, its default, and every rejection.
#include "core/hostlookup.h"
#include "platform/platform.h"
#include "station/options.h"

#include <QtTest>

using namespace hil;

namespace {
ParseResult parse(const QStringList &args)
{
    return parseCommandLine(QStringList{"hilstation"} + args);
}
Endpoint endpoint(const StationOptions &o, const char *name)
{
    return o.links.get<Endpoint>(QLatin1String(name));
}
bool has(const StationOptions &o, const char *name)
{
    return o.links.has(QLatin1String(name));
}
template <class T> T get(const StationOptions &o, const char *name)
{
    return o.links.get<T>(QLatin1String(name));
}
} // namespace

class TestOptions : public QObject
{
    Q_OBJECT
private slots:
    void hostLookupWithoutTheResolver();
    void defaults();
    void everyOption();
    void emulateAllAndOrder();
    void px4BarePort();
    void px4GcsAndTakeoff();
    void px4Serial();
    void rejections_data();
    void rejections();
    void helpAndVersion();
    void hostPort();
    void labOptions();
};

void TestOptions::defaults()
{
    const ParseResult r = parse({});
    QCOMPARE(r.action, ParseResult::Run);
    QVERIFY(!r.options.headless);
    QVERIFY(r.options.emulate.isEmpty());
    for (const char *name :
         {"flightaxis", "raven", "px4", "px4-gcs", "rflysim", "raven-frame", "raven-mode"})
        QVERIFY2(!has(r.options, name), name); // not given: each link applies its own default
    QVERIFY(r.options.durationS < 0);
    QCOMPARE(r.options.windowNice, 10);
    QCOMPARE(r.options.home.latitudeDeg, kDefaultHome.latitudeDeg);
}

void TestOptions::everyOption()
{
    const ParseResult r = parse({"--headless",
                                 "--flightaxis",
                                 "10.0.0.5",
                                 "--raven",
                                 "10.0.0.2:9300",
                                 "--raven-listen",
                                 "9301",
                                 "--raven-frame",
                                 "85",
                                 "--raven-mode",
                                 "CUEING",
                                 "--px4",
                                 "0.0.0.0:4561",
                                 "--rflysim",
                                 "192.168.1.4",
                                 "--rflysim-window",
                                 "2",
                                 "--rflysim-state-port",
                                 "20007",
                                 "--rflysim-sensor-port",
                                 "0",
                                 "--home",
                                 "-33.5,151.25,12",
                                 "--duration",
                                 "2.5",
                                 "--log-dir",
                                 "/tmp/x",
                                 "--window-nice",
                                 "0"});
    QCOMPARE(r.action, ParseResult::Run);
    const StationOptions &o = r.options;
    QVERIFY(o.headless);
    QCOMPARE(endpoint(o, "flightaxis").host, QString("10.0.0.5"));
    QCOMPARE(endpoint(o, "flightaxis").port, quint16(18083));
    QCOMPARE(endpoint(o, "raven").port, quint16(9300));
    QCOMPARE(get<uint>(o, "raven-listen"), 9301u);
    QCOMPARE(get<QString>(o, "raven-frame"), QString("85"));
    QCOMPARE(get<QString>(o, "raven-mode"), QString("cueing"));
    QCOMPARE(endpoint(o, "px4").host, QString("0.0.0.0"));
    QCOMPARE(endpoint(o, "px4").port, quint16(4561));
    QCOMPARE(get<QString>(o, "rflysim"), QString("192.168.1.4"));
    QCOMPARE(get<int>(o, "rflysim-window"), 2);
    QCOMPARE(get<uint>(o, "rflysim-state-port"), 20007u);
    QVERIFY(has(o, "rflysim-sensor-port"));
    QCOMPARE(get<uint>(o, "rflysim-sensor-port"), 0u);
    QCOMPARE(o.home.latitudeDeg, -33.5);
    QCOMPARE(o.home.altitudeM, 12.0);
    QCOMPARE(o.durationS, 2.5);
    QCOMPARE(o.logDir, QString("/tmp/x"));
    QCOMPARE(o.windowNice, 0);
    QCOMPARE(o.arguments.size(), 30);
}

void TestOptions::emulateAllAndOrder()
{
    QCOMPARE(parse({"--emulate", "all"}).options.emulate, emulatorNames());
    QCOMPARE(emulatorNames(), (QStringList{"flightaxis", "raven", "px4", "rflysim"}));
    QCOMPARE(parse({"--emulate", "px4,flightaxis", "--emulate", "px4"}).options.emulate,
             (QStringList{"flightaxis", "px4"}));
}

void TestOptions::px4BarePort()
{
    const ParseResult r = parse({"--px4", "4570"});
    QCOMPARE(endpoint(r.options, "px4").host, QString("127.0.0.1"));
    QCOMPARE(endpoint(r.options, "px4").port, quint16(4570));
    QVERIFY(!has(r.options, "px4-gcs"));
    QVERIFY(!has(r.options, "px4-takeoff"));
}

void TestOptions::px4GcsAndTakeoff()
{
    ParseResult r = parse({"--px4-gcs", "18573", "--px4-takeoff", "2.5"});
    QCOMPARE(r.action, ParseResult::Run);
    QCOMPARE(endpoint(r.options, "px4-gcs").host, QString("127.0.0.1"));
    QCOMPARE(endpoint(r.options, "px4-gcs").port, quint16(18573));
    QCOMPARE(get<double>(r.options, "px4-takeoff"), 2.5);
    r = parse({"--px4-gcs", "10.0.0.2:18570"});
    QCOMPARE(endpoint(r.options, "px4-gcs").host, QString("10.0.0.2"));
    QCOMPARE(endpoint(r.options, "px4-gcs").port, quint16(18570));
    r = parse({"--emulate", "flightaxis", "--flightaxis-max-rate", "60.5"});
    QCOMPARE(r.action, ParseResult::Run);
    QCOMPARE(get<double>(r.options, "flightaxis-max-rate"), 60.5);
    // The pilot channel map, kept in its written-out form (session.json's command line and the
    // link's endpoints show the same text).
    r = parse({"--emulate", "flightaxis", "--pilot-channels", " AIL=1, ele=2 ,rev=ail"});
    QCOMPARE(r.action, ParseResult::Run);
    QCOMPARE(get<QString>(r.options, "pilot-channels"), QStringLiteral("ail=1,ele=2,rev=ail"));
    r = parse({"--emulate", "raven", "--raven-reach", "150, 150,120.5,20,20,25"});
    QCOMPARE(r.action, ParseResult::Run);
    QCOMPARE(get<QString>(r.options, "raven-reach"), QStringLiteral("150, 150,120.5,20,20,25"));
}

void TestOptions::px4Serial()
{
    ParseResult r = parse({"--px4", "serial:/dev/ttyACM0", "--px4-takeoff", "2.5"});
    QCOMPARE(r.action, ParseResult::Run);
    SerialPortSpec s = get<SerialPortSpec>(r.options, "px4");
    QCOMPARE(s.path, QString("/dev/ttyACM0"));
    QCOMPARE(s.baud, 921600); // jMAVSim's and Gazebo's HITL rate
    s = get<SerialPortSpec>(parse({"--px4", "serial:COM5:57600"}).options, "px4");
    QCOMPARE(s.path, QString("COM5"));
    QCOMPARE(s.baud, 57600);
    // A by-id path has colons of its own: only a trailing number is the rate.
    s = get<SerialPortSpec>(
        parse({"--px4", "serial:/dev/serial/by-id/usb-Auterion_PX4_FMU_v6X.x_0-if00:115200"})
            .options,
        "px4");
    QCOMPARE(s.path, QString("/dev/serial/by-id/usb-Auterion_PX4_FMU_v6X.x_0-if00"));
    QCOMPARE(s.baud, 115200);
    QVERIFY(endpoint(parse({"--px4", "serial:/dev/ttyACM0"}).options, "px4").host.isEmpty());
}

void TestOptions::rejections_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("unknown option") << QStringList{"--bogus"} << "bogus";
    QTest::newRow("duration text") << QStringList{"--duration", "abc"} << "--duration";
    QTest::newRow("duration negative") << QStringList{"--duration", "-1"} << "--duration";
    QTest::newRow("duration nan") << QStringList{"--duration", "nan"} << "--duration";
    QTest::newRow("duration missing") << QStringList{"--duration"} << "duration";
    QTest::newRow("window-nice 20") << QStringList{"--window-nice", "20"} << "--window-nice";
    QTest::newRow("window-nice negative") << QStringList{"--window-nice", "-5"} << "--window-nice";
    QTest::newRow("window-nice text") << QStringList{"--window-nice", "low"} << "--window-nice";
    QTest::newRow("emulate unknown") << QStringList{"--emulate", "xplane"} << "--emulate";
    QTest::newRow("raven port") << QStringList{"--raven", "host:70000"} << "--raven";
    QTest::newRow("raven empty host") << QStringList{"--raven", ":9200"} << "--raven";
    QTest::newRow("listen port") << QStringList{"--raven-listen", "x"} << "--raven-listen";
    QTest::newRow("frame") << QStringList{"--raven-frame", "22"} << "--raven-frame";
    QTest::newRow("mode") << QStringList{"--raven-mode", "fly"} << "--raven-mode";
    QTest::newRow("px4") << QStringList{"--px4", "host:port"} << "--px4";
    QTest::newRow("px4 serial no path") << QStringList{"--px4", "serial:"} << "--px4";
    QTest::newRow("px4 serial rate") << QStringList{"--px4", "serial:/dev/ttyACM0:9"} << "--px4";
    QTest::newRow("px4 serial with px4-gcs")
        << QStringList{"--px4", "serial:/dev/ttyACM0", "--px4-gcs", "18570"} << "--px4-gcs";
    QTest::newRow("px4 serial with its TCP stand-in")
        << QStringList{"--px4", "serial:/dev/ttyACM0", "--emulate", "px4"} << "--emulate px4";
    QTest::newRow("px4-gcs port 0") << QStringList{"--px4-gcs", "0"} << "--px4-gcs";
    QTest::newRow("px4-gcs text") << QStringList{"--px4-gcs", "host:x"} << "--px4-gcs";
    QTest::newRow("px4-takeoff text") << QStringList{"--px4-takeoff", "high"} << "--px4-takeoff";
    QTest::newRow("px4-takeoff low") << QStringList{"--px4-takeoff", "0.1"} << "--px4-takeoff";
    QTest::newRow("flightaxis-max-rate 0")
        << QStringList{"--flightaxis-max-rate", "0"} << "--flightaxis-max-rate";
    QTest::newRow("pilot-channels twice")
        << QStringList{"--pilot-channels", "ail=1,ele=1"} << "--pilot-channels";
    QTest::newRow("pilot-channels 13")
        << QStringList{"--pilot-channels", "thr=13"} << "--pilot-channels";
    QTest::newRow("pilot-channels unknown")
        << QStringList{"--pilot-channels", "gear=5"} << "--pilot-channels";
    QTest::newRow("raven-reach five")
        << QStringList{"--raven-reach", "150,150,150,20,20"} << "--raven-reach";
    QTest::newRow("raven-reach zero")
        << QStringList{"--raven-reach", "150,150,0,20,20,20"} << "--raven-reach";
    QTest::newRow("raven-reach text")
        << QStringList{"--raven-reach", "150,150,150,20,20,x"} << "--raven-reach";
    QTest::newRow("window") << QStringList{"--rflysim-window", "-1"} << "--rflysim-window";
    QTest::newRow("state port") << QStringList{"--rflysim-state-port", "65536"}
                                << "--rflysim-state-port";
    QTest::newRow("home two") << QStringList{"--home", "47,8"} << "--home";
    QTest::newRow("home lat") << QStringList{"--home", "95,8,0"} << "--home";
    QTest::newRow("positional") << QStringList{"extra"} << "extra";
    QTest::newRow("lab scheme") << QStringList{"--lab", "tcp://lab"} << "--lab";
    QTest::newRow("lab credentials")
        << QStringList{"--lab", "mqtt://u:secret@lab"} << "--lab-password-file";
    QTest::newRow("rig name") << QStringList{"--lab", "mqtt://lab", "--rig", "rig/1"} << "--rig";
    QTest::newRow("lab rate") << QStringList{"--lab", "mqtt://lab", "--lab-rate", "0"}
                              << "--lab-rate";
    QTest::newRow("instructor without lab") << QStringList{"--instructor"} << "--lab";
    QTest::newRow("instructor headless")
        << QStringList{"--instructor", "--headless", "--lab", "mqtt://lab"} << "--headless";
}

void TestOptions::rejections()
{
    QFETCH(QStringList, args);
    QFETCH(QString, mentions);
    const ParseResult r = parse(args);
    QCOMPARE(r.action, ParseResult::Error);
    QCOMPARE(r.exitCode(), 2);
    QVERIFY2(r.message.contains(mentions), qPrintable(r.message));
    QVERIFY(!r.message.contains('\n'));
}

void TestOptions::helpAndVersion()
{
    const ParseResult h = parse({"--help"});
    QCOMPARE(h.action, ParseResult::ShowHelp);
    // Named as started, with no folder or ".exe"; the exit requests of this system.
    QVERIFY2(h.message.startsWith(QLatin1String("Usage: hilstation [options]")),
             qPrintable(h.message.left(60)));
    QVERIFY(h.message.simplified().contains(hil::platform::exitRequestText())); // lines wrap
    const ParseResult c =
        parseCommandLine({QStringLiteral("C:/Program Files/HIL Station/hilstation-console.exe"),
                          QStringLiteral("--help")});
    QVERIFY2(c.message.startsWith(QLatin1String("Usage: hilstation-console [options]")),
             qPrintable(c.message.left(60)));
    for (const char *o :
         {"--emulate", "--flightaxis", "--raven-mode", "--px4", "--rflysim-sensor-port", "--home",
          "--duration", "--log-dir", "--headless", "--window-nice", "--lab", "--rig",
          "--lab-password-file", "--instructor"})
        QVERIFY2(h.message.contains(QLatin1String(o)), o);
    const ParseResult v = parse({"--version"});
    QCOMPARE(v.action, ParseResult::ShowVersion);
    QVERIFY(v.message.contains(HIL_VERSION));
}

void TestOptions::labOptions()
{
    const ParseResult r = parse({"--lab", "mqtts://lab.example", "--rig", "rig_1", "--lab-rate",
                                 "12.5", "--lab-user", "rig_1"});
    QCOMPARE(r.action, ParseResult::Run);
    QCOMPARE(get<QString>(r.options, "lab"), QStringLiteral("mqtts://lab.example:8883"));
    QCOMPARE(get<QString>(r.options, "rig"), QStringLiteral("rig_1"));
    QCOMPARE(get<double>(r.options, "lab-rate"), 12.5);
    QVERIFY(!r.options.instructor);
    const ParseResult i = parse({"--instructor", "--lab", "mqtt://127.0.0.1"});
    QCOMPARE(i.action, ParseResult::Run);
    QVERIFY(i.options.instructor);
}

void TestOptions::hostPort()
{
    Endpoint e;
    QVERIFY(parseHostPort("[::1]:5000", 1, &e));
    QCOMPARE(e.host, QString("::1"));
    QCOMPARE(e.port, quint16(5000));
    QVERIFY(parseHostPort("::1", 7, &e));
    QCOMPARE(e.port, quint16(7));
    QVERIFY(parseHostPort("localhost:0", 7, &e));
    QCOMPARE(e.port, quint16(0));
    QVERIFY(!parseHostPort("", 7, &e));
}

void TestOptions::hostLookupWithoutTheResolver()
{
    // Literals and "localhost" never reach the system resolver (no query leaves the machine).
    QCOMPARE(hil::resolveHostIPv4(QStringLiteral("10.0.0.2")),
             QHostAddress(QStringLiteral("10.0.0.2")));
    QCOMPARE(hil::resolveHostIPv4(QStringLiteral("LocalHost")),
             QHostAddress(QHostAddress::LocalHost));
    QVERIFY(hil::resolveHostIPv4(QStringLiteral("::1")).protocol() ==
            QAbstractSocket::IPv6Protocol);
}

QTEST_GUILESS_MAIN(TestOptions)
#include "tst_options.moc"

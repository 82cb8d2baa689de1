// The rig check's verdicts from canned counter windows: each check passes on a healthy figure and
// fails (or warns) on the broken one, named by the counters a link publishes. Its report: the
// JSON's shape, the PDF read back by poppler's pdftotext (another program's reading, not Qt's),
// and docs/troubleshooting.md's table quoting every check's title and fix word for word.
#include "core/linkdescriptor.h"
#include "links/builtin.h"
#include "rigcheck/rigcheck.h"
#include "rigcheck/rigreport.h"
#include "testpaths.h"

#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

using namespace hil::rigcheck;
using hil::TransportDelayResult;
using hil::links::builtinLinks;

namespace {

// A window of `seconds` in which each counter of `delta` grows by that much, the rest as `base`.
LinkWindow window(const QJsonObject &base, const QJsonObject &delta, double seconds = 10.0)
{
    LinkWindow w;
    for (int i = 0; i <= int(seconds); ++i) {
        QJsonObject o = base;
        const double f = double(i) / seconds;
        for (auto it = delta.constBegin(); it != delta.constEnd(); ++it)
            o.insert(it.key(), base.value(it.key()).toDouble() + it.value().toDouble() * f);
        w.samples << o;
        w.sampleTimesS << double(i);
    }
    w.first = w.samples.first();
    w.last = w.samples.last();
    return w;
}

/// A finished transport-delay measurement: `samples`, then `last`.
TransportDelayResult done(std::vector<double> samples, double last)
{
    TransportDelayResult r;
    r.state = TransportDelayResult::State::Done;
    r.samplesMs = std::move(samples);
    r.samplesMs.push_back(last);
    r.stepsAsked = int(r.samplesMs.size());
    return r;
}

const Item *find(const QList<Item> &items, const char *check)
{
    for (const Item &i : items)
        if (i.check == QLatin1String(check))
            return &i;
    return nullptr;
}

Verdict verdictOf(const Observation &o, const char *check)
{
    const QList<Item> items = evaluate(o, builtinLinks());
    const Item *i = find(items, check);
    if (!i)
        qFatal("no item %s", check);
    return i->verdict;
}

QJsonObject healthyRaven()
{
    return QJsonObject{
        {"frames_received", 1000},
        {"motors_ok", QJsonArray{true, true, true, true, true, true}},
        {"status_word", 4032},
        {"temperatures_c", QJsonArray{25, 26, 25, 27, 25, 25}},
        {"thermal", "NORMAL"},
        {"firmware", "1.0 rev 7"},
        {"frame", 21},
        {"axis_check", QJsonObject{{"result", "passed"}, {"time", "2026-01-02T10:00:00Z"}}}};
}

} // namespace

class TestRigCheck : public QObject
{
    Q_OBJECT
private slots:
    void realFlightRateAndPhysicsTime();
    void realFlightControllerAndTransmitter();
    void px4LockstepAndParameters();
    void platformRepliesStatusAndAxisCheck();
    void platformFirewall();
    void transportDelayAgainstPart60();
    void figuresInTheOperatorsLanguage();
    void rflySimSensors();
    void pilotDevice();
    void thisPc();
    void onlyLinksThatRanAndInTableOrder();
    void aNewLinkBringsItsOwnChecks();
    void reportJsonAndPdf();
    void reportVerdictFirstRowsWhole();
    void troubleshootingTableQuotesTheTexts();
};

void TestRigCheck::realFlightRateAndPhysicsTime()
{
    Observation o;
    const QJsonObject base{{"exchanges", 100},
                           {"last_physics_time_s", 500.0},
                           {"controller_active", true},
                           {"speed_multiplier", 1}};
    o.links["flightaxis"] = window(base, {{"exchanges", 2500}, {"last_physics_time_s", 10.0}});
    QCOMPARE(verdictOf(o, "flightaxis.exchange_rate"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "flightaxis.physics_time"), Verdict::Pass);
    // 80 exchanges a second: too coarse. Physics standing (RealFlight paused in the background).
    o.links["flightaxis"] = window(base, {{"exchanges", 800}, {"last_physics_time_s", 0.0}});
    QCOMPARE(verdictOf(o, "flightaxis.exchange_rate"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "flightaxis.physics_time"), Verdict::Fail);
    const QList<Item> items = evaluate(o, builtinLinks());
    QVERIFY(fixOf(*find(items, "flightaxis.physics_time"), false)
                .contains(QStringLiteral("Pause Physics When in Background")));
    QVERIFY(
        fixOf(*find(items, "flightaxis.physics_time"), false).contains(QStringLiteral("paused")));
    // 150 a second, physics at 80 % of the wall clock: warnings, not failures.
    o.links["flightaxis"] = window(base, {{"exchanges", 1500}, {"last_physics_time_s", 8.0}});
    QCOMPARE(verdictOf(o, "flightaxis.exchange_rate"), Verdict::Warn);
    QCOMPARE(verdictOf(o, "flightaxis.physics_time"), Verdict::Warn);
    // The link still connecting at the window's start (no physics time yet): judged from its
    // first exchange on, not as a jump from 0.
    LinkWindow late = window(base, {{"exchanges", 2500}, {"last_physics_time_s", 10.0}});
    late.samples[0].insert("last_physics_time_s", 0.0);
    late.first = late.samples[0];
    o.links["flightaxis"] = late;
    QCOMPARE(verdictOf(o, "flightaxis.physics_time"), Verdict::Pass);
    // RealFlight's own speed setting at 2×: twice the wall clock is right.
    QJsonObject fast = base;
    fast.insert("speed_multiplier", 2);
    o.links["flightaxis"] = window(fast, {{"exchanges", 2500}, {"last_physics_time_s", 20.0}});
    QCOMPARE(verdictOf(o, "flightaxis.physics_time"), Verdict::Pass);
}

void TestRigCheck::realFlightControllerAndTransmitter()
{
    Observation o;
    o.links["flightaxis"] =
        window({{"controller_active", false}, {"transmitter_channels", 0}}, {{"exchanges", 2500}});
    QCOMPARE(verdictOf(o, "flightaxis.controller"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "flightaxis.transmitter"), Verdict::Warn);
    o.links["flightaxis"] = window({{"controller_active", true}, {"transmitter_channels", 12}},
                                   {{"exchanges", 2500}, {"transmitter_samples", 2500}});
    QCOMPARE(verdictOf(o, "flightaxis.controller"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "flightaxis.transmitter"), Verdict::Pass);
}

void TestRigCheck::px4LockstepAndParameters()
{
    Observation o;
    o.links["px4"] =
        window({{"mode", "sitl"}, {"answer_matching", "time_usec"}}, {{"answered_steps", 2500}});
    o.links["px4gcs"] = window(
        {{"params", QJsonObject{{"SYS_HITL", 0}, {"SYS_AUTOSTART", 10016}, {"COM_RC_IN_MODE", 1}}},
         {"prearm", QJsonObject{{"ok", true}, {"reasons", QJsonArray{}}}}},
        {});
    QCOMPARE(verdictOf(o, "px4.lockstep_rate"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "px4.lockstep_timeouts"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "px4.sys_hitl"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "px4.sys_autostart"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "px4.com_rc_in_mode"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "px4.prearm"), Verdict::Pass);
    QVERIFY(!find(evaluate(o, builtinLinks()), "px4.params")); // read: nothing to say about it
    // 30 steps a second with 200 timeouts; SYS_HITL 1 in SITL; no airframe; pre-arm failing.
    o.links["px4"] = window({{"mode", "sitl"}, {"answer_matching", "order"}},
                            {{"answered_steps", 300}, {"lockstep_timeouts", 200}});
    o.links["px4gcs"] = window(
        {{"params", QJsonObject{{"SYS_HITL", 1}, {"SYS_AUTOSTART", 0}, {"COM_RC_IN_MODE", 0}}},
         {"prearm",
          QJsonObject{{"ok", false}, {"reasons", QJsonArray{"No manual control input"}}}}},
        {});
    QCOMPARE(verdictOf(o, "px4.lockstep_rate"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "px4.lockstep_timeouts"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "px4.sys_hitl"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "px4.sys_autostart"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "px4.com_rc_in_mode"), Verdict::Warn); // nobody flies by hand
    QCOMPARE(verdictOf(o, "px4.prearm"), Verdict::Warn);
    QVERIFY(find(evaluate(o, builtinLinks()), "px4.prearm")
                ->value.contains(QStringLiteral("No manual control")));
    o.links["pilot"] = window({{"active", true}, {"device", "stick"}}, {});
    QCOMPARE(verdictOf(o, "px4.com_rc_in_mode"), Verdict::Fail); // a pilot's sticks ignored
    // In HITL SYS_HITL must be 1.
    o.links["px4"] =
        window({{"mode", "hitl"}, {"answer_matching", "time_usec"}}, {{"answered_steps", 2500}});
    QCOMPARE(verdictOf(o, "px4.sys_hitl"), Verdict::Pass);
    // HITL over USB: no MAVLink instance there, no HIL streaming (GcsLink's usb_mavlink).
    o.links["px4gcs"] = window(
        {{"params", QJsonObject{{"SYS_HITL", 1}, {"SYS_AUTOSTART", 1001}, {"SYS_USB_AUTO", 0}}},
         {"usb_mavlink", QJsonObject{{"rate_bps", 0}, {"hil_min_rate_bps", 5000}, {"ok", false}}}},
        {});
    QCOMPARE(verdictOf(o, "px4.usb_rate"), Verdict::Fail);
    QVERIFY(find(evaluate(o, builtinLinks()), "px4.usb_rate")
                ->value.contains(QStringLiteral("SYS_USB_AUTO 0")));
    o.links["px4gcs"] =
        window({{"params", QJsonObject{{"SYS_HITL", 1}, {"SYS_USB_AUTO", 2}}},
                {"usb_mavlink",
                 QJsonObject{{"rate_bps", 800000}, {"hil_min_rate_bps", 5000}, {"ok", true}}}},
               {});
    QCOMPARE(verdictOf(o, "px4.usb_rate"), Verdict::Pass);
    // PX4 SITL sends no pre-arm bit: its reasons alone are a warning.
    o.links["px4gcs"] =
        window({{"params", QJsonObject{{"SYS_HITL", 1}}},
                {"prearm",
                 QJsonObject{{"ok", QJsonValue()}, {"reasons", QJsonArray{"Preflight Fail: x"}}}}},
               {});
    QCOMPARE(verdictOf(o, "px4.prearm"), Verdict::Warn);
    o.links["px4gcs"] =
        window({{"params", QJsonObject{{"SYS_HITL", 1}}},
                {"prearm", QJsonObject{{"ok", QJsonValue()}, {"reasons", QJsonArray{}}}}},
               {});
    QVERIFY(!find(evaluate(o, builtinLinks()), "px4.prearm")); // nothing known: nothing said
    // No answer to the reads: said, as a warning.
    o.links["px4gcs"] = window({{"params_missing", QJsonArray{"SYS_HITL"}}}, {});
    QCOMPARE(verdictOf(o, "px4.params"), Verdict::Warn);
}

void TestRigCheck::platformRepliesStatusAndAxisCheck()
{
    Observation o;
    o.links["raven"] = window(healthyRaven(), {{"frames_received", 2500}});
    for (const char *c : {"raven.replies", "raven.status", "raven.temperatures", "raven.firmware",
                          "raven.axis_check", "raven.frame"})
        QVERIFY2(verdictOf(o, c) == Verdict::Pass, c);
    QVERIFY(find(evaluate(o, builtinLinks()), "raven.axis_check")
                ->value.contains(QStringLiteral("2026-01-02")));
    // Nobody answers: a fail, and nothing read from replies that never came.
    o.links["raven"] = window(healthyRaven(), {});
    QCOMPARE(verdictOf(o, "raven.replies"), Verdict::Fail);
    QVERIFY(!find(evaluate(o, builtinLinks()), "raven.status"));
    QVERIFY(fixOf(*find(evaluate(o, builtinLinks()), "raven.replies"), false)
                .contains(QStringLiteral("Public")));
    QJsonObject bad = healthyRaven();
    bad.insert("motors_ok", QJsonArray{true, true, false, true, true, true});
    bad.insert("thermal", "OVERHEAT PROTECTION");
    bad.insert("firmware", "");
    bad.insert("frame", 5);
    bad.insert("axis_check", QJsonObject{{"result", "failed"}, {"time", "2026-01-02T10:00:00Z"}});
    o.links["raven"] = window(bad, {{"frames_received", 2500}});
    QCOMPARE(verdictOf(o, "raven.status"), Verdict::Fail);
    QVERIFY(find(evaluate(o, builtinLinks()), "raven.status")
                ->value.contains(QStringLiteral("motor 3")));
    QCOMPARE(verdictOf(o, "raven.temperatures"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "raven.firmware"), Verdict::Warn);
    QCOMPARE(verdictOf(o, "raven.axis_check"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "raven.frame"), Verdict::Warn);
    bad.insert("axis_check", QJsonObject{{"result", "never"}});
    o.links["raven"] = window(bad, {{"frames_received", 2500}});
    QCOMPARE(verdictOf(o, "raven.axis_check"), Verdict::Warn);
}

void TestRigCheck::platformFirewall()
{
    Observation o;
    o.links["raven"] = window(healthyRaven(), {});
    QVERIFY(!find(evaluate(o, builtinLinks()), "raven.firewall")); // not applicable here: no item
    o.firewall = {QStringLiteral("fail"), QStringLiteral("Public network; blocked by rule 'x'")};
    QCOMPARE(verdictOf(o, "raven.firewall"), Verdict::Fail);
    QCOMPARE(find(evaluate(o, builtinLinks()), "raven.firewall")->value, o.firewall.figure);
}

void TestRigCheck::transportDelayAgainstPart60()
{
    Observation o;
    o.links["raven"] = window(healthyRaven(), {{"frames_received", 2500}});
    const auto withDelay = [&](double median, double worst) {
        o.transportDelay = done(std::vector<double>(19, median), worst);
    };
    withDelay(40, 45);
    QVERIFY(
        !find(evaluate(o, builtinLinks()), "raven.transport_delay")); // not asked for: not reported
    o.motionRequested = true;
    QCOMPARE(verdictOf(o, "raven.transport_delay"), Verdict::Pass);
    withDelay(120, 200); // worst above Levels C/D's 150 ms, within A/B's 300 ms
    QCOMPARE(verdictOf(o, "raven.transport_delay"), Verdict::Warn);
    withDelay(250, 320);
    QCOMPARE(verdictOf(o, "raven.transport_delay"), Verdict::Fail);
    const QJsonObject td = transportDelayJson(o).value("cue_to_platform").toObject();
    QCOMPARE(td.value("median_ms").toDouble(), 250.0);
    QCOMPARE(td.value("max_ms").toDouble(), 320.0);
    QCOMPARE(td.value("steps").toInt(), 20);
    // Asked for and refused (a held address): a fail that says why.
    o.transportDelay = TransportDelayResult{};
    o.transportDelay->state = TransportDelayResult::State::Refused;
    o.transportDelay->reason = QStringLiteral("held by a failed axis check");
    QCOMPARE(verdictOf(o, "raven.transport_delay"), Verdict::Fail);
    QVERIFY(find(evaluate(o, builtinLinks()), "raven.transport_delay")
                ->value.contains(QStringLiteral("held")));
    QVERIFY(transportDelayJson(o).isEmpty());
}

// report.json keeps a figure in English with C-locale numbers; the window and the report's pages
// write it in the operator's words and number format.
void TestRigCheck::figuresInTheOperatorsLanguage()
{
    Observation o;
    o.motionRequested = true;
    o.links["raven"] = window(healthyRaven(), {{"frames_received", 2500}});
    o.transportDelay = done(std::vector<double>(19, 12.5), 1234.3);
    const QList<Item> items = evaluate(o, builtinLinks());
    const Item *td = find(items, "raven.transport_delay");
    QVERIFY(td);
    QCOMPARE(td->value, QStringLiteral("median 12.5 ms, worst 1234.3 ms over 20 steps"));
    const QLocale german(QLocale::German, QLocale::Germany);
    QCOMPARE(valueOf(*td, false, german), td->value); // report.json's, whatever the locale
    QTranslator de; // the window's German, as built beside the tests
    QVERIFY(de.load(hil::testpaths::binaryDir() + QStringLiteral("/ui/hilstation_de.qm")));
    QCoreApplication::installTranslator(&de);
    const QString shown = valueOf(*td, true, german);
    const QString status = valueOf(*find(items, "raven.status"), true, german);
    QCoreApplication::removeTranslator(&de);
    QCOMPARE(shown, QStringLiteral("Median 12,5 ms, schlechtester 1.234,3 ms über 20 Schritte"));
    QVERIFY2(status.startsWith(QStringLiteral("Statuswort 0x")), qPrintable(status));
    // A peer's own text is shown as it came, even one that looks like a pattern.
    const Figure f{"%1 (%2)", {text(QStringLiteral("50%1")), number(0.25, 2)}};
    QCOMPARE(figureText(f, false, german), QStringLiteral("50%1 (0,25)"));
}

void TestRigCheck::rflySimSensors()
{
    Observation o;
    const QJsonArray streaming{QJsonObject{{"type_id", 9}, {"port", 9999}, {"state", "streaming"}}};
    o.links["rflysim"] = window({{"sensors", streaming}}, {{"gimbal_states_received", 500}});
    QCOMPARE(verdictOf(o, "rflysim.sensors"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "rflysim.gimbal"), Verdict::Pass);
    QJsonArray one = streaming;
    one.append(QJsonObject{{"type_id", 20}, {"port", 9998}, {"state", "requested"}});
    o.links["rflysim"] = window({{"sensors", one}}, {});
    QCOMPARE(verdictOf(o, "rflysim.sensors"), Verdict::Fail);
    QVERIFY(find(evaluate(o, builtinLinks()), "rflysim.sensors")
                ->value.contains(QStringLiteral("type 20")));
    QCOMPARE(verdictOf(o, "rflysim.gimbal"), Verdict::Warn);
}

void TestRigCheck::pilotDevice()
{
    Observation o;
    o.links["pilot"] = window({{"active", false}}, {});
    QCOMPARE(verdictOf(o, "pilot.device"), Verdict::Warn);
    o.links["pilot"] = window({{"active", false}, {"uncalibrated", QJsonArray{"stick"}}}, {});
    QCOMPARE(verdictOf(o, "pilot.device"), Verdict::Fail);
    o.links["pilot"] = window({{"active", true}, {"device", "stick"}}, {});
    o.links["raven"] = window(healthyRaven(), {{"frames_received", 2500}});
    QCOMPARE(verdictOf(o, "pilot.device"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "pilot.stop_button"), Verdict::Warn);
    QJsonObject r = healthyRaven();
    r.insert("pilot_stop_mapped", true);
    o.links["raven"] = window(r, {{"frames_received", 2500}});
    QCOMPARE(verdictOf(o, "pilot.stop_button"), Verdict::Pass);
}

void TestRigCheck::thisPc()
{
    Observation o;
    o.links["px4"] = window({{"endpoints", QJsonObject{{"sched_slice_us", 100}}}}, {});
    o.freeBytes = qint64(50) * 1000 * 1000 * 1000;
    QCOMPARE(verdictOf(o, "pc.loop_threads"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "pc.free_space"), Verdict::Pass);
    o.links["raven"] = window({{"endpoints", QJsonObject{{"sched_slice_us", 0}}}}, {});
    o.freeBytes = qint64(100) * 1000 * 1000;
    QCOMPARE(verdictOf(o, "pc.loop_threads"), Verdict::Warn);
    QCOMPARE(verdictOf(o, "pc.free_space"), Verdict::Fail);
    o.links.clear();
    o.links["raven"] = window({{"endpoints", QJsonObject{{"thread_priority", 2}}}}, {});
    QCOMPARE(verdictOf(o, "pc.loop_threads"), Verdict::Pass); // Windows' HIGHEST
}

void TestRigCheck::onlyLinksThatRanAndInTableOrder()
{
    Observation o;
    o.links["rflysim"] = window({{"sensors", QJsonArray{}}}, {});
    o.links["flightaxis"] = window({{"controller_active", true}}, {{"exchanges", 2500}});
    const QList<Item> items = evaluate(o, builtinLinks());
    for (const Item &i : items)
        QVERIFY2(i.link == QLatin1String("flightaxis") || i.link == QLatin1String("rflysim"),
                 qPrintable(i.check));
    int last = -1;
    for (const Item &i : items) {
        const int index = int(textOf(i.check) - checkTexts().data());
        QVERIFY(index > last);
        last = index;
    }
    QVERIFY(!anyFails({}));
    QVERIFY(anyFails(items)); // the physics time stood still in this window
}

void TestRigCheck::aNewLinkBringsItsOwnChecks()
{
    // A link the rig check never heard of: its descriptor declares its checks, and they are judged
    // whenever it runs, in the report's order (the links' checks before this PC's).
    hil::LinkDescriptor d;
    d.name = QStringLiteral("madeup");
    hil::LinkDescriptor::RigChecks checks;
    checks.texts = {{"madeup.frames", "Made-up: frames arriving", "Send it frames."}};
    checks.judge = [](const hil::RigCheckInput &in, Builder &b) {
        const double r = rate(*in.self, "frames");
        b.add(in.name, "madeup.frames", r >= 10.0 ? Verdict::Pass : Verdict::Fail, "%1 frames/s",
              {number(r)});
    };
    d.rigChecks = checks;
    hil::LinkRegistry links;
    links.add(d);
    Observation o;
    o.freeBytes = qint64(10e9);
    o.links["madeup"] = window({}, {{"frames", 500}});
    const QList<Item> items = evaluate(o, links);
    const Item *i = find(items, "madeup.frames");
    QVERIFY(i);
    QCOMPARE(i->link, QStringLiteral("madeup"));
    QCOMPARE(i->verdict, Verdict::Pass);
    QCOMPARE(i->value, QStringLiteral("50 frames/s"));
    QCOMPARE(items.size(), 2);
    QCOMPARE(items.last().check, QStringLiteral("pc.free_space"));
    o.links["madeup"] = window({}, {{"frames", 50}});
    QCOMPARE(find(evaluate(o, links), "madeup.frames")->verdict, Verdict::Fail);
    o.links.remove("madeup"); // did not run: no item
    QVERIFY(!find(evaluate(o, links), "madeup.frames"));
}

void TestRigCheck::reportJsonAndPdf()
{
    Observation o;
    o.motionRequested = true;
    o.links["raven"] = window(healthyRaven(), {{"frames_received", 2500}});
    o.transportDelay = done({40.0, 41.5}, 48.0);
    o.links["flightaxis"] = window({{"controller_active", true}}, {{"exchanges", 800}});
    const QList<Item> items = evaluate(o, builtinLinks());
    const QJsonObject json = reportJson(items, o, {{"program", "hilstation"}, {"seconds", 10.0}});
    QCOMPARE(json.value("verdict").toString(), QStringLiteral("fail"));
    for (const QJsonValue &v : json.value("checks").toArray()) {
        const QJsonObject c = v.toObject();
        QCOMPARE(c.keys(), (QStringList{"check", "fix", "link", "value", "verdict"}));
        QVERIFY(QStringList({"pass", "warn", "fail"}).contains(c.value("verdict").toString()));
        QCOMPARE(c.value("fix").toString().isEmpty(), c.value("verdict").toString() == "pass");
    }
    QCOMPARE(json.value("transport_delay")
                 .toObject()
                 .value("cue_to_platform")
                 .toObject()
                 .value("median_ms")
                 .toDouble(),
             41.5);

    QTemporaryDir dir;
    QStringList files;
    QString error;
    QVERIFY2(writeReport(dir.path(), {json, items, false}, &files, &error), qPrintable(error));
    for (const char *f : {"report.json", "report.html", "report.pdf", "transport-delay.png"})
        QVERIFY2(QFile::exists(dir.filePath(QLatin1String(f))), f);
    QFile back(dir.filePath("report.json"));
    QVERIFY(back.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(back.readAll()).object(), json);

    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (pdftotext.isEmpty())
        QSKIP("no pdftotext (Debian's poppler-utils, make deps installs it)");
    QProcess p;
    p.start(pdftotext, {dir.filePath("report.pdf"), QStringLiteral("-")});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const QString text = QString::fromUtf8(p.readAllStandardOutput()).simplified();
    for (const Item &i : items)
        QVERIFY2(text.contains(i.check), qPrintable(i.check + QStringLiteral(" not in the PDF")));
    QVERIFY(text.contains(QStringLiteral("Table A2A")));

    // A folder that cannot be made: an error that names it, never silence.
    QFile blocker(dir.filePath("file"));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    QStringList none;
    QVERIFY(!writeReport(dir.filePath("file/sub"), {json, items, false}, &none, &error));
    QVERIFY2(error.contains(QStringLiteral("file/sub")), qPrintable(error));
}

// The page starts with what a reader needs first (the verdict, its counts, the program's
// version, each link's peer or "stand-in"), and no table row is split across two pages: checked
// in the PDF itself by another tool (poppler's pdftotext, page by page).
void TestRigCheck::reportVerdictFirstRowsWhole()
{
    // Enough failing rows, each with its fix, to fill several pages.
    QList<Item> items;
    const QStringList ids{QStringLiteral("flightaxis.exchange_rate"),
                          QStringLiteral("px4.lockstep_timeouts"), QStringLiteral("raven.replies")};
    for (int n = 0; n < 45; ++n) {
        const QString id = ids.at(n % ids.size());
        items.append(Item{id.section(QLatin1Char('.'), 0, 0),
                          id,
                          n == 0 ? Verdict::Pass : Verdict::Fail,
                          QStringLiteral("row%1value").arg(n),
                          {}});
    }
    QJsonObject run{
        {"program", "hilstation"},
        {"version", "9.8.7"},
        {"seconds", 10.0},
        {"link_peers",
         QJsonObject{{"raven", QJsonObject{{"stand_in", false},
                                           {"endpoints", QJsonObject{{"platform_host", "10.1.2.3"},
                                                                     {"listen_port", 9001}}}}},
                     {"px4", QJsonObject{{"stand_in", true}}}}}};
    const QJsonObject json = reportJson(items, {}, run);
    for (const QJsonValue &v : json.value("checks").toArray())
        QCOMPARE(v.toObject().value("stand_in").toBool(),
                 v.toObject().value("link").toString() == QLatin1String("px4"));
    const Report report{json, items, false};
    const QList<int> pages = pdfRowPages(report);
    QCOMPARE(pages.size(), items.size());
    QVERIFY2(pages.last() >= 2, "the test wants several pages");

    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (pdftotext.isEmpty())
        QSKIP("no pdftotext (Debian's poppler-utils, make deps installs it)");
    QTemporaryDir dir;
    QStringList files;
    QString error;
    QVERIFY2(writeReport(dir.path(), report, &files, &error), qPrintable(error));
    const auto pageText = [&](int page) { // 1-based
        QProcess p;
        p.start(pdftotext,
                {QStringLiteral("-f"), QString::number(page), QStringLiteral("-l"),
                 QString::number(page), dir.filePath("report.pdf"), QStringLiteral("-")});
        p.waitForFinished(30000);
        // Proportional fonts join "fi" and "fl" into one glyph: read back as the two letters.
        return QString::fromUtf8(p.readAllStandardOutput())
            .replace(QChar(0xfb01), QLatin1String("fi"))
            .replace(QChar(0xfb02), QLatin1String("fl"))
            .simplified();
    };
    const QString first = pageText(1);
    // The verdict and the counts come before the table's first row.
    const int verdictAt = first.indexOf(QStringLiteral("Verdict: fail"));
    QVERIFY2(verdictAt >= 0, qPrintable(first.left(300)));
    QVERIFY(first.indexOf(QStringLiteral("Passed: 1 · warnings: 0 · failed: 44")) >= 0);
    QVERIFY(verdictAt < first.indexOf(QStringLiteral("row0value")));
    QVERIFY(first.contains(QStringLiteral("9.8.7")));
    QVERIFY(first.contains(QStringLiteral("10.1.2.3")));
    QVERIFY(first.contains(QStringLiteral("stand-in")));
    // Each row's figure, and the end of its fix, on the page the layout put the row on: per page,
    // as many ends of each fix as rows with that fix (a split row's end would be on the next).
    for (int page = 0; page <= pages.last(); ++page) {
        const QString text = pageText(page + 1);
        QMap<QString, int> expected;
        for (int n = 0; n < items.size(); ++n) {
            if (pages.at(n) != page)
                continue;
            QVERIFY2(text.contains(items.at(n).value), qPrintable(items.at(n).value));
            if (items.at(n).verdict == Verdict::Fail) {
                const QStringList words = fixOf(items.at(n), false).split(QLatin1Char(' '));
                ++expected[words.mid(words.size() - 2).join(QLatin1Char(' '))];
            }
        }
        for (auto it = expected.constBegin(); it != expected.constEnd(); ++it)
            QVERIFY2(text.count(it.key()) == it.value(),
                     qPrintable(QStringLiteral("page %1: \"%2\" %3 times, %4 rows")
                                    .arg(page + 1)
                                    .arg(it.key())
                                    .arg(text.count(it.key()))
                                    .arg(it.value())));
    }
}

void TestRigCheck::troubleshootingTableQuotesTheTexts()
{
    QFile doc(hil::testpaths::sourceDir() + QStringLiteral("/docs/troubleshooting.md"));
    QVERIFY(doc.open(QIODevice::ReadOnly | QIODevice::Text));
    const QString md = QString::fromUtf8(doc.readAll());
    // Rows "| `id` | title | fix |" of the rig check's table.
    static const QRegularExpression row(
        QStringLiteral("^\\| `([a-z0-9_]+\\.[a-z0-9_]+)` \\| (.+) \\| (.+) \\|$"),
        QRegularExpression::MultilineOption);
    QMap<QString, QPair<QString, QString>> table;
    for (auto it = row.globalMatch(md); it.hasNext();) {
        const auto m = it.next();
        if (textOf(m.captured(1)))
            table.insert(m.captured(1), {m.captured(2), m.captured(3)});
    }
    for (const CheckText &t : checkTexts()) {
        const QString id = QLatin1String(t.id);
        QVERIFY2(table.contains(id), qPrintable(id + QStringLiteral(" has no row")));
        QCOMPARE(table.value(id).first, QString::fromUtf8(t.title));
        QCOMPARE(table.value(id).second, QString::fromUtf8(t.fix));
    }
}

QTEST_MAIN(TestRigCheck)
#include "tst_rigcheck.moc"

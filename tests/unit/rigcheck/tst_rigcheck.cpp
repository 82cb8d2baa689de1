// The rig check's verdicts from canned windows of each link's typed health (the samples its
// descriptor takes): each check passes on a healthy figure and fails (or warns) on the broken one.
// Its report: the JSON's shape, the PDF read back by poppler's pdftotext (another program's
// reading, not Qt's), and docs/troubleshooting.md's table quoting every check's title and fix
// word for word.
#include "core/linkdescriptor.h"
#include "flightaxis/flightaxislink.h"
#include "input/pilotlink.h"
#include "links/builtin.h"
#include "mavlink/gcslink.h"
#include "mavlink/hillink.h"
#include "raven/ravenlink.h"
#include "rflysim/rflysimlink.h"
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
using hil::FlightAxisHealth;
using hil::Px4GcsHealth;
using hil::Px4HilHealth;
using hil::RavenHealth;
using hil::RflySimHealth;
using hil::TransportDelayResult;
using hil::input::PilotHealth;
using hil::links::builtinLinks;

namespace {

// One typed sample as the link's descriptor takes it: its own health and, for a link in a role
// the others' checks read, that role's facts.
template <class T> TypedSample sampleOf(const T &h)
{
    return TypedSample::of(h);
}
TypedSample sampleOf(const RavenHealth &h)
{
    return TypedSample::of(h, MotionRoleFacts{h.pilotStopMapped});
}
TypedSample sampleOf(const PilotHealth &h)
{
    return TypedSample::of(h, PilotRoleFacts{h.active});
}

// A window of `seconds`, a sample a second: `base` with `grow(sample, f)` applied, f going 0..1.
// Typed samples only: the judges read nothing else.
template <class T>
LinkWindow window(const T &base, const std::function<void(T &, double f)> &grow = {},
                  double seconds = 10.0)
{
    LinkWindow w;
    for (int i = 0; i <= int(seconds); ++i) {
        T h = base;
        if (grow)
            grow(h, double(i) / seconds);
        w.typedSamples << sampleOf(h);
        w.samples << QJsonObject{};
        w.sampleTimesS << double(i);
    }
    w.typedFirst = w.typedSamples.first();
    w.typedLast = w.typedSamples.last();
    w.first = w.samples.first();
    w.last = w.samples.last();
    return w;
}

// A counter growing by `by` over the window (f 0..1), from `from`.
quint64 grown(quint64 from, double by, double f)
{
    return from + quint64(std::llround(by * f));
}

// RealFlight's window: exchanges, physics time and transmitter readings growing by these.
LinkWindow realFlight(const FlightAxisHealth &base, double exchanges, double physicsS,
                      double transmitter = 0.0)
{
    return window<FlightAxisHealth>(base, [=](FlightAxisHealth &h, double f) {
        h.exchanges = grown(base.exchanges, exchanges, f);
        h.lastPhysicsTimeS = base.lastPhysicsTimeS + physicsS * f;
        h.transmitterSamples = grown(base.transmitterSamples, transmitter, f);
    });
}

// PX4's lockstep: answered steps and timeouts growing by these.
LinkWindow lockstep(Px4HilHealth::Matching matching, bool hitl, double steps, double timeouts = 0.0)
{
    Px4HilHealth base;
    base.matching = matching;
    base.hitl = hitl;
    return window<Px4HilHealth>(base, [=](Px4HilHealth &h, double f) {
        h.answeredSteps = qint64(std::llround(steps * f));
        h.lockstepTimeouts = qint64(std::llround(timeouts * f));
    });
}

// PX4's ground-station side: the parameters answered, the pre-arm state.
Px4GcsHealth groundStation(const QMap<QString, double> &params, int prearmOk = -1,
                           const QStringList &reasons = {})
{
    Px4GcsHealth h;
    h.params.read = true;
    h.params.answered = params;
    h.prearmOk = prearmOk;
    h.prearmReasons = reasons;
    return h;
}

LinkWindow platform(const RavenHealth &base, double replies)
{
    return window<RavenHealth>(base, [=](RavenHealth &h, double f) {
        h.framesReceived = grown(base.framesReceived, replies, f);
    });
}

PilotHealth pilotInput(bool active, const QString &device = {},
                       const QStringList &uncalibrated = {})
{
    PilotHealth h;
    h.active = active;
    h.device = device;
    h.uncalibrated = uncalibrated;
    return h;
}

// A window of session.json entries alone (this PC's checks read the links' endpoints).
LinkWindow jsonWindow(const QJsonObject &o)
{
    LinkWindow w;
    for (int i = 0; i <= 10; ++i) {
        w.samples << o;
        w.sampleTimesS << double(i);
    }
    w.first = w.last = o;
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

RavenHealth healthyRaven()
{
    RavenHealth h;
    h.framesReceived = 1000;
    h.haveStatus = true;
    h.motorsOk = {true, true, true, true, true, true};
    h.statusWord = 4032;
    h.temperaturesC = {25, 26, 25, 27, 25, 25};
    h.thermal = 0; // NORMAL
    h.firmware = QStringLiteral("1.0 rev 7");
    h.cueFrame = 21;
    hil::raven::AxisCheckStore::Status axis;
    axis.summary = hil::raven::AxisCheckStore::Status::Summary::Passed;
    axis.lastTime = QDateTime(QDate(2026, 1, 2), QTime(10, 0), Qt::UTC);
    h.axisCheck = axis;
    return h;
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
    void judgesReadTypedSamplesNotCounters();
    void reportJsonAndPdf();
    void reportVerdictFirstRowsWhole();
    void troubleshootingTableQuotesTheTexts();
};

void TestRigCheck::realFlightRateAndPhysicsTime()
{
    Observation o;
    FlightAxisHealth base;
    base.exchanges = 100;
    base.lastPhysicsTimeS = 500.0;
    base.controllerActive = true;
    base.speedMultiplier = 1;
    o.links["flightaxis"] = realFlight(base, 2500, 10.0);
    QCOMPARE(verdictOf(o, "flightaxis.exchange_rate"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "flightaxis.physics_time"), Verdict::Pass);
    // 80 exchanges a second: too coarse. Physics standing (RealFlight paused in the background).
    o.links["flightaxis"] = realFlight(base, 800, 0.0);
    QCOMPARE(verdictOf(o, "flightaxis.exchange_rate"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "flightaxis.physics_time"), Verdict::Fail);
    const QList<Item> items = evaluate(o, builtinLinks());
    QVERIFY(fixOf(*find(items, "flightaxis.physics_time"), false)
                .contains(QStringLiteral("Pause Physics When in Background")));
    QVERIFY(
        fixOf(*find(items, "flightaxis.physics_time"), false).contains(QStringLiteral("paused")));
    // 150 a second, physics at 80 % of the wall clock: warnings, not failures.
    o.links["flightaxis"] = realFlight(base, 1500, 8.0);
    QCOMPARE(verdictOf(o, "flightaxis.exchange_rate"), Verdict::Warn);
    QCOMPARE(verdictOf(o, "flightaxis.physics_time"), Verdict::Warn);
    // The link still connecting at the window's start (no physics time yet): judged from its
    // first exchange on, not as a jump from 0.
    LinkWindow late = realFlight(base, 2500, 10.0);
    FlightAxisHealth connecting = *late.typedSamples[0].get<FlightAxisHealth>();
    connecting.lastPhysicsTimeS = 0.0;
    late.typedSamples[0] = TypedSample::of(connecting);
    late.typedFirst = late.typedSamples[0];
    o.links["flightaxis"] = late;
    QCOMPARE(verdictOf(o, "flightaxis.physics_time"), Verdict::Pass);
    // RealFlight's own speed setting at 2×: twice the wall clock is right.
    FlightAxisHealth fast = base;
    fast.speedMultiplier = 2;
    o.links["flightaxis"] = realFlight(fast, 2500, 20.0);
    QCOMPARE(verdictOf(o, "flightaxis.physics_time"), Verdict::Pass);
}

void TestRigCheck::realFlightControllerAndTransmitter()
{
    Observation o;
    FlightAxisHealth h;
    h.controllerActive = false;
    h.transmitterChannels = 0;
    o.links["flightaxis"] = realFlight(h, 2500, 0.0);
    QCOMPARE(verdictOf(o, "flightaxis.controller"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "flightaxis.transmitter"), Verdict::Warn);
    h.controllerActive = true;
    h.transmitterChannels = 12;
    o.links["flightaxis"] = realFlight(h, 2500, 0.0, 2500);
    QCOMPARE(verdictOf(o, "flightaxis.controller"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "flightaxis.transmitter"), Verdict::Pass);
}

void TestRigCheck::px4LockstepAndParameters()
{
    using M = Px4HilHealth::Matching;
    Observation o;
    o.links["px4"] = lockstep(M::TimeUsec, false, 2500);
    o.links["px4gcs"] = window(
        groundStation({{"SYS_HITL", 0}, {"SYS_AUTOSTART", 10016}, {"COM_RC_IN_MODE", 1}}, 1, {}));
    QCOMPARE(verdictOf(o, "px4.lockstep_rate"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "px4.lockstep_timeouts"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "px4.sys_hitl"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "px4.sys_autostart"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "px4.com_rc_in_mode"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "px4.prearm"), Verdict::Pass);
    QVERIFY(!find(evaluate(o, builtinLinks()), "px4.params")); // read: nothing to say about it
    // 30 steps a second with 200 timeouts; SYS_HITL 1 in SITL; no airframe; pre-arm failing.
    o.links["px4"] = lockstep(M::Order, false, 300, 200);
    o.links["px4gcs"] =
        window(groundStation({{"SYS_HITL", 1}, {"SYS_AUTOSTART", 0}, {"COM_RC_IN_MODE", 0}}, 0,
                             {"No manual control input"}));
    QCOMPARE(verdictOf(o, "px4.lockstep_rate"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "px4.lockstep_timeouts"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "px4.sys_hitl"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "px4.sys_autostart"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "px4.com_rc_in_mode"), Verdict::Warn); // nobody flies by hand
    QCOMPARE(verdictOf(o, "px4.prearm"), Verdict::Warn);
    QVERIFY(find(evaluate(o, builtinLinks()), "px4.prearm")
                ->value.contains(QStringLiteral("No manual control")));
    o.links["pilot"] = window(pilotInput(true, "stick"));
    QCOMPARE(verdictOf(o, "px4.com_rc_in_mode"), Verdict::Fail); // a pilot's sticks ignored
    // In HITL SYS_HITL must be 1.
    o.links["px4"] = lockstep(M::TimeUsec, true, 2500);
    QCOMPARE(verdictOf(o, "px4.sys_hitl"), Verdict::Pass);
    // HITL over USB: no MAVLink instance there, no HIL streaming (the parameter client's
    // usb_mavlink).
    Px4GcsHealth usb =
        groundStation({{"SYS_HITL", 1}, {"SYS_AUTOSTART", 1001}, {"SYS_USB_AUTO", 0}});
    usb.params.usb = hil::ParameterClient::RigParams::UsbMavlink{0, 5000, false};
    o.links["px4gcs"] = window(usb);
    QCOMPARE(verdictOf(o, "px4.usb_rate"), Verdict::Fail);
    QVERIFY(find(evaluate(o, builtinLinks()), "px4.usb_rate")
                ->value.contains(QStringLiteral("SYS_USB_AUTO 0")));
    usb = groundStation({{"SYS_HITL", 1}, {"SYS_USB_AUTO", 2}});
    usb.params.usb = hil::ParameterClient::RigParams::UsbMavlink{800000, 5000, true};
    o.links["px4gcs"] = window(usb);
    QCOMPARE(verdictOf(o, "px4.usb_rate"), Verdict::Pass);
    // PX4 SITL sends no pre-arm bit: its reasons alone are a warning.
    o.links["px4gcs"] = window(groundStation({{"SYS_HITL", 1}}, -1, {"Preflight Fail: x"}));
    QCOMPARE(verdictOf(o, "px4.prearm"), Verdict::Warn);
    o.links["px4gcs"] = window(groundStation({{"SYS_HITL", 1}}, -1, {}));
    QVERIFY(!find(evaluate(o, builtinLinks()), "px4.prearm")); // nothing known: nothing said
    // No answer to the reads: said, as a warning.
    Px4GcsHealth unanswered = groundStation({});
    unanswered.params.missing = QStringList{"SYS_HITL"};
    o.links["px4gcs"] = window(unanswered);
    QCOMPARE(verdictOf(o, "px4.params"), Verdict::Warn);
}

void TestRigCheck::platformRepliesStatusAndAxisCheck()
{
    using Summary = hil::raven::AxisCheckStore::Status::Summary;
    Observation o;
    o.links["raven"] = platform(healthyRaven(), 2500);
    for (const char *c : {"raven.replies", "raven.status", "raven.temperatures", "raven.firmware",
                          "raven.axis_check", "raven.frame"})
        QVERIFY2(verdictOf(o, c) == Verdict::Pass, c);
    QVERIFY(find(evaluate(o, builtinLinks()), "raven.axis_check")
                ->value.contains(QStringLiteral("2026-01-02")));
    // Nobody answers: a fail, and nothing read from replies that never came.
    o.links["raven"] = platform(healthyRaven(), 0);
    QCOMPARE(verdictOf(o, "raven.replies"), Verdict::Fail);
    QVERIFY(!find(evaluate(o, builtinLinks()), "raven.status"));
    QVERIFY(fixOf(*find(evaluate(o, builtinLinks()), "raven.replies"), false)
                .contains(QStringLiteral("Public")));
    RavenHealth bad = healthyRaven();
    bad.motorsOk = {true, true, false, true, true, true};
    bad.thermal = 1; // OVERHEAT PROTECTION
    bad.firmware.clear();
    bad.cueFrame = 5;
    bad.axisCheck->summary = Summary::Failed;
    o.links["raven"] = platform(bad, 2500);
    QCOMPARE(verdictOf(o, "raven.status"), Verdict::Fail);
    QVERIFY(find(evaluate(o, builtinLinks()), "raven.status")
                ->value.contains(QStringLiteral("motor 3")));
    QCOMPARE(verdictOf(o, "raven.temperatures"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "raven.firmware"), Verdict::Warn);
    QCOMPARE(verdictOf(o, "raven.axis_check"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "raven.frame"), Verdict::Warn);
    bad.axisCheck = hil::raven::AxisCheckStore::Status{}; // never, no time
    o.links["raven"] = platform(bad, 2500);
    QCOMPARE(verdictOf(o, "raven.axis_check"), Verdict::Warn);
}

void TestRigCheck::platformFirewall()
{
    Observation o;
    o.links["raven"] = platform(healthyRaven(), 0);
    QVERIFY(!find(evaluate(o, builtinLinks()), "raven.firewall")); // not applicable here: no item
    o.firewall = {QStringLiteral("fail"), QStringLiteral("Public network; blocked by rule 'x'")};
    QCOMPARE(verdictOf(o, "raven.firewall"), Verdict::Fail);
    QCOMPARE(find(evaluate(o, builtinLinks()), "raven.firewall")->value, o.firewall.figure);
}

void TestRigCheck::transportDelayAgainstPart60()
{
    Observation o;
    o.links["raven"] = platform(healthyRaven(), 2500);
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
    o.links["raven"] = platform(healthyRaven(), 2500);
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
    using State = hil::SensorWatch::State;
    Observation o;
    RflySimHealth h;
    h.sensors = {{9, 9999, State::Streaming}};
    const auto rflySim = [](const RflySimHealth &base, double states) {
        return window<RflySimHealth>(base, [=](RflySimHealth &s, double f) {
            s.gimbalStatesReceived = grown(0, states, f);
        });
    };
    o.links["rflysim"] = rflySim(h, 500);
    QCOMPARE(verdictOf(o, "rflysim.sensors"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "rflysim.gimbal"), Verdict::Pass);
    h.sensors << RflySimHealth::Sensor{20, 9998, State::Requested};
    o.links["rflysim"] = rflySim(h, 0);
    QCOMPARE(verdictOf(o, "rflysim.sensors"), Verdict::Fail);
    QVERIFY(find(evaluate(o, builtinLinks()), "rflysim.sensors")
                ->value.contains(QStringLiteral("type 20")));
    QCOMPARE(verdictOf(o, "rflysim.gimbal"), Verdict::Warn);
}

void TestRigCheck::pilotDevice()
{
    Observation o;
    o.links["pilot"] = window(pilotInput(false));
    QCOMPARE(verdictOf(o, "pilot.device"), Verdict::Warn);
    o.links["pilot"] = window(pilotInput(false, {}, {"stick"}));
    QCOMPARE(verdictOf(o, "pilot.device"), Verdict::Fail);
    o.links["pilot"] = window(pilotInput(true, "stick"));
    o.links["raven"] = platform(healthyRaven(), 2500);
    QCOMPARE(verdictOf(o, "pilot.device"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "pilot.stop_button"), Verdict::Warn);
    RavenHealth r = healthyRaven();
    r.pilotStopMapped = true;
    o.links["raven"] = platform(r, 2500);
    QCOMPARE(verdictOf(o, "pilot.stop_button"), Verdict::Pass);
}

void TestRigCheck::thisPc()
{
    Observation o;
    o.links["px4"] = jsonWindow({{"endpoints", QJsonObject{{"sched_slice_us", 100}}}});
    o.freeBytes = qint64(50) * 1000 * 1000 * 1000;
    QCOMPARE(verdictOf(o, "pc.loop_threads"), Verdict::Pass);
    QCOMPARE(verdictOf(o, "pc.free_space"), Verdict::Pass);
    o.links["raven"] = jsonWindow({{"endpoints", QJsonObject{{"sched_slice_us", 0}}}});
    o.freeBytes = qint64(100) * 1000 * 1000;
    QCOMPARE(verdictOf(o, "pc.loop_threads"), Verdict::Warn);
    QCOMPARE(verdictOf(o, "pc.free_space"), Verdict::Fail);
    o.links.clear();
    o.links["raven"] = jsonWindow({{"endpoints", QJsonObject{{"thread_priority", 2}}}});
    QCOMPARE(verdictOf(o, "pc.loop_threads"), Verdict::Pass); // Windows' HIGHEST
}

void TestRigCheck::onlyLinksThatRanAndInTableOrder()
{
    Observation o;
    o.links["rflysim"] = window(RflySimHealth{});
    FlightAxisHealth injected;
    injected.controllerActive = true;
    o.links["flightaxis"] = realFlight(injected, 2500, 0.0);
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
    // whenever it runs, in the report's order (the links' checks before this PC's), from the
    // typed health its sampler takes (a type of its own: the rig check knows none).
    struct MadeUpHealth
    {
        quint64 frames = 0;
    };
    const auto madeUp = [](double frames) {
        return window<MadeUpHealth>(
            {}, [=](MadeUpHealth &h, double f) { h.frames = grown(0, frames, f); });
    };
    hil::LinkDescriptor d;
    d.name = QStringLiteral("madeup");
    hil::LinkDescriptor::RigChecks checks;
    checks.texts = {{"madeup.frames", "Made-up: frames arriving", "Send it frames."}};
    checks.judge = [](const hil::RigCheckInput &in, Builder &b) {
        const double r = rate(in.self->typed<MadeUpHealth>(), &MadeUpHealth::frames);
        b.add(in.name, "madeup.frames", r >= 10.0 ? Verdict::Pass : Verdict::Fail, "%1 frames/s",
              {number(r)});
    };
    d.rigChecks = checks;
    hil::LinkRegistry links;
    links.add(d);
    Observation o;
    o.freeBytes = qint64(10e9);
    o.links["madeup"] = madeUp(500);
    const QList<Item> items = evaluate(o, links);
    const Item *i = find(items, "madeup.frames");
    QVERIFY(i);
    QCOMPARE(i->link, QStringLiteral("madeup"));
    QCOMPARE(i->verdict, Verdict::Pass);
    QCOMPARE(i->value, QStringLiteral("50 frames/s"));
    QCOMPARE(items.size(), 2);
    QCOMPARE(items.last().check, QStringLiteral("pc.free_space"));
    o.links["madeup"] = madeUp(50);
    QCOMPARE(find(evaluate(o, links), "madeup.frames")->verdict, Verdict::Fail);
    o.links.remove("madeup"); // did not run: no item
    QVERIFY(!find(evaluate(o, links), "madeup.frames"));
}

// The judges decide from the typed samples alone: session.json's counters beside them, saying
// otherwise, change nothing; a window without typed samples (a link without a sampler, or no
// sample at all) is judged as a link that reported nothing, and nothing crashes.
void TestRigCheck::judgesReadTypedSamplesNotCounters()
{
    Observation o;
    FlightAxisHealth healthy;
    healthy.controllerActive = true;
    healthy.transmitterChannels = 12;
    LinkWindow w = realFlight(healthy, 2500, 10.0, 2500);
    const QJsonObject stale{{"exchanges", 0},
                            {"last_physics_time_s", 0.0},
                            {"controller_active", false},
                            {"transmitter_channels", 0}};
    for (QJsonObject &sample : w.samples)
        sample = stale;
    w.first = w.last = stale;
    o.links["flightaxis"] = w;
    for (const char *c : {"flightaxis.exchange_rate", "flightaxis.physics_time",
                          "flightaxis.controller", "flightaxis.transmitter"})
        QVERIFY2(verdictOf(o, c) == Verdict::Pass, c);
    QCOMPARE(find(evaluate(o, builtinLinks()), "flightaxis.exchange_rate")->value,
             QStringLiteral("250 Hz (per second 250-250 Hz)"));

    // Healthy counters and no typed sample: judged on nothing, as a link that reported nothing.
    LinkWindow countersOnly = jsonWindow({{"exchanges", 2500},
                                          {"last_physics_time_s", 10.0},
                                          {"controller_active", true},
                                          {"transmitter_channels", 12}});
    o.links["flightaxis"] = countersOnly;
    QCOMPARE(verdictOf(o, "flightaxis.exchange_rate"), Verdict::Fail);
    QCOMPARE(verdictOf(o, "flightaxis.controller"), Verdict::Fail);
    // Every link's judge on windows without a single sample, and on samples of another type.
    Observation empty;
    Observation wrong;
    for (const hil::LinkDescriptor &d : builtinLinks().all()) {
        empty.links[d.name] = LinkWindow{};
        wrong.links[d.name] = window(QStringLiteral("not a health type"));
    }
    for (const Observation *e : {&empty, &wrong}) {
        const QList<Item> items = evaluate(*e, builtinLinks());
        QCOMPARE(find(items, "raven.replies")->verdict, Verdict::Fail);
        QCOMPARE(find(items, "px4.lockstep_rate")->verdict, Verdict::Fail);
        QCOMPARE(find(items, "px4.params")->verdict, Verdict::Warn);
        QCOMPARE(find(items, "pilot.device")->verdict, Verdict::Warn);
        QCOMPARE(find(items, "rflysim.gimbal")->verdict, Verdict::Warn);
        QVERIFY(!find(items, "raven.status")); // nothing read from replies that never came
    }
}

void TestRigCheck::reportJsonAndPdf()
{
    Observation o;
    o.motionRequested = true;
    o.links["raven"] = platform(healthyRaven(), 2500);
    o.transportDelay = done({40.0, 41.5}, 48.0);
    FlightAxisHealth coarse;
    coarse.controllerActive = true;
    o.links["flightaxis"] = realFlight(coarse, 800, 0.0);
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

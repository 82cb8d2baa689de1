// The ground station link's parameter client alone, on a stand-in link with a clock the test
// moves: what goes to PX4, the retries and time-outs, a write PX4 did not take, and the rig
// check's counters.
#include "mavlink/parameterclient.h"

#include <QJsonArray>
#include <QtTest>
#include <variant>
#include <vector>

using namespace hil;
using namespace hil::mavlink;

namespace {
struct FakeLink : ParameterClient::Link
{
    qint64 now = 0;
    std::uint8_t target = 1;
    std::vector<std::variant<ParamRequestRead, ParamSet>> sent;
    QStringList eventIds;
    QList<QStringList> eventArgs;
    QList<QPair<QString, int>> done; // name, state

    qint64 elapsedMs() const override { return now; }
    std::uint8_t targetSystem() const override { return target; }
    void sendToPx4(const ParamRequestRead &m) override { sent.push_back(m); }
    void sendToPx4(const ParamSet &m) override { sent.push_back(m); }
    void raise(const QString &id, Severity, const QString &, const QStringList &args) override
    {
        eventIds << id;
        eventArgs << args;
    }
    void paramDone(const QString &name, int state, double, int, const QString &) override
    {
        done.append({name, state});
    }
};

ParamValue answer(const QString &name, double value, std::uint8_t type)
{
    ParamValue v;
    v.paramId = toParamId(name);
    v.paramType = type;
    v.paramValue = encodeParamValue(value, type);
    return v;
}
} // namespace

class TestParameterClient : public QObject
{
    Q_OBJECT
private slots:
    void readIsResentThenTimesOut();
    void readAnswered();
    void writePx4DidNotTakeIsRejected();
    void badNamesAreNotSent();
    void rigCountersNameTheMissingOnceNoneIsPending();
};

void TestParameterClient::readIsResentThenTimesOut()
{
    FakeLink link;
    link.target = 7;
    ParameterClient client(link, 1000, 3, false);
    client.request(QStringLiteral("SYS_HITL"));
    QCOMPARE(link.sent.size(), std::size_t(1));
    const auto &read = std::get<ParamRequestRead>(link.sent[0]);
    QCOMPARE(fromParamId(read.paramId), QStringLiteral("SYS_HITL"));
    QCOMPARE(read.paramIndex, std::int16_t(-1));
    QCOMPARE(read.targetSystem, std::uint8_t(7));
    QCOMPARE(client.param(QStringLiteral("SYS_HITL")).state, Px4Param::State::Pending);

    link.now = 999;
    client.tick();
    QCOMPARE(link.sent.size(), std::size_t(1)); // not yet
    link.now = 1000;
    client.tick();
    link.now = 2000;
    client.tick();
    QCOMPARE(link.sent.size(), std::size_t(3)); // three attempts in all
    QVERIFY(link.done.isEmpty());
    link.now = 3000;
    client.tick();
    QCOMPARE(link.sent.size(), std::size_t(3));
    QCOMPARE(link.eventIds, QStringList{QStringLiteral("px4gcs.param_timed_out")});
    QCOMPARE(link.eventArgs.first(),
             (QStringList{QStringLiteral("SYS_HITL"), QStringLiteral("3")}));
    const Px4Param p = client.param(QStringLiteral("SYS_HITL"));
    QCOMPARE(p.state, Px4Param::State::TimedOut);
    QCOMPARE(p.text, QStringLiteral("timed out (no answer after 3 attempts)"));
    QCOMPARE(link.done.size(), 1);
    QCOMPARE(link.done.first().second, int(Px4Param::State::TimedOut));
}

void TestParameterClient::readAnswered()
{
    FakeLink link;
    ParameterClient client(link, 1000, 3, false);
    client.request(QStringLiteral("SYS_AUTOSTART"));
    const ParameterClient::Value v =
        client.received(answer(QStringLiteral("SYS_AUTOSTART"), 10015, kParamInt32));
    QCOMPARE(v.name, QStringLiteral("SYS_AUTOSTART"));
    QCOMPARE(v.value, 10015.0);
    const Px4Param p = client.param(QStringLiteral("SYS_AUTOSTART"));
    QCOMPARE(p.state, Px4Param::State::Received);
    QCOMPARE(p.value, 10015.0);
    QCOMPARE(p.type, int(kParamInt32));
    QCOMPARE(link.eventIds, QStringList{QStringLiteral("px4gcs.param_received")});
    link.now = 5000;
    client.tick();
    QCOMPARE(link.sent.size(), std::size_t(1)); // answered: never resent
}

void TestParameterClient::writePx4DidNotTakeIsRejected()
{
    FakeLink link;
    ParameterClient client(link, 1000, 3, false);
    client.set(QStringLiteral("COM_RC_IN_MODE"), 1, kParamInt32);
    QCOMPARE(link.sent.size(), std::size_t(1));
    const auto &set = std::get<ParamSet>(link.sent[0]);
    QCOMPARE(fromParamId(set.paramId), QStringLiteral("COM_RC_IN_MODE"));
    QCOMPARE(set.paramType, std::uint8_t(kParamInt32));
    QCOMPARE(decodeParamValue(set.paramValue, kParamInt32), 1.0);
    client.received(answer(QStringLiteral("COM_RC_IN_MODE"), 0, kParamInt32));
    const Px4Param p = client.param(QStringLiteral("COM_RC_IN_MODE"));
    QCOMPARE(p.state, Px4Param::State::Rejected);
    QCOMPARE(p.value, 0.0);
    QCOMPARE(p.text, QStringLiteral("PX4 kept 0 (asked 1)"));
    QCOMPARE(link.eventIds, QStringList{QStringLiteral("px4gcs.param_rejected")});
    QCOMPARE(link.eventArgs.first(),
             (QStringList{QStringLiteral("kept"), QStringLiteral("COM_RC_IN_MODE"),
                          QStringLiteral("0"), QStringLiteral("1")}));
    QJsonObject c;
    client.addCounters(c);
    QCOMPARE(c.value(QLatin1String("params_requested")).toInt(), 1);
    QCOMPARE(c.value(QLatin1String("params_rejected")).toInt(), 1);
}

void TestParameterClient::badNamesAreNotSent()
{
    FakeLink link;
    ParameterClient client(link, 1000, 3, false);
    client.request(QStringLiteral("A_NAME_OF_17_CHRS"));
    client.set(QStringLiteral("SYS_HITL"), std::nan(""), kParamInt32);
    QVERIFY(link.sent.empty());
    QCOMPARE(link.eventIds, (QStringList{QStringLiteral("px4gcs.param_rejected"),
                                         QStringLiteral("px4gcs.param_rejected")}));
    QCOMPARE(link.eventArgs[0].first(), QStringLiteral("bad_name"));
    QCOMPARE(link.eventArgs[1].first(), QStringLiteral("not_sent"));
}

void TestParameterClient::rigCountersNameTheMissingOnceNoneIsPending()
{
    FakeLink link;
    ParameterClient client(link, 1000, 1, true); // PX4's serial link: SYS_USB_AUTO too
    QJsonObject before;
    client.addCounters(before);
    QVERIFY(!before.contains(QLatin1String("params"))); // no rig read yet
    client.requestRig();
    QCOMPARE(link.sent.size(), std::size_t(4));
    client.received(answer(QStringLiteral("SYS_HITL"), 1, kParamInt32));
    client.received(answer(QStringLiteral("SYS_USB_AUTO"), 2, kParamInt32));
    QJsonObject c;
    client.addCounters(c);
    QCOMPARE(c.value(QLatin1String("params")).toObject(),
             (QJsonObject{{"SYS_HITL", 1.0}, {"SYS_USB_AUTO", 2.0}}));
    QVERIFY(!c.contains(QLatin1String("params_missing"))); // two still pending
    QCOMPARE(c.value(QLatin1String("usb_mavlink")).toObject(),
             (QJsonObject{{"rate_bps", ParameterClient::kUsbMavlinkRateBps},
                          {"hil_min_rate_bps", ParameterClient::kHilMinRateBps},
                          {"ok", true}}));
    link.now = 1000;
    client.tick(); // one attempt in all: the other two time out
    c = QJsonObject();
    client.addCounters(c);
    QCOMPARE(c.value(QLatin1String("params_missing")).toArray(),
             (QJsonArray{QStringLiteral("SYS_AUTOSTART"), QStringLiteral("COM_RC_IN_MODE")}));
    QCOMPARE(c.value(QLatin1String("params_timed_out")).toInt(), 2);

    // A new read forgets the old answers until PX4 gives them again.
    client.requestRig();
    c = QJsonObject();
    client.addCounters(c);
    QCOMPARE(c.value(QLatin1String("params")).toObject(), QJsonObject());
    QVERIFY(c.value(QLatin1String("usb_mavlink")).toObject().value(QLatin1String("ok")).isNull());
}

QTEST_GUILESS_MAIN(TestParameterClient)
#include "tst_parameterclient.moc"

// The firewall verdict (platform::decideFirewall) from canned facts: Wine has no firewall, so the
// rules are proven here on every system, and the COM reading only on a real Windows
// (docs/windows-build.md). Also what firewallForUdpPort() answers on the system the test runs on.
#include "platform/platform.h"

#include <QSysInfo>
#include <QtTest>

using namespace hil;
using platform::FirewallFacts;
using platform::FirewallRule;
using platform::FirewallVerdict;
using S = platform::FirewallVerdict::Status;

namespace {

const QString kGui = QStringLiteral("C:\\Program Files\\HIL Station\\bin\\hilstation.exe");
const QString kConsole =
    QStringLiteral("C:\\Program Files\\HIL Station\\bin\\hilstation-console.exe");

// The rig: the platform at 10.0.0.2 replies to UDP 9201 on an isolated network, which Windows
// classes as Public; the firewall is on for every profile.
FirewallFacts rig()
{
    FirewallFacts f;
    f.interfaceProfile = platform::kProfilePublic;
    f.interfaceName = QStringLiteral("Ethernet 2");
    f.enabledProfiles = platform::kProfileAll;
    f.programs = {kGui, kConsole};
    f.port = 9201;
    f.protocol = 17;
    f.peer = QHostAddress(QStringLiteral("10.0.0.2"));
    return f;
}

FirewallRule rule(const QString &name, FirewallRule::Action action, int profiles,
                  const QString &program, const QString &ports = QStringLiteral("9201"),
                  int protocol = 17)
{
    FirewallRule r;
    r.name = name;
    r.action = action;
    r.profiles = profiles;
    r.applicationPath = program;
    r.localPorts = ports;
    r.protocol = protocol;
    r.remoteAddresses = QStringLiteral("LocalSubnet");
    return r;
}

// What the installer adds: allow, every profile, local subnet, for both programs.
QList<FirewallRule> installerRules()
{
    return {rule(QStringLiteral("HIL Station UDP in (hilstation.exe)"), FirewallRule::Action::Allow,
                 0x7fffffff, kGui, QStringLiteral("9201,20006,9999-10008")),
            rule(QStringLiteral("HIL Station UDP in (hilstation-console.exe)"),
                 FirewallRule::Action::Allow, 0x7fffffff, kConsole,
                 QStringLiteral("9201,20006,9999-10008"))};
}

} // namespace

class TestFirewall : public QObject
{
    Q_OBJECT
private slots:
    void noRuleOnPublicFails()
    {
        const FirewallVerdict v = platform::decideFirewall(rig());
        QCOMPARE(v.status, S::Fail);
        QCOMPARE(v.id, QStringLiteral("firewall.no_rule"));
        QVERIFY2(v.figure.startsWith(QLatin1String("Public network; no rule allows UDP port 9201")),
                 qPrintable(v.figure));
        QVERIFY2(v.fix.contains(QLatin1String("reinstall")), qPrintable(v.fix));
        QCOMPARE(v.args.size(), 6);
        QCOMPARE(v.args.at(0), QStringLiteral("Public"));
        QCOMPARE(v.args.at(1), QStringLiteral("9201"));
        QCOMPARE(v.args.at(2), QStringLiteral("UDP"));
    }

    void allowForPrivateOnlyFailsOnPublic()
    {
        // What the first-start prompt leaves when the operator ticks "Private networks" only.
        FirewallFacts f = rig();
        for (const QString &exe : {kGui, kConsole}) {
            FirewallRule r = rule(QStringLiteral("hilstation.exe"), FirewallRule::Action::Allow,
                                  platform::kProfilePrivate, exe, QString(), 256);
            r.remoteAddresses = QStringLiteral("*");
            f.rules << r;
        }
        const FirewallVerdict v = platform::decideFirewall(f);
        QCOMPARE(v.status, S::Fail);
        QCOMPARE(v.id, QStringLiteral("firewall.wrong_profile"));
        QCOMPARE(v.args.at(3), QStringLiteral("hilstation.exe"));
        QCOMPARE(v.args.at(4), QStringLiteral("Private"));
        QVERIFY2(v.figure.contains(QLatin1String("covers Private networks only, not Public")),
                 qPrintable(v.figure));
    }

    void blockRuleBeatsAllowRule()
    {
        // A Cancel at the first-start prompt: block rules for the program on Public, beside the
        // installer's allow rules.
        FirewallFacts f = rig();
        f.rules = installerRules();
        FirewallRule block = rule(QStringLiteral("hilstation.exe"), FirewallRule::Action::Block,
                                  platform::kProfilePublic, kGui, QString(), 17);
        block.remoteAddresses = QStringLiteral("*");
        f.rules << block;
        const FirewallVerdict v = platform::decideFirewall(f);
        QCOMPARE(v.status, S::Fail);
        QCOMPARE(v.id, QStringLiteral("firewall.blocked"));
        QCOMPARE(v.figure,
                 QStringLiteral("Public network; UDP port 9201 for hilstation.exe is blocked by "
                                "rule 'hilstation.exe' (block, Public)"));
        QVERIFY2(v.fix.startsWith(QLatin1String("Remove the block rule 'hilstation.exe'")),
                 qPrintable(v.fix));
    }

    void allowOnEveryProfileForBothProgramsPasses()
    {
        FirewallFacts f = rig();
        f.rules = installerRules();
        for (quint16 port : {quint16(9201), quint16(20006), quint16(9999), quint16(10008)}) {
            f.port = port;
            const FirewallVerdict v = platform::decideFirewall(f);
            QCOMPARE(v.status, S::Pass);
            QCOMPARE(v.id, QStringLiteral("firewall.allowed"));
            QVERIFY(v.fix.isEmpty());
        }
        f.port = 10009; // beyond the range
        QCOMPARE(platform::decideFirewall(f).id, QStringLiteral("firewall.no_rule"));
    }

    void aRuleForOneProgramOnlyFailsForTheOther()
    {
        FirewallFacts f = rig();
        f.rules = {installerRules().at(0)}; // hilstation.exe only
        const FirewallVerdict v = platform::decideFirewall(f);
        QCOMPARE(v.status, S::Fail);
        QCOMPARE(v.args.at(5), QStringLiteral("hilstation-console.exe"));
    }

    void firewallOffPasses()
    {
        // Decision: the check asks whether the replies arrive, and they do; the figure says the
        // firewall is off, and there is nothing to fix.
        FirewallFacts f = rig();
        f.enabledProfiles = platform::kProfileDomain | platform::kProfilePrivate;
        const FirewallVerdict v = platform::decideFirewall(f);
        QCOMPARE(v.status, S::Pass);
        QCOMPARE(v.id, QStringLiteral("firewall.off"));
        QVERIFY(v.fix.isEmpty());
    }

    void blockAllIncomingFailsDespiteAllowRules()
    {
        FirewallFacts f = rig();
        f.rules = installerRules();
        f.blockAllInbound = platform::kProfilePublic;
        const FirewallVerdict v = platform::decideFirewall(f);
        QCOMPARE(v.status, S::Fail);
        QCOMPARE(v.id, QStringLiteral("firewall.block_all"));
    }

    void defaultInboundAllowPasses()
    {
        FirewallFacts f = rig();
        f.defaultInboundAllow = platform::kProfilePublic;
        QCOMPARE(platform::decideFirewall(f).id, QStringLiteral("firewall.default_allow"));
    }

    void rulesThatDoNotApplyAreIgnored()
    {
        FirewallFacts f = rig();
        f.rules = installerRules();
        FirewallRule disabled =
            rule(QStringLiteral("off"), FirewallRule::Action::Block, platform::kProfileAll, kGui);
        disabled.enabled = false;
        FirewallRule outbound =
            rule(QStringLiteral("out"), FirewallRule::Action::Block, platform::kProfileAll, kGui);
        outbound.direction = FirewallRule::Direction::Out;
        FirewallRule tcp = rule(QStringLiteral("tcp"), FirewallRule::Action::Block,
                                platform::kProfileAll, kGui, QStringLiteral("9201"), 6);
        FirewallRule otherPort = rule(QStringLiteral("port"), FirewallRule::Action::Block,
                                      platform::kProfileAll, kGui, QStringLiteral("9200"));
        FirewallRule otherProgram = rule(QStringLiteral("prog"), FirewallRule::Action::Block,
                                         platform::kProfileAll, QStringLiteral("C:\\other.exe"));
        FirewallRule private_ = rule(QStringLiteral("private"), FirewallRule::Action::Block,
                                     platform::kProfilePrivate, kGui);
        f.rules << disabled << outbound << tcp << otherPort << otherProgram << private_;
        const FirewallVerdict v = platform::decideFirewall(f);
        QVERIFY2(v.status == S::Pass, qPrintable(v.figure));
    }

    void programPathsCompareAsWindowsDoes()
    {
        FirewallFacts f = rig();
        f.rules = installerRules();
        f.rules[0].applicationPath =
            QStringLiteral("c:/program files/hil station/BIN/HilStation.EXE");
        QCOMPARE(platform::decideFirewall(f).status, S::Pass);
    }

    void aBlockRuleForEveryProgramBlocksOurs()
    {
        FirewallFacts f = rig();
        f.rules = installerRules();
        FirewallRule any = rule(QStringLiteral("Block 9201"), FirewallRule::Action::Block,
                                platform::kProfilePublic, QString());
        f.rules << any;
        const FirewallVerdict v = platform::decideFirewall(f);
        QCOMPARE(v.id, QStringLiteral("firewall.blocked"));
        QCOMPARE(v.args.at(3), QStringLiteral("Block 9201"));
    }

    void localSubnetRuleAndAPeerBeyondIt()
    {
        FirewallFacts f = rig();
        f.rules = installerRules();
        f.peerOnLocalSubnet = false;
        const FirewallVerdict v = platform::decideFirewall(f);
        QCOMPARE(v.status, S::Fail);
        QCOMPARE(v.id, QStringLiteral("firewall.wrong_remote"));
    }

    void remoteAddressForms()
    {
        FirewallFacts f = rig();
        f.rules = installerRules();
        for (FirewallRule &r : f.rules)
            r.remoteAddresses = QStringLiteral("192.168.1.5,10.0.0.0/255.255.255.0");
        QCOMPARE(platform::decideFirewall(f).status, S::Pass);
        for (FirewallRule &r : f.rules)
            r.remoteAddresses = QStringLiteral("10.0.0.1-10.0.0.9");
        QCOMPARE(platform::decideFirewall(f).status, S::Pass);
        for (FirewallRule &r : f.rules)
            r.remoteAddresses = QStringLiteral("10.0.1.0/24");
        QCOMPARE(platform::decideFirewall(f).id, QStringLiteral("firewall.wrong_remote"));
        // A keyword the check cannot resolve: not counted as allowing...
        for (FirewallRule &r : f.rules)
            r.remoteAddresses = QStringLiteral("Intranet");
        QCOMPARE(platform::decideFirewall(f).status, S::Fail);
        // ...but counted as blocking.
        f.rules = installerRules();
        FirewallRule block =
            rule(QStringLiteral("dns"), FirewallRule::Action::Block, platform::kProfileAll, kGui);
        block.remoteAddresses = QStringLiteral("DNS");
        f.rules << block;
        QCOMPARE(platform::decideFirewall(f).id, QStringLiteral("firewall.blocked"));
    }

    void unknownProfileWarns()
    {
        FirewallFacts f = rig();
        f.interfaceProfile = 0;
        f.rules = {rule(QStringLiteral("private only"), FirewallRule::Action::Allow,
                        platform::kProfilePrivate, QString())};
        const FirewallVerdict v = platform::decideFirewall(f);
        QCOMPARE(v.status, S::Warn);
        QCOMPARE(v.id, QStringLiteral("firewall.profile_unknown"));
        f.rules = installerRules();
        QCOMPARE(platform::decideFirewall(f).status, S::Pass);
    }

    void unreadableWarns()
    {
        FirewallFacts f = rig();
        f.readError = QStringLiteral("CoCreateInstance(NetFwPolicy2): 0x80040154");
        const FirewallVerdict v = platform::decideFirewall(f);
        QCOMPARE(v.status, S::Warn);
        QCOMPARE(v.id, QStringLiteral("firewall.unreadable"));
        QVERIFY(v.figure.contains(QLatin1String("0x80040154")));
        QVERIFY2(v.fix.contains(QLatin1String("hilstation.exe, hilstation-console.exe")),
                 qPrintable(v.fix));
    }

    void aRuleNameIsNotSubstitutedInto()
    {
        FirewallFacts f = rig();
        FirewallRule block = rule(QStringLiteral("block %1 %6"), FirewallRule::Action::Block,
                                  platform::kProfileAll, kGui);
        f.rules << block;
        const FirewallVerdict v = platform::decideFirewall(f);
        QVERIFY2(v.figure.contains(QLatin1String("rule 'block %1 %6' (block, any)")),
                 qPrintable(v.figure));
    }

    void loopbackPasses()
    {
        // Stand-ins and programs on this PC: Windows' firewall never filters loopback.
        FirewallFacts f = rig();
        f.peer = QHostAddress(QStringLiteral("127.0.0.1"));
        const FirewallVerdict v = platform::decideFirewall(f);
        QCOMPARE(v.status, S::Pass);
        QCOMPARE(v.id, QStringLiteral("firewall.loopback"));
    }

    void notApplicableInWords()
    {
        FirewallFacts f;
        f.applicable = false;
        const FirewallVerdict v = platform::decideFirewall(f);
        QCOMPARE(v.status, S::NotApplicable);
        QCOMPARE(v.id, QStringLiteral("firewall.not_applicable"));
        QVERIFY(v.figure.startsWith(QLatin1String("Not applicable")));
    }

    void theSystemsOwnAnswer()
    {
        // Linux: not applicable. Windows (also Wine): an answer, whatever its status; Wine's
        // firewall objects are stubs (get_FirewallEnabled: E_NOTIMPL), so what it says there
        // proves only that reading returns. A LAN address, not loopback (which passes unread).
        const auto r = platform::firewallForUdpPort(9201, QHostAddress(QStringLiteral("10.0.0.2")));
        if (QSysInfo::productType() == QLatin1String("windows")) {
            QVERIFY(r.verdict.status != S::NotApplicable);
            QVERIFY(!r.verdict.figure.isEmpty());
            QCOMPARE(r.facts.programs.size(), 2);
        } else {
            QCOMPARE(r.verdict.status, S::NotApplicable);
            QVERIFY(r.verdict.figure.contains(QLatin1String("no Windows firewall")));
        }
    }
};

QTEST_GUILESS_MAIN(TestFirewall)
#include "tst_firewall.moc"

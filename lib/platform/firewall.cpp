// The firewall verdict (platform.h, "firewall"): pure and the same on every system, so that the
// rules below are tested with canned facts; the facts come from firewall_windows.cpp on Windows.
//
// Windows Defender Firewall's order, for an inbound datagram on a profile whose firewall is on:
// "block all incoming connections" drops it; else an enabled block rule that matches drops it,
// whatever allow rules say; else an enabled allow rule that matches lets it in; else the
// profile's default inbound action decides (block, unless an administrator changed it).
// Authenticated-bypass rules (IPsec) are not considered: the rig's network has none.
#include "platform/platform.h"

#include <QDir>

#include <utility>

namespace hil::platform {

namespace {

constexpr int kProtocolAny = 256; // NET_FW_IP_PROTOCOL_ANY

bool isAny(const QString &spec)
{
    const QString t = spec.trimmed();
    return t.isEmpty() || t == QLatin1String("*") ||
           t.compare(QLatin1String("Any"), Qt::CaseInsensitive) == 0;
}

// LocalPorts: "9201", "9201,20006", "9999-10008"; keywords (RPC, IPHTTPS, Teredo, ...) name
// ports of system services, never ours.
bool portMatches(const QString &spec, quint16 port)
{
    if (isAny(spec))
        return true;
    for (const QString &raw : spec.split(QLatin1Char(','))) {
        const QString part = raw.trimmed();
        const int dash = part.indexOf(QLatin1Char('-'));
        bool ok1 = false;
        bool ok2 = false;
        if (dash > 0) {
            const uint lo = part.left(dash).trimmed().toUInt(&ok1);
            const uint hi = part.mid(dash + 1).trimmed().toUInt(&ok2);
            if (ok1 && ok2 && port >= lo && port <= hi)
                return true;
        } else if (part.toUInt(&ok1) == port && ok1) {
            return true;
        }
    }
    return false;
}

bool protocolMatches(int ruleProtocol, int protocol)
{
    return ruleProtocol == kProtocolAny || ruleProtocol == protocol;
}

// Windows paths compare without regard to case or slash direction. Replaced by hand: on Linux
// (the tests) QDir's native separator is '/', and it leaves backslashes alone.
QString normalPath(QString path)
{
    path.replace(QLatin1Char('\\'), QLatin1Char('/'));
    return QDir::cleanPath(path.trimmed()).toLower();
}

QString fileNameOf(QString path)
{
    path.replace(QLatin1Char('\\'), QLatin1Char('/'));
    return path.mid(path.lastIndexOf(QLatin1Char('/')) + 1);
}

bool programMatches(const QString &rulePath, const QString &program)
{
    if (isAny(rulePath))
        return true; // a rule without a program applies to every program
    return normalPath(rulePath) == normalPath(program);
}

// RemoteAddresses: "*", "LocalSubnet", addresses, "a.b.c.d/nn", "a.b.c.d/m.m.m.m", "a-b", and
// keywords Windows resolves itself (DNS, DHCP, DefaultGateway, Internet, Intranet, ...). A
// keyword we cannot resolve counts as matching for a block rule and as not matching for an allow
// rule: the verdict then errs towards "blocked", which the operator can check, never towards a
// pass that is not true.
bool remoteMatches(const QString &spec, const FirewallFacts &f, bool forBlock)
{
    if (isAny(spec))
        return true;
    QHostAddress peer = f.peer;
    bool isV4 = false;
    const quint32 peer4 = peer.toIPv4Address(&isV4);
    if (isV4)
        peer = QHostAddress(peer4);
    for (const QString &raw : spec.split(QLatin1Char(','))) {
        const QString part = raw.trimmed();
        if (part.compare(QLatin1String("LocalSubnet"), Qt::CaseInsensitive) == 0) {
            if (f.peerOnLocalSubnet)
                return true;
            continue;
        }
        if (part.contains(QLatin1Char('/'))) {
            const auto subnet = QHostAddress::parseSubnet(part);
            if (subnet.first.isNull())
                return forBlock;
            if (peer.isInSubnet(subnet))
                return true;
            continue;
        }
        const int dash = part.indexOf(QLatin1Char('-'));
        if (dash > 0) {
            const QHostAddress lo(part.left(dash).trimmed());
            const QHostAddress hi(part.mid(dash + 1).trimmed());
            if (lo.isNull() || hi.isNull())
                return forBlock;
            bool v4lo = false;
            bool v4hi = false;
            const quint32 a = lo.toIPv4Address(&v4lo);
            const quint32 b = hi.toIPv4Address(&v4hi);
            if (isV4 && v4lo && v4hi && peer4 >= a && peer4 <= b)
                return true;
            continue;
        }
        const QHostAddress one(part);
        if (one.isNull())
            return forBlock; // a keyword
        if (one.isEqual(peer, QHostAddress::ConvertV4MappedToIPv4))
            return true;
    }
    return false;
}

QString protocolText(int protocol)
{
    switch (protocol) {
    case 6:
        return QStringLiteral("TCP");
    case 17:
        return QStringLiteral("UDP");
    case kProtocolAny:
        return QStringLiteral("any protocol");
    default:
        return QString::number(protocol);
    }
}

enum Rank { kPass = 0, kWarn = 1, kFail = 2 };

struct Outcome
{
    Rank rank = kPass;
    FirewallVerdict::Status status = FirewallVerdict::Status::Pass;
    QString id;
    QString figure; // templates with %1..%6 (FirewallVerdict's order)
    QString fix;
    QStringList args;
};

Outcome make(FirewallVerdict::Status status, const char *id, const char *figure, const char *fix,
             QStringList args)
{
    Outcome o;
    o.status = status;
    o.rank = status == FirewallVerdict::Status::Fail   ? kFail
             : status == FirewallVerdict::Status::Warn ? kWarn
                                                       : kPass;
    o.id = QLatin1String(id);
    o.figure = QLatin1String(figure);
    o.fix = QLatin1String(fix);
    o.args = std::move(args);
    return o;
}

// %1..%9 replaced in one pass: QString::arg's multi-argument form would give the 4th argument
// to %6 in a text without %4 and %5, and its chained form would substitute into a rule's name
// that holds "%1".
QString filled(const QString &text, const QStringList &a)
{
    QString out;
    out.reserve(text.size() + 64);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('%') && i + 1 < text.size() && text.at(i + 1) >= QLatin1Char('1') &&
            text.at(i + 1) <= QLatin1Char('9')) {
            const int n = text.at(i + 1).unicode() - '1';
            if (n < a.size()) {
                out += a.at(n);
                ++i;
                continue;
            }
        }
        out += c;
    }
    return out;
}

constexpr const char *kReinstall =
    "reinstall HIL Station: its installer removes the program's own rules and adds allow rules "
    "for all profiles, scoped to the local subnet";

// The verdict for one profile (one bit) and one program.
Outcome decideOne(const FirewallFacts &f, int profile, const QString &program)
{
    using S = FirewallVerdict::Status;
    const QString exe = fileNameOf(program);
    QStringList args{firewallProfileText(profile),
                     QString::number(f.port),
                     protocolText(f.protocol),
                     QString(),
                     QString(),
                     exe};
    const auto withRule = [&args](const FirewallRule &r) {
        args[3] = r.name;
        args[4] = firewallProfileText(r.profiles);
        return args;
    };
    if (!(f.enabledProfiles & profile))
        return make(S::Pass, "firewall.off",
                    "%1 network; the firewall is off for the %1 profile: nothing blocks %3 port %2",
                    "", args);
    if (f.blockAllInbound & profile)
        return make(S::Fail, "firewall.block_all",
                    "%1 network; the %1 profile blocks all incoming connections, allowed "
                    "programs included: %3 port %2 is blocked",
                    "Windows Security, Firewall & network protection, %1 network: clear \"Blocks "
                    "all incoming connections, including those in the list of allowed apps\"",
                    args);

    const auto matches = [&](const FirewallRule &r, FirewallRule::Action action, bool useProfile,
                             bool useRemote) {
        return r.enabled && r.direction == FirewallRule::Direction::In && r.action == action &&
               (!useProfile || (r.profiles & profile)) && protocolMatches(r.protocol, f.protocol) &&
               portMatches(r.localPorts, f.port) && programMatches(r.applicationPath, program) &&
               (!useRemote ||
                remoteMatches(r.remoteAddresses, f, action == FirewallRule::Action::Block));
    };
    for (const FirewallRule &r : f.rules)
        if (matches(r, FirewallRule::Action::Block, true, true))
            return make(S::Fail, "firewall.blocked",
                        "%1 network; %3 port %2 for %6 is blocked by rule '%4' (block, %5)",
                        "Remove the block rule '%4' (Windows Defender Firewall with Advanced "
                        "Security, Inbound Rules; it wins over every allow rule); or %7",
                        withRule(r));
    for (const FirewallRule &r : f.rules)
        if (matches(r, FirewallRule::Action::Allow, true, true))
            return make(S::Pass, "firewall.allowed",
                        "%1 network; %3 port %2 for %6 is allowed by rule '%4' (allow, %5)", "",
                        withRule(r));
    if (f.defaultInboundAllow & profile)
        return make(S::Pass, "firewall.default_allow",
                    "%1 network; the %1 profile lets incoming connections in by default: nothing "
                    "blocks %3 port %2",
                    "", args);
    for (const FirewallRule &r : f.rules)
        if (matches(r, FirewallRule::Action::Allow, false, true))
            return make(S::Fail, "firewall.wrong_profile",
                        "%1 network; the allow rule '%4' for %6 covers %5 networks only, not %1: "
                        "%3 port %2 is blocked",
                        "Allow %6 on %1 networks too (Windows Defender Firewall, Allow an app "
                        "through the firewall: tick %1); or %7",
                        withRule(r));
    for (const FirewallRule &r : f.rules)
        if (matches(r, FirewallRule::Action::Allow, true, false))
            return make(S::Fail, "firewall.wrong_remote",
                        "%1 network; the allow rule '%4' for %6 does not cover the sender's "
                        "address: %3 port %2 is blocked",
                        "Add the sender's address to the rule '%4' (its Scope tab, remote IP "
                        "addresses); or %7",
                        withRule(r));
    return make(S::Fail, "firewall.no_rule",
                "%1 network; no rule allows %3 port %2 for %6: the firewall blocks it",
                "Allow %6 on %1 networks (Windows Defender Firewall, Allow an app through the "
                "firewall: tick %1); or %7",
                args);
}

FirewallVerdict verdictOf(const Outcome &o)
{
    FirewallVerdict v;
    v.status = o.status;
    v.id = o.id;
    v.args = o.args;
    v.figure = filled(o.figure, o.args);
    QString fix = o.fix;
    fix.replace(QLatin1String("%7"), QLatin1String(kReinstall));
    v.fix = filled(fix, o.args);
    return v;
}

} // namespace

QString firewallProfileText(int profiles)
{
    if ((profiles & kProfileAll) == kProfileAll)
        return QStringLiteral("any");
    QStringList words;
    if (profiles & kProfileDomain)
        words << QStringLiteral("Domain");
    if (profiles & kProfilePrivate)
        words << QStringLiteral("Private");
    if (profiles & kProfilePublic)
        words << QStringLiteral("Public");
    return words.isEmpty() ? QStringLiteral("none") : words.join(QLatin1String(", "));
}

FirewallVerdict decideFirewall(const FirewallFacts &facts)
{
    using S = FirewallVerdict::Status;
    const QStringList none{
        QString(), QString::number(facts.port), protocolText(facts.protocol), QString(), QString(),
        QString()};
    if (!facts.applicable)
        return verdictOf(make(S::NotApplicable, "firewall.not_applicable",
                              "Not applicable: there is no Windows firewall on this system", "",
                              none));
    // Windows Firewall never filters loopback: stand-ins and programs on this PC always reach us.
    if (facts.peer.isLoopback())
        return verdictOf(make(S::Pass, "firewall.loopback",
                              "The sender is on this PC (loopback): the firewall does not filter "
                              "%3 port %2",
                              "", none));
    if (!facts.readError.isEmpty()) {
        QStringList args = none;
        args[3] = facts.readError;
        QStringList names;
        for (const QString &p : facts.programs)
            names << fileNameOf(p);
        args[5] = names.join(QLatin1String(", "));
        return verdictOf(make(S::Warn, "firewall.unreadable",
                              "The Windows firewall could not be read (%4): %3 port %2 unchecked",
                              "Check by hand: Windows Defender Firewall with Advanced Security, "
                              "Inbound Rules, for rules on %6 (docs/windows.md)",
                              args));
    }
    // The interface's profile unknown: every profile is judged, and a failure becomes a warning
    // (it may be a profile the interface is not in).
    const bool known = (facts.interfaceProfile & kProfileAll) != 0;
    const int profiles = known ? facts.interfaceProfile & kProfileAll : kProfileAll;
    const QStringList programs = facts.programs.isEmpty() ? QStringList{QString()} : facts.programs;
    Outcome worst;
    bool first = true;
    for (int bit : {kProfilePublic, kProfilePrivate, kProfileDomain}) {
        if (!(profiles & bit))
            continue;
        for (const QString &program : programs) {
            Outcome o = decideOne(facts, bit, program);
            if (first || o.rank > worst.rank) {
                worst = o;
                first = false;
            }
        }
    }
    if (!known && worst.rank == kFail) {
        worst.status = S::Warn;
        worst.rank = kWarn;
        worst.id = QStringLiteral("firewall.profile_unknown");
        worst.figure = QStringLiteral("The network profile facing the sender is unknown; if it is "
                                      "%1: ") +
                       worst.figure;
    }
    return verdictOf(worst);
}

} // namespace hil::platform

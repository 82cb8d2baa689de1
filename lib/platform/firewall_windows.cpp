// Windows side of the firewall check (platform.h, "firewall"): the facts, read through COM, for
// the portable decision in firewall.cpp.
//
//   interface   GetBestInterfaceEx names the interface the peer is reached through;
//               GetAdaptersAddresses gives its adapter GUID, name and on-link prefixes (for a
//               rule's "LocalSubnet"); the Network List Manager (INetworkListManager) gives the
//               category of the network on that adapter: Public, Private or Domain. A network
//               without a gateway is "unidentified", and Windows makes an unidentified network
//               Public.
//   firewall    INetFwPolicy2: per profile, whether the firewall is on, "block all incoming
//               connections", the default inbound action; and every rule (INetFwRule), of which
//               the inbound ones that could apply to our programs are kept.
//
// Never netsh: its output is localised. Wine implements these objects as stubs, so what this file
// reads is proven on a real Windows only (docs/windows-build.md, "What Wine cannot prove").
#include "platform/platform.h"

#include <QDir>
#include <QFileInfo>

// winsock2.h before windows.h (which would pull in the old winsock.h); blocks of their own, so
// that clang-format keeps the order.
#include <winsock2.h>
#include <ws2tcpip.h>

#include <windows.h>

// After windows.h: these need its types.
#include <iphlpapi.h>
#include <netfw.h>
#include <netlistmgr.h>
#include <oleauto.h>

#include <vector>

namespace hil::platform {

namespace {

// The least of a COM smart pointer: released when it goes.
template <class T> class Com
{
public:
    Com() = default;
    Com(const Com &) = delete;
    Com &operator=(const Com &) = delete;
    ~Com()
    {
        if (m_p)
            m_p->Release();
    }
    T **out() { return &m_p; }
    T *operator->() const { return m_p; }
    T *get() const { return m_p; }
    explicit operator bool() const { return m_p != nullptr; }

private:
    T *m_p = nullptr;
};

// A BSTR read into a QString and freed.
QString take(BSTR b)
{
    if (!b)
        return {};
    QString s = QString::fromWCharArray(b, int(SysStringLen(b)));
    SysFreeString(b);
    return s;
}

QString hresultText(const char *what, HRESULT hr)
{
    return QStringLiteral("%1: 0x%2")
        .arg(QLatin1String(what))
        .arg(quint32(hr), 8, 16, QLatin1Char('0'));
}

// "%ProgramFiles%\..." as the rules of Windows' own programs have it.
QString expanded(const QString &path)
{
    if (!path.contains(QLatin1Char('%')))
        return path;
    std::wstring in = path.toStdWString();
    std::vector<wchar_t> out(32768);
    const DWORD n = ExpandEnvironmentStringsW(in.c_str(), out.data(), DWORD(out.size()));
    return n > 0 && n <= out.size() ? QString::fromWCharArray(out.data()) : path;
}

// Our two programs: beside the running one (bin\ of the installation).
QStringList ourPrograms()
{
    std::vector<wchar_t> buf(32768);
    const DWORD n = GetModuleFileNameW(nullptr, buf.data(), DWORD(buf.size()));
    const QString dir = QFileInfo(QString::fromWCharArray(buf.data(), int(n))).absolutePath();
    return {QDir::toNativeSeparators(dir + QStringLiteral("/hilstation.exe")),
            QDir::toNativeSeparators(dir + QStringLiteral("/hilstation-console.exe"))};
}

// The adapter the peer is reached through: its GUID ("{...}"), name and whether the peer is on
// one of its on-link prefixes. False when the system names none (no route).
bool adapterFacing(const QHostAddress &peer, GUID *adapter, QString *name, bool *onLink)
{
    DWORD index = 0;
    bool v4 = false;
    const quint32 peer4 = peer.toIPv4Address(&v4);
    if (v4) {
        sockaddr_in sa{};
        sa.sin_family = AF_INET;
        sa.sin_addr.s_addr = htonl(peer4);
        if (GetBestInterfaceEx(reinterpret_cast<sockaddr *>(&sa), &index) != NO_ERROR)
            return false;
    } else {
        sockaddr_in6 sa{};
        sa.sin6_family = AF_INET6;
        const Q_IPV6ADDR a = peer.toIPv6Address();
        memcpy(&sa.sin6_addr, &a, sizeof a);
        if (GetBestInterfaceEx(reinterpret_cast<sockaddr *>(&sa), &index) != NO_ERROR)
            return false;
    }
    ULONG size = 16 * 1024;
    std::vector<unsigned char> buf;
    ULONG rc = ERROR_BUFFER_OVERFLOW;
    for (int attempt = 0; attempt < 3 && rc == ERROR_BUFFER_OVERFLOW; ++attempt) {
        buf.resize(size);
        rc = GetAdaptersAddresses(
            AF_UNSPEC, GAA_FLAG_SKIP_ANYCAST | GAA_FLAG_SKIP_MULTICAST | GAA_FLAG_SKIP_DNS_SERVER,
            nullptr, reinterpret_cast<IP_ADAPTER_ADDRESSES *>(buf.data()), &size);
    }
    if (rc != NO_ERROR)
        return false;
    for (auto *a = reinterpret_cast<IP_ADAPTER_ADDRESSES *>(buf.data()); a; a = a->Next) {
        if (a->IfIndex != index && a->Ipv6IfIndex != index)
            continue;
        *name = QString::fromWCharArray(a->FriendlyName);
        const std::wstring guid = QString::fromLatin1(a->AdapterName).toStdWString();
        if (FAILED(CLSIDFromString(guid.c_str(), adapter)))
            return false;
        *onLink = false;
        for (auto *u = a->FirstUnicastAddress; u; u = u->Next) {
            QHostAddress local;
            local.setAddress(u->Address.lpSockaddr);
            if (!local.isNull() && peer.isInSubnet(local, u->OnLinkPrefixLength))
                *onLink = true;
        }
        return true;
    }
    return false;
}

// The category of the network on `adapter` (Network List Manager), as FirewallProfile bits;
// 0 when it has none (loopback, or the adapter is not connected).
int profileOfAdapter(const GUID &adapter)
{
    Com<INetworkListManager> nlm;
    if (FAILED(CoCreateInstance(__uuidof(NetworkListManager), nullptr, CLSCTX_ALL,
                                __uuidof(INetworkListManager),
                                reinterpret_cast<void **>(nlm.out()))))
        return 0;
    Com<IEnumNetworkConnections> connections;
    if (FAILED(nlm->GetNetworkConnections(connections.out())) || !connections)
        return 0;
    int profiles = 0;
    for (;;) {
        Com<INetworkConnection> c;
        ULONG fetched = 0;
        if (connections->Next(1, c.out(), &fetched) != S_OK || fetched == 0)
            break;
        GUID id{};
        if (FAILED(c->GetAdapterId(&id)) || !IsEqualGUID(id, adapter))
            continue;
        Com<INetwork> network;
        NLM_NETWORK_CATEGORY category = NLM_NETWORK_CATEGORY_PUBLIC;
        if (FAILED(c->GetNetwork(network.out())) || !network ||
            FAILED(network->GetCategory(&category)))
            continue;
        profiles |= category == NLM_NETWORK_CATEGORY_PRIVATE                ? kProfilePrivate
                    : category == NLM_NETWORK_CATEGORY_DOMAIN_AUTHENTICATED ? kProfileDomain
                                                                            : kProfilePublic;
    }
    return profiles;
}

// The firewall's state per profile and the rules that could apply to `programs`.
QString readFirewall(FirewallFacts *f)
{
    Com<INetFwPolicy2> policy;
    HRESULT hr = CoCreateInstance(__uuidof(NetFwPolicy2), nullptr, CLSCTX_INPROC_SERVER,
                                  __uuidof(INetFwPolicy2), reinterpret_cast<void **>(policy.out()));
    if (FAILED(hr))
        return hresultText("CoCreateInstance(NetFwPolicy2)", hr);
    for (int p : {kProfileDomain, kProfilePrivate, kProfilePublic}) {
        const auto type = static_cast<NET_FW_PROFILE_TYPE2>(p);
        VARIANT_BOOL on = VARIANT_FALSE;
        if (FAILED(hr = policy->get_FirewallEnabled(type, &on)))
            return hresultText("INetFwPolicy2::get_FirewallEnabled", hr);
        if (on != VARIANT_FALSE)
            f->enabledProfiles |= p;
        VARIANT_BOOL blockAll = VARIANT_FALSE;
        if (SUCCEEDED(policy->get_BlockAllInboundTraffic(type, &blockAll)) &&
            blockAll != VARIANT_FALSE)
            f->blockAllInbound |= p;
        NET_FW_ACTION action = NET_FW_ACTION_BLOCK;
        if (SUCCEEDED(policy->get_DefaultInboundAction(type, &action)) &&
            action == NET_FW_ACTION_ALLOW)
            f->defaultInboundAllow |= p;
    }
    Com<INetFwRules> rules;
    if (FAILED(hr = policy->get_Rules(rules.out())) || !rules)
        return hresultText("INetFwPolicy2::get_Rules", hr);
    Com<IUnknown> unknown;
    if (FAILED(hr = rules->get__NewEnum(unknown.out())) || !unknown)
        return hresultText("INetFwRules::get__NewEnum", hr);
    Com<IEnumVARIANT> each;
    if (FAILED(hr = unknown->QueryInterface(__uuidof(IEnumVARIANT),
                                            reinterpret_cast<void **>(each.out()))))
        return hresultText("IEnumVARIANT", hr);
    // Kept: rules for every program and rules naming a file of our programs' names (the
    // decision compares the whole path).
    QStringList ours;
    for (const QString &p : f->programs)
        ours << QFileInfo(QDir::fromNativeSeparators(p)).fileName().toLower();
    for (;;) {
        VARIANT v;
        VariantInit(&v);
        ULONG fetched = 0;
        if (each->Next(1, &v, &fetched) != S_OK || fetched == 0)
            break;
        Com<INetFwRule> r;
        if (v.vt == VT_DISPATCH && v.pdispVal &&
            SUCCEEDED(v.pdispVal->QueryInterface(__uuidof(INetFwRule),
                                                 reinterpret_cast<void **>(r.out())))) {
            NET_FW_RULE_DIRECTION direction = NET_FW_RULE_DIR_OUT;
            BSTR app = nullptr;
            r->get_Direction(&direction);
            r->get_ApplicationName(&app);
            const QString path = expanded(take(app));
            if (direction == NET_FW_RULE_DIR_IN &&
                (path.isEmpty() ||
                 ours.contains(QFileInfo(QDir::fromNativeSeparators(path)).fileName().toLower()))) {
                FirewallRule rule;
                rule.applicationPath = path;
                BSTR b = nullptr;
                if (SUCCEEDED(r->get_Name(&b)))
                    rule.name = take(b);
                VARIANT_BOOL enabled = VARIANT_FALSE;
                r->get_Enabled(&enabled);
                rule.enabled = enabled != VARIANT_FALSE;
                NET_FW_ACTION action = NET_FW_ACTION_ALLOW;
                r->get_Action(&action);
                rule.action = action == NET_FW_ACTION_BLOCK ? FirewallRule::Action::Block
                                                            : FirewallRule::Action::Allow;
                long profiles = 0;
                r->get_Profiles(&profiles);
                rule.profiles = int(profiles);
                long protocol = 256;
                r->get_Protocol(&protocol);
                rule.protocol = int(protocol);
                b = nullptr;
                if (SUCCEEDED(r->get_LocalPorts(&b)))
                    rule.localPorts = take(b);
                b = nullptr;
                if (SUCCEEDED(r->get_RemoteAddresses(&b)))
                    rule.remoteAddresses = take(b);
                f->rules << rule;
            }
        }
        VariantClear(&v);
    }
    return {};
}

} // namespace

FirewallReport firewallForUdpPort(quint16 localPort, const QHostAddress &peer)
{
    FirewallReport r;
    FirewallFacts &f = r.facts;
    f.port = localPort;
    f.protocol = 17;
    f.peer = peer;
    f.programs = ourPrograms();
    // COM in whatever apartment the thread has: a thread of ours gets the multithreaded one; a
    // thread already in a single-threaded one (RPC_E_CHANGED_MODE) can use COM as it is.
    const HRESULT init = CoInitializeEx(nullptr, COINIT_MULTITHREADED);
    GUID adapter{};
    bool onLink = true;
    if (adapterFacing(peer, &adapter, &f.interfaceName, &onLink)) {
        f.peerOnLocalSubnet = onLink;
        f.interfaceProfile = profileOfAdapter(adapter);
    }
    f.readError = readFirewall(&f);
    if (SUCCEEDED(init))
        CoUninitialize();
    r.verdict = decideFirewall(f);
    return r;
}

} // namespace hil::platform

#include "mavlink/parameterclient.h"

#include <QJsonArray>
#include <QMutexLocker>
#include <algorithm>

namespace hil {

using namespace mavlink;

namespace {
const QString kSysUsbAuto = QStringLiteral("SYS_USB_AUTO");

bool isParamName(const QString &name)
{
    return !name.isEmpty() && name.size() <= 16 && name.toLatin1() == name.toUtf8();
}
} // namespace

const QString ParameterClient::kRcInMode = QStringLiteral("COM_RC_IN_MODE");

ParameterClient::ParameterClient(Link &link, int retryMs, int attempts, bool serialLink)
    : m_link(link), m_retryMs(retryMs), m_attempts(attempts), m_serialLink(serialLink)
{
}

QStringList ParameterClient::rigParamNames(bool serialLink)
{
    QStringList names{QStringLiteral("SYS_HITL"), QStringLiteral("SYS_AUTOSTART"), kRcInMode};
    if (serialLink)
        names << kSysUsbAuto; // cdcacm_autostart exists on NuttX boards only, not in SITL
    return names;
}

Px4Param ParameterClient::param(const QString &name) const
{
    QMutexLocker lock(&m_mutex);
    const auto it = m_params.find(name);
    if (it != m_params.end())
        return it->second;
    Px4Param none;
    none.name = name;
    return none;
}

void ParameterClient::requestRig()
{
    m_rigSerial = m_serial;
    m_rigParams = rigParamNames(m_serialLink);
    for (const QString &name : std::as_const(m_rigParams))
        request(name);
}

void ParameterClient::request(const QString &name)
{
    if (!isParamName(name)) {
        finish(name, Px4Param::State::Rejected, std::nan(""), 0,
               QStringLiteral("not a PX4 parameter name (1..16 ASCII characters)"),
               {QStringLiteral("bad_name"), name});
        return;
    }
    start(name, Pending{}, QStringLiteral("asked"));
}

void ParameterClient::set(const QString &name, double value, int type)
{
    if (!isParamName(name) || !std::isfinite(value) || type < kParamUint8 || type > kParamReal32) {
        finish(name, Px4Param::State::Rejected, std::nan(""), 0,
               QStringLiteral("not sent: a name of 1..16 ASCII characters, a finite value "
                              "and a MAV_PARAM_TYPE 1..9 are needed"),
               {QStringLiteral("not_sent"), name});
        return;
    }
    Pending p;
    p.write = true;
    p.value = value;
    p.type = std::uint8_t(type);
    start(name, p, QStringLiteral("set to %1").arg(value));
}

void ParameterClient::start(const QString &name, const Pending &p, const QString &text)
{
    m_pending[name] = p;
    {
        QMutexLocker lock(&m_mutex);
        Px4Param &r = m_params[name];
        r.name = name;
        r.state = Px4Param::State::Pending;
        r.text = text;
        r.serial = ++m_serial;
    }
    ++m_requested;
    transmit(name, m_pending[name]);
}

void ParameterClient::transmit(const QString &name, Pending &p)
{
    const std::uint8_t target = m_link.targetSystem();
    ++p.attempts;
    p.sentMs = m_link.elapsedMs();
    if (p.write) {
        ParamSet m;
        m.targetSystem = target;
        m.targetComponent = 1;
        m.paramId = toParamId(name);
        m.paramType = p.type;
        m.paramValue = encodeParamValue(p.value, p.type);
        m_link.sendToPx4(m);
    } else {
        ParamRequestRead m;
        m.targetSystem = target;
        m.targetComponent = 1;
        m.paramId = toParamId(name);
        m.paramIndex = -1;
        m_link.sendToPx4(m);
    }
}

void ParameterClient::tick()
{
    const qint64 now = m_link.elapsedMs();
    for (auto it = m_pending.begin(); it != m_pending.end();) {
        Pending &p = it->second;
        if (now - p.sentMs >= m_retryMs) {
            if (p.attempts >= m_attempts) {
                const QString name = it->first;
                it = m_pending.erase(it);
                finish(name, Px4Param::State::TimedOut, std::nan(""), 0,
                       QStringLiteral("timed out (no answer after %1 attempts)").arg(m_attempts),
                       {name, QString::number(m_attempts)});
                continue;
            }
            transmit(it->first, p);
        }
        ++it;
    }
}

void ParameterClient::close()
{
    for (auto &[name, p] : m_pending) {
        Q_UNUSED(p);
        QMutexLocker lock(&m_mutex);
        Px4Param &r = m_params[name];
        r.state = Px4Param::State::TimedOut;
        r.text = QStringLiteral("not answered (link closed)");
    }
    m_pending.clear();
}

ParameterClient::Value ParameterClient::received(const ParamValue &v)
{
    const QString name = fromParamId(v.paramId);
    const double value = decodeParamValue(v.paramValue, v.paramType);
    const auto it = m_pending.find(name);
    if (it != m_pending.end()) {
        const Pending p = it->second;
        m_pending.erase(it);
        // A write is done when PX4 holds the value asked for (within a float's precision).
        const bool kept =
            p.write && std::abs(value - p.value) > 1e-6 * std::max(1.0, std::abs(p.value));
        finish(name, kept ? Px4Param::State::Rejected : Px4Param::State::Received, value,
               v.paramType,
               kept ? QStringLiteral("PX4 kept %1 (asked %2)").arg(value).arg(p.value)
                    : QString::number(value),
               kept ? QStringList{QStringLiteral("kept"), name, QString::number(value),
                                  QString::number(p.value)}
                    : QStringList{name, QString::number(value)});
    } else {
        // Unasked (PX4 announces a change, or an answer to a resend already settled): keep it.
        QMutexLocker lock(&m_mutex);
        auto known = m_params.find(name);
        if (known != m_params.end() && known->second.state != Px4Param::State::Pending) {
            known->second.value = value;
            known->second.type = v.paramType;
            known->second.text = QString::number(value);
        }
    }
    return {name, value};
}

void ParameterClient::finish(const QString &name, Px4Param::State state, double value, int type,
                             const QString &text, const QStringList &eventArgs)
{
    {
        QMutexLocker lock(&m_mutex);
        Px4Param &r = m_params[name];
        r.name = name;
        r.state = state;
        if (std::isfinite(value)) {
            r.value = value;
            r.type = type;
        }
        r.text = text;
    }
    switch (state) {
    case Px4Param::State::Received:
        ++m_received;
        m_link.raise(QStringLiteral("px4gcs.param_received"), Severity::Info,
                     QStringLiteral("PX4 parameter %1 = %2").arg(name, text), eventArgs);
        break;
    case Px4Param::State::Rejected:
        ++m_rejected;
        m_link.raise(QStringLiteral("px4gcs.param_rejected"), Severity::Warning,
                     QStringLiteral("PX4 parameter %1: %2").arg(name, text), eventArgs);
        break;
    case Px4Param::State::TimedOut:
        ++m_timedOut;
        m_link.raise(QStringLiteral("px4gcs.param_timed_out"), Severity::Warning,
                     QStringLiteral("PX4 parameter %1: %2").arg(name, text), eventArgs);
        break;
    default:
        break;
    }
    m_link.paramDone(name, int(state), value, type, text);
}

ParameterClient::RigParams ParameterClient::rigParams() const
{
    RigParams r;
    r.read = !m_rigParams.isEmpty();
    if (!r.read)
        return r;
    // Those answered in the latest read, and once none is pending the ones that were not.
    bool pending = false;
    QStringList missing;
    double usbAuto = std::nan("");
    {
        QMutexLocker lock(&m_mutex);
        for (const QString &name : m_rigParams) {
            const auto it = m_params.find(name);
            const bool thisRead = it != m_params.end() && it->second.serial > m_rigSerial;
            if (thisRead && it->second.state == Px4Param::State::Pending) {
                pending = true;
            } else if (thisRead && std::isfinite(it->second.value) &&
                       (it->second.state == Px4Param::State::Received ||
                        it->second.state == Px4Param::State::Rejected)) {
                r.answered.insert(name, it->second.value);
                if (name == kSysUsbAuto)
                    usbAuto = it->second.value;
            } else {
                missing << name;
            }
        }
    }
    if (!pending)
        r.missing = missing;
    if (m_serialLink) {
        // SYS_USB_AUTO 0: no MAVLink on USB; 1 (on a HEARTBEAT, which the link sends) and 2:
        // MAVLink at PX4's fixed USB rate.
        RigParams::UsbMavlink usb;
        if (std::isfinite(usbAuto)) {
            usb.rateBps = std::lround(usbAuto) != 0 ? kUsbMavlinkRateBps : 0;
            usb.ok = *usb.rateBps > kHilMinRateBps;
        }
        r.usb = usb;
    }
    return r;
}

void ParameterClient::addCounters(QJsonObject &c) const
{
    c.insert(QStringLiteral("params_requested"), m_requested);
    c.insert(QStringLiteral("params_received"), m_received);
    c.insert(QStringLiteral("params_rejected"), m_rejected);
    c.insert(QStringLiteral("params_timed_out"), m_timedOut);
    const RigParams r = rigParams();
    if (!r.read)
        return;
    QJsonObject params;
    for (auto it = r.answered.constBegin(); it != r.answered.constEnd(); ++it)
        params.insert(it.key(), it.value());
    c.insert(QStringLiteral("params"), params);
    if (!r.missing.isEmpty())
        c.insert(QStringLiteral("params_missing"), QJsonArray::fromStringList(r.missing));
    if (r.usb)
        c.insert(
            QStringLiteral("usb_mavlink"),
            QJsonObject{{"rate_bps", r.usb->rateBps ? QJsonValue(*r.usb->rateBps)
                                                    : QJsonValue(QJsonValue::Null)},
                        {"hil_min_rate_bps", r.usb->hilMinRateBps},
                        {"ok", r.usb->ok ? QJsonValue(*r.usb->ok) : QJsonValue(QJsonValue::Null)}});
}

} // namespace hil

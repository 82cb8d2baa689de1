#include "mavlink/px4commander.h"
#include "mavlink/px4names.h"
#include "mavlink/quadcontroller.h"

#include <QJsonArray>
#include <cmath>

namespace hil {

using namespace mavlink;

Px4Commander::Px4Commander(Link &link, QuadHoverController &controller, bool board)
    : m_link(link), m_controller(controller)
{
    // PX4's values in its SITL (rcS sets COM_RC_IN_MODE 1), the rest PX4's defaults.
    m_params = {{QStringLiteral("COM_RC_IN_MODE"), {1, kParamInt32}},
                {QStringLiteral("COM_RC_LOSS_T"), {0.5, kParamReal32}},
                {QStringLiteral("NAV_RCL_ACT"), {2, kParamInt32}},
                {QStringLiteral("COM_RCL_EXCEPT"), {0, kParamInt32}},
                {QStringLiteral("COM_FAIL_ACT_T"), {5.0, kParamReal32}},
                {QStringLiteral("SYS_HITL"), {board ? 1.0 : 0.0, kParamInt32}},
                {QStringLiteral("SYS_AUTOSTART"), {10015, kParamInt32}},
                {QStringLiteral("MIS_TAKEOFF_ALT"), {2.5, kParamReal32}}};
    if (board) // its cdcacm_autostart driver's parameter
        m_params.insert(QStringLiteral("SYS_USB_AUTO"), {2, kParamInt32});
}

void Px4Commander::setParam(const QString &name, double value)
{
    if (!std::isfinite(value)) {
        m_params.remove(name);
        return;
    }
    auto it = m_params.find(name);
    if (it != m_params.end())
        it->value = value;
    else
        m_params.insert(name, {value, value == std::round(value) ? std::uint8_t(kParamInt32)
                                                                 : std::uint8_t(kParamReal32)});
}

void Px4Commander::setPrearmFailure(const QString &reason)
{
    m_prearmFailure = reason;
    if (!reason.isEmpty())
        statusText(2, QStringLiteral("Preflight Fail: ") + reason);
}

void Px4Commander::addCounters(QJsonObject &c) const
{
    c.insert(QStringLiteral("gcs_commands"), m_gcsCommands);
    c.insert(QStringLiteral("manual_control_received"), m_manualReceived);
    c.insert(QStringLiteral("manual_control_ignored"), m_manualIgnored);
    c.insert(QStringLiteral("manual_control_last"),
             QJsonArray{m_lastSticks[0], m_lastSticks[1], m_lastSticks[2],
                        m_lastSticks[3]}); // x, y, z, r as received
    c.insert(QStringLiteral("manual_control_losses"), m_manualLosses);
    c.insert(QStringLiteral("param_answers"), m_paramAnswers);
}

std::uint32_t Px4Commander::customMode() const
{
    return std::uint32_t(m_mainMode) << 16 | std::uint32_t(m_subMode) << 24;
}

void Px4Commander::statusText(int severity, const QString &text)
{
    StatusText t;
    t.severity = std::uint8_t(severity);
    t.setText(text);
    m_link.sendToGcs(t);
}

void Px4Commander::armedChanged(bool armed, bool autoTakeoff)
{
    if (armed) {
        m_homeAmslM = m_link.gpsAltitudeAmslM();
        if (autoTakeoff) {
            m_mainMode = 4;
            m_subMode = 2; // Takeoff
        }
    } else {
        m_mainMode = 4;
        m_subMode = 3;
    }
}

void Px4Commander::statusTick()
{
    const bool armed = m_controller.armed();
    if (m_controller.landing() || (!armed && m_subMode != 3)) {
        if (!armed) {
            m_mainMode = 4;
            m_subMode = 3;
            m_controller.setStickMode(QuadHoverController::StickMode::Off);
        }
    }
}

void Px4Commander::handle(const Frame &f)
{
    switch (f.msgId) {
    case CommandLong::kId:
        handleCommand(CommandLong::decode(f.payload.data()));
        break;
    case ManualControl::kId: {
        const ManualControl m = ManualControl::decode(f.payload.data());
        const int mode = int(m_params.value(QStringLiteral("COM_RC_IN_MODE")).value);
        if ((m.target != 0 && m.target != 1) || mode == 0 || mode == 4) {
            ++m_manualIgnored; // PX4 too: another system's, or sticks from a GCS not allowed
            break;
        }
        ++m_manualReceived;
        m_lastSticks = {m.x, m.y, m.z, m.r};
        m_lastSticksMs = m_link.elapsedMs();
        if (m_controller.armed())
            m_sticksSeenArmed = true;
        // PX4's receiver: z 0..1000 is throttle 0..1 (500 the centre of a spring stick).
        m_controller.setSticks(m.x / 1000.0, m.y / 1000.0, m.r / 1000.0, m.z / 1000.0);
        applyStickMode();
        break;
    }
    case ParamRequestRead::kId: {
        const ParamRequestRead r = ParamRequestRead::decode(f.payload.data());
        if (r.paramIndex < 0)
            sendParam(fromParamId(r.paramId));
        else if (r.paramIndex < m_params.size())
            sendParam(m_params.keys().at(r.paramIndex));
        break;
    }
    case ParamSet::kId: {
        const ParamSet p = ParamSet::decode(f.payload.data());
        const QString name = fromParamId(p.paramId);
        auto it = m_params.find(name);
        if (it == m_params.end())
            break;
        it->value = decodeParamValue(p.paramValue, p.paramType);
        m_link.raise(QStringLiteral("emulator.px4.param_set"), Severity::Info,
                     QStringLiteral("%1 set to %2").arg(name).arg(it->value),
                     {name, QString::number(it->value)});
        sendParam(name);
        break;
    }
    default:
        break;
    }
}

void Px4Commander::sendParam(const QString &name)
{
    const auto it = m_params.constFind(name);
    if (it == m_params.constEnd())
        return;
    ParamValue v;
    v.paramId = toParamId(name);
    v.paramType = it->type;
    v.paramValue = encodeParamValue(it->value, it->type);
    v.paramCount = std::uint16_t(m_params.size());
    v.paramIndex = std::uint16_t(std::distance(m_params.constBegin(), it));
    m_link.sendToGcs(v);
    ++m_paramAnswers;
}

bool Px4Commander::sticksFresh() const
{
    const double lossS = m_params.value(QStringLiteral("COM_RC_LOSS_T")).value;
    return m_link.elapsedMs() - m_lastSticksMs <= qint64(lossS * 1000.0);
}

// The controller flies by stick in PX4's manual modes only.
void Px4Commander::applyStickMode()
{
    using M = QuadHoverController::StickMode;
    M mode = M::Off;
    switch (m_mainMode) {
    case px4::kMainPosition:
        mode = M::Position;
        break;
    case px4::kMainAltitude:
        mode = M::Altitude;
        break;
    case px4::kMainStabilized:
    case px4::kMainManual:
        mode = M::Stabilized;
        break;
    default:
        break;
    }
    m_controller.setStickMode(mode);
}

void Px4Commander::checkManualLoss()
{
    if (!m_controller.armed()) {
        m_sticksSeenArmed = false;
        m_lossAtMs = -1;
        return;
    }
    const qint64 now = m_link.elapsedMs();
    if (m_lossAtMs >= 0) { // in the failsafe's Hold, before its action
        if (sticksFresh()) {
            // The sticks are back: PX4 returns to the mode the pilot had.
            m_lossAtMs = -1;
            m_sticksSeenArmed = true;
            m_mainMode = m_modeBeforeLoss.first;
            m_subMode = m_modeBeforeLoss.second;
            applyStickMode();
            statusText(6, QStringLiteral("Failsafe cleared: manual control regained"));
        } else if (now - m_lossAtMs >=
                   qint64(m_params.value(QStringLiteral("COM_FAIL_ACT_T")).value * 1000.0)) {
            m_lossAtMs = -1;
            manualLossAction();
        }
        return;
    }
    if (!m_sticksSeenArmed || sticksFresh())
        return;
    const bool hold = m_mainMode == px4::kMainAuto && m_subMode == px4::kSubAutoLoiter;
    const int except = int(m_params.value(QStringLiteral("COM_RCL_EXCEPT")).value);
    if ((m_mainMode == px4::kMainAuto &&
         (m_subMode == px4::kSubAutoRtl || m_subMode == px4::kSubAutoLand ||
          m_subMode == px4::kSubAutoTakeoff)) ||
        (hold && (except & 2)))
        return;
    m_sticksSeenArmed = false; // one reaction per loss; sticks again re-arm it
    ++m_manualLosses;
    const int action = int(m_params.value(QStringLiteral("NAV_RCL_ACT")).value);
    const double delayS = m_params.value(QStringLiteral("COM_FAIL_ACT_T")).value;
    m_link.raise(QStringLiteral("emulator.px4.manual_control_lost"), Severity::Info,
                 QStringLiteral("manual control lost: NAV_RCL_ACT %1 after a %2 s hold")
                     .arg(action)
                     .arg(delayS),
                 {QString::number(action), QString::number(delayS, 'g', 3)});
    if (action == 0)
        return; // disabled
    if (delayS > 0) {
        // PX4: Hold for COM_FAIL_ACT_T first (the pilot may take over), then the action.
        m_modeBeforeLoss = {m_mainMode, m_subMode};
        m_lossAtMs = now;
        m_controller.hold();
        m_controller.setStickMode(QuadHoverController::StickMode::Off);
        m_mainMode = px4::kMainAuto;
        m_subMode = px4::kSubAutoLoiter;
        statusText(2,
                   QStringLiteral("Failsafe activated: entering Hold for %1 seconds").arg(delayS));
        return;
    }
    manualLossAction();
}

void Px4Commander::manualLossAction()
{
    const int action = int(m_params.value(QStringLiteral("NAV_RCL_ACT")).value);
    if (action == 1) {
        m_controller.hold();
        m_mainMode = px4::kMainAuto;
        m_subMode = px4::kSubAutoLoiter;
    } else if (action == 2 || action == 3) {
        m_controller.land(); // Return: the stand-in does not fly home, it lands where it is
        m_mainMode = px4::kMainAuto;
        m_subMode = action == 2 ? px4::kSubAutoRtl : px4::kSubAutoLand;
    } else {
        return;
    }
    m_controller.setStickMode(QuadHoverController::StickMode::Off);
    statusText(2, QStringLiteral("Failsafe activated"));
}

void Px4Commander::handleCommand(const CommandLong &c)
{
    ++m_gcsCommands;
    int result = 0; // MAV_RESULT_ACCEPTED
    QString reason;
    switch (c.command) {
    case 400: // arm / disarm
        if (c.param[0] > 0.5f) {
            const bool was = m_controller.armed();
            if (!was && !m_prearmFailure.isEmpty()) {
                result = 1;
                statusText(2, QStringLiteral("Preflight Fail: ") + m_prearmFailure);
                reason = QStringLiteral("Arming denied: resolve health failures first");
            } else if (!m_controller.arm(true)) {
                result = 1;
                reason = QStringLiteral("Arming denied: sensors not ready");
            } else if (!was) {
                m_homeAmslM = m_link.gpsAltitudeAmslM();
                statusText(6, QStringLiteral("Armed by external command"));
                m_link.raise(QStringLiteral("emulator.px4.armed"), Severity::Info,
                             QStringLiteral("armed by the ground station"), {});
            }
        } else if (m_controller.armed() && m_controller.altitudeM() > 0.5) {
            result = 2;
            reason = QStringLiteral("Disarming denied: not landed");
        } else if (m_controller.armed()) {
            m_controller.arm(false);
            statusText(6, QStringLiteral("Disarmed by external command"));
            m_link.raise(QStringLiteral("emulator.px4.disarmed"), Severity::Info,
                         QStringLiteral("disarmed by the ground station"), {});
        }
        break;
    case 22: { // takeoff: param 7 AMSL, NaN = 2.5 m (PX4's MIS_TAKEOFF_ALT default)
        const double height = std::isfinite(c.param[6]) ? c.param[6] - m_homeAmslM : 2.5;
        if (!m_controller.takeoff(height)) {
            result = 2;
            reason = QStringLiteral("Takeoff denied: disarmed");
        } else {
            m_controller.setStickMode(QuadHoverController::StickMode::Off);
            m_mainMode = 4;
            m_subMode = 2;
        }
        break;
    }
    case 21: // land
    case 20: // return: the stand-in has no position control; it lands where it is
        if (!m_controller.armed()) {
            result = 2;
            reason = QStringLiteral("Landing denied: disarmed");
        } else {
            m_controller.land();
            m_controller.setStickMode(QuadHoverController::StickMode::Off);
            m_mainMode = 4;
            m_subMode = c.command == 21 ? 6 : 5;
        }
        break;
    case 176: { // DO_SET_MODE: custom main/sub mode
        const int main = int(c.param[1]), sub = int(c.param[2]);
        if (main == 4 && sub == 3) {
            m_controller.hold();
            m_controller.setStickMode(QuadHoverController::StickMode::Off);
            m_mainMode = 4;
            m_subMode = 3;
        } else if (px4::isManualMainMode(main) && main != 5) {
            if (!sticksFresh()) {
                result = 2;
                reason = QStringLiteral("Mode switch denied: no manual control input");
            } else {
                m_mainMode = main;
                m_subMode = 0;
                applyStickMode();
            }
        } else {
            result = 2;
            reason = QStringLiteral("Mode switch denied: not supported by the stand-in");
        }
        break;
    }
    default:
        result = 3; // unsupported
        break;
    }
    if (!reason.isEmpty())
        statusText(4, reason);
    CommandAck ack;
    ack.command = c.command;
    ack.result = std::uint8_t(result);
    m_link.sendToGcs(ack);
}

} // namespace hil

#pragma once
// PilotPanel: the pilot's input (worker "pilot", input/pilotlink.h) and where it goes. Shows the
// devices present and the one that flies, its sticks (roll, pitch, yaw −1..1 and throttle 0..1
// as bars, from the telemetry hub's `pilot` group) and its buttons (lit while held), the mapping
// in words (read-only: "Set up…" asks for the set-up dialog through setupRequested()); then what
// the controls drive: MANUAL_CONTROL to PX4 (the link whose descriptor declares
// `pilotForwarding`: its rate and PX4's verdict on COM_RC_IN_MODE, the PX4 panel's text),
// RealFlight's channels while no PX4 runs (the link that declares `pilotChannels`: where its
// channels come from, the pilot exchanges and their rate, and the channel map, editable), and the
// platform's STOP and enabling buttons as the motion link counts them (its typed status).
//
// Every value comes from a link's counters or thread-safe getters and the hub's lock-free
// latest values: the panel never waits on a link's thread. Links are looked up again on
// Station::linksChanged (any may start or stop from the Links panel). Numbering for people: axes,
// buttons and RealFlight channels count from 1 (the map file's axes and buttons count from 0).
// GUI thread only.

#include "model/pilotchannels.h"
#include "ui/panels/panel.h"

#include <QElapsedTimer>
#include <QList>
#include <QPointer>
#include <array>

class QCheckBox;
class QJsonObject;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QWidget;

namespace hil {

class Worker;
struct LinkDescriptor;
namespace input {
class PilotLink;
struct DeviceMap;
} // namespace input

class PilotPanel : public Panel
{
    Q_OBJECT
public:
    explicit PilotPanel(Station *station, QWidget *parent = nullptr);

    QString title() const override;
    void refreshFast() override;
    void refreshSlow() override;
    /// The Sticks line while devices are listed but none flies: which one the link waits for
    /// (its endpoints: source, joystick name or index) and where that is chosen.
    static QString waitingFor(const QJsonObject &endpoints);

    /// The channel map the spin boxes and check boxes show (spin box 0 = not injected).
    PilotChannelMap channelMap() const;
    void setChannelMap(const PilotChannelMap &map);
    /// The mapping of one device in words, one line per control and button (translated).
    static QString mappingText(const input::DeviceMap &map);

public slots:
    /// Sends the shown channel map to the link that flies the simulator's channels (its
    /// descriptor's thread-safe setter, no waiting).
    void applyChannels();

signals:
    /// "Set up…" was clicked: the window opens the pilot set-up dialog.
    void setupRequested();

private:
    void relink();
    void refreshOutputs();

    QPointer<input::PilotLink> m_pilot;
    /// The links found by what their descriptors declare (relink()), with those descriptors.
    QPointer<Worker> m_forwarder;
    const LinkDescriptor *m_forwarderD = nullptr;
    QPointer<Worker> m_channelsLink;
    const LinkDescriptor *m_channelsD = nullptr;
    /// The link whose channel map the editors were filled from (refilled only for a new link,
    /// never over the operator's edits).
    QPointer<Worker> m_channelsFrom;

    QLabel *m_note = nullptr;
    QWidget *m_inputContent = nullptr;
    QList<QWidget *> m_live; ///< the sticks' and buttons' rows, hidden without the input link
    QLabel *m_devices = nullptr, *m_state = nullptr, *m_mapping = nullptr;
    std::array<QProgressBar *, 4> m_bars{}; ///< roll, pitch, yaw, throttle
    std::array<int, 4> m_barIds{{-1, -1, -1, -1}};
    int m_buttonsId = -1, m_activeId = -1;
    static constexpr int kButtonLights = 16;
    std::array<QLabel *, kButtonLights> m_buttons{};
    QPushButton *m_setup = nullptr;
    QPointer<class PilotSetupDialog> m_setupDialog; ///< the set-up wizard while it is open
    void openSetup();

    QLabel *m_manual = nullptr, *m_verdict = nullptr, *m_realFlight = nullptr, *m_stop = nullptr,
           *m_enabling = nullptr;
    QWidget *m_channelsBox = nullptr;
    std::array<QSpinBox *, PilotChannelMap::kControls> m_channel{};
    std::array<QCheckBox *, PilotChannelMap::kControls> m_reverse{};
    /// The pilot's exchanges at the last refresh, for their rate
    double m_lastExchanges = -1.0;
    QElapsedTimer m_exchangeClock;
    double m_exchangeHz = 0.0;
};

} // namespace hil

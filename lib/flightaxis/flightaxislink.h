#pragma once
// FlightAxisLink: drives RealFlight through its FlightAxis Link SOAP server
// (docs/protocols/flightaxis.md). A hil::Worker named "flightaxis": lives in its own thread
// (WorkerHost); every socket and timer is created in open() and used only there.
//
// One request in flight, a new TCP connection per request (RealFlight answers one request per
// connection): Restore → optional Reset → Inject, then ExchangeData as fast as RealFlight answers
// (or at most config.maxExchangeRateHz a second). How each request reaches RealFlight and its
// reply comes back (a connection per request, the host lookup, timeouts) is its RequestTransport's
// (flightaxis/requesttransport.h); the link decides what is sent and what a reply means.
// Each parsed reply becomes a SimFrame (NED/FRD, SI; see FrameConverter) sent with frameReady(),
// and its controller channels (RealFlight's own transmitter) a PilotSample sent with
// transmitterSample(): RealFlight as one more input device (docs/protocols/flightaxis.md).
// Channels come in through setChannels(); until then neutral sticks, throttle 0, mask 0 (the
// operator's transmitter keeps control). On stop: ExchangeData with mask 0, then Restore.
//
// The pilot's device without an autopilot (docs/connecting.md, "Flying RealFlight from the pilot's
// device"): one source of channels at a time. While an autopilot feeds setChannels()
// (setAutopilotFed(true), told by the Station's routing), its channels are sent and the pilot's
// controls are ignored. While none does, active and fresh controls from setPilot() from a device
// other than RealFlight's own controller are sent through the pilot channel map (only its
// channels selected); the pilot inactive or silent for kPilotStaleMs: setChannels()' last frame
// (mask 0 unless a test sets channels directly). An autopilot that goes away takes its channels
// with it: mask 0 until the pilot's next sample.

#include "core/worker.h"
#include "flightaxis/flightaxiscodec.h"
#include "flightaxis/frameconverter.h"
#include "flightaxis/requesttransport.h"
#include "model/pilot.h"
#include "model/pilotchannels.h"

#include <QElapsedTimer>
#include <QMutex>
#include <deque>

class QTimer;

namespace hil {

/// What the rig check judges RealFlight by (FlightAxisLink::health()): a copy of the link's
/// counters taken with them (10 Hz). Counts since the link started; times in seconds.
struct FlightAxisHealth
{
    quint64 exchanges = 0;         ///< ExchangeData replies parsed
    double lastPhysicsTimeS = 0.0; ///< RealFlight's physics time of the last reply, 0 before
    double speedMultiplier = 1.0;  ///< RealFlight's own simulation speed setting (1: real time)
    quint64 stalls = 0;            ///< physics standing still for kStallMs or more
    bool controllerActive = false; ///< RealFlight took the program's controller (InjectUAV...)
    int transmitterChannels = 0;   ///< in RealFlight's last controller sample
    quint64 transmitterSamples = 0;
};

struct FlightAxisConfig
{
    QString host = QStringLiteral("127.0.0.1");
    quint16 port = 18083;
    GeoPoint home = kDefaultHome; ///< geodetic position given to RealFlight's origin
    bool resetOnStart = false;    ///< send ResetAircraft in the start sequence
    /// Keep one pre-connected spare socket (used only while younger than
    /// RequestTransport::kSpareMaxAgeMs: newer RealFlight versions hang on an idle pre-opened
    /// socket). Off by default.
    bool spareSocket = false;
    int timeoutMs = 1000; ///< per request: connect + reply
    /// At most this many ExchangeData requests a second (`--flightaxis-max-rate`), started on
    /// an even cadence; 0: the next one as soon as the reply is in (RealFlight sets the pace).
    /// For reproducing a slow computer (a client under Wine manages ~60/s) and for lighter load.
    double maxExchangeRateHz = 0.0;
    /// Which RealFlight channels the pilot's controls fly when no autopilot does
    /// (`--pilot-channels`).
    PilotChannelMap pilotChannels = PilotChannelMap::realFlightDefault();
};

class FlightAxisLink : public Worker, private flightaxis::RequestTransport::Owner
{
    Q_OBJECT
public:
    static constexpr int kReinjectMinIntervalMs = 300;
    static constexpr int kStallMs = 200;         ///< no physics progress this long = stalled
    static constexpr double kGlitchMinS = 0.050; ///< forward jumps 50 ms..2 s are glitches
    static constexpr double kGlitchMaxS = 2.0;
    static constexpr int kBackoffMinMs = 100; ///< ≤ 10 connection attempts/s while absent
    /// The retry ceiling: a restarted RealFlight is back in the loop within 1 s (docs/README.md,
    /// fault recovery; the fault suite measured ~1 s with a 1000 ms ceiling, the Restore/Inject
    /// sequence included).
    static constexpr int kBackoffMaxMs = 500;
    static constexpr int kShutdownWaitMs = 400; ///< per goodbye request
    /// The pilot's controls older than this are not injected (the input link stopped or its
    /// thread stalled; it repeats active controls every few ms).
    static constexpr int kPilotStaleMs = 500;
    /// PilotSample::deviceId of RealFlight's controller.
    static constexpr const char *kTransmitterId = "realflight";

    explicit FlightAxisLink(const FlightAxisConfig &config, QObject *parent = nullptr);
    ~FlightAxisLink() override;

    const FlightAxisConfig &config() const { return m_config; }

    /// The pilot channel map in use. Thread-safe.
    PilotChannelMap pilotChannels() const;
    /// Where the channels of the last ExchangeData came from: "autopilot", "pilot", or "none"
    /// (mask 0: RealFlight's own controller has every channel). Thread-safe.
    QString channelSource() const;
    /// The same typed, with the exchanges that carried the pilot's channels. Thread-safe.
    PilotChannelsState pilotChannelsState() const;
    /// The rig check's figures, refreshed with counters(). Thread-safe, never waits.
    FlightAxisHealth health() const { return healthAs<FlightAxisHealth>(); }

public slots:
    /// The servo channels to send from the next ExchangeData on. Thread-safe (also when called
    /// directly from another thread).
    void setChannels(const hil::ChannelFrame &channels);
    /// The pilot's controls (the pilotIn sink). Thread-safe; used only while no autopilot feeds
    /// this link.
    void setPilot(const hil::PilotControls &controls);
    /// Whether an autopilot (a channels producer) is routed to this link: the Station after every
    /// routing. Thread-safe. true → false drops the autopilot's last channels (mask 0).
    void setAutopilotFed(bool fed);
    /// A new pilot channel map from the next ExchangeData on (a panel may call it at runtime).
    /// Thread-safe, never waits on the link's thread; updates endpoints()' "pilot_channels".
    void setPilotChannels(const hil::PilotChannelMap &map);

signals:
    /// One per parsed ExchangeData reply, emitted in the link's thread.
    void frameReady(const hil::SimFrame &frame);
    /// RealFlight's controller as an input device: one per parsed ExchangeData reply that
    /// carries channel values, all of them numbers, after frameReady, in the link's thread.
    /// deviceId kTransmitterId, axes 2·v − 1 of the channel values v (−1..1, as many as the reply
    /// has), buttons 0, monotonicNs the reply's arrival (steady clock), sequence the count of
    /// parsed replies (a gap: replies without usable channels). Nothing while RealFlight does
    /// not answer: the consumer's staleness rule sees the silence.
    void transmitterSample(const hil::PilotSample &sample);

protected:
    bool open(QString *error) override;
    void close() override;
    QJsonObject collectCounters() const override;
    std::any collectHealth() const override;

private:
    enum class Phase { Restore, Reset, Inject, Exchange };
    enum class Failure { None, Absent, Timeout, Closed, Garbage, Oversize, Fault };

    void sendNext();
    void startRequest(flightaxis::Method method, const QByteArray &bytes);
    // What became of a request (RequestTransport::Owner).
    void hostResolved() override;
    void replyReceived() override;
    void requestFailed(flightaxis::RequestTransport::Failure kind, const QString &why) override;
    void handleExchangeReply(QByteArrayView body);
    void handleFault(QByteArrayView body);
    void fail(Failure kind, const QString &why);
    void scheduleNext(int delayMs);
    void nextExchange();
    void requestInject(const QString &why);
    void checkTime(const flightaxis::ReturnData &r, qint64 nowNs);
    void emitTransmitter(qint64 nowNs);
    void markUp();
    QByteArray exchangeRequest();

    const FlightAxisConfig m_config;
    flightaxis::FrameConverter m_converter;
    flightaxis::RequestTransport m_transport;
    flightaxis::ReturnData m_reply; // reused: keeps its status string between frames

    void publishEndpoints();

    mutable QMutex m_channelMutex; // guards the channel sources below
    ChannelFrame m_channels;       // the autopilot's (setChannels)
    PilotControls m_pilot;
    qint64 m_pilotArrivedNs = 0;
    bool m_autopilotFed = false;
    PilotChannelMap m_pilotMap;
    enum class Source { None, Autopilot, Pilot };
    Source m_source = Source::None; // of the last ExchangeData
    quint64 m_pilotExchanges = 0;   // ExchangeData requests carrying the pilot's channels

    QTimer *m_next = nullptr;
    flightaxis::Method m_inFlight = flightaxis::Method::Restore;
    bool m_closing = false;
    Phase m_phase = Phase::Restore;
    bool m_injectedOnce = false;
    QElapsedTimer m_sinceInject;
    qint64 m_exchangeDueNs = 0; // with maxExchangeRateHz: the next ExchangeData not before
    int m_backoffMs = kBackoffMinMs;
    int m_consecutiveFailures = 0;
    Failure m_lastFailure = Failure::None;
    bool m_everUp = false;

    // time rules
    bool m_haveTime = false;
    double m_lastPhysicsS = 0;
    qint64 m_lastProgressNs = 0;
    bool m_stalled = false;
    double m_speed = 1.0;
    std::uint32_t m_sequence = 0;
    std::deque<qint64> m_recent; // exchange arrival times within the last second, ns

    // counters
    quint64 m_exchanges = 0, m_faults = 0, m_reconnects = 0, m_reinjects = 0, m_glitches = 0;
    quint64 m_timeouts = 0, m_parseErrors = 0, m_soapFaults = 0, m_timeResets = 0;
    quint64 m_stalls = 0, m_incompleteFrames = 0, m_connectFailures = 0;
    bool m_controllerActive = false;

    // RealFlight's transmitter
    std::uint64_t m_transmitterSequence = 0; // parsed replies
    quint64 m_transmitterSamples = 0, m_transmitterMissing = 0, m_transmitterBad = 0;
    int m_transmitterChannels = 0; // in the last sample
};

} // namespace hil

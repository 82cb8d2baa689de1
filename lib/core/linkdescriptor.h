#pragma once
// LinkDescriptor: everything the rest of the program knows about one protocol's link, declared
// once by the protocol's registration (lib/links/<name>.cpp) and read by the Station, the option
// parser, the session recorder's wiring, session.json and the window's Links panel — none of them
// names a link. Modelled on QGroundControl's LinkConfiguration/LinkManager: one interface, one
// registry, no switch on a link's name.
//
// A descriptor holds plain functions over `Worker *`; the registration casts to its own link
// type. The Station calls them in the main thread, except where a comment says otherwise.
//
// Routing is declared by streams, not written per pair: every running link that produces
// SimFrames feeds every running link that consumes them (queued into the consumer's thread),
// every Channels producer feeds every Channels consumer. A consumer marked `movesRider` takes its
// cues from one source at a time (the live simulator, or the replay when the operator chose so).

#include "core/linkoptions.h"
#include "core/omctmeasurement.h"
#include "core/platformmeasurement.h"
#include "core/ratelimits.h"
#include "core/rigcheckfindings.h"
#include "core/transportdelayresult.h"
#include "core/worker.h"
#include "model/geodesy.h"
#include "model/motionstatus.h"
#include "model/pilotchannels.h"
#include "model/simframe.h"

#include <QJsonObject>
#include <QMetaObject>
#include <QString>
#include <functional>
#include <optional>
#include <vector>

namespace hil {

class SessionRecorder;
class TelemetryHub;
struct PlatformSample; // lib/raven/platformsample.h: only its producer and consumers include it
struct LoopHealth;     // lib/model/loophealth.h
struct PilotSample;    // lib/model/pilot.h
struct PilotControls;  // lib/model/pilot.h

/// One command-line option of a link: `--<name> <valueName>`.
struct OptionSpec
{
    QString name;
    QString valueName; ///< empty: a flag without value
    QString description;
    /// Parses the text into *value; false with *expected (what a valid value looks like).
    std::function<bool(const QString &text, QVariant *value, QString *expected)> parse;
    bool hidden = false; ///< accepted but not in --help (tests' switches)
};

/// One counter a link publishes (session.json "links.<name>", the Links panel).
struct CounterSpec
{
    enum class Kind {
        Count,      ///< grows with something ordinary
        Throughput, ///< grows with every message exchanged: a rate when the link reports none
        Error,      ///< grows when something goes wrong: summed in the Links panel's Errors
        Rate,       ///< a rate the link computes itself
        Value,      ///< a reading (mode, voltage, flag)
    };
    QString name;
    QString unit; ///< SI or "1" for counts; "" for flags and words
    Kind kind = Kind::Count;
};
const char *counterKindName(CounterSpec::Kind kind);

/// What a descriptor's factories may look at.
struct LinkContext
{
    const LinkOptions &options;
    GeoPoint home;
    /// The address the operator typed (Links panel), else nullptr: the command line / emulator.
    const Endpoint *address = nullptr;
    /// This link's own built-in stand-in while it runs, else nullptr.
    Worker *emulator = nullptr;
    /// Any running worker by name ("px4", "emulator.px4").
    std::function<Worker *(const QString &)> worker;
    bool emulated = false; ///< --emulate names this link

    bool addressGiven() const { return address && !address->host.isEmpty(); }
};

/// What one link's rig checks are judged on (LinkDescriptor::rigChecks): its own window and what
/// it needs of the others, found by what their descriptors declare, never by name. A window is
/// nullptr when that link did not run.
struct RigCheckInput
{
    QString name;                               ///< the link's own name (Item::link)
    const rigcheck::LinkWindow *self = nullptr; ///< nullptr when only its companion ran
    /// The link that runs as this one's companion (its descriptor's companionOf names this one).
    const rigcheck::LinkWindow *companion = nullptr;
    const rigcheck::LinkWindow *motion = nullptr; ///< the running link with `motion`
    const rigcheck::LinkWindow *pilot = nullptr;  ///< the running link with `pilotOut`
    /// This PC's firewall on the motion link's reply port (empty level: not applicable).
    rigcheck::FirewallFinding firewall;
};

/// (Re)connect helper: every connection a descriptor makes goes through it, so that the Station
/// can drop the whole routing before a link stops.
using Track = std::function<void(const QMetaObject::Connection &)>;
template <class T> using Sink = std::function<void(const T &)>;

struct LinkDescriptor
{
    QString name;  ///< key in session.json, events.log, settings ("raven")
    QString title; ///< English, for people; the window translates it (context "hil::LinkTitle")
    std::vector<OptionSpec> options;
    /// The option holding the peer's address (Endpoint or host string), for the Links panel's
    /// default; empty when the link has none.
    QString addressOption;
    /// Addresses the Links panel offers for the address field beside a typed one (the serial
    /// ports present). May read the system: the panel calls it in a thread of its own, never in
    /// the GUI thread. Empty: none.
    std::function<QStringList()> addressChoices;
    /// The endpoints() keys of the address in use (Links panel): host and port.
    QString endpointHostKey, endpointPortKey;
    /// Runs whenever that link runs, after it (and its stand-in); never on its own.
    QString companionOf;
    std::vector<CounterSpec> counters;
    /// The rate this link's health is read from, with a healthy rig's limits (core/ratelimits.h,
    /// the rig check's own): the window's rig strip shows it live, coloured by them. Empty: the
    /// link has no rate to watch.
    std::optional<RateLimit> liveRate;
    /// The id of the window panel that shows this link ("motion"); the window's panel registry
    /// (ui/panels/builtinpanels.cpp) maps it to a factory. Empty: no panel of its own (the Links
    /// panel and the plots still show it). An id and no widget: lib/core knows no Qt Widgets.
    QString panel;

    /// Options that parse one by one but not together (`--px4-gcs` with a serial `--px4`): the
    /// one-line error, or empty. `emulated`: --emulate names this link. The parser calls it
    /// after every option parsed (exit status 2).
    std::function<QString(const LinkOptions &, bool emulated)> checkOptions;
    /// A link that also opens a window of its own with no station behind it (the lab's
    /// instructor window, `--instructor`): what that window needs of the options, as the
    /// one-line error (exit status 2), or empty. Empty function: the link opens no such window.
    std::function<QString(const LinkOptions &)> instructorCheck;

    // Started at launch when its address option is given or its stand-in runs (--emulate).
    /// Builds the link (not started). nullptr with *error when the options cannot make one.
    std::function<Worker *(const LinkContext &, QString *error)> makeLink;
    /// Builds the built-in stand-in, or empty when the link has none.
    std::function<Worker *(const LinkContext &, QString *error)> makeEmulator;
    /// The rig check asks the link to (re)read what its checks judge of the peer (PX4's
    /// parameters), queued into the link's own thread; empty when the link has nothing to read.
    std::function<void(Worker *link)> readForRigCheck;
    /// What the stand-in does by itself that a real peer would not (PX4's arms and takes off):
    /// the window tells the operator it is watching a scripted demo. English, marked for the
    /// "LinkStandIn" translation context; nullptr when it only answers.
    const char *standInActsAlone = nullptr;
    /// The stand-in connects to the link (needs its bound port): started after the link.
    bool emulatorAfterLink = false;
    /// After the link started (its thread runs): e.g. tell the stand-in the link's ports.
    std::function<void(Worker *link, Worker *emulator)> linkStarted;

    // Streams (routing). *Out connects the link's signal to `sink` in `context`'s thread with the
    // given connection type; *In is called in the consumer link's thread (SimFrames, queued) or
    // in the producer's thread (Channels: the sink must be thread-safe).
    std::function<QMetaObject::Connection(Worker *, QObject *context, Sink<SimFrame>,
                                          Qt::ConnectionType)>
        simFramesOut;
    std::function<void(Worker *, const SimFrame &)> simFramesIn;
    bool movesRider = false;
    std::function<QMetaObject::Connection(Worker *, QObject *context, Sink<ChannelFrame>,
                                          Qt::ConnectionType)>
        channelsOut;
    std::function<void(Worker *, const ChannelFrame &)> channelsIn;

    /// Platform replies (a motion link's PlatformSample): producers to every consumer, queued.
    std::function<QMetaObject::Connection(Worker *, QObject *context, Sink<PlatformSample>,
                                          Qt::ConnectionType)>
        platformSamplesOut;
    std::function<void(Worker *, const PlatformSample &)> platformSamplesIn;
    /// The loop's health as the PX4 link sees it (lockstep timeouts, frames lost): to the motion
    /// link's loop guard, queued.
    std::function<QMetaObject::Connection(Worker *, QObject *context, Sink<LoopHealth>,
                                          Qt::ConnectionType)>
        loopHealthOut;
    std::function<void(Worker *, const LoopHealth &)> loopHealthIn;
    /// A transmitter read by another link (RealFlight's controller channels, carried in every
    /// FlightAxis reply): to the input link, which offers it as one more device. Queued.
    std::function<QMetaObject::Connection(Worker *, QObject *context, Sink<PilotSample>,
                                          Qt::ConnectionType)>
        transmitterOut;
    std::function<void(Worker *, const PilotSample &)> transmitterIn;
    /// The pilot's mapped controls (the input link's): to the ground-station link (MANUAL_CONTROL,
    /// the buttons' commands) and to the motion link (STOP, the enabling button), queued straight
    /// into each consumer's thread: never through the main thread, so a mapped STOP works while
    /// the window is frozen.
    std::function<QMetaObject::Connection(Worker *, QObject *context, Sink<PilotControls>,
                                          Qt::ConnectionType)>
        pilotOut;
    std::function<void(Worker *, const PilotControls &)> pilotIn;
    /// A link that consumes both channels and the pilot's controls (the simulator, flown by the
    /// pilot's device when no autopilot runs) has one source of channels at a time: the router
    /// routes the pilot stream into it only while no channels producer runs, and tells it after
    /// every routing whether one feeds it (called in the main thread: must be thread-safe).
    std::function<void(Worker *, bool fed)> autopilotFed;
    /// Every event of every worker and of the station itself, in the consumer's thread (a
    /// publisher link: the lab's view of this station).
    std::function<void(Worker *, const Event &)> eventsIn;
    /// The session.json object (every link's counters and state) at session.json's pace (2 Hz),
    /// in the consumer's thread.
    std::function<void(Worker *, const QJsonObject &)> countersIn;
    /// A rig check's summary ({verdict, fails, warnings, time, checks, transport_delay}), queued
    /// into the link's thread (a publisher link: the instructor's tile shows it).
    std::function<void(Worker *, const QJsonObject &)> rigCheckIn;
    /// Consumes streams only to report them elsewhere (the lab link): its thread is not tuned
    /// as a loop thread although it takes SimFrames.
    bool observer = false;
    /// A STOP asked from outside the program (the lab link's `cmd/stop`): connects the link's
    /// requests to `fn`, queued into `context`'s thread (the Station's), which applies the one
    /// STOP every caller uses and answers through stopAnswered. `id` is the link's own handle.
    std::function<QMetaObject::Connection(Worker *, QObject *context,
                                          std::function<void(quint64 id, QString requester)>)>
        stopRequestsOut;
    /// The answer to one such request (ok: the platform shows the STOP; mode: the reported
    /// platform mode, -1 unknown; why: when not ok). Main thread; queues into the link's thread.
    std::function<void(Worker *, quint64 id, bool ok, int mode, const QString &why)> stopAnswered;
    /// Extra session files this link feeds (platform.csv, mavlink.tlog); the recorder's record*()
    /// calls are thread-safe and non-blocking. state.csv is fed from every SimFrames producer.
    std::function<void(Worker *, SessionRecorder *, const Track &)> record;
    /// Plotted values beyond the SimFrame and channel streams (e.g. the platform's pose).
    std::function<void(Worker *, TelemetryHub *, const Track &)> telemetry;

    /// A link that moves a person: STOP, the exit park and the reported mode go through these.
    struct Motion
    {
        std::function<void(Worker *)> emergencyStop; ///< queued into the link's thread
        std::function<void(Worker *)> park;          ///< queued; answers through onParked
        std::function<QMetaObject::Connection(Worker *, QObject *context,
                                              std::function<void(bool, QString)>)>
            onParked;
        std::function<int(const Worker *)> reportedMode; ///< thread-safe; -1 never answered
        /// The rider's side of the link, typed (model/motionstatus.h), from its 10 Hz snapshot:
        /// thread-safe, in the caller's thread.
        std::function<MotionStatus(const Worker *)> status;
        /// Cueing settings from outside the link (the dry run's "Apply to platform"), as a
        /// cueing file's bytes (docs/dry-run.md): checked and applied in the link's thread, only
        /// while the platform does not report CUEING; `done(applied, why)` queued into the main
        /// thread (the caller guards its own lifetime there). Empty: the link takes no settings
        /// from outside.
        std::function<void(Worker *, const QByteArray &cueingFile,
                           std::function<void(bool applied, QString why)> done)>
            applyCueing;
    };
    std::optional<Motion> motion;

    /// A link that measures the transport delay from its cue to the platform's answer
    /// (docs/transport-delay.md): the rig check's last step, found by this and never by name.
    struct TransportDelay
    {
        /// Starts `steps` steps, queued into the link's thread. The link's own refusal is the
        /// authority (not CUEING, STOP latched, the enabling button released): its result says
        /// why.
        std::function<void(Worker *, int steps)> start;
        /// The measurement as it stands, from the link's 10 Hz snapshot: thread-safe.
        std::function<TransportDelayResult(const Worker *)> result;
    };
    std::optional<TransportDelay> transportDelay;

    /// A link that can excite its platform for the identification (core/platformmeasurement.h,
    /// docs/platform-model.md): found by this, never by name.
    struct PlatformMeasurement
    {
        /// Starts the measurement, queued into the link's thread. The link's own refusal is the
        /// authority (the transport delay's rules): its result says why.
        std::function<void(Worker *, const PlatformMeasurementSettings &)> start;
        /// The measurement as it stands, from the link's 10 Hz snapshot: thread-safe.
        std::function<PlatformMeasurementResult(const Worker *)> result;
    };
    std::optional<PlatformMeasurement> platformMeasurement;

    /// A link that can run the OMCT on its platform through its own cueing
    /// (core/omctmeasurement.h, docs/platform-model.md): found by this, never by name. Its run
    /// has the platform measurement's life and result (one input axis after the other).
    struct OmctMeasurement
    {
        /// Starts the run, queued into the link's thread; the link's own refusal is the
        /// authority (the transport delay's rules): its result says why.
        std::function<void(Worker *, const OmctMeasurementSettings &)> start;
        /// The run as it stands, from the link's 10 Hz snapshot: thread-safe.
        std::function<PlatformMeasurementResult(const Worker *)> result;
    };
    std::optional<OmctMeasurement> omctMeasurement;

    /// A link that flies a simulator's channels from the pilot's controls through a map the
    /// operator edits (RealFlight: which channel gets which control; the Pilot panel). Found by
    /// this, never by name. All three are thread-safe, in the caller's thread.
    struct PilotChannels
    {
        std::function<PilotChannelMap(const Worker *)> map;
        /// Takes effect from the next exchange; never waits.
        std::function<void(Worker *, const PilotChannelMap &)> setMap;
        std::function<PilotChannelsState(const Worker *)> state;
    };
    std::optional<PilotChannels> pilotChannels;

    /// A link that forwards the pilot's controls to an autopilot: how that goes, typed, from the
    /// link's snapshot (thread-safe). Empty: the link forwards nothing.
    std::function<PilotForwardingState(const Worker *)> pilotForwarding;

    /// The link's rig checks (docs/rig-check.md): their texts, in the report's order, and the
    /// judge that adds the findings (Item::link: the input's name). Judged when the link or its
    /// companion ran, in the main thread, from the windows alone (pure). `reportRank` places the
    /// link's checks among the others' in the report (ascending, ties in registry order): the
    /// loop first (simulator, autopilot), then the platform, the sensors, the pilot; this PC's
    /// own checks come last. A link that measures the transport delay lists
    /// "<name>.transport_delay" among its texts: the rig check judges that one itself.
    /// Empty: the link has no checks.
    struct RigChecks
    {
        QList<rigcheck::CheckText> texts;
        /// Reads only the windows' typed samples (LinkWindow::typed()), never a counter by key.
        std::function<void(const RigCheckInput &, rigcheck::Builder &)> judge;
        int reportRank = 0;
        /// The typed snapshot the judges read: the link's own health type (its module's header)
        /// and, for a link in a role another link's checks read, that role's shared type. Called
        /// in the rig check's thread (the main thread) while the link runs in its own: a copy
        /// taken under the link's counters' lock (Worker::healthSnapshot()), never waiting on
        /// the link. Also set on a link that has no checks of its own but whose window another
        /// link's judge reads (a companion). Empty: its window has no typed samples and its
        /// judge sees defaults, as a link that reported nothing.
        std::function<rigcheck::TypedSample(const Worker *)> sample;
    };
    std::optional<RigChecks> rigChecks;

    bool hasEmulator() const { return static_cast<bool>(makeEmulator); }
};

/// A running link and its descriptor (what the Station's rooms pass around).
struct RunningLink
{
    Worker *worker;
    const LinkDescriptor *d;
};

/// The links the program knows, in start order (stopped in reverse).
class LinkRegistry
{
public:
    void add(LinkDescriptor d) { m_links.push_back(std::move(d)); }
    const std::vector<LinkDescriptor> &all() const { return m_links; }
    const LinkDescriptor *find(const QString &name) const
    {
        for (const LinkDescriptor &d : m_links)
            if (d.name == name)
                return &d;
        return nullptr;
    }
    /// Names of the links with a built-in stand-in, in registry order (--emulate).
    QStringList emulatorNames() const
    {
        QStringList names;
        for (const LinkDescriptor &d : m_links)
            if (d.hasEmulator())
                names << d.name;
        return names;
    }

private:
    std::vector<LinkDescriptor> m_links;
};

} // namespace hil

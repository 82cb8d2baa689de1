// The rig check's own cost, per check:
//   rigcheck_evaluate_us   the verdicts from a 10 s window of every link (six links, 11 samples
//                          each), in the owner's thread: median of many calls
//   rigcheck_render_ms     report.json, report.html, report.pdf and the transport-delay plot
//                          made in memory, in the owner's thread (the window's, once per
//                          check; fonts warm): median of 5
//   rigcheck_write_ms      those four files written to a temporary folder, in the report
//                          thread: median of 5
// The run itself only copies snapshots once a second; this is what it adds.
#include "../benchutil.h"
#include "flightaxis/flightaxislink.h"
#include "input/pilotlink.h"
#include "links/builtin.h"
#include "mavlink/gcslink.h"
#include "mavlink/hillink.h"
#include "raven/ravenlink.h"
#include "rflysim/rflysimlink.h"
#include "rigcheck/rigcheck.h"
#include "rigcheck/rigreport.h"

#include <QGuiApplication>
#include <QJsonArray>
#include <QTemporaryDir>
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

using namespace hil::rigcheck;
using hil::links::builtinLinks;

namespace {
// A 10 s window, a sample a second: the session.json entries (`delta` growing over it, which the
// report prints) and the typed samples `typed(f)` (f 0..1, what the judges read).
LinkWindow window(const QJsonObject &base, const QJsonObject &delta,
                  const std::function<TypedSample(double f)> &typed)
{
    LinkWindow w;
    for (int i = 0; i <= 10; ++i) {
        QJsonObject o = base;
        for (auto it = delta.constBegin(); it != delta.constEnd(); ++it)
            o.insert(it.key(), base.value(it.key()).toDouble() + it.value().toDouble() * i / 10.0);
        w.samples << o;
        w.typedSamples << typed(i / 10.0);
        w.sampleTimesS << double(i);
    }
    w.first = w.samples.first();
    w.last = w.samples.last();
    w.typedFirst = w.typedSamples.first();
    w.typedLast = w.typedSamples.last();
    return w;
}
quint64 grown(double by, double f)
{
    return quint64(std::llround(by * f));
}
} // namespace

int main(int argc, char **argv)
{
    QGuiApplication app(argc, argv); // fonts for the PDF
    Observation o;
    o.motionRequested = true;
    o.freeBytes = qint64(50) * 1000 * 1000 * 1000;
    o.links["flightaxis"] =
        window({{"controller_active", true}, {"transmitter_channels", 12}},
               {{"exchanges", 2500}, {"last_physics_time_s", 10.0}, {"transmitter_samples", 2500}},
               [](double f) {
                   hil::FlightAxisHealth h;
                   h.controllerActive = true;
                   h.transmitterChannels = 12;
                   h.exchanges = grown(2500, f);
                   h.lastPhysicsTimeS = 10.0 * f;
                   h.transmitterSamples = grown(2500, f);
                   return TypedSample::of(h);
               });
    o.links["px4"] = window({{"mode", "sitl"}, {"answer_matching", "time_usec"}},
                            {{"answered_steps", 2500}}, [](double f) {
                                hil::Px4HilHealth h;
                                h.matching = hil::Px4HilHealth::Matching::TimeUsec;
                                h.answeredSteps = qint64(grown(2500, f));
                                return TypedSample::of(h);
                            });
    o.links["px4gcs"] = window(
        {{"params", QJsonObject{{"SYS_HITL", 0}, {"SYS_AUTOSTART", 10015}, {"COM_RC_IN_MODE", 1}}}},
        {}, [](double) {
            hil::Px4GcsHealth h;
            h.params.read = true;
            h.params.answered = {{"SYS_HITL", 0}, {"SYS_AUTOSTART", 10015}, {"COM_RC_IN_MODE", 1}};
            return TypedSample::of(h);
        });
    QJsonArray samples;
    for (int i = 0; i < 20; ++i)
        samples.append(35.0 + i % 5);
    o.links["raven"] = window({{"motors_ok", QJsonArray{true, true, true, true, true, true}},
                               {"thermal", "NORMAL"},
                               {"firmware", "1.0 rev 7"},
                               {"frame", 21},
                               {"endpoints", QJsonObject{{"sched_slice_us", 100}}},
                               {"transport_delay", QJsonObject{{"state", "done"},
                                                               {"median_ms", 37.0},
                                                               {"max_ms", 39.0},
                                                               {"steps", 20},
                                                               {"samples_ms", samples}}}},
                              {{"frames_received", 2600}}, [](double f) {
                                  hil::RavenHealth h;
                                  h.haveStatus = true;
                                  h.motorsOk = {true, true, true, true, true, true};
                                  h.firmware = QStringLiteral("1.0 rev 7");
                                  h.cueFrame = 21;
                                  h.framesReceived = grown(2600, f);
                                  return TypedSample::of(h, MotionRoleFacts{h.pilotStopMapped});
                              });
    o.links["rflysim"] =
        window({{"sensors",
                 QJsonArray{QJsonObject{{"type_id", 9}, {"port", 9999}, {"state", "streaming"}}}}},
               {{"gimbal_states_received", 500}}, [](double f) {
                   hil::RflySimHealth h;
                   h.sensors = {{9, 9999, hil::SensorWatch::State::Streaming}};
                   h.gimbalStatesReceived = grown(500, f);
                   return TypedSample::of(h);
               });
    o.links["pilot"] = window({{"active", true}, {"device", "stick"}}, {}, [](double) {
        hil::input::PilotHealth h;
        h.active = true;
        h.device = QStringLiteral("stick");
        return TypedSample::of(h, PilotRoleFacts{h.active});
    });

    const double evalNs = bench::nsPerCall([&] { (void)evaluate(o, builtinLinks()); });
    bench::report("rigcheck_evaluate_us", evalNs / 1000.0, "us");

    const QList<Item> items = evaluate(o, builtinLinks());
    const Report r{reportJson(items, o, {{"program", "hilstation"}, {"seconds", 10.0}}), items,
                   false};
    QTemporaryDir dir;
    std::vector<double> render, write;
    for (int i = 0; i < 6; ++i) {
        QStringList files;
        QString error;
        const double t0 = bench::nowNs();
        const RenderedReport page = renderReport(r);
        const double t1 = bench::nowNs();
        if (!writeRendered(dir.filePath(QString::number(i)), page, &files, &error))
            qFatal("%s", qPrintable(error));
        if (i > 0) { // the first loads the fonts
            render.push_back((t1 - t0) / 1e6);
            write.push_back((bench::nowNs() - t1) / 1e6);
        }
    }
    std::sort(render.begin(), render.end());
    std::sort(write.begin(), write.end());
    bench::report("rigcheck_render_ms", render[render.size() / 2], "ms");
    bench::report("rigcheck_write_ms", write[write.size() / 2], "ms");
    return 0;
}
